// Write answers into the policy's classes. The API's own words are read by src-main/api/answerText
// (and the field-name refusal by answerError's neighbour in src-main/api/answers); the policy sees
// only the class and the few values it keeps.
import {
  answerError,
  fieldNamesRefusal,
  identifierTypeRefusal,
  type ApiAnswer,
  type CreateAccepted,
} from '../../api';
import { permissionTopics, validationRefusal } from '../../api/answerText';
import { appError } from '../../../src-shared/errors';
import type { CreateFieldNames } from '../../../src-shared/fieldNames';
import type { IdentifierTypes } from '../../../src-shared/identifierTypes';
import type { StageName } from '../stages';
import type { Answer } from './types';

/** What a write request's 2xx carries, by stage. */
export type WriteValue =
  CreateAccepted | { screeningRequestIds: number[] } | { requestId: string } | IdentifierAdded;

/** A 201 to an identifier request: what was added, to which supplier. */
export interface IdentifierAdded {
  type?: string | null | undefined;
  id?: string | null | undefined;
  platformTargetId?: number | null | undefined;
}

export interface ClassifyContext {
  /** The connection's spelling of city and address (creates only). */
  fieldNames: CreateFieldNames;
  /** Whether the create asked for screening or validation with it. */
  sent: { screening: boolean; validation: boolean };
  /** Identifier requests: the type sent, and what the connection calls the types. */
  identifier?: { type: string; names: IdentifierTypes };
}

export function classify(
  /** `batch`: a write of many rows (a kind's batch), classified as any write. */
  stage: StageName | 'batch',
  answer: ApiAnswer<WriteValue>,
  ctx: ClassifyContext,
): Answer {
  switch (answer.kind) {
    case 'ok': {
      const v = answer.value;
      if ('screeningRequestIds' in v)
        return {
          class: v.screeningRequestIds.length ? 'accepted' : 'accepted_nothing',
          status: answer.status,
          screeningRequestIds: v.screeningRequestIds,
        };
      if ('requestId' in v)
        return { class: 'accepted', status: answer.status, requestId: v.requestId };
      if (!('uuid' in v)) return { class: 'accepted', status: answer.status };
      return { class: 'accepted', status: answer.status, uuid: v.uuid };
    }
    case 'row_error': {
      const kept = { status: 400, code: answer.code, message: answer.message };
      if (stage === 'create') {
        const spelling = fieldNamesRefusal(answer, ctx.fieldNames);
        if (spelling) return { class: 'field_names', ...kept, error: spelling };
      }
      if (ctx.identifier) {
        const refusedType = identifierTypeRefusal(
          answer,
          ctx.identifier.type,
          ctx.identifier.names,
        );
        if (refusedType) return { class: 'row_error', ...kept, refusedType };
      }
      if (stage === 'validation') {
        const refusal = validationRefusal(answer.message);
        if (refusal) return { class: refusal, ...kept };
      }
      return { class: 'row_error', ...kept };
    }
    case 'conflict':
      return { class: 'conflict', status: 409, code: answer.code, message: answer.message };
    case 'access_denied': {
      const kept = {
        status: 403,
        message: answer.message,
        ...(answer.permission !== undefined ? { permission: answer.permission } : {}),
        ...(answer.loggedIn !== undefined ? { loggedIn: answer.loggedIn } : {}),
        error: answerError(answer) ?? appError('api_access_denied'),
      };
      if (
        stage === 'create' &&
        answer.loggedIn !== false &&
        (ctx.sent.screening || ctx.sent.validation) &&
        isOnCreateRefusal(answer.permission)
      )
        return { class: 'on_create_refused', ...kept };
      return { class: 'access_denied', ...kept };
    }
    case 'not_found':
      return { class: 'not_found', status: 404 };
    case 'offline':
      return { class: 'offline' };
    case 'untrusted_certificate':
      // Nothing was sent, and waiting does not help: the job stops, as for a refused token,
      // and says which certificate to install.
      return {
        class: 'access_denied',
        error: answerError(answer) ?? appError('api_access_denied'),
      };
    case 'no_token':
      return { class: 'no_token' };
    case 'aborted':
      return { class: answer.maybeSent ? 'aborted_sent' : 'aborted_unsent' };
    case 'maybe_processed':
      return {
        class: 'maybe_processed',
        detail: stage === 'create' ? `${answer.reason}: ${answer.detail}` : answer.detail,
      };
    // A 2xx without a value the app needs (the write took effect): in doubt, like any answer it
    // cannot read; the read that reconciles it pauses the job if it lacks the value too.
    case 'lacks_field':
    case 'unexpected_response':
      return {
        class:
          answer.status !== undefined && answer.status >= 400 && answer.status < 500
            ? 'unexpected_4xx'
            : 'unexpected',
        ...(answer.status !== undefined ? { status: answer.status } : {}),
        detail: answer.detail,
      };
    case 'throttled':
      return { class: 'throttled' };
  }
}

/** A 403 on a create that carried on-create fields is about them unless it names another
 *  permission. */
function isOnCreateRefusal(permission: string | undefined): boolean {
  const p = permissionTopics(permission);
  return !p.named || p.screening || p.validation || p.entitlement;
}

/** Which on-create requests a refusal takes away, given what the create asked for. */
export function refusedOnCreate(
  permission: string | undefined,
  sent: { screening: boolean; validation: boolean },
): { screening: boolean; validation: boolean } {
  const p = permissionTopics(permission);
  return {
    screening: sent.screening && (!p.named || p.screening || !sent.validation),
    validation: sent.validation && (!p.named || p.validation || !sent.screening),
  };
}
