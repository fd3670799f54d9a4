// The engine's stages and the row states they work on, derived from the row state machine in
// src-shared/rowStates (docs/architecture.md, "Per-row state machine").
import {
  ALL_WRITES,
  ROW_STATES,
  isSettled,
  onKindWriteAdded,
  writeStatesOf,
  type RowState,
  type StageName,
  type WriteStage,
  type WriteStates,
} from '../journal/rowStates';

export type { StageName, WriteStage };
export type FollowUpStage = 'screening' | 'validation';
export const FOLLOW_UP_STAGES: readonly FollowUpStage[] = ['screening', 'validation'];

/** A pipeline write stage's states: waiting for the budget, the intent, in doubt (a kind's own
 *  write names its states itself, src-shared/kindWrites.ts). */
export function stageStates(stage: StageName): WriteStates {
  return writeStatesOf(stage);
}

/** A follow-up's state once requested: polled until its status ends. */
export function requestedState(stage: FollowUpStage): `${FollowUpStage}_requested` & RowState {
  return `${stage}_requested`;
}

/** The follow-up stage a requested or in-doubt state belongs to. */
export function followUpStageOf(state: RowState): FollowUpStage {
  return state.startsWith('screening_') ? 'screening' : 'validation';
}

/** The states in which a row's write may have reached the server, with their doubt state: the
 *  pipeline's writes and every kind's own. */
export const INTENT_TO_DOUBT = ALL_WRITES.map(
  (w) => [w.sending, w.inDoubt] as [RowState, RowState],
);

export const IN_DOUBT_STATES: RowState[] = ALL_WRITES.map((w) => w.inDoubt);
export const REQUESTED_STATES: RowState[] = FOLLOW_UP_STAGES.map(requestedState);

/** States in which a row still has work in this run: every state not settled, except 'draft'
 *  (rows not validated yet wait for the user, see finish, not for the engine). */
export const ACTIVE_STATES: readonly RowState[] = ROW_STATES.filter(
  (s) => s !== 'draft' && !isSettled(s),
);

/** What must be empty for a no-wait run to stop: every create sent and answered. */
export const UNSENT_CREATE_STATES: readonly RowState[] = [
  'valid',
  'new',
  'queued',
  'sending',
  'in_doubt',
];

/** Rows whose creation the pending list tracks. */
export const TRACKED_STATES: RowState[] = ['accepted', 'pending'];

/** States whose rows wait for a due time (the loop sleeps until the earliest). */
export const TIMED_STATES: RowState[] = [
  ...ALL_WRITES.map((w) => w.queued),
  ...IN_DOUBT_STATES,
  ...REQUESTED_STATES,
];

// A kind registered at run time (kinds/registry.ts): its write's states join the lists above.
onKindWriteAdded((w) => {
  INTENT_TO_DOUBT.push([w.sending, w.inDoubt]);
  IN_DOUBT_STATES.push(w.inDoubt);
  (ACTIVE_STATES as RowState[]).push(w.queued, w.sending, w.inDoubt);
  TIMED_STATES.push(w.queued, w.inDoubt);
});

/** The status a follow-up has when it was asked for with the creation. */
export const ON_CREATE = 'OnCreate';
/** Marks kept in a row's error code between two looks (see the tracking and polling policies). */
export const MISSING_MARK = 'creation_missing';
export const NOT_VISIBLE_MARK = 'status_not_visible';

export const SCREENING_END = new Set(['Finished', 'NoFindings', 'Aborted']);
export const VALIDATION_END = new Set(['COMPLETED', 'REJECTED']);
/** The statuses the API documents for a request still running. */
export const SCREENING_RUNNING = new Set(['New']);
export const VALIDATION_RUNNING = new Set(['PENDING']);
/** Kept in a row's error code (with `since` and `status` in its params) while its screening or
 *  validation answers a status the documentation does not list: followed for a bounded time. */
export const UNKNOWN_STATUS_MARK = 'status_unknown';

/** A status the API's documentation lists for the stage (running or ended). */
export function isKnownStatus(stage: FollowUpStage, status: string): boolean {
  return stage === 'screening'
    ? SCREENING_END.has(status) || SCREENING_RUNNING.has(status)
    : VALIDATION_END.has(status) || VALIDATION_RUNNING.has(status);
}

/** The engine's lanes: each keeps a few requests outstanding for the scheduler to pace. */
export type Lane =
  | 'check'
  | 'create'
  | 'reconcile'
  | 'track'
  | 'identifiers'
  /** A kind's own write (ownWrite.ts): a job has one kind, so one such lane. */
  | 'own'
  | 'followup'
  | 'batch'
  | 'poll'
  | 'promote';
