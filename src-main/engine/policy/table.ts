// The policy as a table: every stage against every class of answer or evidence, computed by the
// policy functions themselves from one sample answer per class, the kinds' own writes with the
// lines their kinds give (engine/ownWrite.ts policyCases; src-main/kinds/policyTable.ts hands
// them in). docs/architecture.md shows it (`npm run docs:policy` writes it there; a test fails
// when the document differs).
import { appError } from '../../../src-shared/errors';
import type { RowState } from '../../journal/rowStates';
import {
  FOLLOW_UP_STAGES,
  MISSING_MARK,
  NOT_VISIBLE_MARK,
  ON_CREATE,
  type WriteStage,
} from '../stages';
import {
  pollPolicy,
  reconcileCreatePolicy,
  reconcileFollowUpPolicy,
  trackPolicy,
  type Evidence,
  type EvidenceContext,
  type EvidenceRow,
} from './evidence';
import {
  attachWritePolicy,
  reconcileAttachPolicy,
  type AttachContext,
  type AttachRow,
} from './attach';
import { createPolicy, followUpPolicy } from './writes';
import { ANSWER_CLASSES, type Answer, type AnswerClass, type Decision } from './types';

/** A sample answer of each class, with what the policy may keep of it. */
export function sampleAnswer(c: AnswerClass): Answer {
  const error = appError(c === 'field_names' ? 'api_field_names' : 'api_access_denied');
  return {
    class: c,
    status: c === 'unexpected_4xx' ? 422 : c.startsWith('accepted') ? 202 : undefined,
    code: 'invalid_request',
    message: 'the API said so',
    detail: 'timeout: no answer',
    ...(c === 'accepted' ? { uuid: 'u-1', screeningRequestIds: [7], requestId: 'r-1' } : {}),
    ...(c === 'accepted_nothing' ? { screeningRequestIds: [] } : {}),
    ...(c === 'on_create_refused' || c === 'access_denied' || c === 'field_names' ? { error } : {}),
  };
}

export interface PolicyCase {
  stage: string;
  answer: string;
  decision: Decision;
}

/** A kind's own write's lines of the table (engine/ownWrite.ts). */
export interface OwnPolicyCases {
  writes: PolicyCase[];
  reads: PolicyCase[];
}

const SENT = { screening: true, validation: false };
const OPTIONS = { screeningPeriod: 2, validate: true };

function row(state: RowState, over: Partial<EvidenceRow> = {}): EvidenceRow {
  return {
    state,
    attempts: 1,
    errorCode: null,
    screeningStatus: null,
    validationStatus: null,
    ...over,
  };
}

const CTX: EvidenceContext = { options: OPTIONS, maxWriteAttempts: 3, sent: SENT, ours: true };
const ID_CTX: AttachContext = { options: OPTIONS, maxWriteAttempts: 3 };

/** A row of an existing or created supplier (platform id 42) with a customer id to attach. */
function attaching(state: RowState, over: Partial<AttachRow> = {}): AttachRow & EvidenceRow {
  return { ...row(state), platformId: '42', payload: { customerId: 'C-1' }, ...over };
}

/** Every write stage against every answer class; the kinds' own writes after the pipeline's. */
export function writeCases(own: readonly OwnPolicyCases[] = []): PolicyCase[] {
  const stages: WriteStage[] = ['create', 'identifiers', ...FOLLOW_UP_STAGES];
  const decide = (stage: WriteStage, c: AnswerClass): Decision => {
    switch (stage) {
      case 'create':
        return createPolicy(sampleAnswer(c), { sent: SENT });
      case 'identifiers':
        return attachWritePolicy(sampleAnswer(c), attaching('identifiers_sending'), ID_CTX);
      default:
        return followUpPolicy(stage, sampleAnswer(c), { validate: true });
    }
  };
  const cases: PolicyCase[] = stages.flatMap((stage) =>
    ANSWER_CLASSES.map((c) => ({ stage, answer: c, decision: decide(stage, c) })),
  );
  for (const kind of own) cases.push(...kind.writes);
  return cases;
}

/** Every reading stage against the evidence it can find, and the row's history where it counts
 *  (a second look, the attempt cap). */
export function readCases(own: readonly OwnPolicyCases[] = []): PolicyCase[] {
  const cases: PolicyCase[] = [];
  const add = (stage: string, answer: string, decision: Decision) =>
    cases.push({ stage, answer, decision });
  const found: Evidence = { class: 'found', platformTargetId: 42 };
  const doubt = row('in_doubt');
  const capped = row('in_doubt', { attempts: 3 });
  add(
    'reconcile create',
    'not_settled',
    reconcileCreatePolicy({ class: 'not_settled' }, doubt, CTX),
  );
  add(
    'reconcile create',
    'pending',
    reconcileCreatePolicy({ class: 'pending', uuid: 'u-1' }, doubt, CTX),
  );
  add('reconcile create', 'found', reconcileCreatePolicy(found, doubt, CTX));
  add('reconcile create', 'ambiguous', reconcileCreatePolicy({ class: 'ambiguous' }, doubt, CTX));
  add('reconcile create', 'none', reconcileCreatePolicy({ class: 'none' }, doubt, CTX));
  add(
    'reconcile create',
    'none, cap reached',
    reconcileCreatePolicy({ class: 'none' }, capped, CTX),
  );
  const tracked = row('accepted');
  add('track', 'found', trackPolicy(found, tracked, CTX));
  add('track', 'ambiguous', trackPolicy({ class: 'ambiguous' }, tracked, CTX));
  add('track', 'none', trackPolicy({ class: 'none' }, tracked, CTX));
  add(
    'track',
    'none, second look',
    trackPolicy({ class: 'none' }, row('accepted', { errorCode: MISSING_MARK }), CTX),
  );
  for (const stage of FOLLOW_UP_STAGES) {
    const inDoubt = row(`${stage}_in_doubt`);
    const status = { status: 'Running', id: 7, requestId: 'r-1' };
    add(
      `reconcile ${stage}`,
      'running',
      reconcileFollowUpPolicy(stage, { class: 'running', ...status }, inDoubt, CTX),
    );
    add(
      `reconcile ${stage}`,
      'ended',
      reconcileFollowUpPolicy(stage, { class: 'ended', ...status }, inDoubt, CTX),
    );
    add(
      `reconcile ${stage}`,
      'none',
      reconcileFollowUpPolicy(stage, { class: 'none' }, inDoubt, CTX),
    );
    add(
      `reconcile ${stage}`,
      'none, cap reached',
      reconcileFollowUpPolicy(
        stage,
        { class: 'none' },
        row(`${stage}_in_doubt`, { attempts: 3 }),
        CTX,
      ),
    );
    const requested = row(`${stage}_requested`);
    const seen = { errorCode: NOT_VISIBLE_MARK };
    const asked =
      stage === 'screening' ? { screeningStatus: ON_CREATE } : { validationStatus: ON_CREATE };
    add(
      `poll ${stage}`,
      'running',
      pollPolicy(stage, { class: 'running', ...status }, requested, CTX),
    );
    add(`poll ${stage}`, 'ended', pollPolicy(stage, { class: 'ended', ...status }, requested, CTX));
    add(`poll ${stage}`, 'none', pollPolicy(stage, { class: 'none' }, requested, CTX));
    add(
      `poll ${stage}`,
      'none, second look',
      pollPolicy(stage, { class: 'none' }, row(`${stage}_requested`, seen), CTX),
    );
    add(
      `poll ${stage}`,
      'none, second look, asked on create',
      pollPolicy(stage, { class: 'none' }, row(`${stage}_requested`, { ...seen, ...asked }), CTX),
    );
  }
  const idDoubt = attaching('identifiers_in_doubt');
  const after409 = attaching('identifiers_in_doubt', { errorCode: 'api_conflict' });
  const reconcileId = (answer: string, e: Evidence, r: AttachRow & EvidenceRow) =>
    add('reconcile identifiers', answer, reconcileAttachPolicy(e, r, ID_CTX));
  reconcileId('not_settled', { class: 'not_settled' }, idDoubt);
  reconcileId('found, this supplier', found, idDoubt);
  reconcileId('found, this supplier, after 409', found, after409);
  reconcileId('found, another supplier', { class: 'found', platformTargetId: 7 }, idDoubt);
  reconcileId('ambiguous', { class: 'ambiguous' }, idDoubt);
  reconcileId('none', { class: 'none' }, idDoubt);
  reconcileId('none, after 409', { class: 'none' }, after409);
  reconcileId(
    'none, cap reached',
    { class: 'none' },
    attaching('identifiers_in_doubt', { attempts: 3 }),
  );
  for (const kind of own) cases.push(...kind.reads);
  return cases;
}

/** One line of the table: the next state (and the one after, in the same commit), when the
 *  row is due again, whether the attempt is given back, and the effect on the job. */
export function summary(d: Decision): { state: string; retry: string; effect: string } {
  const o = d.outcome;
  const state = d.then ? `${o.to} → ${d.then.to}` : o.to;
  const retry = [d.then?.retry ?? o.retry, o.refund ? 'refund' : ''].filter(Boolean).join(', ');
  return { state, retry, effect: d.effect.kind };
}

/** The table as Markdown, with the kinds' own writes' lines. */
export function policyTable(own: readonly OwnPolicyCases[]): string {
  const lines = [
    '| Stage | Answer | Next state | Due again | Effect |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const c of [...writeCases(own), ...readCases(own)]) {
    const s = summary(c.decision);
    lines.push(`| ${c.stage} | ${c.answer} | ${s.state} | ${s.retry} | ${s.effect} |`);
  }
  return lines.join('\n');
}

export const TABLE_START = '<!-- policy-table:start (npm run docs:policy) -->';
export const TABLE_END = '<!-- policy-table:end -->';

/** The document with the table between its markers replaced by the one the code produces. */
export function withPolicyTable(doc: string, own: readonly OwnPolicyCases[]): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('the policy table markers are missing');
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${policyTable(own)}\n\n${doc.slice(end)}`;
}
