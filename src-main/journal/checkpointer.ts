// Copies the journal's write-ahead log back into the database file from a thread of its own.
//
// SQLite does this copy (a checkpoint) inside the commit that fills the log past its limit
// (open.ts: about 40 MB): that one commit then takes a few hundred milliseconds, during which the
// services answer nothing (a grid page, the job list). Here a worker thread with its own
// connection to the same file runs a passive checkpoint every second: it copies what no reader
// still needs and never waits for, nor blocks, the services' writes, so their commits stay short.
// The commit's own checkpoint at the limit stays as the backstop for a log this thread could not
// keep up with.
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
let passes = 0;
const timer = setInterval(() => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    passes++;
    if (workerData.report) parentPort.postMessage({ passes, frames: r.log, copied: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

export interface CheckpointPass {
  passes: number;
  /** Frames in the log, and frames copied into the file so far. */
  frames: number;
  copied: number;
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
  options: { everyMs?: number; onPass?: (pass: CheckpointPass) => void } = {},
): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      module: sqliteModule(),
      file,
      everyMs: options.everyMs ?? 1_000,
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
      worker.postMessage('stop');
      return ended;
    },
  };
}
