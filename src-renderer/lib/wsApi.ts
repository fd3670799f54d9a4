// `window.api` over the browser host's WebSocket: the same interface the Electron preload gives.
import {
  WS_PROTOCOL,
  WS_SECRET_PREFIX,
  type CommandName,
  type EventName,
  type WindowApi,
  type WsServerFrame,
} from '../../src-shared/contract';
import type { Result } from '../../src-shared/errors';

const SECRET_KEY = 'supplier-onboarding.secret';

/** Takes the per-launch secret from the URL fragment (then removes it from the address bar), or
 *  from this tab's session storage after a reload. */
export function takeSecret(): string | undefined {
  const match = /(?:^#|&)secret=([0-9a-f]+)/.exec(location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(SECRET_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
    return match[1];
  }
  return sessionStorage.getItem(SECRET_KEY) ?? undefined;
}

const transportError = (message: string): Result<never> => ({
  ok: false,
  error: { code: 'unauthorized_transport', message },
});

export function createWsApi(secret: string): WindowApi {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api`;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket | undefined;
  let opened: Promise<WebSocket> | undefined;
  let retryMs = 250;

  const connect = (): Promise<WebSocket> => {
    opened ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, [WS_PROTOCOL, WS_SECRET_PREFIX + secret]);
      let isOpen = false;
      ws.onopen = () => {
        isOpen = true;
        retryMs = 250;
        socket = ws;
        resolve(ws);
      };
      ws.onmessage = (msg) => {
        const frame = JSON.parse(String(msg.data)) as WsServerFrame;
        if (frame.type === 'result') {
          pending.get(frame.id)?.(frame.result);
          pending.delete(frame.id);
        } else {
          for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
        }
      };
      ws.onclose = () => {
        socket = undefined;
        opened = undefined;
        for (const [id, settle] of pending) {
          settle(
            transportError(
              'The connection to the app was lost. Reload the page; your jobs continue where they were.',
            ),
          );
          pending.delete(id);
        }
        if (!isOpen) {
          reject(new Error('closed'));
          return;
        }
        // Reconnect so that events keep flowing after a network hiccup or a host restart.
        setTimeout(() => void connect().catch(() => undefined), retryMs);
        retryMs = Math.min(retryMs * 2, 5_000);
      };
    });
    return opened;
  };
  void connect().catch(() => undefined);

  return {
    async invoke<C extends CommandName>(command: C, input: unknown) {
      let ws: WebSocket;
      try {
        ws = socket ?? (await connect());
      } catch {
        return transportError(
          'The page cannot reach the app. Start it again with "npm run host" and open the address it prints.',
        ) as never;
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (r: Result<unknown>) => void);
        ws.send(JSON.stringify({ type: 'invoke', id, command, input }));
      });
    },
    on<E extends EventName>(event: E, listener: (payload: never) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  } as WindowApi;
}
