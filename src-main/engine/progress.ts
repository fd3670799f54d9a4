// Rate and ETA for a running job. The rate is measured over a sliding window of recent
// completions; the ETA divides the work left by that rate, but never promises more than the
// write budget allows (the ceiling), which is what bounds a large job.

export interface RateSample {
  /** Completions per minute over the window, or undefined before there is enough to say. */
  perMinute: number | undefined;
  /** Milliseconds until the remaining work is done, or undefined when unknown. */
  etaMs: number | undefined;
}

export class RateMeter {
  private times: number[] = [];
  constructor(private readonly windowMs = 120_000) {}

  record(at: number, count = 1): void {
    for (let i = 0; i < count; i++) this.times.push(at);
  }

  sample(now: number, remaining: number, ceilingPerMinute?: number): RateSample {
    const from = now - this.windowMs;
    let drop = 0;
    while (drop < this.times.length && this.times[drop]! < from) drop++;
    if (drop) this.times.splice(0, drop);
    const n = this.times.length;
    if (n < 2) {
      const eta =
        ceilingPerMinute && remaining > 0 ? (remaining / ceilingPerMinute) * 60_000 : undefined;
      return { perMinute: undefined, etaMs: remaining === 0 ? 0 : eta };
    }
    const span = Math.max(now - this.times[0]!, 1_000);
    let perMinute = (n / span) * 60_000;
    if (ceilingPerMinute) perMinute = Math.min(perMinute, ceilingPerMinute);
    return { perMinute, etaMs: remaining === 0 ? 0 : (remaining / perMinute) * 60_000 };
  }
}

/** Exponential backoff with full jitter, for polls and for probing a lost network. */
export function backoffMs(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  // Half fixed, half random: spreads many rows' polls without ever polling too early.
  return Math.round(exp / 2 + (random() * exp) / 2);
}
