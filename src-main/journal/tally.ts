// A job's one set of numbers (src-shared/tally.ts) from the journal: the kept state counters,
// and the finished rows' outcomes read in one grouped query.
import { tallyOf, type EndedFacts, type JobTally } from '../../src-shared/tally';
import type { ReadHandle } from './handle';
import * as read from './rowsRead';

/** A tally's finished-row outcomes are read again after this long even when their number did
 *  not move (an outcome written without a move), and a large job's at most this often. */
const TALLY_MAX_AGE_MS = 3_000;
const TALLY_REFRESH_MS = 1_000;
/** Up to this many rows, the finished rows' outcomes are read whenever their number moved. */
const TALLY_SMALL_JOB = 5_000;

export type TallyCache = Map<string, { ended: number; at: number; facts: EndedFacts[] }>;

/** The finished rows' outcomes are read again when their number changed; in a large running job
 *  at most once a second, the rows finished since counted as in progress until then (never as
 *  done before their outcome is known). */
export function jobTally(
  h: ReadHandle,
  cache: TallyCache,
  jobId: string,
  now: number,
  /** The job's counts when the caller has just read them (a progress event). */
  counts: Record<string, number> = read.counts(h, jobId),
): JobTally {
  const ended = (counts.done ?? 0) + (counts.skipped ?? 0);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  let cached = cache.get(jobId);
  const stale = !cached || cached.ended !== ended || now - cached.at >= TALLY_MAX_AGE_MS;
  const due =
    !cached ||
    ended < cached.ended ||
    total <= TALLY_SMALL_JOB ||
    now - cached.at >= TALLY_REFRESH_MS;
  if (!cached || (stale && due)) {
    cached = { ended, at: now, facts: read.endedFacts(h, jobId) };
    cache.set(jobId, cached);
  }
  const tally = tallyOf(counts, cached.facts);
  const late = ended - cached.ended;
  if (late > 0) {
    tally.total += late;
    tally.outcomes.in_progress += late;
    tally.groups.in_progress += late;
  }
  return tally;
}

/** The finished rows per screening and per validation status, from the facts the job's last
 *  tally read (read now when it has none): one query of the finished rows serves both. */
export function doneStatuses(
  h: ReadHandle,
  cache: TallyCache,
  jobId: string,
  now: number,
): { screening: Record<string, number>; validation: Record<string, number> } {
  if (!cache.has(jobId)) jobTally(h, cache, jobId, now);
  const out = { screening: {} as Record<string, number>, validation: {} as Record<string, number> };
  for (const f of cache.get(jobId)?.facts ?? []) {
    if (f.state !== 'done') continue;
    if (f.screening !== null) out.screening[f.screening] = (out.screening[f.screening] ?? 0) + f.n;
    if (f.validation !== null)
      out.validation[f.validation] = (out.validation[f.validation] ?? 0) + f.n;
  }
  return out;
}
