// The user's fixes as batches that can be undone, newest first.
//
// A batch is one fix of one row, or one fix of many rows (the same value everywhere, a find and
// replace), written in one transaction. Every row it touches gets a 'note' event holding the
// edits and the row's values before them (edits, payload, identity, state, problems, error), and
// the batch ends with a job-level note that names the range of those events. Undoing the newest
// batch puts back exactly those values, in one transaction, with a note per row and a job-level
// note saying which batch was undone. The event log stays append-only: the undo stack is what is
// left when every undo note takes its batch off the notes in order.
import type BetterSqlite3 from 'better-sqlite3';
import { fail, failWith } from '../../src-shared/errors';
import { FIXABLE_STATES } from '../../src-shared/rowStates';
import type { Clock } from '../util/clock';
import { EVENT_SQL } from './events';
import type { JournalRow } from './rowColumns';
import type { UserFix } from './rowsWrite';
import type { RowState } from './rowStates';
import type { RowProblem, UserEdits } from './schema';

export type FixBatchKind = 'fix' | 'same_value' | 'replace';

export interface FixBatchMeta {
  kind: FixBatchKind;
  /** The field a bulk fix changed; null for a fix of one row (its fields are in `fields`). */
  field: string | null;
  /** The fields the batch changed. */
  fields: string[];
  /** same_value: the value replaced; replace: the text found. */
  find?: string;
  replace?: string;
}

export interface FixBatch extends FixBatchMeta {
  /** The id of the batch's job-level note. */
  id: number;
  at: number;
  rows: number;
  /** The source row of a fix of one row. */
  sourceRow?: number;
}

interface Before {
  userEdits: UserEdits | null;
  payload: Record<string, unknown> | null;
  identityKey: string | null;
  state: RowState;
  problems: RowProblem[] | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** Absent in a batch from before errors kept their params. */
  errorParams?: Record<string, string | number> | null;
  rejectionReason: string | null;
}

export interface FixBatchStore {
  /**
   * Applies `compute`'s fix to each row in one immediate transaction; rows are computed in the
   * order given, each after the ones before it were written (so a duplicate made by the batch is
   * found). `compute` returning null leaves a row alone. Every row must be fixable.
   */
  apply(
    jobId: string,
    rowIds: readonly number[],
    compute: (row: JournalRow) => UserFix | null,
    meta: FixBatchMeta,
  ): { batch: FixBatch | null; rowIds: number[] };
  /** The batches that can be undone, newest first. */
  undoable(jobId: string, limit?: number): FixBatch[];
  /** Undoes the newest batch, which must be `batchId`. */
  undo(jobId: string, batchId: number): { batch: FixBatch; rowIds: number[] };
}

const FIXABLE: readonly string[] = FIXABLE_STATES;

const json = (v: unknown): string | null =>
  v === null || v === undefined ? null : JSON.stringify(v);

export function createFixBatchStore(
  sqlite: BetterSqlite3.Database,
  clock: Clock,
  getRow: (rowId: number) => JournalRow | null,
  guard: <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R,
  /** Commits with synchronous=FULL: the user's fixes are their own work (see journal.ts). */
  durably: <T>(fn: () => T) => T,
): FixBatchStore {
  const update = sqlite.prepare(
    `UPDATE rows SET user_edits = ?, payload = ?, identity_key = ?, state = ?, problems = ?,
       error_code = ?, error_message = ?, error_params = ?, rejection_reason = ?, updated_at = ?
     WHERE id = ?`,
  );
  const insertEvent = sqlite.prepare(EVENT_SQL.insert);
  // Job-level notes (row_id NULL) are an index range of their own, as in lastJobNote.
  const notes = sqlite.prepare(
    `SELECT id, at, detail FROM row_events INDEXED BY row_events_row_idx
     WHERE row_id IS NULL AND job_id = ? AND kind = 'note'
       AND (json_type(detail, '$.fixBatch') IS NOT NULL OR json_type(detail, '$.fixUndo') IS NOT NULL)
     ORDER BY id`,
  );
  const batchEvents = sqlite.prepare(
    // CROSS JOIN: the batch's id range first, each event's row by its key.
    `SELECT row_events.row_id AS rowId, row_events.detail FROM row_events
       CROSS JOIN rows ON rows.id = row_events.row_id
     WHERE row_events.id BETWEEN ? AND ? AND rows.job_id = ? AND row_events.kind = 'note'
     ORDER BY row_events.id DESC`,
  );

  function stack(jobId: string): Array<FixBatch & { first: number; last: number }> {
    const out: Array<FixBatch & { first: number; last: number }> = [];
    for (const raw of notes.all(jobId) as Array<{ id: number; at: number; detail: string }>) {
      const detail = JSON.parse(raw.detail) as {
        fixBatch?: FixBatchMeta & { rows: number; first: number; last: number; sourceRow?: number };
        fixUndo?: number;
      };
      if (detail.fixBatch) out.push({ ...detail.fixBatch, id: raw.id, at: raw.at });
      else if (detail.fixUndo !== undefined) {
        const i = out.findIndex((b) => b.id === detail.fixUndo);
        if (i >= 0) out.splice(i, 1);
      }
    }
    return out;
  }

  const publicBatch = ({ first: _f, last: _l, ...b }: FixBatch & { first: number; last: number }) =>
    b;

  return {
    apply: guard((jobId, rowIds, compute, meta) =>
      durably(() =>
        sqlite
          .transaction(() => {
            const at = clock.now();
            let first = 0;
            let last = 0;
            const done: number[] = [];
            let sourceRow: number | undefined;
            for (const rowId of rowIds) {
              const row = getRow(rowId);
              if (!row || row.jobId !== jobId) failWith('not_found', { reason: 'row', rowId });
              if (!FIXABLE.includes(row.state)) {
                fail(
                  'invalid_input',
                  `Row ${row.sourceRow} was already sent to the platform, so its values can no longer be changed here. Change the supplier in the platform instead.`,
                  { rowId, state: row.state },
                );
              }
              const fix = compute(row);
              if (!fix) continue;
              const before: Before = {
                userEdits: row.userEdits,
                payload: row.payload,
                identityKey: row.identityKey,
                state: row.state,
                problems: row.problems,
                errorCode: row.errorCode,
                errorMessage: row.errorMessage,
                errorParams: row.errorParams,
                rejectionReason: row.rejectionReason,
              };
              const edits = { ...(row.userEdits ?? {}), ...fix.edits };
              update.run(
                JSON.stringify(edits),
                JSON.stringify(fix.payload),
                fix.identityKey,
                fix.state,
                json(fix.problems),
                null,
                null,
                null,
                null,
                at,
                rowId,
              );
              const id = Number(
                insertEvent.run(
                  null, // a row's event is keyed by its row alone
                  rowId,
                  at,
                  'note',
                  JSON.stringify({ userFix: fix.edits, from: row.state, to: fix.state, before }),
                ).lastInsertRowid,
              );
              if (!first) first = id;
              last = id;
              done.push(rowId);
              sourceRow = row.sourceRow;
            }
            if (!done.length) return { batch: null, rowIds: done };
            const stored = {
              ...meta,
              rows: done.length,
              first,
              last,
              ...(done.length === 1 && sourceRow !== undefined ? { sourceRow } : {}),
            };
            const id = Number(
              insertEvent.run(jobId, null, at, 'note', JSON.stringify({ fixBatch: stored }))
                .lastInsertRowid,
            );
            return { batch: publicBatch({ ...stored, id, at }), rowIds: done };
          })
          .immediate(),
      ),
    ),

    undoable: guard((jobId: string, limit = 20) =>
      stack(jobId).reverse().slice(0, limit).map(publicBatch),
    ),

    undo: guard((jobId: string, batchId: number) =>
      durably(() =>
        sqlite
          .transaction(() => {
            const top = stack(jobId).at(-1);
            if (!top || top.id !== batchId) {
              fail(
                'invalid_input',
                'This fix was already undone, or a newer fix was made since. Look at the rows again; the newest fix can be undone.',
                { batchId },
              );
            }
            const at = clock.now();
            const events = batchEvents.all(top.first, top.last, jobId) as Array<{
              rowId: number;
              detail: string;
            }>;
            const rowIds: number[] = [];
            for (const e of events) {
              const detail = JSON.parse(e.detail) as { before?: Before };
              if (!detail.before) continue;
              const row = getRow(e.rowId);
              if (!row) continue;
              if (!FIXABLE.includes(row.state)) {
                fail(
                  'invalid_input',
                  `Row ${row.sourceRow} was sent to the platform after this fix, so the fix can no longer be undone. Change the supplier in the platform instead.`,
                  { rowId: row.id, state: row.state },
                );
              }
              const b = detail.before;
              update.run(
                json(b.userEdits),
                json(b.payload),
                b.identityKey,
                b.state,
                json(b.problems),
                b.errorCode,
                b.errorMessage,
                json(b.errorParams),
                b.rejectionReason,
                at,
                row.id,
              );
              insertEvent.run(
                null, // a row's event is keyed by its row alone
                row.id,
                at,
                'note',
                JSON.stringify({ undoFix: top.id, from: row.state, to: b.state }),
              );
              rowIds.push(row.id);
            }
            insertEvent.run(jobId, null, at, 'note', JSON.stringify({ fixUndo: top.id }));
            return { batch: publicBatch(top), rowIds };
          })
          .immediate(),
      ),
    ),
  };
}

/** Which value of a row a filter or a bulk fix looks at: the user's edit of `field` if there is
 *  one, else the file's cell in `column`, else the mapping's constant. */
export interface ValueTarget {
  field: string | null;
  column: number | null;
  constant?: string | null;
}

/** The SQL of a row's current value (trimmed), with its parameters. */
export function currentValueSql(target: ValueTarget): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  if (target.field) {
    parts.push('user_edits ->> ?');
    params.push(`$."${target.field.replace(/"/g, '')}"`);
  }
  if (target.column !== null) {
    parts.push('cells ->> ?');
    params.push(`$[${Math.max(0, Math.floor(target.column))}]`);
  }
  if (target.constant !== undefined && target.constant !== null) {
    parts.push('?');
    params.push(target.constant);
  }
  parts.push("''");
  return { sql: `trim(coalesce(${parts.join(', ')}))`, params };
}

/** The current value of `target` of every fixable row of a job, in source order. */
export function fixableValues(
  sqlite: BetterSqlite3.Database,
  jobId: string,
  target: ValueTarget,
): Array<{ id: number; sourceRow: number; value: string }> {
  const value = currentValueSql(target);
  return sqlite
    .prepare(
      `SELECT id, source_row AS sourceRow, ${value.sql} AS value FROM rows
       WHERE job_id = ? AND state IN (${FIXABLE.map(() => '?').join(', ')})
       ORDER BY source_row`,
    )
    .all(...value.params, jobId, ...FIXABLE) as Array<{
    id: number;
    sourceRow: number;
    value: string;
  }>;
}
