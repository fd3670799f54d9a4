// Fault injection, reproducible from the random seed: the same seed and the same sequence of
// requests give the same faults. Every request draws the same number of values whatever the
// settings, so turning one fault kind up does not reshuffle the others.
import { seededRandom } from '../util/clock';
import type { SandboxFaults } from './types';

export interface FaultPlan {
  latencyMs: number;
  /** Answer 500 without applying anything. */
  before500: boolean;
  /** Apply the write, then answer 500 (writes only). */
  after500: boolean;
  /** Destroy the connection: before handling, or (writes, half the time) after applying. */
  drop: 'none' | 'before' | 'after';
}

export class FaultInjector {
  private random: () => number;

  constructor(
    private faults: SandboxFaults,
    private seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  configure(faults: SandboxFaults, seed?: number): void {
    this.faults = faults;
    if (seed !== undefined && seed !== this.seed) {
      this.seed = seed;
      this.random = seededRandom(seed);
    }
  }

  reset(): void {
    this.random = seededRandom(this.seed);
  }

  plan(isWrite: boolean): FaultPlan {
    const [rLatency, rDrop, rDropWhen, rBefore, rAfter] = [
      this.random(),
      this.random(),
      this.random(),
      this.random(),
      this.random(),
    ] as [number, number, number, number, number];
    const f = this.faults;
    const [lo, hi] = f.latencyMs ?? [0, 0];
    const latencyMs = Math.max(0, Math.round(lo + (hi - lo) * rLatency));
    let drop: FaultPlan['drop'] = 'none';
    if (rDrop < (f.drop ?? 0)) drop = isWrite && rDropWhen < 0.5 ? 'after' : 'before';
    return {
      latencyMs,
      drop,
      before500: drop === 'none' && rBefore < (f.before500 ?? 0),
      after500: isWrite && drop === 'none' && rAfter < (f.after500 ?? 0),
    };
  }
}
