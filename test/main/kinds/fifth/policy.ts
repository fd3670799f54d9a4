// The fifth kind's policy: what the answer to its PUT does to the row, and what reading the
// address back says about a PUT whose answer was lost. Pure, like every kind's policy.
import type { FailureEntry } from '../../../../src-main/engine/messages';
import { rowError } from '../../../../src-main/engine/messages';
import {
  NO_EFFECT,
  needsUser,
  type Answer,
  type Decision,
} from '../../../../src-main/engine/policy/types';
import { isRefusal, reachable, unsentOrLost } from '../../../../src-main/engine/policy/writes';
import type { RowState } from '../../../../src-main/journal/rowStates';
import { ownWrite } from '../../../../src-shared/kindWrites';

/** Its write's stage, stored in the journal: `address_queued`, `_sending`, `_in_doubt`. */
export const STAGE = 'address';
export const STATES = ownWrite(STAGE);
const queued = STATES.queued as RowState;
const inDoubt = STATES.inDoubt as RowState;

/** What reading a supplier's address back found: the row's address (the PUT took effect),
 *  another or none (it did not), or a read before the request settled. */
export type AddressEvidence = 'not_settled' | 'written' | 'not_written';

export function addressWritePolicy(answer: Answer): Decision {
  if (isRefusal(answer.class) || answer.class === 'not_found')
    return {
      outcome: needsUser(
        rowError('api_row_rejected.address' as FailureEntry, { detail: answer.message ?? '' }),
        { response: { status: answer.status ?? 400, message: answer.message } },
      ),
      effect: reachable,
    };
  switch (answer.class) {
    case 'accepted':
    case 'accepted_nothing':
      return {
        outcome: { to: 'done', retry: 'none', response: { status: 200 } },
        effect: reachable,
      };
    case 'conflict':
      return {
        outcome: { to: inDoubt, retry: 'settle', response: { status: 409 }, reason: 'in_doubt' },
        effect: reachable,
      };
    default:
      return unsentOrLost(answer as Parameters<typeof unsentOrLost>[0], queued, inDoubt);
  }
}

/** A PUT in doubt, read back once the request settled: the row's address there, it took
 *  effect (done, never sent again); not there, it is sent again up to the attempt cap. */
export function reconcileAddressPolicy(
  e: AddressEvidence,
  row: { attempts: number },
  ctx: { maxWriteAttempts: number },
): Decision {
  if (e === 'not_settled') return { outcome: { to: inDoubt, retry: 'settled' }, effect: NO_EFFECT };
  if (e === 'written')
    return {
      outcome: { to: 'done', retry: 'none', response: { reconciled: 'address set' } },
      effect: NO_EFFECT,
    };
  if (row.attempts >= ctx.maxWriteAttempts)
    return {
      outcome: needsUser(
        rowError('api_maybe_processed.address_cap' as FailureEntry, { attempts: row.attempts }),
        { reason: 'reconcile_cap' },
      ),
      effect: NO_EFFECT,
    };
  return {
    outcome: { to: queued, retry: 'now', response: { reconciled: 'address not set' } },
    effect: NO_EFFECT,
  };
}
