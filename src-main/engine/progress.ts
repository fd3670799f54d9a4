// Rate and ETA for a running job. The rate is measured over a sliding window of recent
// completions; the ETA divides the work left by that rate, but never promises more than the
// write budget allows (the ceiling), which is what bounds a large job.
import { WRITE_STAGES } from '../journal/rowStates';
import { CREATE_FIGURES, type KindFigures } from './kindFigures';
import { UNSENT_CREATE_STATES } from './stages';

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

// ---- the time left across every phase -----------------------------------------------------

/** What the time left is computed from: the work left per phase (the row counts), the pace the
 *  connection's limiter keeps, and how long the platform took for each stage. */
export interface PhaseInput {
  now: number;
  counts: Partial<Record<string, number>>;
  /** 'check': the run ends with the identifier check. */
  mode: 'run' | 'check';
  /** false: the run ends once every create is sent and answered. */
  wait: boolean;
  screening: boolean;
  validate: boolean;
  skipExisting: boolean;
  /** Whether screening and validation may ride along with a create (undefined: not known yet,
   *  the engine tries). */
  onCreate: { screening: boolean | undefined; validation: boolean | undefined };
  readsPerMinute: number;
  writesPerMinute: number;
  /** The platform's time per stage, from the request (or the create's answer) until the engine
   *  noticed the end: observed where rows went through it, else expected. */
  processingMs: { creation: number; screening: number; validation: number };
  /** When the last row still waiting in each stage entered it. */
  latestEntry: Partial<Record<'creation' | 'screening' | 'validation', number>>;
  /** The shortest wait to notice an end that is overdue (about half a poll interval). */
  overdueMs: number;
  /** The kind's reads and writes (absent: an onboarding's). */
  figures?: KindFigures;
  /** Customer and own ids still to attach: a write each, after the supplier's create
   *  (paidWork.ts identifiersToAttach). */
  identifierWrites?: number;
}

export interface PhaseEta {
  etaMs: number;
  /** The identifier check's reads. */
  checkMs: number;
  /** Write requests left, by kind, and the time to send them all at the limiter's pace;
   *  `change`: a deactivate, identifiers or scores job's own writes (a DELETE, an identifier
   *  added or removed, a batch of scores). */
  writes: {
    create: number;
    screening: number;
    validation: number;
    change: number;
    identifiers: number;
  };
  sendMs: number;
  /** The platform's work after the last write (and for rows already sent). */
  processingMs: number;
}

const sumOf = (counts: PhaseInput['counts'], states: readonly string[]) =>
  states.reduce((a, s) => a + (counts[s] ?? 0), 0);

/**
 * The time left: the check, then every write at the limiter's pace, then the platform's
 * processing of the last rows. The writes are the bottleneck of a large job, the processing of
 * a small one; both bounds are taken, and the rows already with the platform bound it too.
 */
export function phaseEta(p: PhaseInput): PhaseEta {
  const figures = p.figures ?? CREATE_FIGURES;
  if (figures.changes) return changeEta(p, figures, figures.changes);
  const c = p.counts;
  const valid = c.valid ?? 0;
  const reads = figures.checkReads(valid);
  const checkMs = p.readsPerMinute > 0 ? (reads / p.readsPerMinute) * 60_000 : 0;
  if (p.mode === 'check') {
    const none = { create: 0, screening: 0, validation: 0, change: 0, identifiers: 0 };
    return { etaMs: checkMs, checkMs, writes: none, sendMs: 0, processingMs: 0 };
  }
  const screeningRides = p.screening && p.onCreate.screening !== false;
  // Validation rides along only without screening: it must wait for the screening's end.
  const validationRides = p.validate && !p.screening && p.onCreate.validation !== false;
  const followExisting = p.skipExisting ? 0 : (c.exists ?? 0);

  const toCreate = sumOf(c, UNSENT_CREATE_STATES);
  const creating = sumOf(c, ['pending', 'accepted', 'created']);
  const beforeScreening = toCreate + creating;
  const screeningWrites = p.screening
    ? (screeningRides ? 0 : beforeScreening) +
      followExisting +
      sumOf(c, Object.values(WRITE_STAGES.screening))
    : 0;
  const beforeValidation =
    beforeScreening +
    (p.screening ? sumOf(c, [...Object.values(WRITE_STAGES.screening), 'screening_requested']) : 0);
  const validationWrites = p.validate
    ? (validationRides ? 0 : beforeValidation) +
      followExisting +
      sumOf(c, Object.values(WRITE_STAGES.validation))
    : 0;
  const identifierWrites = p.identifierWrites ?? 0;
  const writes = {
    create: toCreate,
    screening: screeningWrites,
    validation: validationWrites,
    change: 0,
    identifiers: identifierWrites,
  };
  const perWrite = p.writesPerMinute > 0 ? 60_000 / p.writesPerMinute : 0;
  if (!p.wait) {
    const sendMs = toCreate * perWrite;
    return {
      etaMs: checkMs + sendMs,
      checkMs,
      writes: { create: toCreate, screening: 0, validation: 0, change: 0, identifiers: 0 },
      sendMs,
      processingMs: 0,
    };
  }
  const sendMs = (toCreate + screeningWrites + validationWrites + identifierWrites) * perWrite;

  const d = p.processingMs;
  const afterScreening = p.validate ? (validationRides ? 0 : perWrite) + d.validation : 0;
  const afterCreation =
    (p.screening ? (screeningRides ? 0 : perWrite) + d.screening : 0) + afterScreening;
  const chainAfterCreate = d.creation + afterCreation;
  // What is left of the platform's work once the last write of the job has left.
  const tailAfterLastWrite =
    validationWrites > 0
      ? d.validation
      : screeningWrites > 0
        ? d.screening + (p.validate ? d.validation : 0)
        : toCreate > 0
          ? chainAfterCreate
          : 0;
  let etaMs = checkMs + sendMs + tailAfterLastWrite;
  // The last create, sent at the full pace (the follow-ups of the rows before it come later),
  // then its whole chain.
  if (toCreate > 0) etaMs = Math.max(etaMs, checkMs + toCreate * perWrite + chainAfterCreate);
  // Rows with the platform now: the last to enter each stage ends it, then its later stages.
  const remainingIn = (stage: 'creation' | 'screening' | 'validation', waiting: number) => {
    const entered = p.latestEntry[stage];
    if (!waiting) return 0;
    return Math.max(p.overdueMs, (entered ?? p.now) + d[stage] - p.now);
  };
  const inFlight = Math.max(
    creating > 0 ? remainingIn('creation', c.accepted ?? 0) + afterCreation : 0,
    c.screening_requested ? remainingIn('screening', c.screening_requested) + afterScreening : 0,
    remainingIn('validation', c.validation_requested ?? 0),
  );
  etaMs = Math.max(etaMs, inFlight);
  return {
    etaMs,
    checkMs,
    writes,
    sendMs,
    processingMs: Math.max(0, etaMs - checkMs - sendMs),
  };
}

/**
 * The time left of a job on existing suppliers: its check's lookups, then its own writes at the
 * limiter's pace (the kind's figures count both). Nothing follows the last write.
 */
function changeEta(
  p: PhaseInput,
  figures: KindFigures,
  changes: NonNullable<KindFigures['changes']>,
): PhaseEta {
  const valid = p.counts.valid ?? 0;
  const reads = figures.checkReads(valid);
  const checkMs = p.readsPerMinute > 0 ? (reads / p.readsPerMinute) * 60_000 : 0;
  const none = { create: 0, screening: 0, validation: 0, change: 0, identifiers: 0 };
  if (p.mode === 'check')
    return { etaMs: checkMs, checkMs, writes: none, sendMs: 0, processingMs: 0 };
  const change = changes(p.counts);
  const perWrite = p.writesPerMinute > 0 ? 60_000 / p.writesPerMinute : 0;
  const sendMs = change * perWrite;
  return {
    etaMs: checkMs + sendMs,
    checkMs,
    writes: { ...none, change },
    sendMs,
    processingMs: 0,
  };
}
