// The identifiers kind's step of the named check (engine/rowKind.ts NamedCheck): once a row's
// supplier matched, who holds the identifier it adds or removes says whether there is anything
// to send.
import type { FindResult, SupplierDetail } from '../../api';
import type { JournalRow, RowOutcome } from '../../journal/journal';
import type { RowState } from '../../journal/rowStates';
import type { JobOptions } from '../../journal/schema';
import type { RunContext } from '../../engine/context';
import { rowError } from '../../engine/messages';
import { onOtherSupplier } from '../../engine/policy/attach';
import type { NamedCheck } from '../../engine/rowKind';
import {
  holderQuery,
  identifierChange,
  type IdentifierAction,
} from '../../../src-shared/operations';
import type { IdentifierToAttach } from '../../../src-shared/supplier';

/** What an identifiers row changes: its identifier, and its action (the row's own Action cell,
 *  else the job's). */
export function changeOf(
  row: Pick<JournalRow, 'payload'>,
  options: Pick<JobOptions, 'identifierAction'>,
): ReturnType<typeof identifierChange> {
  return identifierChange(row.payload, options.identifierAction ?? 'add');
}

/** An identifiers job's check outcome, once its supplier matched: where the identifier is
 *  says whether there is anything to send. Add: on no supplier → to add (`exists`, queued by
 *  the promotion); on this one → already present, done without a write; elsewhere → the user
 *  decides. Remove: on this supplier → to remove; elsewhere or nowhere → not present, done. */
function changeOutcome(
  row: JournalRow,
  supplier: Pick<NonNullable<RowOutcome['patch']>, 'platformId' | 'matched'>,
  change: { identifier: IdentifierToAttach; action: IdentifierAction },
  held: FindResult<SupplierDetail>,
): RowOutcome {
  const base = { rowId: row.id, from: 'valid' as RowState };
  const platformId = supplier.platformId!;
  const holder = held.found === 'one' ? String(held.supplier.platformTargetId) : undefined;
  const here = holder === platformId;
  const toSend = change.action === 'add' ? held.found === 'none' : here;
  // A row checked again (retried) says nothing of an earlier outcome until it has a new one.
  // Its supplier as the platform answered: listed before a removal's count is typed.
  const fresh = { platformId, matched: supplier.matched ?? null, opResult: null };
  if (toSend) return { ...base, to: 'exists', patch: fresh, reason: 'exists' };
  if (held.found === 'ambiguous') {
    const error = rowError('api_ambiguous.identifier', { id: change.identifier.id });
    return { ...base, to: 'ambiguous', patch: { ...fresh, ...error } };
  }
  if (change.action === 'add' && !here) {
    const other = onOtherSupplier(change.identifier, holder);
    return { ...base, to: other.to, patch: { platformId, ...other.patch }, reason: other.reason };
  }
  const opResult = change.action === 'add' ? 'already_present' : 'not_present';
  return {
    ...base,
    to: 'done',
    patch: { platformId, opResult },
    reason: change.action === 'add' ? 'identifier_present' : 'identifier_not_present',
  };
}

/** Looks up the supplier holding the row's identifier (find-by-identifier, `holderQuery`). */
export const identifiersCheck: NamedCheck = {
  readable: (row, options) => changeOf(row, options) !== undefined,
  async matched(run: RunContext, row, supplier) {
    const change = changeOf(row, run.options);
    if (!change) return undefined;
    const { jobId, conn } = run.d;
    const o = { jobId, signal: run.health.signal, kind: 'check' as const };
    const held = await conn.api.findByIdentifier(holderQuery(change.identifier), o);
    if (held.kind !== 'ok') return void run.health.readFailed(held);
    return changeOutcome(row, supplier, change, held.value);
  },
};
