// Drives every row of one job through check, create, tracking, screening and validation
// (docs/architecture.md, "Per-row state machine" and "Retry policy by answer"): the run loop.
// It takes due rows, hands them to their stage (requests.ts, reads.ts, track.ts, check.ts), which
// records the intent, sends, and applies what the policy (policy/) decided.
//
// The journal is the only truth. Before a write request leaves, its intent is committed durably
// (once the scheduler grants the request its slot, in a group commit shared with the intents
// and answers of the same few milliseconds); its outcome is written after. A write whose answer
// was lost is in doubt and is reconciled (pending list, then find by identifier, after a settle
// delay) before anything is sent again: the API has no idempotency key, and a duplicate supplier
// is the one failure users cannot undo.
import { isDiskFull } from '../journal/journal';
import type { JournalRow } from '../journal/journal';
import type { JobOptions } from '../journal/schema';
import { PROBLEM_STATES, type RowState } from '../journal/rowStates';
import { operationOf } from '../../src-shared/operations';
import { ATTENTION_OP_RESULTS } from '../../src-shared/outcomes';
import { Checker } from './check';
import type { RunContext } from './context';
import { JobHealth } from './health';
import { Lanes } from './lanes';
import { reason, warningOf } from './messages';
import { afterCreate, afterIdentifiers } from './policy/progression';
import { mapsPaidWork, PaidBudget } from './paidWork';
import { RateMeter } from './progress';
import { progressOf } from './progressView';
import { pollStatus, reconcile } from './reads';
import {
  attachIdentifier,
  changeIdentifier,
  create,
  deactivate,
  requestFollowUp,
} from './requests';
import { RunHistory } from './runHistory';
import type {
  JobProgress,
  JobRunnerDeps,
  OnCreateEntitlements,
  RunExit,
  RunOptions,
} from './runTypes';
import {
  ACTIVE_STATES,
  IN_DOUBT_STATES,
  INTENT_TO_DOUBT,
  REQUESTED_STATES,
  TIMED_STATES,
  UNSENT_CREATE_STATES,
  type Lane,
} from './stages';
import { Tracker } from './track';

export type * from './runTypes';

/** Created rows moved on to their follow-up per commit, and how often when fewer wait. */
const PROMOTE_BATCH = 500;
const PROMOTE_EVERY_MS = 1_000;

export class JobRunner {
  private readonly d: JobRunnerDeps;
  private readonly run_: RunContext;
  private readonly health: JobHealth;
  private readonly lanes: Lanes;
  private readonly checker: Checker;
  private readonly tracker: Tracker;
  private wake: (() => void) | undefined;
  /** When created rows were last moved on to their follow-up (see promote). */
  private promotedAt = Number.NEGATIVE_INFINITY;
  private lastProgressAt = 0;
  private progressTimer: ReturnType<typeof setTimeout> | undefined;
  private runOpts: RunOptions = { mode: 'run', wait: true };
  /** The job's mapping fills the screening period or the validation from the sheet. */
  private rowsOrderPaidWork = false;
  private readonly history: RunHistory;

  constructor(deps: JobRunnerDeps) {
    this.d = deps;
    this.history = deps.history ?? new RunHistory(deps.journal, deps.jobId);
    this.health = new JobHealth(
      deps,
      (force) => this.emitProgress(force),
      () => this.wake?.(),
    );
    this.lanes = new Lanes(
      (e) => this.taskFailed(e),
      () => this.wake?.(),
    );
    this.run_ = {
      d: deps,
      health: this.health,
      lanes: this.lanes,
      createdMeter: new RateMeter(),
      options: undefined as unknown as JobOptions,
      onCreate: { screening: undefined, validation: undefined } satisfies OnCreateEntitlements,
      paid: PaidBudget.none(),
      emitProgress: (force) => this.emitProgress(force),
    };
    this.checker = new Checker(this.run_);
    this.tracker = new Tracker(this.run_);
  }

  get jobId(): string {
    return this.d.jobId;
  }

  /** Stops sending; requests in flight finish or are recorded in doubt. */
  pause(): void {
    this.health.halt('paused');
  }

  cancel(): void {
    this.health.halt('cancelled');
  }

  async run(opts: RunOptions): Promise<RunExit> {
    const { journal, jobId } = this.d;
    const job = journal.getJob(jobId);
    if (!job) throw new Error(`job ${jobId} not found`);
    this.run_.options = job.options;
    this.runOpts = opts;
    this.run_.onCreate = this.d.entitlements.get(job.connectionId);
    this.rowsOrderPaidWork = mapsPaidWork(job.mapping);
    // What this run may order: the confirmed plan's paid work, no more than the rows ask for.
    this.run_.paid = PaidBudget.forRun(journal, job, this.run_.onCreate);
    try {
      journal.setJobState(jobId, 'running');
      this.recoverIntents();
      // Rows an earlier run held back for confirmation: the budget above decides again.
      journal.releaseHeld(jobId, ['queued', 'screening_queued', 'validation_queued']);
      await this.loop(opts);
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.health.storageFull();
    } finally {
      await this.lanes.settle();
      this.emitProgress(true);
    }
    try {
      return this.finish(opts);
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.health.storageFull();
      return this.finish(opts);
    }
  }

  private taskFailed(e: unknown): void {
    if (isDiskFull(e)) return this.health.storageFull();
    const detail = e instanceof Error ? e.message : String(e);
    this.d.events.warning({ jobId: this.d.jobId, ...warningOf('internal', { detail }) });
  }

  /** Rows found mid-write after a crash or kill: their request may have reached the server. */
  private recoverIntents(): void {
    const { journal, jobId, clock, settings } = this.d;
    for (const [from, to] of INTENT_TO_DOUBT) {
      while (
        journal.moveRows(jobId, from, to, {
          reason: 'found_mid_request',
          nextAttemptAt: clock.now() + settings.settleMs,
        }) > 0
      );
    }
  }

  // ---- the loop -----------------------------------------------------------------------------

  private async loop(opts: RunOptions): Promise<void> {
    const { journal, jobId, clock } = this.d;
    const { health, lanes } = this;
    for (;;) {
      if (health.signal.aborted) return;
      const counts = journal.counts(jobId);
      const now = clock.now();
      const online = now >= health.offlineUntil;
      // No silent stall: rows that do not move while the API answers are warned of.
      health.stall.tick(counts, now, health.offline);

      if ((counts.valid ?? 0) > 0 && lanes.idle('check') && now >= this.checker.retryAt && online) {
        await this.checker.check();
        continue;
      }
      if (opts.mode === 'check') {
        if ((counts.valid ?? 0) === 0 && lanes.idle('check')) return;
      } else {
        this.promote(counts);
        if (online) {
          const run = this.run_;
          this.fill('create', ['queued'], (row) => create(run, row));
          this.fill('identifiers', ['identifiers_queued'], (row) => attachIdentifier(run, row));
          this.fill('deactivate', ['deactivate_queued'], (row) => deactivate(run, row));
          this.fill('idchange', ['idchange_queued'], (row) => changeIdentifier(run, row));
          this.fill('followup', ['screening_queued'], (row) =>
            requestFollowUp(run, row, 'screening'),
          );
          this.fill('followup', ['validation_queued'], (row) =>
            requestFollowUp(run, row, 'validation'),
          );
          this.fill('reconcile', IN_DOUBT_STATES, (row) => reconcile(run, row));
          this.tracker.fill();
          this.fill('poll', REQUESTED_STATES, (row) => pollStatus(run, row));
        }
      }
      this.emitProgress();

      const fresh = journal.counts(jobId);
      if (opts.mode === 'run') {
        // A no-wait run ends once every create is answered and recorded; the reads under way
        // (their outcomes may wait a moment for a group commit) finish before it returns.
        if (!opts.wait && lanes.idle('create') && UNSENT_CREATE_STATES.every((s) => !fresh[s]))
          return;
        if (!lanes.busy && ACTIVE_STATES.every((s) => !fresh[s])) return;
        // Only rows asking for paid work beyond the confirmed plan are left: pause and ask.
        const active = ACTIVE_STATES.reduce((n, s) => n + (fresh[s] ?? 0), 0);
        if (!lanes.busy && health.onlyHeldLeft(active)) return health.halt('unconfirmed');
      }
      await this.waitForWork(this.nextWakeIn(opts));
    }
  }

  /** Moves rows that need no request to their next state: new → queued, exists and created →
   *  their follow-up (or skipped), all in bulk. */
  private promote(counts: Partial<Record<RowState, number>>): void {
    const { journal, jobId, clock, settings } = this.d;
    const options = this.run_.options;
    const operation = operationOf(options);
    if (operation === 'deactivate') {
      // A deactivate job never creates: its check leaves no row new; a matched supplier is
      // queued for its DELETE.
      const why = { reason: 'deactivate_queued', nextAttemptAt: 0 } as const;
      if (counts.exists) while (journal.moveRows(jobId, 'exists', 'deactivate_queued', why) > 0);
      return;
    }
    if (operation === 'identifiers') {
      // Nor does an identifiers job: its check leaves `exists` only for an identifier to add
      // (on no supplier) or to remove (on this one), queued for its POST or DELETE.
      const why = { reason: 'idchange_queued', nextAttemptAt: 0 } as const;
      if (counts.exists) while (journal.moveRows(jobId, 'exists', 'idchange_queued', why) > 0);
      return;
    }
    if (counts.new) while (journal.moveRows(jobId, 'new', 'queued', { reason: 'checked_new' }) > 0);
    if (counts.exists) {
      // Where rows order screening or validation by their own columns, each existing supplier
      // goes by the screening step, which sends nothing for a row that orders nothing.
      const [to, why] = options.skipExisting
        ? (['skipped', 'exists_skipped'] as const)
        : this.rowsOrderPaidWork
          ? (['screening_queued', 'exists'] as const)
          : ([afterIdentifiers(options, undefined), 'exists'] as const);
      // An existing supplier gets the row's customer and own ids first, also when it is
      // skipped (then nothing more: policy/progression.ts afterIdentifiers).
      const attach = { reason: 'exists' as const, attaching: true, nextAttemptAt: 0 };
      while (journal.moveRows(jobId, 'exists', 'identifiers_queued', attach) > 0);
      while (journal.moveRows(jobId, 'exists', to, { reason: why }) > 0);
    }
    // Created rows are moved on a batch at a time, not each in a commit of its own as it
    // arrives: at most once a second unless a full batch waits, and at once when nothing else
    // is left to do.
    const now = clock.now();
    const due =
      (counts.created ?? 0) >= PROMOTE_BATCH ||
      now - this.promotedAt >= PROMOTE_EVERY_MS ||
      !this.lanes.busy;
    if (!counts.created || !due || !this.lanes.idle('promote')) return;
    this.promotedAt = now;
    // Per row: whether screening or validation was asked for on create decides the state.
    const rows = journal.takeDue(jobId, ['created'], Number.MAX_SAFE_INTEGER, PROMOTE_BATCH);
    if (!rows.length) return;
    // In the next group commit: at the API's pace it rides with a request's intent.
    this.lanes.spawn('promote', undefined, async () => {
      await journal.recordOutcomesAsync(
        rows.map((row) => ({
          rowId: row.id,
          from: 'created',
          to: afterCreate(options, row),
          patch: { nextAttemptAt: clock.now() + settings.statusPollBaseMs, attempts: 0 },
        })),
      );
    });
  }

  /** Hands due rows of `states` to `work`, keeping a few per lane outstanding: the scheduler
   *  does the pacing and the fairness; this only keeps it fed. */
  private fill(lane: Lane, states: RowState[], work: (row: JournalRow) => Promise<void>): void {
    const { journal, jobId, clock, settings } = this.d;
    const { lanes } = this;
    const writes: Lane[] = ['create', 'identifiers', 'deactivate', 'idchange', 'followup'];
    const cap = writes.includes(lane) ? 16 : 32;
    const room = cap - lanes.count(lane);
    if (room <= 0) return;
    const limit = Math.min(settings.batchSize, room + lanes.inHand.size);
    let started = 0;
    for (const row of journal.takeDue(jobId, states, clock.now(), limit)) {
      if (started >= room) break;
      if (lanes.inHand.has(row.id)) continue;
      started++;
      lanes.spawn(lane, row.id, () => work(row));
    }
  }

  private nextWakeIn(opts: RunOptions): number {
    const { journal, jobId, clock } = this.d;
    const now = clock.now();
    if (opts.mode === 'check') return 1_000;
    const offlineUntil = this.health.offlineUntil;
    let next = offlineUntil > now ? offlineUntil : Number.POSITIVE_INFINITY;
    if (offlineUntil <= now) {
      const at = journal.nextDueAt(jobId, TIMED_STATES);
      if (at !== null) next = Math.min(next, at);
      // Tracked rows still pending keep a past due time in the journal: the round sets the pace.
      const tracked = this.tracker.nextDueAt();
      if (tracked !== null) next = Math.min(next, tracked);
    }
    return Math.max(10, Math.min(next - now, 1_000));
  }

  private async waitForWork(ms: number): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.wake = resolve));
    try {
      await Promise.race([this.d.clock.sleep(ms, this.health.signal), woken]);
    } catch {
      // stopped
    } finally {
      this.wake = undefined;
    }
  }

  // ---- ending -------------------------------------------------------------------------------

  private finish(opts: RunOptions): RunExit {
    const { journal, jobId } = this.d;
    const stopped = this.health.endStopped();
    if (stopped) return stopped;
    const counts = journal.counts(jobId);
    if (opts.mode === 'check') {
      // What the check found stays with the job: its row states move on once the run starts.
      // A deactivate or identifiers job adds what its check settled at once (not found,
      // already present, on another supplier, not present).
      const settledAtOnce =
        operationOf(this.run_.options) === 'onboard' ? {} : journal.opResults(jobId);
      const check = {
        new: counts.new ?? 0,
        exists: counts.exists ?? 0,
        ambiguous: counts.ambiguous ?? 0,
        pending: counts.pending ?? 0,
        ...settledAtOnce,
      };
      journal.appendEvents([{ jobId, rowId: null, kind: 'note', detail: { check } }]);
      journal.setJobState(jobId, 'ready');
      return 'checked';
    }
    if (ACTIVE_STATES.some((s) => counts[s])) {
      journal.setJobState(jobId, 'paused', reason('not_waiting'));
      return 'sent';
    }
    // A row naming a supplier the platform does not know (a deactivate or identifiers job)
    // changed nothing: the job needs the user, as for a problem row.
    const opResults = operationOf(this.run_.options) === 'onboard' ? {} : journal.opResults(jobId);
    const unknown = ATTENTION_OP_RESULTS.some((r) => (opResults[r] ?? 0) > 0);
    // So does an onboarding row with an id the platform has on another supplier.
    const idsOnOther = (counts.done ?? 0) > 0 && journal.doneIdsOnOther(jobId) > 0;
    const problems =
      PROBLEM_STATES.some((s) => counts[s]) || (counts.draft ?? 0) > 0 || unknown || idsOnOther;
    journal.setJobState(
      jobId,
      problems ? 'needs_attention' : 'finished',
      problems ? reason(counts.draft ? 'rows_not_validated' : 'rows_need_attention') : null,
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

  progress(): JobProgress {
    const { journal, jobId, conn, clock, settings } = this.d;
    return progressOf({
      jobId,
      state: journal.getJob(jobId)?.state ?? 'running',
      counts: journal.counts(jobId),
      now: clock.now(),
      conn,
      settings,
      createdMeter: this.run_.createdMeter,
      history: this.history,
      options: this.run_.options,
      runOpts: this.runOpts,
      onCreate: this.run_.onCreate,
      offline: this.health.offline,
    });
  }
}
