// The client side of the API's rate limits, for one method group of one connection.
//
// Two rules decide when the next request may leave:
// - a sliding log of send times guarantees at most N' requests in any span of W' for every
//   window (N' = N minus a guard of about one request, W' = W plus a guard for network jitter),
//   which also satisfies a server counting fixed windows: a fixed window is one such span;
// - inside that, requests are paced evenly (spacing W'/N' of the binding window), because even
//   spacing is safe whatever window the server counts in and never empties a window at its start.
// Every attempt is recorded when it is sent and never given back (the server counts it too).
// The log is persisted through a SendLogStore, so a restarted app resumes the pace instead of
// bursting into windows the server is still counting. A store may write its entries a moment
// late (`unsavedMs`): after a restart, the sends such a crash could have lost count as made.
import { fail } from '../../src-shared/errors';
import type { Clock } from '../util/clock';
import type { MethodGroup } from './answers';
import type { RateLimitBody } from './wire';

/** Event-loop lateness a fast pace may make up for (see toleranceMs). */
const CATCH_UP_MS = 50;

export interface LimitWindow {
  limit: number;
  windowMs: number;
}

/** The API's published defaults per API user. */
export const DEFAULT_WINDOWS: Record<MethodGroup, LimitWindow[]> = {
  GET: [
    { limit: 100, windowMs: 10_000 },
    { limit: 500, windowMs: 60_000 },
  ],
  WRITE: [
    { limit: 20, windowMs: 10_000 },
    { limit: 100, windowMs: 60_000 },
  ],
};

/** Persisted send times; the journal implements it on SQLite, tests use MemorySendLogStore. */
export interface SendLogStore {
  /** Send times (ms since the epoch) at or after `sinceMs`, ascending. */
  load(connectionId: string, group: MethodGroup, sinceMs: number): number[];
  append(connectionId: string, group: MethodGroup, sentAtMs: number): void;
  /** Forgets every send time before `beforeMs` (all connections and groups). */
  prune(beforeMs: number): void;
  /** How long an appended send may wait before it is stored: a crash can lose the sends of
   *  that last span (0 or absent: none). */
  readonly unsavedMs?: number;
}

export class MemorySendLogStore implements SendLogStore {
  private readonly logs = new Map<string, number[]>();
  load(connectionId: string, group: MethodGroup, sinceMs: number): number[] {
    return (this.logs.get(`${connectionId}\u0000${group}`) ?? []).filter((t) => t >= sinceMs);
  }
  append(connectionId: string, group: MethodGroup, sentAtMs: number): void {
    const key = `${connectionId}\u0000${group}`;
    const log = this.logs.get(key) ?? [];
    log.push(sentAtMs);
    this.logs.set(key, log);
  }
  prune(beforeMs: number): void {
    for (const [key, log] of this.logs)
      this.logs.set(
        key,
        log.filter((t) => t >= beforeMs),
      );
  }
}

export interface SendTicket {
  sentAt: number;
  /** The request's answer (or failure) is in; idempotent. */
  end(endedAt?: number): void;
}

export interface LimiterSettings {
  windows: LimitWindow[];
  /** Requests kept free in every window (default 1). */
  guardRequests?: number;
  /** Added to every window's length against network latency jitter (default 500 ms). */
  jitterGuardMs?: number;
  /** Lowest share of the ceiling the limiter slows to when another client shares the user. */
  minRateFactor?: number;
  /** Share of the ceiling won back per longest window without a 429 (default 0.05). */
  recoveryStep?: number;
}

export interface ThrottleOutcome {
  /** Until when (this app's clock) the group sends nothing. */
  pausedUntil: number;
  /** True when the server counted more than this app sent: another client uses the API user. */
  sharedUser: boolean;
  /** Server-declared windows that replaced the settings, if they differed. */
  limitsReplaced: LimitWindow[] | undefined;
  rateFactor: number;
}

export interface LimiterStatus {
  group: MethodGroup;
  windows: Array<{ limit: number; windowSeconds: number; used: number }>;
  /** Requests per minute the configured windows allow (the binding window). */
  ceilingPerMinute: number;
  /** Requests per minute this limiter aims at now (guards and slow-down applied). */
  targetPerMinute: number;
  /** 1 at full speed; lower while sharing the API user with another client. */
  rateFactor: number;
  throttledUntil: number | null;
}

export class GroupLimiter {
  readonly group: MethodGroup;
  private readonly connectionId: string;
  private readonly clock: Clock;
  private readonly store: SendLogStore | undefined;
  private windows: LimitWindow[];
  private readonly guardRequests: number;
  private readonly jitterGuardMs: number;
  private readonly minRateFactor: number;
  private readonly recoveryStep: number;
  /**
   * Times of finished requests, ascending, trimmed to the longest guarded window. A request is
   * logged at the time its answer came back (or it failed): the server counted it somewhere
   * between sending and answering, so the later time is the safe one, and a stall of this
   * process between recording a send and the bytes leaving cannot crowd a window. Requests in
   * flight count as the newest of every window.
   */
  private log: number[] = [];
  private inFlight = 0;
  /** Theoretical time of the next paced send (GCRA). */
  private tat = -Infinity;
  private throttledUntil = -Infinity;
  private lastThrottledAt = -Infinity;
  private cutFactor = 1;
  private cutAt = -Infinity;
  private appendsSincePrune = 0;

  constructor(options: {
    group: MethodGroup;
    connectionId: string;
    clock: Clock;
    settings: LimiterSettings;
    store?: SendLogStore;
  }) {
    this.group = options.group;
    this.connectionId = options.connectionId;
    this.clock = options.clock;
    this.store = options.store;
    this.windows = validWindows(options.settings.windows);
    this.guardRequests = Math.max(0, options.settings.guardRequests ?? 1);
    this.jitterGuardMs = Math.max(0, options.settings.jitterGuardMs ?? 500);
    this.minRateFactor = options.settings.minRateFactor ?? 0.1;
    this.recoveryStep = options.settings.recoveryStep ?? 0.05;
    if (this.store) {
      const now = this.clock.now();
      const loaded = this.store.load(this.connectionId, this.group, now - this.horizonMs());
      this.log = loaded.filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
      const last = this.log[this.log.length - 1];
      // Resume the pace where the previous run left it.
      if (last !== undefined) this.tat = last + this.spacingMs(now);
      // A previous run was sending: the sends of its last `unsavedMs` may be missing. At most
      // as many as its pace allowed in that span (plus one) count in every window as made now,
      // the latest they can have been made.
      const unsavedMs = this.store.unsavedMs ?? 0;
      if (last !== undefined && unsavedMs > 0) {
        const missing = Math.ceil(unsavedMs / this.spacingMs(now)) + 1;
        for (let i = 0; i < missing; i++) this.log.push(Math.max(now, last));
      }
    }
  }

  /**
   * Milliseconds until the next request may be sent (0 = now). Infinity when requests in flight
   * alone fill a window: the next one may leave only after one of them has ended.
   */
  delayMs(now = this.clock.now()): number {
    this.trim(now);
    let earliest = Math.max(this.throttledUntil, this.tat - this.toleranceMs(now));
    const factor = this.rateFactor(now);
    for (const w of this.windows) {
      const n = this.effectiveLimit(w, factor);
      const span = w.windowMs + this.jitterGuardMs;
      // Slots left for finished requests once those in flight are counted.
      const k = n - this.inFlight;
      if (k <= 0) return Infinity;
      if (this.log.length >= k) {
        // The window frees a slot when its k-th newest request leaves the guarded span.
        const oldest = this.log[this.log.length - k] as number;
        earliest = Math.max(earliest, oldest + span);
      }
    }
    return Math.max(0, Math.ceil(earliest - now));
  }

  /**
   * Records a send; call it exactly when the request leaves, and `end()` on the ticket when its
   * answer (or failure) is in. Until then the request counts in every window.
   */
  record(now = this.clock.now()): SendTicket {
    const at = now;
    // Persisted first: when the log cannot be written (a full disk), this throws before the
    // request counts as sent, and the caller does not send it.
    if (this.store) {
      this.store.append(this.connectionId, this.group, at);
      if (++this.appendsSincePrune >= 200) {
        this.appendsSincePrune = 0;
        this.store.prune(at - 2 * this.horizonMs());
      }
    }
    this.inFlight++;
    this.tat = Math.max(this.tat, at) + this.spacingMs(at);
    let ended = false;
    const ticket: SendTicket = {
      sentAt: at,
      end: (endedAt = this.clock.now()) => {
        if (ended) return;
        ended = true;
        this.inFlight--;
        insertSorted(this.log, Math.max(at, endedAt));
      },
    };
    return ticket;
  }

  /**
   * A 429 arrived: pause until the server's reset, adopt its limits, and slow down when the
   * server counted more requests than this app sent (another client shares the API user).
   */
  onThrottled(
    body: RateLimitBody | undefined,
    waitMs: number,
    /** When the refused request left: one sent before an earlier 429 arrived does not cut the
     *  rate again (it was already on its way when we slowed down). */
    sentAt?: number,
    now = this.clock.now(),
  ): ThrottleOutcome {
    const stale = sentAt !== undefined && sentAt < this.lastThrottledAt;
    this.lastThrottledAt = Math.max(this.lastThrottledAt, now);
    let limitsReplaced: LimitWindow[] | undefined;
    const declared = (body?.limits ?? [])
      .filter((l) => l.requestLimit > 0 && l.timeInSeconds > 0)
      .map((l) => ({ limit: l.requestLimit, windowMs: l.timeInSeconds * 1000 }));
    if (declared.length > 0 && !sameWindows(declared, this.windows)) {
      this.windows = validWindows(declared);
      limitsReplaced = this.windows;
    }
    let sharedUser = false;
    if (body) {
      const hit =
        this.windows
          .filter((w) => w.limit === body.requestLimit)
          .sort((a, b) => b.windowMs - a.windowMs)[0] ?? this.longest();
      // Our count includes the refused request (the server does not count it): a higher server
      // count can only come from someone else.
      const own = this.countInLast(hit.windowMs, now);
      if (body.requestCount > own) {
        sharedUser = true;
      }
      if (sharedUser && !stale) {
        const foreignShare = Math.min(1, (body.requestCount - own + 1) / Math.max(1, hit.limit));
        const current = this.rateFactor(now);
        this.cutFactor = Math.max(this.minRateFactor, Math.min(current / 2, 1 - foreignShare));
        this.cutAt = now;
      }
    }
    // A short guard on top of the server's reset absorbs the latency of the refused answer.
    const pausedUntil = now + waitMs + Math.min(this.jitterGuardMs, 250);
    this.throttledUntil = Math.max(this.throttledUntil, pausedUntil);
    // After the pause the pace starts afresh rather than catching up.
    this.tat = Math.max(this.tat, this.throttledUntil);
    return {
      pausedUntil: this.throttledUntil,
      sharedUser,
      limitsReplaced,
      rateFactor: this.rateFactor(now),
    };
  }

  /** Replaces the windows (settings changed, or limits declared by the server). */
  setWindows(windows: LimitWindow[]): void {
    this.windows = validWindows(windows);
  }

  getWindows(): LimitWindow[] {
    return this.windows.map((w) => ({ ...w }));
  }

  /** Sends in the last `windowMs` (this app's own, as recorded). */
  countInLast(windowMs: number, now = this.clock.now()): number {
    let i = this.log.length;
    while (i > 0 && (this.log[i - 1] as number) > now - windowMs) i--;
    return this.log.length - i + this.inFlight;
  }

  /** 1 at full speed; after a cut it grows back by `recoveryStep` per longest window. */
  rateFactor(now = this.clock.now()): number {
    if (this.cutFactor >= 1) return 1;
    const steps = Math.floor(Math.max(0, now - this.cutAt) / this.longest().windowMs);
    const f = this.cutFactor + steps * this.recoveryStep;
    if (f >= 1) {
      this.cutFactor = 1;
      return 1;
    }
    return f;
  }

  status(now = this.clock.now()): LimiterStatus {
    this.trim(now);
    const factor = this.rateFactor(now);
    return {
      group: this.group,
      windows: this.windows.map((w) => ({
        limit: w.limit,
        windowSeconds: w.windowMs / 1000,
        used: this.countInLast(w.windowMs, now),
      })),
      ceilingPerMinute: Math.min(...this.windows.map((w) => (w.limit * 60_000) / w.windowMs)),
      targetPerMinute: 60_000 / this.spacingMs(now),
      rateFactor: factor,
      throttledUntil: this.throttledUntil > now ? this.throttledUntil : null,
    };
  }

  private effectiveLimit(w: LimitWindow, factor: number): number {
    return Math.max(1, Math.floor((w.limit - this.guardRequests) * factor));
  }

  /** Even spacing of the binding window, slowed by the rate factor. */
  private spacingMs(now: number): number {
    const factor = this.rateFactor(now);
    let spacing = 0;
    for (const w of this.windows) {
      spacing = Math.max(
        spacing,
        (w.windowMs + this.jitterGuardMs) / this.effectiveLimit(w, factor),
      );
    }
    return spacing;
  }

  /**
   * How far a late send may catch up on the pace: half a spacing, or the event loop's usual
   * lateness (tens of ms) when spacings are short. The sliding log still bounds every window.
   */
  private toleranceMs(now: number): number {
    const spacing = this.spacingMs(now);
    return Math.max(spacing / 2, Math.min(spacing * 4, CATCH_UP_MS));
  }

  private longest(): LimitWindow {
    return this.windows.reduce((a, b) => (b.windowMs > a.windowMs ? b : a));
  }

  private horizonMs(): number {
    return this.longest().windowMs + this.jitterGuardMs;
  }

  private trim(now: number): void {
    const from = now - this.horizonMs();
    let drop = 0;
    while (drop < this.log.length && (this.log[drop] as number) <= from) drop++;
    if (drop > 0) this.log.splice(0, drop);
  }
}

function validWindows(windows: LimitWindow[]): LimitWindow[] {
  const ok = windows.filter(
    (w) =>
      Number.isFinite(w.limit) && w.limit >= 1 && Number.isFinite(w.windowMs) && w.windowMs > 0,
  );
  if (ok.length === 0)
    fail(
      'invalid_input',
      'A rate limit needs at least one window with a positive number of requests and a positive length. Check the connection settings.',
    );
  return ok.map((w) => ({ limit: Math.floor(w.limit), windowMs: w.windowMs }));
}

function sameWindows(a: LimitWindow[], b: LimitWindow[]): boolean {
  const key = (ws: LimitWindow[]) =>
    ws
      .map((w) => `${w.limit}/${w.windowMs}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

function insertSorted(list: number[], t: number): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] as number) > t) i--;
  list.splice(i, 0, t);
}
