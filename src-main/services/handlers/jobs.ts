// Commands on jobs: made from a file, listed, checked, planned, run, paused, cancelled, moved,
// archived, deleted, retried, and their results exported.
import type { CommandOutput } from '../../../src-shared/contract';
import { runChart, runLog } from '../runPicture';
import type { AreaHandlers, HandlerDeps } from './deps';
import { createOwnJob } from '../kindFronts';

/** Every `jobs:…` command but the one a kind brings (kinds/identifiers/front/). */
export function jobHandlers(d: HandlerDeps): Omit<AreaHandlers<'jobs'>, 'jobs:idFixJob'> {
  const ob = d.onboarding;
  return {
    'jobs:create': async (input) =>
      (await createOwnJob(d, input)) ?? (await d.readable(input.path)).createJob(input),
    'jobs:list': async () => (await ob()).listJobs(),
    'jobs:get': async ({ jobId }) => (await ob()).jobView(jobId),
    'jobs:problems': async ({ jobId }) => (await ob()).problemKinds(jobId),
    'jobs:targets': async ({ jobId, limit }) => (await ob()).targets(jobId, limit),
    'jobs:setOptions': async ({ jobId, options: o }) => (await ob()).setOptions(jobId, o),
    'jobs:check': async ({ jobId }) => ({
      started: (await ob()).start(jobId, { mode: 'check', wait: true }),
    }),
    'jobs:plan': async ({ jobId }) => (await ob()).plan(jobId),
    'jobs:runChart': async ({ jobId }) => {
      const { journal, engine } = await d.ready();
      return runChart(journal, engine, jobId, d.clock.now());
    },
    'jobs:log': async ({ jobId }) => {
      const { journal, engine } = await d.ready();
      return runLog(journal, engine, jobId);
    },
    'jobs:undo': async ({ jobId, lang }) => (await ob()).createUndoJob({ jobId, lang }),
    'jobs:start': async ({ jobId, confirmed, confirmedCount, leaveOutHeld }) => {
      const o = await ob();
      const { leftOut } = o.confirmStart(jobId, { confirmed, confirmedCount, leaveOutHeld });
      const started = o.start(jobId, { mode: 'run', wait: true });
      return leftOut ? { started, leftOut } : { started };
    },
    'jobs:pause': async ({ jobId }) => (await ob()).pause(jobId),
    'jobs:cancel': async ({ jobId }) => (await ob()).cancel(jobId),
    'jobs:setConnection': async ({ jobId, connectionId }) =>
      (await ob()).setJobConnection(jobId, connectionId),
    'jobs:archive': async ({ jobId, archived }) => (await ob()).archiveJob(jobId, archived),
    'jobs:delete': async ({ jobId }) => (await ob()).deleteJob(jobId),
    'jobs:retry': async ({ jobId, states }) => ({ rows: (await ob()).retry(jobId, states) }),
    'jobs:export': async ({ jobId, format, path: requested }) => {
      const o = await ob();
      const target = await d.grants.exportTarget({
        defaultPath: o.defaultExportPath(jobId, format),
        format,
        requested,
      });
      const s = await o.exportJob(jobId, format, target);
      d.downloads.allow(s.path, await d.grants.written(s.path));
      return {
        path: s.path,
        rows: s.rows,
        attention: s.attention,
        byStatus: s.byStatus,
        byErrorCode: s.byErrorCode,
      } satisfies CommandOutput<'jobs:export'>;
    },
    'jobs:cancelExport': async ({ jobId }) => ({ cancelled: (await ob()).cancelExport(jobId) }),
    'jobs:retryFromResults': async ({ path: p, jobId }) =>
      (await d.readable(p)).retryFromResults(p, jobId),
  };
}
