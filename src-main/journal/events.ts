// The event log: append-only (triggers refuse UPDATE, and DELETE while the job exists), the
// audit trail of every request, answer, transition and note. Raw SQL, like every area on the
// engine's path (see docs/architecture.md).
import { clampLimit, DEFAULT_BATCH, type ReadHandle, type WriteHandle } from './handle';
import { EVENT, type RawEvent, type RowEvent } from './rowColumns';
import type { RowEventKind } from './rowStates';
import { JOB_NOTES_SQL } from './schema';

export type { RowEvent } from './rowColumns';

export interface NewRowEvent {
  jobId: string;
  rowId: number | null;
  kind: RowEventKind;
  detail: Record<string, unknown>;
  at?: number;
}

/** An event's job: its own for a job-level event, its row's for a row's event (which keeps no
 *  job id: see the schema). */
const EVENT_JOB = `coalesce(job_id, (SELECT job_id FROM rows WHERE rows.id = row_events.row_id))`;
const EVENT_SELECT = EVENT.selectWith({ jobId: EVENT_JOB });

export const EVENT_SQL = {
  // The job id for a job-level event (row NULL) only; a row's event passes NULL.
  insert: 'INSERT INTO row_events (job_id, row_id, at, kind, detail) VALUES (?, ?, ?, ?, ?)',
  // A row's history is one range of (row, id); job-level notes (row NULL) are one range too.
  rowEvents: `SELECT ${EVENT_SELECT} FROM row_events WHERE row_id = ? AND id > ? ORDER BY id LIMIT ?`,
  // The support export walks the log in id order (no index on the job: see the schema), each
  // row's event finding its job through the row.
  jobEvents: `SELECT ${EVENT_SELECT} FROM row_events WHERE ${EVENT_JOB} = ? AND id > ? ORDER BY id LIMIT ?`,
  // The job's notes but the bulk fixes' (their range of the partial index, whose condition
  // is repeated here for SQLite to use it).
  lastJobNote: `SELECT id, at, detail FROM row_events INDEXED BY row_events_job_notes_idx
     WHERE ${JOB_NOTES_SQL} AND job_id = ? AND json_type(detail, ?) IS NOT NULL
     ORDER BY id DESC LIMIT 1`,
  // Deleting a job: its job-level events, and its rows' (one range of the row index each).
  countJobEvents: `SELECT (SELECT count(*) FROM row_events INDEXED BY row_events_row_idx
       WHERE row_id IS NULL AND job_id = ?)
     + (SELECT count(*) FROM rows JOIN row_events ON row_events.row_id = rows.id
       WHERE rows.job_id = ?) AS n`,
} as const;

/** Appends one event in the caller's transaction: a row's (`rowId` set; keyed by the row) or
 *  a job-level one (`rowId` null; keyed by the job). */
export function insertEvent(
  h: WriteHandle,
  jobId: string,
  rowId: number | null,
  at: number,
  kind: RowEventKind,
  detail: Record<string, unknown>,
): void {
  h.statement(EVENT_SQL.insert).run(
    rowId === null ? jobId : null,
    rowId,
    at,
    kind,
    JSON.stringify(detail),
  );
}

/** How many events a job has (its rows' and its own). */
export function countJobEvents(h: ReadHandle, jobId: string): number {
  return (h.statement(EVENT_SQL.countJobEvents).get(jobId, jobId) as { n: number }).n;
}

/** Appends events (answers to reads, notes, job-level notes with rowId null) in one
 *  transaction. There is no way to change or delete an event. */
export function appendEvents(h: WriteHandle, events: readonly NewRowEvent[]): void {
  const now = h.clock.now();
  h.sqlite
    .transaction(() => {
      for (const e of events) insertEvent(h, e.jobId, e.rowId, e.at ?? now, e.kind, e.detail);
    })
    .immediate();
}

/** The newest job-level note (rowId null) that carries `key` in its detail, e.g. the
 *  identifier check's figures. Reads the job's own range of its notes, which leaves out the bulk
 *  fixes' many (fixBatch, fixBatchPart, fixUndo: fixBatches.ts reads those), so a handful of
 *  rows. */
export function lastJobNote(
  h: ReadHandle,
  jobId: string,
  key: string,
): { id: number; at: number; detail: Record<string, unknown> } | null {
  const raw = h.statement(EVENT_SQL.lastJobNote).get(jobId, `$.${key}`) as
    { id: number; at: number; detail: string } | undefined;
  return raw
    ? { id: raw.id, at: raw.at, detail: JSON.parse(raw.detail) as Record<string, unknown> }
    : null;
}

/** A row's history, oldest first, in pages (pass the last event id as `afterId`). */
export function rowEvents(
  h: ReadHandle,
  rowId: number,
  options: { afterId?: number; limit?: number } = {},
): RowEvent[] {
  return eventPage(h, EVENT_SQL.rowEvents, rowId, options, 200);
}

/** The whole job's log, oldest first, in pages (for the support export). */
export function jobEvents(
  h: ReadHandle,
  jobId: string,
  options: { afterId?: number; limit?: number } = {},
): RowEvent[] {
  return eventPage(h, EVENT_SQL.jobEvents, jobId, options, 1_000);
}

function eventPage(
  h: ReadHandle,
  sql: string,
  key: string | number,
  options: { afterId?: number; limit?: number },
  defaultLimit: number,
): RowEvent[] {
  const limit = clampLimit(options.limit ?? defaultLimit, DEFAULT_BATCH);
  const raws = h.statement(sql).all(key, options.afterId ?? 0, limit) as RawEvent[];
  return raws.map((raw) => EVENT.decode(raw));
}
