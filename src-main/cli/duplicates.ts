// Likely duplicates on the command line: what the check found (groups within the list, rows
// like a supplier the platform has, rows that wait), the decision --duplicates (or the question on
// a terminal) makes for every waiting row at once, carried out by the services' own
// `decideDuplicates`, and the sentence a run ends with while rows still wait.
import type { CommandInput, CommandOutput } from '../../src-shared/contract';
import type { Onboarding } from '../services/onboarding';
import type { DuplicatesChoice } from './args';
import { askText, type Prompt } from './planText';
import type { ProgressView } from './progressView';
import type { Words } from './words';

type Listed = CommandOutput<'duplicates:list'>;
type Group = Listed['groups'][number];
type Member = Group['rows'][number];
type Figures = Listed['figures'];
type Decision = CommandInput<'duplicates:decide'>['decisions'][number];

/** How many groups the lines after the check name one by one. */
const GROUPS_SHOWN = 20;
/** Decisions per call of the services (the contract takes at most 100,000). */
const DECISIONS_PER_CALL = 10_000;

/** States of a row that is not, and will not be as it is, a supplier: it cannot be the row of
 *  its group that is kept. */
const NO_SUPPLIER = new Set<string>([
  'draft',
  'invalid',
  'ambiguous',
  'skipped',
  'cancelled',
  'rejected',
  'vanished',
]);

/** A row that waits for the user's decision: held back by the check, nothing decided. */
const waits = (m: Member) => m.state === 'duplicate' && m.decision === null && m.decidable;

/**
 * The decisions `choice` makes for the waiting rows of the groups (the rows already decided, or
 * no longer waiting, are left as they are):
 * - keep: every waiting row is created.
 * - skip: of each group within the list, the first row (the lowest row number) that is or will
 *   be a supplier is kept and the others are left out; a row like a supplier the platform has
 *   is left out, and so is every row of a group that has such a row (the site exists already).
 * - attach: as skip, but a row like a supplier the platform has is attached to the best of them
 *   (the first candidate): its ids go there and nothing is created.
 */
export function bulkDecisions(groups: readonly Group[], choice: DuplicatesChoice): Decision[] {
  const out: Decision[] = [];
  for (const g of groups) {
    const onPlatform = g.rows.some((m) => m.base.length > 0);
    let keeper: number | undefined;
    if (choice !== 'keep' && g.scope === 'list' && !onPlatform)
      keeper = [...g.rows]
        .sort((a, b) => a.sourceRow - b.sourceRow)
        .find((m) => m.decision !== 'skip' && !NO_SUPPLIER.has(m.state))?.sourceRow;
    for (const m of g.rows) {
      if (!waits(m)) continue;
      const best = m.base[0]?.platformId;
      if (choice === 'keep' || m.sourceRow === keeper)
        out.push({ sourceRow: m.sourceRow, decision: 'keep' });
      else if (choice === 'attach' && best !== undefined)
        out.push({ sourceRow: m.sourceRow, decision: 'attach', platformId: best });
      else out.push({ sourceRow: m.sourceRow, decision: 'skip' });
    }
  }
  return out;
}

/** "Likely duplicates: 2 groups within the list (5 rows); 3 rows look like suppliers the
 *  platform has; 8 rows wait for your decision." */
export function duplicatesLine(f: Figures, w: Words): string {
  const possible =
    f.possibleRows > 0 ? ' ' + w.t('cli.duplicates.possible', { count: f.possibleRows }) : '';
  if (f.listGroups === 0 && f.baseRows === 0) return w.t('cli.duplicates.none') + possible;
  const parts: string[] = [];
  if (f.listGroups > 0)
    parts.push(w.t('cli.duplicates.list', { groups: f.listGroups, rows: f.listRows }));
  if (f.baseRows > 0) parts.push(w.t('cli.duplicates.base', { count: f.baseRows }));
  if (f.remembered > 0) parts.push(w.t('cli.duplicates.remembered', { count: f.remembered }));
  if (f.undecided > 0) parts.push(w.t('cli.duplicates.waiting', { count: f.undecided }));
  else if (f.keep + f.skip + f.attach > 0)
    parts.push(w.t('cli.duplicates.decided', { keep: f.keep, skip: f.skip, attach: f.attach }));
  return w.t('cli.duplicates.found', { parts: parts.join('; ') }) + possible;
}

/** A record's name and place in one line: "Müller Holzbau GmbH, Hauptstraße 5, 70173 Stuttgart,
 *  DE". */
function placeText(r: {
  name: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
}): string {
  const town = [r.postalCode, r.city].filter(Boolean).join(' ');
  return [r.name, r.street, town, r.countryCode].filter(Boolean).join(', ') || '–';
}

/** The groups that have rows waiting, one line each (and one per row like a platform
 *  supplier), at most GROUPS_SHOWN groups. */
export function groupLines(groups: readonly Group[], w: Words): string[] {
  const waiting = groups.filter((g) => g.undecided > 0);
  const lines: string[] = [];
  for (const g of waiting.slice(0, GROUPS_SHOWN)) {
    const first = g.rows[0]!;
    if (g.scope === 'list')
      lines.push(
        w.t('cli.duplicates.group', {
          group: g.id,
          rows: g.rows.map((m) => m.sourceRow).join(', '),
          place: placeText(first),
        }),
      );
    for (const m of g.rows) {
      const best = m.base[0];
      if (!best) continue;
      lines.push(
        w.t(g.scope === 'list' ? 'cli.duplicates.memberLikeBase' : 'cli.duplicates.likeBase', {
          group: g.id,
          row: m.sourceRow,
          place: placeText(m),
          platformId: best.platformId,
          base: placeText(best),
        }),
      );
    }
  }
  const more = waiting.length - GROUPS_SHOWN;
  if (more > 0) lines.push(w.t('cli.duplicates.more', { count: more }));
  return lines;
}

/** Carries out `choice` for every waiting row of the job; says what it came to. */
export function decideAll(
  onboarding: Onboarding,
  jobId: string,
  choice: DuplicatesChoice,
  view: ProgressView,
  w: Words,
): { applied: number; refused: number } {
  const { groups } = onboarding.listDuplicates(jobId);
  const decisions = bulkDecisions(groups, choice);
  if (!decisions.length) return { applied: 0, refused: 0 };
  let applied = 0;
  const refused = new Set<number>();
  let figures: Figures | undefined;
  for (let i = 0; i < decisions.length; i += DECISIONS_PER_CALL) {
    const r = onboarding.decideDuplicates({
      jobId,
      decisions: decisions.slice(i, i + DECISIONS_PER_CALL),
    });
    applied += r.applied;
    for (const x of r.refused) refused.add(x.sourceRow);
    figures = r.figures;
  }
  const by = (d: Decision['decision']) =>
    decisions.filter((x) => x.decision === d && !refused.has(x.sourceRow)).length;
  view.log(
    w.t('cli.duplicates.applied', {
      count: applied,
      choice,
      keep: by('keep'),
      skip: by('skip'),
      attach: by('attach'),
    }),
    { duplicates: { choice, applied, refused: [...refused], figures } },
  );
  if (refused.size > 0) view.log(w.t('cli.duplicates.refused', { count: refused.size }));
  return { applied, refused: refused.size };
}

/** Asks on the terminal what to do with the waiting rows: keep, skip, attach, or none (they
 *  wait; Enter, or the input ending, is none). The answer in English or German. */
export async function askDuplicates(
  waiting: number,
  w: Words,
  where?: Prompt,
): Promise<DuplicatesChoice | undefined> {
  for (;;) {
    const answer = (
      await askText(w.t('cli.duplicates.ask', { count: waiting }), 'none', where)
    ).toLowerCase();
    if (['', 'none', 'n', 'keine', 'nichts'].includes(answer)) return undefined;
    if (['keep', 'k', 'behalten', 'b'].includes(answer)) return 'keep';
    if (['skip', 's', 'auslassen'].includes(answer)) return 'skip';
    if (['attach', 'a', 'zuordnen', 'z'].includes(answer)) return 'attach';
    process.stdout.write(`${w.t('cli.duplicates.askAgain')}\n`);
  }
}

/**
 * After the check (and before a start): says what the check found and, for the rows that wait,
 * carries out --duplicates, or on a terminal (without --yes) the answer to the question. Without
 * either, the waiting rows stay as they are: they are not created, and the run's end says how to
 * decide. Returns the rows still waiting.
 */
export async function duplicatesAfterCheck(
  onboarding: Onboarding,
  jobId: string,
  choice: DuplicatesChoice | undefined,
  opts: {
    view: ProgressView;
    w: Words;
    /** Ask on the terminal when no choice is given. */
    ask: boolean;
    json: boolean;
    /** The check ran in this command: what it found is said even when it found none. */
    checkedNow: boolean;
  },
): Promise<number> {
  const { view, w } = opts;
  let listed = onboarding.listDuplicates(jobId);
  const f = listed.figures;
  if (!opts.checkedNow && f.undecided === 0) return 0;
  view.log(duplicatesLine(f, w), { duplicates: f });
  if (f.undecided === 0) return 0;
  if (!opts.json) for (const line of groupLines(listed.groups, w)) view.log(line);
  const chosen = choice ?? (opts.ask ? await askDuplicates(f.undecided, w) : undefined);
  if (!chosen) return f.undecided;
  decideAll(onboarding, jobId, chosen, view, w);
  listed = onboarding.listDuplicates(jobId);
  return listed.figures.undecided;
}

/** The step after a check of a kind that finds duplicates (none for another kind): what it
 *  found is said, and `choice` (or the answer on a terminal) decides for the waiting rows. */
export function duplicateStep(
  onboarding: Onboarding,
  jobId: string,
  findsDuplicates: boolean,
  choice: DuplicatesChoice | undefined,
  base: { view: ProgressView; w: Words; json: boolean },
) {
  return (checkedNow: boolean, ask: boolean) =>
    findsDuplicates
      ? duplicatesAfterCheck(onboarding, jobId, choice, { ...base, ask, checkedNow })
      : Promise.resolve(0);
}

/** Rows still waiting for a duplicate decision at the end of a run: how to make it. */
export function sayWaiting(view: ProgressView, w: Words, waiting: number, command: string): void {
  if (waiting > 0)
    view.log(w.t('cli.duplicates.waitingEnd', { count: waiting, command }), {
      duplicatesWaiting: waiting,
    });
}
