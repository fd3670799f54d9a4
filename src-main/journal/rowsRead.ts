// Reading rows: counts, single rows, the engine's due batches, the rows found mid-request.
// Raw SQL over the one column list of rowColumns.ts: the partial indexes are used only by a
// query that names them and repeats their condition (see docs/architecture.md). Every query
// here is a constant of ROW_READ_SQL or made by dueSql, so a test prepares each of them
// against a real journal (a missing condition fails with "no query solution").
import { fail } from '../../src-shared/errors';
import type { EndedFacts } from '../../src-shared/tally';
import { clampLimit, DEFAULT_BATCH, type ReadHandle } from './handle';
import { ROW_COLUMNS, toRow, type JournalRow, type RawRow } from './rowColumns';
import { ROW_STATES, WRITE_INTENT_STATES, type RowState } from './rowStates';
import { DUE_STATES, DUE_STATES_SQL, LISTED_STATES_SQL, UNLISTED_STATES } from './schema';

export type { JournalRow } from './rowColumns';

export const ROW_READ_SQL = {
  counts: 'SELECT state, count AS n FROM job_row_counts WHERE job_id = ? AND count > 0',
  allCounts: 'SELECT job_id AS jobId, state, count AS n FROM job_row_counts WHERE count > 0',
  // One step down the unique (job, source row) index.
  lastSourceRow: 'SELECT max(source_row) AS n FROM rows WHERE job_id = ?',
  sentRows: 'SELECT count(*) AS n FROM rows WHERE job_id = ? AND sent_at IS NOT NULL',
  getRow: `SELECT ${ROW_COLUMNS} FROM rows WHERE id = ?`,
  bySourceRow: `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id = ? AND source_row = ?`,
  byIdentity: `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id = ? AND identity_key = ? ORDER BY id`,
  // rowsInDoubt: the sending states, which the state index holds (LISTED_STATES_SQL lets the
  // planner use it).
  inState: `SELECT ${ROW_COLUMNS} FROM rows
     WHERE job_id = ? AND state = ? AND ${LISTED_STATES_SQL} ORDER BY id LIMIT ?`,
  // Start-up only, over every job: the (job, state) indexes do not lead with state, and the
  // states queried here hold few rows in any job, so a scan of the counters picks the jobs.
  inStateAnyJob: `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id IN
       (SELECT job_id FROM job_row_counts WHERE state = @state AND count > 0)
     AND state = @state AND ${LISTED_STATES_SQL} ORDER BY id LIMIT @limit`,
  problemKinds: `SELECT p.value ->> '$.code' AS code, p.value ->> '$.field' AS field,
            count(DISTINCT rows.id) AS rows
     FROM rows INDEXED BY rows_state_source_row_idx, json_each(rows.problems) p
     WHERE rows.job_id = ? AND rows.state = 'invalid' AND ${LISTED_STATES_SQL}
       AND rows.problems IS NOT NULL
     GROUP BY 1, 2 ORDER BY rows DESC, code, field`,
  // Finished rows with an id that belongs to another supplier (an onboarding's attachments).
  doneIdsOnOther: `SELECT count(*) AS n FROM rows INDEXED BY rows_state_source_row_idx
     WHERE job_id = ? AND state = 'done' AND ${LISTED_STATES_SQL} AND identifiers IS NOT NULL
       AND EXISTS (SELECT 1 FROM json_each(rows.identifiers) i
                   WHERE i.value ->> '$.result' = 'other')`,
  // The finished rows' facts a job's tally needs beyond its state counters (src-shared/tally.ts).
  endedFacts: `SELECT state, screening_status AS screening, validation_status AS validation,
            op_result AS opResult,
            (state = 'done' AND identifiers IS NOT NULL
              AND EXISTS (SELECT 1 FROM json_each(rows.identifiers) i
                          WHERE i.value ->> '$.result' = 'other')) AS idOnOther,
            count(*) AS n
     FROM rows WHERE job_id = ? AND state IN ('done', 'skipped') GROUP BY 1, 2, 3, 4, 5`,
  opResults: `SELECT op_result AS result, count(*) AS n FROM rows
     WHERE job_id = ? AND op_result IS NOT NULL GROUP BY 1`,
  // What the rows' own columns order (engine/paidWork.ts): one pass over the job's rows.
  paidColumns: `SELECT state, payload ->> '$.screeningPeriodInYears' AS period,
            payload ->> '$.requestValidationOnCreate' AS validation,
            (payload ->> '$.customerId' IS NOT NULL) + (payload ->> '$.ownId' IS NOT NULL)
              AS attach,
            coalesce(screening_status = 'OnCreate', 0) AS screeningOnCreate,
            coalesce(validation_status = 'OnCreate', 0) AS validationOnCreate,
            count(*) AS n
     FROM rows WHERE job_id = ? GROUP BY 1, 2, 3, 4, 5, 6`,
  // The rows of a job that sent paid work after an event (a plan's confirmation): a create
  // that carried screening or validation, or a screening or validation request. One range of
  // the row index per row of the job.
  paidSince: `SELECT r.state AS state, r.payload ->> '$.screeningPeriodInYears' AS period,
            r.payload ->> '$.requestValidationOnCreate' AS validation,
            max(e.detail ->> '$.to' = 'screening_sending'
              OR (e.detail ->> '$.to' = 'sending' AND e.detail ->> '$.onCreate.screening' = 1))
              AS screeningSent,
            max(e.detail ->> '$.to' = 'validation_sending'
              OR (e.detail ->> '$.to' = 'sending' AND e.detail ->> '$.onCreate.validation' = 1))
              AS validationSent
     FROM rows r JOIN row_events e INDEXED BY row_events_row_idx ON e.row_id = r.id
     WHERE r.job_id = ? AND e.id > ? AND e.kind = 'request'
     GROUP BY r.id`,
} as const;

/** Rows per state (every state present, zero when none). Reads the kept counters (see the
 *  triggers migration), a handful of rows whatever the job's size. */
export function counts(h: ReadHandle, jobId: string): Record<RowState, number> {
  const out = Object.fromEntries(ROW_STATES.map((s) => [s, 0])) as Record<RowState, number>;
  const found = h.statement(ROW_READ_SQL.counts).all(jobId) as Array<{
    state: RowState;
    n: number;
  }>;
  for (const r of found) if (r.state in out) out[r.state] = r.n;
  return out;
}

/** Rows per state of every job, for the job list. */
export function countsByJob(h: ReadHandle): Map<string, Partial<Record<RowState, number>>> {
  const out = new Map<string, Partial<Record<RowState, number>>>();
  const all = h.statement(ROW_READ_SQL.allCounts).all() as Array<{
    jobId: string;
    state: RowState;
    n: number;
  }>;
  for (const r of all) {
    const byState = out.get(r.jobId) ?? {};
    byState[r.state] = r.n;
    out.set(r.jobId, byState);
  }
  return out;
}

/** The highest source row number of the job's rows, or 0: where an interrupted import goes on
 *  (rows are added in source order). */
export function lastSourceRow(h: ReadHandle, jobId: string): number {
  return (h.statement(ROW_READ_SQL.lastSourceRow).get(jobId) as { n: number | null }).n ?? 0;
}

/** Rows of the job whose request may have reached the API (an intent was ever written). */
export function sentRows(h: ReadHandle, jobId: string): number {
  return (h.statement(ROW_READ_SQL.sentRows).get(jobId) as { n: number }).n;
}

export function getRow(h: ReadHandle, rowId: number): JournalRow | null {
  const raw = h.statement(ROW_READ_SQL.getRow).get(rowId) as RawRow | undefined;
  return raw ? toRow(raw) : null;
}

export function getRows(h: ReadHandle, rowIds: readonly number[]): JournalRow[] {
  const out: JournalRow[] = [];
  for (const id of rowIds) {
    const row = getRow(h, id);
    if (row) out.push(row);
  }
  return out;
}

/** The row of the job read from this row of its file (a results file brought back). */
export function rowAtSource(h: ReadHandle, jobId: string, sourceRow: number): JournalRow | null {
  const raw = h.statement(ROW_READ_SQL.bySourceRow).get(jobId, sourceRow) as RawRow | undefined;
  return raw ? toRow(raw) : null;
}

/** Rows of the job with this identity (the in-file duplicate check, reconciliation). */
export function findByIdentity(h: ReadHandle, jobId: string, identityKey: string): JournalRow[] {
  return (h.statement(ROW_READ_SQL.byIdentity).all(jobId, identityKey) as RawRow[]).map(toRow);
}

export type DueQuery = 'due' | 'after' | 'next';

/**
 * The due queries of one state. `rows_due_idx` is partial (DUE_STATES): SQLite uses it only
 * when the query repeats its condition (DUE_STATES_SQL), so each state has its own statements
 * (states are the fixed names of ROW_STATES, never input). Another state's rows are read
 * through the (job, state, source row) index and sorted.
 */
export function dueSql(kind: DueQuery, state: RowState): string {
  if (!(ROW_STATES as readonly string[]).includes(state)) {
    fail('internal', undefined, { reason: 'unknown row state', state });
  }
  const indexed = (DUE_STATES as readonly string[]).includes(state);
  const from = indexed ? 'rows INDEXED BY rows_due_idx' : 'rows';
  const where = `job_id = ? AND state = '${state}'${indexed ? ` AND ${DUE_STATES_SQL}` : ''}`;
  if (kind === 'next') {
    return `SELECT next_attempt_at AS at FROM ${from} WHERE ${where}
       ORDER BY next_attempt_at LIMIT 1`;
  }
  if (kind === 'after') {
    return `SELECT ${ROW_COLUMNS} FROM ${from}
       WHERE ${where} AND next_attempt_at >= ? AND next_attempt_at <= ?
         AND (next_attempt_at > ? OR id > ?)
       ORDER BY next_attempt_at, id LIMIT ?`;
  }
  return `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} AND next_attempt_at <= ?
     ORDER BY next_attempt_at, id LIMIT ?`;
}

/**
 * The next rows due for a stage: in one of `states`, `nextAttemptAt <= now`, oldest due time
 * first, then import order. Each state is one index range (no sort of the whole job).
 */
export function takeDue(
  h: ReadHandle,
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
    const found = after
      ? h
          .statement(dueSql('after', state))
          .all(jobId, after.nextAttemptAt, now, after.nextAttemptAt, after.id, n)
      : h.statement(dueSql('due', state)).all(jobId, now, n);
    merged.push(...(found as RawRow[]));
  }
  merged.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
  return merged.slice(0, n).map(toRow);
}

/** The earliest `nextAttemptAt` among rows in `states`, or null: when the engine should look
 *  again. */
export function nextDueAt(
  h: ReadHandle,
  jobId: string,
  states: readonly RowState[],
): number | null {
  let best: number | null = null;
  for (const state of new Set(states)) {
    const r = h.statement(dueSql('next', state)).get(jobId) as { at: number } | undefined;
    if (r && (best === null || r.at < best)) best = r.at;
  }
  return best;
}

/** Rows whose write request may have reached the server without its answer being journaled:
 *  found at start-up, they are in doubt and must be reconciled before anything is resent. */
export function rowsInDoubt(h: ReadHandle, jobId?: string, limit = DEFAULT_BATCH): JournalRow[] {
  const n = clampLimit(limit, DEFAULT_BATCH);
  const out: RawRow[] = [];
  for (const state of WRITE_INTENT_STATES) {
    const found =
      jobId === undefined
        ? h.statement(ROW_READ_SQL.inStateAnyJob).all({ state, limit: n })
        : h.statement(ROW_READ_SQL.inState).all(jobId, state, n);
    out.push(...(found as RawRow[]));
  }
  out.sort((a, b) => a.id - b.id);
  return out.slice(0, n).map(toRow);
}

/** The rows waiting for a fix by the kind of their validation problems (code and field), most
 *  frequent first. A row with two kinds counts under each; `rows` counts it once. */
export function problemKinds(
  h: ReadHandle,
  jobId: string,
): { kinds: Array<{ code: string | null; field: string | null; rows: number }>; rows: number } {
  const kinds = h.statement(ROW_READ_SQL.problemKinds).all(jobId) as Array<{
    code: string | null;
    field: string | null;
    rows: number;
  }>;
  return { kinds, rows: counts(h, jobId).invalid };
}

/** What the rows' own changes came to (op_result, for a kind whose rows keep one): result →
 *  rows. One pass over the job's rows. */
export function opResults(h: ReadHandle, jobId: string): Record<string, number> {
  const found = h.statement(ROW_READ_SQL.opResults).all(jobId) as Array<{
    result: string;
    n: number;
  }>;
  return Object.fromEntries(found.map((r) => [r.result, r.n]));
}

/** Finished rows with an id the platform has on another supplier (not added). */
/** The finished rows' facts for the job's tally, grouped (src-shared/tally.ts). */
export function endedFacts(h: ReadHandle, jobId: string): EndedFacts[] {
  return h.statement(ROW_READ_SQL.endedFacts).all(jobId) as EndedFacts[];
}

export function doneIdsOnOther(h: ReadHandle, jobId: string): number {
  return (h.statement(ROW_READ_SQL.doneIdsOnOther).get(jobId) as { n: number }).n;
}

/** Rows per state and per the screening period and validation their own columns ask for
 *  (null where the row's payload has none). */
export interface PaidColumnGroup {
  state: RowState;
  period: number | null;
  /** 1 or 0 (SQLite's JSON booleans), null where the row says nothing. */
  validation: number | null;
  /** The ids the row attaches once its supplier exists (customer id, own id): 0 to 2. */
  attach: number;
  /** 1 where the row's create carried its screening (validation) and the platform took it
   *  (engine/stages.ts ON_CREATE): ordered already, not again. */
  screeningOnCreate: number;
  validationOnCreate: number;
  n: number;
}
export function paidColumns(h: ReadHandle, jobId: string): PaidColumnGroup[] {
  return h.statement(ROW_READ_SQL.paidColumns).all(jobId) as PaidColumnGroup[];
}

/** A row that sent paid work after an event: its state, its own columns, and what it sent. */
export interface PaidSentRow {
  state: RowState;
  period: number | null;
  validation: number | null;
  screeningSent: number;
  validationSent: number;
}
export function paidSince(h: ReadHandle, jobId: string, afterEventId: number): PaidSentRow[] {
  return (h.statement(ROW_READ_SQL.paidSince).all(jobId, afterEventId) as PaidSentRow[]).filter(
    (r) => r.screeningSent || r.validationSent,
  );
}

/**
 * Rows of `jobId` in `states` whose identity another job also has, in one of `otherStates`
 * there: the suppliers two jobs would both work on. One index range of the job's rows per
 * state, and one index lookup in the other job per row.
 */
export function identitiesSharedWith(
  h: ReadHandle,
  jobId: string,
  states: readonly RowState[],
  otherJobId: string,
  otherStates: readonly RowState[],
): Array<{ rowId: number; identityKey: string }> {
  if (!states.length || !otherStates.length) return [];
  const mine = states.map(() => '?').join(', ');
  const theirs = otherStates.map(() => '?').join(', ');
  return h.sqlite
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

export const isUnlisted = (state: RowState): boolean =>
  (UNLISTED_STATES as readonly RowState[]).includes(state);
