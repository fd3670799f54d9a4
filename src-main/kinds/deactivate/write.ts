// The deactivate kind's own write (engine/ownWrite.ts): one DELETE per matched supplier, under
// its intent; a lost answer is settled by reading the supplier back by its platform id.
import { KIND_WRITES } from '../../../src-shared/kindWrites';
import type { JournalRow } from '../../journal/journal';
import { applyDecision, settledAt } from '../../engine/apply';
import type { RunContext } from '../../engine/context';
import { rowError } from '../../engine/messages';
import type { KindWriteStage } from '../../engine/ownWrite';
import { platformIdentifier } from '../../engine/payload';
import type { Evidence } from '../../engine/policy/evidence';
import { sampleAnswer, type OwnPolicyCases, type PolicyCase } from '../../engine/policy/table';
import { ANSWER_CLASSES } from '../../engine/policy/types';
import { foundEvidence } from '../../engine/reads';
import { classifyWrite, noContent, sendWithIntent } from '../../engine/requests';
import { deactivateWritePolicy, reconcileDeactivatePolicy } from './policy';

const STATES = KIND_WRITES.deactivate;

/** Deactivates the row's supplier (matched by the check, so its platform id is known): one
 *  DELETE under its intent, like every write. */
async function send(run: RunContext, row: JournalRow): Promise<void> {
  const { conn } = run.d;
  const supplier = platformIdentifier(row);
  if (!supplier) {
    await run.d.journal.recordOutcomeAsync({
      rowId: row.id,
      from: STATES.queued,
      to: 'needs_user',
      patch: rowError('api_not_found.no_platform_id'),
    });
    return;
  }
  const answer = await sendWithIntent(
    run,
    row,
    STATES.stage,
    { endpoint: 'DELETE /public/v2/suppliers/sites', platformId: supplier.platformId ?? null },
    async (o) => noContent(await conn.client.deactivateSupplier(supplier, o)),
  );
  if (!answer) return;
  await applyDecision(
    run,
    row,
    STATES.sending,
    deactivateWritePolicy(classifyWrite(run, STATES.stage, answer)),
  );
}

/** A deactivation in doubt (lost answer): the supplier is read back by its platform id once the
 *  request settled; not found any more, the deactivation took effect. */
async function reconcile(run: RunContext, row: JournalRow): Promise<void> {
  const { conn, clock, settings, jobId } = run.d;
  const from = STATES.inDoubt;
  const ctx = { maxWriteAttempts: settings.maxWriteAttempts };
  const decide = (e: Evidence) =>
    applyDecision(run, row, from, reconcileDeactivatePolicy(e, row, ctx));
  if (settledAt(row, settings) > clock.now()) return decide({ class: 'not_settled' });
  const supplier = platformIdentifier(row);
  if (!supplier) return decide({ class: 'ambiguous' });
  const answer = await conn.api.findByIdentifier(supplier, {
    jobId,
    signal: run.health.signal,
    kind: 'poll',
  });
  if (answer.kind === 'not_found') {
    run.health.reachable();
    return decide({ class: 'none' });
  }
  if (answer.kind !== 'ok') return run.health.readFailed(answer, row);
  run.health.reachable();
  await decide(foundEvidence(answer.value));
}

/** The policy table's lines: the DELETE's answer of every class, and each read-back. */
function policyCases(): OwnPolicyCases {
  const writes = ANSWER_CLASSES.map((c) => ({
    stage: 'deactivate',
    answer: c,
    decision: deactivateWritePolicy(sampleAnswer(c)),
  }));
  const ctx = { maxWriteAttempts: 3 };
  const off = { attempts: 1, platformId: '42' };
  const found: Evidence = { class: 'found', platformTargetId: 42 };
  const read = (answer: string, e: Evidence, r = off): PolicyCase => ({
    stage: 'reconcile deactivate',
    answer,
    decision: reconcileDeactivatePolicy(e, r, ctx),
  });
  const reads = [
    read('not_settled', { class: 'not_settled' }),
    read('found (still active)', found),
    read('found, cap reached', found, { ...off, attempts: 3 }),
    read('none (not active any more)', { class: 'none' }),
  ];
  return { writes, reads };
}

export const deactivateWrite: KindWriteStage = { states: STATES, send, reconcile, policyCases };
