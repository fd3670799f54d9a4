// A job as the app shows it: its rows' counts and groups, outcomes, last check and whether it runs.
import { kindOptions, type Operation } from '../../../src-shared/operations';
import { isGrouping } from '../../engine/duplicates';
import { kindOf } from '../../kinds';
import type { JobView } from '../../../src-shared/contract';
import { failWith } from '../../../src-shared/errors';
import type { JobTally } from '../../../src-shared/tally';
import { PROBLEM_STATES } from '../../journal/rowStates';
import type { Mapping } from '../../workbook';
import { runFiguresOf } from '../runFigures';
import type { Ctx } from './context';

/** The journal setting with the archived jobs: job id → when it was archived. */
export const ARCHIVED_JOBS_SETTING = 'jobs:archived';

export function jobView(ctx: Ctx, jobId: string): JobView {
  const { journal, engine } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const conn = journal.getConnection(job.connectionId);
  const counts = journal.counts(jobId) as Record<string, number>;
  // The one set of numbers every screen reads: a finished row whose screening found something,
  // whose validation was rejected, or that names a supplier the platform does not know needs the
  // user, and counts there (src-shared/tally.ts).
  const tally = journal.tally(jobId);
  const { total, groups } = tally;
  const outcomes = doneOutcomes(ctx, jobId, counts, tally);
  const opResults = opResultsOf(ctx, jobId, job.options, counts);
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
    tally,
    opResults,
    figures: runFiguresOf(journal, job, counts, opResults),
    archived: Object.hasOwn(archivedJobs(ctx), jobId),
    ...retryLinks(ctx, job.id, job.options.retryOf ?? null, tally.outcomes.left_out > 0),
  };
}

/** The job a retry job came from, and the retry jobs made from this job's results. */
function retryLinks(
  ctx: Ctx,
  jobId: string,
  retryOf: string | null,
  /** Rows handed over to a retry job are left out here: without any, no job is looked for. */
  hasLeftOut: boolean,
): Pick<JobView, 'retryOf' | 'retries'> {
  const parent = retryOf ? ctx.journal.getJob(retryOf) : undefined;
  const retries = (hasLeftOut ? ctx.journal.listJobs() : [])
    .filter((j) => j.options.retryOf === jobId)
    .map((j) => ({ jobId: j.id, name: j.name, rows: ctx.journal.tally(j.id).total }));
  return { retryOf: parent ? { jobId: parent.id, name: parent.name } : null, retries };
}

/** How the job's finished rows' screening and validation ended. */
export function doneOutcomes(
  ctx: Ctx,
  jobId: string,
  counts: Record<string, number>,
  tally: JobTally,
): JobView['outcomes'] {
  // The finished rows that need the user: the tally's, less the rows in a problem state.
  const attention = tally.groups.to_fix - PROBLEM_STATES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return { ...ctx.journal.doneStatuses(jobId), attention };
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

/** A job's figures as its kind computes them (services/runFigures.ts), from the live counts of
 *  a progress event; undefined for a job no longer in the journal. */
export function jobFigures(
  ctx: Ctx,
  jobId: string,
  counts: Record<string, number>,
): JobView['figures'] | undefined {
  const job = ctx.journal.getJob(jobId);
  if (!job) return undefined;
  return runFiguresOf(ctx.journal, job, counts, opResultsOf(ctx, jobId, job.options, counts));
}
