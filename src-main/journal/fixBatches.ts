// The user's fixes as batches that can be undone, newest first.
//
// A batch is one fix of one row, or one fix of many rows (the same value everywhere, a find and
// replace). Every row it touches gets a 'note' event holding the edits and the row's values before
// them (edits, payload, identity, state, problems, error). A batch of many rows is written a slice
// at a time, each slice in a transaction of its own: the first slice ends with the batch's
// job-level note naming the range of its events, each later slice with a part note (`fixBatchPart`)
// naming its own range and the batch. A batch is thus whole at every commit: after a crash between
// slices it holds the rows written so far and is undone as one. Undoing the newest batch puts back
// exactly those values, again a slice at a time, with a note per row, and ends with a job-level
// note saying which batch was undone; an undo cut short leaves the batch on the stack, and undoing
// it again puts back the same values. The event log stays append-only: the undo stack is what is
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
   * With `slice.batchId`, the rows are one more slice of that batch (the newest of the job);
   * with `slice.enough`, the transaction ends once it answers true (checked after each row), and
   * `consumed` says how many of `rowIds` were handled.
   */
  apply(
    jobId: string,
    rowIds: readonly number[],
    compute: (row: JournalRow) => UserFix | null,
    meta: FixBatchMeta,
    slice?: SliceOptions & { batchId?: number | undefined },
  ): { batch: FixBatch | null; rowIds: number[]; consumed: number };
  /** The batches that can be undone, newest first. */
  undoable(jobId: string, limit?: number): FixBatch[];
  /** A batch still on the undo stack, with all its slices. */
  batch(jobId: string, batchId: number): FixBatch | null;
  /** Undoes the newest batch, which must be `batchId`. */
  undo(jobId: string, batchId: number): { batch: FixBatch; rowIds: number[] };
  /**
   * Undoes the newest batch (which must be `batchId`) a slice at a time: the rows of its events
   * below `slice.below` (all at first), newest first, in one transaction that ends once
   * `slice.enough` answers true. `below` is where the next slice goes on, null once the batch is
   * undone (its undo note written). `was` holds the rows' values before this slice put them back.
   */
  undoSlice(
    jobId: string,
    batchId: number,
    slice: SliceOptions & { below?: number | null | undefined },
  ): {
    batch: FixBatch;
    rowIds: number[];
    was: Array<{ rowId: number; values: RowValues }>;
    below: number | null;
  };
  /** Puts rows back to values read before (an undo cut short), one transaction until `enough`;
   *  answers how many of `items` it wrote. */
  putBack(
    jobId: string,
    items: ReadonlyArray<{ rowId: number; values: RowValues }>,
    note: Record<string, unknown>,
    slice?: SliceOptions,
  ): number;
}

export interface SliceOptions {
  /** Asked after each row: true ends the slice's transaction. */
  enough?: (() => boolean) | undefined;
}

/** What a fix may change of a row, as kept to put it back. */
export type RowValues = Before;

const FIXABLE: readonly string[] = FIXABLE_STATES;

const json = (v: unknown): string | null =>
  v === null || v === undefined ? null : JSON.stringify(v);

const valuesOf = (row: JournalRow): Before => ({
  userEdits: row.userEdits,
  payload: row.payload,
  identityKey: row.identityKey,
  state: row.state,
  problems: row.problems,
  errorCode: row.errorCode,
  errorMessage: row.errorMessage,
  errorParams: row.errorParams,
  rejectionReason: row.rejectionReason,
});

type Stacked = FixBatch & { first: number; last: number; parts?: Array<[number, number]> };

export function createFixBatchStore(
  sqlite: BetterSqlite3.Database,
  clock: Clock,
  getRow: (rowId: number) => JournalRow | null,
  guard: <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R,
  /** Commits with synchronous=FULL: the user's fixes are their own work (see journal.ts). */
  durably: <T>(fn: () => T) => T,
): FixBatchStore {
  // Prepared when first used: a journal opened before its migrations ran (a test of an old
  // version's file) has no edit time yet.
  let updateRow: BetterSqlite3.Statement | undefined;
  const update = {
    run: (...values: unknown[]) =>
      (updateRow ??= sqlite.prepare(
        `UPDATE rows SET user_edits = ?, payload = ?, identity_key = ?, state = ?, problems = ?,
           error_code = ?, error_message = ?, error_params = ?, rejection_reason = ?,
           updated_at = ?, edited_at = ?
         WHERE id = ?`,
      )).run(...values),
  };
  const insertEvent = sqlite.prepare(EVENT_SQL.insert);
  // Job-level notes (row_id NULL) are an index range of their own, as in lastJobNote; those
  // after `id > ?` only, a range of it.
  const notes = sqlite.prepare(
    `SELECT id, at, detail FROM row_events INDEXED BY row_events_row_idx
     WHERE row_id IS NULL AND id > ? AND job_id = ? AND kind = 'note'
       AND (json_type(detail, '$.fixBatch') IS NOT NULL OR json_type(detail, '$.fixUndo') IS NOT NULL
         OR json_type(detail, '$.fixBatchPart') IS NOT NULL)
     ORDER BY id`,
  );
  const batchEvents = sqlite.prepare(
    // CROSS JOIN: the batch's id range first, each event's row by its key.
    `SELECT row_events.id, row_events.row_id AS rowId, row_events.detail FROM row_events
       CROSS JOIN rows ON rows.id = row_events.row_id
     WHERE row_events.id BETWEEN ? AND ? AND row_events.id < ? AND rows.job_id = ?
       AND row_events.kind = 'note'
     ORDER BY row_events.id DESC LIMIT ?`,
  );

  /**
   * Each job's stack as its notes up to `upTo` make it. The log is append-only and a note's id
   * is above every id committed before it, so the notes after `upTo` are all that can change
   * it: a slice of a batch of many rows reads the few notes since the one before it instead of
   * the batch's every part again (one more part per slice, each read at every slice). Read only
   * at the start of a transaction, before it writes a note, so what is kept was committed.
   */
  const stacks = new Map<string, { upTo: number; out: Stacked[] }>();

  /** The job's undo stack, oldest first (a copy; its batches are not to be changed). */
  function stack(jobId: string): Stacked[] {
    const kept = stacks.get(jobId) ?? { upTo: 0, out: [] };
    const { out } = kept;
    const raws = notes.all(kept.upTo, jobId) as Array<{ id: number; at: number; detail: string }>;
    for (const raw of raws) {
      const detail = JSON.parse(raw.detail) as {
        fixBatch?: FixBatchMeta & { rows: number; first: number; last: number; sourceRow?: number };
        fixBatchPart?: { batch: number; rows: number; first: number; last: number };
        fixUndo?: number;
      };
      if (detail.fixBatch) out.push({ ...detail.fixBatch, id: raw.id, at: raw.at });
      else if (detail.fixBatchPart) {
        const part = detail.fixBatchPart;
        const b = out.findLast((x) => x.id === part.batch);
        if (!b) continue;
        (b.parts ??= [[b.first, b.last]]).push([part.first, part.last]);
        b.rows += part.rows;
        delete b.sourceRow;
      } else if (detail.fixUndo !== undefined) {
        const i = out.findIndex((b) => b.id === detail.fixUndo);
        if (i >= 0) out.splice(i, 1);
      }
    }
    if (raws.length) kept.upTo = raws.at(-1)!.id;
    // A few jobs at a time: the newest used last.
    stacks.delete(jobId);
    stacks.set(jobId, kept);
    if (stacks.size > 16) stacks.delete(stacks.keys().next().value!);
    return [...out];
  }

  const publicBatch = ({ first: _f, last: _l, parts: _p, ...b }: Stacked): FixBatch => b;

  const notFixable = (row: JournalRow) =>
    fail(
      'invalid_input',
      `Row ${row.sourceRow} was already sent to the platform, so its values can no longer be changed here. Change the supplier in the platform instead.`,
      { rowId: row.id, state: row.state },
    );

  const writeValues = (rowId: number, b: Before, at: number) =>
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
      at,
      rowId,
    );

  function newest(jobId: string, batchId: number): Stacked {
    const top = stack(jobId).at(-1);
    if (!top || top.id !== batchId) {
      fail(
        'invalid_input',
        'This fix was already undone, or a newer fix was made since. Look at the rows again; the newest fix can be undone.',
        { batchId },
      );
    }
    return top;
  }

  const undoSlice: FixBatchStore['undoSlice'] = (jobId, batchId, slice) =>
    durably(() =>
      sqlite
        .transaction(() => {
          const top = newest(jobId, batchId);
          const at = clock.now();
          const rowIds: number[] = [];
          const was: Array<{ rowId: number; values: RowValues }> = [];
          // The slices' ranges newest first; `below` is the lowest event put back so far.
          const parts = [...(top.parts ?? [[top.first, top.last]])].sort((a, b) => b[0] - a[0]);
          let below = slice.below ?? Number.MAX_SAFE_INTEGER;
          let enough = false;
          for (const [first, last] of parts) {
            if (first >= below) continue;
            for (;;) {
              const events = batchEvents.all(first, last, below, jobId, 100) as Array<{
                id: number;
                rowId: number;
                detail: string;
              }>;
              for (const e of events) {
                below = e.id;
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
                was.push({ rowId: row.id, values: valuesOf(row) });
                writeValues(row.id, detail.before, at);
                insertEvent.run(
                  null, // a row's event is keyed by its row alone
                  row.id,
                  at,
                  'note',
                  JSON.stringify({ undoFix: top.id, from: row.state, to: detail.before.state }),
                );
                rowIds.push(row.id);
                if (slice.enough?.()) {
                  enough = true;
                  break;
                }
              }
              if (enough || events.length < 100) break;
            }
            if (enough) break;
            below = first;
          }
          // The last slice may have put back the last row without knowing it: the next one
          // finds nothing left and writes the note.
          if (enough) return { batch: publicBatch(top), rowIds, was, below };
          insertEvent.run(jobId, null, at, 'note', JSON.stringify({ fixUndo: top.id }));
          return { batch: publicBatch(top), rowIds, was, below: null };
        })
        .immediate(),
    );

  return {
    apply: guard((jobId, rowIds, compute, meta, slice) =>
      durably(() =>
        sqlite
          .transaction(() => {
            const at = clock.now();
            let first = 0;
            let last = 0;
            const done: number[] = [];
            let sourceRow: number | undefined;
            let consumed = 0;
            const head = slice?.batchId !== undefined ? newest(jobId, slice.batchId) : null;
            for (const rowId of rowIds) {
              consumed++;
              const row = getRow(rowId);
              if (!row || row.jobId !== jobId) failWith('not_found', { reason: 'row', rowId });
              if (!FIXABLE.includes(row.state)) notFixable(row);
              const fix = compute(row);
              if (fix) {
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
                  at,
                  rowId,
                );
                const id = Number(
                  insertEvent.run(
                    null, // a row's event is keyed by its row alone
                    rowId,
                    at,
                    'note',
                    JSON.stringify({
                      userFix: fix.edits,
                      from: row.state,
                      to: fix.state,
                      before: valuesOf(row),
                    }),
                  ).lastInsertRowid,
                );
                if (!first) first = id;
                last = id;
                done.push(rowId);
                sourceRow = row.sourceRow;
              }
              if (slice?.enough?.()) break;
            }
            if (head) {
              if (done.length) {
                insertEvent.run(
                  jobId,
                  null,
                  at,
                  'note',
                  JSON.stringify({
                    fixBatchPart: { batch: head.id, rows: done.length, first, last },
                  }),
                );
              }
              const { sourceRow: _one, ...merged } = head;
              return {
                batch: publicBatch({ ...merged, rows: head.rows + done.length }),
                rowIds: done,
                consumed,
              };
            }
            if (!done.length) return { batch: null, rowIds: done, consumed };
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
            return { batch: publicBatch({ ...stored, id, at }), rowIds: done, consumed };
          })
          .immediate(),
      ),
    ),

    undoable: guard((jobId: string, limit = 20) =>
      stack(jobId).reverse().slice(0, limit).map(publicBatch),
    ),

    batch: guard((jobId: string, batchId: number) => {
      const b = stack(jobId).find((x) => x.id === batchId);
      return b ? publicBatch(b) : null;
    }),

    undo: guard((jobId: string, batchId: number) => {
      const { batch, rowIds } = undoSlice(jobId, batchId, {});
      return { batch, rowIds };
    }),

    undoSlice: guard(undoSlice),

    putBack: guard((jobId, items, note, slice) =>
      durably(() =>
        sqlite
          .transaction(() => {
            const at = clock.now();
            let written = 0;
            for (const { rowId, values } of items) {
              written++;
              const row = getRow(rowId);
              if (!row || row.jobId !== jobId) continue;
              if (!FIXABLE.includes(row.state)) notFixable(row);
              writeValues(rowId, values, at);
              insertEvent.run(
                null,
                rowId,
                at,
                'note',
                JSON.stringify({ ...note, from: row.state, to: values.state }),
              );
              if (slice?.enough?.()) break;
            }
            return written;
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

/** At most `limit` rows of a job after source row `after`, in source order, with the current
 *  value of `target` and whether the row may still be fixed: a page of a look at every row. */
export function valuesPage(
  sqlite: BetterSqlite3.Database,
  jobId: string,
  target: ValueTarget,
  after: number,
  limit: number,
): Array<{ id: number; sourceRow: number; value: string; fixable: 0 | 1 }> {
  const value = currentValueSql(target);
  return sqlite
    .prepare(
      // A range of the job's source-row index, each row read by its key.
      `SELECT id, source_row AS sourceRow, ${value.sql} AS value,
         state IN (${FIXABLE.map(() => '?').join(', ')}) AS fixable
       FROM rows INDEXED BY rows_source_row_idx
       WHERE job_id = ? AND source_row > ? ORDER BY source_row LIMIT ?`,
    )
    .all(...value.params, ...FIXABLE, jobId, after, limit) as Array<{
    id: number;
    sourceRow: number;
    value: string;
    fixable: 0 | 1;
  }>;
}

/** How many rows a job has: the sum of its kept counters per state (the triggers migration), a
 *  handful of rows read whatever the job's size (counting its index took tens of milliseconds
 *  at 100,000 rows, all in one turn of the event loop). */
export function rowCount(sqlite: BetterSqlite3.Database, jobId: string): number {
  return (
    sqlite
      .prepare('SELECT coalesce(sum(count), 0) AS n FROM job_row_counts WHERE job_id = ?')
      .get(jobId) as { n: number }
  ).n;
}
