// Actions on a job shared by the screens.
import type { JobProgressView, JobView } from '../../src-shared/contract';
import type { JobTally } from '../../src-shared/tally';
import { app, type Screen } from './app.svelte';
import { call } from './call';
import { num } from './format';
import { t } from './i18n.svelte';

/** The screen a job opens on: review before its check, results once it ended, else the run. */
export function screenFor(job: JobView): Screen {
  if (job.state === 'finished' || job.state === 'cancelled') return 'results';
  // Checked or sent: the figures the job's kind computed in the services.
  const checked = job.figures.checked > 0 || job.figures.started;
  return job.state === 'ready' && !checked && !job.running ? 'review' : 'run';
}

export function canResume(job: JobView): boolean {
  return (
    !job.running &&
    (job.interrupted || ['paused', 'needs_attention', 'waiting_network'].includes(job.state))
  );
}

/** The job's one set of numbers (src-shared/tally.ts), as the services computed it: from the
 *  progress events while the job runs (read with their counts), else the job's own. */
export function tallyOf(job: JobView, progress?: JobProgressView): JobTally {
  return job.running && progress?.tally ? progress.tally : job.tally;
}

/** The rows a progress bar counts as finished: the tally's finished group (done, left out, not
 *  sent; a finished row that needs the user is in "needs you"). */
export function finishedRows(job: JobView, progress?: JobProgressView): number {
  return tallyOf(job, progress).groups.finished;
}

/** Starts or resumes a job. A start the services say must be confirmed first (it orders
 *  screenings, or another job holds some of its suppliers) opens the run screen with the
 *  summary to confirm instead. */
export async function startJob(
  jobId: string,
  choice: { confirmed?: boolean; leaveOutHeld?: boolean; confirmedCount?: number } = {},
): Promise<boolean> {
  const r = await call('jobs:start', { jobId, ...choice });
  if (!r.ok && r.error.code === 'plan_not_confirmed' && !choice.confirmed) {
    app.go({ screen: 'run', jobId, confirmStart: true });
    return false;
  }
  if (!r.ok) app.report(r.error);
  else if (r.value.leftOut)
    app.addLog({ kind: 'info', jobId, say: () => t('log.leftOut', { n: num(r.value.leftOut) }) });
  await app.refreshJob(jobId);
  return r.ok;
}

export async function pauseJob(jobId: string): Promise<void> {
  const r = await call('jobs:pause', { jobId });
  if (r.ok) app.setJob(r.value);
  else app.report(r.error);
}

export async function cancelJob(jobId: string): Promise<void> {
  const r = await call('jobs:cancel', { jobId });
  if (r.ok) app.setJob(r.value);
  else app.report(r.error);
}
