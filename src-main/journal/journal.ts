// The job journal: the only truth about jobs and rows. One connection, one writer, WAL.
//
// Every call here is synchronous and short: row reads are bounded by a LIMIT on an index range,
// writes go in transactions of at most a few thousand rows. A caller that ingests or moves a
// whole large job calls in chunks and yields to the event loop between them (addRowsAsync,
// the `limit` of the bulk moves). The unindexed text search scans a bounded window per call.
// If a single call ever needs to touch a whole 100,000-row job at once (a full export, a
// rebuild), that work belongs in a worker thread with its own read connection, not here.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { desc, eq } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { AppFailure, appError, fail } from '../../src-shared/errors';
import { ATTENTION_OUTCOMES } from '../../src-shared/outcomes';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import {
  createFixBatchStore,
  currentValueSql,
  fixableValues,
  type FixBatchStore,
  type ValueTarget,
} from './fixBatches';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, type MigrationReport } from './migrate';
import {
  canTransition,
  PROBLEM_STATES,
  ROW_STATES,
  UNSENT_STATES,
  WRITE_INTENT_STATES,
  WRITE_STAGES,
  FIXABLE_STATES,
  type JobState,
  type RowEventKind,
  type RowState,
  type WriteStage,
} from './rowStates';
import * as schema from './schema';
import { DUE_STATES, DUE_STATES_SQL, LISTED_STATES_SQL, TRANSIENT_STATES } from './schema';
import type { ConnectionLimits, JobOptions, RowProblem, UserEdits } from './schema';

export { DEFAULT_MIGRATIONS_DIR, type MigrationReport } from './migrate';
export type { ConnectionLimits, JobOptions, RowProblem, UserEdits } from './schema';

export type Connection = typeof schema.connections.$inferSelect;
export type NewConnection = {
  name: string;
  baseUrl: string;
  limits: ConnectionLimits;
  isSandbox?: boolean;
  fieldNames?: Connection['fieldNames'];
};
export type Job = typeof schema.jobs.$inferSelect;
export type NewJob = {
  name: string;
  connectionId: string;
  sourcePath: string;
  sourceHash: string;
  sourceSheet?: string | null;
  headerRow: number;
  headers: string[];
  mapping: Record<string, unknown>;
  options: JobOptions;
};
export type MappingTemplate = typeof schema.mappingTemplates.$inferSelect;

export interface JournalRow {
  id: number;
  jobId: string;
  sourceRow: number;
  cells: string[];
  payload: Record<string, unknown> | null;
  identityKey: string | null;
  state: RowState;
  problems: RowProblem[] | null;
  attempts: number;
  nextAttemptAt: number;
  platformId: string | null;
  creationUuid: string | null;
  /** This job's create made the supplier (see the schema). */
  createdByJob: boolean;
  sentAt: number | null;
  screeningIds: number[] | null;
  screeningStatus: string | null;
  validationRequestId: string | null;
  validationStatus: string | null;
  outcomeTargetId: string | null;
  rejectionReason: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  userEdits: UserEdits | null;
  updatedAt: number;
}

/** A row as the import hands it over. */
export interface NewRow {
  sourceRow: number;
  cells: string[];
  payload?: Record<string, unknown> | null;
  identityKey?: string | null;
  state?: 'draft' | 'valid' | 'invalid';
  problems?: RowProblem[] | null;
}

/** Fields an outcome may set; `null` clears a field, an absent key leaves it. */
export interface RowPatch {
  nextAttemptAt?: number;
  /** Absolute attempt count (e.g. reconciliation rounds); see also `refundAttempt`. */
  attempts?: number;
  /** The request never left (429, no network before send): give back the attempt that
   *  markSending counted. */
  refundAttempt?: boolean;
  platformId?: string | null;
  creationUuid?: string | null;
  createdByJob?: boolean;
  screeningIds?: number[] | null;
  screeningStatus?: string | null;
  validationRequestId?: string | null;
  validationStatus?: string | null;
  outcomeTargetId?: string | null;
  rejectionReason?: string | null;
  errorCode?: string | null;
  errorMessage?: string | null;
}

export interface RowOutcome {
  rowId: number;
  /** The state the outcome was computed from; a row that has moved since is left alone. */
  from: RowState;
  to: RowState;
  patch?: RowPatch;
  /** The answer received, kept as a 'response' event (status, body excerpt, request id...). */
  response?: Record<string, unknown>;
  /** Why the row moved, kept in the transition event. */
  reason?: string;
}

export interface OutcomeResult {
  /** Rows the outcome was written to. */
  applied: number[];
  /** Rows no longer in the `from` state (or gone): nothing was written for them. */
  stale: number[];
}

export interface RowEvent {
  id: number;
  jobId: string;
  rowId: number | null;
  at: number;
  kind: RowEventKind;
  detail: Record<string, unknown>;
}

export interface NewRowEvent {
  jobId: string;
  rowId: number | null;
  kind: RowEventKind;
  detail: Record<string, unknown>;
  at?: number;
}

export interface RowQuery {
  /** Only rows in these states. */
  states?: readonly RowState[];
  /** Only rows that need the user (PROBLEM_STATES); ignored when `states` is given. */
  problemsOnly?: boolean;
  /** Only rows whose last error has this code. */
  errorCode?: string;
  /** Only rows with a validation problem of this code (and of this field, when given; null:
   *  a problem of the whole row), as `problemKinds` counts them. */
  problem?: { code: string | null; field?: string | null };
  /** Also (or, without `states`, only) finished rows by their outcome: see `DoneOutcomeFilter`. */
  done?: DoneOutcomeFilter;
  /** Case-insensitive (ASCII) substring of the original cells, identity, platform id or error. */
  text?: string;
  /** Only rows whose current value (the user's edit, else the cell) is this, trimmed. */
  value?: ValueTarget & { value: string };
  /** The cursor of the previous page (`nextCursor`), or absent for the first page. */
  after?: number;
  /** Page size, 1..500 (default 100). */
  limit?: number;
}

/** Finished (`done`) rows by how their screening and validation ended: those whose outcome needs
 *  the user (`src-shared/outcomes.ts`) or those whose does not, or one stage's status. */
export type DoneOutcomeFilter =
  { attention: boolean } | { stage: 'screening' | 'validation'; status: string };

export interface RowPage {
  rows: JournalRow[];
  /** Pass as `after` for the next page; null when there is nothing more. A page filtered by
   *  text or error code may hold fewer rows than asked (even none) and still have a cursor:
   *  each call scans a bounded window of the job. */
  nextCursor: number | null;
}

export interface UserFix {
  /** The values the user changed, by payload field or column name. Merged into the row's
   *  earlier edits; the original cells are never changed. */
  edits: UserEdits;
  /** The payload mapped again with the edits applied. */
  payload: Record<string, unknown>;
  identityKey: string | null;
  /** The validation's verdict on the new payload. */
  state: 'valid' | 'invalid';
  problems?: RowProblem[] | null;
}

/** The limiter's persisted sliding log (one entry per request sent). Appends are kept in memory
 *  and written with the journal's next commit (a write's intent is one, in the same tick), or
 *  within `unsavedMs` at the latest: a crash loses at most that much of the log. */
export interface SendLogStore {
  load(connectionId: string, group: string, sinceMs: number): number[];
  append(connectionId: string, group: string, sentAtMs: number): void;
  prune(beforeMs: number): void;
  readonly unsavedMs: number;
}

/** Who runs a job: one process at a time (the desktop app or the command line). */
export interface Lease {
  owner: string;
  pid: number;
  host: string;
  /** Until when the holder's heartbeat vouches for it. */
  expiresAt: number;
  takenAt: number;
}

export interface OpenJournalOptions {
  path: string;
  /** Where the drizzle-kit migrations are; defaults to DEFAULT_MIGRATIONS_DIR (found beside the
   *  source, the bundle or the packaged resources). */
  migrationsDir?: string;
  clock?: Clock;
  busyTimeoutMs?: number;
}

// Measured by bench/journal.ts: 5,000 inserted rows commit in ~70 ms; a bulk state change with
// its events costs about twice as much per row, so bulk moves default to smaller batches.
const DEFAULT_BATCH = 5_000;
const DEFAULT_MOVE_BATCH = 2_000;
const MAX_PAGE = 500;
/** Send-log entries wait at most this long for a commit to ride with. */
const SEND_LOG_FLUSH_MS = 1_000;
/** Group commit (see `group`): how long a durable write (an intent) waits for others to share
 *  its commit, how long the others wait for one to ride with, and a batch that is committed at
 *  once. Every commit writes whole pages (the row's, its index entries', the log's last page,
 *  the counters'), so rows that share a commit share most of them. */
const DURABLE_WINDOW_MS = 5;
const LAZY_WINDOW_MS = 250;
/** While an intent is expected (see `expectIntents`: write requests wait for their slot), the
 *  others wait up to RIDE_WINDOW_MS for it instead: at the API's pace (100 writes a minute, one
 *  about every 600 ms) an answer then rides with the next request's intent instead of being a
 *  commit of its own. */
const RIDE_WINDOW_MS = 1_000;
/** Bytes per page of a new journal. Every commit writes each page it changed whole to the WAL,
 *  and the engine's commits change a few bytes on each of a dozen pages, so smaller pages write
 *  fewer bytes (bench:journal). A row of more than about 1 KB spills into an overflow page. An
 *  existing journal keeps the page size it was made with (see docs/architecture.md). */
const PAGE_SIZE = 1_024;
const GROUP_MAX = 64;
/** The WAL's size before SQLite copies its pages back into the database file (a page count, by
 *  the journal's page size). A page changed many times between two checkpoints is copied once:
 *  fewer checkpoints, fewer bytes written, for a WAL of up to about 40 MB (reused after each
 *  checkpoint, removed when the journal closes). */
const WAL_AUTOCHECKPOINT_BYTES = 40 * 1024 * 1024;
/** The page cache, in KiB (negative: a size, not a page count). */
const CACHE_SIZE = -32_768;
/** Rows scanned per call by an unindexed filter (text, error code). */
const SCAN_WINDOW = 5_000;

/** Opens (and creates or updates) the journal. Throws an AppFailure when the file cannot be
 *  used; the file is then left as it was. */
export function openJournal(options: OpenJournalOptions): Journal {
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
    return new Journal(sqlite, options.path, clock, migration);
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

type SqlValue = string | number | null;

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

const ROW_COLUMNS = `id, job_id AS jobId, source_row AS sourceRow, cells, payload,
  identity_key AS identityKey, state, problems, attempts, next_attempt_at AS nextAttemptAt,
  platform_id AS platformId, creation_uuid AS creationUuid, created_by_job AS createdByJob,
  sent_at AS sentAt,
  screening_ids AS screeningIds, screening_status AS screeningStatus,
  validation_request_id AS validationRequestId, validation_status AS validationStatus,
  outcome_target_id AS outcomeTargetId, rejection_reason AS rejectionReason,
  error_code AS errorCode, error_message AS errorMessage, user_edits AS userEdits,
  updated_at AS updatedAt`;

type RawRow = Omit<
  JournalRow,
  'cells' | 'payload' | 'problems' | 'screeningIds' | 'userEdits' | 'createdByJob'
> & {
  createdByJob: number;
  cells: string;
  payload: string | null;
  problems: string | null;
  screeningIds: string | null;
  userEdits: string | null;
};

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function toRow(raw: RawRow): JournalRow {
  return {
    ...raw,
    createdByJob: raw.createdByJob === 1,
    cells: JSON.parse(raw.cells) as string[],
    payload: parseJson<Record<string, unknown>>(raw.payload),
    problems: parseJson<RowProblem[]>(raw.problems),
    screeningIds: parseJson<number[]>(raw.screeningIds),
    userEdits: parseJson<UserEdits>(raw.userEdits),
  };
}

const jsonOrNull = (v: unknown): string | null =>
  v === null || v === undefined ? null : JSON.stringify(v);

/** Patch keys and their columns; JSON columns are serialized. */
const PATCH_COLUMNS: Record<Exclude<keyof RowPatch, 'refundAttempt'>, [string, boolean]> = {
  nextAttemptAt: ['next_attempt_at', false],
  attempts: ['attempts', false],
  platformId: ['platform_id', false],
  creationUuid: ['creation_uuid', false],
  createdByJob: ['created_by_job', false],
  screeningIds: ['screening_ids', true],
  screeningStatus: ['screening_status', false],
  validationRequestId: ['validation_request_id', false],
  validationStatus: ['validation_status', false],
  outcomeTargetId: ['outcome_target_id', false],
  rejectionReason: ['rejection_reason', false],
  errorCode: ['error_code', false],
  errorMessage: ['error_message', false],
};

interface GroupedWrite {
  run: () => unknown;
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

export class Journal {
  readonly sendLog: SendLogStore;
  private readonly db: BetterSQLite3Database<typeof schema>;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly patchStatements = new Map<string, BetterSqlite3.Statement>();
  private readonly dueStatements = new Map<string, BetterSqlite3.Statement>();
  private closed = false;
  /** Send-log entries not written yet (oldest first), and a prune still to do. */
  private unsavedSends: Array<[string, string, number]> = [];
  private pruneBefore: number | null = null;
  private sendLogTimer: ReturnType<typeof setTimeout> | undefined;
  /** Writes waiting for the next group commit (see `group`), and when it is due. */
  private grouped: GroupedWrite[] = [];
  private groupTimer: ReturnType<typeof setTimeout> | undefined;
  private groupDueAt = Number.POSITIVE_INFINITY;
  /** The user's fixes in batches that can be undone (`fixBatches.ts`). */
  readonly fixes: FixBatchStore;
  /** Who can tell that an intent is coming (see `expectIntents`). */
  private readonly intentSources = new Set<() => boolean>();

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    readonly path: string,
    private readonly clock: Clock,
    /** What opening did to the file: migrations applied and the backup made, if any. */
    readonly migration: MigrationReport,
  ) {
    this.db = drizzle(sqlite, { schema });
    this.stmts = prepareStatements(sqlite);
    this.fixes = createFixBatchStore(
      sqlite,
      clock,
      (id) => this.getRow(id),
      (fn) => this.guarded(fn),
      (fn) => this.durably(fn),
    );
    const s = this.stmts;
    const guard = <A extends unknown[], R>(fn: (...args: A) => R) => this.guarded(fn);
    this.sendLog = {
      load: guard((connectionId: string, group: string, sinceMs: number) =>
        [
          ...(s.sendLogLoad.all(connectionId, group, sinceMs) as Array<{ at: number }>).map(
            (r) => r.at,
          ),
          ...this.unsavedSends
            .filter(([c, g, at]) => c === connectionId && g === group && at >= sinceMs)
            .map(([, , at]) => at),
        ].sort((a, b) => a - b),
      ),
      // Kept until the next commit: a write's intent (markSending) carries its own entry, the
      // reads' entries ride with whatever is committed next, or a timer writes them.
      append: (connectionId: string, group: string, sentAtMs: number) => {
        if (this.closed) fail('internal', undefined, { reason: 'journal closed' });
        this.unsavedSends.push([connectionId, group, sentAtMs]);
        if (this.sendLogTimer) return;
        this.sendLogTimer = setTimeout(() => {
          this.sendLogTimer = undefined;
          if (this.unsavedSends.length > 0 && !this.closed) this.group(() => 0, false).catch(noop);
        }, SEND_LOG_FLUSH_MS);
        this.sendLogTimer.unref?.();
      },
      prune: (beforeMs: number) => {
        this.pruneBefore = Math.max(this.pruneBefore ?? beforeMs, beforeMs);
        this.unsavedSends = this.unsavedSends.filter(([, , at]) => at >= beforeMs);
      },
      unsavedMs: SEND_LOG_FLUSH_MS,
    };
    // Every public call: a full disk becomes one failure with a sentence (which folder, what to
    // do) instead of SQLite's bare SQLITE_FULL, whichever write hit it.
    for (const name of Object.getOwnPropertyNames(Journal.prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(Journal.prototype, name);
      if (name === 'constructor' || name === 'guarded' || typeof descriptor?.value !== 'function')
        continue;
      const method = descriptor.value as (...args: unknown[]) => unknown;
      const folder = this.folder;
      // A plain function: called through a proxy (the crash tests), `this` stays the proxy.
      const wrapped = function (this: unknown, ...args: unknown[]): unknown {
        try {
          return method.apply(this, args);
        } catch (e) {
          if (isDiskFull(e) && !(e instanceof AppFailure)) throw diskFull(folder);
          throw e;
        }
      };
      Object.defineProperty(this, name, {
        value: wrapped,
        writable: true,
        configurable: true,
      });
    }
  }

  /** The folder the journal file is in (the data folder, unless --journal moved it). */
  get folder(): string {
    return path.dirname(this.path);
  }

  private guarded<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      try {
        return fn(...args);
      } catch (e) {
        if (isDiskFull(e) && !(e instanceof AppFailure)) throw diskFull(this.folder);
        throw e;
      }
    };
  }

  /** The connection's durability settings, for support exports and tests. */
  diagnostics(): {
    journalMode: string;
    synchronous: number;
    foreignKeys: boolean;
    busyTimeoutMs: number;
  } {
    return {
      journalMode: String(this.sqlite.pragma('journal_mode', { simple: true })),
      synchronous: Number(this.sqlite.pragma('synchronous', { simple: true })),
      foreignKeys: Number(this.sqlite.pragma('foreign_keys', { simple: true })) === 1,
      busyTimeoutMs: Number(this.sqlite.pragma('busy_timeout', { simple: true })),
    };
  }

  close(): void {
    if (this.closed) return;
    if (this.sendLogTimer) clearTimeout(this.sendLogTimer);
    this.sendLogTimer = undefined;
    try {
      this.flushGroup();
      if (this.unsavedSends.length > 0 || this.pruneBefore !== null) this.transact(() => 0);
    } finally {
      this.closed = true;
      this.sqlite.close();
    }
  }

  // ---- commits ----------------------------------------------------------------------------

  /**
   * Runs `fn` (which commits) with synchronous=FULL: its commit is fsynced before this returns,
   * and with it every commit before it. Inside a transaction the outer commit decides.
   */
  private durably<T>(fn: () => T): T {
    if (this.sqlite.inTransaction) return fn();
    // Not a prepared statement: SQLite applies this pragma when it is compiled, not when run.
    this.sqlite.pragma('synchronous = FULL');
    try {
      return fn();
    } finally {
      this.sqlite.pragma('synchronous = NORMAL');
    }
  }

  /**
   * Runs `fn` in an immediate transaction that also writes the send-log entries kept in memory;
   * they leave memory once it has committed (after a rollback they wait for the next commit).
   * Nested in another transaction it is a savepoint, and the outer one writes the entries.
   */
  private transact<T>(fn: () => T): T {
    if (this.sqlite.inTransaction) return this.sqlite.transaction(fn)();
    let written = 0;
    const result = this.sqlite
      .transaction(() => {
        if (this.pruneBefore !== null) {
          this.stmts.sendLogPrune.run(this.pruneBefore);
          this.pruneBefore = null;
        }
        for (const [c, g, at] of this.unsavedSends) this.stmts.sendLogAppend.run(c, g, at);
        written = this.unsavedSends.length;
        return fn();
      })
      .immediate();
    // Appends only ever add at the end: the first `written` are the ones just committed.
    if (written > 0) this.unsavedSends.splice(0, written);
    return result;
  }

  /**
   * Group commit: `run` is queued and runs, with every other write queued meanwhile, in one
   * transaction (each in a savepoint of its own, so one that throws leaves the others),
   * committed with FULL when any of them is durable. A durable write is committed within
   * DURABLE_WINDOW_MS (its request waits for it), the others within LAZY_WINDOW_MS or with the
   * next durable one. Resolves once committed; rejects with the write's own error, or the
   * commit's (a full disk) for all.
   */
  private group<T>(run: () => T, durable: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) {
        reject(new AppFailure(appError('internal', undefined, { reason: 'journal closed' })));
        return;
      }
      this.grouped.push({ run, durable, resolve: resolve as (v: unknown) => void, reject });
      const now = Date.now();
      const lazyMs = !durable && this.intentExpected() ? RIDE_WINDOW_MS : LAZY_WINDOW_MS;
      const dueAt =
        this.grouped.length >= GROUP_MAX ? 0 : now + (durable ? DURABLE_WINDOW_MS : lazyMs);
      if (dueAt >= this.groupDueAt) return;
      if (this.groupTimer) clearTimeout(this.groupTimer);
      this.groupDueAt = dueAt;
      this.groupTimer = setTimeout(() => this.flushGroup(), Math.max(0, dueAt - Date.now()));
    });
  }

  /**
   * Registers `source`, which says whether a request's intent (a durable write) is about to be
   * queued, e.g. write requests wait for their slot: while one says so, the lazy writes wait
   * up to RIDE_WINDOW_MS (not LAZY_WINDOW_MS) to share its commit. Returns its removal.
   */
  expectIntents(source: () => boolean): () => void {
    this.intentSources.add(source);
    return () => this.intentSources.delete(source);
  }

  private intentExpected(): boolean {
    for (const source of this.intentSources) {
      try {
        if (source()) return true;
      } catch {
        // A source that cannot tell expects nothing.
      }
    }
    return false;
  }

  private flushGroup(): void {
    if (this.groupTimer) clearTimeout(this.groupTimer);
    this.groupTimer = undefined;
    this.groupDueAt = Number.POSITIVE_INFINITY;
    const batch = this.grouped;
    this.grouped = [];
    if (batch.length === 0 || this.closed) {
      for (const w of batch)
        w.reject(new AppFailure(appError('internal', undefined, { reason: 'journal closed' })));
      return;
    }
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const commit = () =>
      this.transact(() => {
        results.length = 0;
        for (const w of batch) {
          try {
            results.push({ ok: true, value: this.sqlite.transaction(w.run)() });
          } catch (error) {
            results.push({ ok: false, error });
          }
        }
      });
    try {
      if (batch.some((w) => w.durable)) this.durably(commit);
      else commit();
    } catch (e) {
      const error = isDiskFull(e) && !(e instanceof AppFailure) ? diskFull(this.folder) : e;
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i]!;
      if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }

  // ---- connections ------------------------------------------------------------------------

  createConnection(input: NewConnection): Connection {
    const row: Connection = {
      id: randomUUID(),
      name: input.name,
      baseUrl: input.baseUrl,
      limits: input.limits,
      isSandbox: input.isSandbox ?? false,
      createdAt: this.clock.now(),
      fieldNames: input.fieldNames ?? 'city-address',
    };
    this.db.insert(schema.connections).values(row).run();
    return row;
  }

  getConnection(id: string): Connection | null {
    return (
      this.db.select().from(schema.connections).where(eq(schema.connections.id, id)).get() ?? null
    );
  }

  listConnections(): Connection[] {
    return this.db.select().from(schema.connections).orderBy(schema.connections.createdAt).all();
  }

  /** Removes a connection no job uses; true when it existed. */
  deleteConnection(id: string): boolean {
    return (
      this.db.delete(schema.connections).where(eq(schema.connections.id, id)).run().changes > 0
    );
  }

  updateConnection(
    id: string,
    patch: Partial<Pick<Connection, 'name' | 'baseUrl' | 'limits' | 'fieldNames'>>,
  ): Connection {
    const current = this.getConnection(id) ?? fail('not_found', undefined, { connectionId: id });
    const next = { ...current, ...patch };
    this.db
      .update(schema.connections)
      .set({
        name: next.name,
        baseUrl: next.baseUrl,
        limits: next.limits,
        fieldNames: next.fieldNames,
      })
      .where(eq(schema.connections.id, id))
      .run();
    return next;
  }

  // ---- jobs -------------------------------------------------------------------------------

  createJob(input: NewJob): Job {
    if (!this.getConnection(input.connectionId)) {
      fail('not_found', 'The connection of this job was not found. Pick a connection and retry.', {
        connectionId: input.connectionId,
      });
    }
    const now = this.clock.now();
    const job: Job = {
      id: randomUUID(),
      name: input.name,
      connectionId: input.connectionId,
      sourcePath: input.sourcePath,
      sourceHash: input.sourceHash,
      sourceSheet: input.sourceSheet ?? null,
      headerRow: input.headerRow,
      headers: input.headers,
      mapping: input.mapping,
      options: input.options,
      state: 'ready',
      stateReason: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    this.db.insert(schema.jobs).values(job).run();
    return job;
  }

  getJob(id: string): Job | null {
    return this.db.select().from(schema.jobs).where(eq(schema.jobs.id, id)).get() ?? null;
  }

  /** Newest first. */
  listJobs(): Job[] {
    return this.db
      .select()
      .from(schema.jobs)
      .orderBy(desc(schema.jobs.createdAt), desc(schema.jobs.id))
      .all();
  }

  /** Changes what the user may still change about a job: its name, mapping and options. */
  updateJob(id: string, patch: Partial<Pick<Job, 'name' | 'mapping' | 'options'>>): Job {
    const job = this.getJob(id) ?? fail('not_found', undefined, { jobId: id });
    const next: Job = { ...job, ...patch, updatedAt: this.clock.now() };
    this.db
      .update(schema.jobs)
      .set({
        name: next.name,
        mapping: next.mapping,
        options: next.options,
        updatedAt: next.updatedAt,
      })
      .where(eq(schema.jobs.id, id))
      .run();
    return next;
  }

  /** Sets the job's state; `reason` ({code, message}) says why it paused or needs attention. */
  setJobState(
    id: string,
    state: JobState,
    reason: {
      code: string;
      params?: Record<string, string | number>;
      message: string;
    } | null = null,
  ): Job {
    const job = this.getJob(id) ?? fail('not_found', undefined, { jobId: id });
    const now = this.clock.now();
    const ended = state === 'finished' || state === 'cancelled';
    const next: Job = {
      ...job,
      state,
      stateReason: reason,
      updatedAt: now,
      finishedAt: ended ? (job.finishedAt ?? now) : null,
    };
    this.db
      .update(schema.jobs)
      .set({
        state: next.state,
        stateReason: next.stateReason,
        updatedAt: next.updatedAt,
        finishedAt: next.finishedAt,
      })
      .where(eq(schema.jobs.id, id))
      .run();
    return next;
  }

  // ---- rows: ingest -----------------------------------------------------------------------

  /**
   * Adds rows to a job, `batchSize` rows per transaction. Source row numbers must be new to the
   * job. A call commits batch by batch: if a batch fails, the batches before it stay, and the
   * error says how many rows were added. Large imports should call this per chunk (or use
   * addRowsAsync) so the event loop breathes between transactions.
   */
  addRows(jobId: string, input: readonly NewRow[], options: { batchSize?: number } = {}): number {
    this.requireJob(jobId);
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    checkNewRows(input);
    let added = 0;
    for (let start = 0; start < input.length; start += batchSize) {
      const batch = input.slice(start, start + batchSize);
      try {
        this.insertBatch(jobId, batch);
      } catch (e) {
        if (
          e instanceof Error &&
          /UNIQUE constraint failed: rows\.job_id, rows\.source_row/.test(e.message)
        ) {
          fail(
            'invalid_input',
            'Some rows of this file were already added to the job. Start a new job from the file.',
            {
              jobId,
              added,
            },
          );
        }
        throw e;
      }
      added += batch.length;
    }
    return added;
  }

  /** Like addRows for a stream of rows: commits every `batchSize` rows and yields to the event
   *  loop between transactions, so the UI stays responsive during a large import. */
  async addRowsAsync(
    jobId: string,
    source: Iterable<NewRow> | AsyncIterable<NewRow>,
    options: { batchSize?: number } = {},
  ): Promise<number> {
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    let batch: NewRow[] = [];
    let added = 0;
    for await (const row of source) {
      batch.push(row);
      if (batch.length >= batchSize) {
        added += this.addRows(jobId, batch, { batchSize });
        batch = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (batch.length > 0) added += this.addRows(jobId, batch, { batchSize });
    return added;
  }

  private insertBatch(jobId: string, batch: readonly NewRow[]): void {
    const now = this.clock.now();
    const insert = this.stmts.insertRow;
    const added = new Map<RowState, number>();
    this.sqlite
      .transaction(() => {
        for (const r of batch) {
          const state = r.state ?? 'draft';
          added.set(state, (added.get(state) ?? 0) + 1);
          insert.run(
            jobId,
            r.sourceRow,
            JSON.stringify(r.cells),
            jsonOrNull(r.payload),
            r.identityKey ?? null,
            state,
            jsonOrNull(r.problems),
            now,
          );
        }
        // The only place rows are inserted; state changes are counted by triggers.
        for (const [state, n] of added) this.stmts.countAdded.run(jobId, state, n);
      })
      .immediate();
  }

  // ---- rows: counts and reads -------------------------------------------------------------

  /** Rows per state (every state present, zero when none). Reads the kept counters (see the
   *  triggers migration), a handful of rows whatever the job's size. */
  counts(jobId: string): Record<RowState, number> {
    const out = Object.fromEntries(ROW_STATES.map((s) => [s, 0])) as Record<RowState, number>;
    for (const r of this.stmts.counts.all(jobId) as Array<{ state: RowState; n: number }>) {
      if (r.state in out) out[r.state] = r.n;
    }
    return out;
  }

  /** The highest source row number of the job's rows, or 0: where an interrupted import goes on
   *  (rows are added in source order). One step down the unique (job, source row) index. */
  lastSourceRow(jobId: string): number {
    const r = this.sqlite
      .prepare('SELECT max(source_row) AS n FROM rows WHERE job_id = ?')
      .get(jobId) as { n: number | null };
    return r.n ?? 0;
  }

  /** Rows per state of every job, for the job list. */
  countsByJob(): Map<string, Partial<Record<RowState, number>>> {
    const out = new Map<string, Partial<Record<RowState, number>>>();
    const all = this.stmts.allCounts.all() as Array<{ jobId: string; state: RowState; n: number }>;
    for (const r of all) {
      const counts = out.get(r.jobId) ?? {};
      counts[r.state] = r.n;
      out.set(r.jobId, counts);
    }
    return out;
  }

  getRow(rowId: number): JournalRow | null {
    const raw = this.stmts.getRow.get(rowId) as RawRow | undefined;
    return raw ? toRow(raw) : null;
  }

  getRows(rowIds: readonly number[]): JournalRow[] {
    const out: JournalRow[] = [];
    for (const id of rowIds) {
      const row = this.getRow(id);
      if (row) out.push(row);
    }
    return out;
  }

  /** The row of the job read from this row of its file (a results file brought back). */
  rowAtSource(jobId: string, sourceRow: number): JournalRow | null {
    const raw = this.stmts.bySourceRow.get(jobId, sourceRow) as RawRow | undefined;
    return raw ? toRow(raw) : null;
  }

  /** Rows of the job with this identity (the in-file duplicate check, reconciliation). */
  findByIdentity(jobId: string, identityKey: string): JournalRow[] {
    return (this.stmts.byIdentity.all(jobId, identityKey) as RawRow[]).map(toRow);
  }

  /**
   * The next rows due for a stage: in one of `states`, `nextAttemptAt <= now`, oldest due time
   * first, then import order. Each state is one index range (no sort of the whole job).
   */
  takeDue(
    jobId: string,
    states: readonly RowState[],
    now: number,
    limit: number,
    /** Keyset paging: only rows after this one in the same order (a walk over every due row). */
    after?: { nextAttemptAt: number; id: number },
  ): JournalRow[] {
    const n = clampLimit(limit, DEFAULT_BATCH);
    const merged: RawRow[] = [];
    for (const state of new Set(states)) {
      merged.push(
        ...((after
          ? this.dueStatement('after', state).all(
              jobId,
              after.nextAttemptAt,
              now,
              after.nextAttemptAt,
              after.id,
              n,
            )
          : this.dueStatement('due', state).all(jobId, now, n)) as RawRow[]),
      );
    }
    merged.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
    return merged.slice(0, n).map(toRow);
  }

  /** The earliest `nextAttemptAt` among rows in `states`, or null: when the engine should look
   *  again. */
  nextDueAt(jobId: string, states: readonly RowState[]): number | null {
    let best: number | null = null;
    for (const state of new Set(states)) {
      const r = this.dueStatement('next', state).get(jobId) as { at: number } | undefined;
      if (r && (best === null || r.at < best)) best = r.at;
    }
    return best;
  }

  /** Rows whose write request may have reached the server without its answer being journaled:
   *  found at start-up, they are in doubt and must be reconciled before anything is resent. */
  rowsInDoubt(jobId?: string, limit = DEFAULT_BATCH): JournalRow[] {
    const n = clampLimit(limit, DEFAULT_BATCH);
    const out: RawRow[] = [];
    for (const state of WRITE_INTENT_STATES) {
      const found = (
        jobId === undefined
          ? this.stmts.inStateAnyJob.all({ state, limit: n })
          : this.stmts.inState.all(jobId, state, n)
      ) as RawRow[];
      out.push(...found);
    }
    out.sort((a, b) => a.id - b.id);
    return out.slice(0, n).map(toRow);
  }

  /** Every row of a job in source order, a page at a time (exports, summaries, re-imports). */
  *eachRow(jobId: string, pageSize = 500): Generator<JournalRow> {
    let after: number | undefined;
    for (;;) {
      const page = this.pageRows(jobId, {
        limit: pageSize,
        ...(after !== undefined ? { after } : {}),
      });
      yield* page.rows;
      if (page.nextCursor === null) return;
      after = page.nextCursor;
    }
  }

  /** Keyset paging in source order, with the UI's filters. */
  pageRows(jobId: string, query: RowQuery = {}): RowPage {
    const limit = clampLimit(query.limit ?? 100, MAX_PAGE);
    const after = query.after ?? Number.MIN_SAFE_INTEGER;
    let states: readonly RowState[] | null =
      query.states ?? (query.problemsOnly ? PROBLEM_STATES : null);
    // Finished rows by outcome replace the plain `done` state (see pageDone).
    if (query.done) states = (states ?? []).filter((s) => s !== 'done');
    const text = query.text?.trim() ? query.text.trim() : null;

    // A transient state is not in the state index: its few rows are found by the window scan.
    const indexed = !states || !states.some(isTransient);
    if (
      indexed &&
      text === null &&
      query.errorCode === undefined &&
      query.problem === undefined &&
      query.value === undefined
    ) {
      let raws: RawRow[];
      if (states) {
        raws = [];
        for (const state of new Set(states)) {
          raws.push(...(this.stmts.pageState.all(jobId, state, after, limit + 1) as RawRow[]));
        }
        if (query.done) raws.push(...this.pageDone(jobId, query.done, after, limit + 1));
        raws.sort((a, b) => a.sourceRow - b.sourceRow);
        raws = raws.slice(0, limit + 1);
      } else {
        raws = this.stmts.page.all(jobId, after, limit + 1) as RawRow[];
      }
      const more = raws.length > limit;
      const page = raws.slice(0, limit).map(toRow);
      return { rows: page, nextCursor: more ? page[page.length - 1]!.sourceRow : null };
    }

    // Unindexed filters: scan one bounded window of the job per call.
    const end = this.stmts.windowEnd.get(jobId, after, SCAN_WINDOW - 1) as
      { sourceRow: number } | undefined;
    const where: string[] = ['job_id = ?', 'source_row > ?'];
    const params: SqlValue[] = [jobId, after];
    if (end) {
      where.push('source_row <= ?');
      params.push(end.sourceRow);
    }
    if (states && query.done) {
      const done = doneWhere(query.done);
      where.push(
        `(state IN (${states.map(() => '?').join(', ') || "''"}) OR (state = 'done' AND ${done.sql}))`,
      );
      params.push(...states, ...done.params);
    } else if (states) {
      where.push(`state IN (${states.map(() => '?').join(', ')})`);
      params.push(...states);
    }
    if (query.errorCode !== undefined) {
      where.push('error_code = ?');
      params.push(query.errorCode);
    }
    if (query.problem !== undefined) {
      const byField = query.problem.field !== undefined;
      where.push(
        `problems IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(rows.problems) p WHERE p.value ->> '$.code' IS ?${byField ? ` AND p.value ->> '$.field' IS ?` : ''})`,
      );
      params.push(query.problem.code);
      if (byField) params.push(query.problem.field ?? null);
    }
    if (query.value !== undefined) {
      const value = currentValueSql(query.value);
      where.push(`${value.sql} = ?`);
      params.push(...value.params, query.value.value.trim());
    }
    if (text !== null) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        `(cells LIKE ? ESCAPE '\\' OR identity_key LIKE ? ESCAPE '\\' OR platform_id LIKE ? ESCAPE '\\' OR error_message LIKE ? ESCAPE '\\')`,
      );
      params.push(like, like, like, like);
    }
    const raws = this.sqlite
      .prepare(
        `SELECT ${ROW_COLUMNS} FROM rows WHERE ${where.join(' AND ')} ORDER BY source_row LIMIT ?`,
      )
      .all(...params, limit + 1) as RawRow[];
    const page = raws.slice(0, limit).map(toRow);
    if (raws.length > limit) return { rows: page, nextCursor: page[page.length - 1]!.sourceRow };
    return { rows: page, nextCursor: end ? end.sourceRow : null };
  }

  /** The current value of a field or column of every row that may still be fixed. */
  fixableValues(jobId: string, target: ValueTarget): ReturnType<typeof fixableValues> {
    return fixableValues(this.sqlite, jobId, target);
  }

  /** The rows waiting for a fix by the kind of their validation problems (code and field), most
   *  frequent first. A row with two kinds counts under each; `rows` counts it once. */
  problemKinds(jobId: string): {
    kinds: Array<{ code: string | null; field: string | null; rows: number }>;
    rows: number;
  } {
    const kinds = this.stmts.problemKinds.all(jobId) as Array<{
      code: string | null;
      field: string | null;
      rows: number;
    }>;
    return { kinds, rows: this.counts(jobId).invalid };
  }

  // ---- rows: writes -----------------------------------------------------------------------

  /**
   * The intent. In one synchronous (fsynced) transaction, moves each row from the stage's
   * queued state to its sending state, counts an attempt, stamps `sentAt` and appends a
   * 'request' event. Call it before the requests leave, and send only the returned rows (a row
   * that was no longer queued is left out).
   */
  markSending(
    rowIds: readonly number[],
    at: number,
    options: { stage?: WriteStage; request?: Record<string, unknown> } = {},
  ): number[] {
    const stage = WRITE_STAGES[options.stage ?? 'create'];
    const marked: number[] = [];
    this.durably(() =>
      this.transact(() => {
        for (const id of rowIds) {
          const r = this.stmts.markSending.get(stage.sending, at, at, id, stage.queued) as
            { jobId: string; attempts: number } | undefined;
          if (!r) continue;
          marked.push(id);
          this.stmts.insertEvent.run(
            r.jobId,
            id,
            at,
            'request',
            // The caller's request details first: the journal's own facts win a name clash.
            JSON.stringify({
              ...options.request,
              from: stage.queued,
              to: stage.sending,
              attempt: r.attempts,
            }),
          );
        }
      }),
    );
    return marked;
  }

  /** markSending in the next group commit (durable, so committed with FULL): the intents of
   *  requests granted in the same tick share one fsync. Send only the rows it resolves with. */
  markSendingAsync(
    rowIds: readonly number[],
    at: number,
    options: { stage?: WriteStage; request?: Record<string, unknown> } = {},
  ): Promise<number[]> {
    return this.group(() => this.markSending(rowIds, at, options), true);
  }

  /**
   * Writes outcomes in one transaction: each row moves `from` → `to` with its patch, with a
   * 'response' event (when given) and a 'transition' event (when the state changes). A row no
   * longer in `from` is left alone and reported as stale. An illegal transition is a bug and
   * throws before anything is written.
   */
  recordOutcomes(outcomes: readonly RowOutcome[], at: number = this.clock.now()): OutcomeResult {
    for (const o of outcomes) {
      if (!canTransition(o.from, o.to)) {
        fail('internal', undefined, {
          reason: 'illegal row transition',
          from: o.from,
          to: o.to,
          rowId: o.rowId,
        });
      }
    }
    const result: OutcomeResult = { applied: [], stale: [] };
    this.transact(() => {
      for (const o of outcomes) {
        const jobId = this.updateRow(o.rowId, o.from, o.to, o.patch ?? {}, at);
        if (jobId === null) {
          result.stale.push(o.rowId);
          continue;
        }
        result.applied.push(o.rowId);
        if (o.response) {
          this.stmts.insertEvent.run(jobId, o.rowId, at, 'response', JSON.stringify(o.response));
        }
        if (o.from !== o.to) {
          const detail: Record<string, unknown> = { from: o.from, to: o.to };
          if (o.reason !== undefined) detail.reason = o.reason;
          if (o.patch?.errorCode) detail.errorCode = o.patch.errorCode;
          this.stmts.insertEvent.run(jobId, o.rowId, at, 'transition', JSON.stringify(detail));
        }
      }
    });
    return result;
  }

  /** One-row convenience over recordOutcomes; true when written. */
  recordOutcome(outcome: RowOutcome, at?: number): boolean {
    return this.recordOutcomes([outcome], at).applied.length === 1;
  }

  /** recordOutcomes in the next group commit, with the other writes of the same tick (answers
   *  that arrived together share one commit). Not durable by itself: a power cut may undo it,
   *  which leaves the row mid-request, in doubt at the next start, and reconciled. */
  recordOutcomesAsync(outcomes: readonly RowOutcome[], at?: number): Promise<OutcomeResult> {
    const when = at ?? this.clock.now();
    return this.group(() => this.recordOutcomes(outcomes, when), false);
  }

  /** One-row convenience over recordOutcomesAsync; true when written. */
  async recordOutcomeAsync(outcome: RowOutcome, at?: number): Promise<boolean> {
    return (await this.recordOutcomesAsync([outcome], at)).applied.length === 1;
  }

  /**
   * Moves up to `limit` rows of the job from `from` to `to` in one transaction (import order),
   * with a transition event each; returns how many moved. Call again until it returns 0,
   * yielding in between: bulk queueing, retrying failed rows, cancelling.
   */
  moveRows(
    jobId: string,
    from: RowState,
    to: RowState,
    options: { limit?: number; at?: number; nextAttemptAt?: number; reason?: string } = {},
  ): number {
    if (!canTransition(from, to)) {
      fail('internal', undefined, { reason: 'illegal row transition', from, to });
    }
    // In bulk, a row whose request may have reached the server can only be declared in doubt:
    // sending it again takes a reconciliation first, one row at a time (recordOutcomes).
    const intent = Object.values(WRITE_STAGES).find((stage) => stage.sending === from);
    if (intent && to !== intent.inDoubt) {
      fail('internal', undefined, {
        reason: 'rows in flight move in bulk only to doubt',
        from,
        to,
      });
    }
    const limit = clampLimit(options.limit ?? DEFAULT_MOVE_BATCH, DEFAULT_BATCH);
    const at = options.at ?? this.clock.now();
    const detail = JSON.stringify(
      options.reason === undefined ? { from, to } : { from, to, reason: options.reason },
    );
    return this.transact(() => {
      const stmt = isTransient(from) ? this.stmts.moveTransientRows : this.stmts.moveRows;
      const moved = stmt.all({
        to,
        at,
        nextAttemptAt: options.nextAttemptAt ?? null,
        jobId,
        from,
        limit,
      }) as Array<{ id: number }>;
      for (const { id } of moved) this.stmts.insertEvent.run(jobId, id, at, 'transition', detail);
      return moved.length;
    });
  }

  /** Cancels up to `limit` rows that nothing was sent for yet (UNSENT_STATES); returns how
   *  many. Call until 0. Rows in flight finish their current step. */
  cancelUnsentRows(jobId: string, options: { limit?: number; at?: number } = {}): number {
    let budget = clampLimit(options.limit ?? DEFAULT_MOVE_BATCH, DEFAULT_BATCH);
    let total = 0;
    for (const state of UNSENT_STATES) {
      if (budget <= 0) break;
      const n = this.moveRows(jobId, state, 'cancelled', {
        limit: budget,
        reason: 'job cancelled',
        ...(options.at === undefined ? {} : { at: options.at }),
      });
      total += n;
      budget -= n;
    }
    return total;
  }

  /**
   * Applies the user's fix: merges the edits into the row's edits (the original cells stay),
   * replaces the payload and identity, and sets the validation's verdict, with a 'note' event
   * holding the edits. Only for rows nothing of which is on the platform (FIXABLE_STATES).
   */
  applyUserFix(rowId: number, fix: UserFix, at: number = this.clock.now()): JournalRow {
    // The user's work: committed with FULL, so a power cut cannot take it back.
    return this.durably(() =>
      this.transact(() => {
        const row = this.getRow(rowId) ?? fail('not_found', undefined, { rowId });
        if (!(FIXABLE_STATES as readonly RowState[]).includes(row.state)) {
          fail(
            'invalid_input',
            'This row was already sent to the platform, so its values can no longer be changed here. Change the supplier in the platform instead.',
            { rowId, state: row.state },
          );
        }
        const edits = { ...(row.userEdits ?? {}), ...fix.edits };
        this.stmts.applyFix.run(
          JSON.stringify(edits),
          JSON.stringify(fix.payload),
          fix.identityKey,
          fix.state,
          jsonOrNull(fix.problems),
          at,
          rowId,
        );
        this.stmts.insertEvent.run(
          row.jobId,
          rowId,
          at,
          'note',
          JSON.stringify({ userFix: fix.edits, from: row.state, to: fix.state }),
        );
        return this.getRow(rowId)!;
      }),
    );
  }

  // ---- events -----------------------------------------------------------------------------

  /** Appends events (answers to reads, notes, job-level notes with rowId null) in one
   *  transaction. There is no way to change or delete an event. */
  appendEvents(events: readonly NewRowEvent[]): void {
    const now = this.clock.now();
    this.sqlite
      .transaction(() => {
        for (const e of events) {
          this.stmts.insertEvent.run(
            e.jobId,
            e.rowId,
            e.at ?? now,
            e.kind,
            JSON.stringify(e.detail),
          );
        }
      })
      .immediate();
  }

  /** The newest job-level note (rowId null) that carries `key` in its detail, e.g. the
   *  identifier check's figures; job-level notes are few, so this reads a handful of rows. */
  lastJobNote(jobId: string, key: string): { at: number; detail: Record<string, unknown> } | null {
    const raw = this.stmts.lastJobNote.get(jobId, `$.${key}`) as
      { at: number; detail: string } | undefined;
    return raw ? { at: raw.at, detail: JSON.parse(raw.detail) as Record<string, unknown> } : null;
  }

  /** A row's history, oldest first, in pages (pass the last event id as `afterId`). */
  rowEvents(rowId: number, options: { afterId?: number; limit?: number } = {}): RowEvent[] {
    const raws = this.stmts.rowEvents.all(
      rowId,
      options.afterId ?? 0,
      clampLimit(options.limit ?? 200, DEFAULT_BATCH),
    ) as Array<Omit<RowEvent, 'detail'> & { detail: string }>;
    return raws.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
  }

  /** The whole job's log, oldest first, in pages (for the support export). */
  jobEvents(jobId: string, options: { afterId?: number; limit?: number } = {}): RowEvent[] {
    const raws = this.stmts.jobEvents.all(
      jobId,
      options.afterId ?? 0,
      clampLimit(options.limit ?? 1_000, DEFAULT_BATCH),
    ) as Array<Omit<RowEvent, 'detail'> & { detail: string }>;
    return raws.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
  }

  // ---- mapping templates ------------------------------------------------------------------

  /** Saves a template under its name (replacing one of the same name). */
  saveTemplate(input: {
    name: string;
    headerSignature: string;
    mapping: Record<string, unknown>;
  }): MappingTemplate {
    const now = this.clock.now();
    const t = schema.mappingTemplates;
    this.db
      .insert(t)
      .values({ ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: t.name,
        set: { headerSignature: input.headerSignature, mapping: input.mapping, updatedAt: now },
      })
      .run();
    return this.db.select().from(t).where(eq(t.name, input.name)).get()!;
  }

  /** Templates made for this header set, most recently saved first. */
  templatesFor(signature: string): MappingTemplate[] {
    const t = schema.mappingTemplates;
    return this.db
      .select()
      .from(t)
      .where(eq(t.headerSignature, signature))
      .orderBy(desc(t.updatedAt), desc(t.id))
      .all();
  }

  listTemplates(): MappingTemplate[] {
    const t = schema.mappingTemplates;
    return this.db.select().from(t).orderBy(t.name).all();
  }

  deleteTemplate(name: string): boolean {
    const t = schema.mappingTemplates;
    return this.db.delete(t).where(eq(t.name, name)).run().changes > 0;
  }

  // ---- settings ---------------------------------------------------------------------------

  /** The stored value, or undefined. Callers parse it with their own schema. */
  getSetting(key: string): unknown {
    const row = this.db.select().from(schema.settings).where(eq(schema.settings.key, key)).get();
    return row ? row.value : undefined;
  }

  setSetting(key: string, value: unknown): void {
    // No value is spelled deleteSetting; a stored null would read back as a missing key.
    if (value === undefined || value === null) {
      fail('invalid_input', undefined, { key, reason: 'no value' });
    }
    const now = this.clock.now();
    this.db
      .insert(schema.settings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: now } })
      .run();
  }

  deleteSetting(key: string): void {
    this.db.delete(schema.settings).where(eq(schema.settings.key, key)).run();
  }

  // ---- leases -----------------------------------------------------------------------------

  /**
   * Takes the named lease in one immediate transaction (so two processes on the same file
   * cannot both win): granted when it is free, already ours, or `canTakeOver` says its holder
   * is gone. Stored as a setting (`lease:<name>`). Returns the lease now held, or the other
   * holder's when refused.
   */
  takeLease(
    name: string,
    lease: Lease,
    canTakeOver: (held: Lease) => boolean,
  ): { taken: true; lease: Lease; tookOver: Lease | undefined } | { taken: false; held: Lease } {
    const key = `lease:${name}`;
    return this.sqlite
      .transaction(() => {
        const held = this.getSetting(key) as Lease | undefined;
        if (held && held.owner !== lease.owner && !canTakeOver(held)) {
          return { taken: false as const, held };
        }
        this.setSetting(key, lease);
        return {
          taken: true as const,
          lease,
          tookOver: held && held.owner !== lease.owner ? held : undefined,
        };
      })
      .immediate();
  }

  /** Moves the lease's expiry on; false when it is no longer ours (taken over meanwhile). */
  renewLease(name: string, owner: string, expiresAt: number): boolean {
    const key = `lease:${name}`;
    return this.sqlite
      .transaction(() => {
        const held = this.getSetting(key) as Lease | undefined;
        if (!held || held.owner !== owner) return false;
        this.setSetting(key, { ...held, expiresAt });
        return true;
      })
      .immediate();
  }

  /** Gives the lease up if it is ours. */
  releaseLease(name: string, owner: string): void {
    const key = `lease:${name}`;
    this.sqlite
      .transaction(() => {
        const held = this.getSetting(key) as Lease | undefined;
        if (held?.owner === owner) this.deleteSetting(key);
      })
      .immediate();
  }

  /** The lease's holder, if any (expired or not). */
  getLease(name: string): Lease | undefined {
    return this.getSetting(`lease:${name}`) as Lease | undefined;
  }

  // ---- outcomes, archive, delete, moving a job ---------------------------------------------

  /** The job's finished rows counted by screening and validation status. A `done` row never
   *  changes again, so callers may keep the answer while the count of `done` rows stays. */
  doneOutcomes(
    jobId: string,
  ): Array<{ screening: string | null; validation: string | null; rows: number }> {
    return this.sqlite
      .prepare(
        `SELECT screening_status AS screening, validation_status AS validation, count(*) AS rows
         FROM rows INDEXED BY rows_state_source_row_idx
         WHERE job_id = ? AND state = 'done' AND ${LISTED_STATES_SQL} GROUP BY 1, 2`,
      )
      .all(jobId) as Array<{ screening: string | null; validation: string | null; rows: number }>;
  }

  /** One keyset page of the job's finished rows that match the outcome filter. */
  private pageDone(
    jobId: string,
    filter: DoneOutcomeFilter,
    after: number,
    limit: number,
  ): RawRow[] {
    const done = doneWhere(filter);
    return this.sqlite
      .prepare(
        `SELECT ${ROW_COLUMNS} FROM rows INDEXED BY rows_state_source_row_idx
         WHERE job_id = ? AND state = 'done' AND ${LISTED_STATES_SQL} AND source_row > ?
           AND ${done.sql}
         ORDER BY source_row LIMIT ?`,
      )
      .all(jobId, after, ...done.params, limit) as RawRow[];
  }

  /** Rows of the job whose request may have reached the API (an intent was ever written). */
  sentRows(jobId: string): number {
    const r = this.sqlite
      .prepare('SELECT count(*) AS n FROM rows WHERE job_id = ? AND sent_at IS NOT NULL')
      .get(jobId) as { n: number };
    return r.n;
  }

  /** Moves the job to another connection, with a job note saying from where to where. */
  setJobConnection(jobId: string, connectionId: string, note: Record<string, unknown>): Job {
    const job = this.getJob(jobId) ?? fail('not_found', undefined, { jobId });
    if (!this.getConnection(connectionId)) fail('not_found', undefined, { connectionId });
    const now = this.clock.now();
    this.sqlite
      .transaction(() => {
        this.db
          .update(schema.jobs)
          .set({ connectionId, updatedAt: now })
          .where(eq(schema.jobs.id, jobId))
          .run();
        this.stmts.insertEvent.run(
          jobId,
          null,
          now,
          'note',
          JSON.stringify({ connection: { from: job.connectionId, to: connectionId, ...note } }),
        );
      })
      .immediate();
    return { ...job, connectionId, updatedAt: now };
  }

  /** Deletes the job with its rows, their events and its counters, in one transaction (the
   *  event log's append-only trigger allows a delete once its job is gone). */
  deleteJob(jobId: string): { rows: number; events: number } {
    return this.sqlite
      .transaction(() => {
        const rows = (
          this.sqlite.prepare('SELECT count(*) AS n FROM rows WHERE job_id = ?').get(jobId) as {
            n: number;
          }
        ).n;
        const events = (
          this.sqlite
            .prepare('SELECT count(*) AS n FROM row_events WHERE job_id = ?')
            .get(jobId) as { n: number }
        ).n;
        if (this.db.delete(schema.jobs).where(eq(schema.jobs.id, jobId)).run().changes === 0) {
          fail('not_found', undefined, { jobId });
        }
        // The cascade removed rows and events; counters and the lease are the job's too.
        this.sqlite.prepare('DELETE FROM job_row_counts WHERE job_id = ?').run(jobId);
        this.deleteSetting(`lease:job:${jobId}`);
        return { rows, events };
      })
      .immediate();
  }

  // ---- internals --------------------------------------------------------------------------

  /**
   * Rows of `jobId` in `states` whose identity another job also has, in one of `otherStates`
   * there: the suppliers two jobs would both work on. One index range of the job's rows per
   * state, and one index lookup in the other job per row.
   */
  identitiesSharedWith(
    jobId: string,
    states: readonly RowState[],
    otherJobId: string,
    otherStates: readonly RowState[],
  ): Array<{ rowId: number; identityKey: string }> {
    if (!states.length || !otherStates.length) return [];
    const mine = states.map(() => '?').join(', ');
    const theirs = otherStates.map(() => '?').join(', ');
    return this.sqlite
      .prepare(
        `SELECT r.id AS rowId, r.identity_key AS identityKey FROM rows r
         WHERE r.job_id = ? AND r.state IN (${mine}) AND r.identity_key IS NOT NULL
           AND EXISTS (SELECT 1 FROM rows o WHERE o.job_id = ? AND o.identity_key = r.identity_key
                       AND o.state IN (${theirs}))
         ORDER BY r.source_row`,
      )
      .all(jobId, ...states, otherJobId, ...otherStates) as Array<{
      rowId: number;
      identityKey: string;
    }>;
  }

  /**
   * The due queries of one state. `rows_due_idx` is partial (DUE_STATES): SQLite uses it only
   * when the query repeats its condition (DUE_STATES_SQL), so each state has its own statements
   * (states are the fixed names of ROW_STATES, never input). Another state's rows are read
   * through the (job, state, source row) index and sorted.
   */
  private dueStatement(kind: 'due' | 'after' | 'next', state: RowState): BetterSqlite3.Statement {
    const key = `${kind}:${state}`;
    let stmt = this.dueStatements.get(key);
    if (stmt) return stmt;
    if (!(ROW_STATES as readonly string[]).includes(state)) {
      fail('internal', undefined, { reason: 'unknown row state', state });
    }
    const indexed = (DUE_STATES as readonly string[]).includes(state);
    const from = indexed ? 'rows INDEXED BY rows_due_idx' : 'rows';
    const where = `job_id = ? AND state = '${state}'${indexed ? ` AND ${DUE_STATES_SQL}` : ''}`;
    stmt = this.sqlite.prepare(
      kind === 'next'
        ? `SELECT next_attempt_at AS at FROM ${from} WHERE ${where}
           ORDER BY next_attempt_at LIMIT 1`
        : kind === 'after'
          ? `SELECT ${ROW_COLUMNS} FROM ${from}
             WHERE ${where} AND next_attempt_at >= ? AND next_attempt_at <= ?
               AND (next_attempt_at > ? OR id > ?)
             ORDER BY next_attempt_at, id LIMIT ?`
          : `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} AND next_attempt_at <= ?
             ORDER BY next_attempt_at, id LIMIT ?`,
    );
    this.dueStatements.set(key, stmt);
    return stmt;
  }

  private requireJob(jobId: string): void {
    if (!this.stmts.jobExists.get(jobId)) fail('not_found', undefined, { jobId });
  }

  /** Returns the row's job id when written, null when the row is not in `from`. */
  private updateRow(
    rowId: number,
    from: RowState,
    to: RowState,
    patch: RowPatch,
    at: number,
  ): string | null {
    const keys = (Object.keys(PATCH_COLUMNS) as Array<keyof typeof PATCH_COLUMNS>).filter(
      (k) => patch[k] !== undefined,
    );
    const refund = patch.refundAttempt === true && patch.attempts === undefined;
    // A row that keeps its state does not set it: an assigned column is an index change for
    // SQLite even when the value is the same, and state leads two indexes.
    const moves = from !== to;
    const signature = `${keys.join(',')}|${refund}|${moves}`;
    let stmt = this.patchStatements.get(signature);
    if (!stmt) {
      const sets = [
        ...(moves ? ['state = ?'] : []),
        'updated_at = ?',
        ...keys.map((k) => `${PATCH_COLUMNS[k][0]} = ?`),
      ];
      if (refund) sets.push('attempts = max(attempts - 1, 0)');
      stmt = this.sqlite.prepare(
        `UPDATE rows SET ${sets.join(', ')} WHERE id = ? AND state = ? RETURNING job_id AS jobId`,
      );
      this.patchStatements.set(signature, stmt);
    }
    const values: SqlValue[] = keys.map((k) => {
      const v = patch[k];
      if (typeof v === 'boolean') return v ? 1 : 0;
      return PATCH_COLUMNS[k][1] ? jsonOrNull(v) : ((v ?? null) as SqlValue);
    });
    const r = stmt.get(...(moves ? [to] : []), at, ...values, rowId, from) as
      { jobId: string } | undefined;
    return r ? r.jobId : null;
  }
}

function noop(): void {}
/** The SQL condition of a finished-row outcome filter. */
function doneWhere(filter: DoneOutcomeFilter): { sql: string; params: SqlValue[] } {
  if ('stage' in filter) {
    const column = filter.stage === 'screening' ? 'screening_status' : 'validation_status';
    return { sql: `${column} IS ?`, params: [filter.status] };
  }
  const { screening, validation } = ATTENTION_OUTCOMES;
  const needs = `(coalesce(validation_status, '') IN (${validation.map(() => '?').join(', ')}) OR coalesce(screening_status, '') IN (${screening.map(() => '?').join(', ')}))`;
  return {
    sql: filter.attention ? needs : `NOT ${needs}`,
    params: [...validation, ...screening],
  };
}

function clampLimit(n: number, max: number): number {
  return Math.min(max, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));
}

function checkNewRows(rows: readonly NewRow[]): void {
  const seen = new Set<number>();
  for (const r of rows) {
    if (!Number.isInteger(r.sourceRow) || seen.has(r.sourceRow)) {
      fail('invalid_input', 'Each row needs its own source row number.', {
        sourceRow: r.sourceRow,
      });
    }
    seen.add(r.sourceRow);
    if (r.state !== undefined && !['draft', 'valid', 'invalid'].includes(r.state)) {
      fail('invalid_input', undefined, { sourceRow: r.sourceRow, state: r.state });
    }
  }
}

function moveRowsSql(indexed: boolean): string {
  const from = indexed
    ? `rows INDEXED BY rows_state_source_row_idx
       WHERE job_id = @jobId AND state = @from AND ${LISTED_STATES_SQL}`
    : `rows WHERE job_id = @jobId AND state = @from`;
  return `UPDATE rows SET state = @to, updated_at = @at,
         next_attempt_at = coalesce(@nextAttemptAt, next_attempt_at)
       WHERE id IN (SELECT id FROM ${from} ORDER BY source_row LIMIT @limit)
       RETURNING id`;
}

const isTransient = (state: RowState): boolean =>
  (TRANSIENT_STATES as readonly RowState[]).includes(state);

function prepareStatements(db: BetterSqlite3.Database) {
  return {
    jobExists: db.prepare('SELECT 1 FROM jobs WHERE id = ?'),
    insertRow: db.prepare(
      `INSERT INTO rows (job_id, source_row, cells, payload, identity_key, state, problems, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    countAdded: db.prepare(
      `INSERT INTO job_row_counts (job_id, state, count) VALUES (?, ?, ?)
       ON CONFLICT (job_id, state) DO UPDATE SET count = count + excluded.count`,
    ),
    allCounts: db.prepare(
      'SELECT job_id AS jobId, state, count AS n FROM job_row_counts WHERE count > 0',
    ),
    counts: db.prepare(
      'SELECT state, count AS n FROM job_row_counts WHERE job_id = ? AND count > 0',
    ),
    getRow: db.prepare(`SELECT ${ROW_COLUMNS} FROM rows WHERE id = ?`),
    bySourceRow: db.prepare(`SELECT ${ROW_COLUMNS} FROM rows WHERE job_id = ? AND source_row = ?`),
    byIdentity: db.prepare(
      `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id = ? AND identity_key = ? ORDER BY id`,
    ),
    // rowsInDoubt: the sending states, which the state index holds (LISTED_STATES_SQL lets the
    // planner use it).
    inState: db.prepare(
      `SELECT ${ROW_COLUMNS} FROM rows
       WHERE job_id = ? AND state = ? AND ${LISTED_STATES_SQL} ORDER BY id LIMIT ?`,
    ),
    // Start-up only, over every job: the (job, state) indexes do not lead with state, and the
    // states queried here hold few rows in any job, so a scan of the counters picks the jobs.
    inStateAnyJob: db.prepare(
      `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id IN
         (SELECT job_id FROM job_row_counts WHERE state = @state AND count > 0)
       AND state = @state AND ${LISTED_STATES_SQL} ORDER BY id LIMIT @limit`,
    ),
    page: db.prepare(
      `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id = ? AND source_row > ?
       ORDER BY source_row LIMIT ?`,
    ),
    pageState: db.prepare(
      `SELECT ${ROW_COLUMNS} FROM rows INDEXED BY rows_state_source_row_idx
       WHERE job_id = ? AND state = ? AND ${LISTED_STATES_SQL} AND source_row > ?
       ORDER BY source_row LIMIT ?`,
    ),
    lastJobNote: db.prepare(
      `SELECT at, detail FROM row_events INDEXED BY row_events_row_idx
       WHERE row_id IS NULL AND job_id = ? AND kind = 'note' AND json_type(detail, ?) IS NOT NULL
       ORDER BY id DESC LIMIT 1`,
    ),
    problemKinds: db.prepare(
      `SELECT p.value ->> '$.code' AS code, p.value ->> '$.field' AS field,
              count(DISTINCT rows.id) AS rows
       FROM rows INDEXED BY rows_state_source_row_idx, json_each(rows.problems) p
       WHERE rows.job_id = ? AND rows.state = 'invalid' AND ${LISTED_STATES_SQL}
         AND rows.problems IS NOT NULL
       GROUP BY 1, 2 ORDER BY rows DESC, code, field`,
    ),
    windowEnd: db.prepare(
      `SELECT source_row AS sourceRow FROM rows WHERE job_id = ? AND source_row > ?
       ORDER BY source_row LIMIT 1 OFFSET ?`,
    ),
    markSending: db.prepare(
      `UPDATE rows SET state = ?, attempts = attempts + 1, sent_at = ?, updated_at = ?
       WHERE id = ? AND state = ? RETURNING job_id AS jobId, attempts`,
    ),
    moveRows: db.prepare(moveRowsSql(true)),
    // From a state the index leaves out (TRANSIENT_STATES: a few rows at a time).
    moveTransientRows: db.prepare(moveRowsSql(false)),
    applyFix: db.prepare(
      `UPDATE rows SET user_edits = ?, payload = ?, identity_key = ?, state = ?, problems = ?,
         error_code = NULL, error_message = NULL, rejection_reason = NULL, updated_at = ?
       WHERE id = ?`,
    ),
    insertEvent: db.prepare(
      'INSERT INTO row_events (job_id, row_id, at, kind, detail) VALUES (?, ?, ?, ?, ?)',
    ),
    rowEvents: db.prepare(
      `SELECT id, job_id AS jobId, row_id AS rowId, at, kind, detail FROM row_events
       WHERE row_id = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    jobEvents: db.prepare(
      `SELECT id, job_id AS jobId, row_id AS rowId, at, kind, detail FROM row_events
       WHERE job_id = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    sendLogLoad: db.prepare(
      `SELECT sent_at AS at FROM send_log WHERE connection_id = ? AND "group" = ? AND sent_at >= ?
       ORDER BY sent_at`,
    ),
    sendLogAppend: db.prepare(
      'INSERT INTO send_log (connection_id, "group", sent_at) VALUES (?, ?, ?)',
    ),
    sendLogPrune: db.prepare('DELETE FROM send_log WHERE sent_at < ?'),
  };
}
