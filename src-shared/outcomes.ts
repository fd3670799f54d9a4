// The outcomes of screening and validation as the API reports them (docs/api/api-notes.md), and
// which of them leave the row needing the user. A row whose validation was REJECTED has ended
// (`done`: the app can do nothing more for it) but is not a success: it counts with the rows to
// fix in every summary, filter and export. The words and explanations for the user are in the
// renderer's messages (`outcome.<stage>.<status>`) and, in English, below for the services.
import type { RowState } from './rowStates';

export type OutcomeStage = 'screening' | 'validation';

/** The statuses the API and the app use, per stage. `OnCreate` is the app's mark for a request
 *  sent with the creation; `Skipped` is a screening the platform did not start (already screened
 *  or not eligible). Other values are shown as the API wrote them. */
export const OUTCOME_STATUSES = {
  screening: ['OnCreate', 'New', 'Finished', 'NoFindings', 'Aborted', 'Skipped'],
  validation: ['OnCreate', 'PENDING', 'COMPLETED', 'REJECTED'],
} as const;

/** End statuses after which the user has to act: a screening that found something (`Finished`:
 *  the findings are to be reviewed), a screening stopped without a result, a rejected validation. */
export const ATTENTION_OUTCOMES = {
  screening: ['Aborted', 'Finished'],
  validation: ['REJECTED'],
} as const satisfies { [S in OutcomeStage]: readonly (typeof OUTCOME_STATUSES)[S][number][] };

/** The statuses after which nothing is left to do, and those of a request still under way. Any
 *  other value (one the spec does not list: "and further values not shown") needs a person to
 *  read it: it is never taken for a clean result. */
export const CLEAR_OUTCOMES = {
  screening: ['NoFindings', 'Skipped'],
  validation: ['COMPLETED'],
} as const satisfies { [S in OutcomeStage]: readonly (typeof OUTCOME_STATUSES)[S][number][] };
export const RUNNING_OUTCOMES = {
  screening: ['OnCreate', 'New'],
  validation: ['OnCreate', 'PENDING'],
} as const satisfies { [S in OutcomeStage]: readonly (typeof OUTCOME_STATUSES)[S][number][] };

/** Every status the app knows an end or a running state of; the rest need review. */
export const NOT_ATTENTION_OUTCOMES = {
  screening: [...CLEAR_OUTCOMES.screening, ...RUNNING_OUTCOMES.screening],
  validation: [...CLEAR_OUTCOMES.validation, ...RUNNING_OUTCOMES.validation],
} as const;

/** What each status means and what to do, in English (exports, the command line). */
export const OUTCOME_TEXT: {
  [S in OutcomeStage]: Record<(typeof OUTCOME_STATUSES)[S][number], string>;
} = {
  screening: {
    OnCreate: 'Screening requested with the creation; the app follows it.',
    New: 'Screening is running on the platform; the app follows it until it ends.',
    Finished:
      'Screening finished with findings: review them on the platform before working with this supplier.',
    NoFindings: 'Screening finished without findings. Nothing to do.',
    Aborted:
      'Screening was stopped on the platform without a result: request a new screening for this supplier on the platform.',
    Skipped:
      'The platform did not start a screening (already screened or not eligible). Nothing to do.',
  },
  validation: {
    OnCreate: 'Validation requested with the creation; the app follows it.',
    PENDING: 'Validation is running on the platform; the app follows it until it ends.',
    COMPLETED: 'Validation completed: the platform confirmed the supplier. Nothing to do.',
    REJECTED:
      "Validation rejected: the platform could not confirm the supplier. Read the reason, correct the supplier's details on the platform, then request the validation again there.",
  },
};

export interface OutcomeFacts {
  state: RowState | string;
  screeningStatus: string | null;
  validationStatus: string | null;
  /** A deactivate or identifiers job's own outcome (src-shared/operations.ts OP_RESULTS). */
  opResult?: string | null;
  /** The ids an onboarding attached to the supplier, and what each came to. */
  identifiers?: ReadonlyArray<{ result: string }> | null;
}

/** An id the row attaches that belongs to another supplier: not added, the user decides. */
export function idOnOtherSupplier(row: Pick<OutcomeFacts, 'state' | 'identifiers'>): boolean {
  return row.state === 'done' && (row.identifiers ?? []).some((i) => i.result === 'other');
}

/** A deactivate or identifiers job's own outcomes that leave the row needing the user: a row
 *  naming a supplier the platform does not know has changed nothing. */
export const ATTENTION_OP_RESULTS = ['not_found'] as const;

/** Whether the status needs the user: one of the attention statuses, or a word the app does
 *  not know (read by a person, never taken for a clean result). */
export function isAttentionOutcome(stage: OutcomeStage, status: string | null): boolean {
  return status !== null && !(NOT_ATTENTION_OUTCOMES[stage] as readonly string[]).includes(status);
}

/** A status the app does not know (neither an end nor a running state it was told of). */
export function isUnknownOutcome(stage: OutcomeStage, status: string | null): boolean {
  return status !== null && !(OUTCOME_STATUSES[stage] as readonly string[]).includes(status);
}

/** Why a finished row needs the user, each reason once, in the order the results name them:
 *  a validation and a screening are read side by side, so a confirmed validation never hides
 *  findings. */
export const ATTENTION_REASONS = [
  'validation_rejected',
  'screening_findings',
  'screening_aborted',
  'validation_unknown',
  'screening_unknown',
  'id_on_other',
  'not_found',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export function attentionReasons(row: OutcomeFacts): AttentionReason[] {
  const out: AttentionReason[] = [];
  if (
    (row.state === 'done' || row.state === 'skipped') &&
    (ATTENTION_OP_RESULTS as readonly string[]).includes(row.opResult ?? '')
  )
    out.push('not_found');
  if (row.state !== 'done') return out;
  if (row.validationStatus === 'REJECTED') out.push('validation_rejected');
  else if (isUnknownOutcome('validation', row.validationStatus)) out.push('validation_unknown');
  if (row.screeningStatus === 'Finished') out.push('screening_findings');
  else if (row.screeningStatus === 'Aborted') out.push('screening_aborted');
  else if (isUnknownOutcome('screening', row.screeningStatus)) out.push('screening_unknown');
  if (idOnOtherSupplier(row)) out.push('id_on_other');
  return out;
}

/** A finished row whose screening found something: the findings are to be reviewed on the
 *  platform. Its own outcome, never a clean "done". */
export function hasScreeningFindings(row: {
  state: string;
  screeningStatus: string | null;
}): boolean {
  return row.state === 'done' && row.screeningStatus === 'Finished';
}

/** The English sentence for a status, or null for a value the app does not know. */
export function outcomeText(stage: OutcomeStage, status: string | null): string | null {
  if (status === null) return null;
  const texts = OUTCOME_TEXT[stage] as Record<string, string>;
  return Object.hasOwn(texts, status) ? (texts[status] ?? null) : null;
}
