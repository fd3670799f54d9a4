// The journal's group commit (journal.ts): writes queued within a few milliseconds of each
// other run in one transaction and share its commit (and its fsync when one of them is durable),
// each in a savepoint of its own. While a durable write is expected, the others wait for it.
import type BetterSqlite3 from 'better-sqlite3';
import { AppFailure, appError } from '../../src-shared/errors';

/** Group commit (see `add`): how long a durable write (an intent) waits for others to share
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
const GROUP_MAX = 64;

interface GroupedWrite {
  run: () => unknown;
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

const closedFailure = () =>
  new AppFailure(appError('internal', undefined, { reason: 'journal closed' }));

/** What a group commit needs of its Journal: the connection and the Journal's own commits. */
export interface GroupCommits {
  readonly sqlite: BetterSqlite3.Database;
  /** The Journal's transaction, which also writes the send-log entries kept in memory. */
  transact<T>(fn: () => T): T;
  /** Runs `fn` (which commits) with synchronous=FULL. */
  durably<T>(fn: () => T): T;
  /** SQLite's bare SQLITE_FULL as the sentence that names the folder; any other error as is. */
  saidFull(e: unknown): unknown;
  closed(): boolean;
}

export class GroupCommit {
  /** Writes waiting for the next group commit (see `add`), and when it is due. */
  private writes: GroupedWrite[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dueAt = Number.POSITIVE_INFINITY;
  /** Who can tell that an intent is coming (see `expectIntents`). */
  private readonly intentSources = new Set<() => boolean>();

  constructor(private readonly journal: GroupCommits) {}

  /**
   * Group commit: `run` is queued and runs, with every other write queued meanwhile, in one
   * transaction (each in a savepoint of its own, so one that throws leaves the others),
   * committed with FULL when any of them is durable. A durable write is committed within
   * DURABLE_WINDOW_MS (its request waits for it), the others within LAZY_WINDOW_MS or with the
   * next durable one. Resolves once committed; rejects with the write's own error, or the
   * commit's (a full disk) for all.
   */
  add<T>(run: () => T, durable: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.journal.closed()) {
        reject(closedFailure());
        return;
      }
      this.writes.push({ run, durable, resolve: resolve as (v: unknown) => void, reject });
      const now = Date.now();
      const lazyMs = !durable && this.intentExpected() ? RIDE_WINDOW_MS : LAZY_WINDOW_MS;
      const dueAt =
        this.writes.length >= GROUP_MAX ? 0 : now + (durable ? DURABLE_WINDOW_MS : lazyMs);
      if (dueAt >= this.dueAt) return;
      if (this.timer) clearTimeout(this.timer);
      this.dueAt = dueAt;
      this.timer = setTimeout(() => this.flush(), Math.max(0, dueAt - Date.now()));
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

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = Number.POSITIVE_INFINITY;
    const batch = this.writes;
    this.writes = [];
    if (batch.length === 0 || this.journal.closed()) {
      for (const w of batch) w.reject(closedFailure());
      return;
    }
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const commit = () =>
      this.journal.transact(() => {
        results.length = 0;
        for (const w of batch) {
          try {
            results.push({ ok: true, value: this.journal.sqlite.transaction(w.run)() });
          } catch (error) {
            results.push({ ok: false, error });
          }
        }
      });
    try {
      if (batch.some((w) => w.durable)) this.journal.durably(commit);
      else commit();
    } catch (e) {
      const error = this.journal.saidFull(e);
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i]!;
      if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }
}
