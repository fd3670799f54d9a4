// The services' side of their own process: made from the front door's start message, they answer
// its calls and send it their events. What only the front door can do (a file dialog, the
// system's proxy settings, the taskbar, notifications) is asked of it over the same channel.
// Nothing here blocks the front door's thread: however long a command works, the window that sent
// it keeps scrolling, and its Pause button is heard as soon as the services' loop is free.
import { appError, err } from '../../../src-shared/errors';
import { MemorySecretStore } from '../../api/secrets';
import { environmentTransport, systemTransport } from '../../api/transport';
import { createAppServices, type AppServices } from '../appServices';
import { watchJobsForDesktop } from '../desktopSignals';
import { packAnswer } from './packRows';
import type { Ask, DesktopCall, FromServices, MessagePortLike, ToServices } from './protocol';

export interface ServeOptions {
  /** Called once the services have closed (the process then exits). */
  onClosed?: () => void;
}

export function serveServices(port: MessagePortLike, options: ServeOptions = {}): void {
  const send = (message: FromServices) => port.post(message);
  let services: AppServices | undefined;
  let nextAsk = 0;
  const asked = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  const ask = <T>(question: Ask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextAsk;
      asked.set(id, { resolve: resolve as (value: unknown) => void, reject });
      send({ t: 'ask', id, ask: question });
    });
  const desktop = (call: DesktopCall) => send({ t: 'desktop', call });

  port.onMessage((raw) => {
    const message = raw as ToServices;
    switch (message.t) {
      case 'start': {
        if (services) return;
        const o = message.options;
        services = createAppServices({
          dataDir: o.dataDir,
          transport: o.transport,
          ...(o.locale ? { locale: o.locale } : {}),
          ...(o.secrets === 'memory' ? { secrets: new MemorySecretStore() } : {}),
          network:
            o.network === 'system'
              ? systemTransport((url) => ask<string>({ what: 'resolveProxy', url }))
              : environmentTransport(),
          ...(o.desktop
            ? {
                desktop: {
                  chooseFile: (purpose, defaultPath) =>
                    ask<string | null>({
                      what: 'chooseFile',
                      purpose,
                      ...(defaultPath ? { defaultPath } : {}),
                    }),
                  showInFolder: (path) => desktop({ what: 'showInFolder', path }),
                },
              }
            : {}),
        });
        services.bus.subscribe((event, payload) => send({ t: 'event', event, payload }));
        if (o.desktop) {
          const supported = o.desktop.notificationsSupported;
          watchJobsForDesktop(services, {
            setProgress: (fraction) => desktop({ what: 'setProgress', fraction }),
            keepAwake: (on) => desktop({ what: 'keepAwake', on }),
            notify: (notification) => desktop({ what: 'notify', notification }),
            notificationsSupported: () => supported,
          });
        }
        send({ t: 'ready', pid: process.pid });
        return;
      }
      case 'call': {
        const { id } = message;
        if (!services) {
          send({ t: 'result', id, result: err(appError('internal')) });
          return;
        }
        void services.router.dispatch(message.command, message.input).then((result) => {
          if (!result.ok) return send({ t: 'result', id, result });
          const { value, packed } = packAnswer(result.value);
          send({ t: 'result', id, result: { ok: true, value }, ...(packed ? { packed } : {}) });
        });
        return;
      }
      case 'grant':
        services?.grants.grantRead(message.path);
        return;
      case 'open':
        services?.opened.open(message.path);
        return;
      case 'takeDownload':
        send({
          t: 'download',
          id: message.id,
          download: services?.downloads.take(message.urlPath) ?? null,
        });
        return;
      case 'answer': {
        const waiting = asked.get(message.id);
        asked.delete(message.id);
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.value);
        return;
      }
      case 'close': {
        const closing = services ? services.close() : Promise.resolve();
        void closing
          .catch((e: unknown) => send({ t: 'fatal', message: String(e) }))
          .finally(() => {
            send({ t: 'closed' });
            options.onClosed?.();
          });
        return;
      }
    }
  });
}
