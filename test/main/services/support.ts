// Calling the services through their router as a front door does, in tests: the answer's value,
// or an error naming the command, the code and the message. With the practice sandbox the tests
// run against, and the wait for a job to get somewhere.
import type { CommandName, CommandOutput, JobView } from '../../../src-shared/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import {
  createAppServices,
  type AppServices,
  type AppServicesOptions,
} from '../../../src-main/services/appServices';

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

/** The services of a test file: a fresh data folder, a memory secret store and the practice
 *  sandbox at `lifecycleMs`, started before the first test and closed (the folder removed) after
 *  the last. Read at call time: `services()`, `dir()`, `connectionId()` (the sandbox's). */
export function servicesPerFile(prefix: string, lifecycleMs = 100) {
  let dir = '';
  let services: AppServices | undefined;
  let connectionId = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    services = createAppServices({
      dataDir: path.join(dir, 'data'),
      transport: 'direct',
      secrets: new MemorySecretStore(),
      sandbox: practiceSandbox(lifecycleMs),
    });
    connectionId = (await services.ready()).sandboxConnectionId!;
  });
  afterAll(async () => {
    await services?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const current = () => {
    if (!services) throw new Error('the services are not started yet');
    return services;
  };
  return { services: current, dir: () => dir, connectionId: () => connectionId };
}

/** A file the user picked, imported as a job named `name` on `connectionId` with its preview's
 *  suggested mapping and no paid work. */
export async function importAs(
  services: Pick<AppServices, 'router' | 'grants'>,
  file: string,
  name: string,
  connectionId: string,
): Promise<string> {
  const call = commandCaller(() => services);
  services.grants.grantRead(file);
  const preview = await call('files:preview', { path: file });
  const { jobId } = await call('jobs:create', {
    path: file,
    name,
    connectionId,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
  });
  return jobId;
}
