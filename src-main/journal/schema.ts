// The journal's tables. Times are milliseconds since the epoch (the injected clock's `now()`),
// JSON columns are text. drizzle-kit turns this file into the SQL under ./migrations
// (`npm run db:generate`); never edit a generated migration, add a new one.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type { CreateFieldNames } from '../../src-shared/fieldNames';
import type { IdentifierTypes } from '../../src-shared/identifierTypes';
import type { OpResult, OperationOptions } from '../../src-shared/operations';
import { OWN_WRITES } from '../../src-shared/kindWrites';
import type { AttachedIdentifier } from '../../src-shared/supplier';
import type {
  DuplicateDecision,
  PossibleDuplicate,
  RowDuplicates,
} from '../../src-shared/duplicates';
import type { JobState, RowEventKind, RowState } from './rowStates';

/** The throttle's numbers for one connection, per method group (the limiter's LimitWindow
 *  shape); they are settings because limits can be raised per customer. */
export interface ConnectionLimits {
  GET: Array<{ limit: number; windowMs: number }>;
  WRITE: Array<{ limit: number; windowMs: number }>;
}

/** A job's options: the pipeline's own, and its kind with the kind's own options, each as
 *  src-shared/operations.ts declares them (`OperationOptions`; an onboarding when absent). */
export interface JobOptions extends Partial<OperationOptions> {
  /** Rows whose supplier already exists are skipped instead of followed up. */
  skipExisting: boolean;
  /** Screening period in years (2, 5 or 10), or null for no screening. */
  screeningPeriod: number | null;
  /** Request a validation for every created (or existing, unless skipped) supplier. */
  validate: boolean;
  /** The language the job was made in (its results are worded in it); English when absent. */
  lang?: 'en' | 'de';
  /** A retry job made from a results file: the job whose results it was. */
  retryOf?: string | null;
}

/** One validation problem of a row, as the workbook validation reports it. */
export interface RowProblem {
  /** The English sentence, for logs and for journals from before the code had words. */
  message: string;
  field?: string;
  column?: string;
  /** The catalogue code (`problem.<code>` in src-shared/i18n) and its placeholders' values. */
  code?: string;
  params?: Record<string, string | number>;
}

/** The user's fixes, by payload field or column: the latest value wins; the original cells stay. */
export type UserEdits = Record<string, string>;

/** A supplier the platform named for a row, as its lookup answered. */
export interface MatchedSupplier {
  name: string | null;
  city: string | null;
  countryCode: string | null;
}

/** The states whose rows wait for a time to be worked on (the engine's due queries): only they
 *  are in `rows_due_idx`. A row sending, new, settled or waiting for the user is not, so moving
 *  into or out of such a state changes one entry of the index instead of two. */
export const DUE_STATES = [
  'valid',
  'queued',
  'in_doubt',
  'accepted',
  'pending',
  'created',
  'identifiers_queued',
  'identifiers_in_doubt',
  'screening_queued',
  'screening_in_doubt',
  'screening_requested',
  'validation_queued',
  'validation_in_doubt',
  'validation_requested',
  // Each kind's own write waits in its queue and, after a lost answer, in doubt (kindWrites.ts).
  ...OWN_WRITES.flatMap((w) => [w.queued, w.inDoubt]),
] as const satisfies readonly RowState[];

/** The due index's condition. A query uses a partial index only when its WHERE holds this very
 *  term (SQLite does not infer it from `state = ?`). */
/** A job's own notes (row NULL) other than the bulk fixes' parts and undos (fixBatches.ts): the
 *  partial index row_events_job_notes_idx holds these, and a query reading it repeats this
 *  condition word for word (SQLite uses a partial index only for a query whose terms include
 *  its own). */
export const JOB_NOTES_SQL =
  "row_id IS NULL AND kind = 'note' AND json_type(detail, '$.fixBatch') IS NULL" +
  " AND json_type(detail, '$.fixBatchPart') IS NULL AND json_type(detail, '$.fixUndo') IS NULL";

export const DUE_STATES_SQL = `state IN (${DUE_STATES.map((s) => `'${s}'`).join(', ')})`;

/** States left out of the (job, state, source row) index, so entering or leaving them writes no
 *  entry of it: the write queues (`queued`, `screening_queued`, `validation_queued`), which a
 *  row leaves with its intent and the engine reads through the due index; `created`, which a row
 *  passes through in a moment (a creation found on the platform, about to move on to its
 *  follow-up); and `accepted` and `pending`, a creation tracked on the platform, which a row
 *  enters with an answer and leaves with a tracking round. A filter on them scans the job a
 *  window at a time, as the text filter does. The sending states stay in it: the rows found
 *  mid-request at start-up are one range of it. All are due states, so a bulk move out of one
 *  of them is a range of the due index. */
export const UNLISTED_STATES = [
  'queued',
  'screening_queued',
  'validation_queued',
  ...OWN_WRITES.map((w) => w.queued),
  'created',
  'accepted',
  'pending',
] as const satisfies ReadonlyArray<(typeof DUE_STATES)[number]>;

/** The (job, state, source row) index's condition, for the queries that use it. */
export const LISTED_STATES_SQL = `state NOT IN (${UNLISTED_STATES.map((s) => `'${s}'`).join(', ')})`;

// The token is never here: it lives in the OS keychain, keyed by the connection id.
export const connections = sqliteTable('connections', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  limits: text('limits', { mode: 'json' }).$type<ConnectionLimits>().notNull(),
  isSandbox: integer('is_sandbox', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  /** How creates spell city and address on this API (api-spec.md leaves it open). */
  fieldNames: text('field_names').$type<CreateFieldNames>().notNull().default('city-address'),
  /** What this API calls the customer id and the own id in identifier requests (api-spec.md
   *  shows only SUPPLIER_ID). */
  identifierTypes: text('identifier_types', { mode: 'json' })
    .$type<IdentifierTypes>()
    .notNull()
    .default({ CUSTOMER_ID: 'CUSTOMER_ID', OWN_ID: 'OWN_ID' }),
});

export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.id),
    sourcePath: text('source_path').notNull(),
    sourceHash: text('source_hash').notNull(),
    sourceSheet: text('source_sheet'),
    headerRow: integer('header_row').notNull(),
    /** The header texts in column order, for exports and for the UI's row view. */
    headers: text('headers', { mode: 'json' }).$type<string[]>().notNull(),
    mapping: text('mapping', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    options: text('options', { mode: 'json' }).$type<JobOptions>().notNull(),
    state: text('state').$type<JobState>().notNull(),
    /** Why the job is paused or needs attention ({code, message} of the catalogue), else null. */
    stateReason: text('state_reason', { mode: 'json' }).$type<{
      code: string;
      params?: Record<string, string | number>;
      message: string;
    }>(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('jobs_connection_idx').on(t.connectionId)],
);

export const rows = sqliteTable(
  'rows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sourceRow: integer('source_row').notNull(),
    /** The cell texts exactly as the workbook showed them, in column order. */
    cells: text('cells', { mode: 'json' }).$type<string[]>().notNull(),
    /** The mapped payload (may be partial for an invalid row). */
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>(),
    identityKey: text('identity_key'),
    state: text('state').$type<RowState>().notNull(),
    problems: text('problems', { mode: 'json' }).$type<RowProblem[]>(),
    attempts: integer('attempts').notNull().default(0),
    /** 0 means due now; kept non-null so the due query is one index range. */
    nextAttemptAt: integer('next_attempt_at').notNull().default(0),
    platformId: text('platform_id'),
    creationUuid: text('creation_uuid'),
    /** 1 when this job's own create request made the supplier: answered 202, or confirmed by
     *  reconciling a lost answer (then without a creation UUID when only find-by-identifier
     *  knew it). 0 for a supplier that existed before. */
    // Read as a boolean; the default is spelled 0, as the column was made (migration 0002).
    createdByJob: integer('created_by_job', { mode: 'boolean' })
      .notNull()
      .default(0 as unknown as boolean),
    sentAt: integer('sent_at'),
    screeningIds: text('screening_ids', { mode: 'json' }).$type<number[]>(),
    screeningStatus: text('screening_status'),
    validationRequestId: text('validation_request_id'),
    validationStatus: text('validation_status'),
    outcomeTargetId: text('outcome_target_id'),
    rejectionReason: text('rejection_reason'),
    /** The ids attached after creation (the payload's customer and own ids) and what each
     *  came to, in the order they were sent; an id of the payload not listed is still to go. */
    identifiers: text('identifiers', { mode: 'json' }).$type<AttachedIdentifier[]>(),
    /** What the row's own change came to, for a kind whose rows keep an own outcome
     *  (src-shared/operations.ts OP_RESULTS, each kind's words of them). */
    opResult: text('op_result').$type<OpResult>(),
    /** The supplier the check matched a row naming one to: its name and place as the platform
     *  answered, listed before a kind's typed count is confirmed (matchedReads.ts). */
    matched: text('matched', { mode: 'json' }).$type<MatchedSupplier>(),
    /** The likely duplicates found for the row (src-main/dedupe): the other rows of its group
     *  in the same list, and the platform's suppliers it likely is (after the check), each with
     *  its score and reasons. Null when none. */
    duplicates: text('duplicates', { mode: 'json' }).$type<RowDuplicates>(),
    /** The row's possible duplicates in its list (below "likely"): listed with their reasons,
     *  never held for a decision. Null when none. */
    possibleDuplicates: text('possible_duplicates', { mode: 'json' }).$type<PossibleDuplicate[]>(),
    /** What the user decided for a row with likely duplicates: `keep` (create it anyway),
     *  `skip` (leave it out), `attach` (attach its ids to the existing supplier in
     *  `platform_id` instead of creating it). Null: not decided, and the row is not created. */
    duplicateDecision: text('duplicate_decision').$type<DuplicateDecision>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The values of the error's placeholders (`failure.<code>[.<reason>]`), `reason` among
     *  them: the error is worded from the catalogue in the reader's language. */
    errorParams: text('error_params', { mode: 'json' }).$type<Record<string, string | number>>(),
    userEdits: text('user_edits', { mode: 'json' }).$type<UserEdits>(),
    /** When the user last changed the row's values (a fix, a bulk fix or find and replace, an
     *  undo of one); null if never. The list's grouping is stale once a row was edited after it
     *  (`fixedSince`): `updated_at` moves with every state change and cannot tell. */
    editedAt: integer('edited_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    // The engine's "next batch due for a stage": one range per state, already in fair order;
    // partial (DUE_STATES), so a query must hold DUE_STATES_SQL to use it.
    index('rows_due_idx').on(t.jobId, t.state, t.nextAttemptAt).where(sql.raw(DUE_STATES_SQL)),
    index('rows_identity_idx').on(t.jobId, t.identityKey),
    // Keyset paging in source order, and one row per source row.
    uniqueIndex('rows_source_row_idx').on(t.jobId, t.sourceRow),
    // Keyset paging of one state in source order (the UI's state filter, bulk moves); partial
    // (not UNLISTED_STATES), so a query must hold LISTED_STATES_SQL to use it.
    index('rows_state_source_row_idx')
      .on(t.jobId, t.state, t.sourceRow)
      .where(sql.raw(LISTED_STATES_SQL)),
    // The rows with likely duplicates, in source order (the grouping's rewrite, the screens'
    // groups, the results): a few of a job's rows, read without a pass over all of them.
    index('rows_duplicates_idx').on(t.jobId, t.sourceRow).where(sql.raw('duplicates IS NOT NULL')),
    // The rows with possible duplicates (the tile's count, the grouping's rewrite).
    index('rows_possible_idx')
      .on(t.jobId, t.sourceRow)
      .where(sql.raw('possible_duplicates IS NOT NULL')),
    // The job's last edit by the user, one step down the index (a few rows are edited).
    index('rows_edited_idx').on(t.jobId, t.editedAt).where(sql.raw('edited_at IS NOT NULL')),
  ],
);

/** Row counts per state, kept by addRows and by triggers on `rows` (see the triggers
 *  migration), so the summary the UI polls reads a handful of rows instead of counting a job. */
export const jobRowCounts = sqliteTable(
  'job_row_counts',
  {
    jobId: text('job_id').notNull(),
    state: text('state').$type<RowState>().notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.state] })],
);

/** Append-only (triggers refuse UPDATE, and DELETE while the job exists): the audit trail of
 *  every request, answer and transition of a row. */
export const rowEvents = sqliteTable(
  'row_events',
  {
    // Not AUTOINCREMENT: that keeps the highest id in sqlite_sequence, one more page written by
    // every commit. Ids still grow with each insert (the largest plus one).
    id: integer('id').primaryKey(),
    /** Set on a job-level event only (row NULL): a row's event is keyed by its row, whose job
     *  it is, and goes with it (a job's UUID in every event was a third of the log's bytes). */
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    rowId: integer('row_id').references(() => rows.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    kind: text('kind').$type<RowEventKind>().notNull(),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  // A row's history is one range of this index. A job's whole log (the support export) walks
  // the table in id order instead: an index on the job would be one more page written by every
  // commit of the engine, for a read made once in a while.
  // A job's own notes but the bulk fixes' (JOB_NOTES_SQL) are one range of the second: the job
  // list reads the last check of every job at every refresh, and a bulk fix writes a note per
  // slice of its rows (hundreds), which the row index's range of all job-level notes holds too.
  (t) => [
    index('row_events_row_idx').on(t.rowId, t.id),
    index('row_events_job_notes_idx').on(t.jobId, t.id).where(sql.raw(JOB_NOTES_SQL)),
  ],
);

/** The limiter's sliding log of send times, reloaded after a restart. */
export const sendLog = sqliteTable(
  'send_log',
  {
    id: integer('id').primaryKey(),
    connectionId: text('connection_id').notNull(),
    group: text('group').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  // No index: the table holds about two windows of sends (a few hundred entries), which the
  // limiter loads once at start-up and pruning scans; an index would be one more page written
  // with every intent.
);

export const mappingTemplates = sqliteTable(
  'mapping_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** The normalized header set the template was made for. */
    headerSignature: text('header_signature').notNull(),
    mapping: text('mapping', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('mapping_templates_name_idx').on(t.name),
    index('mapping_templates_signature_idx').on(t.headerSignature, t.updatedAt),
  ],
);

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).$type<unknown>().notNull(),
  updatedAt: integer('updated_at').notNull(),
});
