// What may be done to a whole job that runs nowhere: its options, archiving, deleting, moving it to another connection.
import { kindOptions } from '../../../src-shared/operations';
import type { JobOptionsView, JobView } from '../../../src-shared/contract';
import { failWith, type FailureReason } from '../../../src-shared/errors';
import { said } from '../../../src-shared/i18n/said';
import { type RowState, WRITE_INTENT_STATES } from '../../journal/rowStates';
import { isBusy, type Ctx } from './context';
import { ARCHIVED_JOBS_SETTING, archivedJobs, jobView } from './jobView';

/** Rows whose last write may be known to one API user only: in doubt, or accepted and followed
 *  through that user's pending list and status reads. Only their own connection can confirm
 *  them without sending anything twice. */
export const UNCONFIRMED_STATES: readonly RowState[] = [
  ...WRITE_INTENT_STATES,
  'in_doubt',
  'accepted',
  'pending',
  'screening_in_doubt',
  'screening_requested',
  'validation_in_doubt',
  'validation_requested',
];

/** Rows a job may hold when it moves to another API: nothing of them was sent, and the check's
 *  answers are asked again there. */
export const BEFORE_SENDING: readonly RowState[] = [
  'draft',
  'invalid',
  'valid',
  'new',
  'exists',
  'ambiguous',
  'queued',
  'skipped',
  'cancelled',
];

/** Refuses, with what to do, a change to a job that runs in this process. */
export function refuseRunning(
  ctx: Ctx,
  jobId: string,
  action: 'move' | 'archive' | 'delete',
): never {
  const name = ctx.journal.getJob(jobId)?.name ?? jobId;
  failWith('job_running', { reason: action, jobId, action, name });
}

export function assertIdle(ctx: Ctx, jobId: string, action: 'move' | 'archive' | 'delete'): void {
  if (isBusy(ctx, jobId)) refuseRunning(ctx, jobId, action);
}

/** Hides the job from the job list (or shows it again). A running job stays in view. */
export function archiveJob(ctx: Ctx, jobId: string, archived: boolean): JobView {
  const { journal } = ctx;
  if (!journal.getJob(jobId)) failWith('not_found', { reason: 'job', jobId });
  const list = { ...archivedJobs(ctx) };
  if (archived) {
    assertIdle(ctx, jobId, 'archive');
    list[jobId] = ctx.clock.now();
  } else delete list[jobId];
  journal.setSetting(ARCHIVED_JOBS_SETTING, list);
  ctx.onJobChanged?.(jobId);
  return jobView(ctx, jobId);
}

/** Deletes a job that runs nowhere, with its rows and their history. The suppliers it made
 *  stay on the platform. */
export function deleteJob(
  ctx: Ctx,
  jobId: string,
): { deleted: boolean; rows: number; events: number } {
  const { journal, engine } = ctx;
  if (!journal.getJob(jobId)) return { deleted: false, rows: 0, events: 0 };
  assertIdle(ctx, jobId, 'delete');
  const removed = engine.whileIdle(
    jobId,
    () => journal.deleteJob(jobId),
    () => refuseRunning(ctx, jobId, 'delete'),
  );
  const list = { ...archivedJobs(ctx) };
  if (Object.hasOwn(list, jobId)) {
    delete list[jobId];
    journal.setSetting(ARCHIVED_JOBS_SETTING, list);
  }
  ctx.opResultCache.delete(jobId);
  ctx.onJobChanged?.(jobId);
  return { deleted: true, ...removed };
}

/**
 * Moves a job that runs nowhere to another connection. On the same API (the same address),
 * rows the old connection sent and has not confirmed (in doubt, accepted, pending, screening
 * or validation being followed) must be confirmed there first: the pending list and status
 * reads belong to the API user that sent them, and another user's could make the app send a
 * supplier twice. Another API is allowed only before anything was sent; the check's answers
 * are then asked again there.
 */
export function setJobConnection(ctx: Ctx, jobId: string, connectionId: string): JobView {
  const { journal, engine } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const to =
    journal.getConnection(connectionId) ??
    failWith('not_found', { reason: 'chosen_connection', connectionId });
  if (to.id === job.connectionId) return jobView(ctx, jobId);
  const from = journal.getConnection(job.connectionId);
  assertIdle(ctx, jobId, 'move');
  const refuse = (
    reason: FailureReason<'connection_switch_refused'>,
    details: Record<string, string | number> = {},
  ) =>
    failWith('connection_switch_refused', {
      reason,
      jobId,
      name: job.name,
      to: to.name,
      ...details,
    });
  if (job.state === 'finished') refuse('finished');
  engine.whileIdle(
    jobId,
    () => {
      const counts = journal.counts(jobId);
      const fromName = from?.name ?? '(removed connection)';
      const unconfirmed = UNCONFIRMED_STATES.reduce((n, s) => n + (counts[s] ?? 0), 0);
      if (unconfirmed > 0) refuse('unconfirmed', { rows: unconfirmed, from: fromName });
      const sameApi =
        from !== null && from.isSandbox === to.isSandbox && sameAddress(from.baseUrl, to.baseUrl);
      if (!sameApi) {
        const sent = journal.sentRows(jobId);
        const later = Object.entries(counts)
          .filter(([s, n]) => n > 0 && !BEFORE_SENDING.includes(s as RowState))
          .reduce((n, [, k]) => n + k, 0);
        if (sent > 0 || later > 0)
          refuse('other_api', {
            rows: Math.max(sent, later),
            from: fromName,
            toAddress: to.baseUrl,
            fromAddress: from?.baseUrl ?? '—',
          });
        checkAgain(ctx, jobId);
      }
      journal.setJobConnection(jobId, to.id, { sameApi, at: ctx.clock.now() });
      if (job.stateReason && job.state !== 'ready' && job.state !== 'cancelled') {
        journal.setJobState(jobId, 'paused', said('reason', 'connection_changed', { to: to.name }));
      }
    },
    () => refuseRunning(ctx, jobId, 'move'),
  );
  ctx.onJobChanged?.(jobId);
  return jobView(ctx, jobId);
}

/** Before a move to another API: what the check found on the first one is asked again. */
export function checkAgain(ctx: Ctx, jobId: string): void {
  const { journal } = ctx;
  for (const state of ['new', 'exists', 'ambiguous', 'queued', 'skipped'] as const) {
    let after: number | undefined;
    for (;;) {
      const page = journal.pageRows(jobId, {
        states: [state],
        limit: 500,
        ...(after !== undefined ? { after } : {}),
      });
      // Skipped because they existed there; a row the user left out stays left out.
      const rows = page.rows.filter((r) => state !== 'skipped' || r.platformId !== null);
      if (rows.length)
        journal.recordOutcomes(
          rows.map((r) => ({
            rowId: r.id,
            from: state,
            to: 'valid' as const,
            patch: { platformId: null, outcomeTargetId: null, nextAttemptAt: 0 },
            reason: 'moved_api',
          })),
        );
      if (page.nextCursor === null) break;
      after = page.nextCursor;
    }
  }
}

export function setOptions(ctx: Ctx, jobId: string, options: JobOptionsView): JobView {
  if (ctx.engine.isRunning(jobId))
    failWith('invalid_input', { reason: 'pause_to_change_options', jobId });
  // The job keeps the language it was made in, and its kind with the kind's own options (the
  // rows were imported and checked for them).
  const before = ctx.journal.getJob(jobId)?.options;
  const kept = before ? kindOptions(before) : {};
  const lang = before?.lang;
  ctx.journal.updateJob(jobId, {
    options: {
      skipExisting: options.skipExisting,
      screeningPeriod: options.screeningPeriod,
      validate: options.validate,
      ...kept,
      ...(lang ? { lang } : {}),
    },
  });
  ctx.onJobChanged?.(jobId);
  return jobView(ctx, jobId);
}

/** Two base URLs of the same API: the same origin and path, whatever the trailing slash or
 *  letter case of the host. */
export function sameAddress(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
    } catch {
      return u.trim().replace(/\/+$/, '').toLowerCase();
    }
  };
  return norm(a) === norm(b);
}
