// The limiter's persisted sliding log of send times, reloaded after a restart. Raw SQL. Appends
// are kept in memory and written with the journal's next commit (a write's intent is one, in
// the same tick), or by a timer within `unsavedMs`: a crash loses at most that much of the log,
// and the log costs no commit of its own while the engine is writing anyway.
import { fail } from '../../src-shared/errors';
import type { ReadHandle, WriteHandle } from './handle';

/** The limiter's view of the log (one entry per request sent). */
export interface SendLogStore {
  load(connectionId: string, group: string, sinceMs: number): number[];
  append(connectionId: string, group: string, sentAtMs: number): void;
  prune(beforeMs: number): void;
  readonly unsavedMs: number;
}

/** Send-log entries wait at most this long for a commit to ride with. */
const SEND_LOG_FLUSH_MS = 1_000;

export const SEND_LOG_SQL = {
  load: `SELECT sent_at AS at FROM send_log WHERE connection_id = ? AND "group" = ? AND sent_at >= ?
     ORDER BY sent_at`,
  append: 'INSERT INTO send_log (connection_id, "group", sent_at) VALUES (?, ?, ?)',
  prune: 'DELETE FROM send_log WHERE sent_at < ?',
} as const;

/** The entries not written yet (oldest first) and a prune still to do. */
export class UnsavedSends {
  private entries: Array<[string, string, number]> = [];
  private pruneBefore: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  get pending(): boolean {
    return this.entries.length > 0 || this.pruneBefore !== null;
  }

  /**
   * The store the limiter uses. `closed` says whether the journal is closed, `commitSoon`
   * commits whatever waits (the timer's commit), `guard` turns a full disk into its failure.
   */
  store(
    h: ReadHandle,
    closed: () => boolean,
    commitSoon: () => void,
    guard: <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R,
  ): SendLogStore {
    return {
      load: guard((connectionId: string, group: string, sinceMs: number) => {
        const saved = h.statement(SEND_LOG_SQL.load).all(connectionId, group, sinceMs) as Array<{
          at: number;
        }>;
        return [
          ...saved.map((r) => r.at),
          ...this.entries
            .filter(([c, g, at]) => c === connectionId && g === group && at >= sinceMs)
            .map(([, , at]) => at),
        ].sort((a, b) => a - b);
      }),
      // Kept until the next commit: a write's intent (markSending) carries its own entry, the
      // reads' entries ride with whatever is committed next, or the timer writes them.
      append: (connectionId: string, group: string, sentAtMs: number) => {
        if (closed()) fail('internal', undefined, { reason: 'journal closed' });
        this.entries.push([connectionId, group, sentAtMs]);
        if (this.timer) return;
        this.timer = setTimeout(() => {
          this.timer = undefined;
          if (this.entries.length > 0 && !closed()) commitSoon();
        }, SEND_LOG_FLUSH_MS);
        this.timer.unref?.();
      },
      prune: (beforeMs: number) => {
        this.pruneBefore = Math.max(this.pruneBefore ?? beforeMs, beforeMs);
        this.entries = this.entries.filter(([, , at]) => at >= beforeMs);
      },
      unsavedMs: SEND_LOG_FLUSH_MS,
    };
  }

  /** Writes what waits, inside the caller's transaction; returns how many entries, to pass to
   *  `committed` once that transaction has committed. */
  write(h: WriteHandle): number {
    if (this.pruneBefore !== null) {
      h.statement(SEND_LOG_SQL.prune).run(this.pruneBefore);
      this.pruneBefore = null;
    }
    const append = h.statement(SEND_LOG_SQL.append);
    for (const [c, g, at] of this.entries) append.run(c, g, at);
    return this.entries.length;
  }

  /** The first `written` entries are in the file. Appends only ever add at the end, so they
   *  are the ones `write` wrote. */
  committed(written: number): void {
    if (written > 0) this.entries.splice(0, written);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
