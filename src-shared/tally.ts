// One set of numbers per job: each row once, by what it came to, and the reasons the finished
// rows need the user. The services derive it from the journal (the state counters, and the
// finished rows' outcomes read in one grouped query) and send it with the job and with every
// progress event; the run card, the tiles, the Show filter, the banner, the job list, the command
// line's progress and key line and the results' Summary read it and compute none of their own.
import {
  ATTENTION_REASONS,
  attentionReasons,
  type AttentionReason,
  type OutcomeFacts,
} from './outcomes';
import { ROW_STATE_GROUP, ROW_STATES, type RowState, type RowStateGroup } from './rowStates';

/**
 * What a row came to, each row exactly once:
 * - done: everything the job asked for is finished, nothing left to do;
 * - findings: screened, and the screening found something: review the findings on the platform;
 * - platform: created (or found), but the platform rejected its validation or stopped its
 *   screening (and found nothing): the user acts on the platform;
 * - review: the platform answered with a status the app does not know: read it;
 * - to_fix: the row cannot go on without the user (a problem, a decision, an id on another
 *   supplier, a supplier not found);
 * - left_out: skipped by choice (the user's, or the job's options);
 * - not_sent: cancelled before its next request left;
 * - in_progress, waiting: still on its way.
 */
export const ROW_OUTCOMES = [
  'done',
  'findings',
  'platform',
  'review',
  'to_fix',
  'left_out',
  'not_sent',
  'in_progress',
  'waiting',
] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** The summary group of each outcome: the four groups every screen has. `to_fix` is "needs
 *  you": findings and the platform's answers count there with the rows to correct. */
export const OUTCOME_GROUP: Record<RowOutcome, RowStateGroup> = {
  done: 'finished',
  findings: 'to_fix',
  platform: 'to_fix',
  review: 'to_fix',
  to_fix: 'to_fix',
  left_out: 'finished',
  not_sent: 'finished',
  in_progress: 'in_progress',
  waiting: 'waiting',
};

/** The outcome of one row; the same rule for a single row (a badge, a results line) and for
 *  the counts (tallyOf). */
export function rowOutcome(row: OutcomeFacts): RowOutcome {
  const reasons = attentionReasons(row);
  // Findings first: the one result a screening exists for, never counted under another heading
  // (a row whose validation was also rejected says both in its reason).
  if (reasons.includes('screening_findings')) return 'findings';
  if (reasons.includes('validation_rejected') || reasons.includes('screening_aborted'))
    return 'platform';
  if (reasons.includes('validation_unknown') || reasons.includes('screening_unknown'))
    return 'review';
  if (reasons.length) return 'to_fix';
  const group = ROW_STATE_GROUP[row.state as RowState] ?? 'waiting';
  if (group !== 'finished') return group;
  return row.state === 'done' ? 'done' : row.state === 'skipped' ? 'left_out' : 'not_sent';
}

export interface JobTally {
  total: number;
  /** Each row once. */
  outcomes: Record<RowOutcome, number>;
  /** The four groups, summed from the outcomes. */
  groups: Record<RowStateGroup, number>;
  /** Finished rows per reason they need the user; a row may have two (findings and a rejected
   *  validation, shown side by side). */
  attention: Record<AttentionReason, number>;
}

export function emptyTally(): JobTally {
  return {
    total: 0,
    outcomes: Object.fromEntries(ROW_OUTCOMES.map((o) => [o, 0])) as Record<RowOutcome, number>,
    groups: { to_fix: 0, waiting: 0, in_progress: 0, finished: 0 },
    attention: Object.fromEntries(ATTENTION_REASONS.map((r) => [r, 0])) as Record<
      AttentionReason,
      number
    >,
  };
}

/** Adds `n` rows with these facts. */
export function addToTally(t: JobTally, row: OutcomeFacts, n = 1): void {
  if (n <= 0) return;
  const outcome = rowOutcome(row);
  t.total += n;
  t.outcomes[outcome] += n;
  t.groups[OUTCOME_GROUP[outcome]] += n;
  for (const r of attentionReasons(row)) t.attention[r] += n;
}

/** The finished rows' facts as the journal groups them: the states whose outcome depends on
 *  more than the state (done, skipped), with their statuses and own results. */
export interface EndedFacts {
  state: string;
  screening: string | null;
  validation: string | null;
  opResult: string | null;
  /** 1 where an id the row attaches belongs to another supplier. */
  idOnOther: number;
  n: number;
}

/** States whose rows are read one group at a time (EndedFacts); every other state's rows have
 *  the outcome of their state, so its counter says all. */
export const ENDED_FACT_STATES = ['done', 'skipped'] as const;

/** The states a screen shows by outcome instead (their rows are each counted by what they came
 *  to); the rest are steps on the way. */
export const ENDED_STATES_SHOWN_BY_OUTCOME = ['done', 'skipped', 'cancelled'] as const;

/** The tally of a job from its rows per state and its finished rows' facts. */
export function tallyOf(
  counts: Partial<Record<string, number>>,
  ended: readonly EndedFacts[],
): JobTally {
  const t = emptyTally();
  for (const state of ROW_STATES) {
    if ((ENDED_FACT_STATES as readonly string[]).includes(state)) continue;
    const n = counts[state] ?? 0;
    if (n > 0) addToTally(t, { state, screeningStatus: null, validationStatus: null }, n);
  }
  for (const f of ended)
    addToTally(
      t,
      {
        state: f.state,
        screeningStatus: f.screening,
        validationStatus: f.validation,
        opResult: f.opResult,
        identifiers: f.idOnOther ? [{ result: 'other' }] : null,
      },
      f.n,
    );
  return t;
}
