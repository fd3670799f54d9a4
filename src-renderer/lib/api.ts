// The renderer's one door to the services. In Electron the preload has put `window.api` in
// place; in a browser served by the browser host we build the same object over a WebSocket.
import type { WindowApi } from '../../src-shared/contract';
import { createWsApi, takeSecret } from './wsApi';

declare global {
  interface Window {
    api?: WindowApi;
  }
}

function resolveApi(): WindowApi | undefined {
  if (window.api) return window.api;
  const secret = takeSecret();
  return secret ? createWsApi(secret) : undefined;
}

export const api: WindowApi | undefined = resolveApi();
