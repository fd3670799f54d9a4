// The desktop app as it ships, without an Electron binary: the built main bundle
// (out/main/index.js) and the packaged layout electron-builder makes (`--dir`, its real app.asar,
// app.asar.unpacked and resources/), each started under Node's ESM loader, as Electron's is, with
// a stand-in for the `electron` module (electron.mjs). What only a real Electron can show (the
// page drawn, the preload run in a sandboxed renderer, native dialogs) is the Electron smoke test's
// (test/e2e/electron.e2e.ts).
import * as asar from '@electron/asar';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFuses } from './standInDist';
import { StandInApp, type StandInState } from './standInApp';

const root = path.resolve(import.meta.dirname, '../..');
const appId = /^appId:\s*(\S+)\s*$/m.exec(
  readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'),
)?.[1];
const PAGE = 'app://supplier-onboarding/index.html';
const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
};

interface Layout {
  main: string;
  /** Where the app's own files are (the project, or the unpacked asar). */
  appDir: string;
  sample: string;
  packaged?: { resourcesPath: string; appPath: string };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'desktop-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every role in a menu template, at any depth. */
function roles(items: unknown[]): string[] {
  return items.flatMap((item) => {
    const i = item as { role?: string; submenu?: unknown[] };
    return [...(i.role ? [i.role.toLowerCase()] : []), ...(i.submenu ? roles(i.submenu) : [])];
  });
}

/**
 * Loads the preload as a sandboxed renderer does: one CommonJS script whose `require` knows only
 * `electron`. Returns what it exposed to the page.
 */
function runPreload(file: string): Record<string, Record<string, unknown>> {
  const exposed: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) => (exposed[key] = api),
    },
    ipcRenderer: { invoke: () => undefined, on: () => undefined, removeListener: () => undefined },
    webUtils: { getPathForFile: () => '' },
  };
  const module = { exports: {} };
  const wrapper = vm.runInNewContext(
    `(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`,
    {
      File: class File {},
      Promise,
      Set,
      Object,
    },
  );
  wrapper(
    module.exports,
    (id: string) => {
      required.push(id);
      if (id !== 'electron') throw new Error(`a sandboxed preload cannot require "${id}"`);
      return electron;
    },
    module,
  );
  expect(required).toEqual(['electron']);
  return exposed;
}

async function startedApp(
  layout: Layout,
  dataDir: string,
  extra: { lockTaken?: boolean; args?: string[]; openFileAtStart?: string } = {},
) {
  return new StandInApp({
    main: layout.main,
    dataDir,
    cwd: work,
    packaged: layout.packaged,
    ...extra,
  });
}

async function waitFor<T>(
  what: string,
  get: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 120_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface JobView {
  id: string;
  state: string;
  counts: Record<string, number>;
}

async function createJob(app: StandInApp, sample: string, name: string): Promise<string> {
  // The user drops the file on the window.
  expect(await app.dropped(sample)).toBe(true);
  const preview = await app.call<{ suggestion: { mapping: unknown } }>('files:preview', {
    path: sample,
  });
  const connections = await app.call<Array<{ id: string; isSandbox?: boolean }>>(
    'connections:list',
    {},
  );
  const { jobId } = await app.call<{ jobId: string }>('jobs:create', {
    path: sample,
    connectionId: connections[0]!.id,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
    name,
  });
  return jobId;
}

function desktopSuite(name: string, prepare: () => Layout | string) {
  describe(name, () => {
    let layout: Layout;
    let app: StandInApp;
    let state: StandInState;
    const dataDir = path.join(work, `${name.replace(/\W+/g, '-')}-data`);
    let skipped: string | undefined;

    beforeAll(async () => {
      const prepared = prepare();
      if (typeof prepared === 'string') {
        skipped = prepared;
        return;
      }
      layout = prepared;
      app = await startedApp(layout, dataDir);
      state = await app.started();
    });
    afterAll(() => app?.kill());

    it('creates its window with the secure web preferences, a one-file CommonJS preload and its page', (ctx) => {
      if (skipped) return ctx.skip(skipped);
      expect(state.isPackaged).toBe(!!layout.packaged);
      expect(state.windows).toHaveLength(1);
      const win = state.windows[0]!;
      expect(win.options.webPreferences).toMatchObject(SECURE_WEB_PREFERENCES);
      expect(win.denyWindowOpen).toEqual({ action: 'deny' });
      expect(win.navigateListeners).toBeGreaterThan(0);
      expect(win.url).toBe(PAGE);
      const preload = win.options.webPreferences.preload;
      expect(preload.startsWith(layout.appDir + path.sep)).toBe(true);
      expect(preload.endsWith('.cjs')).toBe(true);
      expect(Object.keys(runPreload(preload)['api'] ?? {}).sort()).toEqual([
        'invoke',
        'on',
        'pathForFile',
      ]);
      // Every permission is refused.
      expect(state.permissionHandlers.sort()).toEqual(['check', 'device', 'request']);
    });

    it('serves its page from the app:// scheme, and nothing outside the renderer folder', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      expect(state.privilegedSchemes).toEqual([
        { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
      ]);
      expect(state.protocolHandlers).toEqual(['app']);
      const page = await app.fetch(PAGE);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain("script-src 'self'");
      const assets = [...page.text.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
      expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
      expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
      for (const asset of assets) {
        const r = await app.fetch(`app://supplier-onboarding/${asset}`);
        expect(r.status, asset).toBe(200);
        expect(r.length, asset).toBe(
          readFileSync(path.join(layout.appDir, 'out/renderer', asset)).length,
        );
        if (asset.endsWith('.js')) expect(r.headers['content-type']).toMatch(/^text\/javascript/);
      }
      expect((await app.fetch('app://supplier-onboarding/')).status).toBe(200);
      for (const outside of [
        'app://supplier-onboarding/../main/index.js',
        'app://supplier-onboarding/%2e%2e/main/index.js',
        'app://supplier-onboarding/..%2fmain%2findex.js',
        'app://supplier-onboarding/..%5cmain%5cindex.js',
        'app://supplier-onboarding/%2e%2e%2f%2e%2e%2fpackage.json',
        'app://supplier-onboarding/index.html%00',
        'app://another-host/index.html',
      ]) {
        expect((await app.fetch(outside)).status, outside).toBe(404);
      }
    });

    it('answers IPC from its window’s own frame and refuses every other sender', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      const info = await app.call<{ transport: string; dataDir: string }>('app:info', {});
      expect(info).toMatchObject({ transport: 'electron', dataDir });
      expect(state.paths['userData']).toBe(dataDir);
      // The journal opens: its migrations were found (packaged: under resources/migrations).
      expect(await app.ipc('jobs:list', {})).toEqual({ ok: true, value: [] });
      for (const from of [
        { frame: 'subframe' as const },
        { frame: 'other-sender' as const },
        { frame: 'url' as const, url: 'https://example.com/' },
        {
          frame: 'url' as const,
          url: `file://${path.join(layout.appDir, 'out/renderer/index.html')}`,
        },
        { frame: 'url' as const, url: 'app://another-host/index.html' },
        { frame: 'url' as const, url: 'http://localhost:5173/' },
      ]) {
        const r = await app.ipc('jobs:list', {}, from);
        expect(r.ok, JSON.stringify(from)).toBe(false);
        expect(r.error?.code).toBe('unauthorized_transport');
        // Nor may another sender make a file readable as if the user had dropped it.
        expect(await app.dropped(layout.sample, from), JSON.stringify(from)).toBe(false);
      }
      const refused = await app.ipc('files:preview', { path: layout.sample });
      expect(refused.ok || refused.error?.code).toBe('file_not_chosen');
      expect(await app.dropped('relative/path.xlsx')).toBe(false);
    });

    it('loads both native modules from where the package puts them, in the services process only', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      const { dlopens, utilityDlopens } = await app.state();
      // The main process loads no native module: the journal and the keychain are the services'.
      expect(dlopens.filter((p) => /better-sqlite3|@napi-rs[\\/]keyring/.test(p))).toEqual([]);
      const sqlite = utilityDlopens.filter((p) =>
        p.includes(`${path.sep}better-sqlite3${path.sep}`),
      );
      const keyring = utilityDlopens.filter((p) => /@napi-rs[\\/]keyring/.test(p));
      expect(sqlite).toHaveLength(1);
      expect(keyring).toHaveLength(1);
      const from = layout.packaged
        ? realpathSync(path.join(layout.packaged.resourcesPath, 'app.asar.unpacked'))
        : path.join(root, 'node_modules');
      for (const file of [...sqlite, ...keyring])
        expect(file.startsWith(from + path.sep), file).toBe(true);
      expect(path.basename(sqlite[0]!)).toBe(`${process.platform}-${process.arch}.node`);
    });

    it('runs the journal, the imports and the engine in a utility process, the main process only passing messages', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      const s = await app.state();
      const services = s.utilityProcesses.filter((u) => u.alive);
      expect(services).toHaveLength(1);
      const [utility] = services;
      expect(utility!.serviceName).toBe('Supplier Onboarding services');
      expect(path.basename(utility!.modulePath)).toBe('services.js');
      expect(path.dirname(utility!.modulePath)).toBe(path.dirname(layout.main));
      expect(utility!.pid).not.toBe(s.mainPid);
      // A list imported through IPC: the import's events come from there to the window.
      const jobId = await createJob(app, layout.sample, 'Imported in the services process');
      expect(jobId).toMatch(/\S/);
      expect((await app.state()).sentEvents).toContain('job:import');
      // The journal is open in the utility process, never in the main process (Linux shows
      // each process's open files).
      if (process.platform === 'linux') {
        const open = (pid: number) =>
          readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
            try {
              return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
            } catch {
              return [];
            }
          });
        const journal = path.join(dataDir, 'journal.sqlite');
        expect(open(utility!.pid!)).toContain(journal);
        expect(open(s.mainPid)).not.toContain(journal);
      }
    });

    it('is one application: its id, its menu, a second launch', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      expect(appId).toBe('app.supplier-onboarding.desktop');
      expect(state.appUserModelId).toBe(appId);
      if (layout.packaged) {
        expect(state.menu).not.toBeNull();
        const menuRoles = roles(state.menu!);
        expect(menuRoles).toContain('editmenu');
        for (const role of ['toggledevtools', 'reload', 'forcereload', 'viewmenu']) {
          expect(menuRoles).not.toContain(role);
        }
      } else {
        expect(state.menu).toBeNull(); // Electron's default menu, developer tools included
      }
      // A second launch brings the minimised window back…
      await app.send('minimize');
      await app.send('second-instance');
      const after = await app.state();
      expect(after.windows.at(-1)).toMatchObject({ shown: true, focused: true });
      // …and a launch while another runs hands over and quits at once.
      const second = await startedApp(layout, dataDir, { lockTaken: true });
      const exit = await second.exited;
      expect(exit.code, second.output).toBe(0);
    });

    it('opens the supplier list the system hands over: at a start, from a second launch, by macOS', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      // Lists the user opens with the app (file associations): none was chosen in the app before.
      const folder = path.join(work, `${name.replace(/\W+/g, '-')}-opened`);
      mkdirSync(folder, { recursive: true });
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => {
        const file = path.join(folder, `Lieferanten ${x}.xlsx`);
        copyFileSync(layout.sample, file);
        return file;
      }) as [string, string, string, string];
      const opened = async () =>
        (await app.call<{ path: string | null }>('files:takeOpened', {})).path;
      const announced = async () =>
        (await app.state()).sentEvents.filter((e) => e === 'files:opened').length;
      expect(await opened()).toBeNull();
      const refused = await app.ipc('files:preview', { path: a });
      expect(refused.ok || refused.error?.code).toBe('file_not_chosen');

      // Windows, Linux: a second launch names the file (relative to its folder, among Chromium's
      // switches); the minimised window comes back, the page is told, the file may be read.
      await app.send('minimize');
      const before = await announced();
      await app.secondInstance(
        [process.execPath, '--original-process-start-time=13385726128', path.basename(a)],
        folder,
      );
      const s = await app.state();
      expect(s.windows.at(-1)).toMatchObject({ shown: true, focused: true, minimized: false });
      // The page is told by the services process, a moment later.
      await waitFor('the page to be told', announced, (n) => n === before + 1, 10_000);
      expect(await opened()).toBe(a);
      expect(await opened()).toBeNull();
      expect(await app.call('files:preview', { path: a })).toMatchObject({
        sheet: expect.any(String),
      });

      // macOS: open-file while the app runs, taken from macOS (preventDefault).
      await app.openFile(b);
      expect((await app.state()).openFileTaken.at(-1)).toBe(true);
      expect(await opened()).toBe(b);

      // A second launch naming no supplier list only brings the window back.
      await app.send('minimize');
      const announcedSoFar = await announced();
      await app.secondInstance([process.execPath, '--flag', 'notes.pdf'], folder);
      expect((await app.state()).windows.at(-1)).toMatchObject({
        shown: true,
        focused: true,
        minimized: false,
      });
      expect(await announced()).toBe(announcedSoFar);
      expect(await opened()).toBeNull();

      // A start with a file on the command line and, as macOS does, one by open-file before ready:
      // both may be read, and the page starts with the newest.
      const fresh = await startedApp(
        layout,
        path.join(work, `${name.replace(/\W+/g, '-')}-start`),
        {
          args: [c],
          openFileAtStart: d,
        },
      );
      try {
        const started = await fresh.started();
        expect(started.openFileTaken).toEqual([true]);
        expect(await fresh.call('files:takeOpened', {})).toEqual({ path: d });
        for (const file of [c, d]) {
          expect((await fresh.ipc('files:preview', { path: file })).ok, file).toBe(true);
        }
      } finally {
        await fresh.send('quit').catch(() => undefined);
        await fresh.exited;
      }
    });

    it('runs a whole small job on the built-in sandbox through IPC', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      const jobId = await createJob(app, layout.sample, 'Desktop test');
      expect(await app.call('jobs:start', { jobId })).toEqual({ started: true });
      const job = await waitFor(
        'the job',
        () => app.call<JobView>('jobs:get', { jobId }),
        (j) => j.state === 'finished' || j.state === 'needs_attention',
      );
      expect(Object.values(job.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      const s = await waitFor(
        'the notification',
        () => app.state(),
        (x) => x.notifications.length > 0 && x.progress.at(-1) === -1,
        10_000,
      );
      expect(s.notifications[0]!.title).toMatch(/Desktop test/);
      expect(s.powerSaveBlocker.map((b) => b.op)).toEqual(['start', 'stop']);
      expect(s.sent).toBeGreaterThan(0); // events reached the window
    });

    it('quits within a bounded time while a job runs, and the job is resumable afterwards', async (ctx) => {
      if (skipped) return ctx.skip(skipped);
      const jobId = await createJob(app, layout.sample, 'Quit while running');
      await app.call('jobs:start', { jobId });
      await waitFor(
        'the job to run',
        () => app.call<JobView>('jobs:get', { jobId }),
        (j) => j.state === 'running',
        30_000,
      );
      const asked = Date.now();
      await app.send('quit');
      const exit = await app.exited;
      expect(exit.code, app.output).toBe(0);
      expect(exit.at - asked).toBeLessThan(12_000);
      const again = await startedApp(layout, dataDir);
      try {
        await again.started();
        const job = await again.call<JobView>('jobs:get', { jobId });
        expect(job.state).not.toBe('running');
        expect(['paused', 'ready', 'waiting_network', 'needs_attention', 'finished']).toContain(
          job.state,
        );
      } finally {
        await again.send('quit').catch(() => undefined);
        await again.exited;
      }
    });
  });
}

desktopSuite('the built main bundle (out/main/index.js)', () => {
  const sample = path.join(work, 'bundle-sample', 'suppliers.xlsx');
  mkdirSync(path.dirname(sample), { recursive: true });
  copyFileSync(path.join(root, 'resources/samples/suppliers.xlsx'), sample);
  return { main: path.join(root, 'out/main/index.js'), appDir: root, sample };
});

/**
 * The packaged layout, as Electron sees it: main runs from inside resources/app.asar, files marked
 * unpacked are read from app.asar.unpacked beside it. Node cannot read an asar, so the archive is
 * extracted into a folder named app.asar in a copy of resources/, and each unpacked entry becomes a
 * link to the package's own app.asar.unpacked (Electron's redirect), so a native module that was
 * left in the archive would be found in the extracted folder instead, and fail the test.
 */
function packagedLayout(): Layout | string {
  const packaged = inject('packaged');
  if ('skipped' in packaged) return packaged.skipped;
  const { appOutDir } = packaged;
  const resources = path.join(appOutDir, 'resources');
  const archive = path.join(resources, 'app.asar');
  const mimic = path.join(work, 'packaged', 'resources');
  const appDir = path.join(mimic, 'app.asar');
  mkdirSync(appDir, { recursive: true });
  for (const entry of asar.listPackage(archive, { isPack: false })) {
    const rel = entry.replace(/^[\\/]/, '');
    const target = path.join(appDir, rel);
    const stat = asar.statFile(archive, rel, false) as {
      files?: unknown;
      unpacked?: boolean;
      link?: string;
    };
    if (stat.files) mkdirSync(target, { recursive: true });
    else if (stat.unpacked) symlinkSync(path.join(resources, 'app.asar.unpacked', rel), target);
    else if (stat.link) symlinkSync(path.join(appDir, stat.link), target);
    else writeFileSync(target, asar.extractFile(archive, rel));
  }
  symlinkSync(path.join(resources, 'app.asar.unpacked'), path.join(mimic, 'app.asar.unpacked'));
  for (const dir of ['migrations', 'samples'])
    cpSync(path.join(resources, dir), path.join(mimic, dir), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    main: string;
  };
  return {
    main: path.join(appDir, manifest.main),
    appDir,
    sample: path.join(mimic, 'samples', 'suppliers.xlsx'),
    packaged: { resourcesPath: mimic, appPath: appDir },
  };
}

desktopSuite('the packaged layout (electron-builder --dir)', packagedLayout);

describe('the package electron-builder makes', () => {
  const packaged = inject('packaged');
  const appOutDir = 'appOutDir' in packaged ? packaged.appOutDir : undefined;
  const skip = 'skipped' in packaged ? packaged.skipped : undefined;

  it('has its fuses set: no RunAsNode, NODE_OPTIONS or inspector, the app only from an intact asar', (ctx) => {
    if (skip) return ctx.skip(skip);
    expect(readFuses(path.join(appOutDir!, 'supplier-onboarding'))).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('holds only this platform’s native binaries, all unpacked, and no results files', (ctx) => {
    if (skip) return ctx.skip(skip);
    const resources = path.join(appOutDir!, 'resources');
    const archive = path.join(resources, 'app.asar');
    const entries = asar
      .listPackage(archive, { isPack: false })
      .map((e) => e.replace(/^[\\/]/, ''));
    const natives = entries.filter((e) => e.endsWith('.node'));
    expect(natives.sort()).toEqual(
      [
        `node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`,
        expect.stringMatching(/^node_modules\/@napi-rs\/keyring-[^/]+\/keyring\.[^/]+\.node$/),
      ].sort(),
    );
    for (const n of natives) {
      expect((asar.statFile(archive, n, false) as { unpacked?: boolean }).unpacked, n).toBe(true);
      expect(existsSync(path.join(resources, 'app.asar.unpacked', n)), n).toBe(true);
    }
    expect(entries.some((e) => e.startsWith('node_modules/better-sqlite3/deps/'))).toBe(false);
    expect(entries.some((e) => e.startsWith('node_modules/electron/'))).toBe(false);
    expect(entries.some((e) => e.endsWith('.map'))).toBe(false);
    expect(existsSync(path.join(resources, 'migrations', 'meta', '_journal.json'))).toBe(true);
    // The project's samples folder held a results file while packaging (globalSetup.ts).
    expect(readdirSync(path.join(resources, 'samples'))).toEqual(['suppliers.xlsx']);
  });
});
