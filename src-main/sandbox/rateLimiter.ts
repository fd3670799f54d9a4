// The server side of the rate limits: per API user and per method group, every window checked.
//
// Two ways of counting, because clients must be safe under both:
// - fixed: windows aligned to multiples of their length since the epoch (a 10 s window covers
//   10:30:00-10:30:10); the count resets at the boundary.
// - sliding: an exact log of accepted request times; at most `limit` in any span of the window.
//
// A request answered 429 is NOT counted in the windows. That is what the spec's own example
// shows (requestLimit 20 with requestCount 20: the rejected request is not among the counted
// ones), and it keeps a client that retries too early from extending its own ban for ever under
// sliding windows. `requestCount` in the 429 body is therefore exactly the number of accepted
// requests in the window that was hit. Every request that reaches the limiter, 429 or not, still
// shows in the sandbox's stats as a request.
import type { MethodGroup, SandboxLimits, SandboxLimitWindow } from './types';

export interface LimitDecision {
  allowed: boolean;
  /** When refused: the window that binds longest. */
  requestLimit?: number;
  requestCount?: number;
  /** Milliseconds since the epoch at which the binding window lets a request through again. */
  resetAt?: number;
  limits: SandboxLimitWindow[];
}

export class RateLimiter {
  /** Sliding: accepted request times per user+group, oldest first. */
  private logs = new Map<string, number[]>();
  /** Fixed: per user+group+window length, the current window's start and count. */
  private fixed = new Map<string, { start: number; count: number }>();

  constructor(
    private limits: SandboxLimits,
    private mode: 'fixed' | 'sliding',
  ) {}

  configure(limits: SandboxLimits, mode: 'fixed' | 'sliding'): void {
    // Switching the counting mode starts from empty windows: the two modes keep different state.
    if (mode !== this.mode) this.reset();
    this.limits = limits;
    this.mode = mode;
  }

  reset(): void {
    this.logs.clear();
    this.fixed.clear();
  }

  /** Checks every window of the group; counts the request only when it is let through. */
  take(user: string, group: MethodGroup, now: number): LimitDecision {
    const windows = this.limits[group];
    return this.mode === 'fixed'
      ? this.takeFixed(user, group, windows, now)
      : this.takeSliding(user, group, windows, now);
  }

  private takeFixed(
    user: string,
    group: MethodGroup,
    windows: SandboxLimitWindow[],
    now: number,
  ): LimitDecision {
    const states = windows.map((w) => {
      const lengthMs = w.windowSeconds * 1000;
      const start = Math.floor(now / lengthMs) * lengthMs;
      const key = `${user}\u0000${group}\u0000${w.windowSeconds}`;
      let state = this.fixed.get(key);
      if (!state || state.start !== start) {
        state = { start, count: 0 };
        this.fixed.set(key, state);
      }
      return { w, state, resetAt: start + lengthMs };
    });
    let refused: LimitDecision | undefined;
    for (const { w, state, resetAt } of states) {
      if (state.count >= w.limit && (!refused || resetAt > (refused.resetAt ?? 0))) {
        refused = {
          allowed: false,
          requestLimit: w.limit,
          requestCount: state.count,
          resetAt,
          limits: windows,
        };
      }
    }
    if (refused) return refused;
    for (const { state } of states) state.count++;
    return { allowed: true, limits: windows };
  }

  private takeSliding(
    user: string,
    group: MethodGroup,
    windows: SandboxLimitWindow[],
    now: number,
  ): LimitDecision {
    const key = `${user}\u0000${group}`;
    let log = this.logs.get(key);
    if (!log) {
      log = [];
      this.logs.set(key, log);
    }
    const longestMs = Math.max(0, ...windows.map((w) => w.windowSeconds * 1000));
    // Forget times that no window can see any more; the log stays at most the longest limit long.
    let drop = 0;
    while (drop < log.length && (log[drop] as number) <= now - longestMs) drop++;
    if (drop > 0) log.splice(0, drop);

    let refused: LimitDecision | undefined;
    for (const w of windows) {
      const lengthMs = w.windowSeconds * 1000;
      const first = firstAfter(log, now - lengthMs);
      const count = log.length - first;
      if (count >= w.limit) {
        // The window frees a slot when the oldest request it counts leaves it.
        const oldestCounted = log[first + count - w.limit] as number;
        const resetAt = oldestCounted + lengthMs;
        if (!refused || resetAt > (refused.resetAt ?? 0)) {
          refused = {
            allowed: false,
            requestLimit: w.limit,
            requestCount: count,
            resetAt,
            limits: windows,
          };
        }
      }
    }
    if (refused) return refused;
    log.push(now);
    return { allowed: true, limits: windows };
  }
}

/** Index of the first time strictly greater than `t` in an ascending list. */
function firstAfter(times: number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
