// The row runner (docs/architecture.md, "Per-row state machine", "The engine's files"): every row
// of a job through its check, its writes, tracking, screening and validation, over the run
// skeleton (runSkeleton.ts). Each pass hands due rows to their stage (requests.ts, reads.ts,
// track.ts, check.ts), which records the intent (intent.ts), sends, and applies what the policy
// (policy/) decided. What differs between kinds comes from the job's kind (RowKind).
import type { Job, JournalRow } from '../journal/journal';
import type { RowState } from '../journal/rowStates';
import { ATTENTION_OP_RESULTS } from '../../src-shared/outcomes';
import { Checker } from './check';
import type { RunContext } from './context';
import { Lanes } from './lanes';
import { mapsPaidWork, PaidBudget } from './paidWork';
import { Promoter } from './promote';
import { pollStatus, reconcile } from './reads';
import { attachIdentifier, create, requestFollowUp } from './requests';
import type { RowKind } from './rowKind';
import { RunSkeleton, type Counts, type StepResult } from './runSkeleton';
import type { JobRunnerDeps, OnCreateEntitlements, RunOptions } from './runTypes';
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

const WRITE_LANES: readonly Lane[] = ['create', 'identifiers', 'own', 'followup'];

export class JobRunner extends RunSkeleton {
  private readonly runContext: RunContext;
  private readonly lanes: Lanes;
  private readonly checker: Checker;
  private readonly tracker: Tracker;
  private readonly promoter: Promoter;

  constructor(deps: JobRunnerDeps, kind: RowKind) {
    super(deps, kind.figures);
    this.lanes = new Lanes(
      (e) => this.taskFailed(e, false),
      () => this.wakeUp(),
    );
    this.runContext = this.context(kind, this.lanes);
    this.checker = new Checker(this.runContext);
    this.tracker = new Tracker(this.runContext);
    this.promoter = new Promoter(this.runContext);
  }

  protected open(job: Job): void {
    const { journal, entitlements } = this.deps;
    this.runContext.options = job.options;
    this.runContext.onCreate = entitlements.get(job.connectionId);
    this.promoter.rowsOrderPaidWork = mapsPaidWork(job.mapping);
    // What this run may order: the confirmed plan's paid work, no more than the rows ask for.
    this.runContext.paid = PaidBudget.forRun(journal, job, this.runContext.onCreate);
  }

  protected override onCreate(): OnCreateEntitlements {
    return this.runContext.onCreate;
  }

  protected recover(): void {
    const { journal, jobId, clock, settings } = this.deps;
    for (const [from, to] of INTENT_TO_DOUBT) {
      const why = {
        reason: 'found_mid_request' as const,
        nextAttemptAt: clock.now() + settings.settleMs,
      };
      while (journal.moveRows(jobId, from, to, why) > 0);
    }
    // Rows an earlier run held back for confirmation: the budget decides again.
    journal.releaseHeld(jobId, ['queued', 'screening_queued', 'validation_queued']);
  }

  protected settleTasks(): Promise<void> {
    return this.lanes.settle();
  }

  // ---- a pass -------------------------------------------------------------------------------

  protected async step(opts: RunOptions): Promise<StepResult> {
    const { journal, jobId, clock } = this.deps;
    const { health, lanes } = this;
    const counts = journal.counts(jobId);
    const now = clock.now();
    const online = now >= health.offlineUntil;
    // No silent stall: rows that do not move while the API answers are warned of.
    health.stall.tick(counts, now, health.offline);
    if ((counts.valid ?? 0) > 0 && lanes.idle('check') && now >= this.checker.retryAt && online) {
      await this.checker.check();
      return 'again';
    }
    if (opts.mode === 'check')
      return (counts.valid ?? 0) === 0 && lanes.idle('check') ? 'end' : 'wait';
    this.promoter.promote(counts);
    if (!online) return 'wait';
    const run = this.runContext;
    this.fill('create', ['queued'], (row) => create(run, row));
    this.fill('identifiers', ['identifiers_queued'], (row) => attachIdentifier(run, row));
    const own = run.kind.write;
    if (own) this.fill('own', [own.states.queued], (row) => own.send(run, row));
    this.fill('followup', ['screening_queued'], (row) => requestFollowUp(run, row, 'screening'));
    this.fill('followup', ['validation_queued'], (row) => requestFollowUp(run, row, 'validation'));
    this.fill('reconcile', IN_DOUBT_STATES, (row) => reconcile(run, row));
    this.tracker.fill();
    this.fill('poll', REQUESTED_STATES, (row) => pollStatus(run, row));
    return 'wait';
  }

  protected ended(opts: RunOptions, fresh: Counts): boolean {
    if (opts.mode !== 'run') return false;
    const { lanes, health } = this;
    // A no-wait run ends once every create is answered and recorded; the reads under way
    // (their outcomes may wait a moment for a group commit) finish before it returns.
    if (!opts.wait && lanes.idle('create') && UNSENT_CREATE_STATES.every((s) => !fresh[s]))
      return true;
    if (!lanes.busy && ACTIVE_STATES.every((s) => !fresh[s])) return true;
    // Only rows asking for paid work beyond the confirmed plan are left: pause and ask.
    const active = ACTIVE_STATES.reduce((n, s) => n + (fresh[s] ?? 0), 0);
    if (!lanes.busy && health.onlyHeldLeft(active)) {
      health.halt('unconfirmed');
      return true;
    }
    return false;
  }

  /** Hands due rows of `states` to `work`, keeping a few per lane outstanding: the scheduler
   *  does the pacing and the fairness; this only keeps it fed. */
  private fill(lane: Lane, states: RowState[], work: (row: JournalRow) => Promise<void>): void {
    const { journal, jobId, clock, settings } = this.deps;
    const { lanes } = this;
    const room = (WRITE_LANES.includes(lane) ? 16 : 32) - lanes.count(lane);
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

  protected nextWakeIn(opts: RunOptions): number {
    const { journal, jobId, clock } = this.deps;
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

  // ---- the end ------------------------------------------------------------------------------

  /** What the check found; a kind keeping own outcomes adds what its check settled at once (not
   *  found, already present, on another supplier, not present). */
  protected checkNote(counts: Counts): Record<string, number> {
    const { journal, jobId } = this.deps;
    return {
      new: counts.new ?? 0,
      exists: counts.exists ?? 0,
      ambiguous: counts.ambiguous ?? 0,
      pending: counts.pending ?? 0,
      // Rows the check would create that wait for the user's decision (likely duplicates).
      ...(this.runContext.kind.findsDuplicates ? { duplicate: counts.duplicate ?? 0 } : {}),
      ...(this.runContext.kind.opResults ? journal.opResults(jobId) : {}),
    };
  }

  /** A row naming a supplier the platform does not know changed nothing, and an onboarding row
   *  with an id the platform has on another supplier: the job needs the user for both. */
  protected override needsUserBesides(counts: Counts): boolean {
    const { journal, jobId } = this.deps;
    const opResults = this.runContext.kind.opResults ? journal.opResults(jobId) : {};
    if (ATTENTION_OP_RESULTS.some((r) => (opResults[r] ?? 0) > 0)) return true;
    return (counts.done ?? 0) > 0 && journal.doneIdsOnOther(jobId) > 0;
  }
}
