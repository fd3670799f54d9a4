// Copies the journal's write-ahead log back into the database file from a thread of its own.
//
// SQLite does this copy (a checkpoint) inside the commit that fills the log past its limit
// (open.ts: about 40 MB): that one commit then takes a few hundred milliseconds, during which the
// services answer nothing (a grid page, the job list). Here a worker thread with its own
// connection to the same file runs a passive checkpoint every second: it copies what no reader
// still needs and never waits for, nor blocks, the services' writes, so their commits stay short.
// A passive pass alone does not keep the log short while the services write without a pause (an
// import, a bulk fix): the log starts over only at a transaction that begins with every frame
// copied, and a pass racing their commits rarely leaves one, so the log grew to the limit and a
// commit copied the rest itself (100-130 ms in the services' loop, about once per two bulk
// operations). Past RESTART_AT_BYTES a pass therefore copies the last frames holding the write
// lock, taken only if free (the services wait for those few frames at most), and the services'
// next transaction starts the log over. The commit's own checkpoint at the limit stays as the
// backstop for a log this thread could not keep up with.
//
// The worker's code is given as text (no file of its own to find in a bundle or a package) and
// loads better-sqlite3 from the path this module resolves: in a packaged app, from beside the
// archive (app.asar.unpacked, where the package puts it), since a worker thread need not read
// inside the archive.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('fullfsync = ON');
db.pragma('checkpoint_fullfsync = ON');
const pageSize = Number(db.pragma('page_size', { simple: true })) || 1024;
const restartFrames = Math.max(1, Math.floor(workerData.restartAtBytes / pageSize));
let passes = 0;
let restarts = 0;
let timer;
let stopped = false;
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')')[0];
function pass() {
  let next = workerData.everyMs;
  try {
    let r = checkpoint('PASSIVE');
    // A log past restartFrames while the services keep writing: the passive passes copy it,
    // but the services only start it over from its beginning when one of their transactions
    // begins with every frame copied, which a pass racing their commits may never leave; the
    // log would grow to the commits' own checkpoint limit, and that commit would copy (and
    // sync) a second of writes inside the services' loop. So the rest is copied holding the
    // write lock (RESTART), never waiting for it: the services' writes wait only for the few
    // frames written since the passive pass, and their next transaction starts the log over.
    if (r.log >= restartFrames) {
      // What the services wrote during a long pass, copied without the lock first: each pass
      // copies only what came during the one before, and is quicker.
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        r = checkpoint('PASSIVE');
        if (performance.now() - t0 < workerData.quickPassMs) break;
      }
      db.pragma('busy_timeout = 0');
      try {
        r = checkpoint('RESTART');
      } finally {
        db.pragma('busy_timeout = 5000');
      }
      // The services were inside a transaction: passes follow each other closely until one
      // finds them between two (each passive one copies the little written since the last, so
      // a commit's own checkpoint, should the log reach its limit first, has little left).
      if (r.busy) next = Math.min(next, workerData.retryMs);
      else restarts++;
    }
    passes++;
    if (workerData.report)
      parentPort.postMessage({ passes, frames: r.log, copied: r.checkpointed, restarts });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
  if (!stopped) timer = setTimeout(pass, next);
}
timer = setTimeout(pass, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  stopped = true;
  clearTimeout(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

/** The log's length from which a pass copies its rest holding the write lock: well under the
 *  commits' own checkpoint limit (open.ts, 40 MB), which a log growing by up to a second of
 *  writes (an import: about 10 MB) between two passes must not reach. */
const RESTART_AT_BYTES = 8 * 1024 * 1024;
/** How soon a pass that found the services inside a transaction tries again. */
const RETRY_MS = 20;
/** A passive pass this quick left little for the pass holding the lock to copy. */
const QUICK_PASS_MS = 10;

export interface CheckpointPass {
  passes: number;
  /** Frames in the log, and frames copied into the file so far. */
  frames: number;
  copied: number;
  /** Passes that copied the rest of a long log holding the write lock, so far. */
  restarts: number;
}

export interface Checkpointer {
  /** Asks the thread to stop; resolves once it has closed its connection and ended (a caller
   *  that goes on with the file itself, such as a test removing the log, waits for it). */
  stop(): Promise<void>;
}

/** Where the worker loads better-sqlite3 from: outside the app's archive when packaged. */
function sqliteModule(): string {
  const resolved = createRequire(import.meta.url).resolve('better-sqlite3');
  const marker = `${path.sep}app.asar${path.sep}`;
  if (!resolved.includes(marker)) return resolved;
  const unpacked = resolved.replace(marker, `${path.sep}app.asar.unpacked${path.sep}`);
  return existsSync(unpacked) ? unpacked : resolved;
}

export function startCheckpointer(
  file: string,
  options: {
    everyMs?: number;
    /** A log this long is copied to its end holding the write lock (see the worker). */
    restartAtBytes?: number;
    onPass?: (pass: CheckpointPass) => void;
  } = {},
): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      module: sqliteModule(),
      file,
      everyMs: options.everyMs ?? 1_000,
      restartAtBytes: options.restartAtBytes ?? RESTART_AT_BYTES,
      retryMs: RETRY_MS,
      quickPassMs: QUICK_PASS_MS,
      report: options.onPass !== undefined,
    },
  });
  // The services' process may end while it runs: it never keeps the process alive.
  worker.unref();
  worker.on('message', (m: CheckpointPass | { error: string }) => {
    if ('error' in m) console.error(`journal checkpoint: ${m.error}`);
    else options.onPass?.(m);
  });
  // A worker that fails leaves the checkpoints to the commits, as without it.
  worker.on('error', (e) => console.error(`journal checkpoint thread: ${e.message}`));
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop() {
      // Waited for, it keeps the process alive until it has ended (it is unref'd while it runs).
      worker.ref();
      worker.postMessage('stop');
      return ended;
    },
  };
}
