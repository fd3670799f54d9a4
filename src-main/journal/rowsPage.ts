// Paging a job's rows in source order with the UI's filters (keyset paging on source row).
// Raw SQL: a state filter reads the partial (job, state, source row) index, so it names the
// index and repeats its condition; the other filters scan one bounded window of the job per
// call. The fixed queries are in PAGE_SQL (prepared by the journal's query test).
import { ATTENTION_OP_RESULTS, NOT_ATTENTION_OUTCOMES } from '../../src-shared/outcomes';
import { currentValueSql, type ValueTarget } from './fixBatches';
import { clampLimit, type ReadHandle, type SqlValue } from './handle';
import { ROW_COLUMNS, toRow, type JournalRow, type RawRow } from './rowColumns';
import { PROBLEM_STATES, type RowState } from './rowStates';
import { isUnlisted } from './rowsRead';
import { LISTED_STATES_SQL } from './schema';

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

const MAX_PAGE = 500;
/** Rows scanned per call by an unindexed filter (text, error code). */
const SCAN_WINDOW = 5_000;

export const PAGE_SQL = {
  page: `SELECT ${ROW_COLUMNS} FROM rows WHERE job_id = ? AND source_row > ?
     ORDER BY source_row LIMIT ?`,
  pageState: `SELECT ${ROW_COLUMNS} FROM rows INDEXED BY rows_state_source_row_idx
     WHERE job_id = ? AND state = ? AND ${LISTED_STATES_SQL} AND source_row > ?
     ORDER BY source_row LIMIT ?`,
  windowEnd: `SELECT source_row AS sourceRow FROM rows WHERE job_id = ? AND source_row > ?
     ORDER BY source_row LIMIT 1 OFFSET ?`,
} as const;

/** The ended states whose rows an outcome filter selects by their outcome (a `skipped` row
 *  naming a supplier the platform does not know needs the user; src-shared/tally.ts). */
const ENDED_BY_OUTCOME: readonly string[] = ['done', 'skipped'];

/** The SQL condition of a finished-row outcome filter. */
function doneWhere(filter: DoneOutcomeFilter): { sql: string; params: SqlValue[] } {
  if ('stage' in filter) {
    const column = filter.stage === 'screening' ? 'screening_status' : 'validation_status';
    return { sql: `${column} IS ?`, params: [filter.status] };
  }
  // Findings, a stopped screening, a rejected validation, and any word the app does not know
  // (src-shared/outcomes.ts isAttentionOutcome), in SQL.
  const { screening, validation } = NOT_ATTENTION_OUTCOMES;
  // Also a row's own outcome that needs the user (ATTENTION_OP_RESULTS: a supplier the platform
  // does not know),
  // and an id the row attaches that another supplier holds: the same rows the tally counts.
  const needs = `((validation_status IS NOT NULL AND validation_status NOT IN (${validation.map(() => '?').join(', ')})) OR (screening_status IS NOT NULL AND screening_status NOT IN (${screening.map(() => '?').join(', ')})) OR coalesce(op_result, '') IN (${ATTENTION_OP_RESULTS.map(() => '?').join(', ')}) OR (identifiers IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(rows.identifiers) i WHERE i.value ->> '$.result' = 'other')))`;
  return {
    sql: filter.attention ? needs : `NOT ${needs}`,
    params: [...validation, ...screening, ...ATTENTION_OP_RESULTS],
  };
}

/** The query of one keyset page of the job's finished rows that match the outcome filter. */
export function pageDoneSql(filter: DoneOutcomeFilter): { sql: string; params: SqlValue[] } {
  const done = doneWhere(filter);
  return {
    sql: `SELECT ${ROW_COLUMNS} FROM rows INDEXED BY rows_state_source_row_idx
       WHERE job_id = ? AND state IN ('done', 'skipped') AND ${LISTED_STATES_SQL}
         AND source_row > ? AND ${done.sql}
       ORDER BY source_row LIMIT ?`,
    params: done.params,
  };
}

function pageDone(
  h: ReadHandle,
  jobId: string,
  filter: DoneOutcomeFilter,
  after: number,
  limit: number,
): RawRow[] {
  const { sql, params } = pageDoneSql(filter);
  return h.statement(sql).all(jobId, after, ...params, limit) as RawRow[];
}

/** Keyset paging in source order, with the UI's filters. */
export function pageRows(h: ReadHandle, jobId: string, query: RowQuery = {}): RowPage {
  const limit = clampLimit(query.limit ?? 100, MAX_PAGE);
  const after = query.after ?? Number.MIN_SAFE_INTEGER;
  let states: readonly RowState[] | null =
    query.states ?? (query.problemsOnly ? PROBLEM_STATES : null);
  // Finished rows by outcome replace the plain `done` and `skipped` states (see pageDone).
  if (query.done) states = (states ?? []).filter((s) => !ENDED_BY_OUTCOME.includes(s));
  const text = query.text?.trim() ? query.text.trim() : null;

  // A state the state index leaves out (UNLISTED_STATES) is found by the window scan.
  const indexed = !states || !states.some(isUnlisted);
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
        raws.push(
          ...(h.statement(PAGE_SQL.pageState).all(jobId, state, after, limit + 1) as RawRow[]),
        );
      }
      if (query.done) raws.push(...pageDone(h, jobId, query.done, after, limit + 1));
      raws.sort((a, b) => a.sourceRow - b.sourceRow);
      raws = raws.slice(0, limit + 1);
    } else {
      raws = h.statement(PAGE_SQL.page).all(jobId, after, limit + 1) as RawRow[];
    }
    const more = raws.length > limit;
    const page = raws.slice(0, limit).map(toRow);
    return { rows: page, nextCursor: more ? page[page.length - 1]!.sourceRow : null };
  }

  // Unindexed filters: scan one bounded window of the job per call.
  const end = h.statement(PAGE_SQL.windowEnd).get(jobId, after, SCAN_WINDOW - 1) as
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
      `(state IN (${states.map(() => '?').join(', ') || "''"}) OR (state IN ('done', 'skipped') AND ${done.sql}))`,
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
  const raws = h.sqlite
    .prepare(
      `SELECT ${ROW_COLUMNS} FROM rows WHERE ${where.join(' AND ')} ORDER BY source_row LIMIT ?`,
    )
    .all(...params, limit + 1) as RawRow[];
  const page = raws.slice(0, limit).map(toRow);
  if (raws.length > limit) return { rows: page, nextCursor: page[page.length - 1]!.sourceRow };
  return { rows: page, nextCursor: end ? end.sourceRow : null };
}

/** Every row of a job in source order, a page at a time (exports, summaries, re-imports). */
export function* eachRow(h: ReadHandle, jobId: string, pageSize = 500): Generator<JournalRow> {
  let after: number | undefined;
  for (;;) {
    const page = pageRows(h, jobId, { limit: pageSize, ...(after !== undefined ? { after } : {}) });
    yield* page.rows;
    if (page.nextCursor === null) return;
    after = page.nextCursor;
  }
}
