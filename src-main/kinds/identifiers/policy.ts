// The identifier change stage's policy (an identifiers job): what the answer to POST or DELETE
// /public/v2/suppliers/sites/identifiers does to the row, and what reading the identifier back
// with find-by-identifier says about a request whose answer was lost. Pure, like the other
// policies.
//
// The check found the row's supplier (its platform id kept) and where the identifier was, so
// a row in this stage is an identifier to add that no supplier had, or one to remove from this
// supplier. After a lost answer the identifier itself is read back: an add took effect if the
// identifier is on this supplier, a remove if it is no longer on it; otherwise the request did
// not take effect and is sent again (up to the attempt cap). A change is never simply repeated.
import { KIND_WRITES } from '../../../src-shared/kindWrites';
import type { IdentifierAction } from '../../../src-shared/operations';
import type { IdentifierToAttach } from '../../../src-shared/supplier';
import { rowError } from '../../engine/messages';
import type { Evidence } from '../../engine/policy/evidence';
import { onOtherSupplier, typeRefused } from '../../engine/policy/attach';
import {
  NO_EFFECT,
  needsUser,
  type Answer,
  type Decision,
  type Outcome,
} from '../../engine/policy/types';
import { conflictDoubt, isRefusal, reachable, unsentOrLost } from '../../engine/policy/writes';

export interface IdentifierChangeRow {
  attempts: number;
  platformId: string | null;
  errorCode: string | null;
}

export interface IdentifierChange {
  identifier: IdentifierToAttach;
  action: IdentifierAction;
}

export interface IdentifierChangeContext {
  maxWriteAttempts: number;
}

/** The row's change is settled: done, with what it came to. */
function settled(
  opResult: 'added' | 'already_present' | 'removed' | 'not_present',
  reason: NonNullable<Outcome['reason']>,
  response: Outcome['response'],
): Outcome {
  return {
    to: 'done',
    retry: 'none',
    patch: { opResult, errorCode: null, errorMessage: null, errorParams: null },
    ...(response ? { response } : {}),
    reason,
  };
}

/** The answer to one identifier change. */
export function identifierChangeWritePolicy(answer: Answer, change: IdentifierChange): Decision {
  const { queued, inDoubt } = KIND_WRITES.identifiers;
  const { identifier: id, action } = change;
  const sent = { action, type: id.type, id: id.id };
  if (answer.refusedType)
    return typeRefused({ ...answer, refusedType: answer.refusedType }, id, sent);
  if (isRefusal(answer.class)) {
    return {
      outcome: needsUser(
        rowError('api_row_rejected.identifier', { id: id.id, detail: answer.message ?? '' }),
        { response: { status: 400, code: answer.code, message: answer.message, ...sent } },
      ),
      effect: reachable,
    };
  }
  switch (answer.class) {
    case 'accepted':
    case 'accepted_nothing':
      return {
        outcome: settled(
          action === 'add' ? 'added' : 'removed',
          action === 'add' ? 'identifier_added' : 'identifier_removed',
          { status: answer.status ?? (action === 'add' ? 201 : 204), ...sent },
        ),
        effect: reachable,
      };
    case 'conflict':
      // add: the identifier exists, on this supplier or another: reading it back says which. A
      // DELETE is not answered 409 by the spec: read back like a lost answer.
      if (action === 'add') return conflictDoubt(inDoubt, answer, 'identifier_conflict', sent);
      return {
        outcome: {
          to: inDoubt,
          retry: 'settle',
          response: { status: 409, message: answer.message, ...sent },
          reason: 'in_doubt',
        },
        effect: reachable,
      };
    case 'not_found':
      // remove: the supplier no longer has the identifier (someone else removed it since the
      // check; a lost request of this job is read back, never answered by a second DELETE).
      if (action === 'remove') {
        return {
          outcome: settled('not_present', 'identifier_not_present', { status: 404, ...sent }),
          effect: reachable,
        };
      }
      return {
        outcome: needsUser(rowError('api_not_found.identifiers'), {
          response: { status: 404, ...sent },
        }),
        effect: reachable,
      };
    default:
      return unsentOrLost(answer as Parameters<typeof unsentOrLost>[0], queued, inDoubt);
  }
}

/**
 * An identifier change in doubt, read back by the identifier once the request settled (a 409
 * at once). Add: on this supplier, it took effect (or, after a 409 to the first request, it was
 * there already); on another supplier or several, the user decides; on none, the request did
 * not take effect and is sent again (after a 409: held where it is not shown, as on another).
 * Remove: no longer on this supplier, it took effect; still on it, it is sent again.
 */
export function reconcileIdentifierChangePolicy(
  e: Evidence,
  row: IdentifierChangeRow,
  change: IdentifierChange,
  ctx: IdentifierChangeContext,
): Decision {
  const { queued, inDoubt } = KIND_WRITES.identifiers;
  const { identifier: id, action } = change;
  if (e.class === 'not_settled')
    return { outcome: { to: inDoubt, retry: 'settled' }, effect: NO_EFFECT };
  const holder = e.platformTargetId != null ? String(e.platformTargetId) : undefined;
  const here = e.class !== 'ambiguous' && e.class !== 'none' && holder === row.platformId;
  const read = { reconciled: 'find by identifier', holder: holder ?? null };
  const again = (reason: 'reconciled_identifier_missing' | 'reconciled_identifier_still_there') => {
    if (row.attempts >= ctx.maxWriteAttempts) {
      const error = rowError('api_maybe_processed.idchange_cap', {
        id: id.id,
        attempts: row.attempts,
      });
      return { outcome: needsUser(error, { reason: 'reconcile_cap' }), effect: NO_EFFECT };
    }
    return {
      outcome: { to: queued, retry: 'now', response: read, reason } satisfies Outcome,
      effect: NO_EFFECT,
    };
  };
  if (action === 'add') {
    // A 409 to the very first request: the identifier was there before this job sent it.
    const before = row.errorCode === 'api_conflict' && row.attempts <= 1;
    if (here) {
      const outcome = before
        ? settled('already_present', 'identifier_present', read)
        : settled('added', 'reconciled_identifier_added', read);
      return { outcome, effect: NO_EFFECT };
    }
    if (e.class === 'none' && row.errorCode !== 'api_conflict')
      return again('reconciled_identifier_missing');
    return { outcome: onOtherSupplier(id, holder, { response: read }), effect: NO_EFFECT };
  }
  if (here) return again('reconciled_identifier_still_there');
  if (e.class === 'ambiguous') {
    return {
      outcome: needsUser(rowError('api_ambiguous.identifier', { id: id.id }), { response: read }),
      effect: NO_EFFECT,
    };
  }
  return {
    outcome: settled('removed', 'reconciled_identifier_removed', read),
    effect: NO_EFFECT,
  };
}
