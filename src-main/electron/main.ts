// The desktop front door: one window, locked down, adapting the services to Electron IPC. All app
// logic lives in the services; this file only does what needs Electron.
import { app, BrowserWindow, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appError, err } from '../../src-shared/errors';
import { createAppServices, type AppServices } from '../services/appServices';
import { defaultDataDir } from '../services/paths';
import { IPC_EVENT, IPC_INVOKE } from './ipcChannels';

const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const rendererFile = path.join(here, '../renderer/index.html');
const rendererUrl = devServerUrl ?? pathToFileURL(rendererFile).toString();

// The same data folder as the command line and the browser host, so jobs are shared.
const dataDir = defaultDataDir();
app.setPath('userData', dataDir);

let mainWindow: BrowserWindow | undefined;
let services: AppServices | undefined;

/** Only our own page, in our own window, may call the services. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!mainWindow || event.sender !== mainWindow.webContents || !frame) return false;
  if (frame.parent !== null) return false;
  try {
    const url = new URL(frame.url);
    const expected = new URL(rendererUrl);
    return devServerUrl
      ? url.origin === expected.origin
      : url.protocol === 'file:' && url.pathname === expected.pathname;
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
  void (devServerUrl ? win.loadURL(devServerUrl) : win.loadFile(rendererFile));
  return win;
}

function lockDownSessions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}

if (!app.requestSingleInstanceLock()) {
  // A second launch hands over to the first window and quits: one journal, one writer.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(() => {
    lockDownSessions();
    services = createAppServices({ dataDir, transport: 'electron', locale: app.getLocale() });
    ipcMain.handle(IPC_INVOKE, async (event, command: unknown, input: unknown) => {
      if (!isTrustedSender(event)) return err(appError('unauthorized_transport'));
      return services!.router.dispatch(command, input);
    });
    services.bus.subscribe((event, payload) => {
      if (mainWindow && !mainWindow.isDestroyed())
        mainWindow.webContents.send(IPC_EVENT, event, payload);
    });
    mainWindow = createWindow();
    mainWindow.on('closed', () => (mainWindow = undefined));
    app.on('activate', () => {
      if (!mainWindow) mainWindow = createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('before-quit', () => {
    void services?.close();
  });
}
