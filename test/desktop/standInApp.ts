// Starts a main bundle under Node with the stand-in `electron` (register.mjs) in a child process,
// and talks to the stand-in over the child-process channel (electron.mjs, "the test's side").
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const register = path.join(import.meta.dirname, 'register.mjs');

export interface StartOptions {
  main: string;
  dataDir: string;
  cwd: string;
  packaged?: { resourcesPath: string; appPath: string };
  lockTaken?: boolean;
  /** The command line after the program (Windows and Linux hand a file to open this way). */
  args?: string[];
  /** A file macOS asks the app to open as it starts it: open-file before ready. */
  openFileAtStart?: string;
}

export interface WindowRecord {
  options: {
    webPreferences: Record<string, unknown> & { preload: string };
    [key: string]: unknown;
  };
  url: string | undefined;
  shown: boolean;
  focused: boolean;
  minimized: boolean;
  destroyed: boolean;
  denyWindowOpen: unknown;
  navigateListeners: number;
}

export interface StandInState {
  isPackaged: boolean;
  resourcesPath: string | undefined;
  ready: boolean;
  privilegedSchemes: Array<{ scheme: string; privileges: Record<string, boolean> }>;
  protocolHandlers: string[];
  ipcHandlers: string[];
  windows: WindowRecord[];
  openWindows: number;
  menu: unknown[] | null;
  appUserModelId: string | undefined;
  paths: Record<string, string>;
  permissionHandlers: string[];
  notifications: Array<{ title: string; body: string }>;
  progress: number[];
  powerSaveBlocker: Array<{ op: 'start' | 'stop'; type?: string; id: number }>;
  sent: number;
  sentEvents: string[];
  openFileTaken: boolean[];
  dlopens: string[];
  /** Utility processes the app forked, and the native modules they loaded. */
  utilityProcesses: Array<{
    modulePath: string;
    serviceName?: string;
    pid?: number;
    alive: boolean;
  }>;
  utilityDlopens: string[];
  mainPid: number;
}

export interface Fetched {
  status: number;
  headers: Record<string, string>;
  text: string;
  length: number;
}

export type From =
  | { frame: 'top' }
  | { frame: 'subframe' }
  | { frame: 'other-sender' }
  | { frame: 'url'; url: string };

export interface Result<T = unknown> {
  ok: boolean;
  value?: T;
  error?: { code: string; message: string };
}

export class StandInApp {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output = '';
  #next = 0;
  #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  constructor(options: StartOptions) {
    this.child = fork(options.main, options.args ?? [], {
      cwd: options.cwd,
      execArgv: ['--import', register],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        SUPPLIER_ONBOARDING_HOME: options.dataDir,
        ELECTRON_RENDERER_URL: '',
        STAND_IN_PACKAGED: options.packaged ? '1' : '0',
        STAND_IN_RESOURCES_PATH: options.packaged?.resourcesPath ?? '',
        STAND_IN_APP_PATH: options.packaged?.appPath ?? '',
        STAND_IN_LOCK_TAKEN: options.lockTaken ? '1' : '0',
        STAND_IN_OPEN_FILE: options.openFileAtStart ?? '',
      },
    });
    this.child.stdout!.on('data', (d) => (this.output += String(d)));
    this.child.stderr!.on('data', (d) => (this.output += String(d)));
    this.child.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        for (const p of this.#pending.values()) {
          p.reject(new Error(`the app exited (${code ?? signal}):\n${this.output}`));
        }
        this.#pending.clear();
        resolve({ code, signal, at: Date.now() });
      });
    });
  }

  #call<T>(msg: Record<string, unknown>): Promise<T> {
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ ...msg, id });
    });
  }

  state(): Promise<StandInState> {
    return this.#call({ op: 'state' });
  }

  /** Calls the app's IPC handler as a page would, from the given frame. */
  ipc<T = unknown>(command: string, input: unknown, from: From = { frame: 'top' }) {
    return this.#call<Result<T>>({
      op: 'invoke',
      channel: 'api:invoke',
      from,
      args: [command, input],
    });
  }

  /** What the preload sends when the user drops a file on the window: its path. */
  dropped(filePath: string, from: From = { frame: 'top' }): Promise<boolean> {
    return this.#call<boolean>({ op: 'invoke', channel: 'api:dropped', from, args: [filePath] });
  }

  /** The same, failing with the app's error when the command does not succeed. */
  async call<T = unknown>(command: string, input: unknown): Promise<T> {
    const r = await this.ipc<T>(command, input);
    if (!r.ok) throw new Error(`${command}: ${JSON.stringify(r.error)}`);
    return r.value as T;
  }

  fetch(url: string): Promise<Fetched> {
    return this.#call({ op: 'fetch', url });
  }

  permission(kind: 'request' | 'check', permission: string): Promise<boolean> {
    return this.#call({ op: 'permission', kind, permission });
  }

  send(op: 'quit' | 'second-instance' | 'minimize' | 'close-window'): Promise<null> {
    return this.#call({ op });
  }

  /** A second launch with its command line and working folder, as Electron reports it. */
  secondInstance(argv: string[], workingDirectory: string): Promise<null> {
    return this.#call({ op: 'second-instance', argv, workingDirectory });
  }

  /** macOS asks the running app to open a file. */
  openFile(filePath: string): Promise<null> {
    return this.#call({ op: 'open-file', path: filePath });
  }

  /** Waits until the app has opened its window (or fails with what the app printed). */
  async started(timeoutMs = 60_000): Promise<StandInState> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const state = await Promise.race([
        this.state(),
        this.exited.then((e) => {
          throw new Error(
            `the app exited (${e.code ?? e.signal}) before it opened its window:\n${this.output}`,
          );
        }),
      ]);
      if (state.openWindows > 0 && state.ipcHandlers.length > 0) return state;
      if (Date.now() > until) throw new Error(`no window after ${timeoutMs} ms:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
