// The deactivate stage's policy: what the answer to DELETE /public/v2/suppliers/sites?platformId=
// does to the row, and what reading the supplier back with find-by-identifier says about a
// request whose answer was lost. Pure, like the other policies.
//
// A deactivation is soft (api-notes.md): the supplier is no longer listed or found. The row was
// matched (its platform id known) by the check, so a supplier not found any more after a lost
// answer was deactivated by the request in doubt; still found, the request did not take effect
// and is sent again. A DELETE is never simply repeated: a second one for a supplier already
// inactive would answer 404, never deactivate twice, but the row's outcome must say which
// request did it.
import { KIND_WRITES } from '../../../src-shared/kindWrites';
import { rowError } from '../../engine/messages';
import type { Evidence } from '../../engine/policy/evidence';
import {
  NO_EFFECT,
  needsUser,
  type Answer,
  type Decision,
  type Outcome,
} from '../../engine/policy/types';
import { isRefusal, reachable, unsentOrLost } from '../../engine/policy/writes';

export interface DeactivateRow {
  attempts: number;
  platformId: string | null;
}

export interface DeactivateContext {
  maxWriteAttempts: number;
}

/** The supplier is inactive through this job's DELETE: the row is done. */
function deactivated(response: Outcome['response'], reason: Outcome['reason']): Outcome {
  return {
    to: 'done',
    retry: 'none',
    patch: { opResult: 'deactivated', errorCode: null, errorMessage: null, errorParams: null },
    ...(response ? { response } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** The answer to one deactivation. */
export function deactivateWritePolicy(answer: Answer): Decision {
  const { queued, inDoubt } = KIND_WRITES.deactivate;
  if (isRefusal(answer.class))
    return {
      outcome: needsUser(
        rowError('api_row_rejected.deactivate', { detail: answer.message ?? '' }),
        { response: { status: 400, code: answer.code, message: answer.message } },
      ),
      effect: reachable,
    };
  switch (answer.class) {
    case 'accepted':
    case 'accepted_nothing':
      return {
        outcome: deactivated({ status: answer.status ?? 204 }, 'deactivated'),
        effect: reachable,
      };
    case 'not_found':
      // Matched by the check, inactive now: someone else deactivated it meanwhile (a lost
      // request of this job is read back first, never answered by a second DELETE).
      return {
        outcome: {
          to: 'done',
          retry: 'none',
          patch: { opResult: 'already_inactive' },
          response: { status: 404 },
          reason: 'already_inactive',
        },
        effect: reachable,
      };
    case 'conflict':
      // Not an answer the spec gives a DELETE: read back like a lost one.
      return {
        outcome: {
          to: inDoubt,
          retry: 'settle',
          response: { status: 409, message: answer.message },
          reason: 'in_doubt',
        },
        effect: reachable,
      };
    default:
      return unsentOrLost(answer as Parameters<typeof unsentOrLost>[0], queued, inDoubt);
  }
}

/** A deactivation in doubt, read back by the supplier's platform id once the request settled:
 *  not found, it took effect; found, it did not and is sent again (up to the attempt cap). */
export function reconcileDeactivatePolicy(
  e: Evidence,
  row: DeactivateRow,
  ctx: DeactivateContext,
): Decision {
  const { queued, inDoubt } = KIND_WRITES.deactivate;
  switch (e.class) {
    case 'not_settled':
      return { outcome: { to: inDoubt, retry: 'settled' }, effect: NO_EFFECT };
    case 'none':
      return {
        outcome: deactivated(
          { reconciled: 'not found', platformId: row.platformId },
          'reconciled_deactivated',
        ),
        effect: NO_EFFECT,
      };
    default:
      if (row.attempts >= ctx.maxWriteAttempts) {
        return {
          outcome: needsUser(
            rowError('api_maybe_processed.deactivate_cap', { attempts: row.attempts }),
            { reason: 'reconcile_cap' },
          ),
          effect: NO_EFFECT,
        };
      }
      return {
        outcome: {
          to: queued,
          retry: 'now',
          response: { reconciled: 'still active', platformId: row.platformId },
          reason: 'reconciled_still_active',
        },
        effect: NO_EFFECT,
      };
  }
}
