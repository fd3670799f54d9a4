// The sync engine: one runner per running job, one runtime (client, scheduler, pending list) per
// connection, so that every job on a connection shares its rate budget fairly.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { SchedulerEvent, SecretStore, TokenSource } from '../api';
import { tokenFrom } from '../api';
import type { Connection, Job, Journal, Lease } from '../journal/journal';
import { appError, AppFailure } from '../../src-shared/errors';
import type { RowState } from '../journal/rowStates';
import type { Params } from '../../src-shared/i18n';
import { systemClock, type Clock } from '../util/clock';
import { ConnectionRuntime } from './connectionRuntime';
import {
  type EntitlementStore,
  type JobProgress,
  type OnCreateEntitlements,
  type RunExit,
  type RunnerWarning,
  type RunOptions,
} from './jobRunner';
import { warningOf } from './messages';
import { RunHistory } from './runHistory';
import { readConnectionPace, recordConnectionPace, type ConnectionPace } from './connectionPace';
import { measuredWritesPerMinute } from './estimate';
import { DEFAULT_ENGINE_SETTINGS, type EngineSettings } from './settings';
import type { Runner } from './runSkeleton';
import type { JobRunnerDeps } from './runTypes';

/** How often a running job adds what it measured to its connection's record. */
const PACE_EVERY_MS = 60_000;

export type EngineEvent =
  | { type: 'progress'; progress: JobProgress }
  | {
      type: 'warning';
      jobId: string | undefined;
      code: string;
      params?: Params;
      message: string;
    }
  | { type: 'throttle'; connectionId: string; event: SchedulerEvent };

export interface SyncEngineOptions {
  journal: Journal;
  /** The runner of a job: its kind's (src-main/kinds/ runnerFor). The engine knows no kind. */
  runnerFor: (job: Job, deps: JobRunnerDeps) => Runner;
  /** Where each connection's token is kept (the OS keychain; memory for automation). */
  secrets: SecretStore;
  clock?: Clock;
  random?: () => number;
  settings?: Partial<EngineSettings>;
  onEvent?: (event: EngineEvent) => void;
  /** Requests in flight per method group and connection. */
  concurrency?: { GET?: number; WRITE?: number };
  /** The transport of every connection (the global fetch by default): with the clock and the
   *  randomness, what makes a simulation replay exactly from its seed. */
  fetch?: typeof fetch;
  /** Settings for one connection's jobs (a sandbox with short lifecycles polls faster). */
  settingsFor?: (connection: Connection) => Partial<EngineSettings> | undefined;
  /** Who this engine is in job leases (default: a new id per engine). */
  owner?: string;
}

/** Rows a "retry" puts back: they go through the check again, so nothing is created twice. */
export const RETRYABLE_STATES: readonly RowState[] = [
  'rejected',
  'vanished',
  'needs_user',
  'cancelled',
  'skipped',
];

export class SyncEngine {
  readonly settings: EngineSettings;
  private readonly options: SyncEngineOptions;
  private readonly clock: Clock;
  private readonly runtimes = new Map<string, ConnectionRuntime>();
  private readonly stopExpectingIntents: () => void;
  private readonly runners = new Map<
    string,
    { runner: Runner; done: Promise<RunExit>; mode: RunOptions['mode']; connectionId: string }
  >();
  /** What each connection's jobs measured, as last read from or written to the journal. */
  private readonly paces = new Map<string, ConnectionPace | undefined>();
  private readonly histories = new Map<string, RunHistory>();
  readonly owner: string;

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.settings = { ...DEFAULT_ENGINE_SETTINGS, ...options.settings };
    this.owner = options.owner ?? randomUUID();
    // Write requests waiting for their slot will each commit an intent soon: answers and other
    // lazy writes wait for it and share its commit (at the API's pace, one commit per request
    // instead of two).
    this.stopExpectingIntents = options.journal.expectIntents(() =>
      [...this.runtimes.values()].some((rt) => rt.scheduler.status().WRITE.queued > 0),
    );
  }

  /** Runs the job until it finishes, is paused or cancelled; resolves with how it ended. A job
   *  already running here is joined, not started twice; a job another live process is running
   *  is refused (AppFailure, details.reason 'job_in_use'). `prepare` runs once the job's lease
   *  is held and before the first row moves (the rest of an interrupted import is read there),
   *  so two processes never prepare one job at once either. */
  run(
    jobId: string,
    options: RunOptions = { mode: 'run', wait: true },
    prepare?: () => Promise<void>,
  ): Promise<RunExit> {
    const existing = this.runners.get(jobId);
    if (existing) return existing.done;
    const job = this.options.journal.getJob(jobId);
    if (!job) return Promise.reject(new Error(`job ${jobId} not found`));
    let release: () => void;
    try {
      release = this.takeJobLease(jobId);
    } catch (e) {
      return Promise.reject(e);
    }
    const deps = {
      jobId,
      journal: this.options.journal,
      conn: this.runtime(job.connectionId),
      clock: this.clock,
      random: this.options.random ?? Math.random,
      settings: this.settingsFor(job.connectionId),
      entitlements: this.entitlements,
      history: this.history(jobId),
      measured: () => this.cachedPace(job.connectionId),
      sharedBy: () => this.runningOn(job.connectionId),
      events: {
        progress: (progress: JobProgress) => this.emit({ type: 'progress', progress }),
        warning: (w: RunnerWarning) => this.emit({ type: 'warning', ...w }),
      },
    };
    // Kinds of job: the job's kind gives its runner (src-main/kinds/, handed in).
    const runner = this.options.runnerFor(job, deps);
    // The connection's record of what its jobs measured: updated about once a minute (a crash
    // loses at most that) and at the end of the run, never per row.
    const measure = setInterval(() => this.recordPace(jobId, job.connectionId), PACE_EVERY_MS);
    measure.unref?.();
    const done = (async () => {
      if (prepare) await prepare();
      return runner.run(options);
    })().finally(() => {
      clearInterval(measure);
      this.recordPace(jobId, job.connectionId);
      this.runners.delete(jobId);
      release();
    });
    this.runners.set(jobId, { runner, done, mode: options.mode, connectionId: job.connectionId });
    return done;
  }

  /** The engine's clock: the plan's estimate reads the same time as the run's. */
  now(): number {
    return this.clock.now();
  }

  /** Jobs running on the connection in this process. */
  runningOn(connectionId: string): number {
    let n = 0;
    for (const r of this.runners.values()) if (r.connectionId === connectionId) n++;
    return n;
  }

  /** What the connection's jobs measured, read afresh from the journal (another process may
   *  have run a job on it since). */
  measuredPace(connectionId: string): ConnectionPace | undefined {
    const pace = readConnectionPace(this.options.journal, connectionId);
    this.paces.set(connectionId, pace);
    return pace;
  }

  /** The same, as last read: the time left asks it with every progress event. */
  private cachedPace(connectionId: string): ConnectionPace | undefined {
    return this.paces.has(connectionId)
      ? this.paces.get(connectionId)
      : this.measuredPace(connectionId);
  }

  /** Adds what the job's run observed since the last time to its connection's record. */
  private recordPace(jobId: string, connectionId: string): void {
    try {
      const history = this.history(jobId);
      history.update();
      recordConnectionPace(this.options.journal, connectionId, {
        jobId,
        samples: history.takeNewSamples(),
        writesPerMinute: measuredWritesPerMinute(history),
        now: this.clock.now(),
      });
      this.measuredPace(connectionId);
    } catch {
      // A closed or full journal: the figures help the estimate, never worth a failed run
      // (the durations of this minute are lost to the record, not to the job).
    }
  }

  /** The job's history from the journal (run chart, processing times, job-level notes), read
   *  incrementally and kept for this process. */
  history(jobId: string): RunHistory {
    let h = this.histories.get(jobId);
    if (!h) {
      h = new RunHistory(this.options.journal, jobId);
      this.histories.set(jobId, h);
    }
    return h;
  }

  /** The job's lease: one process runs a job at a time. A lease whose heartbeat expired, or
   *  whose holder on this machine is no longer alive (a crash, a kill), is taken over. The
   *  heartbeat renews it; if another process took it meanwhile, this run pauses. */
  private takeJobLease(jobId: string): () => void {
    const { journal } = this.options;
    const name = `job:${jobId}`;
    const ttl = this.settings.leaseTtlMs;
    const lease = (): Lease => ({
      owner: this.owner,
      pid: process.pid,
      host: os.hostname(),
      expiresAt: this.clock.now() + ttl,
      takenAt: this.clock.now(),
    });
    const result = journal.takeLease(name, lease(), (held) =>
      leaseIsStale(held, this.clock.now(), ttl),
    );
    if (!result.taken) {
      const { held } = result;
      throw new AppFailure(
        appError(
          'job_in_use',
          `This job is being run by another copy of the app (process ${held.pid} on ${held.host}). Stop it there, or wait until it ends, then start the job again.`,
          { reason: 'job_in_use', pid: held.pid, host: held.host, expiresAt: held.expiresAt },
        ),
      );
    }
    if (result.tookOver) {
      this.emit({
        type: 'warning',
        jobId,
        ...warningOf('job_taken_over', {
          pid: result.tookOver.pid,
          host: result.tookOver.host,
        }),
      });
    }
    const beat = setInterval(
      () => {
        let ours: boolean;
        try {
          ours = journal.renewLease(name, this.owner, this.clock.now() + ttl);
        } catch {
          ours = true; // a busy journal: try again at the next beat
        }
        if (!ours) {
          this.emit({
            type: 'warning',
            jobId,
            ...warningOf('job_in_use'),
          });
          this.runners.get(jobId)?.runner.pause();
        }
      },
      Math.max(50, Math.floor(ttl / 3)),
    );
    beat.unref?.();
    return () => {
      clearInterval(beat);
      try {
        journal.releaseLease(name, this.owner);
      } catch {
        // closed journal: the lease expires by itself
      }
    };
  }

  /** The settings a job on this connection runs with. */
  settingsFor(connectionId: string): EngineSettings {
    const conn = this.options.journal.getConnection(connectionId);
    const extra = conn ? this.options.settingsFor?.(conn) : undefined;
    return extra ? { ...this.settings, ...extra } : this.settings;
  }

  isRunning(jobId: string): boolean {
    return this.runners.has(jobId);
  }

  /** What the job's run in this process does (its check only, or the run), if it runs here. */
  runMode(jobId: string): RunOptions['mode'] | undefined {
    return this.runners.get(jobId)?.mode;
  }

  /** The live process running the job, if any (this one included). A job whose state says
   *  running without a live holder was left by a crash: run it again to resume it. */
  runningBy(jobId: string): Lease | undefined {
    const held = this.options.journal.getLease(`job:${jobId}`);
    if (!held) return undefined;
    if (held.owner === this.owner) return held;
    return leaseIsStale(held, this.clock.now(), this.settings.leaseTtlMs) ? undefined : held;
  }

  /** Runs `change` on a job nobody runs, holding the job's lease meanwhile so that no process
   *  starts it halfway (moving, deleting). Refused with job_running when it runs here, and with
   *  job_in_use when another live process runs it. */
  whileIdle<T>(jobId: string, change: () => T, running: () => never): T {
    if (this.runners.has(jobId)) running();
    const release = this.takeJobLease(jobId);
    try {
      return change();
    } finally {
      release();
    }
  }

  /** Pauses a running job: nothing new is sent; requests in flight end or are kept in doubt. */
  async pause(jobId: string): Promise<void> {
    const r = this.runners.get(jobId);
    if (!r) return;
    r.runner.pause();
    await r.done.catch(() => undefined);
  }

  /** Cancels a job: rows not yet sent stay unsent (cancelled); rows in flight finish their step.
   *  A job another live process runs is refused with job_in_use. */
  async cancel(jobId: string): Promise<void> {
    const r = this.runners.get(jobId);
    if (r) {
      r.runner.cancel();
      await r.done.catch(() => undefined);
      return;
    }
    const { journal } = this.options;
    // Run by another process: refused (job_in_use) rather than changing rows under it.
    const release = this.takeJobLease(jobId);
    try {
      while (journal.cancelUnsentRows(jobId) > 0);
      journal.setJobState(jobId, 'cancelled');
    } finally {
      release();
    }
  }

  /** Puts failed rows back to be checked and sent again; returns how many. Throws AppFailure
   *  (job_in_use) when another live process runs the job. */
  retry(jobId: string, states: readonly RowState[] = RETRYABLE_STATES): number {
    // Running here: the runner checks them. Run by another process: refused (job_in_use).
    const release = this.runners.has(jobId) ? () => undefined : this.takeJobLease(jobId);
    let total = 0;
    try {
      for (const state of states) {
        if (!RETRYABLE_STATES.includes(state)) continue;
        for (;;) {
          const n = this.options.journal.moveRows(jobId, state, 'valid', {
            reason: 'retry_asked',
            nextAttemptAt: 0,
          });
          if (!n) break;
          total += n;
        }
      }
    } finally {
      release();
    }
    return total;
  }

  progress(jobId: string): JobProgress | undefined {
    return this.runners.get(jobId)?.runner.progress();
  }

  runtime(connectionId: string): ConnectionRuntime {
    let rt = this.runtimes.get(connectionId);
    if (rt) return rt;
    const conn = this.options.journal.getConnection(connectionId);
    if (!conn) throw new Error(`connection ${connectionId} not found`);
    const token: TokenSource = tokenFrom(this.options.secrets, connectionId);
    rt = new ConnectionRuntime({
      connectionId,
      baseUrl: conn.baseUrl,
      token,
      clock: this.clock,
      sendLog: this.options.journal.sendLog,
      limits: conn.limits,
      fieldNames: conn.fieldNames,
      identifierTypes: conn.identifierTypes,
      requestTimeoutMs: this.settingsFor(connectionId).requestTimeoutMs,
      ...(this.options.concurrency ? { concurrency: this.options.concurrency } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      onSchedulerEvent: (event) => this.emit({ type: 'throttle', connectionId, event }),
      onWarning: (w) =>
        this.emit({ type: 'warning', jobId: undefined, code: w.code, message: w.message }),
    });
    this.runtimes.set(connectionId, rt);
    return rt;
  }

  /** Forgets a connection's runtime (after its URL, token, limits or field names changed). */
  resetConnection(connectionId: string): void {
    this.runtimes.get(connectionId)?.close();
    this.runtimes.delete(connectionId);
  }

  /** Pauses every running job and stops the schedulers. */
  async close(): Promise<void> {
    await Promise.all([...this.runners.keys()].map((id) => this.pause(id)));
    for (const rt of this.runtimes.values()) rt.close();
    this.runtimes.clear();
    this.stopExpectingIntents();
  }

  private readonly entitlements: EntitlementStore = {
    get: (connectionId) => {
      const v = this.options.journal.getSetting(`entitlements:${connectionId}`) as
        OnCreateEntitlements | undefined;
      return { screening: v?.screening, validation: v?.validation };
    },
    set: (connectionId, value) =>
      this.options.journal.setSetting(`entitlements:${connectionId}`, value),
  };

  private emit(event: EngineEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // A listener's failure must not stop a job.
    }
  }
}

/** A holder that can no longer be running the job. Elsewhere: its heartbeat expired. On this
 *  machine: its process is gone; a live process whose heartbeat is late (suspended, or its
 *  event loop blocked) may still send, so it keeps the job until it is late by far more than a
 *  pause could explain (by then its pid may belong to another program). */
export function leaseIsStale(held: Lease, now: number, ttlMs: number): boolean {
  if (held.host !== os.hostname()) return held.expiresAt <= now;
  if (held.expiresAt + 10 * ttlMs <= now) return true;
  if (held.pid === process.pid) return held.expiresAt <= now;
  try {
    process.kill(held.pid, 0);
  } catch (e) {
    // EPERM: the process exists under another user.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
  // A killed process its parent has not reaped yet (a zombie) still answers the signal check,
  // but runs nothing: it is gone.
  return isZombie(held.pid);
}

/** Linux: the process's state in /proc/PID/stat is Z. Elsewhere (or unreadable): false. */
export function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) S ...": the command may hold spaces and parentheses; the state follows
    // the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
