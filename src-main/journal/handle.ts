// The handles the journal's areas work through (jobs.ts, rowsRead.ts, rowsWrite.ts, events.ts,
// leases.ts, settings.ts, ...): plain functions that take a handle as their first argument, so
// each reads as what it does to the file. A function that only reads takes a ReadHandle; one
// that writes takes a WriteHandle, which only the Journal holds (a read cannot write by
// mistake, and every write passes through the Journal's commits). Both are one connection.
import type BetterSqlite3 from 'better-sqlite3';
import { eq, getTableName, sql } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Clock } from '../util/clock';
import * as schema from './schema';

export type SqlValue = string | number | null;

export interface ReadHandle {
  readonly sqlite: BetterSqlite3.Database;
  /** drizzle over the same connection, for the areas that use it (see docs/architecture.md). */
  readonly db: BetterSQLite3Database<typeof schema>;
  readonly clock: Clock;
  /** The statement of this SQL text, prepared once per connection. */
  statement(sql: string): BetterSqlite3.Statement;
  /** What `make` makes, made once per connection under `key`: a drizzle query prepared once
   *  (`.prepare()` with placeholders) instead of built and compiled at every call, which costs
   *  more than the read itself for the small tables' reads the job list makes per job. */
  once<T>(key: string, make: () => T): T;
}

declare const writable: unique symbol;

export interface WriteHandle extends ReadHandle {
  readonly [writable]: true;
  /**
   * Runs `fn` in an immediate transaction that also writes the send-log entries kept in memory
   * (a savepoint when nested): the Journal's commit, see `Journal.transact`.
   */
  transact<T>(fn: () => T): T;
  /** Runs `fn` (which commits) with synchronous=FULL: see `Journal.durably`. */
  durably<T>(fn: () => T): T;
}

export function createHandle(
  sqlite: BetterSqlite3.Database,
  clock: Clock,
  commits: Pick<WriteHandle, 'transact' | 'durably'>,
): WriteHandle {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const made = new Map<string, unknown>();
  const handle = {
    sqlite,
    db: drizzle(sqlite, { schema }),
    clock,
    statement(sql: string): BetterSqlite3.Statement {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        statements.set(sql, stmt);
      }
      return stmt;
    },
    once<T>(key: string, make: () => T): T {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as T;
    },
    transact: <T>(fn: () => T): T => commits.transact(fn),
    durably: <T>(fn: () => T): T => commits.durably(fn),
  };
  return handle as unknown as WriteHandle;
}

/** The row of a small table whose `column` is `value` (its key), or undefined: a drizzle query
 *  prepared once per connection (see `once`). */
export function rowWhere<T extends SQLiteTable>(
  h: ReadHandle,
  table: T,
  column: SQLiteColumn,
  value: string,
): T['$inferSelect'] | undefined {
  const q = h.once(`rowWhere:${getTableName(table)}.${column.name}`, () =>
    h.db
      .select()
      .from(table as SQLiteTable)
      .where(eq(column, sql.placeholder('value')))
      .prepare(),
  );
  return q.get({ value }) as T['$inferSelect'] | undefined;
}

/** A page size or batch limit within 1..max. */
export function clampLimit(n: number, max: number): number {
  return Math.min(max, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));
}

/** The named fields of `from` (the columns an update may set). */
export function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
}

export const jsonOrNull = (v: unknown): string | null =>
  v === null || v === undefined ? null : JSON.stringify(v);

// Measured by bench/journal.ts: 5,000 inserted rows commit in ~70 ms; a bulk state change with
// its events costs about twice as much per row, so bulk moves default to smaller batches.
export const DEFAULT_BATCH = 5_000;
export const DEFAULT_MOVE_BATCH = 2_000;
