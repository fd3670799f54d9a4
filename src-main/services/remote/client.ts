// The front door's side of the services' own process: commands go there and their answers come
// back, its events are handed to the front door's listeners, and what it asks of the front door
// (a file dialog, the system's proxy for an address) is answered here. The front door's thread
// only passes messages, so it never waits for the journal, a workbook or the engine.
//
// Should the process end without being asked to (a crash of a native module, the system killing
// it), the commands waiting for it are answered with an internal error and a new process is
// started on the same data folder: the journal is made to be reopened after any crash, and the
// files the user chose in this run are granted again. After three such ends within a minute it
// is not started again, and every command is answered with the error.
import { appError, err, type Result } from '../../../src-shared/errors';
import type { Download } from '../downloads';
import type { EventListener } from '../eventBus';
import type { ServicesFront } from '../front';
import { unpackAnswer } from './packRows';
import type {
  Ask,
  DesktopCall,
  FromServices,
  MessagePortLike,
  StartOptions,
  ToServices,
} from './protocol';

/** A started services process, however the front door starts one. */
export interface ServicesChild {
  readonly port: MessagePortLike;
  pid(): number | undefined;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export interface RemoteServicesOptions {
  spawn(): ServicesChild;
  start: StartOptions;
  /** Answers to what the services ask (a file dialog, the system's proxy). */
  answer?: (ask: Ask) => Promise<unknown>;
  /** What the services tell the desktop to do. */
  desktop?: (call: DesktopCall) => void;
  log?: (line: string) => void;
}

export interface RemoteServices extends ServicesFront {
  /** The services process's id once it said it is ready. */
  ready(): Promise<number>;
}

const RESTARTS = { max: 3, withinMs: 60_000 };

export function startRemoteServices(o: RemoteServicesOptions): RemoteServices {
  const log = o.log ?? (() => undefined);
  const listeners = new Set<EventListener>();
  const granted = new Set<string>();
  const calls = new Map<number, (result: Result<unknown>) => void>();
  const downloads = new Map<number, (download: Download | undefined) => void>();
  let nextId = 0;
  let closing: Promise<void> | undefined;
  let closeWaiter: () => Promise<void> = async () => undefined;
  let gaveUp = false;
  const ends: number[] = [];
  let child: ServicesChild;
  let readyPid!: Promise<number>;

  const post = (message: ToServices) => {
    try {
      child.port.post(message);
    } catch (e) {
      // A process that is ending: its end answers whatever waits for it.
      log(`could not reach the services process: ${String(e)}`);
    }
  };

  function launch(): void {
    const started = o.spawn();
    child = started;
    let resolveReady!: (pid: number) => void;
    readyPid = new Promise<number>((resolve) => (resolveReady = resolve));
    let closed: (() => void) | undefined;
    started.port.onMessage((raw) => {
      const message = raw as FromServices;
      switch (message.t) {
        case 'ready':
          resolveReady(message.pid);
          return;
        case 'result': {
          const resolve = calls.get(message.id);
          calls.delete(message.id);
          const { result, packed } = message;
          resolve?.(result.ok ? { ok: true, value: unpackAnswer(result.value, packed) } : result);
          return;
        }
        case 'download': {
          const resolve = downloads.get(message.id);
          downloads.delete(message.id);
          resolve?.(message.download ?? undefined);
          return;
        }
        case 'event':
          for (const listener of listeners) {
            try {
              listener(message.event, message.payload as never);
            } catch (e) {
              log(`event listener failed for ${message.event}: ${String(e)}`);
            }
          }
          return;
        case 'ask': {
          const { id } = message;
          const answering = o.answer
            ? o.answer(message.ask)
            : Promise.reject(new Error(`nothing answers ${message.ask.what}`));
          answering.then(
            (value) => post({ t: 'answer', id, value }),
            (e: unknown) =>
              post({
                t: 'answer',
                id,
                value: null,
                error: e instanceof Error ? e.message : String(e),
              }),
          );
          return;
        }
        case 'desktop':
          o.desktop?.(message.call);
          return;
        case 'fatal':
          log(`the services reported: ${message.message}`);
          return;
        case 'closed':
          closed?.();
          return;
      }
    });
    started.onExit((code) => {
      if (child !== started) return;
      // Whatever waited for this process gets its answer now.
      for (const resolve of calls.values()) resolve(err(appError('internal')));
      calls.clear();
      for (const resolve of downloads.values()) resolve(undefined);
      downloads.clear();
      if (closing) return;
      const now = Date.now();
      ends.push(now);
      while (ends.length > 0 && now - ends[0]! > RESTARTS.withinMs) ends.shift();
      if (ends.length >= RESTARTS.max) {
        gaveUp = true;
        log(
          `the services process ended (${code}) ${ends.length} times within a minute; not restarted`,
        );
        return;
      }
      log(`the services process ended (${code}); starting it again`);
      launch();
    });
    post({ t: 'start', options: o.start });
    for (const filePath of granted) post({ t: 'grant', path: filePath });
    closeWaiter = () =>
      new Promise<void>((resolve) => {
        closed = resolve;
        started.onExit(() => resolve());
      });
  }
  launch();

  return {
    ready: () => readyPid,
    dispatch(command, input) {
      if (gaveUp || closing) return Promise.resolve(err(appError('internal')));
      const id = ++nextId;
      return new Promise((resolve) => {
        calls.set(id, resolve);
        post({ t: 'call', id, command, input });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    grantRead(filePath) {
      granted.add(filePath);
      if (!gaveUp) post({ t: 'grant', path: filePath });
    },
    open(filePath) {
      if (!gaveUp) post({ t: 'open', path: filePath });
    },
    takeDownload(urlPath) {
      if (gaveUp || closing) return Promise.resolve(undefined);
      const id = ++nextId;
      return new Promise((resolve) => {
        downloads.set(id, resolve);
        post({ t: 'takeDownload', id, urlPath });
      });
    },
    close() {
      closing ??= (async () => {
        if (gaveUp) return;
        const done = closeWaiter();
        post({ t: 'close' });
        await done;
        child.kill();
      })();
      return closing;
    },
  };
}
