// The only bridge between the sandboxed page and the app: `window.api.invoke` for the commands of
// the contract, `window.api.on` for its events, and `pathForFile` for a dropped file. ipcRenderer
// itself never reaches the page.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { IPC_DROPPED, IPC_EVENT, IPC_INVOKE } from './ipcChannels';
import { commandNames, eventNames } from '../../src-shared/contract';

const allowedCommands = new Set<string>(commandNames);
const allowedEvents = new Set<string>(eventNames);

contextBridge.exposeInMainWorld('api', {
  /** The path of a dropped file, so a dropped workbook is read in place (not copied). Only a
   *  real File the user dropped has one; main is told, and may then read that file. */
  async pathForFile(file: unknown) {
    if (!(file instanceof File)) return null;
    const p = webUtils.getPathForFile(file);
    if (!p) return null;
    return (await ipcRenderer.invoke(IPC_DROPPED, p)) === true ? p : null;
  },
  invoke(command: unknown, input: unknown) {
    if (typeof command !== 'string' || !allowedCommands.has(command)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown_command', message: 'The app does not know this command.' },
      });
    }
    return ipcRenderer.invoke(IPC_INVOKE, command, input);
  },
  on(event: unknown, listener: unknown) {
    if (typeof event !== 'string' || !allowedEvents.has(event) || typeof listener !== 'function') {
      return () => undefined;
    }
    const handler = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, handler);
    };
  },
});
