// No silent stall: a job whose rows do not move while the API keeps answering says why. The
// reading stages note what the answers were (a form the app cannot use, an error, a status and
// whether the documentation lists it); the run loop ticks with the job's row counts, and once
// no row changed state for `stallWarnMs` (for a documented status still running: at least as
// long as the platform usually takes) one warning names the endpoint, what its answers lacked
// or repeated, and what to do. Offline and throttled waits note no answers: they say so
// themselves. A status the documentation does not list is also warned of when first seen.
import type { Params } from '../../src-shared/i18n';
import type { EngineSettings } from './settings';
import { warningOf, type CodedMessage, type WarningCode } from './messages';
import type { FollowUpStage } from './stages';

export type AnswerNote =
  /** An answer the app could not use (a field missing or renamed, not JSON...). */
  | { kind: 'unreadable'; endpoint: string; detail: string }
  /** An error answer the app retries (5xx, an unexpected 4xx). */
  | { kind: 'error'; endpoint: string; detail: string }
  /** A status read; `known`: the documentation lists it; `waitMs`: how long the platform
   *  usually takes for it to end (a known status repeated that long is not a stall yet). */
  | { kind: 'status'; endpoint: string; status: string; known: boolean; waitMs: number };

/** Worse first: what the warning names when several kinds of answer came. */
const ORDER = ['unreadable', 'unknown', 'error', 'same'] as const;
type Group = (typeof ORDER)[number];

interface Tally {
  group: Group;
  endpoint: string;
  count: number;
  detail: string;
  waitMs: number;
}

const CODE: Record<Group, WarningCode> = {
  unreadable: 'stalled_unreadable',
  unknown: 'stalled_unknown_status',
  error: 'stalled_errors',
  same: 'stalled_same_status',
};

/** A length of time in words both languages read alike: `45 s`, `12 min`, `3 h`. */
export function durationText(ms: number): string {
  if (ms < 120_000) return `${Math.max(1, Math.round(ms / 1_000))} s`;
  if (ms < 120 * 60_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export class StallWatch {
  private counts = '';
  private movedAt = 0;
  private tallies = new Map<string, Tally>();
  private warned = false;
  /** Unknown statuses already warned of in this run (`stage|status`). */
  private readonly unknownSeen = new Set<string>();

  constructor(
    private readonly settings: Pick<EngineSettings, 'stallWarnMs' | 'unknownStatusMaxMs'>,
    private readonly warn: (w: CodedMessage) => void,
  ) {}

  /** What an answer was, from a reading stage. */
  note(n: AnswerNote): void {
    const group: Group =
      n.kind === 'status' ? (n.known ? 'same' : 'unknown') : n.kind === 'error' ? 'error' : n.kind;
    const detail = n.kind === 'status' ? n.status : n.detail;
    const key = `${group}|${n.endpoint}|${detail}`;
    const t = this.tallies.get(key);
    if (t) t.count++;
    else
      this.tallies.set(key, {
        group,
        endpoint: n.endpoint,
        count: 1,
        detail,
        waitMs: n.kind === 'status' ? n.waitMs : 0,
      });
  }

  /** A status the documentation does not list: said once per run and status, at once. */
  unknownStatus(stage: FollowUpStage, endpoint: string, status: string): void {
    const key = `${stage}|${status}`;
    if (this.unknownSeen.has(key)) return;
    this.unknownSeen.add(key);
    this.warn(
      warningOf(stage === 'screening' ? 'unknown_screening_status' : 'unknown_validation_status', {
        status,
        endpoint,
        limit: durationText(this.settings.unknownStatusMaxMs),
      }),
    );
  }

  /**
   * Called by the run loop with the job's row counts. A change of counts is progress; a wait
   * for the network (`waiting`) is not a stall either. Warns once per stall.
   */
  tick(counts: Partial<Record<string, number>>, now: number, waiting: boolean): void {
    const key = Object.entries(counts)
      .filter(([, n]) => n)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([s, n]) => `${s}:${String(n)}`)
      .join(',');
    if (key !== this.counts || waiting) {
      this.counts = key;
      this.movedAt = now;
      this.tallies.clear();
      this.warned = false;
      return;
    }
    if (this.warned || this.tallies.size === 0) return;
    const still = now - this.movedAt;
    const due = [...this.tallies.values()].filter(
      (t) => still >= Math.max(this.settings.stallWarnMs, t.group === 'same' ? t.waitMs : 0),
    );
    if (!due.length) return;
    const worst = due.sort(
      (a, b) => ORDER.indexOf(a.group) - ORDER.indexOf(b.group) || b.count - a.count,
    )[0]!;
    this.warned = true;
    const params: Params = {
      duration: durationText(still),
      endpoint: worst.endpoint,
      count: worst.count,
      ...(worst.group === 'unknown' || worst.group === 'same'
        ? { status: worst.detail }
        : { detail: worst.detail }),
    };
    this.warn(warningOf(CODE[worst.group], params));
  }
}
