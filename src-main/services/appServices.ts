// The services behind the contract, free of Electron and of any transport. Each front door builds
// one of these and adapts it: Electron IPC, the browser host's WebSocket, or direct calls (CLI).
import { randomUUID } from 'node:crypto';
import type { AppInfo } from '../../src-shared/contract';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import { EventBus } from './eventBus';
import { journalPathFor } from './paths';
import { createRouter, type CommandRouter } from './router';
import { APP_VERSION } from './version';

export interface AppServicesOptions {
  dataDir: string;
  transport: AppInfo['transport'];
  locale?: string;
  clock?: Clock;
}

export interface AppServices {
  readonly bus: EventBus;
  readonly router: CommandRouter;
  info(): AppInfo;
  /** Stops background work (running demo streams today; jobs later). */
  close(): Promise<void>;
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const clock = options.clock ?? systemClock;
  const bus = new EventBus();
  const stop = new AbortController();
  const running = new Set<Promise<void>>();

  const info = (): AppInfo => ({
    name: 'Supplier Onboarding',
    version: APP_VERSION,
    dataDir: options.dataDir,
    journalPath: journalPathFor(options.dataDir),
    transport: options.transport,
    locale: options.locale ?? Intl.DateTimeFormat().resolvedOptions().locale,
  });

  const router = createRouter(
    {
      'app:info': () => info(),
      'demo:ping': ({ steps, intervalMs }) => {
        const runId = randomUUID();
        const task = (async () => {
          for (let step = 1; step <= steps; step++) {
            await clock.sleep(intervalMs, stop.signal);
            bus.emit('demo:progress', { runId, step, steps, done: step === steps });
          }
        })().catch(() => undefined);
        running.add(task);
        void task.finally(() => running.delete(task));
        return { runId, steps };
      },
    },
    (e) => console.error('command failed:', e instanceof Error ? (e.stack ?? e.message) : e),
  );

  return {
    bus,
    router,
    info,
    async close() {
      stop.abort(new Error('closing'));
      await Promise.allSettled([...running]);
    },
  };
}
