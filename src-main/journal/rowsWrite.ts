// Writing rows: the import's inserts, the intent before a request leaves, the outcomes of the
// answers, bulk moves and the user's fixes; each with its events, in one transaction. Raw SQL
// (see docs/architecture.md): conditional updates with RETURNING, statements kept per shape of
// patch, and only the columns that change assigned (an assigned column rewrites its index
// entries even when its value stays).
import { fail, failWith } from '../../src-shared/errors';
import type { Params } from '../../src-shared/i18n';
import type { HistoryCode } from '../../src-shared/i18n/engine';
import { insertEvent } from './events';
import {
  clampLimit,
  DEFAULT_BATCH,
  DEFAULT_MOVE_BATCH,
  jsonOrNull,
  type SqlValue,
  type WriteHandle,
} from './handle';
import { requireJob } from './jobs';
import { ROW, type JournalRow } from './rowColumns';
import {
  ALL_WRITES,
  canTransition,
  FIXABLE_STATES,
  UNSENT_STATES,
  writeStatesOf,
  type RowState,
  type StageName,
} from './rowStates';
import { getRow, isUnlisted } from './rowsRead';
import { DUE_STATES_SQL, LISTED_STATES_SQL, type RowProblem, type UserEdits } from './schema';
import { ATTACHED_ID_FIELDS } from '../../src-shared/supplier';

/** A row as the import hands it over. */
export interface NewRow {
  sourceRow: number;
  cells: string[];
  payload?: Record<string, unknown> | null;
  identityKey?: string | null;
  state?: 'draft' | 'valid' | 'invalid';
  problems?: RowProblem[] | null;
}

/** The columns an outcome may set: `null` clears a field, an absent key leaves it. */
const PATCH_KEYS = [
  'nextAttemptAt',
  'attempts',
  'platformId',
  'creationUuid',
  'createdByJob',
  'screeningIds',
  'screeningStatus',
  'validationRequestId',
  'validationStatus',
  'outcomeTargetId',
  'rejectionReason',
  'identifiers',
  'opResult',
  'matched',
  'errorCode',
  'errorMessage',
  'errorParams',
  'duplicates',
  'duplicateDecision',
  // A row held after its import (an id without the zeros of its column).
  'problems',
  // A kind may keep a row's own outcomes in its payload (a batch writer's, per item it sent).
  'payload',
] as const satisfies ReadonlyArray<keyof JournalRow>;

type PatchColumns = Pick<JournalRow, (typeof PATCH_KEYS)[number]>;

/** Fields an outcome may set; `null` clears a field, an absent key leaves it. `attempts` is an
 *  absolute count (e.g. reconciliation rounds); see also `refundAttempt`. */
export type RowPatch = {
  [K in keyof PatchColumns]?: K extends 'nextAttemptAt' | 'attempts' | 'createdByJob'
    ? PatchColumns[K]
    : PatchColumns[K] | null;
} & {
  /** The request never left (429, no network before send): give back the attempt that
   *  markSending counted. */
  refundAttempt?: boolean;
};

export interface RowOutcome {
  rowId: number;
  /** The state the outcome was computed from; a row that has moved since is left alone. */
  from: RowState;
  to: RowState;
  patch?: RowPatch;
  /** The answer received, kept as a 'response' event (status, body excerpt, request id...),
   *  which also holds the move when the state changes. */
  response?: Record<string, unknown>;
  /** Why the row moved (`history.<code>`), kept in the transition event as `reasonCode`. */
  reason?: HistoryCode;
  /** The values of the reason's placeholders, kept beside it as `params`. */
  reasonParams?: Params;
}

/** A transition event's detail: the move, and why (`reasonCode`, `params`). */
function transitionDetail(
  from: RowState,
  to: RowState,
  reason?: HistoryCode,
  params?: Params,
): Record<string, unknown> {
  return {
    from,
    to,
    ...(reason === undefined ? {} : { reasonCode: reason }),
    ...(params ? { params } : {}),
  };
}

export interface OutcomeResult {
  /** Rows the outcome was written to. */
  applied: number[];
  /** Rows no longer in the `from` state (or gone): nothing was written for them. */
  stale: number[];
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

/** Rows whose payload has an id to attach once the supplier exists (customer id, own id), and
 *  rows the user attached to an existing supplier instead of creating them (their supplier id
 *  goes there too). */
const ATTACHING_SQL = `(${[
  ...ATTACHED_ID_FIELDS.map((f) => `json_extract(payload, '$.${f.key}') IS NOT NULL`),
  `duplicate_decision = 'attach'`,
].join(' OR ')})`;

function moveRowsSql(index: 'state' | 'due', attaching = false): string {
  const only = attaching ? ` AND ${ATTACHING_SQL}` : '';
  const from =
    index === 'state'
      ? `rows INDEXED BY rows_state_source_row_idx
       WHERE job_id = @jobId AND state = @from AND ${LISTED_STATES_SQL}${only}`
      : `rows INDEXED BY rows_due_idx
       WHERE job_id = @jobId AND state = @from AND ${DUE_STATES_SQL}${only}`;
  return `UPDATE rows SET state = @to, updated_at = @at,
         next_attempt_at = coalesce(@nextAttemptAt, next_attempt_at)
       WHERE id IN (SELECT id FROM ${from} ORDER BY source_row LIMIT @limit)
       RETURNING id`;
}

/** The due time of a row held back until the user confirms what it orders (engine/health.ts):
 *  never due by itself; `releaseHeld` makes such rows due again when a run starts. */
export const HELD_UNTIL_CONFIRMED = 8_640_000_000_000_000;

/** Rows per statement of `insertRows` (its VALUES lists). */
const INSERT_GROUP = 50;

export const ROW_WRITE_SQL = {
  releaseHeld: `UPDATE rows SET next_attempt_at = 0 WHERE id IN
     (SELECT id FROM rows INDEXED BY rows_due_idx
      WHERE job_id = ? AND state = ? AND ${DUE_STATES_SQL}
        AND next_attempt_at = ${HELD_UNTIL_CONFIRMED})`,
  insertRow: `INSERT INTO rows (job_id, source_row, cells, payload, identity_key, state, problems, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  // The same for INSERT_GROUP rows at once: an import's rows go in about a quarter faster than
  // with one statement per row (same rows, same order, so the same ids).
  insertRows: `INSERT INTO rows (job_id, source_row, cells, payload, identity_key, state, problems, updated_at)
     VALUES ${Array.from({ length: INSERT_GROUP }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
  // The only place rows are inserted; state changes are counted by triggers.
  countAdded: `INSERT INTO job_row_counts (job_id, state, count) VALUES (?, ?, ?)
     ON CONFLICT (job_id, state) DO UPDATE SET count = count + excluded.count`,
  markSending: `UPDATE rows SET state = ?, attempts = attempts + 1, sent_at = ?, updated_at = ?
     WHERE id = ? AND state = ? RETURNING job_id AS jobId, attempts`,
  moveRows: moveRowsSql('state'),
  // Only the rows with ids to attach (an existing supplier's first step).
  moveAttachingRows: moveRowsSql('state', true),
  // From a state the state index leaves out (UNLISTED_STATES, all of them due states): the
  // state's range of the due index, sorted into source order.
  moveUnlistedRows: moveRowsSql('due'),
  applyFix: `UPDATE rows SET user_edits = ?, payload = ?, identity_key = ?, state = ?, problems = ?,
       error_code = NULL, error_message = NULL, error_params = NULL, rejection_reason = NULL,
       updated_at = ?, edited_at = ?
     WHERE id = ?`,
} as const;

/**
 * Adds rows to a job, `batchSize` rows per transaction. Source row numbers must be new to the
 * job. Commits batch by batch: if a batch fails, the batches before it stay, and the error says
 * how many rows were added.
 */
export function addRows(
  h: WriteHandle,
  jobId: string,
  input: readonly NewRow[],
  batchSize: number = DEFAULT_BATCH,
): number {
  requireJob(h, jobId);
  const size = Math.max(1, batchSize);
  checkNewRows(input);
  let added = 0;
  for (let start = 0; start < input.length; start += size) {
    const batch = input.slice(start, start + size);
    try {
      insertBatch(h, jobId, batch);
    } catch (e) {
      if (
        e instanceof Error &&
        /UNIQUE constraint failed: rows\.job_id, rows\.source_row/.test(e.message)
      ) {
        fail(
          'invalid_input',
          'Some rows of this file were already added to the job. Start a new job from the file.',
          { jobId, added },
        );
      }
      throw e;
    }
    added += batch.length;
  }
  return added;
}

function insertBatch(h: WriteHandle, jobId: string, batch: readonly NewRow[]): void {
  const now = h.clock.now();
  const insert = h.statement(ROW_WRITE_SQL.insertRow);
  const insertGroup = h.statement(ROW_WRITE_SQL.insertRows);
  const added = new Map<RowState, number>();
  const values: SqlValue[] = [];
  const push = (r: NewRow) => {
    const state = r.state ?? 'draft';
    added.set(state, (added.get(state) ?? 0) + 1);
    values.push(
      jobId,
      r.sourceRow,
      JSON.stringify(r.cells),
      jsonOrNull(r.payload),
      r.identityKey ?? null,
      state,
      jsonOrNull(r.problems),
      now,
    );
  };
  h.sqlite
    .transaction(() => {
      // In source order, as one statement per row would insert them (the ids follow it).
      let i = 0;
      for (; i + INSERT_GROUP <= batch.length; i += INSERT_GROUP) {
        values.length = 0;
        for (let k = i; k < i + INSERT_GROUP; k++) push(batch[k] as NewRow);
        insertGroup.run(values);
      }
      for (; i < batch.length; i++) {
        values.length = 0;
        push(batch[i] as NewRow);
        insert.run(values);
      }
      const count = h.statement(ROW_WRITE_SQL.countAdded);
      for (const [state, n] of added) count.run(jobId, state, n);
    })
    .immediate();
}

function checkNewRows(rows: readonly NewRow[]): void {
  const seen = new Set<number>();
  for (const r of rows) {
    if (!Number.isInteger(r.sourceRow) || seen.has(r.sourceRow)) {
      failWith('invalid_input', { reason: 'source_row_repeated', sourceRow: r.sourceRow });
    }
    seen.add(r.sourceRow);
    if (r.state !== undefined && !['draft', 'valid', 'invalid'].includes(r.state)) {
      fail('invalid_input', undefined, { sourceRow: r.sourceRow, state: r.state });
    }
  }
}

/** Makes the job's rows held for confirmation due again (in its write queues). */
export function releaseHeld(h: WriteHandle, jobId: string, states: readonly RowState[]): number {
  const release = h.statement(ROW_WRITE_SQL.releaseHeld);
  let n = 0;
  h.transact(() => {
    for (const s of states) n += release.run(jobId, s).changes;
  });
  return n;
}

/**
 * The intent. In one synchronous (fsynced) transaction, moves each row from the stage's
 * queued state to its sending state, counts an attempt, stamps `sentAt` and appends a
 * 'request' event. Returns the rows marked (a row that was no longer queued is left out).
 */
export function markSending(
  h: WriteHandle,
  rowIds: readonly number[],
  at: number,
  options: { stage?: StageName; request?: Record<string, unknown> } = {},
): number[] {
  const stage = writeStatesOf(options.stage ?? 'create');
  const marked: number[] = [];
  const mark = h.statement(ROW_WRITE_SQL.markSending);
  h.durably(() =>
    h.transact(() => {
      for (const id of rowIds) {
        const r = mark.get(stage.sending, at, at, id, stage.queued) as
          { jobId: string; attempts: number } | undefined;
        if (!r) continue;
        marked.push(id);
        // The caller's request details first: the journal's own facts win a name clash.
        insertEvent(h, r.jobId, id, at, 'request', {
          ...options.request,
          from: stage.queued,
          to: stage.sending,
          attempt: r.attempts,
        });
      }
    }),
  );
  return marked;
}

/**
 * Writes outcomes in one transaction: each row moves `from` → `to` with its patch, with one
 * event: a 'response' (when an answer is given; with `from` and `to` when the state changes)
 * or a 'transition' (a move without an answer). A row no
 * longer in `from` is left alone and reported as stale. An illegal transition is a bug and
 * throws before anything is written.
 */
export function recordOutcomes(
  h: WriteHandle,
  outcomes: readonly RowOutcome[],
  at: number,
): OutcomeResult {
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
  h.transact(() => {
    for (const o of outcomes) {
      const jobId = updateRow(h, o.rowId, o.from, o.to, o.patch ?? {}, at);
      if (jobId === null) {
        result.stale.push(o.rowId);
        continue;
      }
      result.applied.push(o.rowId);
      if (o.from === o.to) {
        if (o.response) insertEvent(h, jobId, o.rowId, at, 'response', o.response);
        continue;
      }
      // One event per answer: the move rides in the response event (the journal's facts win a
      // name clash), so an answer appends one event, and one entry of the row index, not two.
      const detail: Record<string, unknown> = {
        ...o.response,
        ...transitionDetail(o.from, o.to, o.reason, o.reasonParams),
      };
      if (o.patch?.errorCode) detail.errorCode = o.patch.errorCode;
      insertEvent(h, jobId, o.rowId, at, o.response ? 'response' : 'transition', detail);
    }
  });
  return result;
}

/** Returns the row's job id when written, null when the row is not in `from`. */
function updateRow(
  h: WriteHandle,
  rowId: number,
  from: RowState,
  to: RowState,
  patch: RowPatch,
  at: number,
): string | null {
  // An error's params go with its code: a new code without params clears the old ones.
  if (patch.errorCode !== undefined && patch.errorParams === undefined)
    patch = { ...patch, errorParams: null };
  const keys = PATCH_KEYS.filter((k) => patch[k] !== undefined);
  const refund = patch.refundAttempt === true && patch.attempts === undefined;
  // A row that keeps its state does not set it: an assigned column is an index change for
  // SQLite even when the value is the same, and state leads two indexes.
  const moves = from !== to;
  const sets = [
    ...(moves ? ['state = ?'] : []),
    'updated_at = ?',
    ...keys.map((k) => `${ROW.column(k)} = ?`),
  ];
  if (refund) sets.push('attempts = max(attempts - 1, 0)');
  const stmt = h.statement(
    `UPDATE rows SET ${sets.join(', ')} WHERE id = ? AND state = ? RETURNING job_id AS jobId`,
  );
  const values: SqlValue[] = keys.map((k) => ROW.encode(k, patch[k]));
  const r = stmt.get(...(moves ? [to] : []), at, ...values, rowId, from) as
    { jobId: string } | undefined;
  return r ? r.jobId : null;
}

/**
 * Moves up to `limit` rows of the job from `from` to `to` in one transaction (import order),
 * with a transition event each; returns how many moved.
 */
export function moveRows(
  h: WriteHandle,
  jobId: string,
  from: RowState,
  to: RowState,
  options: {
    limit?: number;
    at?: number;
    nextAttemptAt?: number;
    reason?: HistoryCode;
    /** Only rows whose payload has an id to attach (from a listed state). */
    attaching?: boolean;
  } = {},
): number {
  if (!canTransition(from, to)) {
    fail('internal', undefined, { reason: 'illegal row transition', from, to });
  }
  // In bulk, a row whose request may have reached the server can only be declared in doubt:
  // sending it again takes a reconciliation first, one row at a time (recordOutcomes).
  const intent = ALL_WRITES.find((stage) => stage.sending === from);
  if (intent && to !== intent.inDoubt) {
    fail('internal', undefined, { reason: 'rows in flight move in bulk only to doubt', from, to });
  }
  const limit = clampLimit(options.limit ?? DEFAULT_MOVE_BATCH, DEFAULT_BATCH);
  const at = options.at ?? h.clock.now();
  const detail = transitionDetail(from, to, options.reason);
  return h.transact(() => {
    const sql = isUnlisted(from)
      ? ROW_WRITE_SQL.moveUnlistedRows
      : options.attaching
        ? ROW_WRITE_SQL.moveAttachingRows
        : ROW_WRITE_SQL.moveRows;
    const moved = h.statement(sql).all({
      to,
      at,
      nextAttemptAt: options.nextAttemptAt ?? null,
      jobId,
      from,
      limit,
    }) as Array<{ id: number }>;
    for (const { id } of moved) insertEvent(h, jobId, id, at, 'transition', detail);
    return moved.length;
  });
}

/** Cancels up to `limit` rows that nothing was sent for yet (UNSENT_STATES); returns how
 *  many. Rows in flight finish their current step. */
export function cancelUnsentRows(
  h: WriteHandle,
  jobId: string,
  options: { limit?: number; at?: number } = {},
  /** How each state's rows move (the Journal passes its own moveRows). */
  move: typeof moveRows = moveRows,
): number {
  let budget = clampLimit(options.limit ?? DEFAULT_MOVE_BATCH, DEFAULT_BATCH);
  let total = 0;
  for (const state of UNSENT_STATES) {
    if (budget <= 0) break;
    const n = move(h, jobId, state, 'cancelled', {
      limit: budget,
      reason: 'job_cancelled',
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
export function applyUserFix(h: WriteHandle, rowId: number, fix: UserFix, at: number): JournalRow {
  // The user's work: committed with FULL, so a power cut cannot take it back.
  return h.durably(() =>
    h.transact(() => {
      const row = getRow(h, rowId) ?? fail('not_found', undefined, { rowId });
      if (!(FIXABLE_STATES as readonly RowState[]).includes(row.state)) {
        fail(
          'invalid_input',
          'This row was already sent to the platform, so its values can no longer be changed here. Change the supplier in the platform instead.',
          { rowId, state: row.state },
        );
      }
      const edits = { ...(row.userEdits ?? {}), ...fix.edits };
      h.statement(ROW_WRITE_SQL.applyFix).run(
        JSON.stringify(edits),
        JSON.stringify(fix.payload),
        fix.identityKey,
        fix.state,
        jsonOrNull(fix.problems),
        at,
        at,
        rowId,
      );
      insertEvent(h, row.jobId, rowId, at, 'note', {
        userFix: fix.edits,
        from: row.state,
        to: fix.state,
      });
      return getRow(h, rowId)!;
    }),
  );
}
