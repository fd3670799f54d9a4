// Which files a caller of the commands may read and where an export may go, through the router as
// the front doors call it: only files the user chose (dialog, upload, drop), a job's own source
// file and files the app wrote are read; exports go beside the imported file or where the user
// chose in the Save dialog, as .xlsx or .csv, into an existing folder, replacing only the app's
// own file. And what the app writes is for the user's eyes only (0700 folders, 0600 files).
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../src-shared/errors';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller } from './support';

let dir: string;
const secrets = new MemorySecretStore();
const dialogAnswers: Array<string | null> = [];
const shown: string[] = [];

function services(dataDir: string, sandbox = false): AppServices {
  return createAppServices({
    dataDir,
    transport: 'electron',
    secrets,
    sandbox: sandbox ? { processingMs: 50, screeningMs: 50, validationMs: 50 } : false,
    desktop: {
      chooseFile: async () => dialogAnswers.shift() ?? null,
      showInFolder: (p) => shown.push(p),
    },
  });
}

let app: AppServices;
const call = commandCaller(() => app);
const codeOf = async (command: string, input: unknown) => {
  const r = await app.router.dispatch(command, input);
  return r.ok ? 'ok' : r.error.code;
};
const CSV =
  'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land\r\nL-1;Acme GmbH;Hauptstr. 1;01067;Dresden;DE\r\n';

/** A supplier list the user chose in the file dialog, imported into a job. */
async function chosenJob(file: string): Promise<{ jobId: string; file: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, CSV);
  dialogAnswers.push(file);
  expect(await call('files:choose', { purpose: 'import' })).toEqual({ path: file });
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
  return { jobId, file };
}

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'file-grants-'));
  app = services(path.join(dir, 'data'));
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('reading files', () => {
  it('reads no file the user did not choose, with one sentence whether it exists or not', async () => {
    const existing = path.join(dir, 'secret.csv');
    await writeFile(existing, CSV);
    const missing = path.join(dir, 'nothing-here.csv');
    const conn = await call('connections:save', { name: 'Probe', baseUrl: 'http://127.0.0.1:9' });
    const mapping = { fields: [] };
    for (const p of [existing, missing, '/etc/passwd']) {
      const answers = await Promise.all([
        app.router.dispatch('files:inspect', { path: p }),
        app.router.dispatch('files:preview', { path: p }),
        app.router.dispatch('mapping:preview', { path: p, mapping }),
        app.router.dispatch('jobs:create', {
          path: p,
          connectionId: conn.id,
          mapping,
          options: {},
        }),
        app.router.dispatch('jobs:retryFromResults', { path: p }),
      ]);
      for (const r of answers) {
        expect(r.ok).toBe(false);
        if (!r.ok)
          expect(r.error).toEqual({
            code: 'file_not_chosen',
            message: errorCatalogue.file_not_chosen,
          });
      }
    }
    expect(errorCatalogue.file_not_chosen).toMatch(/Choose the file again\.$/);
    expect(await call('jobs:list', {})).toEqual([]);
  });

  it('reads a file chosen in the dialog and a file uploaded from a browser', async () => {
    const chosen = path.join(dir, 'chosen', 'Lieferanten.csv');
    await chosenJob(chosen);
    expect((await call('files:inspect', { path: chosen })).kind).toBe('csv');
    // A dialog the user cancelled grants nothing.
    dialogAnswers.push(null);
    expect(await call('files:choose', { purpose: 'import' })).toEqual({ path: null });
    const up = await call('files:upload', {
      name: 'Hochgeladen.csv',
      chunk: Buffer.from(CSV).toString('base64'),
      done: true,
    });
    expect((await call('files:preview', { path: up.path! })).rows).toHaveLength(1);
    // A place chosen to save to is not a file chosen to be read.
    const saveTo = path.join(dir, 'chosen', 'elsewhere.xlsx');
    await writeFile(saveTo, CSV);
    dialogAnswers.push(saveTo);
    await call('files:choose', { purpose: 'export' });
    expect(await codeOf('files:preview', { path: saveTo })).toBe('file_not_chosen');
  });

  it("reads a job's own source file and the results file the app wrote, also in a later run", async () => {
    const { jobId, file } = await chosenJob(path.join(dir, 'later', 'Kreditoren.csv'));
    const exported = await call('jobs:export', { jobId, format: 'xlsx' });
    await app.close();
    app = services(path.join(dir, 'data'));
    expect((await call('files:preview', { path: file })).rows).toHaveLength(1);
    const back = await call('jobs:retryFromResults', { path: exported.path, jobId });
    expect(back).toMatchObject({ retry: 0 });
  });

  it('shows in its folder only a file the user chose or the app wrote', async () => {
    const { file } = await chosenJob(path.join(dir, 'show', 'Liste.csv'));
    expect(await call('shell:showInFolder', { path: file })).toEqual({ shown: true });
    const other = path.join(dir, 'secret.csv');
    expect(await codeOf('shell:showInFolder', { path: other })).toBe('file_not_chosen');
    expect(await codeOf('shell:showInFolder', { path: path.join(dir, 'no.csv') })).toBe(
      'file_not_chosen',
    );
    expect(shown).toEqual([file]);
  });
});

describe('exports', () => {
  it('go beside the imported file, as .xlsx or .csv only', async () => {
    const { jobId, file } = await chosenJob(path.join(dir, 'place', 'Liste.csv'));
    const elsewhere = path.join(dir, 'outside.xlsx');
    expect(await codeOf('jobs:export', { jobId, format: 'xlsx', path: elsewhere })).toBe(
      'export_place_refused',
    );
    expect(await codeOf('jobs:export', { jobId, format: 'xlsx', path: '/tmp/x.xlsx' })).toBe(
      'export_place_refused',
    );
    const beside = (name: string) => path.join(path.dirname(file), name);
    expect(await codeOf('jobs:export', { jobId, format: 'xlsx', path: beside('x.txt') })).toBe(
      'export_type_refused',
    );
    expect(await codeOf('jobs:export', { jobId, format: 'xlsx', path: beside('x.csv') })).toBe(
      'export_type_refused',
    );
    await expect(stat(elsewhere)).rejects.toThrow();
    await expect(stat(beside('x.txt'))).rejects.toThrow();
    const s = await call('jobs:export', { jobId, format: 'csv', path: beside('Auswertung.csv') });
    expect(s.path).toBe(beside('Auswertung.csv'));
    expect(await call('jobs:export', { jobId, format: 'xlsx' })).toMatchObject({
      path: beside('Liste.results.xlsx'),
      rows: 1,
    });
  });

  it('go where the user chose in the Save dialog, into a folder that exists', async () => {
    const { jobId } = await chosenJob(path.join(dir, 'saveas', 'Liste.csv'));
    const chosen = path.join(dir, 'saved here', 'Ergebnis.xlsx');
    await mkdir(path.dirname(chosen));
    dialogAnswers.push(chosen);
    await call('files:choose', { purpose: 'export' });
    expect((await call('jobs:export', { jobId, format: 'xlsx', path: chosen })).path).toBe(chosen);
    // No folder is made, not even for a place chosen in the dialog.
    const gone = path.join(dir, 'no such folder', 'Ergebnis.xlsx');
    dialogAnswers.push(gone);
    await call('files:choose', { purpose: 'export' });
    const r = await app.router.dispatch('jobs:export', { jobId, format: 'xlsx', path: gone });
    expect(r.ok || r.error).toEqual({
      code: 'export_folder_missing',
      message: errorCatalogue.export_folder_missing,
    });
    await expect(stat(path.dirname(gone))).rejects.toThrow();
  });

  it('replace only a file the app wrote and that is unchanged, or one chosen in the Save dialog', async () => {
    const { jobId, file } = await chosenJob(path.join(dir, 'replace', 'Liste.csv'));
    const results = path.join(path.dirname(file), 'Liste.results.xlsx');
    // The user's own file of that name is left alone: the results take the next free name.
    await writeFile(results, 'the user’s own file');
    const next = path.join(path.dirname(file), 'Liste.results (2).xlsx');
    expect((await call('jobs:export', { jobId, format: 'xlsx' })).path).toBe(next);
    expect(await readFile(results, 'utf8')).toBe('the user’s own file');
    // Nor is what a link there points to.
    await rm(results);
    await rm(next);
    const target = path.join(dir, 'linked.txt');
    await writeFile(target, 'not for the app');
    await symlink(target, results);
    expect((await call('jobs:export', { jobId, format: 'xlsx' })).path).toBe(next);
    expect(await readFile(target, 'utf8')).toBe('not for the app');
    await rm(results);
    await rm(next);
    // Its own file it replaces, also in a later run.
    await call('jobs:export', { jobId, format: 'xlsx' });
    await call('jobs:export', { jobId, format: 'xlsx' });
    await app.close();
    app = services(path.join(dir, 'data'));
    await call('jobs:export', { jobId, format: 'xlsx' });
    // Once the user changed it (fixed in Excel), it is theirs.
    await writeFile(results, 'fixed in Excel');
    expect(await codeOf('jobs:export', { jobId, format: 'xlsx' })).toBe('export_file_exists');
    expect(await readFile(results, 'utf8')).toBe('fixed in Excel');
    // Chosen in the Save dialog, which asked before replacing it: replaced.
    dialogAnswers.push(results);
    await call('files:choose', { purpose: 'export' });
    await call('jobs:export', { jobId, format: 'xlsx', path: results });
    expect((await readFile(results)).subarray(0, 2).toString()).toBe('PK');
  });
});

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('keeps the data folder 0700 and the journal, sandbox state, uploads and exports 0600', async () => {
    const dataDir = path.join(dir, 'private-data');
    const own = services(dataDir, true);
    try {
      const ownCall = commandCaller(() => own);
      const conns = await ownCall('connections:list', {});
      expect(await modeOf(dataDir)).toBe(0o700);
      for (const f of ['journal.sqlite', 'journal.sqlite-wal', 'journal.sqlite-shm']) {
        expect([f, await modeOf(path.join(dataDir, f))]).toEqual([f, 0o600]);
      }
      for (const f of ['sandbox.sqlite', 'sandbox.sqlite-wal']) {
        expect([f, await modeOf(path.join(dataDir, f))]).toEqual([f, 0o600]);
      }
      // A browser upload and its export land in the data folder.
      const up = await ownCall('files:upload', {
        name: 'Hochgeladen.csv',
        chunk: Buffer.from(CSV).toString('base64'),
        done: true,
      });
      expect(await modeOf(up.path!)).toBe(0o600);
      expect(await modeOf(path.dirname(up.path!))).toBe(0o700);
      expect(await modeOf(path.join(dataDir, 'imports'))).toBe(0o700);
      const preview = await ownCall('files:preview', { path: up.path! });
      const { jobId } = await ownCall('jobs:create', {
        path: up.path!,
        connectionId: conns[0]!.id,
        mapping: preview.suggestion.mapping,
        options: {},
      });
      const inData = await ownCall('jobs:export', { jobId, format: 'csv' });
      expect(inData.path.startsWith(dataDir + path.sep)).toBe(true);
      expect(await modeOf(inData.path)).toBe(0o600);
      // Beside the user's own file, in a folder anyone may read: the export is the user's only.
      const userFile = path.join(dir, 'public', 'Liste.csv');
      await mkdir(path.dirname(userFile), { mode: 0o755 });
      await writeFile(userFile, CSV, { mode: 0o644 });
      own.grants.grantRead(userFile);
      const job2 = await ownCall('jobs:create', {
        path: userFile,
        connectionId: conns[0]!.id,
        mapping: preview.suggestion.mapping,
        options: {},
      });
      for (const format of ['xlsx', 'csv'] as const) {
        const out = await ownCall('jobs:export', { jobId: job2.jobId, format });
        expect(path.dirname(out.path)).toBe(path.dirname(userFile));
        expect(await modeOf(out.path)).toBe(0o600);
      }
    } finally {
      await own.close();
    }
  });

  it('makes what an earlier version left readable private', async () => {
    const dataDir = path.join(dir, 'old-data');
    await mkdir(path.join(dataDir, 'imports', 'u1'), { recursive: true, mode: 0o755 });
    await copyFile(
      'resources/samples/suppliers.xlsx',
      path.join(dataDir, 'imports', 'u1', 'a.xlsx'),
    );
    const older = services(dataDir);
    await older.ready();
    await older.close();
    const backup = path.join(dataDir, 'journal.sqlite.backup-2025-01-01T00-00-00-000Z');
    await copyFile(path.join(dataDir, 'journal.sqlite'), backup);
    for (const p of [dataDir, path.join(dataDir, 'imports'), path.join(dataDir, 'imports', 'u1')])
      await chmod(p, 0o755);
    for (const p of [
      path.join(dataDir, 'journal.sqlite'),
      backup,
      path.join(dataDir, 'imports', 'u1', 'a.xlsx'),
    ])
      await chmod(p, 0o644);
    const again = services(dataDir);
    try {
      await again.ready();
      expect(await modeOf(dataDir)).toBe(0o700);
      expect(await modeOf(path.join(dataDir, 'imports'))).toBe(0o700);
      expect(await modeOf(path.join(dataDir, 'imports', 'u1'))).toBe(0o700);
      expect(await modeOf(path.join(dataDir, 'journal.sqlite'))).toBe(0o600);
      expect(await modeOf(backup)).toBe(0o600);
      expect(await modeOf(path.join(dataDir, 'imports', 'u1', 'a.xlsx'))).toBe(0o600);
    } finally {
      await again.close();
    }
  });
});
