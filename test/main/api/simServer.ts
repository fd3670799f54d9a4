// A model of the API's rate limiting on a fake clock, for limiter tests that need minutes of
// simulated traffic in milliseconds. It counts like the sandbox (fixed windows aligned to the
// epoch, or an exact sliding log; refused requests not counted) and answers 429 with the API's
// body. Latency is one-way, per request, from a seeded generator.
import type { ApiAnswer } from '../../../src-main/api/answers';
import { waitFromRateLimit } from '../../../src-main/api/client';
import type { LimitWindow } from '../../../src-main/api/limiter';
import type { RateLimitBody } from '../../../src-main/api/wire';
import type { FakeClock } from '../../../src-main/util/clock';

export interface SimServerOptions {
  clock: FakeClock;
  windows: LimitWindow[];
  mode: 'fixed' | 'sliding';
  /** One-way latency in ms for each leg (default 0). */
  latency?: () => number;
}

export class SimServer {
  /** Arrival times of accepted requests, per client name. */
  readonly accepted: Array<{ at: number; client: string }> = [];
  readonly refused: Array<{ at: number; client: string; body: RateLimitBody }> = [];
  private readonly fixed = new Map<number, { start: number; count: number }>();

  constructor(private readonly o: SimServerOptions) {}

  /** One request: travels, is counted (or refused), and the answer travels back. */
  async call(client = 'app'): Promise<ApiAnswer<number>> {
    const lat = this.o.latency ?? (() => 0);
    await this.o.clock.sleep(lat());
    const at = this.o.clock.now();
    const refusal = this.take(at);
    let answer: ApiAnswer<number>;
    if (refusal) {
      this.refused.push({ at, client, body: refusal });
      answer = { kind: 'throttled', body: refusal, waitMs: waitFromRateLimit(refusal) };
    } else {
      this.accepted.push({ at, client });
      answer = { kind: 'ok', value: at, status: 200, info: {} };
    }
    await this.o.clock.sleep(lat());
    return answer;
  }

  /** Counts requests of another client without any latency (e.g. before the app starts). */
  preload(count: number, client = 'other'): void {
    for (let i = 0; i < count; i++) {
      const at = this.o.clock.now();
      if (!this.take(at)) this.accepted.push({ at, client });
    }
  }

  arrivals(client?: string): number[] {
    return this.accepted
      .filter((a) => client === undefined || a.client === client)
      .map((a) => a.at);
  }

  private take(now: number): RateLimitBody | undefined {
    let worst: { w: LimitWindow; count: number; resetAt: number } | undefined;
    const all = this.arrivals();
    for (const w of this.o.windows) {
      let count: number;
      let resetAt: number;
      if (this.o.mode === 'fixed') {
        const start = Math.floor(now / w.windowMs) * w.windowMs;
        let st = this.fixed.get(w.windowMs);
        if (!st || st.start !== start) {
          st = { start, count: 0 };
          this.fixed.set(w.windowMs, st);
        }
        count = st.count;
        resetAt = start + w.windowMs;
      } else {
        const inWindow = all.filter((t) => t > now - w.windowMs);
        count = inWindow.length;
        resetAt = count >= w.limit ? (inWindow[count - w.limit] as number) + w.windowMs : now;
      }
      if (count >= w.limit && (!worst || resetAt > worst.resetAt)) worst = { w, count, resetAt };
    }
    if (worst) {
      const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
      return {
        error: 'Too Many Requests',
        message: 'Rate limit exceeded',
        requestLimit: worst.w.limit,
        requestCount: worst.count,
        limits: this.o.windows.map((w) => ({
          requestLimit: w.limit,
          timeInSeconds: w.windowMs / 1000,
        })),
        currentTime: local(Math.floor(now / 1000) * 1000),
        nextResetAt: local(Math.ceil(worst.resetAt / 1000) * 1000),
      };
    }
    if (this.o.mode === 'fixed') for (const st of this.fixed.values()) st.count++;
    return undefined;
  }
}

/** The largest number of times inside any half-open span [t, t + windowMs), wherever it starts. */
export function maxInAnyWindow(times: number[], windowMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    if (j < i) j = i;
    while (j < t.length && (t[j] as number) < (t[i] as number) + windowMs) j++;
    best = Math.max(best, j - i);
  }
  return best;
}

/** Advances the fake clock in small steps until `done()` or `maxMs` of simulated time. */
export async function runUntil(
  clock: FakeClock,
  done: () => boolean,
  maxMs: number,
  stepMs = 10,
): Promise<void> {
  for (let t = 0; t < maxMs && !done(); t += stepMs) await clock.advance(stepMs);
}
