// What a front door (the desktop's main process, the browser host) needs of the services, whether
// they run in its own process (tests) or in a process of their own (the app: services/remote/).
import type { Result } from '../../src-shared/errors';
import type { AppServices } from './core';
import type { Download } from './downloads';
import type { EventListener } from './eventBus';

export interface ServicesFront {
  /** A command of the contract, answered as a Result (never thrown). */
  dispatch(command: unknown, input: unknown): Promise<Result<unknown>>;
  /** The services' events, as they are emitted. */
  subscribe(listener: EventListener): () => void;
  /** A file the user chose outside the commands (dropped on the window) may be read. */
  grantRead(filePath: string): void;
  /** A supplier list the system asked the app to open. */
  open(filePath: string): void;
  /** The file behind a one-time download address, once (browser host). */
  takeDownload(urlPath: string): Promise<Download | undefined>;
  /** Pauses running jobs and closes the journal. */
  close(): Promise<void>;
}

/** The services of this very process, as a front door sees them. */
export function localFront(services: AppServices): ServicesFront {
  return {
    dispatch: (command, input) => services.router.dispatch(command, input),
    subscribe: (listener) => services.bus.subscribe(listener),
    grantRead: (filePath) => void services.grants.grantRead(filePath),
    open: (filePath) => services.opened.open(filePath),
    takeDownload: async (urlPath) => services.downloads.take(urlPath),
    close: () => services.close(),
  };
}
