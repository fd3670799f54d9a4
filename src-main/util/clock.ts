// Time and randomness are injected everywhere they matter, so that a failing simulation or chaos
// run replays exactly from its seed and limiter tests run on a fake clock.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** A clock that only moves when told to; sleepers wake in time order as it advances. */
export class FakeClock implements Clock {
  private t: number;
  private sleepers: Array<{ at: number; resolve: () => void; seq: number }> = [];
  private seq = 0;
  constructor(start = Date.UTC(2026, 0, 15, 10, 30, 0)) {
    this.t = start;
  }
  now(): number {
    return this.t;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const entry = { at: this.t + Math.max(0, ms), resolve, seq: this.seq++ };
      this.sleepers.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== entry);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }
  /** Moves time forward by `ms`, waking every sleeper due on the way (and letting their
   *  continuations run) before moving further. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      this.sleepers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.sleepers[0];
      if (!next || next.at > end) break;
      this.sleepers.shift();
      this.t = Math.max(this.t, next.at);
      next.resolve();
      await flushMicrotasks();
    }
    this.t = end;
    await flushMicrotasks();
  }
  get pendingSleepers(): number {
    return this.sleepers.length;
  }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A small seeded PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
