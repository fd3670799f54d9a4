// Calling the services through their router as a front door does, in tests: the answer's value,
// or an error naming the command, the code and the message. With the practice sandbox the tests
// run against, and the wait for a job to get somewhere.
import type { CommandName, CommandOutput, JobView } from '../../../src-shared/contract';
import type { AppServices, AppServicesOptions } from '../../../src-main/services/appServices';

/** `services` is read at call time: tests build their services in `beforeAll`. */
export function commandCaller(services: () => Pick<AppServices, 'router'>) {
  return async function call<C extends CommandName>(
    command: C,
    input: unknown,
  ): Promise<CommandOutput<C>> {
    const r = await services().router.dispatch(command, input);
    if (!r.ok) throw new Error(`${command}: ${r.error.code}: ${r.error.message}`);
    return r.value as CommandOutput<C>;
  };
}

export type Caller = ReturnType<typeof commandCaller>;

/** The embedded sandbox at a test's pace: creations, screenings and validations take
 *  `lifecycleMs` each, and it allows 200 reads and 50 writes a second. */
export function practiceSandbox(
  lifecycleMs: number,
): Exclude<AppServicesOptions['sandbox'], false | undefined> {
  return {
    processingMs: lifecycleMs,
    screeningMs: lifecycleMs,
    validationMs: lifecycleMs,
    limits: { GET: [{ limit: 200, windowMs: 1_000 }], WRITE: [{ limit: 50, windowMs: 1_000 }] },
  };
}

/** Waiting on a job through `call`: `until` asks jobs:get every 50 ms, for a minute at most,
 *  until `done` holds (`what` names it when it never does); `waitForJob` until the job is not
 *  running and in one of `states`. */
export function jobWaiter(call: Caller) {
  async function until(jobId: string, done: (job: JobView) => boolean, what: string) {
    for (let i = 0; i < 1_200; i++) {
      const job = await call('jobs:get', { jobId });
      if (done(job)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} did not reach ${what}`);
  }
  const waitForJob = (jobId: string, states: string[]) =>
    until(jobId, (job) => !job.running && states.includes(job.state), states.join(' or '));
  /** Until the list's grouping after the import has ended (as the screens learn it: the job
   *  no longer looking for duplicates), then the groups' figures, which say it is done. */
  const waitForGrouping = async (jobId: string) => {
    await until(jobId, (job) => !job.lookingForDuplicates, 'the end of its grouping');
    return (await call('duplicates:list', { jobId })).figures;
  };
  return { until, waitForJob, waitForGrouping };
}

/** A file imported as the user imports it: its preview's suggested mapping, the first
 *  connection, no paid work. */
export async function importSuggested(
  call: Caller,
  file: string,
  options: Record<string, unknown> = {},
): Promise<CommandOutput<'jobs:create'>> {
  const preview = await call('files:preview', { path: file });
  const conn = (await call('connections:list', {}))[0]!;
  return call('jobs:create', {
    path: file,
    connectionId: conn.id,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false, ...options },
  });
}
