// The picture of a run for the Run screen, from the journal (so a reload of the page or a
// restart of the app shows the same): the run chart (write requests per minute against the
// connection's ceiling, rows finished, the run's elapsed time) and the "What happened" log (the job's state changes and
// warnings, recorded here as job-level notes, with the check's and the confirmed plan's notes).
import type { Params } from '../../src-shared/i18n';
import type { JobLogEntry, RunChartView } from '../../src-shared/contract';
import { failWith, paramsOf } from '../../src-shared/errors';
import type { SyncEngine } from '../engine/syncEngine';
import type { Journal } from '../journal/journal';
import { checkNoteFigures } from './runFigures';

/** At most this many buckets: a long job's minutes are merged. */
const MAX_BUCKETS = 120;
const MINUTE = 60_000;
const LOG_LINES = 200;

export function runChart(
  journal: Journal,
  engine: SyncEngine,
  jobId: string,
  /** Now, on the clock the journal's events were stamped by. */
  now: number,
): RunChartView {
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const history = engine.history(jobId);
  history.update();
  const minutes = history.perMinute();
  const counts = journal.counts(jobId);
  const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const ceilingPerMinute = engine.runtime(job.connectionId).scheduler.status()
    .WRITE.ceilingPerMinute;
  const span = history.span();
  const elapsedMs = span
    ? (engine.isRunning(jobId) ? Math.max(span.to, now) : span.to) - span.from
    : null;
  if (!minutes.length) return { bucketMinutes: 1, buckets: [], ceilingPerMinute, total, elapsedMs };
  const first = minutes[0]!.at;
  const last = minutes[minutes.length - 1]!.at;
  const minuteSpan = (last - first) / MINUTE + 1;
  const bucketMinutes = Math.max(1, Math.ceil(minuteSpan / MAX_BUCKETS));
  const size = bucketMinutes * MINUTE;
  const n = Math.floor((last - first) / size) + 1;
  // Every bucket from the first write to the last, the quiet ones too: the time axis is even.
  const buckets = Array.from({ length: n }, (_, i) => ({
    at: first + i * size,
    writes: 0,
    settled: 0,
  }));
  for (const m of minutes) {
    const b = buckets[Math.floor((m.at - first) / size)]!;
    b.writes += m.writes;
    b.settled += m.settled;
  }
  for (const b of buckets) b.writes /= bucketMinutes;
  return { bucketMinutes, buckets, ceilingPerMinute, total, elapsedMs };
}

/** A message's placeholders' values as the journal kept them (strings and numbers only). */
const paramsIn = (v: unknown): { params?: Params } => (isRecord(v) ? { params: paramsOf(v) } : {});

/** The "What happened" log of a job, newest first. */
export function runLog(journal: Journal, engine: SyncEngine, jobId: string): JobLogEntry[] {
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const history = engine.history(jobId);
  history.update();
  const out: JobLogEntry[] = [];
  for (const note of history.notes()) {
    const d = note.detail;
    const base = { id: note.id, at: note.at };
    if (typeof d.jobState === 'string') {
      out.push({
        ...base,
        kind: 'state',
        state: d.jobState,
        ...(d.checking === true ? { checking: true } : {}),
        ...(typeof d.message === 'string' ? { message: d.message } : {}),
        ...(typeof d.code === 'string' ? { code: d.code } : {}),
        ...paramsIn(d.params),
      });
    } else if (isRecord(d.warning)) {
      out.push({
        ...base,
        kind: 'warning',
        code: String(d.warning.code ?? ''),
        message: String(d.warning.message ?? ''),
        ...paramsIn(d.warning.params),
      });
    } else if (isRecord(d.check)) {
      // The check's figures as the job's kind sorts them, when it sorts into its own.
      const figures = numbers(d.check);
      const lines = checkNoteFigures(job.options, figures);
      out.push({ ...base, kind: 'check', figures, ...(lines ? { lines } : {}) });
    } else if (isRecord(d.plan)) {
      out.push({ ...base, kind: 'plan', figures: numbers(d.plan) });
    }
  }
  return out.reverse().slice(0, LOG_LINES);
}

/** Records a job's state changes and warnings in the journal as they happen, whichever front
 *  door watches: the log then survives a reload and a restart. */
export class RunLogRecorder {
  /** The last state recorded per job, read from the journal once. */
  private readonly recorded = new Map<string, string | null>();

  constructor(
    private readonly journal: Journal,
    /** What the job's run does (its check only, or the run), while it runs in this process. */
    private readonly modeOf: (jobId: string) => 'check' | 'run' | undefined = () => undefined,
  ) {}

  /** Records the job's state when it differs from the last one recorded. */
  observe(jobId: string): void {
    const job = this.journal.getJob(jobId);
    if (!job) return;
    let last = this.recorded.get(jobId);
    if (last === undefined) {
      const note = this.journal.lastJobNote(jobId, 'jobState');
      last = typeof note?.detail.jobState === 'string' ? note.detail.jobState : null;
    }
    if (last === job.state) {
      this.recorded.set(jobId, last);
      return;
    }
    const written = this.append({
      jobId,
      rowId: null,
      kind: 'note',
      detail: {
        jobState: job.state,
        // A check runs the job without sending anything: the log says the check runs.
        ...(job.state === 'running' && this.modeOf(jobId) === 'check' ? { checking: true } : {}),
        ...(job.stateReason
          ? {
              code: job.stateReason.code,
              message: job.stateReason.message,
              ...(job.stateReason.params ? { params: job.stateReason.params } : {}),
            }
          : {}),
      },
    });
    if (written) this.recorded.set(jobId, job.state);
  }

  warning(jobId: string, code: string, message: string, params?: Params): void {
    if (!this.journal.getJob(jobId)) return;
    const warning = { code, message, ...(params ? { params } : {}) };
    this.append({ jobId, rowId: null, kind: 'note', detail: { warning } });
  }

  /**
   * The log is a record of what the user was told, never in its way: when the journal cannot
   * take a line (a full disk is the usual reason), the event still reaches every front door and
   * the line is simply missing from the log.
   */
  private append(event: Parameters<Journal['appendEvents']>[0][number]): boolean {
    try {
      this.journal.appendEvents([event]);
      return true;
    } catch {
      return false;
    }
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function numbers(o: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(o)) if (typeof v === 'number') out[k] = v;
  return out;
}
