// What a job's run looked like, read from the journal's events (not from live events), so it is
// the same after a reload of the page or a restart of the app: writes and settled rows per
// minute (the run chart), how long the platform took for each processing stage (the time
// left), and the job-level notes (the "What happened" log).
//
// The events are read incrementally, after the last event id seen, a bounded number per update:
// a long job reopened after a restart catches up over a few updates instead of blocking.
import type { Journal, RowEvent } from '../journal/journal';
import { ROW_STATE_GROUP, type RowState } from '../journal/rowStates';

/** States in which a row counts as finished, as the job's progress counts them (its
 *  'finished' group: done, skipped, cancelled). A row can also leave one (a cancelled row
 *  resumed, a skipped row sent after all): the chart's line then goes down by one, so it ends
 *  on the journal's count, whichever way the rows got there (an answer, a check that settled
 *  them without a request, a batch move). */
const FINISHED = new Set<string>(
  Object.entries(ROW_STATE_GROUP)
    .filter(([, group]) => group === 'finished')
    .map(([state]) => state),
);

/** The processing stages whose durations are measured: the platform's work after a request. */
export type Stage = 'creation' | 'screening' | 'validation';
/** The state a row waits in while the platform works on each stage. */
const STAGE_STATE: Record<Stage, RowState> = {
  creation: 'accepted',
  screening: 'screening_requested',
  validation: 'validation_requested',
};
const STAGES = Object.keys(STAGE_STATE) as Stage[];

export interface MinuteBucket {
  /** Start of the minute (ms since the epoch). */
  at: number;
  /** Write requests sent (creates, screenings, validations). */
  writes: number;
  /** Rows that became finished, less those that stopped being finished, in this minute. */
  settled: number;
}

export interface JobNote {
  id: number;
  at: number;
  detail: Record<string, unknown>;
}

const MINUTE = 60_000;
/** Durations kept per stage: the time left follows the platform's recent pace. */
const SAMPLES = 40;
const NOTES = 200;
const PAGE = 5_000;
/** Durations held for the connection's record between two of its updates (about a minute). */
const PENDING = 5_000;

export class RunHistory {
  private lastId = 0;
  private readonly minutes = new Map<number, MinuteBucket>();
  /** Rows waiting in a stage now, with the time each entered it. */
  private readonly entered: Record<Stage, Map<number, number>> = {
    creation: new Map(),
    screening: new Map(),
    validation: new Map(),
  };
  private readonly samples: Record<Stage, number[]> = {
    creation: [],
    screening: [],
    validation: [],
  };
  /** Durations seen since the connection's record last took them (takeNewSamples), with the id
   *  of the event that ended each: a history rebuilt after a restart sees them again, and the
   *  record skips those it took before by that id. */
  private pending: Array<{ stage: Stage; ms: number; eventId: number }> = [];
  private readonly jobNotes: JobNote[] = [];
  /** The run's first write request, its first finished row and its last row move (ms). */
  private firstWrite: number | undefined;
  private firstFinished: number | undefined;
  private lastRowEvent: number | undefined;

  constructor(
    private readonly journal: Journal,
    readonly jobId: string,
  ) {}

  /** Reads the events written since the last update, at most `maxEvents` of them; true when
   *  it has caught up with the journal. */
  update(maxEvents = 20_000): boolean {
    let read = 0;
    while (read < maxEvents) {
      const page = this.journal.jobEvents(this.jobId, {
        afterId: this.lastId,
        limit: Math.min(PAGE, maxEvents - read),
      });
      for (const e of page) this.take(e);
      read += page.length;
      if (page.length === 0) return true;
      this.lastId = page[page.length - 1]!.id;
    }
    return false;
  }

  /** A scores job writes a batch of rows in one request: each row's request event names the
   *  batch, which counts once. */
  private readonly batches = new Set<string>();
  private isNewWrite(e: RowEvent): boolean {
    const batchId = e.detail.batchId;
    if (typeof batchId !== 'string') return true;
    if (this.batches.has(batchId)) return false;
    this.batches.add(batchId);
    return true;
  }

  private take(e: RowEvent): void {
    if (e.rowId === null) {
      this.jobNotes.push({ id: e.id, at: e.at, detail: e.detail });
      if (this.jobNotes.length > NOTES) this.jobNotes.shift();
      return;
    }
    if (e.kind === 'request') this.firstWrite ??= e.at;
    if (e.kind === 'request' && this.isNewWrite(e)) this.bucket(e.at).writes++;
    // A move is a transition, an intent (request) or an answer that moved the row (response);
    // a note's from and to are the user's fix, not the run's.
    if (e.kind === 'note') return;
    const from = e.detail.from;
    const to = e.detail.to;
    if (typeof to !== 'string' || from === to) return;
    this.lastRowEvent = Math.max(this.lastRowEvent ?? e.at, e.at);
    const left = typeof from === 'string' && FINISHED.has(from) ? 1 : 0;
    const change = (FINISHED.has(to) ? 1 : 0) - left;
    if (change > 0) this.firstFinished ??= e.at;
    if (change !== 0) this.bucket(e.at).settled += change;
    for (const stage of STAGES) {
      const state = STAGE_STATE[stage];
      const waiting = this.entered[stage];
      if (from === state) {
        const since = waiting.get(e.rowId);
        waiting.delete(e.rowId);
        if (since !== undefined) {
          const s = this.samples[stage];
          s.push(Math.max(0, e.at - since));
          if (s.length > SAMPLES) s.shift();
          this.pending.push({ stage, ms: Math.max(0, e.at - since), eventId: e.id });
          if (this.pending.length > PENDING) this.pending.shift();
        }
      }
      if (to === state) waiting.set(e.rowId, e.at);
    }
  }

  private bucket(at: number): MinuteBucket {
    const key = Math.floor(at / MINUTE) * MINUTE;
    let b = this.minutes.get(key);
    if (!b) {
      b = { at: key, writes: 0, settled: 0 };
      this.minutes.set(key, b);
    }
    return b;
  }

  /** Writes and finished rows per minute, oldest first; minutes without either are left out. */
  perMinute(): MinuteBucket[] {
    return [...this.minutes.values()].sort((a, b) => a.at - b.at).map((b) => ({ ...b }));
  }

  /** When the run began (its first write request; without any, its first finished row) and
   *  when its rows last moved; undefined before either. */
  span(): { from: number; to: number } | undefined {
    const from = this.firstWrite ?? this.firstFinished;
    if (from === undefined || this.lastRowEvent === undefined) return undefined;
    return { from, to: Math.max(from, this.lastRowEvent) };
  }

  /** The mean time the platform took per stage over the recent rows, where any were seen. */
  observedMs(): Partial<Record<Stage, number>> {
    const out: Partial<Record<Stage, number>> = {};
    for (const stage of STAGES) {
      const s = this.samples[stage];
      if (s.length) out[stage] = s.reduce((a, b) => a + b, 0) / s.length;
    }
    return out;
  }

  /** The durations seen since the last call, each with the id of the event that ended it. */
  takeNewSamples(): Array<{ stage: Stage; ms: number; eventId: number }> {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** How many durations of each stage were seen (the last SAMPLES are kept). */
  sampleCounts(): Record<Stage, number> {
    return {
      creation: this.samples.creation.length,
      screening: this.samples.screening.length,
      validation: this.samples.validation.length,
    };
  }

  /** When the last row to enter each stage, of those still in it, entered it. */
  latestEntry(): Partial<Record<Stage, number>> {
    const out: Partial<Record<Stage, number>> = {};
    for (const stage of STAGES) {
      let latest: number | undefined;
      for (const at of this.entered[stage].values())
        if (latest === undefined || at > latest) latest = at;
      if (latest !== undefined) out[stage] = latest;
    }
    return out;
  }

  /** The job-level notes (rowId null), oldest first, the last 200. */
  notes(): JobNote[] {
    return [...this.jobNotes];
  }
}
