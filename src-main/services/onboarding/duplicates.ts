// Likely duplicates of a job, for the screens and the command line: the groups side by side,
// the user's decisions carried out at once in one transaction, and what they saved.
import type { CommandInput, CommandOutput } from '../../../src-shared/contract';
import type { DuplicateDecision } from '../../../src-shared/duplicates';
import { failWith } from '../../../src-shared/errors';
import { duplicateFiguresOf, groupWithinList, GroupingStopped } from '../../engine/duplicates';
import { forgetDecision, rememberDecision } from '../../engine/duplicateMemory';
import { rowPaidWork } from '../../engine/paidWork';
import type { DuplicateRowRead } from '../../journal/duplicates';
import type { Job, Journal, RowOutcome } from '../../journal/journal';
import type { RowState } from '../../journal/rowStates';
import type { Ctx } from './context';

type Groups = CommandOutput<'duplicates:list'>['groups'];
type Member = Groups[number]['rows'][number];
type Refusal = CommandOutput<'duplicates:decide'>['refused'][number];

/** States a decision may still change: nothing of the row was sent. */
const DECIDABLE: readonly RowState[] = [
  'invalid',
  'valid',
  'new',
  'exists',
  'ambiguous',
  'duplicate',
  'queued',
  'skipped',
];

function jobOf(ctx: Ctx, jobId: string) {
  return ctx.journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
}

/** Groups the rows of a job's list again (on demand). */
export async function groupDuplicates(ctx: Ctx, jobId: string) {
  jobOf(ctx, jobId);
  return groupWithinList(ctx.journal, jobId);
}

/**
 * Groups a job's list after its import, in the background: the import's answer does not wait
 * for it. Meanwhile the figures say the list is being looked through (`grouping`); the screens
 * are told when it ends (jobs:changed), and a check waits for it before it writes an outcome.
 * It gives way to a work the user started on rows or an export (pauses while one runs).
 * Stopped by the services closing (quietly), or failed (the job deleted meanwhile): nothing of
 * it was written, and the check groups the list.
 */
export function groupInBackground(ctx: Ctx, jobId: string): void {
  const told = () => {
    if (ctx.journal.getJob(jobId)) ctx.onJobChanged?.(jobId);
  };
  // A work the user waits for (a bulk fix, find and replace, an undo, a results export) goes
  // first: the grouping pauses while one runs rather than share each turn of the loop with it.
  const giveWay = () =>
    [...ctx.rowWork.values(), ...ctx.exports.values()].some((works) => works.size > 0);
  groupWithinList(ctx.journal, jobId, { giveWay }).then(told, (e: unknown) => {
    if (e instanceof GroupingStopped) return;
    if (ctx.journal.isOpen && ctx.journal.getJob(jobId)) {
      console.error('grouping likely duplicates failed:', e instanceof Error ? e.message : e);
      told();
    }
  });
}

function memberOf(r: DuplicateRowRead): Member {
  return {
    sourceRow: r.sourceRow,
    state: r.state,
    name: r.name,
    street: r.street,
    postalCode: r.postalCode,
    city: r.city,
    countryCode: r.countryCode,
    supplierId: r.supplierId,
    decision: r.decision,
    platformId: r.decision === 'attach' ? r.platformId : null,
    decidable: DECIDABLE.includes(r.state),
    pairs: (r.duplicates.rows ?? []).flatMap((p) =>
      p.score === undefined
        ? []
        : [{ sourceRow: p.sourceRow, score: p.score, reasons: p.reasons ?? [] }],
    ),
    base: r.duplicates.base ?? [],
    remembered: r.duplicates.remembered ?? null,
  };
}

/** The job's likely duplicates, group by group in the order of the file. */
export function listDuplicates(ctx: Ctx, jobId: string): CommandOutput<'duplicates:list'> {
  jobOf(ctx, jobId);
  const rows = ctx.journal.duplicateRows(jobId);
  const groups: Groups = [];
  const byListGroup = new Map<number, Groups[number]>();
  for (const r of rows) {
    const m = memberOf(r);
    const g = r.duplicates.group;
    const undecided = r.state === 'duplicate' ? 1 : 0;
    if (g !== undefined) {
      const known = byListGroup.get(g);
      if (known) {
        known.rows.push(m);
        known.undecided += undecided;
        continue;
      }
      const group = { id: 0, scope: 'list' as const, rows: [m], undecided };
      byListGroup.set(g, group);
      groups.push(group);
    } else if (m.base.length) {
      groups.push({ id: 0, scope: 'base', rows: [m], undecided });
    }
  }
  groups.forEach((g, i) => (g.id = i + 1));
  return { groups, figures: duplicateFiguresOf(ctx.journal, jobId) };
}

/**
 * Carries out the user's decisions, in one transaction: a row waiting in `duplicate` is created
 * (`keep` → new), left out (`skip` → skipped) or attached (`attach` → exists, its supplier the
 * chosen candidate: its ids go there, nothing is created). A row not checked yet keeps its
 * decision for the check; one left out before goes back to be checked when kept. A row
 * something was sent for is refused.
 */
export function decideDuplicates(
  ctx: Ctx,
  input: CommandInput<'duplicates:decide'>,
): CommandOutput<'duplicates:decide'> {
  const { jobId } = input;
  const job = jobOf(ctx, jobId);
  const refused: Refusal[] = [];
  const outcomes: RowOutcome[] = [];
  for (const d of input.decisions) {
    const row = ctx.journal.rowAtSource(jobId, d.sourceRow);
    const refuse = (reason: Refusal['reason']) => refused.push({ sourceRow: d.sourceRow, reason });
    if (!row || !row.duplicates) {
      refuse('not_a_duplicate');
      continue;
    }
    if (!DECIDABLE.includes(row.state) || (row.state === 'skipped' && !row.duplicateDecision)) {
      refuse('already_sent');
      continue;
    }
    const base = { rowId: row.id, from: row.state };
    const decision: DuplicateDecision = d.decision;
    if (decision === 'attach') {
      const candidate = (row.duplicates.base ?? []).find((c) => c.platformId === d.platformId);
      if (!candidate) {
        refuse('not_a_candidate');
        continue;
      }
      if (!['duplicate', 'new', 'exists'].includes(row.state)) {
        refuse('not_checked');
        continue;
      }
      outcomes.push({
        ...base,
        to: 'exists',
        patch: {
          duplicateDecision: 'attach',
          platformId: candidate.platformId,
          createdByJob: false,
          nextAttemptAt: 0,
        },
        reason: 'duplicate_attached',
        reasonParams: { platformId: candidate.platformId },
      });
      continue;
    }
    if (decision === 'skip') {
      outcomes.push({
        ...base,
        to: 'skipped',
        patch: { duplicateDecision: 'skip' },
        reason: 'duplicate_left_out',
      });
      continue;
    }
    // keep: waiting → created; left out or attached before → checked again, then created.
    const to: RowState =
      row.state === 'duplicate'
        ? 'new'
        : row.state === 'skipped' || (row.state === 'exists' && row.duplicateDecision === 'attach')
          ? 'valid'
          : row.state;
    outcomes.push({
      ...base,
      to,
      patch: {
        duplicateDecision: 'keep',
        ...(to === 'valid' ? { platformId: null, nextAttemptAt: 0 } : {}),
      },
      reason: 'duplicate_kept',
    });
  }
  const applied = outcomes.length ? ctx.journal.recordOutcomes(outcomes).applied : [];
  // A row that moved meanwhile (the engine took it) is refused too.
  const done = new Set(applied);
  // Each decision carried out is remembered for later lists of the connection.
  const now = ctx.journal.now();
  for (const o of outcomes) {
    if (!done.has(o.rowId)) continue;
    const row = ctx.journal.getRow(o.rowId);
    const decision = o.patch?.duplicateDecision;
    if (!row || !decision) continue;
    rememberDecision(
      ctx.journal,
      job.connectionId,
      row,
      decision,
      decision === 'attach' ? (row.platformId ?? null) : null,
      { id: job.id, name: job.name },
      now,
    );
  }
  for (const o of outcomes) {
    if (done.has(o.rowId)) continue;
    const row = ctx.journal.getRow(o.rowId);
    if (row) refused.push({ sourceRow: row.sourceRow, reason: 'already_sent' });
  }
  if (outcomes.length) ctx.onJobChanged?.(jobId);
  return { applied: applied.length, refused, figures: duplicateFiguresOf(ctx.journal, jobId) };
}

/** States a remembered decision left a row in, before anything of it was sent: kept (new or
 *  queued), left out, attached. */
const REMEMBERED_STATES: readonly RowState[] = ['new', 'queued', 'skipped', 'exists'];

/**
 * Takes back remembered decisions (the user's "ask me again"): each row forgets the decision
 * its connection remembered for it and waits in `duplicate` again, as when it was first found;
 * a later decision is remembered anew. In one transaction; a row without a remembered decision,
 * or one something was sent for, is refused and counted.
 */
export function askAgain(
  ctx: Ctx,
  input: CommandInput<'duplicates:askAgain'>,
): CommandOutput<'duplicates:askAgain'> {
  const job = jobOf(ctx, input.jobId);
  const outcomes: RowOutcome[] = [];
  const payloads = new Map<number, Record<string, unknown>>();
  let refused = 0;
  for (const sourceRow of new Set(input.sourceRows)) {
    const row = ctx.journal.rowAtSource(job.id, sourceRow);
    const remembered = row?.duplicates?.remembered;
    if (!row || !remembered || !REMEMBERED_STATES.includes(row.state)) {
      refused += 1;
      continue;
    }
    const { remembered: _taken, ...duplicates } = row.duplicates!;
    payloads.set(row.id, row.payload as Record<string, unknown>);
    outcomes.push({
      rowId: row.id,
      from: row.state,
      to: 'duplicate',
      patch: {
        duplicates,
        duplicateDecision: null,
        ...(row.duplicateDecision === 'attach' ? { platformId: null } : {}),
      },
      reason: 'duplicate_asked_again',
      reasonParams: { jobName: remembered.jobName },
    });
  }
  const applied = outcomes.length ? ctx.journal.recordOutcomes(outcomes).applied : [];
  for (const id of applied) forgetDecision(ctx.journal, job.connectionId, payloads.get(id));
  if (applied.length) ctx.onJobChanged?.(job.id);
  return { asked: applied.length, refused: refused + outcomes.length - applied.length };
}

/** What the decisions saved: the screenings and validations the rows left out or attached would
 *  have ordered as new suppliers, less what they order now. */
export function savedByDecisions(journal: Journal, job: Pick<Job, 'id' | 'options'>) {
  const options = job.options;
  let screenings = 0;
  let validations = 0;
  // The decided rows' payloads in one read (the plan asks this on every summary).
  const decided = journal
    .duplicateRows(job.id)
    .filter((r) => r.decision === 'skip' || r.decision === 'attach');
  const payloads = new Map(journal.getRows(decided.map((r) => r.id)).map((r) => [r.id, r.payload]));
  for (const r of decided) {
    const asNew = rowPaidWork(payloads.get(r.id) as never, options);
    const now =
      r.decision === 'skip' || options.skipExisting ? { period: null, validation: false } : asNew;
    if (asNew.period !== null && now.period === null) screenings++;
    if (asNew.validation && !now.validation) validations++;
  }
  return { screeningsSaved: screenings, validationsSaved: validations };
}
