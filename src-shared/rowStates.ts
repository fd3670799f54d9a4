// The per-row state machine of a job (docs/architecture.md, "Per-row state machine"), and the
// job states. Pure data with zod enums: the services and the UI share them.
//
// Every write request has its own three steps: `*_queued` (waiting for the budget), `*_sending`
// (the intent, committed before the request leaves) and `*_in_doubt` (the answer was lost; the
// row is reconciled before anything is sent again). Outcomes of screening and validation live in
// the row's status columns; the state only says where the row is.
import { z } from 'zod';
import {
  addOwnWrite,
  KIND_WRITE_STATES,
  OWN_WRITES,
  type KindWriteState,
  type OwnWrite,
} from './kindWrites';

/** The states of the pipeline every kind shares, before a kind's own write (kindWrites.ts). */
const PIPELINE_STATES = [
  // Import and validation
  'draft', // imported, not validated yet
  'invalid', // fails the payload schema or is an in-file duplicate; the user fixes it
  'valid', // ready to be checked against the API
  // Check outcomes
  'new', // no supplier with this identity: to be created
  'exists', // a supplier with this identity exists (platformId known)
  'ambiguous', // several suppliers match; the user decides
  'pending', // a creation with this identity is already pending on the platform
  'duplicate', // would be created, but likely is another row or an existing supplier: the user decides
  // Creation
  'queued', // waiting for the write budget
  'sending', // intent: the create request is leaving or left; in doubt if found at start-up
  'in_doubt', // the create answer was lost (500, timeout, dropped connection, crash, 409)
  'accepted', // 202: the creation is pending on the platform, tracked through the pending list
  'created', // the supplier exists on the platform
  'rejected', // 400: the API's reason is kept; never retried automatically
  'vanished', // the creation left the pending list without a supplier, after the settle delay
  // Identifiers: the mapped customer and own ids attached to the supplier, one request each
  'identifiers_queued',
  'identifiers_sending',
  'identifiers_in_doubt', // read back with find-by-identifier by the id being attached
  // Screening
  'screening_queued',
  'screening_sending',
  'screening_in_doubt',
  'screening_requested', // polled until Finished, NoFindings or Aborted
  // Validation
  'validation_queued',
  'validation_sending',
  'validation_in_doubt',
  'validation_requested', // polled until COMPLETED or REJECTED
] as const;

/** The states a row ends in. */
const END_STATES = [
  'done', // everything the job asked for this row is finished
  'skipped', // not sent by choice (skip existing, or excluded by the user)
  'cancelled', // the job was cancelled before this row's next request was sent
  'needs_user', // the app cannot go on alone (reconciliation cap, an error it cannot retry)
] as const;

export type RowState =
  (typeof PIPELINE_STATES)[number] | KindWriteState | (typeof END_STATES)[number];

/** Every row state: the pipeline's, the kinds' own writes' (in the registry's order), the ends. */
export const ROW_STATES = [
  ...PIPELINE_STATES,
  ...KIND_WRITE_STATES,
  ...END_STATES,
] as const satisfies readonly RowState[] as readonly [RowState, ...RowState[]];

/** Whether `state` is a row state: the pipeline's, a kind's own write's (registered ones too),
 *  or an end. */
export function isRowState(state: string): state is RowState {
  return (ROW_STATES as readonly string[]).includes(state);
}

/** A row state, checked against the states known when it is read (a registered kind's too). */
export const RowStateSchema = z
  .string()
  .refine((s) => isRowState(s), { error: 'no row state has this name' }) as z.ZodType<
  RowState,
  string
>;

/** States that mean "a write request may have reached the server": found at start-up, the row
 *  is in doubt and must be reconciled before it is sent again. */
export const WRITE_INTENT_STATES = [
  'sending',
  'identifiers_sending',
  'screening_sending',
  'validation_sending',
  ...OWN_WRITES.map((w) => w.sending),
] as const satisfies readonly RowState[];
export type WriteIntentState = (typeof WRITE_INTENT_STATES)[number];

/** The write stages, each with its queued, intent and in-doubt state. */
export const WRITE_STAGES = {
  create: { queued: 'queued', sending: 'sending', inDoubt: 'in_doubt' },
  identifiers: {
    queued: 'identifiers_queued',
    sending: 'identifiers_sending',
    inDoubt: 'identifiers_in_doubt',
  },
  screening: {
    queued: 'screening_queued',
    sending: 'screening_sending',
    inDoubt: 'screening_in_doubt',
  },
  validation: {
    queued: 'validation_queued',
    sending: 'validation_sending',
    inDoubt: 'validation_in_doubt',
  },
} as const satisfies Record<string, { queued: RowState; sending: RowState; inDoubt: RowState }>;
/** A stage of the pipeline's own writes; a kind's own write is named by the kind. */
export type WriteStage = keyof typeof WRITE_STAGES;

/** The states of a write: the pipeline's stage, or a kind's own (kindWrites.ts). */
export interface WriteStates {
  queued: RowState;
  sending: RowState;
  inDoubt: RowState;
}

/** The name of any write stage: the pipeline's, or a kind's own (stored in its request events). */
export type StageName = WriteStage | (typeof OWN_WRITES)[number]['stage'];

/** Every write's states, by its stage: the pipeline's stages and the kinds' own writes. */
const WRITES_BY_STAGE = new Map<string, WriteStates>([
  ...Object.entries(WRITE_STAGES),
  ...OWN_WRITES.map((w) => [w.stage, w] as const),
]);
export const ALL_WRITES: readonly WriteStates[] = [...WRITES_BY_STAGE.values()];

/** The states of a write stage, the pipeline's or a kind's own. */
export function writeStatesOf(stage: StageName): WriteStates {
  const states = WRITES_BY_STAGE.get(stage);
  if (!states) throw new Error(`no write stage ${stage}`);
  return states;
}

/** The states of a created supplier's screening and validation, before the row is done. */
export const FOLLOW_UP_STATES = [
  'identifiers_queued',
  'identifiers_sending',
  'identifiers_in_doubt',
  'screening_queued',
  'screening_sending',
  'screening_in_doubt',
  'screening_requested',
  'validation_queued',
  'validation_sending',
  'validation_in_doubt',
  'validation_requested',
] as const satisfies readonly RowState[];

/** Rows nothing has been sent for yet in their current stage: a cancelled job moves these to
 *  `cancelled` and leaves every other row as it is. */
export const UNSENT_STATES = [
  'draft',
  'valid',
  'new',
  'exists',
  'duplicate',
  'queued',
  'identifiers_queued',
  'screening_queued',
  'validation_queued',
  ...OWN_WRITES.map((w) => w.queued),
] as const satisfies readonly RowState[];

/** States where the user may edit a row's values: nothing of it is on the platform yet. */
export const FIXABLE_STATES = [
  'draft',
  'invalid',
  'valid',
  'new',
  'ambiguous',
  'duplicate',
  'queued',
  'rejected',
  'vanished',
  'skipped',
  'cancelled',
  'needs_user',
] as const satisfies readonly RowState[];

/** States a row of a list that creates suppliers can be attached from to a supplier the user
 *  found on the platform: nothing of it was sent (the services also take an `exists` row that
 *  was attached before: services/onboarding/platformMatch.ts). */
export const ATTACHABLE_STATES = [
  'valid',
  'new',
  'duplicate',
  'ambiguous',
] as const satisfies readonly RowState[];

/** States the engine leaves alone until the user acts. */
export const PROBLEM_STATES = [
  'invalid',
  'ambiguous',
  'duplicate',
  'rejected',
  'vanished',
  'needs_user',
] as const satisfies readonly RowState[];

/** States in which a row has nothing more to do in a run: finished, or waiting for the user. */
export const SETTLED_STATES = [
  'done',
  'skipped',
  'cancelled',
  ...PROBLEM_STATES,
] as const satisfies readonly RowState[];

export function isSettled(state: string): boolean {
  return (SETTLED_STATES as readonly string[]).includes(state);
}

export type RowStateGroup = 'to_fix' | 'waiting' | 'in_progress' | 'finished';

/** Entries of a table by state for every kind's own write, typed as its states. */
function ownWriteEntries<V>(of: (w: OwnWrite) => [string, V][]): Record<KindWriteState, V> {
  return Object.fromEntries(OWN_WRITES.flatMap(of)) as Record<KindWriteState, V>;
}

/** How the UI groups the states in its summary. */
export const ROW_STATE_GROUP: Record<RowState, RowStateGroup> = {
  draft: 'waiting',
  invalid: 'to_fix',
  valid: 'waiting',
  new: 'waiting',
  exists: 'waiting',
  ambiguous: 'to_fix',
  duplicate: 'to_fix',
  pending: 'in_progress',
  queued: 'waiting',
  sending: 'in_progress',
  in_doubt: 'in_progress',
  accepted: 'in_progress',
  created: 'in_progress',
  rejected: 'to_fix',
  vanished: 'to_fix',
  identifiers_queued: 'waiting',
  identifiers_sending: 'in_progress',
  identifiers_in_doubt: 'in_progress',
  screening_queued: 'waiting',
  screening_sending: 'in_progress',
  screening_in_doubt: 'in_progress',
  screening_requested: 'in_progress',
  validation_queued: 'waiting',
  validation_sending: 'in_progress',
  validation_in_doubt: 'in_progress',
  validation_requested: 'in_progress',
  ...ownWriteEntries((w) => [
    [w.queued, 'waiting'],
    [w.sending, 'in_progress'],
    [w.inDoubt, 'in_progress'],
  ]),
  done: 'finished',
  skipped: 'finished',
  cancelled: 'finished',
  needs_user: 'to_fix',
};

/** The kinds' own write queues: a row goes there from the check's match, and back after a
 *  cancel or the user's fix. */
const OWN_QUEUES = OWN_WRITES.map((w) => w.queued);

/** After the platform has the supplier: the next step depends on the job's options, and on
 *  the ids the row has to attach (those first). */
const FOLLOW_UPS = [
  'identifiers_queued',
  'done',
  'screening_queued',
  'screening_requested', // requested with the creation (screeningPeriodInYears)
  'validation_queued',
  'validation_requested', // requested with the creation (requestValidationOnCreate)
] as const satisfies readonly RowState[];

/**
 * Allowed transitions. A row may always stay in its state (a reschedule or a field update,
 * which writes no transition event); every other move must be listed here.
 */
export const ROW_TRANSITIONS: Record<RowState, readonly RowState[]> = {
  draft: ['valid', 'invalid', 'skipped', 'cancelled'],
  invalid: ['valid', 'skipped'],
  valid: [
    'invalid',
    'new',
    'exists',
    'ambiguous',
    'pending',
    'duplicate', // would be created, but likely is another row or an existing supplier
    'queued', // a job may skip the check; a 409 is reconciled like any other
    'skipped',
    'cancelled',
    // An identifiers job's check: the identifier is where the row wants it already (done), or
    // on another supplier (needs the user).
    'done',
    'needs_user',
  ],
  // exists: the user attached it to a supplier the platform has instead (a likely duplicate).
  // duplicate (here and from exists, queued, skipped): a decision the check carried out because
  // it was remembered from another job, taken back by the user: the row waits for one again.
  new: ['queued', 'valid', 'invalid', 'skipped', 'cancelled', 'exists', 'duplicate'],
  // A kind's own write queue: a deactivate or identifiers job's matched supplier.
  exists: [...FOLLOW_UPS, ...OWN_QUEUES, 'skipped', 'cancelled', 'valid', 'invalid', 'duplicate'],
  ambiguous: ['valid', 'invalid', 'exists', 'skipped'],
  // The user's decision: keep (new), leave out (skipped), attach to the existing supplier (exists).
  duplicate: ['new', 'exists', 'skipped', 'valid', 'invalid', 'cancelled'],
  // skipped: left out by the user before the start, because another job holds the supplier.
  pending: ['accepted', 'created', 'vanished', 'needs_user', 'skipped'],
  queued: ['sending', 'valid', 'invalid', 'skipped', 'cancelled', 'duplicate'],
  // done: a scores batch's answer (or its lost answer settled) ends the row at once.
  sending: ['accepted', 'rejected', 'queued', 'in_doubt', 'needs_user', 'done'],
  in_doubt: ['accepted', 'created', 'queued', 'needs_user', 'done', 'rejected'],
  accepted: ['created', 'vanished', 'needs_user'],
  created: [...FOLLOW_UPS, 'needs_user'],
  rejected: ['valid', 'invalid', 'queued', 'skipped'],
  vanished: ['queued', 'valid', 'invalid', 'skipped', 'created'],
  identifiers_queued: ['identifiers_sending', 'cancelled', 'skipped'],
  // Each id is one request; the last one's answer moves the row on to its follow-up.
  identifiers_sending: [...FOLLOW_UPS, 'identifiers_in_doubt', 'needs_user'],
  identifiers_in_doubt: [...FOLLOW_UPS, 'needs_user'],
  // validation_queued, done: the row itself orders no screening (its own column says none).
  screening_queued: ['screening_sending', 'validation_queued', 'done', 'cancelled', 'skipped'],
  screening_sending: [
    'screening_requested',
    'screening_queued',
    'screening_in_doubt',
    'validation_queued', // 202 with no request ids: the platform skipped it (already screened)
    'done',
    'needs_user',
  ],
  screening_in_doubt: ['screening_requested', 'screening_queued', 'needs_user'],
  // screening_queued: asked for with the creation but never visible, so asked for explicitly.
  screening_requested: [
    'validation_queued',
    'validation_requested',
    'done',
    'needs_user',
    'screening_queued',
  ],
  // done: the row itself orders no validation (its own column says no).
  validation_queued: ['validation_sending', 'done', 'cancelled', 'skipped'],
  validation_sending: [
    'validation_requested',
    'validation_queued',
    'validation_in_doubt',
    'done',
    'needs_user',
  ],
  validation_in_doubt: ['validation_requested', 'validation_queued', 'done', 'needs_user'],
  validation_requested: ['done', 'needs_user', 'validation_queued'],
  // A kind's own write: sent once, answered (done), sent again, or read back after a lost answer.
  ...ownWriteEntries<readonly RowState[]>((w) => [
    [w.queued, [w.sending, 'cancelled', 'skipped'] as RowState[]],
    [w.sending, ['done', w.queued, w.inDoubt, 'needs_user'] as RowState[]],
    [w.inDoubt, ['done', w.queued, 'needs_user'] as RowState[]],
  ]),
  done: [],
  skipped: ['valid', 'queued', 'duplicate'],
  cancelled: [
    'valid',
    'queued',
    'identifiers_queued',
    'screening_queued',
    'validation_queued',
    ...OWN_QUEUES,
  ],
  needs_user: [
    'queued',
    'valid',
    'invalid',
    'skipped',
    'in_doubt',
    'created',
    'done',
    'identifiers_queued',
    'screening_queued',
    'validation_queued',
    ...OWN_QUEUES,
  ],
};

export function canTransition(from: RowState, to: RowState): boolean {
  return from === to || (ROW_TRANSITIONS[from] ?? []).includes(to);
}

/** Called with each write added at run time (src-main/engine/stages.ts keeps its lists). */
const writeListeners: ((w: WriteStates) => void)[] = [];
export function onKindWriteAdded(listener: (w: WriteStates) => void): void {
  writeListeners.push(listener);
}

/**
 * A registered kind's own write (src-main/kinds/registry.ts registerKind): its stage's three
 * states join the state machine as a built-in kind's do (the list, the groups, the transitions,
 * the intent and unsent states), and the engine's lists (stages.ts). Its stage's name is stored
 * in the journal: a kind keeps the name it was first stored with.
 */
export function addKindWrite(kind: string, stage: string): OwnWrite {
  if (WRITES_BY_STAGE.has(stage)) throw new Error(`a write stage ${stage} is known already`);
  const w = addOwnWrite(kind, stage);
  const [queued, sending, inDoubt] = [w.queued, w.sending, w.inDoubt] as RowState[];
  const push = <T>(list: readonly T[], ...items: T[]) => (list as T[]).push(...items);
  // Before the end states, as the built-in kinds' states are listed.
  (ROW_STATES as unknown as RowState[]).splice(
    ROW_STATES.indexOf('done'),
    0,
    queued!,
    sending!,
    inDoubt!,
  );
  push(WRITE_INTENT_STATES as readonly RowState[], sending!);
  push(UNSENT_STATES as readonly RowState[], queued!);
  const states: WriteStates = { queued: queued!, sending: sending!, inDoubt: inDoubt! };
  WRITES_BY_STAGE.set(stage, states);
  push(ALL_WRITES, states);
  Object.assign(ROW_STATE_GROUP, {
    [queued!]: 'waiting',
    [sending!]: 'in_progress',
    [inDoubt!]: 'in_progress',
  });
  Object.assign(ROW_TRANSITIONS, {
    [queued!]: [sending, 'cancelled', 'skipped'],
    [sending!]: ['done', queued, inDoubt, 'needs_user'],
    [inDoubt!]: ['done', queued, 'needs_user'],
  });
  for (const from of ['exists', 'cancelled', 'needs_user'] as const)
    push(ROW_TRANSITIONS[from], queued!);
  for (const listener of writeListeners) listener(states);
  return w;
}

export const JOB_STATES = [
  'ready', // created and not started yet
  'running',
  'paused', // by the user, or by a 403 (the reason says which)
  'waiting_network', // offline: the job probes with backoff; no row fails for it
  'needs_attention', // the job cannot go on without the user (see its reason)
  'cancelled',
  'finished',
] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

export const ROW_EVENT_KINDS = ['request', 'response', 'transition', 'note'] as const;
export const RowEventKindSchema = z.enum(ROW_EVENT_KINDS);
export type RowEventKind = z.infer<typeof RowEventKindSchema>;
