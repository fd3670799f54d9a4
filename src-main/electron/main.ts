// The desktop front door: one window, locked down, adapting the services to Electron IPC. All app
// logic lives in the services, which run in a process of their own (Electron's utility process,
// servicesMain.ts): this process only does what needs Electron and passes messages, so the
// window never waits for the journal, a workbook or the engine.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  powerSaveBlocker,
  protocol,
  session,
  shell,
  utilityProcess,
  type IpcMainInvokeEvent,
  type MenuItemConstructorOptions,
} from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appError, err } from '../../src-shared/errors';
import type { DesktopNotification } from '../services/desktopSignals';
import { defaultDataDir } from '../services/paths';
import { startRemoteServices, type RemoteServices } from '../services/remote/client';
import type { Ask, DesktopCall } from '../services/remote/protocol';
import { APP_ID, APP_PAGE_URL, APP_SCHEME, isAppUrl, serveRendererFile } from './appScheme';
import { IPC_DROPPED, IPC_EVENT, IPC_INVOKE } from './ipcChannels';
import { SUPPLIER_LIST_EXTENSIONS, supplierListPath, supplierListsInArgv } from './launchFiles';

const here = path.dirname(fileURLToPath(import.meta.url));
// `npm start` serves the page from electron-vite's dev server; otherwise it comes from the built
// renderer folder through our own scheme (inside app.asar when packaged).
const devServerUrl = (!app.isPackaged && process.env['ELECTRON_RENDERER_URL']) || undefined;
const rendererDir = path.join(here, '../renderer');
const rendererUrl = devServerUrl ?? APP_PAGE_URL;
/** How long quitting waits for running jobs to pause before it exits anyway. */
const QUIT_GRACE_MS = 10_000;

// Before the app is ready: our scheme is a standard, secure origin the page's CSP calls 'self'.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true },
  },
]);
// Windows ties notifications and taskbar entries to this id; it is electron-builder's appId.
app.setAppUserModelId(APP_ID);

// The same data folder as the command line and the browser host, so jobs are shared.
const dataDir = defaultDataDir();
app.setPath('userData', dataDir);

let mainWindow: BrowserWindow | undefined;
let services: RemoteServices | undefined;
/** Supplier lists the system asked to open before the services were there (the first launch's
 *  command line, macOS's open-file at start): handed over once they are. */
const openedEarly: string[] = [];

/** Only our own page, in our own window, may call the services. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!mainWindow || event.sender !== mainWindow.webContents || !frame) return false;
  if (frame.parent !== null) return false;
  try {
    return devServerUrl
      ? new URL(frame.url).origin === new URL(devServerUrl).origin
      : isAppUrl(frame.url);
  } catch {
    return false;
  }
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Supplier Onboarding',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== rendererUrl) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  void win.loadURL(rendererUrl);
  return win;
}

/**
 * The application menu. Packaged, it has no developer tools (nor their shortcut) and no reload;
 * from the project (`npm start`), Electron's default menu with its developer tools stays.
 */
function applicationMenu(): void {
  if (!app.isPackaged) return;
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function lockDownSessions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}

/** Brings our window to the front, restoring it when minimised; opens one when there is none. */
function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    mainWindow = createWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/**
 * Supplier lists the system asked the app to open (launchFiles.ts): the services grant each to be
 * read and tell the page, which shows the newest on the Import screen; the window comes to the
 * front.
 */
function openFromSystem(files: readonly string[]): void {
  if (files.length === 0) return;
  if (!services) {
    openedEarly.push(...files);
    return;
  }
  for (const file of files) services.open(file);
  showWindow();
}

/**
 * What only a desktop can do while jobs run, with Electron's APIs: progress in the taskbar, keeping
 * the machine from suspending, and notifications that bring the window back when clicked. When
 * to do which is decided by the services (`services/desktopSignals.ts`), which send these calls.
 */
function desktopCalls(): (call: DesktopCall) => void {
  let blocker: number | undefined;
  // Shown notifications are kept until they are clicked or closed: one collected as garbage
  // would no longer answer a click.
  const shown = new Set<Notification>();
  const notify = ({ title, body }: DesktopNotification) => {
    const notification = new Notification({ title, body });
    shown.add(notification);
    const forget = () => shown.delete(notification);
    notification.on('click', () => {
      forget();
      showWindow();
    });
    notification.on('close', forget);
    notification.on('failed', forget);
    notification.show();
  };
  return (call) => {
    switch (call.what) {
      case 'setProgress':
        if (mainWindow && !mainWindow.isDestroyed()) mainWindow.setProgressBar(call.fraction ?? -1);
        return;
      case 'keepAwake':
        if (call.on && blocker === undefined) {
          blocker = powerSaveBlocker.start('prevent-app-suspension');
        } else if (!call.on && blocker !== undefined) {
          powerSaveBlocker.stop(blocker);
          blocker = undefined;
        }
        return;
      case 'notify':
        notify(call.notification);
        return;
      case 'showInFolder':
        shell.showItemInFolder(call.path);
        return;
    }
  };
}

/** The file dialogs, and the system's proxy for an address (PAC included): what the services
 *  ask of this process. */
async function answer(ask: Ask): Promise<unknown> {
  if (ask.what === 'resolveProxy') return session.defaultSession.resolveProxy(ask.url);
  const filters = [{ name: 'Supplier lists', extensions: [...SUPPLIER_LIST_EXTENSIONS] }];
  if (ask.purpose === 'import') {
    const r = mainWindow
      ? await dialog.showOpenDialog(mainWindow, { properties: ['openFile'], filters })
      : await dialog.showOpenDialog({ properties: ['openFile'], filters });
    return r.canceled ? null : (r.filePaths[0] ?? null);
  }
  const options = {
    filters: [
      { name: 'Excel workbook', extensions: ['xlsx'] },
      { name: 'CSV', extensions: ['csv'] },
    ],
    ...(ask.defaultPath ? { defaultPath: ask.defaultPath } : {}),
  };
  const r = mainWindow
    ? await dialog.showSaveDialog(mainWindow, options)
    : await dialog.showSaveDialog(options);
  return r.canceled ? null : (r.filePath ?? null);
}

/** The services' own process: Electron's utility process running servicesMain.ts. */
function servicesProcess() {
  const child = utilityProcess.fork(path.join(here, 'services.js'), [], {
    serviceName: 'Supplier Onboarding services',
    stdio: 'inherit',
  });
  return {
    port: {
      post: (message: unknown) => child.postMessage(message),
      onMessage: (listener: (message: unknown) => void) => child.on('message', listener),
    },
    pid: () => child.pid,
    onExit: (listener: (code: number | null) => void) => child.once('exit', listener),
    kill: () => void child.kill(),
  };
}

if (!app.requestSingleInstanceLock()) {
  // A second launch hands over to the first window and quits: one journal, one writer.
  app.quit();
} else {
  // A second launch brings our window back, or opens one when it was closed (macOS keeps running),
  // with the supplier list it was asked to open (Windows, Linux: on its command line).
  app.on('second-instance', (_event, argv, workingDirectory) => {
    const files = supplierListsInArgv(argv, workingDirectory);
    if (files.length > 0) openFromSystem(files);
    else if (services) showWindow();
  });
  // macOS hands a file to open to the running app, also the one it starts for it (then before
  // ready): registered before ready, as Electron asks.
  app.on('open-file', (event, filePath) => {
    event.preventDefault();
    const file = supplierListPath(filePath, process.cwd());
    if (file) openFromSystem([file]);
  });
  // Windows and Linux start the app with the file on its command line.
  openFromSystem(supplierListsInArgv(process.argv, process.cwd()));

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(() => {
    lockDownSessions();
    protocol.handle(APP_SCHEME, (request) => serveRendererFile(rendererDir, request.url));
    applicationMenu();
    services = startRemoteServices({
      spawn: servicesProcess,
      start: {
        dataDir,
        transport: 'electron',
        locale: app.getLocale(),
        // The system's proxy settings (PAC included) for each address, asked of this process,
        // and its certificate store besides Node's: a company's proxy and root certificate work
        // without any setting here.
        network: 'system',
        desktop: { notificationsSupported: Notification.isSupported() },
      },
      answer,
      desktop: desktopCalls(),
      log: (line) => console.error(line),
    });
    ipcMain.handle(IPC_INVOKE, async (event, command: unknown, input: unknown) => {
      if (!isTrustedSender(event)) return err(appError('unauthorized_transport'));
      return services!.dispatch(command, input);
    });
    // A file the user dropped on the window may be read: only our page's preload sends this, with
    // the path Electron gave for a genuine dropped File.
    ipcMain.handle(IPC_DROPPED, (event, filePath: unknown) => {
      if (!isTrustedSender(event)) return false;
      if (typeof filePath !== 'string' || filePath.length > 4096 || !path.isAbsolute(filePath))
        return false;
      services!.grantRead(filePath);
      return true;
    });
    services.subscribe((event, payload) => {
      if (mainWindow && !mainWindow.isDestroyed())
        mainWindow.webContents.send(IPC_EVENT, event, payload);
    });
    // The page takes what the system asked to open before now when it starts.
    for (const file of openedEarly.splice(0)) services.open(file);
    mainWindow = createWindow();
    app.on('activate', () => {
      if (!mainWindow) mainWindow = createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting pauses every running job first, so requests in flight are recorded; a pause that
  // hangs (an API that never answers) does not keep the app from quitting.
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !services) return;
    event.preventDefault();
    quitting = true;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, QUIT_GRACE_MS);
    });
    void Promise.race([services.close().catch(() => undefined), grace]).finally(() => {
      clearTimeout(timer);
      app.exit(0);
    });
  });
}
