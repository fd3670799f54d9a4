// A running job's live figures, typed by the contract: row counts, the measured rate, the time
// left by phase, and the limiter's view of each method group.
import type { RowState } from '../journal/rowStates';
import type { JobTally } from '../../src-shared/tally';
import type { ConnectionRuntime } from './connectionRuntime';
import type { RateMeter } from './progress';
import type { ConnectionPace } from './connectionPace';
import { jobEstimate, type Estimate } from './estimate';
import type { RunHistory } from './runHistory';
import type { JobProgress, OnCreateEntitlements, RunOptions, ThrottleView } from './runTypes';
import type { EngineSettings } from './settings';
import type { KindFigures } from './kindFigures';
import type { JobOptions } from '../journal/schema';
import { UNSENT_CREATE_STATES } from './stages';

export interface ProgressInput {
  jobId: string;
  state: string;
  counts: Partial<Record<RowState, number>>;
  /** The job's one set of numbers, read with the counts (journal.tally). */
  tally: JobTally;
  now: number;
  conn: ConnectionRuntime;
  settings: EngineSettings;
  createdMeter: RateMeter;
  history: RunHistory;
  options: JobOptions | undefined;
  /** The job's mapping: a column may order screening or validation per row. */
  mapping: unknown;
  /** What the connection's jobs measured. */
  measured: ConnectionPace | undefined;
  /** Jobs running on the connection, this one included. */
  share: number;
  /** Customer and own ids still to attach (paidWork.ts identifiersToAttach). */
  identifierWrites: number;
  runOpts: RunOptions;
  onCreate: OnCreateEntitlements;
  offline: boolean;
  /** The kind's reads and writes. */
  figures: KindFigures;
}

export function progressOf(p: ProgressInput): JobProgress {
  const counts: Record<string, number> = {};
  for (const [state, n] of Object.entries(p.counts)) if (n !== undefined) counts[state] = n;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const status = p.conn.scheduler.status();
  const view = (g: 'GET' | 'WRITE'): ThrottleView => {
    const st = status[g];
    // The binding window: the one allowing the fewest requests per second.
    const binding = [...st.windows].sort(
      (a, b) => a.limit / a.windowSeconds - b.limit / b.windowSeconds,
    )[0];
    return {
      sentInWindow: binding?.used ?? 0,
      ceiling: binding?.limit ?? 0,
      windowSeconds: binding?.windowSeconds ?? 0,
      ceilingPerMinute: st.ceilingPerMinute,
      targetPerMinute: st.targetPerMinute,
      throttledUntil:
        st.throttledUntil !== null && st.throttledUntil > p.now ? st.throttledUntil : null,
      queued: st.queued,
      inFlight: st.inFlight,
    };
  };
  const write = view('WRITE');
  const remaining = UNSENT_CREATE_STATES.reduce((a, s) => a + (counts[s] ?? 0), 0);
  const rate = p.createdMeter.sample(p.now, remaining, write.ceilingPerMinute || undefined);
  const etaParts = etaOf(p, status.GET.targetPerMinute, write.targetPerMinute);
  return {
    jobId: p.jobId,
    state: p.state,
    counts,
    total,
    ratePerMinute: rate.perMinute ?? null,
    // The platform's part not known yet: no whole figure (etaParts says the part that is).
    etaMs: etaParts ? etaParts.etaMs : (rate.etaMs ?? null),
    etaParts: etaParts
      ? {
          etaMs: etaParts.etaMs,
          checkMs: etaParts.checkMs,
          writes: etaParts.writes,
          sendMs: etaParts.sendMs,
          processingMs: etaParts.processingMs,
          platformKnown: etaParts.platformKnown,
        }
      : null,
    tally: p.tally,
    // The kind's figures are added by the services, which know the kinds.
    figures: null,
    throttle: { GET: view('GET'), WRITE: write },
    offline: p.offline,
  };
}

/** The time left across every phase: the same estimate as the plan before a start
 *  (estimate.ts), from the work left, the connection's pace and the platform's processing times
 *  (this job's observed, else the connection's measured). */
function etaOf(
  p: ProgressInput,
  readsPerMinute: number,
  writesPerMinute: number,
): Estimate | undefined {
  if (!p.options) return undefined;
  return jobEstimate({
    now: p.now,
    counts: p.counts,
    mode: p.runOpts.mode,
    wait: p.runOpts.wait,
    options: p.options,
    mapping: p.mapping,
    onCreate: p.onCreate,
    figures: p.figures,
    settings: p.settings,
    measured: p.measured,
    history: p.history,
    readsTargetPerMinute: readsPerMinute,
    writesTargetPerMinute: writesPerMinute,
    share: p.share,
    identifierWrites: p.identifierWrites,
  });
}
