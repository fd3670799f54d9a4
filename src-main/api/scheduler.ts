// Sends API calls through the limiter of their method group, with bounded concurrency and fair
// queues: between jobs (weighted by a priority) and, inside a job, between the kinds of work that
// share a budget (creates, screening and validation posts; checks and polls). A 429 pauses the
// group and puts the call back at the head of its queue without spending an attempt: the caller
// sees the answer of the retry, never the 429 itself.
import { systemClock, type Clock } from '../util/clock';
import type { ApiAnswer, MethodGroup } from './answers';
import {
  DEFAULT_WINDOWS,
  GroupLimiter,
  type LimitWindow,
  type LimiterStatus,
  type SendTicket,
  type SendLogStore,
} from './limiter';
import type { RateLimitBody } from './wire';

/** Kinds of work; the names are free text, these are the ones the sync engine uses. */
export type WorkKind = 'create' | 'screening' | 'validation' | 'check' | 'poll' | (string & {});

export interface TaskMeta {
  group: MethodGroup;
  kind: WorkKind;
  /** Calls of one job share its fair share; default '' (no job). */
  jobId?: string;
  /** Removes the call from its queue (answer `aborted`), and is handed to the call itself. */
  signal?: AbortSignal;
}

export type SchedulerEvent =
  | {
      type: 'throttled';
      group: MethodGroup;
      until: number;
      waitMs: number;
      body: RateLimitBody | undefined;
    }
  | { type: 'shared_user'; group: MethodGroup; rateFactor: number }
  | { type: 'limits_replaced'; group: MethodGroup; windows: LimitWindow[] };

export interface SchedulerOptions {
  /** Keys the persisted send log: one API user (base URL + token) per connection. */
  connectionId: string;
  clock?: Clock;
  limits?: Partial<Record<MethodGroup, LimitWindow[]>>;
  guardRequests?: number;
  jitterGuardMs?: number;
  sendLog?: SendLogStore;
  /** Calls in flight per group (default 4). */
  concurrency?: Partial<Record<MethodGroup, number>>;
  /** Relative shares of kinds inside a job (default 1 each). */
  kindWeights?: Partial<Record<WorkKind, number>>;
  onEvent?: (event: SchedulerEvent) => void;
}

export interface GroupStatus extends LimiterStatus {
  queued: number;
  queuedByKind: Record<string, number>;
  inFlight: number;
  /** 429s received by this group since start. */
  throttledCount: number;
}

interface Task {
  meta: TaskMeta;
  run: (signal: AbortSignal | undefined) => Promise<ApiAnswer<unknown>>;
  resolve: (answer: ApiAnswer<unknown>) => void;
  reject: (e: unknown) => void;
  onAbort?: () => void;
  done: boolean;
  sentAt?: number;
  ticket?: SendTicket;
}

interface Group {
  name: MethodGroup;
  limiter: GroupLimiter;
  queues: FairQueue<Task>;
  concurrency: number;
  inFlight: number;
  pumping: boolean;
  throttledCount: number;
}

export class Scheduler {
  private readonly clock: Clock;
  private readonly groups: Record<MethodGroup, Group>;
  private readonly kindWeights: Partial<Record<string, number>>;
  private readonly jobWeights = new Map<string, number>();
  private readonly onEvent: ((event: SchedulerEvent) => void) | undefined;
  private readonly closing = new AbortController();

  constructor(options: SchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.kindWeights = options.kindWeights ?? {};
    this.onEvent = options.onEvent;
    const make = (name: MethodGroup): Group => ({
      name,
      limiter: new GroupLimiter({
        group: name,
        connectionId: options.connectionId,
        clock: this.clock,
        settings: {
          windows: options.limits?.[name] ?? DEFAULT_WINDOWS[name],
          ...(options.guardRequests !== undefined ? { guardRequests: options.guardRequests } : {}),
          ...(options.jitterGuardMs !== undefined ? { jitterGuardMs: options.jitterGuardMs } : {}),
        },
        ...(options.sendLog ? { store: options.sendLog } : {}),
      }),
      queues: new FairQueue<Task>(
        (job) => this.jobWeights.get(job) ?? 1,
        (kind) => this.kindWeights[kind] ?? 1,
      ),
      concurrency: Math.max(1, options.concurrency?.[name] ?? 4),
      inFlight: 0,
      pumping: false,
      throttledCount: 0,
    });
    this.groups = { GET: make('GET'), WRITE: make('WRITE') };
  }

  /**
   * Queues a call and resolves with its answer once it has been sent within the limits. `run`
   * gets the task's signal; it must not throw for API answers (ApiClient never does).
   */
  submit<T>(
    meta: TaskMeta,
    run: (signal: AbortSignal | undefined) => Promise<ApiAnswer<T>>,
  ): Promise<ApiAnswer<T>> {
    return new Promise<ApiAnswer<T>>((resolve, reject) => {
      if (meta.signal?.aborted || this.closing.signal.aborted) {
        resolve({ kind: 'aborted', maybeSent: false });
        return;
      }
      const group = this.groups[meta.group];
      const task: Task = {
        meta,
        run: run as Task['run'],
        resolve: resolve as Task['resolve'],
        reject,
        done: false,
      };
      if (meta.signal) {
        task.onAbort = () => {
          if (task.done) return;
          // Still queued: it never left, so nothing happened.
          if (group.queues.remove(task)) this.finish(task, { kind: 'aborted', maybeSent: false });
        };
        meta.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      group.queues.push(meta.jobId ?? '', meta.kind, task);
      void this.pump(group);
    });
  }

  /** A job's share against other jobs (default 1; 2 = twice as many calls when both wait). */
  setJobPriority(jobId: string, weight: number): void {
    if (weight > 0 && Number.isFinite(weight)) this.jobWeights.set(jobId, weight);
  }

  /** Live figures for the UI, per group. */
  status(): Record<MethodGroup, GroupStatus> {
    const one = (g: Group): GroupStatus => ({
      ...g.limiter.status(),
      queued: g.queues.size,
      queuedByKind: g.queues.sizeByKind(),
      inFlight: g.inFlight,
      throttledCount: g.throttledCount,
    });
    return { GET: one(this.groups.GET), WRITE: one(this.groups.WRITE) };
  }

  /** The limiter of a group, for settings changes at run time. */
  limiter(group: MethodGroup): GroupLimiter {
    return this.groups[group].limiter;
  }

  /** Answers every queued call `aborted` (nothing was sent) and stops pacing. */
  close(): void {
    this.closing.abort();
    for (const g of Object.values(this.groups)) {
      for (const task of g.queues.drain()) this.finish(task, { kind: 'aborted', maybeSent: false });
    }
  }

  private async pump(g: Group): Promise<void> {
    if (g.pumping) return;
    g.pumping = true;
    try {
      while (!this.closing.signal.aborted && g.queues.size > 0 && g.inFlight < g.concurrency) {
        const delay = g.limiter.delayMs();
        // In-flight requests fill a window: their completion pumps again.
        if (delay === Infinity) break;
        if (delay > 0) {
          try {
            await this.clock.sleep(delay, this.closing.signal);
          } catch {
            return;
          }
          continue;
        }
        // Picked only now, so priorities and aborts during the wait are respected.
        const task = g.queues.pop();
        if (!task) break;
        task.sentAt = this.clock.now();
        try {
          task.ticket = g.limiter.record(task.sentAt);
        } catch (e) {
          // The send could not be recorded (the journal's disk is full): the call is not made,
          // and its caller gets the failure instead of an answer.
          this.failTask(task, e);
          continue;
        }
        g.inFlight++;
        this.execute(g, task).catch((e: unknown) => this.failTask(task, e));
      }
    } catch (e) {
      // Nothing above should throw; if it does, the queued calls get the failure rather than
      // wait forever (and nothing is left to reject unhandled).
      for (const task of g.queues.drain()) this.failTask(task, e);
    } finally {
      g.pumping = false;
    }
  }

  private failTask(task: Task, e: unknown): void {
    if (task.done) return;
    task.done = true;
    this.detach(task);
    task.reject(e);
  }

  private async execute(g: Group, task: Task): Promise<void> {
    let answer: ApiAnswer<unknown> | undefined;
    try {
      answer = await task.run(task.meta.signal);
    } catch (e) {
      task.ticket?.end();
      g.inFlight--;
      this.failTask(task, e);
      void this.pump(g);
      return;
    }
    task.ticket?.end();
    g.inFlight--;
    if (answer.kind === 'throttled' && (this.closing.signal.aborted || task.meta.signal?.aborted)) {
      // Refused by the server, so nothing happened: the same as never sent.
      this.finish(task, { kind: 'aborted', maybeSent: false });
    } else if (answer.kind === 'throttled') {
      g.throttledCount++;
      const out = g.limiter.onThrottled(answer.body, answer.waitMs, task.sentAt);
      this.emit({
        type: 'throttled',
        group: g.name,
        until: out.pausedUntil,
        waitMs: answer.waitMs,
        body: answer.body,
      });
      if (out.limitsReplaced)
        this.emit({ type: 'limits_replaced', group: g.name, windows: out.limitsReplaced });
      if (out.sharedUser)
        this.emit({ type: 'shared_user', group: g.name, rateFactor: out.rateFactor });
      // Back to the head of its queue: the 429 spent no attempt.
      g.queues.push(task.meta.jobId ?? '', task.meta.kind, task, true);
    } else {
      this.finish(task, answer);
    }
    void this.pump(g);
  }

  private finish(task: Task, answer: ApiAnswer<unknown>): void {
    if (task.done) return;
    task.done = true;
    this.detach(task);
    task.resolve(answer);
  }

  private detach(task: Task): void {
    if (task.onAbort) task.meta.signal?.removeEventListener('abort', task.onAbort);
  }

  private emit(event: SchedulerEvent): void {
    try {
      this.onEvent?.(event);
    } catch {
      // A listener's failure must not stop the queue.
    }
  }
}

/**
 * Two-level stride scheduling: the job with the smallest pass goes next, and inside it the kind
 * with the smallest pass; a pass grows by 1/weight per item taken. A queue that was idle joins at
 * the current virtual time, so idling earns no burst later.
 */
export class FairQueue<T> {
  private jobs = new Map<
    string,
    { pass: number; vt: number; kinds: Map<string, { pass: number; items: T[] }> }
  >();
  private vt = 0;
  private count = 0;

  constructor(
    private readonly jobWeight: (job: string) => number,
    private readonly kindWeight: (kind: string) => number,
  ) {}

  get size(): number {
    return this.count;
  }

  push(job: string, kind: string, item: T, front = false): void {
    let j = this.jobs.get(job);
    if (!j) {
      j = { pass: this.vt, vt: 0, kinds: new Map() };
      this.jobs.set(job, j);
    }
    let k = j.kinds.get(kind);
    if (!k) {
      k = { pass: j.vt, items: [] };
      j.kinds.set(kind, k);
    }
    if (front) k.items.unshift(item);
    else k.items.push(item);
    this.count++;
  }

  pop(): T | undefined {
    let bestJob: string | undefined;
    let best: { pass: number } | undefined;
    for (const [name, j] of this.jobs) {
      if (!best || j.pass < best.pass) {
        best = j;
        bestJob = name;
      }
    }
    if (bestJob === undefined) return undefined;
    const j = this.jobs.get(bestJob)!;
    let bestKindName: string | undefined;
    let bestKind: { pass: number; items: T[] } | undefined;
    for (const [name, k] of j.kinds) {
      if (!bestKind || k.pass < bestKind.pass) {
        bestKind = k;
        bestKindName = name;
      }
    }
    if (!bestKind || bestKindName === undefined) return undefined;
    const item = bestKind.items.shift();
    this.count--;
    this.vt = j.pass;
    j.vt = bestKind.pass;
    bestKind.pass += 1 / Math.max(1e-6, this.kindWeight(bestKindName));
    j.pass += 1 / Math.max(1e-6, this.jobWeight(bestJob));
    if (bestKind.items.length === 0) j.kinds.delete(bestKindName);
    if (j.kinds.size === 0) this.jobs.delete(bestJob);
    return item;
  }

  remove(item: T): boolean {
    for (const [jobName, j] of this.jobs) {
      for (const [kindName, k] of j.kinds) {
        const i = k.items.indexOf(item);
        if (i >= 0) {
          k.items.splice(i, 1);
          this.count--;
          if (k.items.length === 0) j.kinds.delete(kindName);
          if (j.kinds.size === 0) this.jobs.delete(jobName);
          return true;
        }
      }
    }
    return false;
  }

  sizeByKind(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const j of this.jobs.values()) {
      for (const [kind, k] of j.kinds) out[kind] = (out[kind] ?? 0) + k.items.length;
    }
    return out;
  }

  drain(): T[] {
    const out: T[] = [];
    for (const j of this.jobs.values()) for (const k of j.kinds.values()) out.push(...k.items);
    this.jobs.clear();
    this.count = 0;
    return out;
  }
}
