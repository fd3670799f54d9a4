// What a connection's own jobs measured: how long its platform took per processing stage
// (creation, screening, validation) and the write pace its jobs kept. Kept in the journal's
// settings per connection and updated as jobs run (about once a minute and at the end of each
// run, never per row), so the estimate of the next job comes from this platform's real pace
// instead of a guess (engine/estimate.ts).
import { z } from 'zod';
import type { Journal } from '../journal/journal';
import type { Stage } from './runHistory';

const StageFigureSchema = z.object({
  /** A running figure of the durations seen, from request to the engine noticing the end. */
  ms: z.number().nonnegative(),
  /** How many durations it was made of. */
  samples: z.number().int().nonnegative(),
});
export type StageFigure = z.infer<typeof StageFigureSchema>;

export const ConnectionPaceSchema = z.object({
  /** The server the figures were measured on: a connection pointed elsewhere starts afresh. */
  baseUrl: z.string(),
  stages: z.object({
    creation: StageFigureSchema.optional(),
    screening: StageFigureSchema.optional(),
    validation: StageFigureSchema.optional(),
  }),
  /** The median of the write paces the last jobs kept (their whole minutes of writing); null
   *  while no job wrote for long enough to say. */
  writesPerMinute: z.number().positive().nullable(),
  /** The last jobs that added to the record: the last event each had taken (a history rebuilt
   *  after a restart adds nothing twice) and the write pace it kept. */
  jobs: z.array(
    z.object({
      jobId: z.string(),
      eventId: z.number().int(),
      writesPerMinute: z.number().positive().nullable(),
      at: z.number(),
    }),
  ),
  updatedAt: z.number(),
});
export type ConnectionPace = z.infer<typeof ConnectionPaceSchema>;

const KEY = (connectionId: string) => `pace:${connectionId}`;
const JOBS_KEPT = 20;
const PACES_USED = 5;
/** A new batch of durations moves the figure by its share of the samples, at most half way
 *  (one odd job does not replace what many measured) and as if at most this many were behind
 *  it (a platform that got slower is followed within a few jobs). */
const WEIGHT_CAP = 0.5;
const SAMPLES_REMEMBERED = 100;

/** The connection's record, if its jobs measured anything on its current server. */
export function readConnectionPace(
  journal: Journal,
  connectionId: string,
): ConnectionPace | undefined {
  const conn = journal.getConnection(connectionId);
  if (!conn) return undefined;
  const parsed = ConnectionPaceSchema.safeParse(journal.getSetting(KEY(connectionId)));
  return parsed.success && parsed.data.baseUrl === conn.baseUrl ? parsed.data : undefined;
}

export interface PaceObservation {
  jobId: string;
  baseUrl: string;
  /** Durations seen since the last update, each with the id of the event that ended it. */
  samples: ReadonlyArray<{ stage: Stage; ms: number; eventId: number }>;
  /** The write pace the job kept so far, when it wrote for long enough to say. */
  writesPerMinute: number | null;
  now: number;
}

/** The record with a job's new observations added (pure: the tests and the engine share it). */
export function mergePace(old: ConnectionPace | undefined, o: PaceObservation): ConnectionPace {
  const base: ConnectionPace =
    old && old.baseUrl === o.baseUrl
      ? old
      : { baseUrl: o.baseUrl, stages: {}, writesPerMinute: null, jobs: [], updatedAt: o.now };
  const seen = base.jobs.find((j) => j.jobId === o.jobId);
  const after = seen?.eventId ?? 0;
  const fresh = o.samples.filter((s) => s.eventId > after);
  const stages = { ...base.stages };
  for (const stage of ['creation', 'screening', 'validation'] as const) {
    const values = fresh.filter((s) => s.stage === stage).map((s) => s.ms);
    if (!values.length) continue;
    // The median of the batch: a row the platform held for long (or a poll that backed off far)
    // does not pull the figure.
    const m = median(values);
    const prev = stages[stage];
    const weight = prev
      ? Math.min(
          WEIGHT_CAP,
          values.length / (Math.min(prev.samples, SAMPLES_REMEMBERED) + values.length),
        )
      : 1;
    stages[stage] = {
      ms: Math.round(prev ? prev.ms + weight * (m - prev.ms) : m),
      samples: (prev?.samples ?? 0) + values.length,
    };
  }
  const lastEvent = fresh.reduce((a, s) => Math.max(a, s.eventId), after);
  const entry = {
    jobId: o.jobId,
    eventId: lastEvent,
    writesPerMinute: o.writesPerMinute ?? seen?.writesPerMinute ?? null,
    at: o.now,
  };
  const jobs = [...base.jobs.filter((j) => j.jobId !== o.jobId), entry]
    .sort((a, b) => a.at - b.at)
    .slice(-JOBS_KEPT);
  const paces = jobs
    .map((j) => j.writesPerMinute)
    .filter((p): p is number => p !== null)
    .slice(-PACES_USED);
  return {
    baseUrl: o.baseUrl,
    stages,
    writesPerMinute: paces.length ? median(paces) : null,
    jobs,
    updatedAt: o.now,
  };
}

/** Adds a job's observations to its connection's record; one settings write. */
export function recordConnectionPace(
  journal: Journal,
  connectionId: string,
  o: Omit<PaceObservation, 'baseUrl'>,
): void {
  const conn = journal.getConnection(connectionId);
  if (!conn) return;
  const old = ConnectionPaceSchema.safeParse(journal.getSetting(KEY(connectionId)));
  const seen = old.success ? old.data.jobs.find((j) => j.jobId === o.jobId) : undefined;
  // Nothing new: no write at all.
  if (
    !o.samples.some((s) => s.eventId > (seen?.eventId ?? 0)) &&
    (o.writesPerMinute === null || o.writesPerMinute === seen?.writesPerMinute)
  )
    return;
  const next = mergePace(old.success ? old.data : undefined, { ...o, baseUrl: conn.baseUrl });
  journal.setSetting(KEY(connectionId), next);
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
