// The language of the retry policy (docs/architecture.md, "Retry policy by answer"): what an
// answer was, classified; what the row does next; and what the job does besides.
import type { AppError } from '../../../src-shared/errors';
import type { RowPatch } from '../../journal/journal';
import type { RowState } from '../../journal/rowStates';
import type { HistoryCode, RowError } from '../messages';

/** The classes of answer a write request ends in (see classify.ts). */
export const ANSWER_CLASSES = [
  'accepted', // 2xx
  'accepted_nothing', // 202 for a screening with no request ids: the platform skipped it
  'row_error', // 400 about the row
  'field_names', // 400 naming the other spelling of city and address
  'already_validated', // 400: the supplier is validated already
  'screening_running', // 400: a screening must end before a validation
  'request_pending', // 400: a validation request is already pending
  'conflict', // 409
  'on_create_refused', // 403 about screening or validation asked for with the creation
  'access_denied', // 403
  'not_found', // 404
  'offline', // no network: nothing was sent
  'no_token', // no token: nothing was sent
  'aborted_unsent', // stopped before it left
  'aborted_sent', // stopped after it may have left
  'maybe_processed', // 5xx, timeout, reset: the answer is lost
  'unexpected_4xx', // another 4xx, or a 2xx in a form the app does not understand, with 4xx
  'unexpected', // an answer the app does not understand
  'throttled', // 429 reaching the engine: the run is stopping
] as const;
export type AnswerClass = (typeof ANSWER_CLASSES)[number];

/** A classified answer: its class and what the policy may keep of it. */
export interface Answer {
  class: AnswerClass;
  status?: number;
  /** The API's code and message (400, 403, 409). */
  code?: string;
  message?: string;
  /** What went wrong, for lost and unexpected answers. */
  detail?: string;
  /** 403: the permission named, and whether the token was accepted. */
  permission?: string;
  loggedIn?: boolean;
  /** 2xx: what the request made. */
  uuid?: string | null;
  screeningRequestIds?: number[];
  requestId?: string;
  /** The catalogue error the job stops with (403, field names). */
  error?: AppError;
  /** A 400 to an identifier request refusing its type: the app's type and the name sent (the
   *  connection's identifier types). */
  refusedType?: { type: string; sent: string };
}

/** When the row is due again. */
export const RETRIES = [
  'none', // not by itself: an end, or a state that waits for the user
  'keep', // due as it was before the request
  'now',
  'settle', // after the settle delay
  'settled', // once the evidence about its lost request counts (answer + settle delay)
  'track', // after the tracking interval
  'poll', // after the first status poll interval
  'poll_backoff', // after a status poll backoff growing with its attempts
  'poll_later', // after a status poll interval growing with the request's age
] as const;
export type Retry = (typeof RETRIES)[number];

/** What the job does besides moving the row. */
export type Effect =
  | { kind: 'none' }
  /** The server answered: a wait for the network ends. */
  | { kind: 'reachable' }
  /** Reachable, and one more creation for the measured rate. */
  | { kind: 'created' }
  /** Nothing was sent: the job waits for the network and probes with backoff. */
  | { kind: 'offline' }
  /** No token: the job stops until one is entered. */
  | { kind: 'no_token' }
  /** 403: the job stops until the token or the permission is fixed. */
  | { kind: 'access_denied'; error: AppError }
  /** The endpoint is missing: a wrong base URL; the job stops. */
  | { kind: 'wrong_address' }
  /** The connection spells city and address the other way: the job stops until switched. */
  | { kind: 'field_names'; error: AppError }
  /** Screening and validation go as separate requests from now on. */
  | { kind: 'refuse_on_create'; permission: string | undefined };

/** Where the row goes, when it is due again, and what is written with it. */
export interface Outcome {
  to: RowState;
  retry: Retry;
  /** The request never took effect: the attempt its intent counted is given back. */
  refund?: true;
  patch?: Omit<RowPatch, 'nextAttemptAt' | 'refundAttempt'>;
  response?: Record<string, unknown>;
  reason?: HistoryCode;
}

export interface Decision {
  outcome: Outcome;
  /** A second move in the same commit, from `outcome.to`. */
  then?: Outcome;
  effect: Effect;
}

export const NO_EFFECT: Effect = { kind: 'none' };

/** The row waits for the user, with the error it shows. */
export function needsUser(
  error: RowError,
  extra: Pick<Outcome, 'response' | 'reason'> = {},
): Outcome {
  return { to: 'needs_user', retry: 'none', patch: { ...error }, ...extra };
}
