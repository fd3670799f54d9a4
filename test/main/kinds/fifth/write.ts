// The fifth kind's own write (src-main/engine/ownWrite.ts KindWriteStage): one PUT of the row's
// address per matched supplier, under its intent; a lost answer is settled by reading the
// address back.
import { parseWith, type ApiAnswer } from '../../../../src-main/api';
import { applyDecision, settledAt } from '../../../../src-main/engine/apply';
import type { RunContext } from '../../../../src-main/engine/context';
import type { KindWriteStage } from '../../../../src-main/engine/ownWrite';
import { sampleAnswer, type OwnPolicyCases } from '../../../../src-main/engine/policy/table';
import { ANSWER_CLASSES } from '../../../../src-main/engine/policy/types';
import { classifyWrite, sendWithIntent } from '../../../../src-main/engine/requests';
import type { JournalRow } from '../../../../src-main/journal/journal';
import type { StageName, WriteStates } from '../../../../src-main/journal/rowStates';
import { z } from 'zod';
import { addressWritePolicy, reconcileAddressPolicy, STATES, type AddressEvidence } from './policy';
import { ADDRESS_PATH, type Address } from './route';

const AddressSchema = z.object({
  address: z.string(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
});

/** The address a row sets (its payload, validated by the kind's rowValues). */
function addressOf(row: JournalRow): Address {
  const p = row.payload as unknown as Address;
  return {
    address: p.address,
    ...(p.city ? { city: p.city } : {}),
    ...(p.postalCode ? { postalCode: p.postalCode } : {}),
  };
}

const query = (platformId: string) => new URLSearchParams({ platformId });

async function send(run: RunContext, row: JournalRow): Promise<void> {
  const { conn } = run.d;
  const platformId = row.platformId!;
  const body = addressOf(row);
  const answer = await sendWithIntent(
    run,
    row,
    STATES.stage as StageName,
    { endpoint: `PUT ${ADDRESS_PATH}`, platformId },
    async (o) => {
      const put = { method: 'PUT' as const, path: ADDRESS_PATH, query: query(platformId), body };
      const a = await conn.client.kindRequest(
        { ...put, parse: () => ({ ok: true, value: {} }) },
        o,
      );
      return a as ApiAnswer<{ requestId: string }>;
    },
  );
  if (!answer) return;
  const decision = addressWritePolicy(classifyWrite(run, STATES.stage as StageName, answer));
  await applyDecision(run, row, STATES.sending as WriteStates['sending'], decision);
}

async function reconcile(run: RunContext, row: JournalRow): Promise<void> {
  const { conn, clock, settings, jobId } = run.d;
  const ctx = { maxWriteAttempts: settings.maxWriteAttempts };
  const decide = (e: AddressEvidence) =>
    applyDecision(
      run,
      row,
      STATES.inDoubt as WriteStates['inDoubt'],
      reconcileAddressPolicy(e, row, ctx),
    );
  if (settledAt(row, settings) > clock.now()) return decide('not_settled');
  const read = await conn.api.kindRead(
    {
      method: 'GET',
      path: ADDRESS_PATH,
      query: query(row.platformId!),
      parse: (json) => parseWith(AddressSchema, json),
    },
    { jobId, signal: run.health.signal },
  );
  if (read.kind === 'not_found') {
    run.health.reachable();
    return decide('not_written');
  }
  if (read.kind !== 'ok') return run.health.readFailed(read, row);
  run.health.reachable();
  const wanted = addressOf(row);
  const same =
    read.value.address === wanted.address &&
    (read.value.city ?? '') === (wanted.city ?? '') &&
    (read.value.postalCode ?? '') === (wanted.postalCode ?? '');
  await decide(same ? 'written' : 'not_written');
}

function policyCases(): OwnPolicyCases {
  const writes = ANSWER_CLASSES.map((c) => ({
    stage: STATES.stage,
    answer: c,
    decision: addressWritePolicy(sampleAnswer(c)),
  }));
  const ctx = { maxWriteAttempts: 3 };
  const reads = (['not_settled', 'written', 'not_written'] as const).map((e) => ({
    stage: `reconcile ${STATES.stage}`,
    answer: e,
    decision: reconcileAddressPolicy(e, { attempts: 1 }, ctx),
  }));
  return { writes, reads };
}

export const addressWrite: KindWriteStage = {
  states: { ...(STATES as unknown as WriteStates), stage: STATES.stage as StageName },
  send,
  reconcile,
  policyCases,
};
