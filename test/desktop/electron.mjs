// A stand-in for Electron's main-process API, for the desktop test: the parts the app's main
// bundle uses (app, BrowserWindow, ipcMain, protocol, session, Menu, dialog, shell, Notification,
// powerSaveBlocker), behaving as Electron documents them where the app depends on it (the app's
// events and quit sequence, the single-instance lock, protocol handlers answering Requests), and
// recording everything else. The test drives it over the child-process channel: it reads what
// was recorded, calls the IPC handler with an event from a chosen frame, fetches pages through the
// registered scheme handler, and sends the app the events a user would (quit, a second launch).
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';

const env = process.env;
const isPackaged = env.STAND_IN_PACKAGED === '1';

const recorded = {
  privilegedSchemes: [],
  protocolHandlers: new Map(),
  ipcHandlers: new Map(),
  windows: [],
  menu: undefined,
  appUserModelId: undefined,
  paths: {},
  permissionHandlers: [],
  notifications: [],
  progress: [],
  powerSaveBlocker: [],
  shownInFolder: [],
  sent: 0,
  /** The events sent to a window's page, by name (IPC_EVENT's first argument). */
  sentEvents: [],
  /** Whether the app took each open-file event (preventDefault), as macOS needs it to. */
  openFileTaken: [],
  quitRequested: 0,
  /** Utility processes forked: their module, service name and process id, and whether alive. */
  utilityProcesses: [],
  /** Native modules loaded by the utility processes. */
  utilityDlopens: [],
};

// ---- app --------------------------------------------------------------------------------------

class App extends EventEmitter {
  isPackaged = isPackaged;
  #ready = false;
  #readyPromise;
  #resolveReady;

  constructor() {
    super();
    this.#readyPromise = new Promise((resolve) => (this.#resolveReady = resolve));
  }
  whenReady() {
    return this.#readyPromise;
  }
  isReady() {
    return this.#ready;
  }
  _becomeReady() {
    this.#ready = true;
    this.#resolveReady();
    this.emit('ready', {}, {});
  }
  requestSingleInstanceLock() {
    return env.STAND_IN_LOCK_TAKEN !== '1';
  }
  getLocale() {
    return env.STAND_IN_LOCALE ?? 'en-US';
  }
  getName() {
    return 'Supplier Onboarding';
  }
  getVersion() {
    return '0.0.0-stand-in';
  }
  getAppPath() {
    return env.STAND_IN_APP_PATH ?? process.cwd();
  }
  setPath(name, value) {
    recorded.paths[name] = value;
  }
  getPath(name) {
    return recorded.paths[name] ?? '';
  }
  setAppUserModelId(id) {
    recorded.appUserModelId = id;
  }
  /** Electron's order: before-quit (may be prevented), windows closed, will-quit, quit, exit. */
  quit() {
    recorded.quitRequested++;
    const event = preventable();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    for (const win of [...windows]) win._close({ quitting: true });
    const willQuit = preventable();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.emit('quit', {}, 0);
    this.exit(0);
  }
  exit(code = 0) {
    process.exit(code);
  }
}

function preventable() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export const app = new App();

// ---- windows ----------------------------------------------------------------------------------

const windows = [];
let nextId = 1;

class WebContents extends EventEmitter {
  constructor(win) {
    super();
    this.id = nextId++;
    this._win = win;
    this.windowOpenHandler = undefined;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  send(_channel, event) {
    recorded.sent++;
    recorded.sentEvents.push(event);
  }
  isDestroyed() {
    return this._win.destroyed;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents(this);
    this.url = undefined;
    this.shown = false;
    this.focused = false;
    this.minimized = false;
    this.destroyed = false;
    windows.push(this);
    recorded.windows.push(this);
    // Electron emits ready-to-show once the page has painted.
    setImmediate(() => this.emit('ready-to-show'));
  }
  static getAllWindows() {
    return windows.slice();
  }
  async loadURL(url) {
    this.url = url;
  }
  async loadFile(file) {
    this.url = `file://${file}`;
  }
  show() {
    this.shown = true;
    this.minimized = false;
  }
  focus() {
    this.focused = true;
  }
  restore() {
    this.minimized = false;
  }
  minimize() {
    this.minimized = true;
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  setProgressBar(progress) {
    recorded.progress.push(progress);
  }
  close() {
    this._close({ quitting: false });
  }
  _close({ quitting }) {
    if (this.destroyed) return;
    this.destroyed = true;
    windows.splice(windows.indexOf(this), 1);
    this.emit('closed');
    if (!quitting && windows.length === 0) {
      if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed');
      else app.quit();
    }
  }
}

// ---- IPC, protocol, session -------------------------------------------------------------------

export const ipcMain = {
  handle(channel, handler) {
    if (recorded.ipcHandlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    recorded.ipcHandlers.set(channel, handler);
  },
  removeHandler(channel) {
    recorded.ipcHandlers.delete(channel);
  },
  on() {},
};

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (app.isReady()) throw new Error('registerSchemesAsPrivileged must be called before ready');
    recorded.privilegedSchemes.push(...schemes);
  },
  handle(scheme, handler) {
    if (!app.isReady()) throw new Error('protocol.handle must be called after ready');
    recorded.protocolHandlers.set(scheme, handler);
  },
};

const defaultSession = {
  setPermissionRequestHandler(h) {
    recorded.permissionHandlers.push({ kind: 'request', handler: h });
  },
  setPermissionCheckHandler(h) {
    recorded.permissionHandlers.push({ kind: 'check', handler: h });
  },
  setDevicePermissionHandler(h) {
    recorded.permissionHandlers.push({ kind: 'device', handler: h });
  },
};
defaultSession.resolveProxy = async () => 'DIRECT';
export const session = { defaultSession };

// ---- utility processes ------------------------------------------------------------------------

const utilityRegister = fileURLToPath(new URL('./utilityRegister.mjs', import.meta.url));

/** Electron's UtilityProcess as a Node child process, with the `process.parentPort` Electron gives
 *  it (utilityRegister.mjs), messages as structured clones, and its end with the main process. */
class UtilityProcess extends EventEmitter {
  constructor(modulePath, args = [], options = {}) {
    super();
    const record = { modulePath, serviceName: options.serviceName, pid: undefined, alive: true };
    recorded.utilityProcesses.push(record);
    this._child = fork(modulePath, args, {
      execArgv: ['--import', utilityRegister, ...(options.execArgv ?? [])],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: options.env ?? process.env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    this.pid = this._child.pid;
    record.pid = this._child.pid;
    this._child.on('spawn', () => this.emit('spawn'));
    this._child.on('message', (m) => {
      if (m && typeof m === 'object' && 'standInDlopen' in m) {
        recorded.utilityDlopens.push(m.standInDlopen);
        return;
      }
      if (m && typeof m === 'object' && 'data' in m) this.emit('message', m.data);
    });
    this._child.on('exit', (code) => {
      record.alive = false;
      this.pid = undefined;
      this.emit('exit', code ?? 0);
    });
  }
  postMessage(message) {
    if (this._child.connected) this._child.send({ data: message });
  }
  kill() {
    return this._child.kill();
  }
}

export const utilityProcess = {
  fork(modulePath, args, options) {
    if (!app.isReady()) throw new Error('utilityProcess.fork must be called after ready');
    return new UtilityProcess(modulePath, args, options);
  },
};

// ---- menu, dialogs, shell, notifications, power -----------------------------------------------

export const Menu = {
  buildFromTemplate(template) {
    return { template };
  },
  setApplicationMenu(menu) {
    recorded.menu = menu;
  },
};

export const dialog = {
  async showOpenDialog() {
    return { canceled: true, filePaths: [] };
  },
  async showSaveDialog() {
    return { canceled: true };
  },
};

export const shell = {
  showItemInFolder(p) {
    recorded.shownInFolder.push(p);
  },
};

export class Notification extends EventEmitter {
  constructor({ title, body }) {
    super();
    this.title = title;
    this.body = body;
  }
  static isSupported() {
    return true;
  }
  show() {
    recorded.notifications.push({ title: this.title, body: this.body });
  }
}

let blockerId = 0;
export const powerSaveBlocker = {
  start(type) {
    blockerId++;
    recorded.powerSaveBlocker.push({ op: 'start', type, id: blockerId });
    return blockerId;
  },
  stop(id) {
    recorded.powerSaveBlocker.push({ op: 'stop', id });
  },
};

export default {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  session,
  Menu,
  dialog,
  shell,
  Notification,
  powerSaveBlocker,
  utilityProcess,
};

/** macOS's open-file: the app takes it by preventing its default. */
function openFile(filePath) {
  const event = preventable();
  app.emit('open-file', event, filePath);
  recorded.openFileTaken.push(event.defaultPrevented);
}

// Electron becomes ready after the main script has run its first turn. A file macOS asked the app
// to open when it started it comes before that (STAND_IN_OPEN_FILE).
setImmediate(() => {
  if (env.STAND_IN_OPEN_FILE) openFile(env.STAND_IN_OPEN_FILE);
  app._becomeReady();
});

// ---- the test's side --------------------------------------------------------------------------

function snapshot() {
  return {
    isPackaged,
    resourcesPath: process.resourcesPath,
    ready: app.isReady(),
    privilegedSchemes: recorded.privilegedSchemes,
    protocolHandlers: [...recorded.protocolHandlers.keys()],
    ipcHandlers: [...recorded.ipcHandlers.keys()],
    windows: recorded.windows.map((w) => ({
      options: w.options,
      url: w.url,
      shown: w.shown,
      focused: w.focused,
      minimized: w.minimized,
      destroyed: w.destroyed,
      denyWindowOpen: w.webContents.windowOpenHandler?.({ url: 'https://example.com' }),
      navigateListeners: w.webContents.listenerCount('will-navigate'),
    })),
    openWindows: windows.length,
    menu: recorded.menu ? recorded.menu.template : null,
    appUserModelId: recorded.appUserModelId,
    paths: recorded.paths,
    permissionHandlers: recorded.permissionHandlers.map((p) => p.kind),
    notifications: recorded.notifications,
    progress: recorded.progress,
    powerSaveBlocker: recorded.powerSaveBlocker,
    sent: recorded.sent,
    sentEvents: recorded.sentEvents,
    openFileTaken: recorded.openFileTaken,
    dlopens: globalThis.__standInDlopens ?? [],
    utilityProcesses: recorded.utilityProcesses,
    utilityDlopens: recorded.utilityDlopens,
    mainPid: process.pid,
  };
}

/** An IPC event from the window's top frame, one of its subframes, another page, or another sender. */
function ipcEvent(from) {
  const win = windows.at(-1);
  if (!win) throw new Error('no window is open');
  const top = { url: win.url, parent: null };
  switch (from.frame) {
    case 'top':
      return { sender: win.webContents, senderFrame: top };
    case 'subframe':
      return { sender: win.webContents, senderFrame: { url: win.url, parent: top } };
    case 'url':
      return { sender: win.webContents, senderFrame: { url: from.url, parent: null } };
    case 'other-sender':
      return { sender: new WebContents({ destroyed: false }), senderFrame: top };
    default:
      throw new Error(`unknown frame ${from.frame}`);
  }
}

async function perform(msg) {
  switch (msg.op) {
    case 'state':
      return snapshot();
    case 'invoke': {
      const handler = recorded.ipcHandlers.get(msg.channel);
      if (!handler) throw new Error(`no IPC handler for ${msg.channel}`);
      return handler(ipcEvent(msg.from), ...msg.args);
    }
    case 'fetch': {
      const scheme = new URL(msg.url).protocol.slice(0, -1);
      const handler = recorded.protocolHandlers.get(scheme);
      if (!handler) throw new Error(`no protocol handler for ${scheme}`);
      const res = await handler(new Request(msg.url));
      const body = Buffer.from(await res.arrayBuffer());
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers),
        text: body.toString('utf8'),
        length: body.length,
      };
    }
    case 'permission': {
      const found = recorded.permissionHandlers.find((p) => p.kind === msg.kind);
      if (msg.kind === 'request') {
        return new Promise((resolve) => found.handler({}, msg.permission, resolve, {}));
      }
      return found.handler({}, msg.permission, '', {});
    }
    case 'minimize':
      windows.at(-1)?.minimize();
      return null;
    case 'second-instance':
      app.emit(
        'second-instance',
        {},
        msg.argv ?? [process.execPath],
        msg.workingDirectory ?? process.cwd(),
        {},
      );
      return null;
    case 'open-file':
      openFile(msg.path);
      return null;
    case 'quit':
      app.quit();
      return null;
    case 'close-window':
      windows.at(-1)?.close();
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

if (process.send) {
  process.on('message', (msg) => {
    perform(msg).then(
      (value) => process.send({ id: msg.id, ok: true, value }),
      (error) => process.send({ id: msg.id, ok: false, error: String(error?.stack ?? error) }),
    );
  });
}
