// The one estimate of how long a job takes: the summary before its start ("jobs:plan") and the
// time left while it runs (the progress view) both come from here, so they show the same figure
// for the same state.
//
// Where the figures come from, in order:
// - the platform's processing time per stage: this job's own observed durations; else what
//   this connection's jobs measured (connectionPace.ts); else, for a sandbox whose lifecycles
//   the settings know, those; else not known: the estimate then says what it knows (the check
//   and the sending) and that the platform's part is not known yet, never a guess in hours;
// - the pace: the connection's limits (shared by the jobs running on it), or the slower pace
//   this job, else the connection's last jobs, really kept.
import { phaseEta, type PhaseEta, type PhaseInput } from './progress';
import type { ConnectionPace } from './connectionPace';
import type { RunHistory, Stage } from './runHistory';
import type { EngineSettings } from './settings';
import type { KindFigures } from './kindFigures';
import type { PAID_FIELDS } from '../../src-shared/supplier';

/** The platform's time per stage; null where nothing says it yet. */
export type StageTimes = Record<Stage, number | null>;

export function stageTimesOf(
  settings: EngineSettings,
  measured: ConnectionPace | undefined,
  observed: Partial<Record<Stage, number>>,
): StageTimes {
  // A sandbox's settings say its lifecycles; the engine notices an end half a poll later on
  // average.
  const known = (expected: number, pollMs: number) =>
    settings.lifecyclesKnown ? expected + pollMs / 2 : null;
  return {
    creation:
      observed.creation ??
      measured?.stages.creation?.ms ??
      known(settings.expectedCreationMs, settings.trackPollMs),
    screening:
      observed.screening ??
      measured?.stages.screening?.ms ??
      known(settings.expectedScreeningMs, settings.statusPollBaseMs),
    validation:
      observed.validation ??
      measured?.stages.validation?.ms ??
      known(settings.expectedValidationMs, settings.statusPollBaseMs),
  };
}

export interface PaceInput {
  readsTargetPerMinute: number;
  writesTargetPerMinute: number;
  /** Jobs running on the connection, this one included when it runs (at least 1). */
  share: number;
  /** The pace this job's run kept (null: not measured); it comes before the one the
   *  connection's last jobs kept. */
  jobWritesPerMinute: number | null;
  connectionWritesPerMinute: number | null;
}

export interface Pace {
  readsPerMinute: number;
  writesPerMinute: number;
  measuredWritesPerMinute: number | null;
  /** Whose pace that is: this job's run, or the connection's last jobs. */
  measuredBy: 'job' | 'connection' | null;
}

/** The limits allow a pace; a measured one may have been slower (answers take time, another
 *  program shares the API user): the slower of the two. */
export function paceOf(p: PaceInput): Pace {
  const share = Math.max(1, p.share);
  const measured = p.jobWritesPerMinute ?? p.connectionWritesPerMinute;
  return {
    readsPerMinute: p.readsTargetPerMinute / share,
    writesPerMinute: Math.min(
      p.writesTargetPerMinute / share,
      measured ?? Number.POSITIVE_INFINITY,
    ),
    measuredWritesPerMinute: measured,
    measuredBy: p.jobWritesPerMinute !== null ? 'job' : measured !== null ? 'connection' : null,
  };
}

/** The write pace a job's own run kept: the mean of its whole minutes of writing (the first
 *  and last minute, partial, left out), of those at least half as busy as its busiest (a minute
 *  with a few writes had little to send, it says nothing of the pace); null before three
 *  minutes of writing or with fewer than MIN_PACE_WRITES in them. */
export function measuredWritesPerMinute(history: RunHistory): number | null {
  const minutes = history.perMinute().filter((m) => m.writes > 0);
  if (minutes.length < 3) return null;
  const whole = minutes.slice(1, -1);
  const busiest = Math.max(...whole.map((m) => m.writes));
  const busy = whole.filter((m) => m.writes >= busiest / 2);
  const writes = busy.reduce((a, m) => a + m.writes, 0);
  return writes < MIN_PACE_WRITES ? null : writes / busy.length;
}

/** Writes a measured pace is made of at least: fewer, and the minutes say more about what the
 *  job had to send (its follow-ups waiting on the platform) than about the pace. */
const MIN_PACE_WRITES = 20;

/** Which follow-ups a job orders: its options, or a mapped column (or fixed value) of each. */
export function followUpsOf(
  options: { screeningPeriod?: number | null; validate?: boolean },
  mapping: unknown,
): { screening: boolean; validate: boolean } {
  const fields =
    (mapping as { fields?: Array<{ field?: string; column?: unknown; constant?: unknown }> })
      ?.fields ?? [];
  const maps = (field: (typeof PAID_FIELDS)[number]) =>
    fields.some(
      (f) =>
        f.field === field &&
        (typeof f.column === 'number' ||
          (typeof f.constant === 'string' && f.constant.trim() !== '')),
    );
  return {
    screening: Boolean(options.screeningPeriod) || maps('screeningPeriodInYears'),
    validate: Boolean(options.validate) || maps('requestValidationOnCreate'),
  };
}

export type EstimateInput = Omit<PhaseInput, 'processingMs'> & { processingMs: StageTimes };

export interface Estimate extends Omit<PhaseEta, 'etaMs' | 'processingMs'> {
  /** The whole time; null while the platform's part is not known. */
  etaMs: number | null;
  /** The platform's part; null while not known. */
  processingMs: number | null;
  platformKnown: boolean;
}

/** A stage time nothing says yet, to find out whether the figure depends on it. */
const PROBE_MS = 1e12;

export function estimateOf(p: EstimateInput): Estimate {
  const fill = (v: number) => ({
    creation: p.processingMs.creation ?? v,
    screening: p.processingMs.screening ?? v,
    validation: p.processingMs.validation ?? v,
  });
  const low = phaseEta({ ...p, processingMs: fill(0) });
  // A stage not known matters only where the work left goes through it: the figure with that
  // stage taking almost forever then differs from the one with it taking nothing.
  const unknown = Object.values(p.processingMs).some((v) => v === null);
  const platformKnown =
    !unknown || phaseEta({ ...p, processingMs: fill(PROBE_MS) }).etaMs === low.etaMs;
  return {
    ...low,
    etaMs: platformKnown ? low.etaMs : null,
    processingMs: platformKnown ? low.processingMs : null,
    platformKnown,
  };
}

/** Everything the estimate of one job reads: its row counts and options, the connection's
 *  limits and record, the job's own history. */
export interface JobEstimateInput {
  now: number;
  counts: Partial<Record<string, number>>;
  mode: 'run' | 'check';
  wait: boolean;
  options: { screeningPeriod?: number | null; validate?: boolean; skipExisting: boolean };
  mapping: unknown;
  onCreate: PhaseInput['onCreate'];
  figures: KindFigures;
  settings: EngineSettings;
  measured: ConnectionPace | undefined;
  history: RunHistory;
  readsTargetPerMinute: number;
  writesTargetPerMinute: number;
  share: number;
  /** Customer and own ids still to attach (paidWork.ts identifiersToAttach). */
  identifierWrites: number;
}

/** The estimate of a job, the same for its plan and its time left. */
export function jobEstimate(j: JobEstimateInput): Estimate & Pace {
  const { history, settings } = j;
  history.update();
  const pace = paceOf({
    readsTargetPerMinute: j.readsTargetPerMinute,
    writesTargetPerMinute: j.writesTargetPerMinute,
    share: j.share,
    jobWritesPerMinute: measuredWritesPerMinute(history),
    connectionWritesPerMinute: j.measured?.writesPerMinute ?? null,
  });
  const followUps = followUpsOf(j.options, j.mapping);
  const estimate = estimateOf({
    now: j.now,
    counts: j.counts,
    mode: j.mode,
    wait: j.wait,
    screening: followUps.screening,
    validate: followUps.validate,
    skipExisting: j.options.skipExisting,
    onCreate: j.onCreate,
    readsPerMinute: pace.readsPerMinute,
    writesPerMinute: pace.writesPerMinute,
    processingMs: stageTimesOf(settings, j.measured, history.observedMs()),
    latestEntry: history.latestEntry(),
    overdueMs: Math.min(settings.trackPollMs, settings.statusPollBaseMs) / 2,
    figures: j.figures,
    identifierWrites: j.identifierWrites,
  });
  return { ...estimate, ...pace };
}
