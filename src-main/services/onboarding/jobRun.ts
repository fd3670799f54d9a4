// Running a job: in the foreground or the background, its plan and confirmation, pause, cancel, retry.
import { typedChange, type JobPlanView, type JobView } from '../../../src-shared/contract';
import { fail, failWith, paramsOf, toAppError } from '../../../src-shared/errors';
import { said } from '../../../src-shared/i18n/said';
import type { RunExit, RunOptions } from '../../engine/jobRunner';
import type { RowState } from '../../journal/rowStates';
import type { CreateFieldNames } from '../../../src-shared/fieldNames';
import type { IdentifierTypes } from '../../../src-shared/identifierTypes';
import { confirmedChange, leaveOutHeldRows, planJob, recordConfirmedPlan } from '../plan';
import { isBusy, type Ctx } from './context';
import { IMPORT_INCOMPLETE, finishImport } from './importJob';
import { jobView } from './jobView';

/** Runs the job in the foreground (the CLI waits for it). */
export async function run(ctx: Ctx, jobId: string, options: RunOptions): Promise<RunExit> {
  // The rest of an interrupted import is read under the job's lease: a second process
  // resuming the same job is told that the job is in use, not that its rows clash.
  const done = ctx.engine.run(jobId, options, () => finishImport(ctx, jobId));
  ctx.onJobChanged?.(jobId);
  try {
    return await done;
  } finally {
    ctx.onJobChanged?.(jobId);
  }
}

/** The summary to confirm before a start (services/plan.ts). */
export function startPlan(ctx: Ctx, jobId: string): JobPlanView {
  return planJob(planDeps(ctx), jobId);
}

/**
 * What every front door does before a run sends anything: the plan is computed again; a
 * start it says needs confirming is refused unless confirmed; with `leaveOutHeld`, rows
 * another unfinished job holds are left out first; what was confirmed is recorded. Returns the
 * plan it went by and how many rows were left out.
 */
export function confirmStart(
  ctx: Ctx,
  jobId: string,
  choice: { confirmed: boolean; leaveOutHeld: boolean; confirmedCount?: number | undefined },
): { plan: JobPlanView; leftOut: number } {
  if (isBusy(ctx, jobId)) return { plan: startPlan(ctx, jobId), leftOut: 0 };
  let plan = startPlan(ctx, jobId);
  if (plan.needsConfirmation && !choice.confirmed) fail('plan_not_confirmed');
  // A change the kind has confirmed by its number (deactivations) is never confirmed by a yes
  // alone: a list that matched more suppliers than the user saw is refused.
  const typed = typedChange(plan);
  if (typed && typed.count > 0) {
    const note = ctx.journal.lastJobNote(jobId, 'plan')?.detail.plan;
    if (confirmedChange(note, typed.name) !== typed.count && choice.confirmedCount !== typed.count)
      failWith('plan_not_confirmed', { reason: 'count', count: typed.count });
  }
  // Paid work (screenings, validations) not confirmed before is confirmed by its number too.
  if (plan.paidToConfirm > 0 && choice.confirmedCount !== plan.paidToConfirm)
    failWith('plan_not_confirmed', { reason: 'paid', count: plan.paidToConfirm });
  let leftOut = 0;
  if (choice.leaveOutHeld && plan.heldRows > 0) {
    leftOut = leaveOutHeldRows(planDeps(ctx), jobId);
    plan = startPlan(ctx, jobId);
    ctx.onJobChanged?.(jobId);
  }
  if (choice.confirmed) recordConfirmedPlan(ctx.journal, plan);
  return { plan, leftOut };
}

export function planDeps(ctx: Ctx) {
  return {
    journal: ctx.journal,
    engine: ctx.engine,
    isRunning: (id: string) => isBusy(ctx, id),
  };
}

/** Starts the job in the background (the UI follows its events). */
export function start(ctx: Ctx, jobId: string, options: RunOptions): boolean {
  jobView(ctx, jobId);
  if (isBusy(ctx, jobId)) return false;
  const done = run(ctx, jobId, options);
  ctx.background.set(jobId, done);
  done
    .catch((e) => {
      const error = toAppError(e);
      const { journal } = ctx;
      // An interrupted import keeps its own reason: resuming reads the rest of the file.
      if (journal.getJob(jobId)?.stateReason?.code !== IMPORT_INCOMPLETE.code) {
        // Worded by `reason.<code>` where the reason has words of its own, else by the error's
        // (`failure.<code>[.<reason>]`, its details as the params).
        const params = paramsOf(error.details);
        journal.setJobState(
          jobId,
          'needs_attention',
          error.code === 'internal'
            ? said('reason', 'internal')
            : {
                code: error.code,
                ...(Object.keys(params).length ? { params } : {}),
                message: error.message,
              },
        );
      }
      ctx.onJobChanged?.(jobId);
    })
    .finally(() => ctx.background.delete(jobId));
  return true;
}

export async function pause(ctx: Ctx, jobId: string): Promise<JobView> {
  await ctx.engine.pause(jobId);
  ctx.onJobChanged?.(jobId);
  return jobView(ctx, jobId);
}

export async function cancel(ctx: Ctx, jobId: string): Promise<JobView> {
  await ctx.engine.cancel(jobId);
  ctx.onJobChanged?.(jobId);
  return jobView(ctx, jobId);
}

export function retry(ctx: Ctx, jobId: string, states?: readonly string[]): number {
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_retry', jobId });
  const n = ctx.engine.retry(jobId, states as RowState[] | undefined);
  ctx.onJobChanged?.(jobId);
  return n;
}

/**
 * The API refused the spelling of city and address: the job's connection takes the other
 * spelling and the rows refused for it go back to be checked and sent again in the same job (a
 * second job would meet this one's suppliers). Returns how many rows go again.
 */
export function switchFieldNames(ctx: Ctx, jobId: string, fieldNames: CreateFieldNames): number {
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_retry', jobId });
  const { journal } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  journal.updateConnection(job.connectionId, { fieldNames });
  ctx.engine.resetConnection(job.connectionId);
  const refused = [...journal.eachRow(jobId)].filter(
    (r) => r.state === 'rejected' && r.errorCode === 'api_field_names',
  );
  const moved = journal.recordOutcomes(
    refused.map((r) => ({
      rowId: r.id,
      from: 'rejected' as const,
      to: 'valid' as const,
      reason: 'retry_asked' as const,
      patch: { errorCode: null, errorMessage: null, errorParams: null, nextAttemptAt: 0 },
    })),
  );
  ctx.onJobChanged?.(jobId);
  return moved.applied.length;
}

/**
 * The API refused the type of a customer id or an own id: the job's connection takes the names
 * the API uses, and the rows refused for the type go back to be checked and sent again in the
 * same job. Returns how many rows go again.
 */
export function setIdentifierTypes(
  ctx: Ctx,
  jobId: string,
  identifierTypes: IdentifierTypes,
): number {
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_retry', jobId });
  const { journal } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  journal.updateConnection(job.connectionId, { identifierTypes });
  ctx.engine.resetConnection(job.connectionId);
  const refused = [...journal.eachRow(jobId)].filter(
    (r) =>
      r.state === 'needs_user' &&
      r.errorCode === 'api_row_rejected' &&
      r.errorParams?.reason === 'identifier_type',
  );
  const moved = journal.recordOutcomes(
    refused.map((r) => ({
      rowId: r.id,
      from: 'needs_user' as const,
      to: 'valid' as const,
      reason: 'retry_asked' as const,
      patch: { errorCode: null, errorMessage: null, errorParams: null, nextAttemptAt: 0 },
    })),
  );
  ctx.onJobChanged?.(jobId);
  return moved.applied.length;
}

export async function waitForBackground(ctx: Ctx): Promise<void> {
  await Promise.allSettled([...ctx.background.values()]);
}
