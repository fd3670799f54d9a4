// The run of a job, whatever its kind (docs/architecture.md, "The engine's files"): the part every
// runner shares. It opens the run (the job's options, `running`), lets the runner recover what a
// crash left mid-request, loops (stop on pause or cancel, one step, progress, sleep until the next
// due row or a wake-up), lets every task in hand end, and closes the run: the job's end state
// from its row counts. The row runner (jobRunner.ts) and the batch runner of a kind that sends
// rows in batches (kinds/scores/batchRunner.ts) fill in the steps.
import { isDiskFull } from '../journal/journal';
import type { Job } from '../journal/journal';
import type { JobOptions } from '../journal/schema';
import { PROBLEM_STATES, type RowState } from '../journal/rowStates';
import type { RunContext } from './context';
import { JobHealth } from './health';
import type { Lanes } from './lanes';
import { PaidBudget, paidWorkOf } from './paidWork';
import type { RowKind } from './rowKind';
import type { KindFigures } from './kindFigures';
import { reason, warningOf } from './messages';
import { RateMeter } from './progress';
import { progressOf } from './progressView';
import { RunHistory } from './runHistory';
import type {
  JobProgress,
  JobRunnerDeps,
  OnCreateEntitlements,
  RunExit,
  RunOptions,
} from './runTypes';
import { ACTIVE_STATES } from './stages';

/** How often the time left reads again the ids still to attach. */
const ATTACH_EVERY_MS = 5_000;

export type Counts = Partial<Record<RowState, number>>;

/** What one pass of the loop did: go round again at once, wait for work, or end the loop. */
export type StepResult = 'again' | 'wait' | 'end';

/** What a runner is to the sync engine. */
export interface Runner {
  readonly jobId: string;
  run(opts: RunOptions): Promise<RunExit>;
  pause(): void;
  cancel(): void;
  progress(): JobProgress;
}

export abstract class RunSkeleton implements Runner {
  protected readonly deps: JobRunnerDeps;
  protected readonly health: JobHealth;
  protected readonly history: RunHistory;
  /** Rows written by this run, for the measured rate. */
  protected readonly meter = new RateMeter();
  protected options: JobOptions = undefined as unknown as JobOptions;
  protected runOpts: RunOptions = { mode: 'run', wait: true };
  private wake: (() => void) | undefined;
  private lastProgressAt = 0;
  private progressTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    deps: JobRunnerDeps,
    /** The kind's reads and writes, for the time left (the plan asks the same). */
    protected readonly figures: KindFigures,
  ) {
    this.deps = deps;
    this.history = deps.history ?? new RunHistory(deps.journal, deps.jobId);
    this.health = new JobHealth(
      deps,
      (force) => this.emitProgress(force),
      () => this.wakeUp(),
    );
  }

  get jobId(): string {
    return this.deps.jobId;
  }

  /** Stops sending; requests in flight finish or are recorded in doubt. */
  pause(): void {
    this.health.halt('paused');
  }

  cancel(): void {
    this.health.halt('cancelled');
  }

  // ---- what a runner fills in ---------------------------------------------------------------

  /** Before the run: what the job's options and connection say about it. */
  protected abstract open(job: Job): void;
  /** Rows found mid-request after a crash or kill: their request may have reached the server. */
  protected abstract recover(): void;
  /** One pass: hand due rows to their requests. */
  protected abstract step(opts: RunOptions): Promise<StepResult>;
  /** Whether the run is over, from the counts after the pass. */
  protected abstract ended(opts: RunOptions, counts: Counts): boolean;
  /** How long to sleep when no task wakes the loop first. */
  protected abstract nextWakeIn(opts: RunOptions): number;
  /** Lets every task in hand end. */
  protected abstract settleTasks(): Promise<void>;
  /** What a check-only run leaves as the job's check note (undefined: none). */
  protected abstract checkNote(counts: Counts): Record<string, number> | undefined;
  /** Rows the job's end counts as needing the user beyond its problem states. */
  protected needsUserBesides(_counts: Counts): boolean {
    return false;
  }
  /** What the API user may ask for on create (the onboarding's): none by default. */
  protected onCreate(): OnCreateEntitlements {
    return { screening: undefined, validation: undefined };
  }

  // ---- the run ------------------------------------------------------------------------------

  async run(opts: RunOptions): Promise<RunExit> {
    const { journal, jobId } = this.deps;
    const job = journal.getJob(jobId);
    if (!job) throw new Error(`job ${jobId} not found`);
    this.options = job.options;
    this.runOpts = opts;
    this.open(job);
    try {
      journal.setJobState(jobId, 'running');
      this.recover();
      await this.loop(opts);
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.health.storageFull();
    } finally {
      await this.settleTasks();
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

  private async loop(opts: RunOptions): Promise<void> {
    const { journal, jobId } = this.deps;
    for (;;) {
      if (this.health.signal.aborted) return;
      const step = await this.step(opts);
      if (step === 'end') return;
      if (step === 'again') continue;
      this.emitProgress();
      if (this.ended(opts, journal.counts(jobId))) return;
      await this.waitForWork(this.nextWakeIn(opts));
    }
  }

  /** What the parts of a run share (its stages, the policy's effects): the job's kind, health
   *  and lanes, the options once the run opens. */
  protected context(kind: RowKind, lanes: Lanes): RunContext {
    return {
      d: this.deps,
      kind,
      health: this.health,
      lanes,
      createdMeter: this.meter,
      options: this.options,
      onCreate: { screening: undefined, validation: undefined },
      paid: PaidBudget.none(),
      emitProgress: (force) => this.emitProgress(force),
    };
  }

  /** A task failed other than by an answer: a full disk pauses the job; anything else is said
   *  as a warning, and pauses the job where `pause`. */
  protected taskFailed(e: unknown, pause: boolean): void {
    if (isDiskFull(e)) return this.health.storageFull();
    const detail = e instanceof Error ? e.message : String(e);
    this.deps.events.warning({ jobId: this.deps.jobId, ...warningOf('internal', { detail }) });
    if (pause) this.health.halt('paused');
  }

  /** Wakes the loop before its sleep ends: a task ended, the network came back. */
  protected wakeUp(): void {
    this.wake?.();
  }

  private async waitForWork(ms: number): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.wake = resolve));
    try {
      await Promise.race([this.deps.clock.sleep(ms, this.health.signal), woken]);
    } catch {
      // stopped
    } finally {
      this.wake = undefined;
    }
  }

  /** The job's state at the end of the run, from its rows. */
  private finish(opts: RunOptions): RunExit {
    const { journal, jobId } = this.deps;
    const stopped = this.health.endStopped();
    if (stopped) return stopped;
    const counts = journal.counts(jobId);
    if (opts.mode === 'check') {
      // What the check found stays with the job: its row states move on once the run starts.
      const check = this.checkNote(counts);
      if (check) journal.appendEvents([{ jobId, rowId: null, kind: 'note', detail: { check } }]);
      journal.setJobState(jobId, 'ready');
      return 'checked';
    }
    if (ACTIVE_STATES.some((s) => counts[s])) {
      journal.setJobState(jobId, 'paused', reason('not_waiting'));
      return 'sent';
    }
    const problems =
      PROBLEM_STATES.some((s) => counts[s]) ||
      (counts.draft ?? 0) > 0 ||
      this.needsUserBesides(counts);
    journal.setJobState(
      jobId,
      problems ? 'needs_attention' : 'finished',
      problems ? reason(counts.draft ? 'rows_not_validated' : 'rows_need_attention') : null,
    );
    return 'finished';
  }

  // ---- progress -----------------------------------------------------------------------------

  /** Reports progress at most every progressIntervalMs; a report held back goes out then. */
  protected emitProgress(force = false): void {
    const { clock, settings } = this.deps;
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
    this.deps.events.progress(this.progress());
  }

  /** The ids still to attach, as the plan counts them (one grouped read of the rows), read again
   *  at most every ATTACH_EVERY_MS: not with each progress event. */
  private attach = { at: Number.NEGATIVE_INFINITY, n: 0 };
  private identifiersToAttach(job: Job): number {
    const now = this.deps.clock.now();
    if (now - this.attach.at >= ATTACH_EVERY_MS)
      this.attach = {
        at: now,
        n: paidWorkOf(this.deps.journal, job, this.onCreate()).identifiersToAttach,
      };
    return this.attach.n;
  }

  progress(): JobProgress {
    const { journal, jobId, conn, clock, settings } = this.deps;
    const job = journal.getJob(jobId);
    const counts = journal.counts(jobId);
    return progressOf({
      jobId,
      state: job?.state ?? 'running',
      mapping: job?.mapping,
      measured: this.deps.measured?.(),
      share: this.deps.sharedBy?.() ?? 1,
      identifierWrites: job ? this.identifiersToAttach(job) : 0,
      counts,
      // The tally from the counts just read: one read of the counters per event.
      tally: journal.tally(jobId, clock.now(), counts),
      now: clock.now(),
      conn,
      settings,
      createdMeter: this.meter,
      history: this.history,
      options: this.options,
      runOpts: this.runOpts,
      onCreate: this.onCreate(),
      offline: this.health.offline,
      figures: this.figures,
    });
  }
}
