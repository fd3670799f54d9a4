// The classes of answer every API call ends in (architecture: "Retry policy by answer"). A call
// never throws for something the API or the network did; it returns one of these, and the sync
// engine decides per class. `answerError` turns a non-success into the app's catalogue error.
import { appError, type AppError } from '../../src-shared/errors';
import { word } from '../../src-shared/i18n';
import {
  CREATE_FIELD_WIRE,
  otherFieldNames,
  type CreateFieldNames,
} from '../../src-shared/fieldNames';
import {
  isConfigurableType,
  wireType,
  type IdentifierTypes,
} from '../../src-shared/identifierTypes';
import type { RateLimitBody } from './wire';

/**
 * The largest answer the app reads. The biggest legitimate one is a page of the supplier list at
 * the largest page size asked for (2,000 suppliers of a few kB each: well under 10 MB); anything
 * far beyond is not the supplier API, and is refused before it fills the memory.
 */
export const MAX_ANSWER_BYTES = 32_000_000;

export type MethodGroup = 'GET' | 'WRITE';

/** What the headers of an answer told us besides the body. */
export interface AnswerInfo {
  /** Absolute or relative URL from the Location header (creates). */
  location?: string;
  /** Sunset header (RFC 8594), when the endpoint is being retired. */
  sunset?: string;
  /** Deprecation header, when present. */
  deprecation?: string;
}

export type ApiAnswer<T> =
  | { kind: 'ok'; value: T; status: number; info: AnswerInfo }
  | {
      kind: 'row_error';
      status: 400;
      code: string;
      message: string;
      solution?: string;
      /** The offending field, when the server names it apart from the message. */
      field?: string;
    }
  | {
      kind: 'access_denied';
      /** Undefined when the 403 body was not the documented one. */
      loggedIn: boolean | undefined;
      permission?: string;
      message: string;
    }
  | { kind: 'not_found'; code?: string; message?: string }
  | { kind: 'conflict'; code: string; message: string }
  | {
      kind: 'throttled';
      /** Undefined when the 429 body was not the documented one. */
      body: RateLimitBody | undefined;
      /** How long the server asks us to wait: nextResetAt - currentTime (server clock). */
      waitMs: number;
    }
  | {
      kind: 'maybe_processed';
      reason: 'server_error' | 'timeout' | 'reset';
      status?: number;
      code?: string;
      detail: string;
    }
  | { kind: 'offline'; reason: string }
  /** The server's TLS certificate is not trusted here (TLS inspection, self-signed, expired,
   *  another name): nothing was sent, and waiting does not help. `host` is the one connected to. */
  | { kind: 'untrusted_certificate'; host: string; detail: string }
  | {
      kind: 'unexpected_response';
      endpoint: string;
      status?: number;
      detail: string;
      /** too_large: the answer was over the size limit and not read. redirect: a 3xx, not
       *  followed, to `target` (an origin). */
      reason?: 'too_large' | 'redirect';
      target?: string;
    }
  /** A 2xx whose body lacks a value the app needs (under the spec's name and the published
   *  document's): retrying would not help; the job pauses and says which field is missing. */
  | { kind: 'lacks_field'; endpoint: string; status: number; field: string; detail: string }
  | { kind: 'no_token' }
  /** Cancelled by the caller's signal (pause or cancel). `maybeSent`: the request may have
   *  reached the server; for a write that means in doubt, exactly like a timeout. */
  | { kind: 'aborted'; maybeSent: boolean };

export type ApiAnswerKind = ApiAnswer<unknown>['kind'];
export type ApiFailure = Exclude<ApiAnswer<unknown>, { kind: 'ok' }>;

/** find-by-identifier's three outcomes, whichever form the server answered in. */
export type FindResult<T> =
  | { found: 'none' }
  | { found: 'one'; supplier: T }
  | { found: 'ambiguous'; count: number | undefined };

/**
 * The catalogue error for a failed answer; undefined for a success and for a cancellation before
 * sending (nothing happened). Messages carry the API's own text where it helps the user; never
 * the token (the client never puts it anywhere an answer can reach).
 */
export function answerError(answer: ApiAnswer<unknown>): AppError | undefined {
  switch (answer.kind) {
    case 'ok':
      return undefined;
    case 'row_error':
      return appError('api_row_rejected', `The API rejected this row: ${answer.message}`, {
        status: answer.status,
        apiCode: answer.code,
        ...(answer.solution ? { solution: answer.solution } : {}),
      });
    case 'access_denied':
      return appError(
        'api_access_denied',
        answer.loggedIn === false
          ? 'The API did not accept the token. Enter a valid token in Connection settings.'
          : answer.permission
            ? `The API user lacks the permission ${answer.permission}. Ask your administrator to grant it, or turn off the feature that needs it.`
            : undefined,
        {
          ...(answer.loggedIn !== undefined ? { loggedIn: answer.loggedIn } : {}),
          ...(answer.permission ? { permission: answer.permission } : {}),
          apiMessage: answer.message,
        },
      );
    case 'not_found':
      return appError(
        'api_not_found',
        undefined,
        answer.message ? { apiMessage: answer.message } : undefined,
      );
    case 'conflict':
      return appError('api_conflict', undefined, {
        apiCode: answer.code,
        apiMessage: answer.message,
      });
    case 'throttled':
      return appError('api_throttled', undefined, { waitMs: answer.waitMs });
    case 'maybe_processed':
      return appError('api_maybe_processed', undefined, {
        reason: answer.reason,
        ...(answer.status !== undefined ? { status: answer.status } : {}),
        detail: answer.detail,
      });
    case 'offline':
      return appError('api_offline', undefined, { reason: answer.reason });
    case 'untrusted_certificate': {
      const params = { reason: 'named', host: answer.host, detail: answer.detail };
      return appError(
        'api_untrusted_certificate',
        word('en', 'failure.api_untrusted_certificate.named', params),
        params,
      );
    }
    case 'unexpected_response':
      if (answer.reason) {
        const params = {
          reason: answer.reason,
          endpoint: answer.endpoint,
          target: answer.target ?? '',
          limitMb: Math.round(MAX_ANSWER_BYTES / 1_000_000),
          ...(answer.status !== undefined ? { status: answer.status } : {}),
        };
        return appError(
          'api_unexpected_response',
          word('en', `failure.api_unexpected_response.${answer.reason}`, params),
          params,
        );
      }
      return appError(
        'api_unexpected_response',
        `The API answered ${answer.endpoint} in a form the app does not understand. Check that the base URL points at the supplier API.`,
        {
          endpoint: answer.endpoint,
          ...(answer.status !== undefined ? { status: answer.status } : {}),
          detail: answer.detail,
        },
      );
    case 'lacks_field':
      return lacksFieldError(answer.endpoint, answer.field);
    case 'no_token':
      return appError('api_no_token');
    case 'aborted':
      return answer.maybeSent
        ? appError(
            'api_maybe_processed',
            'The request was cancelled after it was sent. The app checks whether it took effect before sending anything again.',
            { reason: 'aborted' },
          )
        : undefined;
  }
}

/** An answer without a value the app needs: the catalogue's sentence names the endpoint and
 *  the field, and says what to do. */
export function lacksFieldError(endpoint: string, field: string): AppError {
  const params = { endpoint, field };
  return appError(
    'api_answer_lacks_field',
    word('en', 'failure.api_answer_lacks_field', params),
    params,
  );
}

/** Ambiguous find results become this error (the find itself succeeded). */
export function ambiguousError(count: number | undefined): AppError {
  return appError(
    'api_ambiguous',
    count === undefined
      ? undefined
      : `${count} suppliers match this identifier. Add a source to the identifier or fix the duplicates in the platform.`,
    count === undefined ? undefined : { count },
  );
}

/**
 * A create refused with 400 because the API spells city and address the other way: the message
 * (or the field the server names) mentions the other spelling's names. Returns the error for the
 * row and the job, saying which names the API expects and how to switch; undefined otherwise.
 */
export function fieldNamesRefusal(
  answer: ApiAnswer<unknown>,
  sent: CreateFieldNames,
): AppError | undefined {
  if (answer.kind !== 'row_error') return undefined;
  const text = [answer.message, answer.field, answer.solution].filter(Boolean).join(' ');
  const ours = CREATE_FIELD_WIRE[sent];
  const expected = otherFieldNames(sent);
  const theirs = CREATE_FIELD_WIRE[expected];
  // Whole words only: "address" must not be found inside "addressLine".
  const mentions = (name: string) =>
    new RegExp(`(^|[^A-Za-z])${name}($|[^A-Za-z])`, 'i').test(text);
  const pairs = (['city', 'address'] as const).filter((k) => mentions(theirs[k]));
  if (pairs.length === 0) return undefined;
  const wanted = pairs.map((k) => `'${theirs[k]}'`).join(' and ');
  const instead = pairs.map((k) => `'${ours[k]}'`).join(' and ');
  return appError(
    'api_field_names',
    `The API expects ${wanted} instead of ${instead}: switch the connection's field names in Connection settings and retry the failed rows.`,
    { sent, expected, apiMessage: answer.message },
  );
}

/**
 * An identifier request refused with 400 because the API does not know the type it was sent
 * under: the answer names the type sent (the API's message, its field or its solution), or names
 * the body's field `type`. Only the customer id's and the own id's types are the connection's
 * setting (api-spec.md shows SUPPLIER_ID; the other two come from api-notes.md), so only they
 * count. Returns the app's type and the name sent; undefined for any other answer.
 */
export function identifierTypeRefusal(
  answer: ApiAnswer<unknown>,
  type: string,
  names: IdentifierTypes,
): { type: string; sent: string } | undefined {
  if (answer.kind !== 'row_error' || !isConfigurableType(type)) return undefined;
  const sent = wireType(type, names);
  const text = [answer.message, answer.field, answer.solution].filter(Boolean).join(' ');
  // Whole names only: OWN_ID must not be found inside SUPPLIER_OWN_ID.
  const says = (word: string, flags = '') =>
    new RegExp(`(^|[^A-Za-z0-9_])${word}($|[^A-Za-z0-9_])`, flags).test(text);
  if (says(sent) || answer.field === 'type' || says('type', 'i')) return { type, sent };
  return undefined;
}
