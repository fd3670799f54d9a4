// The desktop signals with the real services: real jobs run through the router against the
// embedded practice sandbox (and a second sandbox for a refused token and a slow platform), and
// a port that records what the desktop would be told. The port is the operating system's side,
// so recording there is all the test fakes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import {
  createAppServices,
  type AppServices,
  type Core,
} from '../../../src-main/services/appServices';
import {
  watchJobsForDesktop,
  type DesktopNotification,
  type DesktopPort,
} from '../../../src-main/services/desktopSignals';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { commandCaller, practiceSandbox } from './support';

type Call =
  | { kind: 'progress'; value: number | null; probe: string }
  | { kind: 'awake'; on: boolean; probe: string }
  | { kind: 'notify'; notification: DesktopNotification; probe: string };

/** Records every call; `probe` notes what the test wants to know at the moment of a call. */
class RecordingPort implements DesktopPort {
  readonly calls: Call[] = [];
  supported = true;
  probe: () => string = () => '';
  private waiters: Array<{ pred: (c: Call) => boolean; resolve: (c: Call) => void }> = [];

  setProgress(value: number | null): void {
    this.record({ kind: 'progress', value, probe: this.probe() });
  }
  keepAwake(on: boolean): void {
    this.record({ kind: 'awake', on, probe: this.probe() });
  }
  notify(notification: DesktopNotification): void {
    this.record({ kind: 'notify', notification, probe: this.probe() });
  }
  notificationsSupported(): boolean {
    return this.supported;
  }

  /** The first call from index `from` on (already made or still to come) that matches. */
  waitFor(pred: (c: Call) => boolean, from = 0): Promise<Call> {
    const seen = this.calls.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  progress(): Array<number | null> {
    return this.calls.flatMap((c) => (c.kind === 'progress' ? [c.value] : []));
  }
  awake(): boolean[] {
    return this.calls.flatMap((c) => (c.kind === 'awake' ? [c.on] : []));
  }
  notifications(): DesktopNotification[] {
    return this.calls.flatMap((c) => (c.kind === 'notify' ? [c.notification] : []));
  }

  private record(call: Call): void {
    this.calls.push(call);
    for (const w of [...this.waiters]) {
      if (!w.pred(call)) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(call);
    }
  }
}

const awakeOff = (c: Call) => c.kind === 'awake' && !c.on;

let dir: string;
let services: AppServices;
let core: Core;
let other: SandboxHandle;
let slow: SandboxHandle;
const secrets = new MemorySecretStore();

const call = commandCaller(() => services);

const HEADER = 'Supplier No,Name,Street,Postal code,City,Country,Source';

/** A small supplier list; a row's country may be given to make it invalid. */
async function supplierList(name: string, ids: string[], country = (_i: number) => 'DE') {
  const file = path.join(dir, name);
  const lines = ids.map(
    (id, i) => `${id},Desktop Test ${id} GmbH,Street ${i + 1},10115,Berlin,${country(i)},ERP`,
  );
  await writeFile(file, [HEADER, ...lines].join('\n') + '\n');
  return file;
}

async function createJob(
  file: string,
  connectionId?: string,
  lang: 'en' | 'de' = 'en',
): Promise<string> {
  services.grants.grantRead(file);
  const preview = await call('files:preview', { path: file });
  const conn = connectionId ?? core.sandboxConnectionId!;
  const created = await call('jobs:create', {
    path: file,
    connectionId: conn,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
    lang,
  });
  return created.jobId;
}

const stateOf = (jobId: string) => () => core.onboarding.jobView(jobId).state;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'desktop-signals-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets,
    sandbox: practiceSandbox(100),
  });
  core = await services.ready();
  // Another API: one that refuses every token but its own, and one whose creations take long
  // enough that a job is surely still running when the user pauses it.
  other = await startSandbox({ tokens: [{ token: 'good' }] });
  slow = await startSandbox({ tokens: [{ token: 'good' }], processingMs: 600_000 });
});

afterAll(async () => {
  await services.close();
  await other.close();
  await slow.close();
  await rm(dir, { recursive: true, force: true });
});

describe('desktop signals of real jobs', () => {
  it('keeps the machine awake while a job runs, shows rising progress and says once that it finished', async () => {
    const port = new RecordingPort();
    const stop = watchJobsForDesktop(services, port);
    const ids = Array.from({ length: 60 }, (_, i) => `DS${String(i + 1).padStart(4, '0')}`);
    const file = await supplierList('finished.csv', ids);
    const jobId = await createJob(file);
    port.probe = stateOf(jobId);
    expect(port.calls).toEqual([]); // creating a job is not running it

    expect(await call('jobs:start', { jobId })).toEqual({ started: true });
    await port.waitFor((c) => c.kind === 'notify');
    expect((await call('jobs:get', { jobId })).state).toBe('finished');

    // Awake exactly while the job ran.
    expect(port.awake()).toEqual([true, false]);
    const on = port.calls.findIndex((c) => c.kind === 'awake' && c.on);
    const off = port.calls.findIndex(awakeOff);
    expect(port.calls[on]!.probe).toBe('running');
    expect(port.calls[off]!.probe).toBe('finished');

    // Progress rises from 0 to 1, once per change, while awake; then the bar goes.
    const values = port.progress();
    expect(values.at(-1)).toBeNull();
    const numbers = values.slice(0, -1) as number[];
    expect(numbers.every((v) => typeof v === 'number')).toBe(true);
    expect(numbers[0]).toBe(0);
    expect(numbers.at(-1)).toBe(1);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1]!);
    port.calls.forEach((c, i) => {
      if (c.kind === 'progress' && c.value !== null) expect(i > on && i < off).toBe(true);
    });

    expect(port.notifications()).toEqual([
      { kind: 'finished', jobId, title: 'Finished: finished.csv', body: '60 suppliers done.' },
    ]);

    // Later changes to the same finished job are not announced again.
    const calls = port.calls.length;
    await call('jobs:setOptions', {
      jobId,
      options: { skipExisting: true, screeningPeriod: null, validate: false },
    });
    expect(port.calls.length).toBe(calls);

    // Nor to a watcher that first hears of the job when it has already finished.
    const late = new RecordingPort();
    const stopLate = watchJobsForDesktop(services, late);
    await call('jobs:setOptions', {
      jobId,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    await call('jobs:retry', { jobId });
    expect(late.calls).toEqual([]);
    stopLate();
    stop();
  });

  it('says a job needs the user when rows are left to fix, with the counts', async () => {
    const port = new RecordingPort();
    const stop = watchJobsForDesktop(services, port);
    const file = await supplierList('to-fix.csv', ['DS0101', 'DS0102', 'DS0103'], (i) =>
      i === 1 ? 'Atlantis' : 'DE',
    );
    const jobId = await createJob(file);
    port.probe = stateOf(jobId);
    await call('jobs:start', { jobId });
    await port.waitFor((c) => c.kind === 'notify');
    expect((await call('jobs:get', { jobId })).state).toBe('needs_attention');

    expect(port.notifications()).toEqual([
      {
        kind: 'needs_user',
        jobId,
        title: 'Needs your attention: to-fix.csv',
        body: '2 suppliers done, 1 needs your attention.',
      },
    ]);
    expect(port.awake()).toEqual([true, false]);
    const values = port.progress();
    expect(values.at(-1)).toBeNull();
    // The invalid row was settled from the start: a third of the way before anything was sent.
    expect(values[0]).toBe(0.33);
    expect(values.at(-2)).toBe(1);
    stop();
  });

  it('speaks the language the job was made in', async () => {
    const port = new RecordingPort();
    const stop = watchJobsForDesktop(services, port);
    const file = await supplierList('zu-korrigieren.csv', ['DS0201', 'DS0202', 'DS0203'], (i) =>
      i === 1 ? 'Atlantis' : 'DE',
    );
    const jobId = await createJob(file, undefined, 'de');
    port.probe = stateOf(jobId);
    await call('jobs:start', { jobId });
    await port.waitFor((c) => c.kind === 'notify');
    expect(port.notifications()).toEqual([
      {
        kind: 'needs_user',
        jobId,
        title: 'Braucht Ihre Aufmerksamkeit: zu-korrigieren.csv',
        body: '2 Lieferanten erledigt, 1 braucht Ihre Aufmerksamkeit.',
      },
    ]);
    stop();
  });

  it('says a job needs the user when the API refuses the token', async () => {
    const port = new RecordingPort();
    const stop = watchJobsForDesktop(services, port);
    const conn = await call('connections:save', {
      name: 'Refusing API',
      baseUrl: other.url,
      token: 'not-the-token',
    });
    const file = await supplierList('refused.csv', ['DS0201', 'DS0202']);
    const jobId = await createJob(file, conn.id);
    port.probe = stateOf(jobId);
    await call('jobs:start', { jobId });
    const note = await port.waitFor((c) => c.kind === 'notify');

    const job = await call('jobs:get', { jobId });
    expect(job.state).toBe('paused');
    expect(job.stateReason?.code).toBe('api_access_denied');
    expect(note.kind === 'notify' && note.notification).toEqual({
      kind: 'needs_user',
      jobId,
      title: 'Needs your attention: refused.csv',
      body: job.stateReason!.message,
    });
    expect(job.stateReason!.message).toMatch(/token/);
    expect(port.notifications()).toHaveLength(1);
    // Awake for as long as it tried, and not after.
    expect(port.awake().at(-1)).toBe(false);
    expect(port.progress().at(-1)).toBeNull();
    stop();
  });

  it('does not announce a pause the user asked for', async () => {
    const port = new RecordingPort();
    const stop = watchJobsForDesktop(services, port);
    const conn = await call('connections:save', {
      name: 'Slow API',
      baseUrl: slow.url,
      token: 'good',
    });
    const file = await supplierList('paused.csv', ['DS0301', 'DS0302']);
    const jobId = await createJob(file, conn.id);
    port.probe = stateOf(jobId);
    await call('jobs:start', { jobId });
    await port.waitFor((c) => c.kind === 'awake' && c.on);

    const paused = await call('jobs:pause', { jobId });
    expect(paused.state).toBe('paused');
    expect(paused.stateReason?.code).toBe('paused');
    await port.waitFor(awakeOff);

    expect(port.awake()).toEqual([true, false]);
    expect(port.progress().at(-1)).toBeNull();
    expect(port.notifications()).toEqual([]);
    stop();
  });

  it('stops every call when disposed, and leaves notifications out where the system has none', async () => {
    const disposed = new RecordingPort();
    watchJobsForDesktop(services, disposed)();
    const silent = new RecordingPort();
    silent.supported = false;
    const stop = watchJobsForDesktop(services, silent);

    const file = await supplierList('disposed.csv', ['DS0401', 'DS0402']);
    const jobId = await createJob(file);
    silent.probe = stateOf(jobId);
    await call('jobs:start', { jobId });
    const off = await silent.waitFor(awakeOff);
    expect(off.probe).toBe('finished');

    expect(disposed.calls).toEqual([]);
    expect(silent.awake()).toEqual([true, false]);
    expect(silent.progress().at(-1)).toBeNull();
    expect(silent.notifications()).toEqual([]);

    // Disposed while a job runs: nothing more after that moment.
    const again = await supplierList('disposed-again.csv', ['DS0501', 'DS0502']);
    const second = await createJob(again);
    silent.probe = stateOf(second);
    const mark = silent.calls.length;
    await call('jobs:start', { jobId: second });
    await silent.waitFor((c) => c.kind === 'awake' && c.on, mark);
    stop();
    const heard = silent.calls.length;
    const watcher = new RecordingPort();
    const stopWatcher = watchJobsForDesktop(services, watcher);
    await watcher.waitFor(awakeOff); // the job ran to its end meanwhile
    expect(silent.calls.length).toBe(heard);
    stopWatcher();
  });
});
