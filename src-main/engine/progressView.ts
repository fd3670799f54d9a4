// A running job's live figures, typed by the contract: row counts, the measured rate, the time
// left by phase, and the limiter's view of each method group.
import type { RowState } from '../journal/rowStates';
import type { JobTally } from '../../src-shared/tally';
import type { ConnectionRuntime } from './connectionRuntime';
import { phaseEta, type PhaseEta, type RateMeter } from './progress';
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
    etaMs: etaParts?.etaMs ?? rate.etaMs ?? null,
    etaParts: etaParts ?? null,
    tally: p.tally,
    throttle: { GET: view('GET'), WRITE: write },
    offline: p.offline,
  };
}

/** The time left across every phase: the work left per phase, the limiter's pace and the
 *  platform's processing times observed in this job (expected ones until rows went through). */
function etaOf(
  p: ProgressInput,
  readsPerMinute: number,
  writesPerMinute: number,
): PhaseEta | undefined {
  const { settings, options, history } = p;
  if (!options) return undefined;
  history.update();
  const seen = history.observedMs();
  return phaseEta({
    now: p.now,
    counts: p.counts,
    mode: p.runOpts.mode,
    wait: p.runOpts.wait,
    screening: Boolean(options.screeningPeriod),
    validate: options.validate,
    skipExisting: options.skipExisting,
    onCreate: p.onCreate,
    readsPerMinute,
    writesPerMinute,
    processingMs: {
      creation: seen.creation ?? settings.expectedCreationMs + settings.trackPollMs / 2,
      screening: seen.screening ?? settings.expectedScreeningMs + settings.statusPollBaseMs / 2,
      validation: seen.validation ?? settings.expectedValidationMs + settings.statusPollBaseMs / 2,
    },
    latestEntry: history.latestEntry(),
    overdueMs: Math.min(settings.trackPollMs, settings.statusPollBaseMs) / 2,
    figures: p.figures,
  });
}
