// A job's likely duplicates on a screen (issue 30): the services' answer to `duplicates:list`,
// read again after every decision and whenever the job changes, so every figure shown is the
// services' own (never counted a second way here); and the words of a reason, a score and a
// decision in the user's language.
import type { CommandInput, CommandOutput } from '../../src-shared/contract';
import type { DuplicateReason } from '../../src-shared/duplicates';
import { percentIn, reasonWords } from '../../src-shared/duplicatesText';
import type { AppError } from '../../src-shared/errors';
import { app } from './app.svelte';
import { call } from './call';
import { i18n, t } from './i18n.svelte';

export type DuplicatesList = CommandOutput<'duplicates:list'>;
export type DuplicateGroup = DuplicatesList['groups'][number];
export type DuplicateMember = DuplicateGroup['rows'][number];
export type DuplicateFigures = DuplicatesList['figures'];
export type Decision = CommandInput<'duplicates:decide'>['decisions'][number];
export type DecideAnswer = CommandOutput<'duplicates:decide'>;

/** The services' answer for one job, kept fresh. */
export class JobDuplicates {
  readonly jobId: string;
  #list = $state.raw<DuplicatesList | undefined>();
  #error = $state<AppError | undefined>();
  #asked = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(jobId: string) {
    this.jobId = jobId;
  }

  get list(): DuplicatesList | undefined {
    return this.#list;
  }
  get figures(): DuplicateFigures | undefined {
    return this.#list?.figures;
  }
  get error(): AppError | undefined {
    return this.#error;
  }
  /** Whether the job has any likely duplicates at all (within the list or with the platform),
   *  or its list is being looked through for them now. */
  get any(): boolean {
    const f = this.#list?.figures;
    return (
      !!f && (f.listGroups > 0 || f.baseRows > 0 || f.possibleRows > 0 || f.grouping === 'running')
    );
  }

  /** Reads the groups again; only the last request's answer is kept (answers may come back out
   *  of order). */
  async load(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const asked = ++this.#asked;
    const r = await call('duplicates:list', { jobId: this.jobId });
    if (asked !== this.#asked) return;
    if (r.ok) {
      this.#list = r.value;
      this.#error = undefined;
    } else this.#error = r.error;
  }

  /** Reads them again soon: many changes of a running job come as one read (at most one
   *  every `ms`). */
  loadSoon(ms = 250): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => void this.load(), ms);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#asked++;
  }

  /** Carries out decisions, then reads the groups and the job again: the tiles, the panel and
   *  the screen's counts all show what the services hold now. */
  async decide(decisions: Decision[]): Promise<DecideAnswer | undefined> {
    if (!decisions.length) return undefined;
    const r = await call('duplicates:decide', { jobId: this.jobId, decisions });
    if (!r.ok) {
      this.#error = r.error;
      return undefined;
    }
    await Promise.all([this.load(), app.refreshJob(this.jobId)]);
    return r.value;
  }

  /** Takes back remembered decisions: the rows wait for a decision again (then read again). */
  async askAgain(sourceRows: number[]): Promise<CommandOutput<'duplicates:askAgain'> | undefined> {
    const r = await call('duplicates:askAgain', { jobId: this.jobId, sourceRows });
    if (!r.ok) {
      this.#error = r.error;
      return undefined;
    }
    await Promise.all([this.load(), app.refreshJob(this.jobId)]);
    return r.value;
  }
}

/** A share from 0 to 1 as a percentage in the user's language (87 %, 87%). */
export function percent(share: number): string {
  return percentIn(i18n.lang, share);
}

/** Why two records are likely the same site, in words (src-shared/duplicatesText.ts). */
export function reasonText(reason: DuplicateReason): string {
  return reasonWords(i18n.lang, reason);
}

/** A pair's reasons as one line: "name equal; same postal code; …". */
export function reasonsText(reasons: readonly DuplicateReason[]): string {
  return reasons.map(reasonText).join('; ');
}

/** A row's decision in words, or that it waits for one. */
export function decisionText(m: DuplicateMember): string {
  if (m.decision === 'attach') return t('dup.decision.attach', { id: m.platformId ?? '' });
  if (m.decision) return t(`dup.decision.${m.decision}`);
  return m.state === 'duplicate' ? t('dup.decision.waiting') : t('dup.decision.none');
}

/** The pairs of a list group, each once (a group's rows carry each pair both ways), in the
 *  order of the rows. */
export function pairsOf(
  g: DuplicateGroup,
): Array<{ a: number; b: number; score: number; reasons: DuplicateReason[] }> {
  const out: Array<{ a: number; b: number; score: number; reasons: DuplicateReason[] }> = [];
  for (const m of g.rows)
    for (const p of m.pairs) {
      const [a, b] =
        m.sourceRow < p.sourceRow ? [m.sourceRow, p.sourceRow] : [p.sourceRow, m.sourceRow];
      if (out.some((o) => o.a === a && o.b === b)) continue;
      out.push({ a, b, score: p.score, reasons: p.reasons });
    }
  return out;
}

/** The decisions a key or a group's button makes for a group: `keep` all, `keepFirst` (the
 *  first row kept, the others left out), `skip` (a platform match left out), `attach` (each row
 *  with platform suppliers to its best one). Rows that can no longer be decided are left as
 *  they are. */
export function groupDecisions(
  g: DuplicateGroup,
  what: 'keep' | 'keepFirst' | 'skip' | 'attach',
): Decision[] {
  const open = g.rows.filter((r) => r.decidable);
  switch (what) {
    case 'keep':
      return open.map((r) => ({ sourceRow: r.sourceRow, decision: 'keep' }));
    case 'keepFirst':
      return open.map((r) => ({
        sourceRow: r.sourceRow,
        decision: r === g.rows[0] ? 'keep' : 'skip',
      }));
    case 'skip':
      return open.map((r) => ({ sourceRow: r.sourceRow, decision: 'skip' }));
    case 'attach':
      return open.flatMap((r) =>
        r.base[0]
          ? [
              {
                sourceRow: r.sourceRow,
                decision: 'attach' as const,
                platformId: r.base[0].platformId,
              },
            ]
          : [],
      );
  }
}
