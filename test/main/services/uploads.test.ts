// Files uploaded through the browser host do not stay forever: one no job reads goes after an hour
// unused (also one an earlier run left behind), one a job reads stays while the job does, and the
// sweep runs on the services' clock, here a fake one moved by the test.
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { UPLOAD_IDLE_MS, UPLOAD_SWEEP_EVERY_MS } from '../../../src-main/services/uploads';
import { FakeClock } from '../../../src-main/util/clock';
import { word } from '../../../src-shared/i18n';
import { commandCaller } from './support';

const MINUTE = 60_000;
const CSV =
  'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land\r\nL-1;Acme GmbH;Hauptstr. 1;01067;Dresden;DE\r\n';

let dir: string;
let clock: FakeClock;
let app: AppServices;
const secrets = new MemorySecretStore();
const call = commandCaller(() => app);
const codeOf = async (command: string, input: unknown) => {
  const r = await app.router.dispatch(command, input);
  return r.ok
    ? 'ok'
    : `${r.error.code}${r.error.details?.reason ? `.${r.error.details.reason}` : ''}`;
};
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

function launch(dataDir: string): AppServices {
  return createAppServices({
    dataDir,
    transport: 'browser-host',
    secrets,
    sandbox: false,
    clock,
  });
}

async function upload(name: string, done = true) {
  return call('files:upload', { name, chunk: Buffer.from(CSV).toString('base64'), done });
}

async function jobFrom(file: string): Promise<string> {
  const preview = await call('files:preview', { path: file });
  const conns = await call('connections:list', {});
  const connectionId =
    conns[0]?.id ??
    (await call('connections:save', { name: 'Test', baseUrl: 'http://127.0.0.1:9' })).id;
  const { jobId } = await call('jobs:create', {
    path: file,
    connectionId,
    mapping: preview.suggestion.mapping,
    options: {},
  });
  return jobId;
}

/** The folder and its files last changed `ago` before the fake clock's now. */
async function lastChanged(folder: string, ago: number) {
  const when = (clock.now() - ago) / 1000;
  for (const f of await readdir(folder)) await utimes(path.join(folder, f), when, when);
  await utimes(folder, when, when);
}

/** Moves the fake clock on and waits for the sweep its timer started, if any. */
async function advance(ms: number) {
  await clock.advance(ms);
  await app.uploads.settled();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
});

afterEach(async () => {
  await app?.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('at start, removes what an earlier run left unused for an hour, not what a job reads', async () => {
    clock = new FakeClock();
    const dataDir = path.join(dir, 'start');
    app = launch(dataDir);
    const used = (await upload('Used.csv')).path!;
    const jobId = await jobFrom(used);
    const exported = await call('jobs:export', { jobId, format: 'csv' });
    const abandoned = (await upload('Abandoned.csv')).path!;
    const halfway = (await upload('Halfway.csv', false)).uploadId;
    expect(halfway).toBeTruthy();
    await app.close();
    const imports = path.join(dataDir, 'imports');
    for (const f of await readdir(imports))
      await lastChanged(path.join(imports, f), 2 * 60 * MINUTE);
    // A folder that was used ten minutes ago, by another copy of the app, say.
    const recent = path.join(imports, 'recent');
    await mkdir(recent);
    await writeFile(path.join(recent, 'Recent.csv'), CSV);
    await lastChanged(recent, 10 * MINUTE);

    app = launch(dataDir);
    await app.ready();
    expect(await exists(path.dirname(abandoned))).toBe(false);
    expect((await readdir(imports)).sort()).toEqual(
      [path.basename(path.dirname(used)), 'recent'].sort(),
    );
    // The job's own file and its results beside it are still there, and the file still read.
    expect(await exists(used)).toBe(true);
    expect(await exists(exported.path)).toBe(true);
    expect((await call('files:preview', { path: used })).rows).toHaveLength(1);
    // The recent one goes when its hour is up.
    await advance(49 * MINUTE);
    expect(await app.uploads.sweep()).toEqual([]);
    await advance(2 * MINUTE);
    await app.uploads.sweep();
    expect(await exists(recent)).toBe(false);
    expect(await exists(used)).toBe(true);
  });

  it('removes an upload an hour after its last use, and says so when it is asked for again', async () => {
    clock = new FakeClock();
    app = launch(path.join(dir, 'idle'));
    const file = (await upload('Lieferanten.csv')).path!;
    await advance(UPLOAD_IDLE_MS - MINUTE);
    expect(await app.uploads.sweep()).toEqual([]);
    // Reading it (the Map screen's preview) counts as a use: its hour starts again.
    expect((await call('files:preview', { path: file })).rows).toHaveLength(1);
    await advance(UPLOAD_IDLE_MS - MINUTE);
    expect(await app.uploads.sweep()).toEqual([]);
    await advance(2 * MINUTE);
    await app.uploads.sweep();
    expect(await exists(path.dirname(file))).toBe(false);
    // Asked for again: the page is told to choose the file again, in either language.
    const r = await app.router.dispatch('files:preview', { path: file });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('file_not_found');
    expect(r.error.message).toBe(word('en', 'failure.file_not_found.upload_expired'));
    expect(word('de', 'failure.file_not_found.upload_expired')).toMatch(/Wählen Sie die Datei/);
    // Its grant went with it: a new file put at the same path is not readable.
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, CSV);
    expect(app.grants.mayRead(file)).toBe(false);
  });

  it('keeps an upload while a job reads it, and removes it an hour after the job is deleted', async () => {
    clock = new FakeClock();
    app = launch(path.join(dir, 'job'));
    const file = (await upload('Auftrag.csv')).path!;
    const jobId = await jobFrom(file);
    await advance(3 * UPLOAD_IDLE_MS);
    expect(await app.uploads.sweep()).toEqual([]);
    // The job still exports beside its file.
    const exported = await call('jobs:export', { jobId, format: 'xlsx' });
    expect(path.dirname(exported.path)).toBe(path.dirname(file));
    expect(await call('jobs:delete', { jobId })).toMatchObject({ deleted: true });
    expect(await app.uploads.sweep()).toEqual([]);
    await advance(UPLOAD_IDLE_MS - MINUTE);
    expect(await app.uploads.sweep()).toEqual([]);
    await advance(2 * MINUTE);
    await app.uploads.sweep();
    expect(await exists(path.dirname(file))).toBe(false);
  });

  it('keeps an upload while a command is using it, however long it runs', async () => {
    clock = new FakeClock();
    app = launch(path.join(dir, 'held'));
    const file = (await upload('Liste.csv')).path!;
    // A drift report over a large supplier base, say: it holds the list it names.
    const release = app.uploads.hold(file);
    await advance(3 * UPLOAD_IDLE_MS);
    expect(await app.uploads.sweep()).toEqual([]);
    // Its end counts as a use.
    release();
    await advance(UPLOAD_IDLE_MS - MINUTE);
    expect(await app.uploads.sweep()).toEqual([]);
    await advance(2 * MINUTE);
    await app.uploads.sweep();
    expect(await exists(path.dirname(file))).toBe(false);
  });

  it('drops an upload left half-way, and the page is told to start it again', async () => {
    clock = new FakeClock();
    app = launch(path.join(dir, 'halfway'));
    const first = await upload('Halb.csv', false);
    const folder = path.join(app.uploads.dir, (await readdir(app.uploads.dir))[0]!);
    await advance(UPLOAD_IDLE_MS - MINUTE);
    expect(await app.uploads.sweep()).toEqual([]);
    await advance(2 * MINUTE);
    await app.uploads.sweep();
    expect(await exists(folder)).toBe(false);
    expect(
      await codeOf('files:upload', {
        uploadId: first.uploadId,
        name: 'Halb.csv',
        chunk: Buffer.from(CSV).toString('base64'),
        done: true,
      }),
    ).toBe('not_found.upload');
  });

  it('looks for unused uploads on its own while the browser host runs', async () => {
    clock = new FakeClock();
    const dataDir = path.join(dir, 'timer');
    const stale = path.join(dataDir, 'imports', 'stale');
    await mkdir(stale, { recursive: true });
    await writeFile(path.join(stale, 'Alt.csv'), CSV);
    await lastChanged(stale, UPLOAD_IDLE_MS - 2 * MINUTE);
    app = launch(dataDir);
    await app.ready();
    expect(await exists(stale)).toBe(true);
    // Nothing but the clock: the timer's next sweep finds it an hour unused.
    await advance(UPLOAD_SWEEP_EVERY_MS);
    expect(await exists(stale)).toBe(false);
  });
});
