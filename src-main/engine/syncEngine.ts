// The sync engine: one runner per running job, one runtime (client, scheduler, pending list) per
// connection, so that every job on a connection shares its rate budget fairly.
import type { SchedulerEvent, SecretStore, TokenSource } from '../api';
import { tokenFrom } from '../api';
import type { Connection, Journal } from '../journal/journal';
import type { RowState } from '../journal/rowStates';
import { systemClock, type Clock } from '../util/clock';
import { ConnectionRuntime } from './connectionRuntime';
import {
  JobRunner,
  type EntitlementStore,
  type JobProgress,
  type OnCreateEntitlements,
  type RunExit,
  type RunOptions,
} from './jobRunner';
import { DEFAULT_ENGINE_SETTINGS, type EngineSettings } from './settings';

export type EngineEvent =
  | { type: 'progress'; progress: JobProgress }
  | { type: 'warning'; jobId: string | undefined; code: string; message: string }
  | { type: 'throttle'; connectionId: string; event: SchedulerEvent };

export interface SyncEngineOptions {
  journal: Journal;
  /** Where each connection's token is kept (the OS keychain; memory for automation). */
  secrets: SecretStore;
  clock?: Clock;
  random?: () => number;
  settings?: Partial<EngineSettings>;
  onEvent?: (event: EngineEvent) => void;
  /** Requests in flight per method group and connection. */
  concurrency?: { GET?: number; WRITE?: number };
  /** Settings for one connection's jobs (a sandbox with short lifecycles polls faster). */
  settingsFor?: (connection: Connection) => Partial<EngineSettings> | undefined;
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
  private readonly o: SyncEngineOptions;
  private readonly clock: Clock;
  private readonly runtimes = new Map<string, ConnectionRuntime>();
  private readonly runners = new Map<string, { runner: JobRunner; done: Promise<RunExit> }>();

  constructor(options: SyncEngineOptions) {
    this.o = options;
    this.clock = options.clock ?? systemClock;
    this.settings = { ...DEFAULT_ENGINE_SETTINGS, ...options.settings };
  }

  /** Runs the job until it finishes, is paused or cancelled; resolves with how it ended. A job
   *  already running is joined, not started twice. */
  run(jobId: string, options: RunOptions = { mode: 'run', wait: true }): Promise<RunExit> {
    const existing = this.runners.get(jobId);
    if (existing) return existing.done;
    const job = this.o.journal.getJob(jobId);
    if (!job) return Promise.reject(new Error(`job ${jobId} not found`));
    const runner = new JobRunner({
      jobId,
      journal: this.o.journal,
      conn: this.runtime(job.connectionId),
      clock: this.clock,
      random: this.o.random ?? Math.random,
      settings: this.settingsFor(job.connectionId),
      entitlements: this.entitlements,
      events: {
        progress: (progress) => this.emit({ type: 'progress', progress }),
        warning: (w) => this.emit({ type: 'warning', ...w }),
      },
    });
    const done = runner.run(options).finally(() => this.runners.delete(jobId));
    this.runners.set(jobId, { runner, done });
    return done;
  }

  /** The settings a job on this connection runs with. */
  settingsFor(connectionId: string): EngineSettings {
    const conn = this.o.journal.getConnection(connectionId);
    const extra = conn ? this.o.settingsFor?.(conn) : undefined;
    return extra ? { ...this.settings, ...extra } : this.settings;
  }

  isRunning(jobId: string): boolean {
    return this.runners.has(jobId);
  }

  /** Pauses a running job: nothing new is sent; requests in flight end or are kept in doubt. */
  async pause(jobId: string): Promise<void> {
    const r = this.runners.get(jobId);
    if (!r) return;
    r.runner.pause();
    await r.done.catch(() => undefined);
  }

  /** Cancels a job: rows not yet sent stay unsent (cancelled); rows in flight finish their step. */
  async cancel(jobId: string): Promise<void> {
    const r = this.runners.get(jobId);
    if (r) {
      r.runner.cancel();
      await r.done.catch(() => undefined);
      return;
    }
    const { journal } = this.o;
    while (journal.cancelUnsentRows(jobId) > 0);
    journal.setJobState(jobId, 'cancelled');
  }

  /** Puts failed rows back to be checked and sent again; returns how many. */
  retry(jobId: string, states: readonly RowState[] = RETRYABLE_STATES): number {
    let total = 0;
    for (const state of states) {
      if (!RETRYABLE_STATES.includes(state)) continue;
      for (;;) {
        const n = this.o.journal.moveRows(jobId, state, 'valid', {
          reason: 'retry asked by the user',
          nextAttemptAt: 0,
        });
        if (!n) break;
        total += n;
      }
    }
    return total;
  }

  progress(jobId: string): JobProgress | undefined {
    return this.runners.get(jobId)?.runner.progress();
  }

  runtime(connectionId: string): ConnectionRuntime {
    let rt = this.runtimes.get(connectionId);
    if (rt) return rt;
    const conn = this.o.journal.getConnection(connectionId);
    if (!conn) throw new Error(`connection ${connectionId} not found`);
    const token: TokenSource = tokenFrom(this.o.secrets, connectionId);
    rt = new ConnectionRuntime({
      connectionId,
      baseUrl: conn.baseUrl,
      token,
      clock: this.clock,
      sendLog: this.o.journal.sendLog,
      limits: conn.limits,
      requestTimeoutMs: this.settingsFor(connectionId).requestTimeoutMs,
      ...(this.o.concurrency ? { concurrency: this.o.concurrency } : {}),
      onSchedulerEvent: (event) => this.emit({ type: 'throttle', connectionId, event }),
      onWarning: (w) =>
        this.emit({ type: 'warning', jobId: undefined, code: w.code, message: w.message }),
    });
    this.runtimes.set(connectionId, rt);
    return rt;
  }

  /** Forgets a connection's runtime (after its URL, token or limits changed). */
  resetConnection(connectionId: string): void {
    this.runtimes.get(connectionId)?.close();
    this.runtimes.delete(connectionId);
  }

  /** Pauses every running job and stops the schedulers. */
  async close(): Promise<void> {
    await Promise.all([...this.runners.keys()].map((id) => this.pause(id)));
    for (const rt of this.runtimes.values()) rt.close();
    this.runtimes.clear();
  }

  private readonly entitlements: EntitlementStore = {
    get: (connectionId) => {
      const v = this.o.journal.getSetting(`entitlements:${connectionId}`) as
        OnCreateEntitlements | undefined;
      return { screening: v?.screening, validation: v?.validation };
    },
    set: (connectionId, value) => this.o.journal.setSetting(`entitlements:${connectionId}`, value),
  };

  private emit(event: EngineEvent): void {
    try {
      this.o.onEvent?.(event);
    } catch {
      // A listener's failure must not stop a job.
    }
  }
}
