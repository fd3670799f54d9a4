// The end line of --check-only: what the check found for the job's rows (new, existing, likely
// duplicates waiting, …), not the row states a running job's progress groups them by ("checking"
// there means not checked yet).
import type { Summary } from './summary';
import type { CliKey, Words } from './words';

/** The figures of a check: the job's rows by state, and (a kind whose rows keep an own outcome)
 *  the outcomes the check itself gave. */
export interface CheckedFigures {
  counts: Readonly<Record<string, number>>;
  outcomes: Partial<Pick<Summary, 'notFound' | 'alreadyPresent' | 'notPresent' | 'onOther'>>;
  /** An onboarding: `exists` is a supplier that exists already; another kind: one to change. */
  createsSuppliers: boolean;
}

/** What the check found, part by part in the order a user acts on them; every row in one part. */
export function checkedParts(f: CheckedFigures): Array<[CliKey, number]> {
  const c = (s: string) => f.counts[s] ?? 0;
  const total = Object.values(f.counts).reduce((a, n) => a + n, 0);
  const o = (count: keyof CheckedFigures['outcomes']) => f.outcomes[count] ?? 0;
  const parts: Array<[CliKey, number]> = f.createsSuppliers
    ? [
        ['cli.checked.new', c('new')],
        ['cli.checked.exists', c('exists')],
        ['cli.checked.pending', c('pending')],
        ['cli.checked.duplicate', c('duplicate')],
        ['cli.checked.ambiguous', c('ambiguous')],
        ['cli.checked.invalid', c('invalid') + c('draft')],
        ['cli.checked.unchecked', c('valid')],
        ['cli.checked.leftOut', c('skipped')],
      ]
    : [
        ['cli.checked.toChange', c('exists')],
        // Left out (skipped) by the check: the row names no supplier the platform knows.
        ['cli.checked.notFound', o('notFound')],
        // Done by the check, without a write: already present (or not there to remove).
        ['cli.checked.nothingToChange', o('alreadyPresent') + o('notPresent')],
        ['cli.checked.onOther', o('onOther')],
        ['cli.checked.ambiguous', c('ambiguous')],
        ['cli.checked.invalid', c('invalid') + c('draft')],
        ['cli.checked.unchecked', c('valid')],
      ];
  // The rest went further in an earlier run of the job (--check-only on a resumed job).
  const said = parts.reduce((a, [, n]) => a + n, 0);
  parts.push(['cli.checked.sentBefore', Math.max(0, total - said)]);
  return parts.filter(([, n]) => n > 0);
}

/** "Checked 3 rows after 0s: 3 likely duplicates wait for your decision." */
export function checkedLine(f: CheckedFigures, time: string, w: Words): string {
  const total = Object.values(f.counts).reduce((a, n) => a + n, 0);
  const parts = checkedParts(f).map(([key, n]) => w.t(key, { count: w.num(n) }));
  return w.t('cli.run.checked', {
    count: w.num(total),
    time,
    found: parts.length ? parts.join(', ') : w.t('cli.run.checkedNothing'),
  });
}

/** The check's figures as the --json line carries them (`checked`: part → rows). */
export function checkedFields(f: Parameters<typeof checkedParts>[0]): Record<string, number> {
  return Object.fromEntries(checkedParts(f).map(([k, n]) => [k.slice(12), n]));
}
