// The job journal: the only truth about jobs and rows. One connection, one writer, WAL.
//
// The Journal is the entry point: it opens the file, owns the commits (the send log riding
// with them, group commit (groupCommit.ts), the durable intents) and hands every call to the
// function of its area, which works over a typed read or write handle (handle.ts): connections,
// jobs, rowsRead, rowsPage, rowsWrite, events, leases, settings, templates, sendLog, fixBatches.
//
// Every call here is synchronous and short: row reads are bounded by a LIMIT on an index range,
// writes go in transactions of at most a few thousand rows. A caller that ingests or moves a
// whole large job calls in chunks and yields to the event loop between them (addRowsAsync,
// the `limit` of the bulk moves). The unindexed text search scans a bounded window per call.
// If a single call ever needs to touch a whole 100,000-row job at once (a full export, a
// rebuild), that work belongs in a worker thread with its own read connection, not here.
import { startCheckpointer, type Checkpointer } from './checkpointer';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { AppFailure } from '../../src-shared/errors';
import type { Clock } from '../util/clock';
import * as connections from './connections';
import { createdByJobCount, identitiesFinishedIn, matchedRows } from './matchedReads';
import * as dup from './duplicates';
import * as events from './events';
import {
  createFixBatchStore,
  fixableValues,
  rowCount,
  valuesPage,
  type FixBatchStore,
  type ValueTarget,
} from './fixBatches';
import { guardMethods } from './guardMethods';
import { GroupCommit } from './groupCommit';
import { createHandle, DEFAULT_BATCH, type WriteHandle } from './handle';
import * as jobs from './jobs';
import * as leases from './leases';
import type { MigrationReport } from './migrate';
import { diskFull, isDiskFull, openDatabase, type OpenJournalOptions } from './open';
import type { RowState, StageName } from './rowStates';
import type { JobTally } from '../../src-shared/tally';
import { doneStatuses, jobTally, type TallyCache } from './tally';
import * as page from './rowsPage';
import * as read from './rowsRead';
import * as write from './rowsWrite';
import { UnsavedSends, type SendLogStore } from './sendLog';
import * as settings from './settings';
import * as templates from './templates';

export { DEFAULT_MIGRATIONS_DIR, type MigrationReport } from './migrate';
export { diskFull, isDiskFull, type OpenJournalOptions } from './open';
export type { ConnectionLimits, JobOptions, RowProblem, UserEdits } from './schema';
export type { Connection, NewConnection } from './connections';
export type { Job, NewJob } from './jobs';
export type { MappingTemplate } from './templates';
export type { JournalRow, RowEvent } from './rowColumns';
export type { NewRowEvent } from './events';
export type { NewRow, RowPatch, RowOutcome, OutcomeResult, UserFix } from './rowsWrite';
export { HELD_UNTIL_CONFIRMED } from './rowsWrite';
export type { RowQuery, DoneOutcomeFilter, RowPage } from './rowsPage';
export type { Lease } from './leases';
export type { SendLogStore } from './sendLog';

type Connection = connections.Connection;
type Job = jobs.Job;
type JournalRow = read.JournalRow;
type Lease = leases.Lease;
type MappingTemplate = templates.MappingTemplate;

/** Opens (and creates or updates) the journal. Throws an AppFailure when the file cannot be
 *  used; the file is then left as it was. */
export function openJournal(options: OpenJournalOptions): Journal {
  const { sqlite, clock, migration } = openDatabase(options);
  const journal = new Journal(sqlite, options.path, clock, migration);
  if (options.checkpointInBackground) journal.checkpointer = startCheckpointer(options.path);
  return journal;
}

export class Journal {
  readonly sendLog: SendLogStore;
  /** The user's fixes in batches that can be undone (`fixBatches.ts`). */
  readonly fixes: FixBatchStore;
  /** The areas' handle: reads and writes over this connection, commits through this Journal. */
  private readonly h: WriteHandle;
  private closed = false;
  /** The thread that checkpoints the log, when the journal was opened with one. */
  checkpointer: Checkpointer | undefined;
  private readonly unsavedSends = new UnsavedSends();
  /** Writes waiting to share a commit (groupCommit.ts). */
  private readonly grouped: GroupCommit;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    readonly path: string,
    private readonly clock: Clock,
    /** What opening did to the file: migrations applied and the backup made, if any. */
    readonly migration: MigrationReport,
  ) {
    this.grouped = new GroupCommit({
      sqlite,
      transact: (fn) => this.transact(fn),
      durably: (fn) => this.durably(fn),
      saidFull: (e) => this.saidFull(e),
      closed: () => this.closed,
    });
    this.h = createHandle(sqlite, clock, {
      transact: (fn) => this.transact(fn),
      durably: (fn) => this.durably(fn),
    });
    this.fixes = createFixBatchStore(
      sqlite,
      clock,
      (id) => this.getRow(id),
      (fn) => this.guarded(fn),
      (fn) => this.durably(fn),
    );
    this.sendLog = this.unsavedSends.store(
      this.h,
      () => this.closed,
      () => void this.grouped.add(() => 0, false).catch(noop),
      (fn) => this.guarded(fn),
    );
    // Every public call: a full disk becomes one failure with a sentence (which folder, what to
    // do) instead of SQLite's bare SQLITE_FULL, whichever write hit it.
    guardMethods(this, Journal.prototype, ['constructor', 'guarded', 'saidFull'], (e) =>
      this.saidFull(e),
    );
  }

  /** The folder the journal file is in (the data folder, unless --journal moved it). */
  get folder(): string {
    return path.dirname(this.path);
  }

  /** SQLite's bare SQLITE_FULL as the sentence that names the folder; any other error as is. */
  private saidFull(e: unknown): unknown {
    return isDiskFull(e) && !(e instanceof AppFailure) ? diskFull(this.folder) : e;
  }

  private guarded<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      try {
        return fn(...args);
      } catch (e) {
        throw this.saidFull(e);
      }
    };
  }

  /** The connection's durability settings, for support exports and tests. */
  diagnostics(): {
    journalMode: string;
    synchronous: number;
    foreignKeys: boolean;
    busyTimeoutMs: number;
  } {
    return {
      journalMode: String(this.sqlite.pragma('journal_mode', { simple: true })),
      synchronous: Number(this.sqlite.pragma('synchronous', { simple: true })),
      foreignKeys: Number(this.sqlite.pragma('foreign_keys', { simple: true })) === 1,
      busyTimeoutMs: Number(this.sqlite.pragma('busy_timeout', { simple: true })),
    };
  }

  /** Whether the journal is open (not closed yet). */
  get isOpen(): boolean {
    return !this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.unsavedSends.stop();
    this.checkpointerEnded = this.checkpointer?.stop();
    try {
      this.grouped.flush();
      if (this.unsavedSends.pending) this.transact(() => 0);
    } finally {
      this.closed = true;
      this.sqlite.close();
    }
  }

  /** Closes, and waits for the background checkpoints to end: whoever removes the file next
   *  (a dry run's temporary journal) never pulls it from under a thread still opening it. */
  async closeFully(): Promise<void> {
    this.close();
    await this.checkpointerEnded;
  }
  private checkpointerEnded: Promise<void> | undefined;

  // ---- commits ----------------------------------------------------------------------------

  /**
   * Runs `fn` (which commits) with synchronous=FULL: its commit is fsynced before this returns,
   * and with it every commit before it. Inside a transaction the outer commit decides.
   */
  private durably<T>(fn: () => T): T {
    if (this.sqlite.inTransaction) return fn();
    // Not a prepared statement: SQLite applies this pragma when it is compiled, not when run.
    this.sqlite.pragma('synchronous = FULL');
    try {
      return fn();
    } finally {
      this.sqlite.pragma('synchronous = NORMAL');
    }
  }

  /**
   * Runs `fn` in an immediate transaction that also writes the send-log entries kept in memory;
   * they leave memory once it has committed (after a rollback they wait for the next commit).
   * Nested in another transaction it is a savepoint, and the outer one writes the entries.
   */
  private transact<T>(fn: () => T): T {
    if (this.sqlite.inTransaction) return this.sqlite.transaction(fn)();
    let written = 0;
    const result = this.sqlite
      .transaction(() => {
        written = this.unsavedSends.write(this.h);
        return fn();
      })
      .immediate();
    this.unsavedSends.committed(written);
    return result;
  }

  /**
   * Registers `source`, which says whether a request's intent (a durable write) is about to be
   * queued, e.g. write requests wait for their slot: while one says so, the lazy writes wait
   * longer to share its commit (see groupCommit.ts). Returns its removal.
   */
  expectIntents(source: () => boolean): () => void {
    return this.grouped.expectIntents(source);
  }

  // ---- connections ------------------------------------------------------------------------

  createConnection(...a: Args<typeof connections.createConnection>): Connection {
    return connections.createConnection(this.h, ...a);
  }
  getConnection(...a: Args<typeof connections.getConnection>): Connection | null {
    return connections.getConnection(this.h, ...a);
  }
  listConnections(): Connection[] {
    return connections.listConnections(this.h);
  }
  /** Removes a connection no job uses; true when it existed. */
  deleteConnection(...a: Args<typeof connections.deleteConnection>): boolean {
    return connections.deleteConnection(this.h, ...a);
  }
  updateConnection(...a: Args<typeof connections.updateConnection>): Connection {
    return connections.updateConnection(this.h, ...a);
  }

  // ---- jobs -------------------------------------------------------------------------------

  createJob(...a: Args<typeof jobs.createJob>): Job {
    return jobs.createJob(this.h, ...a);
  }
  getJob(...a: Args<typeof jobs.getJob>): Job | null {
    return jobs.getJob(this.h, ...a);
  }
  /** Newest first. */
  listJobs(): Job[] {
    return jobs.listJobs(this.h);
  }
  /** Changes what the user may still change about a job: its name, mapping and options. */
  updateJob(...a: Args<typeof jobs.updateJob>): Job {
    return jobs.updateJob(this.h, ...a);
  }
  /** Sets the job's state; `reason` ({code, message}) says why it paused or needs attention. */
  setJobState(...a: Args<typeof jobs.setJobState>): Job {
    return jobs.setJobState(this.h, ...a);
  }
  /** Moves the job to another connection, with a job note saying from where to where. */
  setJobConnection(...a: Args<typeof jobs.setJobConnection>): Job {
    return jobs.setJobConnection(this.h, ...a);
  }
  /** Deletes the job with its rows, their events, its counters and its lease. */
  deleteJob(...a: Args<typeof jobs.deleteJob>): { rows: number; events: number } {
    return jobs.deleteJob(this.h, ...a);
  }

  // ---- rows: ingest -----------------------------------------------------------------------

  /**
   * Adds rows to a job, `batchSize` rows per transaction (see rowsWrite.addRows). Large imports
   * should call this per chunk (or use addRowsAsync) so the event loop breathes between
   * transactions.
   */
  addRows(jobId: string, input: readonly write.NewRow[], options: { batchSize?: number } = {}) {
    return write.addRows(this.h, jobId, input, options.batchSize ?? DEFAULT_BATCH);
  }

  /** Like addRows for a stream of rows: commits every `batchSize` rows and yields to the event
   *  loop between transactions, so the UI stays responsive during a large import. */
  async addRowsAsync(
    jobId: string,
    source: Iterable<write.NewRow> | AsyncIterable<write.NewRow>,
    options: { batchSize?: number } = {},
  ): Promise<number> {
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    let batch: write.NewRow[] = [];
    let added = 0;
    for await (const row of source) {
      batch.push(row);
      if (batch.length >= batchSize) {
        added += this.addRows(jobId, batch, { batchSize });
        batch = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (batch.length > 0) added += this.addRows(jobId, batch, { batchSize });
    return added;
  }

  // ---- rows: counts and reads -------------------------------------------------------------

  /** Rows per state (every state present, zero when none), from the kept counters. */
  counts(jobId: string): Record<RowState, number> {
    return read.counts(this.h, jobId);
  }
  /** The highest source row number of the job's rows, or 0. */
  lastSourceRow(jobId: string): number {
    return read.lastSourceRow(this.h, jobId);
  }
  /** Rows per state of every job, for the job list. */
  countsByJob(): Map<string, Partial<Record<RowState, number>>> {
    return read.countsByJob(this.h);
  }
  getRow(rowId: number): JournalRow | null {
    return read.getRow(this.h, rowId);
  }
  getRows(rowIds: readonly number[]): JournalRow[] {
    return read.getRows(this.h, rowIds);
  }
  /** The row of the job read from this row of its file (a results file brought back). */
  rowAtSource(jobId: string, sourceRow: number): JournalRow | null {
    return read.rowAtSource(this.h, jobId, sourceRow);
  }
  /** Rows of the job with this identity (the in-file duplicate check, reconciliation). */
  findByIdentity(jobId: string, identityKey: string): JournalRow[] {
    return read.findByIdentity(this.h, jobId, identityKey);
  }
  /** The next rows due for a stage, oldest due time first, then import order. */
  takeDue(...a: Args<typeof read.takeDue>): JournalRow[] {
    return read.takeDue(this.h, ...a);
  }
  /** The earliest `nextAttemptAt` among rows in `states`, or null. */
  nextDueAt(...a: Args<typeof read.nextDueAt>): number | null {
    return read.nextDueAt(this.h, ...a);
  }
  /** Rows whose write request may have reached the server without its answer journaled. */
  rowsInDoubt(...a: Args<typeof read.rowsInDoubt>): JournalRow[] {
    return read.rowsInDoubt(this.h, ...a);
  }
  /** Every row of a job in source order, a page at a time (exports, summaries, re-imports). */
  eachRow(...a: Args<typeof page.eachRow>): Generator<JournalRow> {
    return page.eachRow(this.h, ...a);
  }
  /** Keyset paging in source order, with the UI's filters. */
  pageRows(...a: Args<typeof page.pageRows>): page.RowPage {
    return page.pageRows(this.h, ...a);
  }
  /** The current value of a field or column of every row that may still be fixed. */
  fixableValues(jobId: string, target: ValueTarget): ReturnType<typeof fixableValues> {
    return fixableValues(this.sqlite, jobId, target);
  }

  /** A page of a look at every row of a job: the current value, and whether it may be fixed. */
  valuesPage(
    jobId: string,
    target: ValueTarget,
    after: number,
    limit: number,
  ): ReturnType<typeof valuesPage> {
    return valuesPage(this.sqlite, jobId, target, after, limit);
  }

  /** How many rows a job has. */
  rowCount(jobId: string): number {
    return rowCount(this.sqlite, jobId);
  }
  /** The rows waiting for a fix by the kind of their validation problems. */
  problemKinds(jobId: string): ReturnType<typeof read.problemKinds> {
    return read.problemKinds(this.h, jobId);
  }
  /** The job's finished rows counted by screening and validation status, from the facts its
   *  tally read. */
  doneStatuses(jobId: string, now = Date.now()): ReturnType<typeof doneStatuses> {
    return doneStatuses(this.h, this.tallies, jobId, now);
  }
  /** Rows per own outcome (op_result) of a job whose rows keep one. */
  opResults(jobId: string): Record<string, number> {
    return read.opResults(this.h, jobId);
  }
  /** The job's one set of numbers (src-shared/tally.ts; journal/tally.ts). */
  tally(jobId: string, now = Date.now(), counts?: Record<string, number>): JobTally {
    return jobTally(this.h, this.tallies, jobId, now, counts);
  }
  private readonly tallies: TallyCache = new Map();
  /** Finished rows with an id the platform has on another supplier (not added). */
  doneIdsOnOther(jobId: string): number {
    return read.doneIdsOnOther(this.h, jobId);
  }
  /** Rows per state and per the screening period and validation of their own columns. */
  paidColumns(jobId: string): read.PaidColumnGroup[] {
    return read.paidColumns(this.h, jobId);
  }
  /** Rows of the job that sent paid work after the event `afterEventId`. */
  paidSince(jobId: string, afterEventId: number): read.PaidSentRow[] {
    return read.paidSince(this.h, jobId, afterEventId);
  }
  /** Rows of the job whose request may have reached the API (an intent was ever written). */
  sentRows(jobId: string): number {
    return read.sentRows(this.h, jobId);
  }
  /** Rows of `jobId` in `states` whose identity another job has in one of `otherStates`. */
  identitiesSharedWith(...a: Args<typeof read.identitiesSharedWith>) {
    return read.identitiesSharedWith(this.h, ...a);
  }
  /** Rows of `jobId` in `states` whose supplier a row of another job finished with an own
   *  outcome (matchedReads.ts). */
  identitiesFinishedIn(...a: Args<typeof identitiesFinishedIn>) {
    return identitiesFinishedIn(this.h, ...a);
  }
  /** Rows in some states (of a payload value), with the supplier each was matched to. */
  matchedRows(...a: Args<typeof matchedRows>) {
    return matchedRows(this.h, ...a);
  }
  /** The job's rows whose supplier its own creation made. */
  createdByJobCount(jobId: string): number {
    return createdByJobCount(this.h, jobId);
  }

  /** The rows compared within the list, with their name and place (journal/duplicates.ts). */
  dedupeRows(jobId: string, after?: number, limit?: number): dup.DedupeRow[] {
    return dup.dedupeRows(this.h, jobId, after, limit);
  }
  /** Every row of the job with likely duplicates, in the order of the file. */
  duplicateRows(jobId: string): dup.DuplicateRowRead[] {
    return dup.duplicateRows(this.h, jobId);
  }
  duplicateFigures(jobId: string): dup.DuplicateFigures {
    return dup.duplicateFigures(this.h, jobId);
  }
  /** The journal's clock: the time its writes are stamped with. */
  now(): number {
    return this.clock.now();
  }
  /** Whether a row of the job was fixed after `since`. */
  fixedSince(jobId: string, since: number): boolean {
    return dup.fixedSince(this.h, jobId, since);
  }

  // ---- rows: writes -----------------------------------------------------------------------

  /** Writes the groups found within the list; returns the rows left `duplicate` without any. */
  setListDuplicates(...a: Args<typeof dup.setListDuplicates>): number[] {
    return dup.setListDuplicates(this.h, ...a);
  }

  /** Writes the possible duplicates found within the list (they never wait). */
  setPossibleDuplicates(...a: Args<typeof dup.setPossibleDuplicates>): void {
    dup.setPossibleDuplicates(this.h, ...a);
  }

  /** The intent (durable): send only the rows it returns. See rowsWrite.markSending. */
  markSending(...a: Args<typeof write.markSending>): number[] {
    return write.markSending(this.h, ...a);
  }

  /** markSending in the next group commit (durable, so committed with FULL): the intents of
   *  requests granted in the same tick share one fsync. Send only the rows it resolves with. */
  markSendingAsync(
    rowIds: readonly number[],
    at: number,
    options: { stage?: StageName; request?: Record<string, unknown> } = {},
  ): Promise<number[]> {
    return this.grouped.add(() => this.markSending(rowIds, at, options), true);
  }

  /** Writes outcomes in one transaction (see rowsWrite.recordOutcomes). */
  recordOutcomes(
    outcomes: readonly write.RowOutcome[],
    at: number = this.clock.now(),
  ): write.OutcomeResult {
    return write.recordOutcomes(this.h, outcomes, at);
  }

  /** One-row convenience over recordOutcomes; true when written. */
  recordOutcome(outcome: write.RowOutcome, at?: number): boolean {
    return this.recordOutcomes([outcome], at).applied.length === 1;
  }

  /** recordOutcomes in the next group commit, with the other writes of the same tick (answers
   *  that arrived together share one commit). Not durable by itself: a power cut may undo it,
   *  which leaves the row mid-request, in doubt at the next start, and reconciled. */
  recordOutcomesAsync(
    outcomes: readonly write.RowOutcome[],
    at?: number,
  ): Promise<write.OutcomeResult> {
    const when = at ?? this.clock.now();
    return this.grouped.add(() => this.recordOutcomes(outcomes, when), false);
  }

  /** One-row convenience over recordOutcomesAsync; true when written. */
  async recordOutcomeAsync(outcome: write.RowOutcome, at?: number): Promise<boolean> {
    return (await this.recordOutcomesAsync([outcome], at)).applied.length === 1;
  }

  /** Moves up to `limit` rows of the job from `from` to `to`; returns how many moved. Call
   *  again until it returns 0, yielding in between. */
  /** Makes the rows held back for confirmation due again (a run starts). */
  releaseHeld(...a: Args<typeof write.releaseHeld>): number {
    return write.releaseHeld(this.h, ...a);
  }
  moveRows(...a: Args<typeof write.moveRows>): number {
    return write.moveRows(this.h, ...a);
  }

  /** Cancels up to `limit` rows that nothing was sent for yet; returns how many. Call until 0. */
  cancelUnsentRows(jobId: string, options: { limit?: number; at?: number } = {}): number {
    return write.cancelUnsentRows(this.h, jobId, options, (_h, ...a) => this.moveRows(...a));
  }

  /** Applies the user's fix (durable); only for rows nothing of which is on the platform. */
  applyUserFix(rowId: number, fix: write.UserFix, at: number = this.clock.now()): JournalRow {
    return write.applyUserFix(this.h, rowId, fix, at);
  }

  // ---- events -----------------------------------------------------------------------------

  /** Appends events in one transaction. There is no way to change or delete an event. */
  appendEvents(...a: Args<typeof events.appendEvents>): void {
    events.appendEvents(this.h, ...a);
  }
  /** The newest job-level note that carries `key` in its detail. */
  lastJobNote(...a: Args<typeof events.lastJobNote>) {
    return events.lastJobNote(this.h, ...a);
  }
  /** A row's history, oldest first, in pages (pass the last event id as `afterId`). */
  rowEvents(...a: Args<typeof events.rowEvents>): events.RowEvent[] {
    return events.rowEvents(this.h, ...a);
  }
  /** The whole job's log, oldest first, in pages (for the support export). */
  jobEvents(...a: Args<typeof events.jobEvents>): events.RowEvent[] {
    return events.jobEvents(this.h, ...a);
  }

  // ---- mapping templates, settings, leases ------------------------------------------------

  /** Saves a template under its name (replacing one of the same name). */
  saveTemplate(...a: Args<typeof templates.saveTemplate>): MappingTemplate {
    return templates.saveTemplate(this.h, ...a);
  }
  /** Templates made for this header set, most recently saved first. */
  templatesFor(signature: string): MappingTemplate[] {
    return templates.templatesFor(this.h, signature);
  }
  listTemplates(): MappingTemplate[] {
    return templates.listTemplates(this.h);
  }
  deleteTemplate(name: string): boolean {
    return templates.deleteTemplate(this.h, name);
  }

  /** The stored value, or undefined. Callers parse it with their own schema. */
  getSetting(key: string): unknown {
    return settings.getSetting(this.h, key);
  }
  setSetting(key: string, value: unknown): void {
    settings.setSetting(this.h, key, value);
  }
  deleteSetting(key: string): void {
    settings.deleteSetting(this.h, key);
  }

  /** Takes the named lease when it is free, ours, or its holder is gone (see leases.ts). */
  takeLease(...a: Args<typeof leases.takeLease>): ReturnType<typeof leases.takeLease> {
    return leases.takeLease(this.h, ...a);
  }
  /** Moves the lease's expiry on; false when it is no longer ours (taken over meanwhile). */
  renewLease(name: string, owner: string, expiresAt: number): boolean {
    return leases.renewLease(this.h, name, owner, expiresAt);
  }
  /** Gives the lease up if it is ours. */
  releaseLease(name: string, owner: string): void {
    leases.releaseLease(this.h, name, owner);
  }
  /** The lease's holder, if any (expired or not). */
  getLease(name: string): Lease | undefined {
    return leases.getLease(this.h, name);
  }
}

/** A function's parameters after its handle. */
type Args<F> = F extends (h: never, ...args: infer A) => unknown ? A : never;

function noop(): void {}
