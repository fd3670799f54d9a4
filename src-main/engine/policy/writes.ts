// The retry policy of the write stages: what an answer to a create, a screening request or a
// validation request does to its row and to the job. Pure: no journal, no clock, no server.
// The promise kept here: a write whose answer was lost goes in doubt and is reconciled before
// anything is sent again (the API has no idempotency key).
import { appError } from '../../../src-shared/errors';
import { rowError } from '../messages';
import { ON_CREATE, requestedState, stageStates, type FollowUpStage } from '../stages';
import {
  NO_EFFECT,
  needsUser,
  type Answer,
  type AnswerClass,
  type Decision,
  type Outcome,
} from './types';

export interface CreateContext {
  /** Whether the create asked for screening or validation with it. */
  sent: { screening: boolean; validation: boolean };
}

export interface FollowUpContext {
  /** The job asks for validation (after the screening). */
  validate: boolean;
}

export const reachable = { kind: 'reachable' } as const;

/** The 400s about the row (its values, or what the platform already has for its supplier). */
const REFUSALS: ReadonlySet<AnswerClass> = new Set([
  'row_error',
  'field_names',
  'already_validated',
  'screening_running',
  'request_pending',
]);

/** A 400 the platform refused the row with: never sent again by itself. */
export function isRefusal(c: AnswerClass): boolean {
  return REFUSALS.has(c);
}

/** Back to the queue, the attempt given back: the request never took effect. */
function notSent(to: Outcome['to'], extra: Pick<Outcome, 'response' | 'reason'> = {}): Outcome {
  return { to, retry: 'keep', refund: true, ...extra };
}

/** A 409: in doubt, read about at once (the 409 says what it clashed with existed when it was
 *  answered: no settle delay, see settledAt). */
export function conflictDoubt(
  doubt: Outcome['to'],
  answer: Answer,
  reason: 'conflict' | 'identifier_conflict',
  sent: Record<string, unknown> = {},
): Decision {
  return {
    outcome: {
      to: doubt,
      retry: 'now',
      patch: { errorCode: 'api_conflict', errorMessage: answer.message ?? null },
      response: { status: 409, code: answer.code, message: answer.message, ...sent },
      reason,
    },
    effect: reachable,
  };
}

/** The answer was lost: in doubt, reconciled after the settle delay. */
function inDoubt(to: Outcome['to'], detail: string): Outcome {
  return { to, retry: 'settle', response: { answer: 'lost', detail }, reason: 'in_doubt' };
}

/** A request the run's stop caught: before it left (back to the queue, the attempt given
 *  back), or after (in doubt). The scheduler retries 429s itself: one reaching the engine means
 *  the run is stopping. */
function caught(
  c: 'aborted_unsent' | 'throttled' | 'aborted_sent',
  queued: Outcome['to'],
  doubt: Outcome['to'],
): Decision {
  return {
    outcome: c === 'aborted_sent' ? inDoubt(doubt, 'interrupted after sending') : notSent(queued),
    effect: NO_EFFECT,
  };
}

export function createPolicy(answer: Answer, ctx: CreateContext): Decision {
  const { queued, inDoubt: doubt } = stageStates('create');
  switch (answer.class) {
    case 'accepted':
    case 'accepted_nothing':
      return {
        outcome: {
          to: 'accepted',
          retry: 'track',
          patch: {
            ...(answer.uuid !== undefined ? { creationUuid: answer.uuid } : {}),
            createdByJob: true,
            errorCode: null,
            errorMessage: null,
            ...(ctx.sent.screening ? { screeningStatus: ON_CREATE } : {}),
            ...(ctx.sent.validation ? { validationStatus: ON_CREATE } : {}),
          },
          response: { status: answer.status, uuid: answer.uuid },
        },
        effect: { kind: 'created' },
      };
    case 'field_names':
      // The connection's setting, not the row: every other create would be refused the same
      // way. The row says so; the job stops until the setting is switched.
      return {
        outcome: rejected('api_field_names', answer.error?.message ?? answer.message, answer),
        effect: { kind: 'field_names', error: answer.error ?? appError('api_field_names') },
      };
    case 'row_error':
    case 'already_validated':
    case 'screening_running':
    case 'request_pending':
      return { outcome: rejected('api_row_rejected', answer.message, answer), effect: reachable };
    case 'conflict':
      return conflictDoubt(doubt, answer, 'conflict');
    case 'on_create_refused':
      // Not entitled to screening or validation on create: they go as separate requests later,
      // and this create again without them. Creates in flight with the same fields land here
      // too, and are simply queued again.
      return {
        outcome: {
          to: queued,
          retry: 'now',
          refund: true,
          response: { status: 403, permission: answer.permission ?? null, message: answer.message },
          reason: 'on_create_refused',
        },
        effect: { kind: 'refuse_on_create', permission: answer.permission },
      };
    case 'access_denied':
      return {
        outcome: notSent(queued, {
          response: {
            status: answer.status ?? null,
            loggedIn: answer.loggedIn ?? null,
            message: answer.message ?? answer.error?.message,
          },
        }),
        effect: { kind: 'access_denied', error: answer.error ?? appError('api_access_denied') },
      };
    case 'not_found':
      // The create endpoint itself is missing: a wrong base URL, not a network problem.
      return {
        outcome: notSent(queued, { response: { status: 404 }, reason: 'create_endpoint_missing' }),
        effect: { kind: 'wrong_address' },
      };
    case 'offline':
    case 'no_token':
      return {
        outcome: notSent(queued, { response: { answer: answer.class }, reason: 'not_sent' }),
        effect: { kind: answer.class },
      };
    case 'aborted_unsent':
    case 'throttled':
    case 'aborted_sent':
      return caught(answer.class, queued, doubt);
    case 'maybe_processed':
      return { outcome: inDoubt(doubt, answer.detail ?? ''), effect: reachable };
    case 'unexpected_4xx':
      return {
        outcome: {
          to: 'rejected',
          retry: 'none',
          patch: { errorCode: 'api_unexpected_response', errorMessage: answer.detail ?? null },
          response: { status: answer.status, detail: answer.detail },
        },
        effect: NO_EFFECT,
      };
    case 'unexpected':
      return {
        outcome: inDoubt(doubt, `unexpected answer: ${answer.detail ?? ''}`),
        effect: NO_EFFECT,
      };
  }
}

function rejected(errorCode: string, errorMessage: string | undefined, answer: Answer): Outcome {
  return {
    to: 'rejected',
    retry: 'none',
    patch: { errorCode, errorMessage: errorMessage ?? null, rejectionReason: answer.code ?? null },
    response: { status: 400, code: answer.code, message: answer.message },
  };
}

export function followUpPolicy(
  stage: FollowUpStage,
  answer: Answer,
  ctx: FollowUpContext,
): Decision {
  const { queued, inDoubt: doubt } = stageStates(stage);
  const requested = requestedState(stage);
  /** A 400 whose message explains it (validations only): the platform is reachable. */
  const explained = (outcome: Outcome): Decision => ({
    outcome: { ...outcome, response: { status: 400, message: answer.message } },
    effect: reachable,
  });
  const cls = followUpClass(stage, answer.class);
  switch (cls) {
    case 'accepted_nothing':
      // Skipped by the platform (already screened or not eligible): never ask twice.
      return {
        outcome: {
          to: ctx.validate ? 'validation_queued' : 'done',
          retry: 'keep',
          patch: { screeningStatus: 'Skipped', screeningIds: [] },
          response: { status: answer.status, screeningRequestIds: [] },
        },
        effect: reachable,
      };
    case 'accepted':
      return {
        outcome:
          stage === 'screening'
            ? {
                to: requested,
                retry: 'poll',
                patch: { screeningIds: answer.screeningRequestIds ?? [], screeningStatus: 'New' },
                response: {
                  status: answer.status,
                  screeningRequestIds: answer.screeningRequestIds,
                },
              }
            : {
                to: requested,
                retry: 'poll',
                patch: {
                  validationRequestId: answer.requestId ?? null,
                  validationStatus: 'PENDING',
                },
                response: { status: answer.status, requestId: answer.requestId },
              },
        effect: reachable,
      };
    case 'already_validated':
      return explained({
        to: 'done',
        retry: 'none',
        patch: {
          validationStatus: 'COMPLETED',
          errorMessage: answer.message ?? null,
          errorCode: null,
        },
        reason: 'already_validated',
      });
    case 'screening_running':
      // A screening of the supplier is still running (another job's or user's): validation
      // must wait for it. Not the row's fault, so no attempt is spent.
      return explained({
        to: queued,
        retry: 'poll_backoff',
        refund: true,
        reason: 'screening_running',
      });
    case 'request_pending':
      // A request is already pending for the supplier: follow that one instead.
      return explained({ to: requested, retry: 'poll', patch: { validationStatus: 'PENDING' } });
    case 'row_error':
    case 'field_names':
      return {
        outcome: needsUser(
          rowError(`api_row_rejected.${stage}`, { detail: answer.message ?? '' }),
          { response: { status: 400, code: answer.code, message: answer.message } },
        ),
        effect: reachable,
      };
    case 'not_found':
      return {
        outcome: needsUser(rowError(`api_not_found.${stage}`), { response: { status: 404 } }),
        effect: NO_EFFECT,
      };
    case 'conflict':
      return { outcome: inDoubt(doubt, '409'), effect: NO_EFFECT };
    default:
      return unsentOrLost({ ...answer, class: cls }, queued, doubt);
  }
}

/** The answers of a write after the supplier exists that say nothing about the row: refused
 *  for the whole job (403), never sent, caught by the run's stop, or lost. */
export function unsentOrLost(
  answer: Answer & {
    class:
      | 'on_create_refused'
      | 'access_denied'
      | 'offline'
      | 'no_token'
      | 'aborted_unsent'
      | 'throttled'
      | 'aborted_sent'
      | 'maybe_processed'
      | 'unexpected_4xx'
      | 'unexpected';
  },
  queued: Outcome['to'],
  doubt: Outcome['to'],
): Decision {
  const cls = answer.class;
  switch (cls) {
    case 'on_create_refused':
    case 'access_denied':
      return {
        outcome: notSent(queued, {
          response: {
            status: answer.status ?? null,
            message: answer.message ?? answer.error?.message,
          },
        }),
        effect: { kind: 'access_denied', error: answer.error ?? appError('api_access_denied') },
      };
    case 'offline':
    case 'no_token':
      return {
        outcome: notSent(queued, { response: { answer: cls } }),
        effect: { kind: cls },
      };
    case 'aborted_unsent':
    case 'throttled':
    case 'aborted_sent':
      return caught(cls, queued, doubt);
    case 'maybe_processed':
    case 'unexpected_4xx':
    case 'unexpected':
      return { outcome: inDoubt(doubt, answer.detail ?? ''), effect: NO_EFFECT };
  }
}

/** The classes that mean something only for one follow-up: elsewhere they are what they are
 *  made of (a refusal of the row, a request accepted). */
function followUpClass(stage: FollowUpStage, c: AnswerClass): AnswerClass {
  if (stage === 'screening' && VALIDATION_REFUSALS.has(c)) return 'row_error';
  if (stage === 'validation' && c === 'accepted_nothing') return 'accepted';
  return c;
}

const VALIDATION_REFUSALS = new Set<AnswerClass>([
  'already_validated',
  'screening_running',
  'request_pending',
]);
