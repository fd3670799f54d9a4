// Drives every row of one job through check, create, tracking, screening and validation
// (docs/architecture.md, "Per-row state machine" and "Retry policy by answer").
//
// The journal is the only truth. Before a write request leaves, its intent is committed durably
// (once the scheduler grants the request its slot, in a group commit shared with the intents
// and answers of the same few milliseconds); its outcome is written after. A write whose answer was lost is in doubt and is reconciled (pending list, then
// find by identifier, after a settle delay) before anything is sent again: the API has no
// idempotency key, and a duplicate supplier is the one failure users cannot undo.
import type { ApiAnswer, ApiFailure, FindResult, SupplierDetail, SupplierPage } from '../api';
import { answerError, fieldNamesRefusal } from '../api';
import { diskFull, isDiskFull } from '../journal/journal';
import type { Journal, JournalRow, RowOutcome, RowPatch } from '../journal/journal';
import type { JobOptions } from '../journal/schema';
import { FOLLOW_UP_STATES, PROBLEM_STATES, type RowState } from '../journal/rowStates';
import {
  SupplierCreatePayloadSchema,
  type SupplierCreatePayload,
  type SupplierIdentifier,
} from '../../src-shared/supplier';
import { appError, type AppError } from '../../src-shared/errors';
import type { Clock } from '../util/clock';
import type { ConnectionRuntime } from './connectionRuntime';
import { IdentityIndex } from './identityIndex';
import { backoffMs, phaseEta, RateMeter, type PhaseEta } from './progress';
import { RunHistory } from './runHistory';
import type { EngineSettings } from './settings';

export type RunMode = 'run' | 'check';

export interface RunOptions {
  mode: RunMode;
  /** false: stop once every create has been sent and answered (a later run tracks the rest). */
  wait: boolean;
}

export type RunExit =
  | 'finished' // every row reached an end state for the stages asked for
  | 'checked' // check-only run: every row checked
  | 'sent' // no-wait run: every create sent; tracking and follow-ups remain
  | 'paused' // by the user (pause, Ctrl-C)
  | 'cancelled'
  | 'access_denied' // a 403: the job is paused until the token or permission is fixed
  | 'disk_full'; // the journal could not be written: paused until space is freed

export interface OnCreateEntitlements {
  screening: boolean | undefined;
  validation: boolean | undefined;
}

export interface EntitlementStore {
  get(connectionId: string): OnCreateEntitlements;
  set(connectionId: string, value: OnCreateEntitlements): void;
}

export interface JobProgress {
  jobId: string;
  state: string;
  counts: Partial<Record<RowState, number>>;
  total: number;
  /** Creations accepted per minute, measured. */
  ratePerMinute: number | undefined;
  etaMs: number | undefined;
  /** The time left by phase (see phaseEta). */
  etaParts: PhaseEta | undefined;
  throttle: {
    GET: ThrottleView;
    WRITE: ThrottleView;
  };
  offline: boolean;
}

export interface ThrottleView {
  /** Requests counted in the binding window now, its limit and length. */
  sentInWindow: number;
  ceiling: number;
  windowSeconds: number;
  ceilingPerMinute: number;
  /** What the limiter aims at (guards and any slow-down applied). */
  targetPerMinute: number;
  throttledUntil: number | null;
  queued: number;
  inFlight: number;
}

export interface RunnerEvents {
  progress(p: JobProgress): void;
  warning(w: { jobId: string; code: string; message: string }): void;
}

export interface JobRunnerDeps {
  jobId: string;
  journal: Journal;
  conn: ConnectionRuntime;
  clock: Clock;
  random: () => number;
  settings: EngineSettings;
  entitlements: EntitlementStore;
  events: RunnerEvents;
  /** The job's history read from the journal (shared with the services' run chart). */
  history?: RunHistory;
}

/** States in which a row still has work in this run. */
const ACTIVE_STATES: readonly RowState[] = [
  // Not 'draft': rows not validated yet wait for the user (see finish), not for the engine.
  'valid',
  'new',
  'exists',
  'pending',
  'queued',
  'sending',
  'in_doubt',
  'accepted',
  'created',
  ...FOLLOW_UP_STATES,
];

/** What must be empty for a no-wait run to stop: every create sent and answered. */
const UNSENT_CREATE_STATES: readonly RowState[] = ['valid', 'new', 'queued', 'sending', 'in_doubt'];

const SCREENING_END = new Set(['Finished', 'NoFindings', 'Aborted']);
const VALIDATION_END = new Set(['COMPLETED', 'REJECTED']);
const ON_CREATE = 'OnCreate';
const MISSING_MARK = 'creation_missing';
/** Created rows moved on to their follow-up per commit, and how often when fewer wait. */
const PROMOTE_BATCH = 500;
/** Rows whose creation the pending list tracks. */
const TRACKED_STATES: RowState[] = ['accepted', 'pending'];
const PROMOTE_EVERY_MS = 1_000;
const NOT_VISIBLE_MARK = 'status_not_visible';

type Lane = 'check' | 'create' | 'reconcile' | 'track' | 'followup' | 'poll' | 'promote';

export class JobRunner {
  private readonly d: JobRunnerDeps;
  private readonly stop = new AbortController();
  private stopReason: 'paused' | 'cancelled' | 'access_denied' | 'disk_full' | undefined;
  private accessError: AppError | undefined;
  private readonly inHand = new Set<number>();
  private readonly outstanding = new Map<Lane, number>();
  private readonly tasks = new Set<Promise<void>>();
  private wake: (() => void) | undefined;
  private offlineUntil = 0;
  /** A failed check is tried again after a backoff, not at once at the full read budget. */
  private checkRetryAt = 0;
  /** When created rows were last moved on to their follow-up (see promote). */
  private promotedAt = Number.NEGATIVE_INFINITY;
  /** Tracking (see fillTrack): the round under way (when it began, where its walk is), and
   *  when the next may begin. */
  private trackRound: { at: number; after?: { nextAttemptAt: number; id: number } } | undefined;
  private trackNextAt = Number.NEGATIVE_INFINITY;
  private checkRound = 0;
  private offlineRound = 0;
  private offline = false;
  private lastProgressAt = 0;
  private progressTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly createdMeter = new RateMeter();
  private options!: JobOptions;
  private onCreate: OnCreateEntitlements = { screening: undefined, validation: undefined };
  private runOpts: RunOptions = { mode: 'run', wait: true };
  private readonly history: RunHistory;

  constructor(deps: JobRunnerDeps) {
    this.d = deps;
    this.history = deps.history ?? new RunHistory(deps.journal, deps.jobId);
  }

  get jobId(): string {
    return this.d.jobId;
  }

  /** Stops sending; requests in flight finish or are recorded in doubt. */
  pause(): void {
    this.halt('paused');
  }

  cancel(): void {
    this.halt('cancelled');
  }

  private halt(reason: 'paused' | 'cancelled' | 'access_denied' | 'disk_full'): void {
    // A full disk wins: nothing else (not even a cancel) can be recorded until space is freed.
    if (this.stopReason !== 'disk_full') {
      if (!this.stopReason || reason === 'cancelled' || reason === 'disk_full')
        this.stopReason = reason;
    }
    if (!this.stop.signal.aborted) this.stop.abort(new Error(reason));
    this.wake?.();
  }

  async run(opts: RunOptions): Promise<RunExit> {
    const { journal, jobId } = this.d;
    const job = journal.getJob(jobId);
    if (!job) throw new Error(`job ${jobId} not found`);
    this.options = job.options;
    this.runOpts = opts;
    this.onCreate = this.d.entitlements.get(job.connectionId);
    try {
      journal.setJobState(jobId, 'running');
      this.recoverIntents();
      await this.loop(opts);
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.storageFull();
    } finally {
      await this.settleTasks();
      this.emitProgress(true);
    }
    try {
      return this.finish(opts);
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.storageFull();
      return this.finish(opts);
    }
  }

  /** The journal's disk is full: nothing can be recorded, so nothing more may be sent (every
   *  send needs its intent written first). The job pauses; rows mid-request are found in doubt
   *  when it resumes. Not a row's failure: no row changes state for it. */
  private storageFull(): void {
    if (this.stopReason !== 'disk_full')
      this.d.events.warning({
        jobId: this.d.jobId,
        code: 'disk_full',
        message: diskFull(this.d.journal.folder).error.message,
      });
    this.halt('disk_full');
  }

  // ---- start-up ---------------------------------------------------------------------------

  /** Rows found mid-write after a crash or kill: their request may have reached the server. */
  private recoverIntents(): void {
    const { journal, jobId, clock, settings } = this.d;
    const pairs: Array<[RowState, RowState]> = [
      ['sending', 'in_doubt'],
      ['screening_sending', 'screening_in_doubt'],
      ['validation_sending', 'validation_in_doubt'],
    ];
    for (const [from, to] of pairs) {
      while (
        journal.moveRows(jobId, from, to, {
          reason: 'found mid-request at start-up: reconcile before sending again',
          nextAttemptAt: clock.now() + settings.settleMs,
        }) > 0
      );
    }
  }

  // ---- the loop -----------------------------------------------------------------------------

  private async loop(opts: RunOptions): Promise<void> {
    const { journal, jobId, clock } = this.d;
    for (;;) {
      if (this.stop.signal.aborted) return;
      const counts = journal.counts(jobId);
      const now = clock.now();

      if (
        (counts.valid ?? 0) > 0 &&
        this.idle('check') &&
        now >= this.checkRetryAt &&
        now >= this.offlineUntil
      ) {
        await this.check();
        continue;
      }
      if (opts.mode === 'check') {
        if ((counts.valid ?? 0) === 0 && this.idle('check')) return;
      } else {
        this.promote(counts);
        if (now >= this.offlineUntil) {
          this.fill('create', ['queued'], (row) => this.create(row));
          this.fill('followup', ['screening_queued'], (row) => this.requestScreening(row));
          this.fill('followup', ['validation_queued'], (row) => this.requestValidation(row));
          this.fill('reconcile', ['in_doubt', 'screening_in_doubt', 'validation_in_doubt'], (row) =>
            this.reconcile(row),
          );
          this.fillTrack();
          this.fill('poll', ['screening_requested', 'validation_requested'], (row) =>
            this.pollStatus(row),
          );
        }
      }
      this.emitProgress();

      const fresh = journal.counts(jobId);
      const busy = this.tasks.size > 0;
      if (opts.mode === 'run') {
        // A no-wait run ends once every create is answered and recorded; the reads under way
        // (their outcomes may wait a moment for a group commit) finish before it returns.
        if (!opts.wait && this.idle('create') && UNSENT_CREATE_STATES.every((s) => !fresh[s]))
          return;
        if (!busy && ACTIVE_STATES.every((s) => !fresh[s])) return;
      }
      await this.waitForWork(this.nextWakeIn(opts));
    }
  }

  /** Moves rows that need no request to their next state: new → queued, exists and created →
   *  their follow-up (or skipped), all in bulk. */
  private promote(counts: Partial<Record<RowState, number>>): void {
    const { journal, jobId } = this.d;
    if (counts.new)
      while (journal.moveRows(jobId, 'new', 'queued', { reason: 'checked: new' }) > 0);
    if (counts.exists) {
      if (this.options.skipExisting) {
        while (
          journal.moveRows(jobId, 'exists', 'skipped', { reason: 'supplier exists: skipped' }) > 0
        );
      } else {
        const next = this.followUpAfterCreate(undefined);
        while (journal.moveRows(jobId, 'exists', next, { reason: 'supplier exists' }) > 0);
      }
    }
    // Created rows are moved on a batch at a time, not each in a commit of its own as it
    // arrives: at most once a second unless a full batch waits, and at once when nothing else
    // is left to do.
    const now = this.d.clock.now();
    const due =
      (counts.created ?? 0) >= PROMOTE_BATCH ||
      now - this.promotedAt >= PROMOTE_EVERY_MS ||
      this.tasks.size === 0;
    if (counts.created && due && this.idle('promote')) {
      this.promotedAt = now;
      // Per row: whether screening or validation was asked for on create decides the state.
      const rows = journal.takeDue(jobId, ['created'], Number.MAX_SAFE_INTEGER, PROMOTE_BATCH);
      if (!rows.length) return;
      // In the next group commit: at the API's pace it rides with a request's intent.
      this.spawn('promote', undefined, async () => {
        await journal.recordOutcomesAsync(
          rows.map((row) => ({
            rowId: row.id,
            from: 'created',
            to: this.followUpAfterCreate(row),
            patch: {
              nextAttemptAt: this.d.clock.now() + this.d.settings.statusPollBaseMs,
              attempts: 0,
            },
          })),
        );
      });
    }
  }

  private followUpAfterCreate(row: JournalRow | undefined): RowState {
    if (this.options.screeningPeriod) {
      return row?.screeningStatus === ON_CREATE ? 'screening_requested' : 'screening_queued';
    }
    return this.followUpAfterScreening(row);
  }

  private followUpAfterScreening(row: JournalRow | undefined): RowState {
    if (this.options.validate) {
      return row?.validationStatus === ON_CREATE ? 'validation_requested' : 'validation_queued';
    }
    return 'done';
  }

  private idle(lane: Lane): boolean {
    return (this.outstanding.get(lane) ?? 0) === 0;
  }

  /** Hands due rows of `states` to `work`, keeping a few per lane outstanding: the scheduler
   *  does the pacing and the fairness; this only keeps it fed. */
  private fill(lane: Lane, states: RowState[], work: (row: JournalRow) => Promise<void>): void {
    const { journal, jobId, clock, settings } = this.d;
    const cap = lane === 'create' || lane === 'followup' ? 16 : 32;
    const room = cap - (this.outstanding.get(lane) ?? 0);
    if (room <= 0) return;
    const due = journal.takeDue(
      jobId,
      states,
      clock.now(),
      Math.min(settings.batchSize, room + this.inHand.size),
    );
    let started = 0;
    for (const row of due) {
      if (started >= room) break;
      if (this.inHand.has(row.id)) continue;
      started++;
      this.spawn(lane, row.id, () => work(row));
    }
  }

  private spawn(lane: Lane, rowId: number | undefined, work: () => Promise<void>): void {
    if (rowId !== undefined) this.inHand.add(rowId);
    this.outstanding.set(lane, (this.outstanding.get(lane) ?? 0) + 1);
    const task = (async () => {
      try {
        await work();
      } catch (e) {
        if (isDiskFull(e)) return this.storageFull();
        this.d.events.warning({
          jobId: this.d.jobId,
          code: 'internal',
          message: `A row could not be processed and will be tried again: ${e instanceof Error ? e.message : String(e)}`,
        });
      } finally {
        if (rowId !== undefined) this.inHand.delete(rowId);
        this.outstanding.set(lane, (this.outstanding.get(lane) ?? 1) - 1);
      }
    })();
    this.tasks.add(task);
    void task.finally(() => {
      this.tasks.delete(task);
      this.wake?.();
    });
  }

  private nextWakeIn(opts: RunOptions): number {
    const { journal, jobId, clock } = this.d;
    const now = clock.now();
    if (opts.mode === 'check') return 1_000;
    let next = this.offlineUntil > now ? this.offlineUntil : Number.POSITIVE_INFINITY;
    if (this.offlineUntil <= now) {
      const at = journal.nextDueAt(jobId, [
        'queued',
        'in_doubt',
        'screening_queued',
        'screening_in_doubt',
        'screening_requested',
        'validation_queued',
        'validation_in_doubt',
        'validation_requested',
      ]);
      if (at !== null) next = Math.min(next, at);
      // Tracked rows still pending keep a past due time in the journal: the round sets the pace.
      const tracked = this.trackRound ? null : journal.nextDueAt(jobId, TRACKED_STATES);
      if (tracked !== null) next = Math.min(next, Math.max(tracked, this.trackNextAt));
    }
    return Math.max(10, Math.min(next - now, 1_000));
  }

  private async waitForWork(ms: number): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.wake = resolve));
    try {
      await Promise.race([this.d.clock.sleep(ms, this.stop.signal), woken]);
    } catch {
      // stopped
    } finally {
      this.wake = undefined;
    }
  }

  private async settleTasks(): Promise<void> {
    while (this.tasks.size) await Promise.allSettled([...this.tasks]);
  }

  // ---- check -------------------------------------------------------------------------------

  private async check(): Promise<void> {
    const { journal, jobId, conn, settings, clock } = this.d;
    this.outstanding.set('check', 1);
    try {
      const total = journal.counts(jobId).valid ?? 0;
      if (!total) return;
      const signal = this.stop.signal;
      const pending = await conn.pending(clock.now(), { jobId, signal });
      if (pending.kind !== 'ok') return this.readFailed(pending);
      this.offlineRecovered();
      const index = new IdentityIndex();
      // An entry without its supplier id can be followed by uuid only, not matched to a row.
      index.addPending(
        [...pending.value.byUuid.values()].flatMap((p) =>
          p.supplierId ? [{ uuid: p.uuid, supplierId: p.supplierId }] : [],
        ),
      );

      let strategy = settings.checkStrategy;
      if (strategy !== 'lookup') {
        const first = await conn.api.listSuppliers(0, settings.listPageSize, {
          jobId,
          signal,
          kind: 'check',
        });
        if (first.kind !== 'ok') return this.readFailed(first);
        const shape = listShape(first.value, settings.listPageSize);
        // Without supplier ids on the items, or without a page count, the list cannot answer
        // the check: find-by-identifier per row can.
        if (!shape) strategy = 'lookup';
        else if (strategy === 'auto') strategy = shape.pages <= total ? 'list' : 'lookup';
        if (strategy === 'list' && shape) {
          const read = await this.readSupplierList(index, first.value.content, shape);
          if (read === 'failed') return;
          if (read === 'unusable') strategy = 'lookup';
        }
      }
      await this.matchRows(index, strategy === 'list' ? 'list' : 'lookup');
    } finally {
      this.outstanding.set('check', 0);
      if ((journal.counts(jobId).valid ?? 0) > 0 && !this.stop.signal.aborted) {
        this.checkRetryAt =
          clock.now() +
          backoffMs(
            this.checkRound++,
            settings.offlineBaseMs,
            settings.offlineCapMs,
            this.d.random,
          );
      } else this.checkRound = 0;
    }
  }

  /** Reads every page of the supplier list into the index (pages after the first in parallel,
   *  paced by the scheduler). */
  private async readSupplierList(
    index: IdentityIndex,
    firstContent: SupplierPage['content'],
    shape: { size: number; pages: number },
  ): Promise<'read' | 'failed' | 'unusable'> {
    const { conn, jobId } = this.d;
    const add = (items: SupplierPage['content']) => {
      if (!items.every((s) => s.supplierIds)) return false;
      index.addSuppliers(
        items.map((s) => ({
          platformId: String(s.platformTargetId),
          supplierIds: s.supplierIds ?? [],
        })),
      );
      return true;
    };
    if (!add(firstContent)) return 'unusable';
    const pageNumbers = Array.from({ length: Math.max(0, shape.pages - 1) }, (_, i) => i + 1);
    const results = await Promise.all(
      pageNumbers.map((p) =>
        conn.api.listSuppliers(p, shape.size, { jobId, signal: this.stop.signal, kind: 'check' }),
      ),
    );
    for (const r of results) {
      if (r.kind !== 'ok') {
        this.readFailed(r);
        return 'failed';
      }
      if (!add(r.value.content)) return 'unusable';
    }
    return 'read';
  }

  private async matchRows(index: IdentityIndex, strategy: 'list' | 'lookup'): Promise<void> {
    const { journal, jobId, conn } = this.d;
    for (;;) {
      if (this.stop.signal.aborted) return;
      const rows = journal.takeDue(jobId, ['valid'], Number.MAX_SAFE_INTEGER, 500);
      if (!rows.length) return;
      const outcomes: RowOutcome[] = [];
      if (strategy === 'list') {
        for (const row of rows) {
          const ref = supplierRef(row);
          if (!ref) {
            outcomes.push(this.invalidPayload(row, 'valid'));
            continue;
          }
          outcomes.push(checkOutcome(row, index.match(ref)));
        }
      } else {
        const answers = await Promise.all(
          rows.map(async (row) => {
            const ref = supplierRef(row);
            if (!ref) return { row, ref, answer: undefined };
            const answer = await conn.api.findByIdentifier(
              { supplierId: ref.id, ...(ref.source ? { source: ref.source } : {}) },
              { jobId, signal: this.stop.signal, kind: 'check' },
            );
            return { row, ref, answer };
          }),
        );
        for (const { row, ref, answer } of answers) {
          if (!ref) {
            outcomes.push(this.invalidPayload(row, 'valid'));
            continue;
          }
          if (!answer) continue;
          if (answer.kind !== 'ok') {
            this.readFailed(answer);
            continue;
          }
          const found = answer.value;
          if (found.found === 'one') {
            outcomes.push(
              checkOutcome(row, {
                kind: 'exists',
                platformId: String(found.supplier.platformTargetId),
              }),
            );
          } else if (found.found === 'ambiguous') {
            outcomes.push(checkOutcome(row, { kind: 'ambiguous', platformIds: [] }));
          } else {
            outcomes.push(checkOutcome(row, index.match(ref)));
          }
        }
      }
      if (outcomes.length) await journal.recordOutcomesAsync(outcomes);
      if (outcomes.length < rows.length) return; // a read failed: the loop comes back later
      this.emitProgress();
    }
  }

  private invalidPayload(row: JournalRow, from: RowState): RowOutcome {
    return {
      rowId: row.id,
      from,
      to: 'invalid',
      patch: {
        errorCode: 'invalid_input',
        errorMessage:
          'The row has no supplier id after mapping. Map the supplier id column and retry.',
      },
    };
  }

  // ---- create ------------------------------------------------------------------------------

  private buildPayload(
    row: JournalRow,
  ): { payload: SupplierCreatePayload; screening: boolean; validation: boolean } | undefined {
    const parsed = SupplierCreatePayloadSchema.safeParse(row.payload ?? {});
    if (!parsed.success) return undefined;
    const payload: SupplierCreatePayload = { ...parsed.data };
    let screening = payload.screeningPeriodInYears != null;
    let validation = payload.requestValidationOnCreate === true;
    // Writes are the scarce budget: ask for screening and validation with the create where the
    // API user is entitled to, saving a separate request per supplier.
    const period = this.options.screeningPeriod;
    if (!screening && period && this.onCreate.screening !== false) {
      payload.screeningPeriodInYears = period as 2 | 5 | 10;
      screening = true;
    }
    if (
      !validation &&
      this.options.validate &&
      !this.options.screeningPeriod &&
      this.onCreate.validation !== false
    ) {
      // With screening asked for too, validation waits until the screening has ended: the API
      // refuses a validation while a screening is pending.
      payload.requestValidationOnCreate = true;
      validation = true;
    }
    if (this.onCreate.screening === false) {
      delete payload.screeningPeriodInYears;
      screening = false;
    }
    if (this.onCreate.validation === false) {
      delete payload.requestValidationOnCreate;
      validation = false;
    }
    return { payload, screening, validation };
  }

  private async create(row: JournalRow): Promise<void> {
    const { journal, jobId, conn, clock, settings } = this.d;
    const built = this.buildPayload(row);
    if (!built) {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'queued',
        to: 'invalid',
        patch: {
          errorCode: 'invalid_input',
          errorMessage: 'The row no longer passes validation. Fix its values and retry.',
        },
      });
      return;
    }
    let intent = false;
    const answer = await conn.scheduler.submit(
      { group: 'WRITE', kind: 'create', jobId, signal: this.stop.signal },
      async () => {
        if (!intent) {
          const marked = await journal.markSendingAsync([row.id], clock.now(), {
            stage: 'create',
            request: {
              endpoint: 'POST /public/v2/suppliers/sites',
              onCreate: { screening: built.screening, validation: built.validation },
            },
          });
          if (!marked.length) return { kind: 'aborted', maybeSent: false } as const;
          intent = true;
        }
        // Not aborted by a pause: a write that left finishes (bounded by the timeout), so
        // that its answer is journaled instead of leaving the row in doubt.
        return conn.client.createSupplier(built.payload, { timeoutMs: settings.requestTimeoutMs });
      },
    );
    if (!intent) return; // never left: the row is still queued (or was moved by the user)
    const now = clock.now();
    const from: RowState = 'sending';
    switch (answer.kind) {
      case 'ok':
        this.offlineRecovered();
        this.createdMeter.record(now);
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: 'accepted',
          patch: {
            creationUuid: answer.value.uuid,
            createdByJob: true,
            nextAttemptAt: now + settings.trackPollMs,
            errorCode: null,
            errorMessage: null,
            ...(built.screening ? { screeningStatus: ON_CREATE } : {}),
            ...(built.validation ? { validationStatus: ON_CREATE } : {}),
          },
          response: { status: answer.status, uuid: answer.value.uuid },
        });
        return;
      case 'row_error': {
        this.offlineRecovered();
        const spelling = fieldNamesRefusal(answer, conn.client.fieldNames);
        if (spelling) {
          // The connection's setting, not the row: every other create would be refused the same
          // way. The row says so; the job stops until the setting is switched.
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from,
            to: 'rejected',
            patch: {
              errorCode: 'api_field_names',
              errorMessage: spelling.message,
              rejectionReason: answer.code,
            },
            response: { status: 400, code: answer.code, message: answer.message },
          });
          this.accessError = spelling;
          this.halt('access_denied');
          return;
        }
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: 'rejected',
          patch: {
            errorCode: 'api_row_rejected',
            errorMessage: answer.message,
            rejectionReason: answer.code,
          },
          response: { status: 400, code: answer.code, message: answer.message },
        });
        return;
      }
      case 'conflict':
        this.offlineRecovered();
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: 'in_doubt',
          patch: { nextAttemptAt: now, errorCode: 'api_conflict', errorMessage: answer.message },
          response: { status: 409, code: answer.code, message: answer.message },
          reason: '409: a creation or supplier with this identity exists; reconciling',
        });
        return;
      case 'access_denied': {
        if (
          answer.loggedIn !== false &&
          (built.screening || built.validation) &&
          this.isOnCreateRefusal(answer.permission)
        ) {
          // The API user lacks the entitlement for screening or validation on create: send them
          // as separate requests later, and this create again without them. Creates already in
          // flight with the same fields land here too, and are simply queued again.
          this.refuseOnCreate(answer.permission, built);
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from,
            to: 'queued',
            patch: { refundAttempt: true, nextAttemptAt: now },
            response: {
              status: 403,
              permission: answer.permission ?? null,
              message: answer.message,
            },
            reason: 'not entitled to screening/validation on create: retrying without',
          });
          return;
        }
        await this.notSent(row.id, from, 'queued', {
          response: { status: 403, loggedIn: answer.loggedIn ?? null, message: answer.message },
        });
        this.accessDenied(answer);
        return;
      }
      case 'not_found':
        // The create endpoint itself is missing: a wrong base URL, not a network problem.
        // Nothing was created; the job stops and says what to check.
        await this.notSent(row.id, from, 'queued', {
          response: { status: 404 },
          reason: 'the create endpoint answered 404: back to the queue',
        });
        this.wrongBaseUrl();
        return;
      case 'offline':
      case 'no_token':
        await this.notSent(row.id, from, 'queued', {
          response: { answer: answer.kind },
          reason: 'not sent: back to the queue',
        });
        this.nothingSent(answer);
        return;
      case 'aborted':
        if (!answer.maybeSent) {
          await this.notSent(row.id, from, 'queued');
          return;
        }
        await this.toDoubt(row.id, from, 'in_doubt', 'interrupted after sending', now);
        return;
      case 'maybe_processed':
        this.offlineRecovered();
        await this.toDoubt(row.id, from, 'in_doubt', `${answer.reason}: ${answer.detail}`, now);
        return;
      case 'unexpected_response':
        if (answer.status !== undefined && answer.status >= 400 && answer.status < 500) {
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from,
            to: 'rejected',
            patch: { errorCode: 'api_unexpected_response', errorMessage: answer.detail },
            response: { status: answer.status, detail: answer.detail },
          });
        } else {
          await this.toDoubt(row.id, from, 'in_doubt', `unexpected answer: ${answer.detail}`, now);
        }
        return;
      case 'throttled':
        // The scheduler retries 429s itself; one reaching us means the run is stopping.
        await this.notSent(row.id, from, 'queued');
        return;
    }
  }

  /** A 403 on a create that carried on-create fields is about them unless it names another
   *  permission. */
  private isOnCreateRefusal(permission: string | undefined): boolean {
    const p = (permission ?? '').toUpperCase();
    return !p || p.includes('SCREEN') || p.includes('VALID') || p.includes('ENTITLE');
  }

  private refuseOnCreate(
    permission: string | undefined,
    sent: { screening: boolean; validation: boolean },
  ): void {
    const p = (permission ?? '').toUpperCase();
    const before = { ...this.onCreate };
    if (sent.screening && (!p || p.includes('SCREEN') || !sent.validation))
      this.onCreate.screening = false;
    if (sent.validation && (!p || p.includes('VALID') || !sent.screening))
      this.onCreate.validation = false;
    if (
      before.screening === this.onCreate.screening &&
      before.validation === this.onCreate.validation
    )
      return;
    const job = this.d.journal.getJob(this.d.jobId);
    if (job) this.d.entitlements.set(job.connectionId, this.onCreate);
    this.d.events.warning({
      jobId: this.d.jobId,
      code: 'api_access_denied',
      message:
        'This API user may not ask for screening or validation together with a creation. The app sends them as separate requests instead, which uses more of the write budget.',
    });
  }

  /** The request never reached the server (or was refused before doing anything): the row goes
   *  back to its queue and gets back the attempt its intent counted. */
  private async notSent(
    rowId: number,
    from: RowState,
    to: RowState,
    extra: { response?: Record<string, unknown>; reason?: string } = {},
  ): Promise<void> {
    await this.d.journal.recordOutcomeAsync({
      rowId,
      from,
      to,
      patch: { refundAttempt: true },
      ...extra,
    });
  }

  private async toDoubt(
    rowId: number,
    from: RowState,
    to: RowState,
    reason: string,
    now: number,
  ): Promise<void> {
    await this.d.journal.recordOutcomeAsync({
      rowId,
      from,
      to,
      patch: { nextAttemptAt: now + this.d.settings.settleMs },
      response: { answer: 'lost', detail: reason },
      reason: `in doubt (${reason}): reconcile before sending again`,
    });
  }

  // ---- reconcile ---------------------------------------------------------------------------

  private async reconcile(row: JournalRow): Promise<void> {
    if (row.state === 'in_doubt') return this.reconcileCreate(row);
    if (row.state === 'screening_in_doubt') return this.reconcileFollowUp(row, 'screening');
    return this.reconcileFollowUp(row, 'validation');
  }

  private async reconcileCreate(row: JournalRow): Promise<void> {
    const { journal, jobId, conn, clock, settings } = this.d;
    // Evidence counts only when it was read after the answer came back (a request may be
    // applied at any moment until then) and, for a lost answer, after the settle delay. The row's
    // next attempt time, set when it went in doubt, is exactly that moment: the answer's arrival
    // plus the settle delay (or the start-up after a crash, plus the delay; or, for a 409, which
    // says the conflicting creation existed when it was answered, the answer's arrival itself);
    // later backoffs only move it on. Never a list read while the request was still on its way.
    const settledAt = Math.max(
      (row.sentAt ?? 0) + (row.errorCode === 'api_conflict' ? 0 : settings.settleMs),
      row.nextAttemptAt,
    );
    if (settledAt > clock.now()) {
      // Not settled yet (a row made due early): reading now would only have to be repeated.
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'in_doubt',
        to: 'in_doubt',
        patch: { nextAttemptAt: settledAt },
      });
      return;
    }
    const pending = await conn.pending(Math.max(settledAt, 0), { jobId, signal: this.stop.signal });
    if (pending.kind !== 'ok') return this.readFailed(pending, row);
    this.offlineRecovered();
    const uuid = row.identityKey ? pending.value.byIdentity.get(row.identityKey) : undefined;
    // The row was checked new before its first send: what is found now is the creation this
    // job made, unless its very first send was refused with 409 (then someone else made it
    // meanwhile; the row is followed all the same, but not counted as created here).
    const ours = row.errorCode !== 'api_conflict' || row.attempts > 1;
    // The request that may have landed asked for screening and validation as today's payload
    // would: follow those (and ask for them explicitly only if they never show up).
    const sent = this.buildPayload(row);
    const onCreate = {
      ...(sent?.screening ? { screeningStatus: ON_CREATE } : {}),
      ...(sent?.validation ? { validationStatus: ON_CREATE } : {}),
    };
    if (uuid) {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'in_doubt',
        to: 'accepted',
        patch: {
          creationUuid: uuid,
          createdByJob: ours,
          nextAttemptAt: clock.now() + settings.trackPollMs,
          errorCode: null,
          errorMessage: null,
          ...onCreate,
        },
        response: { reconciled: 'pending list', uuid },
        reason: 'reconciled: the creation is pending',
      });
      this.createdMeter.record(clock.now());
      return;
    }
    const found = await this.find(row);
    if (!found) return;
    const now = clock.now();
    if (found.found === 'one') {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'in_doubt',
        to: 'created',
        patch: {
          platformId: String(found.supplier.platformTargetId),
          createdByJob: ours,
          errorCode: null,
          errorMessage: null,
          ...onCreate,
        },
        response: { reconciled: 'find by identifier', platformId: found.supplier.platformTargetId },
        reason: 'reconciled: the supplier exists',
      });
      this.createdMeter.record(now);
      return;
    }
    if (found.found === 'ambiguous') {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'in_doubt',
        to: 'needs_user',
        patch: { errorCode: 'api_ambiguous', errorMessage: appError('api_ambiguous').message },
        reason: 'reconciled: several suppliers match',
      });
      return;
    }
    if (row.attempts >= settings.maxWriteAttempts) {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'in_doubt',
        to: 'needs_user',
        patch: {
          errorCode: 'api_maybe_processed',
          errorMessage: `The creation was sent ${row.attempts} times without a confirmed result, and the supplier is neither pending nor found. Check the platform, then retry the row.`,
        },
        reason: 'reconciliation cap reached',
      });
      return;
    }
    await journal.recordOutcomeAsync({
      rowId: row.id,
      from: 'in_doubt',
      to: 'queued',
      patch: { nextAttemptAt: now },
      response: { reconciled: 'not pending, not found' },
      // Without the creation's uuid, a request that never arrived and a creation the platform
      // ended without a supplier (vanished) look the same: both leave nothing behind to find.
      reason:
        'reconciled: neither pending nor found (the request did not arrive, or the platform ended the creation without a supplier); sent again',
    });
  }

  private async find(row: JournalRow): Promise<FindResult<SupplierDetail> | undefined> {
    const ref = supplierRef(row);
    if (!ref) return { found: 'none' };
    const answer = await this.d.conn.api.findByIdentifier(
      { supplierId: ref.id, ...(ref.source ? { source: ref.source } : {}) },
      { jobId: this.d.jobId, signal: this.stop.signal, kind: 'poll' },
    );
    if (answer.kind !== 'ok') {
      this.readFailed(answer, row);
      return undefined;
    }
    return answer.value;
  }

  private async reconcileFollowUp(
    row: JournalRow,
    stage: 'screening' | 'validation',
  ): Promise<void> {
    const { journal, clock, settings } = this.d;
    const from: RowState = stage === 'screening' ? 'screening_in_doubt' : 'validation_in_doubt';
    const answer = await this.statusOf(row, stage);
    if (!answer) return;
    const now = clock.now();
    if (answer.kind === 'ok') {
      const to: RowState = stage === 'screening' ? 'screening_requested' : 'validation_requested';
      const v = answer.value as {
        status: string;
        id?: number | null;
        requestId?: string | null;
      };
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to,
        patch: {
          nextAttemptAt: now,
          ...(stage === 'screening'
            ? { screeningStatus: v.status, ...(v.id != null ? { screeningIds: [v.id] } : {}) }
            : {
                validationStatus: v.status,
                ...(v.requestId ? { validationRequestId: v.requestId } : {}),
              }),
        },
        reason: `reconciled: the ${stage} request exists`,
      });
      return;
    }
    // not_found: the request did not take effect.
    if (row.attempts >= settings.maxWriteAttempts) {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to: 'needs_user',
        patch: {
          errorCode: 'api_maybe_processed',
          errorMessage: `The ${stage} request was sent ${row.attempts} times without a confirmed result. Check the platform, then retry the row.`,
        },
      });
      return;
    }
    await journal.recordOutcomeAsync({
      rowId: row.id,
      from,
      to: stage === 'screening' ? 'screening_queued' : 'validation_queued',
      patch: { nextAttemptAt: now },
      reason: `reconciled: the ${stage} request did not take effect`,
    });
  }

  /** GET screening/validation status; undefined after a failure that was handled. */
  private async statusOf(
    row: JournalRow,
    stage: 'screening' | 'validation',
  ): Promise<ApiAnswer<unknown> | undefined> {
    const identifier = platformIdentifier(row);
    if (!identifier) return undefined;
    const o = { jobId: this.d.jobId, signal: this.stop.signal, kind: 'poll' as const };
    const answer =
      stage === 'screening'
        ? await this.d.conn.api.getScreening(identifier, o)
        : await this.d.conn.api.getValidation(identifier, o);
    if (answer.kind === 'ok' || answer.kind === 'not_found') {
      this.offlineRecovered();
      return answer;
    }
    this.readFailed(answer, row);
    return undefined;
  }

  // ---- tracking creations --------------------------------------------------------------------

  /**
   * Tracking goes in rounds: one pending-list read covers every row due when the round began
   * (walked in batches), and the next round starts a poll interval after it. A row still
   * pending is not written: when it is due again lives in memory (`trackNextAt`), not in the
   * journal, so a creation that takes hours costs no write per poll. After a restart every
   * tracked row is due at once, which is one round.
   */
  private fillTrack(): void {
    if (!this.idle('track')) return;
    const { journal, jobId, clock, settings } = this.d;
    if (!this.trackRound) {
      const now = clock.now();
      if (now < this.trackNextAt) return;
      this.trackRound = { at: now };
    }
    const round = this.trackRound;
    const due = journal.takeDue(
      jobId,
      TRACKED_STATES,
      round.at,
      settings.batchSize * 5,
      round.after,
    );
    if (!due.length) {
      this.trackRound = undefined;
      if (round.after) this.trackNextAt = round.at + settings.trackPollMs;
      return;
    }
    const last = due[due.length - 1]!;
    round.after = { nextAttemptAt: last.nextAttemptAt, id: last.id };
    this.spawn('track', undefined, () => this.track(due.filter((r) => !this.inHand.has(r.id))));
  }

  private async track(rows: JournalRow[]): Promise<void> {
    const { conn, clock, settings, jobId } = this.d;
    const snap = await conn.pending(clock.now() - settings.trackPollMs / 2, {
      jobId,
      signal: this.stop.signal,
    });
    if (snap.kind !== 'ok') {
      // The round starts again once the pending list can be read.
      this.trackRound = undefined;
      return this.readFailed(snap);
    }
    this.offlineRecovered();
    const gone: JournalRow[] = [];
    for (const row of rows) {
      const uuid =
        (row.creationUuid && snap.value.byUuid.has(row.creationUuid)
          ? row.creationUuid
          : undefined) ??
        (row.identityKey ? snap.value.byIdentity.get(row.identityKey) : undefined);
      // Still pending: nothing to write (see fillTrack).
      if (!uuid) gone.push(row);
    }
    // Left the pending list: created, or (after the settle delay) vanished.
    await Promise.all(
      gone.map((row) => {
        this.inHand.add(row.id);
        return this.resolveGone(row).finally(() => this.inHand.delete(row.id));
      }),
    );
  }

  private async resolveGone(row: JournalRow): Promise<void> {
    const { journal, clock, settings } = this.d;
    const found = await this.find(row);
    if (!found) return;
    const now = clock.now();
    const from = row.state;
    if (found.found === 'one') {
      // Created, and moved on to its follow-up in the same commit (as `promote` would a moment
      // later): the row's pages and index entries are written once instead of twice.
      await journal.recordOutcomesAsync([
        {
          rowId: row.id,
          from,
          to: 'created',
          patch: {
            platformId: String(found.supplier.platformTargetId),
            errorCode: null,
            errorMessage: null,
          },
          response: { found: found.supplier.platformTargetId },
        },
        {
          rowId: row.id,
          from: 'created',
          to: this.followUpAfterCreate(row),
          patch: { nextAttemptAt: now + settings.statusPollBaseMs, attempts: 0 },
        },
      ]);
      return;
    }
    if (found.found === 'ambiguous') {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to: 'needs_user',
        patch: { errorCode: 'api_ambiguous', errorMessage: appError('api_ambiguous').message },
      });
      return;
    }
    if (row.errorCode !== MISSING_MARK) {
      // Processing may finish a moment after the entry leaves the list: look again later.
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to: from,
        patch: {
          errorCode: MISSING_MARK,
          errorMessage: null,
          nextAttemptAt: now + settings.settleMs,
        },
      });
      return;
    }
    await journal.recordOutcomeAsync({
      rowId: row.id,
      from,
      to: 'vanished',
      patch: {
        errorCode: 'creation_vanished',
        errorMessage:
          "The platform finished processing this creation without a supplier (it is no longer pending and cannot be found). Check the row's values, then retry it.",
      },
      reason: 'left the pending list without a supplier',
    });
  }

  // ---- screening and validation -------------------------------------------------------------

  private async requestScreening(row: JournalRow): Promise<void> {
    const period = this.options.screeningPeriod;
    if (!period) {
      await this.d.journal.recordOutcomeAsync({
        rowId: row.id,
        from: 'screening_queued',
        to: 'skipped',
      });
      return;
    }
    await this.followUpWrite(row, 'screening', (identifier, o) =>
      this.d.conn.client.requestScreening(identifier, period, o),
    );
  }

  private async requestValidation(row: JournalRow): Promise<void> {
    await this.followUpWrite(row, 'validation', (identifier, o) =>
      this.d.conn.client.requestValidation(identifier, o),
    );
  }

  private async followUpWrite(
    row: JournalRow,
    stage: 'screening' | 'validation',
    send: (
      identifier: SupplierIdentifier,
      o: { signal?: AbortSignal; timeoutMs: number },
    ) => Promise<ApiAnswer<{ screeningRequestIds: number[] } | { requestId: string }>>,
  ): Promise<void> {
    const { journal, jobId, conn, clock, settings } = this.d;
    const queued: RowState = stage === 'screening' ? 'screening_queued' : 'validation_queued';
    const sending: RowState = stage === 'screening' ? 'screening_sending' : 'validation_sending';
    const inDoubt: RowState = stage === 'screening' ? 'screening_in_doubt' : 'validation_in_doubt';
    const requested: RowState =
      stage === 'screening' ? 'screening_requested' : 'validation_requested';
    const identifier = platformIdentifier(row);
    if (!identifier) {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from: queued,
        to: 'skipped',
        patch: {
          errorCode: 'api_not_found',
          errorMessage: 'The row has no platform id to request this for.',
        },
      });
      return;
    }
    let intent = false;
    const answer = await conn.scheduler.submit(
      { group: 'WRITE', kind: stage, jobId, signal: this.stop.signal },
      async () => {
        if (!intent) {
          const marked = await journal.markSendingAsync([row.id], clock.now(), {
            stage,
            request: {
              endpoint: `POST /public/v2/suppliers/sites/${stage}`,
              platformId: identifier.platformId ?? null,
            },
          });
          if (!marked.length) return { kind: 'aborted', maybeSent: false } as const;
          intent = true;
        }
        // As for creates: a write that left is let finish.
        return send(identifier, { timeoutMs: settings.requestTimeoutMs });
      },
    );
    if (!intent) return;
    const now = clock.now();
    switch (answer.kind) {
      case 'ok': {
        this.offlineRecovered();
        const v = answer.value;
        if ('screeningRequestIds' in v) {
          if (v.screeningRequestIds.length === 0) {
            // Skipped by the platform (already screened or not eligible): never ask twice.
            await journal.recordOutcomeAsync({
              rowId: row.id,
              from: sending,
              to: this.options.validate ? 'validation_queued' : 'done',
              patch: { screeningStatus: 'Skipped', screeningIds: [] },
              response: { status: answer.status, screeningRequestIds: [] },
            });
            return;
          }
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from: sending,
            to: requested,
            patch: {
              screeningIds: v.screeningRequestIds,
              screeningStatus: 'New',
              nextAttemptAt: now + settings.statusPollBaseMs,
            },
            response: { status: answer.status, screeningRequestIds: v.screeningRequestIds },
          });
          return;
        }
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from: sending,
          to: requested,
          patch: {
            validationRequestId: v.requestId,
            validationStatus: 'PENDING',
            nextAttemptAt: now + settings.statusPollBaseMs,
          },
          response: { status: answer.status, requestId: v.requestId },
        });
        return;
      }
      case 'row_error': {
        this.offlineRecovered();
        if (stage === 'validation' && /already.*validated|fully validated/i.test(answer.message)) {
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from: sending,
            to: 'done',
            patch: { validationStatus: 'COMPLETED', errorMessage: answer.message, errorCode: null },
            response: { status: 400, message: answer.message },
            reason: 'already validated',
          });
          return;
        }
        if (stage === 'validation' && /screening/i.test(answer.message)) {
          // A screening of the supplier is still running (another job's or user's): validation
          // must wait for it. Not the row's fault, so no attempt is spent.
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from: sending,
            to: queued,
            patch: {
              refundAttempt: true,
              nextAttemptAt:
                now +
                backoffMs(
                  row.attempts,
                  settings.statusPollBaseMs,
                  settings.statusPollCapMs,
                  this.d.random,
                ),
            },
            response: { status: 400, message: answer.message },
            reason: 'a screening is still running: validation asked for again later',
          });
          return;
        }
        if (stage === 'validation' && /pending/i.test(answer.message)) {
          // A request is already pending for the supplier: follow that one instead.
          await journal.recordOutcomeAsync({
            rowId: row.id,
            from: sending,
            to: requested,
            patch: { validationStatus: 'PENDING', nextAttemptAt: now + settings.statusPollBaseMs },
            response: { status: 400, message: answer.message },
          });
          return;
        }
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from: sending,
          to: 'needs_user',
          patch: {
            errorCode: 'api_row_rejected',
            errorMessage: `The ${stage} request was refused: ${answer.message}`,
          },
          response: { status: 400, code: answer.code, message: answer.message },
        });
        return;
      }
      case 'not_found':
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from: sending,
          to: 'needs_user',
          patch: {
            errorCode: 'api_not_found',
            errorMessage: `The platform did not find this supplier for the ${stage} request.`,
          },
          response: { status: 404 },
        });
        return;
      case 'conflict':
        await this.toDoubt(row.id, sending, inDoubt, '409', now);
        return;
      case 'access_denied':
        await this.notSent(row.id, sending, queued, {
          response: { status: 403, message: answer.message },
        });
        this.accessDenied(answer);
        return;
      case 'offline':
      case 'no_token':
        await this.notSent(row.id, sending, queued, { response: { answer: answer.kind } });
        this.nothingSent(answer);
        return;
      case 'aborted':
        if (!answer.maybeSent) {
          await this.notSent(row.id, sending, queued);
          return;
        }
        await this.toDoubt(row.id, sending, inDoubt, 'interrupted after sending', now);
        return;
      case 'maybe_processed':
      case 'unexpected_response':
        await this.toDoubt(row.id, sending, inDoubt, answer.detail, now);
        return;
      case 'throttled':
        await this.notSent(row.id, sending, queued);
        return;
    }
  }

  private async pollStatus(row: JournalRow): Promise<void> {
    const { journal, clock, settings, random } = this.d;
    const stage = row.state === 'screening_requested' ? 'screening' : 'validation';
    const answer = await this.statusOf(row, stage);
    if (!answer) return;
    const now = clock.now();
    const from = row.state;
    const age = now - (row.sentAt ?? now);
    const later =
      now +
      Math.min(settings.statusPollCapMs, Math.max(settings.statusPollBaseMs, age / 4)) *
        (0.75 + random() / 2);
    if (answer.kind === 'not_found') {
      const onCreate =
        (stage === 'screening' ? row.screeningStatus : row.validationStatus) === ON_CREATE;
      if (row.errorCode !== NOT_VISIBLE_MARK) {
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: from,
          patch: { errorCode: NOT_VISIBLE_MARK, nextAttemptAt: now + settings.settleMs },
        });
        return;
      }
      if (onCreate) {
        // Asked for with the creation but never visible: ask for it explicitly.
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: stage === 'screening' ? 'screening_queued' : 'validation_queued',
          patch: {
            errorCode: null,
            nextAttemptAt: now,
            ...(stage === 'screening' ? { screeningStatus: null } : { validationStatus: null }),
          },
          reason: `no ${stage} request found after the creation: requesting it`,
        });
        return;
      }
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to: 'needs_user',
        patch: {
          errorCode: 'api_not_found',
          errorMessage: `The platform no longer reports the ${stage} request for this supplier.`,
        },
      });
      return;
    }
    if (answer.kind !== 'ok') return;
    if (stage === 'screening') {
      // The spec shows only the status; an id, when given, is kept with the row.
      const v = answer.value as { id?: number | null; status: string };
      const ids = v.id != null ? { screeningIds: [v.id] } : {};
      if (SCREENING_END.has(v.status)) {
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: this.followUpAfterScreening(row),
          patch: {
            screeningStatus: v.status,
            ...ids,
            errorCode: null,
            nextAttemptAt: now,
          },
          response: { screening: v.status },
        });
      } else {
        await journal.recordOutcomeAsync({
          rowId: row.id,
          from,
          to: from,
          patch: {
            screeningStatus: v.status,
            ...ids,
            errorCode: null,
            nextAttemptAt: later,
          },
        });
      }
      return;
    }
    const v = answer.value as {
      requestId?: string | null;
      status: string;
      outcomeTargetId?: number | null;
      rejectionReason?: string | null;
    };
    if (VALIDATION_END.has(v.status)) {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to: 'done',
        patch: {
          validationStatus: v.status,
          ...(v.requestId ? { validationRequestId: v.requestId } : {}),
          outcomeTargetId: v.outcomeTargetId != null ? String(v.outcomeTargetId) : null,
          rejectionReason: v.rejectionReason ?? null,
          errorCode: null,
        },
        response: { validation: v.status },
      });
    } else {
      await journal.recordOutcomeAsync({
        rowId: row.id,
        from,
        to: from,
        patch: {
          validationStatus: v.status,
          ...(v.requestId ? { validationRequestId: v.requestId } : {}),
          errorCode: null,
          nextAttemptAt: later,
        },
      });
    }
  }

  // ---- failures that concern the whole job ----------------------------------------------------

  /** A read that failed: offline waits, 403 pauses, anything else is tried again later. */
  private readFailed(answer: ApiFailure, row?: JournalRow): void {
    if (answer.kind === 'access_denied') return this.accessDenied(answer);
    if (answer.kind === 'offline' || answer.kind === 'no_token') return this.nothingSent(answer);
    if (answer.kind === 'aborted') return;
    if (answer.kind === 'not_found' && !row) {
      // The supplier list or the pending list is missing: a wrong base URL.
      return this.wrongBaseUrl();
    }
    if (row) {
      const now = this.d.clock.now();
      this.d.journal.recordOutcome({
        rowId: row.id,
        from: row.state,
        to: row.state,
        patch: {
          nextAttemptAt:
            now +
            backoffMs(
              1,
              this.d.settings.offlineBaseMs,
              this.d.settings.offlineCapMs,
              this.d.random,
            ),
        },
      });
    }
  }

  /** Endpoints that always exist answered 404: the job stops and says what to check. */
  private wrongBaseUrl(): void {
    this.accessError = appError(
      'api_unexpected_response',
      `The address ${this.d.conn.client.baseUrl} does not offer the supplier API (it answered 404). Check the connection's base URL: it is the API's address without a path.`,
    );
    this.halt('access_denied');
  }

  private accessDenied(answer: Extract<ApiFailure, { kind: 'access_denied' }>): void {
    this.accessError = answerError(answer) ?? appError('api_access_denied');
    this.halt('access_denied');
  }

  /** No network (or no token): nothing was sent. The job waits and probes with backoff. */
  private nothingSent(answer: ApiFailure): void {
    if (answer.kind === 'no_token') {
      this.accessError = appError('api_no_token');
      this.halt('access_denied');
      return;
    }
    const { clock, settings, random, journal, jobId } = this.d;
    this.offlineUntil =
      clock.now() +
      backoffMs(this.offlineRound++, settings.offlineBaseMs, settings.offlineCapMs, random);
    if (!this.offline) {
      this.offline = true;
      journal.setJobState(jobId, 'waiting_network', appError('api_offline'));
      this.emitProgress(true);
    }
  }

  private offlineRecovered(): void {
    if (!this.offline) return;
    this.offline = false;
    this.offlineRound = 0;
    this.offlineUntil = 0;
    this.d.journal.setJobState(this.d.jobId, 'running');
    this.emitProgress(true);
  }

  // ---- ending -------------------------------------------------------------------------------

  private finish(opts: RunOptions): RunExit {
    const { journal, jobId } = this.d;
    if (this.stopReason === 'disk_full') {
      try {
        journal.setJobState(jobId, 'paused', diskFull(journal.folder).error);
      } catch (e) {
        // Still full: the job stays marked running with no live holder, which every front door
        // shows as interrupted; resuming it later works the same.
        if (!isDiskFull(e)) throw e;
      }
      return 'disk_full';
    }
    if (this.stopReason === 'cancelled') {
      while (journal.cancelUnsentRows(jobId) > 0);
      journal.setJobState(jobId, 'cancelled');
      return 'cancelled';
    }
    if (this.stopReason === 'access_denied') {
      journal.setJobState(jobId, 'paused', this.accessError ?? appError('api_access_denied'));
      return 'access_denied';
    }
    if (this.stopReason === 'paused') {
      journal.setJobState(jobId, 'paused', {
        code: 'paused',
        message: 'Paused. Resume the job to continue where it stopped.',
      });
      return 'paused';
    }
    if (opts.mode === 'check') {
      // What the check found stays with the job: its row states move on once the run starts.
      const found = journal.counts(jobId);
      journal.appendEvents([
        {
          jobId,
          rowId: null,
          kind: 'note',
          detail: {
            check: {
              new: found.new ?? 0,
              exists: found.exists ?? 0,
              ambiguous: found.ambiguous ?? 0,
              pending: found.pending ?? 0,
            },
          },
        },
      ]);
      journal.setJobState(jobId, 'ready');
      return 'checked';
    }
    const counts = journal.counts(jobId);
    if (ACTIVE_STATES.some((s) => counts[s])) {
      journal.setJobState(jobId, 'paused', {
        code: 'not_waiting',
        message:
          'Every creation was sent. Resume the job to follow the creations, screening and validation to their end.',
      });
      return 'sent';
    }
    const problems = PROBLEM_STATES.some((s) => counts[s]) || (counts.draft ?? 0) > 0;
    journal.setJobState(
      jobId,
      problems ? 'needs_attention' : 'finished',
      problems
        ? {
            code: 'rows_need_attention',
            message: counts.draft
              ? 'Some rows were not validated yet: validate them, then run the job again.'
              : 'Some rows need your attention: fix them and retry, or export the results.',
          }
        : null,
    );
    return 'finished';
  }

  // ---- progress -----------------------------------------------------------------------------

  private emitProgress(force = false): void {
    const { clock, settings } = this.d;
    const now = clock.now();
    if (!force && now - this.lastProgressAt < settings.progressIntervalMs) {
      if (!this.progressTimer) {
        this.progressTimer = setTimeout(() => {
          this.progressTimer = undefined;
          this.emitProgress(true);
        }, settings.progressIntervalMs);
        this.progressTimer.unref?.();
      }
      return;
    }
    if (this.progressTimer) {
      clearTimeout(this.progressTimer);
      this.progressTimer = undefined;
    }
    this.lastProgressAt = now;
    this.d.events.progress(this.progress());
  }

  /** The time left across every phase: the work left per phase, the limiter's pace and the
   *  platform's processing times observed in this job (expected ones until rows went through). */
  private phaseEta(
    counts: Partial<Record<RowState, number>>,
    readsPerMinute: number,
    writesPerMinute: number,
  ): PhaseEta | undefined {
    const { clock, settings } = this.d;
    if (!this.options) return undefined;
    this.history.update();
    const seen = this.history.observedMs();
    return phaseEta({
      now: clock.now(),
      counts,
      mode: this.runOpts.mode,
      wait: this.runOpts.wait,
      screening: Boolean(this.options.screeningPeriod),
      validate: this.options.validate,
      skipExisting: this.options.skipExisting,
      onCreate: this.onCreate,
      readsPerMinute,
      writesPerMinute,
      processingMs: {
        creation: seen.creation ?? settings.expectedCreationMs + settings.trackPollMs / 2,
        screening: seen.screening ?? settings.expectedScreeningMs + settings.statusPollBaseMs / 2,
        validation:
          seen.validation ?? settings.expectedValidationMs + settings.statusPollBaseMs / 2,
      },
      latestEntry: this.history.latestEntry(),
      overdueMs: Math.min(settings.trackPollMs, settings.statusPollBaseMs) / 2,
    });
  }

  progress(): JobProgress {
    const { journal, jobId, conn, clock } = this.d;
    const counts = journal.counts(jobId);
    const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
    const status = conn.scheduler.status();
    const view = (g: 'GET' | 'WRITE'): ThrottleView => {
      const st = status[g];
      // The binding window: the one allowing the fewest requests per second.
      const binding = [...st.windows].sort(
        (a, b) => a.limit / a.windowSeconds - b.limit / b.windowSeconds,
      )[0];
      return {
        sentInWindow: binding?.used ?? 0,
        ceiling: binding?.limit ?? 0,
        windowSeconds: binding?.windowSeconds ?? 0,
        ceilingPerMinute: st.ceilingPerMinute,
        targetPerMinute: st.targetPerMinute,
        throttledUntil:
          st.throttledUntil !== null && st.throttledUntil > clock.now() ? st.throttledUntil : null,
        queued: st.queued,
        inFlight: st.inFlight,
      };
    };
    const write = view('WRITE');
    const remaining = UNSENT_CREATE_STATES.reduce((a, s) => a + (counts[s] ?? 0), 0);
    const rate = this.createdMeter.sample(
      clock.now(),
      remaining,
      write.ceilingPerMinute || undefined,
    );
    const job = journal.getJob(jobId);
    const etaParts = this.phaseEta(counts, status.GET.targetPerMinute, write.targetPerMinute);
    return {
      jobId,
      state: job?.state ?? 'running',
      counts,
      total,
      ratePerMinute: rate.perMinute,
      etaMs: etaParts?.etaMs ?? rate.etaMs,
      etaParts,
      throttle: { GET: view('GET'), WRITE: write },
      offline: this.offline,
    };
  }
}

/** How many pages the supplier list has and their size, or undefined when the first page does
 *  not say (then the check asks find-by-identifier per row). */
function listShape(page: SupplierPage, asked: number): { size: number; pages: number } | undefined {
  const n = page.content.length;
  // A server that sends no size may still have capped it: a short first page that is not the
  // whole list shows the size it used.
  const size = Math.max(
    1,
    page.size ||
      (page.totalElements != null && n < asked && n < page.totalElements && n > 0 ? n : asked),
  );
  if (page.totalElements != null) return { size, pages: Math.ceil(page.totalElements / size) };
  if (page.totalPages != null && page.size) return { size, pages: page.totalPages };
  return undefined;
}

function supplierRef(row: JournalRow): { id: string; source?: string } | undefined {
  const sid = (row.payload as { supplierId?: { id?: unknown; source?: unknown } } | null)
    ?.supplierId;
  if (!sid || typeof sid.id !== 'string' || !sid.id.trim()) return undefined;
  const source =
    typeof sid.source === 'string' && sid.source.trim() ? sid.source.trim() : undefined;
  return source ? { id: sid.id.trim(), source } : { id: sid.id.trim() };
}

function platformIdentifier(row: JournalRow): SupplierIdentifier | undefined {
  if (!row.platformId) return undefined;
  return { platformId: row.platformId };
}

function checkOutcome(row: JournalRow, outcome: ReturnType<IdentityIndex['match']>): RowOutcome {
  const base = { rowId: row.id, from: 'valid' as RowState };
  switch (outcome.kind) {
    case 'new':
      return { ...base, to: 'new' };
    case 'exists':
      return { ...base, to: 'exists', patch: { platformId: outcome.platformId } };
    case 'pending':
      return { ...base, to: 'pending', patch: { creationUuid: outcome.uuid, nextAttemptAt: 0 } };
    case 'ambiguous':
      return {
        ...base,
        to: 'ambiguous',
        patch: {
          errorCode: 'api_ambiguous',
          errorMessage:
            outcome.platformIds.length > 0
              ? `Several suppliers have this identifier (platform ids ${outcome.platformIds.join(', ')}). Add a source to the identifier or merge the suppliers in the platform.`
              : appError('api_ambiguous').message,
        } satisfies RowPatch,
      };
  }
}
