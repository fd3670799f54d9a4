// A row's (and an event's) columns, declared once: the drizzle table in schema.ts. From it come
// the SELECT list of the raw-SQL reads (`column AS key`), the raw row type SQLite hands back,
// the decoding into a JournalRow (JSON columns parsed, the boolean made one) and the encoding
// of a patch's values. A new column in schema.ts is read, typed and patched without another
// list to keep in step.
import { Column, getTableColumns } from 'drizzle-orm';
import type { SqlValue } from './handle';
import { rowEvents, rows } from './schema';

/** One row of a job, as the journal hands it out. */
export type JournalRow = typeof rows.$inferSelect;

/** One event of the log: a request, answer, transition or note (job-level: `rowId` null). Its
 *  job is read through its row when it has one (a row's event keeps no job id). */
export type RowEvent = Omit<typeof rowEvents.$inferSelect, 'jobId'> & { jobId: string };

/** A column's value as SQLite stores it (JSON as text, booleans as 0/1). */
type Stored<C> = C extends { _: { driverParam: infer D; notNull: infer N } }
  ? N extends true
    ? D
    : D | null
  : never;

type Raw<T extends Record<string, Column>> = { [K in keyof T]: Stored<T[K]> };

interface Codec<T extends Record<string, Column>, Out> {
  /** `column AS key, ...` for a SELECT. */
  readonly select: string;
  /** The same, with some keys read from an expression instead of their column. */
  selectWith(expressions: Partial<Record<keyof T & string, string>>): string;
  decode(raw: Raw<T>): Out;
  /** The column's name in SQL. */
  column(key: keyof T & string): string;
  /** A value as SQLite stores it in the column (null stays null). */
  encode(key: keyof T & string, value: unknown): SqlValue;
}

function codec<T extends Record<string, Column>, Out>(columns: T): Codec<T, Out> {
  const entries = Object.entries(columns);
  const converted = entries.filter(
    ([, c]) => c.mapFromDriverValue !== Column.prototype.mapFromDriverValue,
  );
  return {
    select: entries.map(([key, c]) => (c.name === key ? key : `${c.name} AS ${key}`)).join(', '),
    selectWith: (expressions) =>
      entries
        .map(([key, c]) => {
          const expression = expressions[key as keyof T & string] ?? c.name;
          return expression === key ? key : `${expression} AS ${key}`;
        })
        .join(', '),
    // Only the columns whose stored value differs from the read one (JSON, booleans) are
    // converted, in place: the raw object is SQLite's fresh copy, used nowhere else.
    decode(raw) {
      const out = raw as Record<string, unknown>;
      for (const [key, c] of converted) {
        const v = out[key];
        if (v !== null && v !== undefined) out[key] = c.mapFromDriverValue(v);
      }
      return out as Out;
    },
    column: (key) => columns[key]!.name,
    encode: (key, value) =>
      value === null || value === undefined
        ? null
        : (columns[key]!.mapToDriverValue(value) as SqlValue),
  };
}

const ROW_TABLE_COLUMNS = getTableColumns(rows);
export type RawRow = Raw<typeof ROW_TABLE_COLUMNS>;
export const ROW = codec<typeof ROW_TABLE_COLUMNS, JournalRow>(ROW_TABLE_COLUMNS);

const EVENT_TABLE_COLUMNS = getTableColumns(rowEvents);
export type RawEvent = Raw<typeof EVENT_TABLE_COLUMNS>;
export const EVENT = codec<typeof EVENT_TABLE_COLUMNS, RowEvent>(EVENT_TABLE_COLUMNS);

/** The SELECT list of a row. */
export const ROW_COLUMNS = ROW.select;
export const toRow = (raw: RawRow): JournalRow => ROW.decode(raw);
