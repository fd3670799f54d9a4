// The identifiers kind's own write (engine/ownWrite.ts): one POST or DELETE of the row's
// identifier on its matched supplier, under its intent; a lost answer is settled by reading the
// identifier back with find-by-identifier.
import { KIND_WRITES } from '../../../src-shared/kindWrites';
import type { ApiAnswer } from '../../api';
import type { JournalRow } from '../../journal/journal';
import { applyDecision, settledAt } from '../../engine/apply';
import type { RunContext } from '../../engine/context';
import { rowError } from '../../engine/messages';
import type { KindWriteStage } from '../../engine/ownWrite';
import { platformIdentifier } from '../../engine/payload';
import { changeOf } from './check';
import type { WriteValue } from '../../engine/policy/classify';
import type { Evidence } from '../../engine/policy/evidence';
import { sampleAnswer, type OwnPolicyCases, type PolicyCase } from '../../engine/policy/table';
import { ANSWER_CLASSES, NO_EFFECT, needsUser } from '../../engine/policy/types';
import { readHolder } from '../../engine/reads';
import { classifyWrite, noContent, sendWithIntent } from '../../engine/requests';
import {
  identifierChangeWritePolicy,
  reconcileIdentifierChangePolicy,
  type IdentifierChange,
  type IdentifierChangeRow,
} from './policy';

const STATES = KIND_WRITES.identifiers;

/** Adds the row's identifier to its supplier, or removes it (the check matched the supplier, so
 *  its platform id is known): one POST or DELETE under its intent. */
async function send(run: RunContext, row: JournalRow): Promise<void> {
  const { conn } = run.d;
  const supplier = platformIdentifier(row);
  const change = changeOf(row, run.options);
  if (!supplier || !change) {
    await run.d.journal.recordOutcomeAsync({
      rowId: row.id,
      from: STATES.queued,
      to: 'needs_user',
      patch: rowError(supplier ? 'invalid_input.no_longer_valid' : 'api_not_found.no_platform_id'),
    });
    return;
  }
  const { identifier: id, action } = change;
  const answer = await sendWithIntent(
    run,
    row,
    STATES.stage,
    {
      endpoint: `${action === 'add' ? 'POST' : 'DELETE'} /public/v2/suppliers/sites/identifiers`,
      platformId: supplier.platformId ?? null,
      action,
      type: id.type,
      id: id.id,
      source: id.source ?? null,
    },
    async (o): Promise<ApiAnswer<WriteValue>> =>
      action === 'add'
        ? conn.client.addIdentifier(supplier, id, o)
        : noContent(await conn.client.removeIdentifier(supplier, id, o)),
  );
  if (!answer) return;
  await applyDecision(
    run,
    row,
    STATES.sending,
    identifierChangeWritePolicy(classifyWrite(run, STATES.stage, answer, id.type), change),
  );
}

/** An identifier change in doubt (lost answer, or a 409 to an add): the identifier is read back
 *  with find-by-identifier once the request settled; the supplier holding it (or none) says
 *  whether the add or remove took effect. */
async function reconcile(run: RunContext, row: JournalRow): Promise<void> {
  const { clock, settings } = run.d;
  const from = STATES.inDoubt;
  const change = changeOf(row, run.options);
  if (!change) {
    const outcome = needsUser(rowError('invalid_input.no_longer_valid'));
    return applyDecision(run, row, from, { outcome, effect: NO_EFFECT });
  }
  const ctx = { maxWriteAttempts: settings.maxWriteAttempts };
  const decide = (e: Evidence) =>
    applyDecision(run, row, from, reconcileIdentifierChangePolicy(e, row, change, ctx));
  if (settledAt(row, settings) > clock.now()) return decide({ class: 'not_settled' });
  await readHolder(run, row, change.identifier, decide);
}

/** The identifier an identifiers job's row adds or removes, in the policy table. */
const ID = { type: 'CUSTOMER_ID', id: 'C-1' } as const;

/** The policy table's lines: the answer of every class to an add and a remove, and each
 *  read-back (a 409 to the first add counts as there before). */
function policyCases(): OwnPolicyCases {
  const actions = ['add', 'remove'] as const;
  const writes = actions.flatMap((action) =>
    ANSWER_CLASSES.map((c) => ({
      stage: `identifier ${action}`,
      answer: c,
      decision: identifierChangeWritePolicy(sampleAnswer(c), { identifier: ID, action }),
    })),
  );
  const ctx = { maxWriteAttempts: 3 };
  const changing: IdentifierChangeRow = { attempts: 1, platformId: '42', errorCode: null };
  const capped = { ...changing, attempts: 3 };
  const after409 = { ...changing, errorCode: 'api_conflict' };
  const found: Evidence = { class: 'found', platformTargetId: 42 };
  const other: Evidence = { class: 'found', platformTargetId: 7 };
  const reads: PolicyCase[] = [];
  for (const action of actions) {
    const change: IdentifierChange = { identifier: ID, action };
    const read = (answer: string, e: Evidence, r: IdentifierChangeRow = changing) =>
      reads.push({
        stage: `reconcile identifier ${action}`,
        answer,
        decision: reconcileIdentifierChangePolicy(e, r, change, ctx),
      });
    read('not_settled', { class: 'not_settled' });
    read('found, this supplier', found);
    read('found, this supplier, cap reached', found, capped);
    read('found, another supplier', other);
    read('ambiguous', { class: 'ambiguous' });
    read('none', { class: 'none' });
    read('none, cap reached', { class: 'none' }, capped);
    if (action === 'add') {
      read('found, this supplier, after 409', found, after409);
      read('none, after 409', { class: 'none' }, after409);
    }
  }
  return { writes, reads };
}

export const identifiersWrite: KindWriteStage = { states: STATES, send, reconcile, policyCases };
