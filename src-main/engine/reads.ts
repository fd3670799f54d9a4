// The reading stages of a row: reconciling a write in doubt (a kind's own write is settled by its
// kind, ownWrite.ts), and polling a requested screening or validation. Each reads the evidence,
// classifies it and applies what the policy decided.
import type {
  ApiAnswer,
  FindResult,
  ScreeningStatus,
  SupplierDetail,
  ValidationStatus,
} from '../api';
import type { JournalRow } from '../journal/journal';
import { applyDecision, settledAt } from './apply';
import type { RunContext } from './context';
import { buildPayload, findQuery, platformIdentifier, supplierRef } from './payload';
import {
  pollPolicy,
  reconcileCreatePolicy,
  reconcileFollowUpPolicy,
  statusClass,
  type Evidence,
  type EvidenceContext,
} from './policy/evidence';
import { nextIdentifier, nothingLeft, reconcileAttachPolicy } from './policy/attach';
import { followUpStageOf, isKnownStatus, stageStates, type FollowUpStage } from './stages';
import { PATHS } from '../api/wire';
import { holderQuery } from '../../src-shared/operations';
import type { IdentifierToAttach } from '../../src-shared/supplier';

/** What the reading and identifier policies are told: the job's options and the attempt cap. */
export function evidenceContext(
  run: RunContext,
  extra: Partial<EvidenceContext> = {},
): EvidenceContext {
  return {
    options: run.options,
    maxWriteAttempts: run.d.settings.maxWriteAttempts,
    now: run.d.clock.now(),
    unknownStatusMs: run.d.settings.unknownStatusMaxMs,
    ...extra,
  };
}

/** Find by identifier, as evidence; undefined after a failed read (handled). */
export async function find(run: RunContext, row: JournalRow): Promise<Evidence | undefined> {
  const ref = supplierRef(row);
  if (!ref) return { class: 'none' };
  const answer = await run.d.conn.api.findByIdentifier(findQuery(ref), {
    jobId: run.d.jobId,
    signal: run.health.signal,
    kind: 'poll',
  });
  if (answer.kind !== 'ok') {
    run.health.readFailed(answer, row);
    return undefined;
  }
  return foundEvidence(answer.value);
}

/** What a find-by-identifier read says, as evidence. */
export function foundEvidence(found: FindResult<SupplierDetail>): Evidence {
  if (found.found === 'one')
    return { class: 'found', platformTargetId: found.supplier.platformTargetId };
  return { class: found.found === 'ambiguous' ? 'ambiguous' : 'none' };
}

/** A screening's or validation's status, as evidence; undefined after a failed read. */
async function statusOf(
  run: RunContext,
  row: JournalRow,
  stage: FollowUpStage,
): Promise<Evidence | undefined> {
  const identifier = platformIdentifier(row);
  if (!identifier) return undefined;
  const o = { jobId: run.d.jobId, signal: run.health.signal, kind: 'poll' as const };
  const evidence =
    stage === 'screening'
      ? evidenceOf(run, row, await run.d.conn.api.getScreening(identifier, o), screeningEvidence)
      : evidenceOf(run, row, await run.d.conn.api.getValidation(identifier, o), validationEvidence);
  if (evidence?.status !== undefined) noteStatus(run, stage, evidence.status);
  return evidence;
}

/** A status read, for the stall warning; one the documentation does not list is said at once. */
function noteStatus(run: RunContext, stage: FollowUpStage, status: string): void {
  const { settings } = run.d;
  const endpoint = `GET ${stage === 'screening' ? PATHS.screening : PATHS.validation}`;
  const known = isKnownStatus(stage, status);
  if (!known) run.health.stall.unknownStatus(stage, endpoint, status);
  run.health.stall.note({
    kind: 'status',
    endpoint,
    status,
    known,
    waitMs: stage === 'screening' ? settings.expectedScreeningMs : settings.expectedValidationMs,
  });
}

function evidenceOf<T>(
  run: RunContext,
  row: JournalRow,
  answer: ApiAnswer<T>,
  toEvidence: (value: T) => Evidence,
): Evidence | undefined {
  if (answer.kind === 'ok' || answer.kind === 'not_found') {
    run.health.reachable();
    return answer.kind === 'ok' ? toEvidence(answer.value) : { class: 'none' };
  }
  run.health.readFailed(answer, row);
  return undefined;
}

function screeningEvidence(v: ScreeningStatus): Evidence {
  return {
    class: statusClass('screening', v.status),
    status: v.status,
    ...(v.id != null ? { id: v.id } : {}),
  };
}

function validationEvidence(v: ValidationStatus): Evidence {
  return {
    class: statusClass('validation', v.status),
    status: v.status,
    requestId: v.requestId ?? null,
    outcomeTargetId: v.outcomeTargetId ?? null,
    rejectionReason: v.rejectionReason ?? null,
  };
}

/** A row in doubt: its create, its identifier, its kind's own write (the kind settles it) or
 *  its screening or validation request. */
export async function reconcile(run: RunContext, row: JournalRow): Promise<void> {
  if (row.state === 'in_doubt') return reconcileCreate(run, row);
  if (row.state === stageStates('identifiers').inDoubt) return reconcileAttach(run, row);
  const own = run.kind.write;
  if (own && row.state === own.states.inDoubt) return own.reconcile(run, row);
  const stage = followUpStageOf(row.state);
  const evidence = await statusOf(run, row, stage);
  if (!evidence) return;
  const decision = reconcileFollowUpPolicy(stage, evidence, row, evidenceContext(run));
  await applyDecision(run, row, row.state, decision);
}

async function reconcileCreate(run: RunContext, row: JournalRow): Promise<void> {
  const { conn, clock, settings, jobId } = run.d;
  // Evidence counts only once read after the request settled: never a list read while the
  // request was still on its way (see settledAt).
  const settled = settledAt(row, settings);
  // The row was checked new before its first send: what is found now is the creation this job
  // made, unless its very first send was refused with 409 (then someone else made it meanwhile;
  // the row is followed all the same, but not counted as created here).
  const ours = row.errorCode !== 'api_conflict' || row.attempts > 1;
  // The request that may have landed asked for screening and validation as today's payload
  // would: follow those (and ask for them explicitly only if they never show up).
  const built = buildPayload(row, run.options, run.onCreate);
  const ctx = evidenceContext(run, {
    ours,
    sent: { screening: built?.screening ?? false, validation: built?.validation ?? false },
  });
  const decide = (e: Evidence) =>
    applyDecision(run, row, 'in_doubt', reconcileCreatePolicy(e, row, ctx));
  if (settled > clock.now()) return decide({ class: 'not_settled' });
  const pending = await conn.pending(Math.max(settled, 0), { jobId, signal: run.health.signal });
  if (pending.kind !== 'ok') return run.health.readFailed(pending, row);
  run.health.reachable();
  const uuid = row.identityKey ? pending.value.byIdentity.get(row.identityKey) : undefined;
  if (uuid) return decide({ class: 'pending', uuid });
  const found = await find(run, row);
  if (found) await decide(found);
}

export async function pollStatus(run: RunContext, row: JournalRow): Promise<void> {
  const stage = followUpStageOf(row.state);
  const evidence = await statusOf(run, row, stage);
  if (!evidence) return;
  await applyDecision(run, row, row.state, pollPolicy(stage, evidence, row, evidenceContext(run)));
}

/** An identifier request in doubt (lost answer, or 409): the id is read back with
 *  find-by-identifier, and the supplier that has it says whether the attach took effect. */
async function reconcileAttach(run: RunContext, row: JournalRow): Promise<void> {
  const { clock, settings } = run.d;
  const from = stageStates('identifiers').inDoubt;
  const ctx = evidenceContext(run);
  const decide = (e: Evidence) => applyDecision(run, row, from, reconcileAttachPolicy(e, row, ctx));
  const id = nextIdentifier(row);
  if (!id) return applyDecision(run, row, from, nothingLeft(row, ctx));
  // A request may be applied until its answer is back: read only once that plus the settle
  // delay has passed (a 409 says the id existed when answered: no delay).
  if (settledAt(row, settings) > clock.now()) return decide({ class: 'not_settled' });
  await readHolder(run, row, id, decide);
}

/** Reads back which supplier holds an identifier, and has `decide` say what that means; a
 *  failed read is handled (the row stays as it is). */
export async function readHolder(
  run: RunContext,
  row: JournalRow,
  id: IdentifierToAttach,
  decide: (e: Evidence) => Promise<void>,
): Promise<void> {
  const answer = await run.d.conn.api.findByIdentifier(holderQuery(id), {
    jobId: run.d.jobId,
    signal: run.health.signal,
    kind: 'poll',
  });
  if (answer.kind !== 'ok') return run.health.readFailed(answer, row);
  run.health.reachable();
  await decide(foundEvidence(answer.value));
}
