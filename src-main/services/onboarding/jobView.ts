// A job as the app shows it: its rows' counts and groups, outcomes, last check and whether it runs.
import { kindOptions, type Operation } from '../../../src-shared/operations';
import { isGrouping } from '../../engine/duplicates';
import { kindOf } from '../../kinds';
import type { JobView } from '../../../src-shared/contract';
import { failWith } from '../../../src-shared/errors';
import { ATTENTION_OP_RESULTS, isAttentionOutcome } from '../../../src-shared/outcomes';
import { ROW_STATE_GROUP, type RowState } from '../../journal/rowStates';
import type { Mapping } from '../../workbook';
import type { Ctx } from './context';

/** The journal setting with the archived jobs: job id → when it was archived. */
export const ARCHIVED_JOBS_SETTING = 'jobs:archived';

export function jobView(ctx: Ctx, jobId: string): JobView {
  const { journal, engine } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const conn = journal.getConnection(job.connectionId);
  const counts = journal.counts(jobId) as Record<string, number>;
  const groups = { to_fix: 0, waiting: 0, in_progress: 0, finished: 0 };
  let total = 0;
  for (const [state, n] of Object.entries(counts)) {
    if (!n) continue;
    total += n;
    groups[ROW_STATE_GROUP[state as RowState]] += n;
  }
  // A finished row whose validation was rejected (or screening aborted) needs the user.
  const outcomes = doneOutcomes(ctx, jobId, counts.done ?? 0);
  groups.finished -= outcomes.attention;
  groups.to_fix += outcomes.attention;
  // A row naming a supplier the platform does not know changed nothing: to fix, not finished.
  const opResults = opResultsOf(ctx, jobId, job.options, counts);
  const unknown = ATTENTION_OP_RESULTS.reduce((n, r) => n + (opResults[r] ?? 0), 0);
  groups.finished -= unknown;
  groups.to_fix += unknown;
  const running = engine.isRunning(jobId) || ctx.background.has(jobId);
  return {
    id: job.id,
    name: job.name,
    sourcePath: job.sourcePath,
    sourceSheet: job.sourceSheet,
    connectionId: job.connectionId,
    connectionName: conn?.name ?? '(removed connection)',
    isSandbox: conn?.isSandbox ?? false,
    lang: job.options.lang ?? 'en',
    state: job.state,
    stateReason: job.stateReason,
    options: {
      skipExisting: job.options.skipExisting,
      screeningPeriod: (job.options.screeningPeriod as 2 | 5 | 10 | null) ?? null,
      validate: job.options.validate,
      ...kindOptions(job.options),
    },
    headers: job.headers,
    // A scores job's mapping is `{scores}`, without the onboarding's fields.
    mapping: { ...job.mapping, fields: (job.mapping as Partial<Mapping>).fields ?? [] } as Mapping,
    counts: Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
    total,
    groups,
    running,
    lookingForDuplicates: isGrouping(journal, jobId),
    interrupted: !running && (job.state === 'running' || job.state === 'waiting_network'),
    lastCheck: lastCheckOf(journal.lastJobNote(jobId, 'check')),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
    outcomes,
    opResults,
    archived: Object.hasOwn(archivedJobs(ctx), jobId),
  };
}

/** How the job's finished rows' screening and validation ended. */
export function doneOutcomes(ctx: Ctx, jobId: string, done: number): JobView['outcomes'] {
  const cached = ctx.outcomeCache.get(jobId);
  if (cached && cached.done === done) return cached.value;
  const value: JobView['outcomes'] = { screening: {}, validation: {}, attention: 0 };
  if (done > 0) {
    for (const r of ctx.journal.doneOutcomes(jobId)) {
      if (r.screening !== null)
        value.screening[r.screening] = (value.screening[r.screening] ?? 0) + r.rows;
      if (r.validation !== null)
        value.validation[r.validation] = (value.validation[r.validation] ?? 0) + r.rows;
      if (
        isAttentionOutcome('screening', r.screening) ||
        isAttentionOutcome('validation', r.validation)
      )
        value.attention += r.rows;
    }
    // An id the row attaches belongs to another supplier: to fix (outcomes.ts; a row with a
    // rejected validation as well is counted once more here, an upper bound).
    value.attention += ctx.journal.doneIdsOnOther(jobId);
  }
  ctx.outcomeCache.set(jobId, { done, value });
  return value;
}

/** A deactivate or identifiers job's rows per own outcome (deactivated, added, not found, …);
 *  read again only when its settled rows (where an outcome is kept) change in number. */
function opResultsOf(
  ctx: Ctx,
  jobId: string,
  options: { operation?: Operation | undefined },
  counts: Record<string, number>,
): JobView['opResults'] {
  if (!kindOf(options).opResults) return {};
  const settled = (counts.done ?? 0) + (counts.skipped ?? 0) + (counts.needs_user ?? 0);
  const cached = ctx.opResultCache.get(jobId);
  if (cached && cached.settled === settled) return cached.value;
  const value = settled > 0 ? ctx.journal.opResults(jobId) : {};
  ctx.opResultCache.set(jobId, { settled, value });
  return value;
}

export function archivedJobs(ctx: Ctx): Record<string, number> {
  const v = ctx.journal.getSetting(ARCHIVED_JOBS_SETTING);
  return v && typeof v === 'object' ? (v as Record<string, number>) : {};
}

export function listJobs(ctx: Ctx): JobView[] {
  return ctx.journal
    .listJobs()
    .map((j) => jobView(ctx, j.id))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

export function lastCheckOf(
  note: { at: number; detail: Record<string, unknown> } | null,
): JobView['lastCheck'] {
  const c = note?.detail.check as Record<string, unknown> | undefined;
  if (!note || !c) return null;
  const n = (k: string) => (typeof c[k] === 'number' ? (c[k] as number) : 0);
  return {
    at: note.at,
    new: n('new'),
    exists: n('exists'),
    ambiguous: n('ambiguous'),
    pending: n('pending'),
  };
}
