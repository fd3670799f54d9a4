// The pipeline's write requests: a create, a screening request, a validation request, an
// identifier attached to a created supplier (a kind's own write is its kind's, ownWrite.ts, and
// uses the helpers exported here). Each records its intent durably before it leaves (once the
// scheduler grants it its slot), then hands the classified answer to the policy and applies what
// it decided.
import type { ApiAnswer } from '../api';
import type { JournalRow } from '../journal/journal';
import type { SupplierIdentifier } from '../../src-shared/supplier';
import { applyDecision } from './apply';
import { sendUnderIntent } from './intent';
import { rowError } from './messages';
import type { RunContext } from './context';
import { buildPayload, platformIdentifier } from './payload';
import { rowPaidWork } from './paidWork';
import { afterScreening } from './policy/progression';
import { classify, type WriteValue } from './policy/classify';
import { attachWritePolicy, nextIdentifier, nothingLeft } from './policy/attach';
import { createPolicy, followUpPolicy } from './policy/writes';
import { evidenceContext } from './reads';
import { stageStates, type FollowUpStage, type StageName } from './stages';

/** A 204 has no body: an answer without a value the classifier reads as plain accepted. */
export function noContent(a: ApiAnswer<void>): ApiAnswer<WriteValue> {
  return a.kind === 'ok' ? { ...a, value: {} } : a;
}

/** Sends one row's write under its intent (intent.ts); undefined when it never left (the row is
 *  as it was). */
export async function sendWithIntent<T extends WriteValue>(
  run: RunContext,
  row: JournalRow,
  stage: StageName,
  request: Record<string, unknown>,
  send: (o: { timeoutMs: number }) => Promise<ApiAnswer<T>>,
): Promise<ApiAnswer<T> | undefined> {
  // Not aborted by a pause: a write that left finishes (bounded by the timeout), so that its
  // answer is journaled instead of leaving the row in doubt.
  const sent = await sendUnderIntent(run.d, {
    kind: stage,
    rowIds: [row.id],
    detail: { stage, request },
    signal: run.health.signal,
    send: (_marked, o) => send(o),
  });
  return sent?.answer;
}

export async function create(run: RunContext, row: JournalRow): Promise<void> {
  const { journal, conn } = run.d;
  const built = buildPayload(row, run.options, run.onCreate);
  if (!built) {
    await journal.recordOutcomeAsync({
      rowId: row.id,
      from: 'queued',
      to: 'invalid',
      patch: rowError('invalid_input.no_longer_valid'),
    });
    return;
  }
  const sent = { screening: built.screening, validation: built.validation };
  // Paid work rides with the create only within the confirmed plan; beyond it nothing of the
  // row is sent and the job pauses to have the new summary confirmed.
  const taken = run.paid.take(row.id, {
    screening: sent.screening ? built.paid.period : null,
    validation: sent.validation,
  });
  if (!taken) return run.health.holdForConfirmation(row);
  run.health.heldForConfirmation.delete(row.id);
  const answer = await sendWithIntent(
    run,
    row,
    'create',
    { endpoint: 'POST /public/v2/suppliers/sites', onCreate: sent },
    (o) => conn.client.createSupplier(built.payload, o),
  );
  // Never left: the row is still queued (or was moved by the user).
  if (!answer) return run.paid.giveBack(row.id, taken);
  const classified = classify('create', answer, { fieldNames: conn.client.fieldNames, sent });
  await applyDecision(
    run,
    row,
    stageStates('create').sending,
    createPolicy(classified, { sent }),
    sent,
  );
}

export async function requestFollowUp(
  run: RunContext,
  row: JournalRow,
  stage: FollowUpStage,
): Promise<void> {
  const { journal, conn } = run.d;
  const { queued, sending } = stageStates(stage);
  // What this row orders: its own column, else the job's option (engine/paidWork.ts). A row
  // that orders nothing at this stage moves on without a request.
  const wanted = rowPaidWork(row.payload, run.options, run.onCreate);
  const period = wanted.period;
  if ((stage === 'screening' && !period) || (stage === 'validation' && !wanted.validation)) {
    const to = stage === 'screening' ? afterScreening(run.options, row) : 'done';
    await journal.recordOutcomeAsync({ rowId: row.id, from: queued, to });
    return;
  }
  const identifier = platformIdentifier(row);
  if (!identifier) {
    await journal.recordOutcomeAsync({
      rowId: row.id,
      from: queued,
      to: 'skipped',
      patch: rowError('api_not_found.no_platform_id'),
    });
    return;
  }
  const taken = run.paid.take(
    row.id,
    stage === 'screening'
      ? { screening: period, validation: false }
      : { screening: null, validation: true },
  );
  if (!taken) return run.health.holdForConfirmation(row);
  run.health.heldForConfirmation.delete(row.id);
  const send = (
    id: SupplierIdentifier,
    o: { timeoutMs: number },
  ): Promise<ApiAnswer<WriteValue>> =>
    stage === 'screening' && period
      ? conn.client.requestScreening(id, period, o)
      : conn.client.requestValidation(id, o);
  const answer = await sendWithIntent(
    run,
    row,
    stage,
    {
      endpoint: `POST /public/v2/suppliers/sites/${stage}`,
      platformId: identifier.platformId ?? null,
    },
    (o) => send(identifier, o),
  );
  if (!answer) return run.paid.giveBack(row.id, taken);
  const classified = classifyWrite(run, stage, answer);
  await applyDecision(
    run,
    row,
    sending,
    followUpPolicy(stage, classified, { validate: wanted.validation }),
  );
}

/** A write after the supplier exists, classified (nothing was asked for on create); an
 *  identifier request's with the type it sent. */
export function classifyWrite(
  run: RunContext,
  stage: StageName,
  answer: ApiAnswer<WriteValue>,
  identifierType?: string,
) {
  const { client } = run.d.conn;
  return classify(stage, answer, {
    fieldNames: client.fieldNames,
    sent: { screening: false, validation: false },
    ...(identifierType !== undefined
      ? { identifier: { type: identifierType, names: client.identifierTypes } }
      : {}),
  });
}

/** Attaches the row's next id (customer id, then own id) to its supplier: one request, under
 *  its intent, like every write. */
export async function attachIdentifier(run: RunContext, row: JournalRow): Promise<void> {
  const { conn } = run.d;
  const { queued, sending } = stageStates('identifiers');
  const id = nextIdentifier(row);
  const supplier = platformIdentifier(row);
  const ctx = evidenceContext(run);
  // Nothing left to attach (a fix took the id away), or no supplier to attach it to.
  if (!id || !supplier) return applyDecision(run, row, queued, nothingLeft(row, ctx));
  const answer = await sendWithIntent(
    run,
    row,
    'identifiers',
    {
      endpoint: 'POST /public/v2/suppliers/sites/identifiers',
      platformId: supplier.platformId ?? null,
      type: id.type,
      id: id.id,
    },
    (o): Promise<ApiAnswer<WriteValue>> => conn.client.addIdentifier(supplier, id, o),
  );
  if (!answer) return;
  await applyDecision(
    run,
    row,
    sending,
    attachWritePolicy(classifyWrite(run, 'identifiers', answer, id.type), row, ctx),
  );
}
