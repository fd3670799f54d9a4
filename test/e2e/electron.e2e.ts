// The Electron smoke test: runs the built app in a real Electron window where an Electron binary
// exists, and is reported as skipped, with the reason, where it does not. It covers what only the
// desktop layer does: the locked-down window, the preload's narrow bridge, the desktop
// capabilities, a single instance, the native file dialog, and a whole job through IPC with the
// desktop hooks (taskbar progress, the power-save blocker, notifications) recorded at Electron's
// own APIs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, chromium, expect, test } from '@playwright/test';
import { SCREENSHOT_DIR } from './support';

const electronVersion = (
  JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }
).version;

/**
 * The Electron binary, found as Electron 45's own package finds it (node_modules/electron/index.js):
 * ELECTRON_OVERRIDE_DIST_PATH, else dist/ beside the package, named in path.txt. Never downloads.
 */
function electronBinary(): string | undefined {
  const dir = path.resolve('node_modules/electron');
  const pathFile = path.join(dir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const exe = override
    ? path.join(override, name || 'electron')
    : name
      ? path.join(dir, 'dist', name)
      : undefined;
  return exe && existsSync(exe) ? exe : undefined;
}

/** The app as `npm run package` leaves it unpacked in release/, when there is one. */
function packagedApp(): string | undefined {
  const exe =
    process.platform === 'linux'
      ? 'release/linux-unpacked/supplier-onboarding'
      : process.platform === 'win32'
        ? 'release/win-unpacked/Supplier Onboarding.exe'
        : undefined;
  // A real Electron binary is tens of megabytes; anything smaller is not one.
  return exe && existsSync(exe) && statSync(exe).size > 10_000_000 ? path.resolve(exe) : undefined;
}

const binary = electronBinary();
const packaged = packagedApp();
const displayMissing =
  process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
// Chromium's sandbox refuses to start as root: where tests run as root (CI containers), without it.
const sandboxArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
const SKIP_REASON = !binary
  ? `no Electron binary on this machine: run \`npx install-electron\` (it downloads Electron ${electronVersion} from github.com or ELECTRON_MIRROR), or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${electronVersion}; then \`npm run test:e2e\` runs it under xvfb-run where there is no display`
  : displayMissing
    ? 'no display: run it through `npm run test:e2e`, which starts it under xvfb-run (apt-get install xvfb)'
    : '';
if (SKIP_REASON) console.log(`Electron smoke test SKIPPED: ${SKIP_REASON}`);

test.describe('Electron smoke test', () => {
  test.skip(!!SKIP_REASON, SKIP_REASON);

  test('one locked-down window, a narrow bridge, a single instance, the file dialog, and a job through IPC with the desktop hooks', async () => {
    test.setTimeout(180_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'electron-data-'));
    const env = { ...process.env, SUPPLIER_ONBOARDING_HOME: dataDir };
    const app = await electron.launch({
      executablePath: binary,
      args: [...sandboxArgs, 'out/main/index.js'],
      env,
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('active-connection')).toContainText(/Practice|Übung/);

      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      );
      // The services (journal, imports, exports, the engine) run in a utility process of their
      // own, never in the main process the window's events go through (the desktop test checks
      // under the stand-in that the native journal module is loaded only there).
      const processes = await app.evaluate(({ app: electronApp }) =>
        electronApp.getAppMetrics().map((m) => ({ type: m.type, name: m.name ?? null })),
      );
      expect(processes).toContainEqual({ type: 'Utility', name: 'Supplier Onboarding services' });

      // The page sees only the bridge: no Node, no ipcRenderer.
      const bridge = await page.evaluate(() => ({
        keys: Object.keys((window as unknown as { api: object }).api).sort(),
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
      }));
      expect(bridge).toEqual({
        keys: ['invoke', 'on', 'pathForFile'],
        require: 'undefined',
        process: 'undefined',
      });

      type Api = {
        invoke(
          c: string,
          i: unknown,
        ): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
      };
      const invoke = (command: string, input: unknown) =>
        page.evaluate(([c, i]) => (window as unknown as { api: Api }).api.invoke(c as string, i), [
          command,
          input,
        ] as const);
      const info = await invoke('app:info', {});
      expect(info.value).toMatchObject({
        transport: 'electron',
        dataDir,
        capabilities: { nativeFileDialog: true, openFolder: true },
      });
      expect((await invoke('nope:nothing', {})).error?.code).toBe('unknown_command');

      // Navigation and new windows are refused.
      const before = page.url();
      await page.evaluate(() => {
        window.open('https://example.com');
        location.href = 'https://example.com';
      });
      await page.waitForTimeout(500);
      expect(page.url()).toBe(before);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      );

      // A second launch hands over to the first and quits.
      const second = spawn(binary!, [...sandboxArgs, 'out/main/index.js'], {
        env,
        stdio: 'ignore',
      });
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      expect(code).toBe(0);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      );

      // The native file dialog: answered here with the shipped sample, as if the user chose it.
      const sample = path.resolve('resources/samples/suppliers.xlsx');
      await app.evaluate(({ dialog }, file) => {
        dialog.showOpenDialog = (async () => ({
          canceled: false,
          filePaths: [file],
        })) as unknown as typeof dialog.showOpenDialog;
      }, sample);
      expect(await invoke('files:choose', { purpose: 'import' })).toEqual({
        ok: true,
        value: { path: sample },
      });

      // The desktop hooks, recorded at Electron's own APIs: the taskbar progress, the blocker that
      // keeps the machine awake, and notifications (recorded instead of shown).
      await app.evaluate(({ BrowserWindow, Notification, powerSaveBlocker }) => {
        const calls: Array<{ api: string; args: unknown[] }> = [];
        (globalThis as unknown as { desktopCalls: typeof calls }).desktopCalls = calls;
        const win = BrowserWindow.getAllWindows()[0]!;
        const setProgressBar = win.setProgressBar.bind(win);
        win.setProgressBar = (progress, options) => {
          calls.push({ api: 'setProgressBar', args: [progress] });
          setProgressBar(progress, options);
        };
        const start = powerSaveBlocker.start.bind(powerSaveBlocker);
        const stop = powerSaveBlocker.stop.bind(powerSaveBlocker);
        powerSaveBlocker.start = (type) => {
          const id = start(type);
          calls.push({ api: 'powerSaveBlocker.start', args: [type, id] });
          return id;
        };
        powerSaveBlocker.stop = (id) => {
          calls.push({ api: 'powerSaveBlocker.stop', args: [id] });
          return stop(id);
        };
        Notification.isSupported = () => true;
        Notification.prototype.show = function (this: Electron.Notification) {
          calls.push({ api: 'Notification.show', args: [this.title, this.body] });
        };
      });
      const desktopCalls = () =>
        app.evaluate(
          () =>
            (globalThis as unknown as { desktopCalls: Array<{ api: string; args: unknown[] }> })
              .desktopCalls,
        );

      // A whole job through IPC, with the desktop hooks attached.
      const preview = (await invoke('files:preview', { path: sample })).value as {
        suggestion: { mapping: unknown };
      };
      const conns = (await invoke('connections:list', {})).value as Array<{ id: string }>;
      const created = (
        await invoke('jobs:create', {
          path: sample,
          connectionId: conns[0]!.id,
          mapping: preview.suggestion.mapping,
          options: { skipExisting: false, screeningPeriod: null, validate: false },
          name: 'Electron smoke',
        })
      ).value as { jobId: string };
      expect((await invoke('jobs:start', { jobId: created.jobId })).ok).toBe(true);
      await expect
        .poll(
          async () =>
            ((await invoke('jobs:get', { jobId: created.jobId })).value as { state: string }).state,
          {
            timeout: 150_000,
          },
        )
        .toMatch(/finished|needs_attention/);
      // The sample has rows to fix: the job ends needing the user, which is announced once.
      await expect
        .poll(async () => (await desktopCalls()).filter((c) => c.api === 'Notification.show'))
        .toEqual([
          {
            api: 'Notification.show',
            args: ['Needs your attention: Electron smoke', expect.stringMatching(/attention/)],
          },
        ]);
      const calls = await desktopCalls();
      const progress = calls.filter((c) => c.api === 'setProgressBar').map((c) => c.args[0]);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.slice(0, -1).every((v) => typeof v === 'number' && v >= 0 && v <= 1)).toBe(
        true,
      );
      expect(progress.at(-1)).toBe(-1); // the bar is removed when nothing runs
      const blocker = calls.filter((c) => c.api.startsWith('powerSaveBlocker'));
      expect(blocker.map((c) => c.api)).toEqual([
        'powerSaveBlocker.start',
        'powerSaveBlocker.stop',
      ]);
      expect(blocker[0]!.args[0]).toBe('prevent-app-suspension');
      expect(blocker[1]!.args[0]).toBe(blocker[0]!.args[1]); // the blocker it started
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'electron-jobs.png') });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  // The package as users get it: app.asar, its unpacked native modules and resources/, with the
  // fuses set (no inspector, so it is driven through the page, over Chromium's debugging port).
  test('the packaged app starts from its asar and answers its page', async () => {
    test.skip(!packaged, 'no unpacked package in release/: run `npm run package` first');
    test.setTimeout(120_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'electron-packaged-'));
    const child = spawn(packaged!, [...sandboxArgs, '--remote-debugging-port=0'], {
      env: { ...process.env, SUPPLIER_ONBOARDING_HOME: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let err = '';
        const timer = setTimeout(() => reject(new Error(`no debugging endpoint:\n${err}`)), 60_000);
        child.stderr!.on('data', (d: Buffer) => {
          err += String(d);
          const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.once('exit', (code) =>
          reject(new Error(`the packaged app exited (${code}):\n${err}`)),
        );
      });
      const browser = await chromium.connectOverCDP(endpoint);
      try {
        await expect.poll(() => browser.contexts()[0]?.pages().length ?? 0).toBeGreaterThan(0);
        const page = browser.contexts()[0]!.pages()[0]!;
        expect(page.url()).toBe('app://supplier-onboarding/index.html');
        await expect(page.getByTestId('active-connection')).toContainText(/Practice|Übung/);
        const info = await page.evaluate(() =>
          (
            window as unknown as { api: { invoke(c: string, i: unknown): Promise<unknown> } }
          ).api.invoke('app:info', {}),
        );
        expect(info).toMatchObject({ ok: true, value: { transport: 'electron', dataDir } });
        expect(
          await page.evaluate(() =>
            (
              window as unknown as { api: { invoke(c: string, i: unknown): Promise<unknown> } }
            ).api.invoke('jobs:list', {}),
          ),
        ).toEqual({ ok: true, value: [] });
      } finally {
        await browser.close();
      }
    } finally {
      child.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
