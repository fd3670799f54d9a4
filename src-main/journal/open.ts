// Opening the journal's file: the connection's settings (page size, WAL, how durable a commit
// is, the checkpoint's pace) and the migrations. The Journal (journal.ts) is made over it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { AppFailure, appError, fail } from '../../src-shared/errors';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, type MigrationReport } from './migrate';

export interface OpenJournalOptions {
  path: string;
  /** Where the drizzle-kit migrations are; defaults to DEFAULT_MIGRATIONS_DIR (found beside the
   *  source, the bundle or the packaged resources). */
  migrationsDir?: string;
  clock?: Clock;
  busyTimeoutMs?: number;
  /** Checkpoints run by a thread of their own (checkpointer.ts), so no commit of the services
   *  waits for one; the app's services ask for it. */
  checkpointInBackground?: boolean;
}

/** Bytes per page of a new journal. Every commit writes each page it changed whole to the WAL,
 *  and the engine's commits change a few bytes on each of a dozen pages, so smaller pages write
 *  fewer bytes (bench:journal). A row of more than about 1 KB spills into an overflow page. An
 *  existing journal keeps the page size it was made with (see docs/architecture.md). */
const PAGE_SIZE = 1_024;
/** The WAL's size before SQLite copies its pages back into the database file (a page count, by
 *  the journal's page size). A page changed many times between two checkpoints is copied once:
 *  fewer checkpoints, fewer bytes written, for a WAL of up to about 40 MB (reused after each
 *  checkpoint, removed when the journal closes). */
const WAL_AUTOCHECKPOINT_BYTES = 40 * 1024 * 1024;
/** The page cache, in KiB (negative: a size, not a page count). */
const CACHE_SIZE = -32_768;

/** Opens (and creates or updates) the journal's file. Throws an AppFailure when the file cannot be
 *  used; the file is then left as it was. */
export function openDatabase(options: OpenJournalOptions): {
  sqlite: BetterSqlite3.Database;
  clock: Clock;
  migration: MigrationReport;
} {
  const clock = options.clock ?? systemClock;
  let sqlite: BetterSqlite3.Database;
  try {
    fs.mkdirSync(path.dirname(options.path), { recursive: true });
    sqlite = new Database(options.path);
  } catch (e) {
    fail(
      'internal',
      'The journal file could not be opened. Check that the data folder exists and is writable, then restart the app.',
      { journal: options.path, cause: e instanceof Error ? e.message : String(e) },
    );
  }
  try {
    // Taken only by a new, empty file (before its first write): see PAGE_SIZE.
    sqlite.pragma(`page_size = ${PAGE_SIZE}`);
    sqlite.pragma('journal_mode = WAL');
    // NORMAL: in WAL mode a commit reaches the OS at once (a crash of the app loses nothing) and
    // the disk at the next fsync; a power cut can undo the last commits, never part of one and
    // never one older than a commit that survived (the WAL is replayed up to its first
    // incomplete frame). The writes that must survive a power cut, the intent before a request
    // leaves and the user's own fixes, are committed with FULL (see `durably`), whose fsync
    // makes every commit before them durable too. fullfsync makes macOS flush the disk cache.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('fullfsync = ON');
    sqlite.pragma('checkpoint_fullfsync = ON');
    const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
    sqlite.pragma(`wal_autocheckpoint = ${Math.round(WAL_AUTOCHECKPOINT_BYTES / pageSize)}`);
    sqlite.pragma(`cache_size = ${CACHE_SIZE}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5_000))}`);
    const migration = applyMigrations(
      sqlite,
      options.path,
      options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
      clock.now(),
    );
    return { sqlite, clock, migration };
  } catch (e) {
    sqlite.close();
    if (e instanceof AppFailure) throw e;
    if (isDiskFull(e)) throw diskFull(path.dirname(options.path));
    const cause = e instanceof Error ? e.message : String(e);
    fail(
      'internal',
      /not a database|malformed|corrupt/i.test(cause)
        ? 'The journal file is damaged or is not a journal. Restore a backup copy of it, or move it aside to start with an empty journal.'
        : 'The journal could not be opened. Restart the app; if it repeats, export the job log for support.',
      { journal: options.path, cause },
    );
  }
}

/** SQLite could not grow the journal (or its WAL): the disk, or the file system, is full. */
export function isDiskFull(e: unknown): boolean {
  if (e instanceof AppFailure) return e.error.code === 'disk_full';
  return (e as { code?: unknown } | null)?.code === 'SQLITE_FULL';
}

/** The disk-full failure, naming the data folder the journal lives in. */
export function diskFull(folder: string): AppFailure {
  return new AppFailure(
    appError(
      'disk_full',
      `The disk is full: nothing more could be written to the data folder ${folder}, so the job was paused (nothing was lost). Free some space on that disk, then resume the job.`,
      { folder },
    ),
  );
}
