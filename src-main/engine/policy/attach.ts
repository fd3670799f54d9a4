// The attach stage's policy (the onboarding's stage stored as `identifiers`; an identifiers job's
// own write is its kind's, kinds/identifiers/): what the answer to POST .../sites/identifiers
// (one id at a time: the row's customer id, then its own id) does to the row, and what reading the id back
// with find-by-identifier says about a request whose answer was lost or was a 409. Pure, like
// the other policies.
//
// The API answers 409 for an id that exists already, on this supplier or on another
// (api-notes.md, "Identifiers"), so a 409 is read back like a lost answer: the supplier holding
// the id says which. A lost answer is never simply sent again: only when the id is on no
// supplier did the request not take effect.
import type { AttachedIdentifier, IdentifierToAttach } from '../../../src-shared/supplier';
import { sameIdentifier } from '../../../src-shared/supplier';
import { rowError } from '../messages';
import { stageStates } from '../stages';
import type { Evidence, EvidenceRow } from './evidence';
import {
  afterIdentifiers,
  identifiersLeft,
  type FollowUpMarks,
  type FollowUpOptions,
} from './progression';
import { NO_EFFECT, needsUser, type Answer, type Decision, type Outcome } from './types';
import { conflictDoubt, isRefusal, reachable, unsentOrLost } from './writes';

/** The row as the identifiers policy sees it. */
export interface AttachRow extends FollowUpMarks {
  platformId: string | null;
  attempts: number;
  errorCode: string | null;
}

export interface AttachContext {
  options: FollowUpOptions;
  maxWriteAttempts: number;
}

/** The id the row sends next (and the one a request in doubt was about). */
export function nextIdentifier(row: FollowUpMarks): IdentifierToAttach | undefined {
  return identifiersLeft(row)[0];
}

/** No id left to attach (a fix took it away meanwhile): on to the follow-up. */
export function nothingLeft(row: FollowUpMarks, ctx: Pick<AttachContext, 'options'>): Decision {
  return {
    outcome: { to: afterIdentifiers(ctx.options, row), retry: 'poll', patch: { attempts: 0 } },
    effect: NO_EFFECT,
  };
}

/** One id settled: the next one is queued, or the row moves on to its follow-up. */
function settled(
  row: AttachRow,
  entry: AttachedIdentifier,
  ctx: AttachContext,
  extra: Pick<Outcome, 'response' | 'reason'>,
): Outcome {
  const identifiers = [...(row.identifiers ?? []).filter((e) => !sameIdentifier(e, entry)), entry];
  const more = identifiersLeft({ ...row, identifiers }).length > 0;
  return {
    to: more ? stageStates('identifiers').queued : afterIdentifiers(ctx.options, row),
    retry: more ? 'now' : 'poll',
    patch: { identifiers, attempts: 0, errorCode: null, errorMessage: null },
    ...extra,
  };
}

/**
 * The API does not know the type the id was sent under: the connection's setting, not the id,
 * so the id is not settled as refused. The row says which type and how to set the connection's
 * names, and waits for the user to retry it once they are set.
 */
export function typeRefused(
  answer: Answer & { refusedType: { type: string; sent: string } },
  id: IdentifierToAttach,
  sent: Record<string, unknown>,
): Decision {
  const { sent: name } = answer.refusedType;
  return {
    outcome: needsUser(
      rowError('api_row_rejected.identifier_type', {
        sent: name,
        id: id.id,
        detail: answer.message ?? '',
      }),
      {
        response: {
          status: 400,
          code: answer.code,
          message: answer.message,
          ...sent,
          sentAs: name,
        },
        reason: 'identifier_rejected',
      },
    ),
    effect: reachable,
  };
}

/** The answer to one identifier request. */
export function attachWritePolicy(answer: Answer, row: AttachRow, ctx: AttachContext): Decision {
  const { queued, inDoubt: doubt } = stageStates('identifiers');
  const id = nextIdentifier(row);
  if (!id) return nothingLeft(row, ctx);
  const sent = { type: id.type, id: id.id };
  if (answer.refusedType)
    return typeRefused({ ...answer, refusedType: answer.refusedType }, id, sent);
  // The platform refused this id (its form): said in the results; the row goes on.
  if (isRefusal(answer.class))
    return {
      outcome: settled(
        row,
        { ...id, result: 'rejected', ...(answer.message ? { message: answer.message } : {}) },
        ctx,
        {
          response: { status: 400, code: answer.code, message: answer.message, ...sent },
          reason: 'identifier_rejected',
        },
      ),
      effect: reachable,
    };
  switch (answer.class) {
    case 'accepted':
    case 'accepted_nothing':
      return {
        outcome: settled(row, { ...id, result: 'added' }, ctx, {
          response: { status: answer.status, ...sent },
          reason: 'identifier_added',
        }),
        effect: reachable,
      };
    case 'conflict':
      // On this supplier or another: reading it back says which.
      return conflictDoubt(doubt, answer, 'identifier_conflict', sent);
    case 'not_found':
      return {
        outcome: needsUser(rowError('api_not_found.identifiers'), {
          response: { status: 404, ...sent },
        }),
        effect: NO_EFFECT,
      };
    default:
      return unsentOrLost(answer as Parameters<typeof unsentOrLost>[0], queued, doubt);
  }
}

/**
 * An identifier request in doubt (its answer lost, or a 409), read back with find-by-identifier
 * by the id itself: on this supplier, the attach took effect (or, after a 409, it was there
 * already); on another supplier, the row says so; on none, a lost request never took effect and
 * is sent again (a 409 with nothing to find: the platform holds it where it is not shown, as on
 * another supplier).
 */
export function reconcileAttachPolicy(
  e: Evidence,
  row: AttachRow & Pick<EvidenceRow, 'state'>,
  ctx: AttachContext,
): Decision {
  const { queued, inDoubt: doubt } = stageStates('identifiers');
  const id = nextIdentifier(row);
  if (!id) return nothingLeft(row, ctx);
  const conflict = row.errorCode === 'api_conflict';
  const holder = e.platformTargetId != null ? String(e.platformTargetId) : undefined;
  switch (e.class) {
    case 'not_settled':
      return { outcome: { to: doubt, retry: 'settled' }, effect: NO_EFFECT };
    case 'found':
    case 'ended':
    case 'pending':
    case 'running':
      if (holder !== undefined && holder === row.platformId) {
        return {
          outcome: settled(row, { ...id, result: conflict ? 'present' : 'added' }, ctx, {
            response: { reconciled: 'find by identifier', platformId: holder },
            reason: conflict ? 'identifier_present' : 'reconciled_identifier_added',
          }),
          effect: NO_EFFECT,
        };
      }
      return other(row, id, ctx, holder);
    case 'ambiguous':
      return other(row, id, ctx, undefined);
    case 'none':
      if (conflict) return other(row, id, ctx, undefined);
      if (row.attempts >= ctx.maxWriteAttempts) {
        const error = rowError('api_maybe_processed.identifier_cap', {
          id: id.id,
          attempts: row.attempts,
        });
        return {
          outcome: needsUser(error, { reason: 'reconcile_cap' }),
          effect: NO_EFFECT,
        };
      }
      return {
        outcome: {
          to: queued,
          retry: 'now',
          response: { reconciled: 'not found', type: id.type, id: id.id },
          reason: 'reconciled_identifier_missing',
        },
        effect: NO_EFFECT,
      };
  }
}

/** The id belongs to another supplier (or to several): not added, and the row goes on. */
function other(
  row: AttachRow,
  id: IdentifierToAttach,
  ctx: AttachContext,
  holder: string | undefined,
): Decision {
  return {
    outcome: settled(row, { ...id, result: 'other', ...(holder ? { holder } : {}) }, ctx, {
      response: { reconciled: 'find by identifier', holder: holder ?? null },
      reason: 'identifier_other',
    }),
    effect: NO_EFFECT,
  };
}

/** The identifier is on another supplier (or several): not added; the user decides. */
export function onOtherSupplier(
  id: IdentifierToAttach,
  holder: string | undefined,
  extra: Pick<Outcome, 'response'> = {},
): Outcome {
  const error = holder
    ? rowError('api_conflict.on_other_supplier', { id: id.id, holder })
    : rowError('api_conflict.on_other_suppliers', { id: id.id });
  return {
    ...needsUser(error, { reason: 'identifier_other', ...extra }),
    patch: { ...error, opResult: 'on_other_supplier' },
  };
}
