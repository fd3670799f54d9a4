// The paid work of an onboarding job (screenings and validations cost money), worked out in one
// place from everything that orders it: the job's options and each row's own columns (a mapped
// "screening period" or "validation" column). The start summary, the confirmation, the time
// estimate and the engine all read it from here, so what the user confirms is what is sent:
// - `rowPaidWork` says what one row orders and what rides with its create; the engine builds
//   its payload and its follow-ups from it;
// - `paidWorkOf` counts what a start may still order, from one grouped read of the rows;
// - `confirmedLeft` is what is left of the last confirmation, and `PaidBudget` what the engine
//   may still send in this run: a row asking for more is held back (nothing of it is sent), the
//   rest of the job goes on, and once only held rows are left the job pauses until a start
//   confirms the new summary.
import { kindTraits } from '../../src-shared/operations';
import { PAID_FIELDS, SCREENING_PERIODS, type ScreeningPeriod } from '../../src-shared/supplier';
import type { Journal, Job } from '../journal/journal';
import type { JobOptions } from '../journal/schema';
import type { RowState } from '../journal/rowStates';
import type { OnCreateEntitlements } from './runTypes';

export type Period = ScreeningPeriod;
export type PeriodCounts = Record<Period, number>;

/** What a row's own columns say (absent: the column is not mapped or the cell is empty). */
export interface PaidCells {
  screeningPeriodInYears?: unknown;
  requestValidationOnCreate?: unknown;
}

/** What one row orders: its screening period (its own column, else the job's), its validation
 *  (its own yes or no, else the job's), and which of them ride with its create. */
export interface RowPaidWork {
  period: Period | null;
  validation: boolean;
  /** The period or the validation comes from the row's own column. */
  periodFromColumn: boolean;
  validationFromColumn: boolean;
  onCreate: { screening: boolean; validation: boolean };
}

const isPeriod = (v: unknown): v is Period => SCREENING_PERIODS.includes(v as Period);

export function rowPaidWork(
  cells: PaidCells | null | undefined,
  options: Pick<JobOptions, 'screeningPeriod' | 'validate'>,
  onCreate: OnCreateEntitlements = { screening: undefined, validation: undefined },
): RowPaidWork {
  const own = cells?.screeningPeriodInYears;
  const periodFromColumn = isPeriod(own);
  const optionPeriod = isPeriod(options.screeningPeriod) ? options.screeningPeriod : null;
  const period = periodFromColumn ? own : optionPeriod;
  const ownValidation = cells?.requestValidationOnCreate;
  const validationFromColumn = typeof ownValidation === 'boolean';
  const validation = validationFromColumn ? ownValidation : Boolean(options.validate);
  // Writes are the scarce budget: screening and validation ride with the create where the API
  // user may. A validation the job asks for waits while a screening is asked for (the API
  // refuses a validation while a screening is pending); one the row asks for itself rides with
  // its screening, as the row says.
  const screeningRides = period !== null && onCreate.screening !== false;
  const validationRides =
    validation &&
    onCreate.validation !== false &&
    (period === null || validationFromColumn || onCreate.screening === false);
  return {
    period,
    validation,
    periodFromColumn,
    validationFromColumn,
    onCreate: { screening: screeningRides, validation: validationRides },
  };
}

/** Counts of paid work: screenings per period and validations; the parts for suppliers that
 *  exist already, ordered by the rows' own columns, and sent as requests of their own. */
export interface PaidWork {
  screenings: PeriodCounts;
  validations: number;
  existing: { screenings: number; validations: number };
  fromColumns: { screenings: number; validations: number };
  separate: { screenings: number; validations: number };
  /** Customer and own ids still to attach (to new and existing suppliers alike). */
  identifiersToAttach: number;
  /** Ordered already by this job with a create the platform took, and not ordered again: a
   *  resumed job's summary says these apart, never as still to order. */
  sent: { screenings: number; validations: number };
}

export const zeroPeriods = (): PeriodCounts => ({ 2: 0, 5: 0, 10: 0 });
export const totalScreenings = (c: PeriodCounts): number => c[2] + c[5] + c[10];

/** Rows of this job that a start may still send a creation for. */
export const CREATE_STATES: readonly RowState[] = ['valid', 'new', 'queued'];
/** Rows whose ids are still to attach (an upper bound for a row mid-way through them). */
const TO_ATTACH: readonly RowState[] = [
  ...CREATE_STATES,
  'pending',
  'sending',
  'in_doubt',
  'accepted',
  'created',
  'identifiers_queued',
  'identifiers_sending',
  'identifiers_in_doubt',
];
/** Rows that get their screening once their supplier exists (the existing ones apart). */
const TO_SCREEN: readonly RowState[] = [...TO_ATTACH, 'screening_queued'];
/** ... and their validation. */
const TO_VALIDATE: readonly RowState[] = [
  ...TO_SCREEN,
  'screening_sending',
  'screening_in_doubt',
  'screening_requested',
  'validation_queued',
];
/** A row past its paid stage for good: not still to order it (`paidWorkOf` counts those), and
 *  not requested and followed either (a screening asked for with the create that never shows
 *  is asked for again on its own; the row's share of the confirmation stays for it). */
function pastStage(state: RowState, stage: 'screening' | 'validation'): boolean {
  const still = stage === 'screening' ? TO_SCREEN : TO_VALIDATE;
  return !still.includes(state) && !FOLLOWED[stage].includes(state);
}
const FOLLOWED: Record<'screening' | 'validation', readonly RowState[]> = {
  screening: ['screening_sending', 'screening_in_doubt', 'screening_requested'],
  validation: ['validation_sending', 'validation_in_doubt', 'validation_requested'],
};

/** Rows whose create may still leave: what rides with it is not a request of its own. */
const MAY_CREATE: readonly RowState[] = [...CREATE_STATES, 'pending', 'sending', 'in_doubt'];

/** What a start of the job may still order: one grouped read of the job's rows, each group
 *  worked out by `rowPaidWork`. An onboarding job only: the other kinds order nothing paid. */
export function paidWorkOf(
  journal: Pick<Journal, 'paidColumns'>,
  job: Pick<Job, 'id' | 'options'>,
  onCreate: OnCreateEntitlements = { screening: undefined, validation: undefined },
): PaidWork {
  const out: PaidWork = {
    screenings: zeroPeriods(),
    validations: 0,
    existing: { screenings: 0, validations: 0 },
    fromColumns: { screenings: 0, validations: 0 },
    separate: { screenings: 0, validations: 0 },
    identifiersToAttach: 0,
    sent: { screenings: 0, validations: 0 },
  };
  if (!kindTraits(job.options.operation).createsSuppliers) return out;
  const followsExisting = !job.options.skipExisting;
  for (const g of journal.paidColumns(job.id)) {
    const w = rowPaidWork(cellsOf(g), job.options, onCreate);
    // Ids are attached to every supplier the row names, existing ones skipped or not.
    if (g.attach && (g.state === 'exists' || TO_ATTACH.includes(g.state)))
      out.identifiersToAttach += g.attach * g.n;
    const existing = g.state === 'exists' && followsExisting;
    const creating = MAY_CREATE.includes(g.state);
    // A create that carried the row's screening (validation) and was taken: the engine follows
    // it and orders it again only if it never shows (policy/progression.ts, evidence.ts), so it
    // is not still to order, also for a row checked again (its supplier then "exists").
    const screeningSent = g.screeningOnCreate === 1;
    const validationSent = g.validationOnCreate === 1;
    const checkedAgain = g.state === 'exists';
    if (w.period && screeningSent && (checkedAgain || TO_SCREEN.includes(g.state)))
      out.sent.screenings += g.n;
    else if (w.period && (existing || TO_SCREEN.includes(g.state))) {
      out.screenings[w.period] += g.n;
      if (existing) out.existing.screenings += g.n;
      if (w.periodFromColumn) out.fromColumns.screenings += g.n;
      if (!(creating && w.onCreate.screening)) out.separate.screenings += g.n;
    }
    if (w.validation && validationSent && (checkedAgain || TO_VALIDATE.includes(g.state)))
      out.sent.validations += g.n;
    else if (w.validation && (existing || TO_VALIDATE.includes(g.state))) {
      out.validations += g.n;
      if (existing) out.existing.validations += g.n;
      if (w.validationFromColumn) out.fromColumns.validations += g.n;
      if (!(creating && w.onCreate.validation)) out.separate.validations += g.n;
    }
  }
  return out;
}

/** The paid part of a plan note: what the user confirmed, per period and validations. */
export function paidConfirmation(w: Pick<PaidWork, 'screenings' | 'validations'>): {
  screeningsByPeriod: Record<string, number>;
  screenings: number;
  validations: number;
} {
  return {
    screeningsByPeriod: Object.fromEntries(
      SCREENING_PERIODS.map((p) => [String(p), w.screenings[p]]),
    ),
    screenings: totalScreenings(w.screenings),
    validations: w.validations,
  };
}

/** Records that the job's paid work as it stands is confirmed (a plan note): what a user's
 *  confirmation of the start summary records, for the engine's own tests and benchmarks that
 *  start jobs without the services. */
export function confirmPaidWork(
  journal: Pick<Journal, 'getJob' | 'paidColumns' | 'appendEvents'>,
  jobId: string,
): void {
  const job = journal.getJob(jobId);
  if (!job) return;
  const plan = paidConfirmation(paidWorkOf(journal, job));
  journal.appendEvents([{ jobId, rowId: null, kind: 'note', detail: { plan } }]);
}

/** The paid work a plan note records as confirmed; older notes named one period. */
export function confirmedPaidWork(note: unknown): {
  screenings: PeriodCounts;
  validations: number;
} {
  const n = (note ?? {}) as {
    screeningsByPeriod?: Partial<Record<string, unknown>>;
    periodInYears?: unknown;
    screenings?: unknown;
    validations?: unknown;
  };
  const screenings = zeroPeriods();
  if (n.screeningsByPeriod) {
    for (const p of SCREENING_PERIODS) {
      const v = n.screeningsByPeriod[String(p)];
      if (typeof v === 'number') screenings[p] = v;
    }
  } else if (isPeriod(n.periodInYears) && typeof n.screenings === 'number') {
    screenings[n.periodInYears] = n.screenings;
  }
  return { screenings, validations: typeof n.validations === 'number' ? n.validations : 0 };
}

/** Whether `now` asks for no more than is left of what was confirmed. */
export function withinConfirmed(
  now: Pick<PaidWork, 'screenings' | 'validations'>,
  left: { screenings: PeriodCounts; validations: number },
): boolean {
  return (
    SCREENING_PERIODS.every((p) => now.screenings[p] <= left.screenings[p]) &&
    now.validations <= left.validations
  );
}

/**
 * What is left of the paid work the user last confirmed: the confirmed counts less what rows
 * have ordered since and are past (a row still on its way is counted by `paidWorkOf` instead,
 * so it is never counted twice). A start needs no new confirmation while what it may still
 * order fits in it; nothing confirmed leaves nothing.
 */
export function confirmedLeft(
  journal: Pick<Journal, 'lastJobNote' | 'paidSince'>,
  job: Pick<Job, 'id' | 'options'>,
  onCreate: OnCreateEntitlements = { screening: undefined, validation: undefined },
): { screenings: PeriodCounts; validations: number } {
  const note = journal.lastJobNote(job.id, 'plan');
  if (!note) return { screenings: zeroPeriods(), validations: 0 };
  const left = confirmedPaidWork(note.detail.plan);
  for (const r of journal.paidSince(job.id, note.id)) {
    const w = rowPaidWork(cellsOf(r), job.options, onCreate);
    if (r.screeningSent && w.period && pastStage(r.state, 'screening')) left.screenings[w.period]--;
    if (r.validationSent && pastStage(r.state, 'validation')) left.validations--;
  }
  for (const p of SCREENING_PERIODS) left.screenings[p] = Math.max(0, left.screenings[p]);
  left.validations = Math.max(0, left.validations);
  return left;
}

/** A row's own paid cells from a grouped read (JSON booleans come back as 1 and 0). */
function cellsOf(g: { period: number | null; validation: number | null }): PaidCells {
  return {
    ...(g.period !== null ? { screeningPeriodInYears: Number(g.period) } : {}),
    ...(g.validation !== null ? { requestValidationOnCreate: g.validation === 1 } : {}),
  };
}

export type PaidKind = { screening: Period | null; validation: boolean };

/**
 * What the engine may still order in this run: what is left of the confirmed plan
 * (`confirmedLeft`). A row takes its share of a kind once, before its request leaves (`take`):
 * sending it again (an answer lost, a create tried again) takes nothing more, as it orders one
 * screening or validation all the same; a request that never left gives its share back.
 */
export class PaidBudget {
  private readonly took = { screening: new Set<number>(), validation: new Set<number>() };

  private constructor(
    private readonly screenings: PeriodCounts,
    private validations: number,
  ) {}

  /** Nothing may be ordered (before a run has read its plan). */
  static none(): PaidBudget {
    return new PaidBudget(zeroPeriods(), 0);
  }

  static forRun(
    journal: Pick<Journal, 'lastJobNote' | 'paidSince'>,
    job: Pick<Job, 'id' | 'options'>,
    onCreate: OnCreateEntitlements,
  ): PaidBudget {
    const left = confirmedLeft(journal, job, onCreate);
    return new PaidBudget(left.screenings, left.validations);
  }

  /** Takes what the row's request orders and the row has not taken yet: what it took, or
   *  undefined (and nothing taken) when that is not left. */
  take(rowId: number, k: PaidKind): PaidKind | undefined {
    const taken: PaidKind = {
      screening: k.screening !== null && !this.took.screening.has(rowId) ? k.screening : null,
      validation: k.validation && !this.took.validation.has(rowId),
    };
    if (taken.screening !== null && this.screenings[taken.screening] < 1) return undefined;
    if (taken.validation && this.validations < 1) return undefined;
    if (taken.screening !== null) {
      this.screenings[taken.screening]--;
      this.took.screening.add(rowId);
    }
    if (taken.validation) {
      this.validations--;
      this.took.validation.add(rowId);
    }
    return taken;
  }

  /** A request that never left gives back what it took. */
  giveBack(rowId: number, taken: PaidKind): void {
    if (taken.screening !== null && this.took.screening.delete(rowId))
      this.screenings[taken.screening]++;
    if (taken.validation && this.took.validation.delete(rowId)) this.validations++;
  }
}

/** Whether the job's mapping fills a paid-work field (from a column, or a fixed value). */
export function mapsPaidWork(mapping: unknown): boolean {
  const fields = (
    mapping as { fields?: Array<{ field?: string; column?: unknown; constant?: unknown }> }
  )?.fields;
  return (fields ?? []).some(
    (f) =>
      (PAID_FIELDS as readonly string[]).includes(f.field ?? '') &&
      (typeof f.column === 'number' ||
        (typeof f.constant === 'string' && f.constant.trim() !== '')),
  );
}
