// The retry policy from tables: every answer class at every write stage, and every kind of
// evidence at every reading stage, against the next state, when the row is due again, whether
// the attempt is given back, and the effect on the job. Pure functions: no server, no clock.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../../src-main/api';
import { classify, type WriteValue } from '../../../src-main/engine/policy/classify';
import { sampleAnswer, summary } from '../../../src-main/engine/policy/table';
import { readCases, withPolicyTable, writeCases } from '../../../src-main/kinds/policyTable';
import { createPolicy, followUpPolicy } from '../../../src-main/engine/policy/writes';
import {
  attachWritePolicy,
  reconcileAttachPolicy,
  type AttachRow,
} from '../../../src-main/engine/policy/attach';
import type { EvidenceRow } from '../../../src-main/engine/policy/evidence';
import { ANSWER_CLASSES, type Decision } from '../../../src-main/engine/policy/types';
import {
  CLOCK_TOLERANCE_MS,
  historyEvidence,
  scoresAfterWrite,
  scoresBatchPolicy,
  settleScoresPolicy,
  SETTLE_CAP,
} from '../../../src-main/kinds/scores/policy';
import { appError } from '../../../src-shared/errors';

/** `state | due again | effect`, as the tables below write it. */
const line = (d: Decision) => {
  const s = summary(d);
  return `${s.state} | ${s.retry} | ${s.effect}`;
};

const CREATE: Record<(typeof ANSWER_CLASSES)[number], string> = {
  accepted: 'accepted | track | created',
  accepted_nothing: 'accepted | track | created',
  row_error: 'rejected | none | reachable',
  field_names: 'rejected | none | field_names',
  already_validated: 'rejected | none | reachable',
  screening_running: 'rejected | none | reachable',
  request_pending: 'rejected | none | reachable',
  conflict: 'in_doubt | now | reachable',
  on_create_refused: 'queued | now, refund | refuse_on_create',
  access_denied: 'queued | keep, refund | access_denied',
  not_found: 'queued | keep, refund | wrong_address',
  offline: 'queued | keep, refund | offline',
  no_token: 'queued | keep, refund | no_token',
  aborted_unsent: 'queued | keep, refund | none',
  aborted_sent: 'in_doubt | settle | none',
  maybe_processed: 'in_doubt | settle | reachable',
  unexpected_4xx: 'rejected | none | none',
  unexpected: 'in_doubt | settle | none',
  throttled: 'queued | keep, refund | none',
};

/** Screening and validation, with `S` for the stage's prefix. */
const FOLLOW_UP: Record<(typeof ANSWER_CLASSES)[number], string | [string, string]> = {
  accepted: 'S_requested | poll | reachable',
  accepted_nothing: ['validation_queued | keep | reachable', 'S_requested | poll | reachable'],
  row_error: 'needs_user | none | reachable',
  field_names: 'needs_user | none | reachable',
  already_validated: ['needs_user | none | reachable', 'done | none | reachable'],
  screening_running: [
    'needs_user | none | reachable',
    'S_queued | poll_backoff, refund | reachable',
  ],
  request_pending: ['needs_user | none | reachable', 'S_requested | poll | reachable'],
  conflict: 'S_in_doubt | settle | none',
  on_create_refused: 'S_queued | keep, refund | access_denied',
  access_denied: 'S_queued | keep, refund | access_denied',
  not_found: 'needs_user | none | none',
  offline: 'S_queued | keep, refund | offline',
  no_token: 'S_queued | keep, refund | no_token',
  aborted_unsent: 'S_queued | keep, refund | none',
  aborted_sent: 'S_in_doubt | settle | none',
  maybe_processed: 'S_in_doubt | settle | none',
  unexpected_4xx: 'S_in_doubt | settle | none',
  unexpected: 'S_in_doubt | settle | none',
  throttled: 'S_queued | keep, refund | none',
};

/** The identifiers stage (one customer id left to attach), with what the id came to. */
const IDENTIFIERS: Record<(typeof ANSWER_CLASSES)[number], string> = {
  accepted: 'screening_queued | poll | reachable | added',
  accepted_nothing: 'screening_queued | poll | reachable | added',
  row_error: 'screening_queued | poll | reachable | rejected',
  field_names: 'screening_queued | poll | reachable | rejected',
  already_validated: 'screening_queued | poll | reachable | rejected',
  screening_running: 'screening_queued | poll | reachable | rejected',
  request_pending: 'screening_queued | poll | reachable | rejected',
  conflict: 'identifiers_in_doubt | now | reachable | -',
  on_create_refused: 'identifiers_queued | keep, refund | access_denied | -',
  access_denied: 'identifiers_queued | keep, refund | access_denied | -',
  not_found: 'needs_user | none | none | -',
  offline: 'identifiers_queued | keep, refund | offline | -',
  no_token: 'identifiers_queued | keep, refund | no_token | -',
  aborted_unsent: 'identifiers_queued | keep, refund | none | -',
  aborted_sent: 'identifiers_in_doubt | settle | none | -',
  maybe_processed: 'identifiers_in_doubt | settle | none | -',
  unexpected_4xx: 'identifiers_in_doubt | settle | none | -',
  unexpected: 'identifiers_in_doubt | settle | none | -',
  throttled: 'identifiers_queued | keep, refund | none | -',
};

const ID_OPTIONS = { options: { screeningPeriod: 2, validate: true }, maxWriteAttempts: 3 };

function attaching(over: Partial<AttachRow & EvidenceRow> = {}): AttachRow & EvidenceRow {
  return {
    state: 'identifiers_sending',
    attempts: 1,
    errorCode: null,
    screeningStatus: null,
    validationStatus: null,
    platformId: '42',
    payload: { customerId: 'C-1' },
    ...over,
  };
}

/** `line` and the result the decision records for the id (`-`: none yet). */
const withResult = (d: Decision) =>
  `${line(d)} | ${d.outcome.patch?.identifiers?.at(-1)?.result ?? '-'}`;

const SENT = { screening: true, validation: false };

describe('the identifiers policy', () => {
  it.each(ANSWER_CLASSES)('identifiers, %s', (c) => {
    expect(withResult(attachWritePolicy(sampleAnswer(c), attaching(), ID_OPTIONS))).toBe(
      IDENTIFIERS[c],
    );
  });

  it('sends the customer id, then the own id, then moves on', () => {
    const row = attaching({ payload: { customerId: 'C-1', ownId: 'O-1' } });
    const first = attachWritePolicy(sampleAnswer('accepted'), row, ID_OPTIONS);
    expect(first.outcome).toMatchObject({
      to: 'identifiers_queued',
      retry: 'now',
      patch: { identifiers: [{ type: 'CUSTOMER_ID', id: 'C-1', result: 'added' }], attempts: 0 },
    });
    const second = attachWritePolicy(
      sampleAnswer('accepted'),
      { ...row, identifiers: first.outcome.patch!.identifiers! },
      ID_OPTIONS,
    );
    expect(second.outcome.to).toBe('screening_queued');
    expect(second.outcome.patch?.identifiers?.map((i) => `${i.type} ${i.id} ${i.result}`)).toEqual([
      'CUSTOMER_ID C-1 added',
      'OWN_ID O-1 added',
    ]);
  });

  const READ_ID: Array<[string, Parameters<typeof reconcileAttachPolicy>[0], object, string]> = [
    ['not settled', { class: 'not_settled' }, {}, 'identifiers_in_doubt | settled | none | -'],
    [
      'lost, on this supplier',
      { class: 'found', platformTargetId: 42 },
      {},
      'screening_queued | poll | none | added',
    ],
    [
      '409, on this supplier',
      { class: 'found', platformTargetId: 42 },
      { errorCode: 'api_conflict' },
      'screening_queued | poll | none | present',
    ],
    [
      'on another supplier',
      { class: 'found', platformTargetId: 7 },
      {},
      'screening_queued | poll | none | other',
    ],
    [
      '409, on another supplier',
      { class: 'found', platformTargetId: 7 },
      { errorCode: 'api_conflict' },
      'screening_queued | poll | none | other',
    ],
    ['on several suppliers', { class: 'ambiguous' }, {}, 'screening_queued | poll | none | other'],
    ['lost, on none: sent again', { class: 'none' }, {}, 'identifiers_queued | now | none | -'],
    [
      '409, on none',
      { class: 'none' },
      { errorCode: 'api_conflict' },
      'screening_queued | poll | none | other',
    ],
    [
      'lost, on none, cap reached',
      { class: 'none' },
      { attempts: 3 },
      'needs_user | none | none | -',
    ],
  ];
  it.each(READ_ID)('reading the id back: %s', (_name, evidence, over, want) => {
    const row = attaching({ state: 'identifiers_in_doubt', ...over });
    expect(withResult(reconcileAttachPolicy(evidence, row, ID_OPTIONS))).toBe(want);
  });

  it('keeps who holds an id of another supplier, and the refusal of a 400', () => {
    const other = reconcileAttachPolicy(
      { class: 'found', platformTargetId: 7 },
      attaching({ state: 'identifiers_in_doubt' }),
      ID_OPTIONS,
    );
    expect(other.outcome.patch?.identifiers).toEqual([
      { type: 'CUSTOMER_ID', id: 'C-1', result: 'other', holder: '7' },
    ]);
    const refused = attachWritePolicy(sampleAnswer('row_error'), attaching(), ID_OPTIONS);
    expect(refused.outcome.patch?.identifiers?.[0]).toMatchObject({
      result: 'rejected',
      message: 'the API said so',
    });
  });
});

describe('the write policy', () => {
  it.each(ANSWER_CLASSES)('create, %s', (c) => {
    expect(line(createPolicy(sampleAnswer(c), { sent: SENT }))).toBe(CREATE[c]);
  });

  for (const [i, stage] of (['screening', 'validation'] as const).entries()) {
    it.each(ANSWER_CLASSES)(`${stage}, %s`, (c) => {
      const want = FOLLOW_UP[c];
      const text = (typeof want === 'string' ? want : want[i]!).replaceAll('S_', `${stage}_`);
      expect(line(followUpPolicy(stage, sampleAnswer(c), { validate: true }))).toBe(text);
    });
  }

  it('sends a lost write to doubt, never back to its queue', () => {
    for (const { stage, answer, decision } of writeCases()) {
      if (['aborted_sent', 'maybe_processed', 'unexpected'].includes(answer))
        expect(decision.outcome.to, `${stage} ${answer}`).toMatch(/in_doubt$/);
    }
  });

  it('gives the attempt back only for requests that never took effect', () => {
    const refunded = writeCases()
      .filter((c) => c.decision.outcome.refund)
      .map((c) => c.answer);
    for (const a of refunded)
      expect([
        'on_create_refused',
        'access_denied',
        'not_found',
        'offline',
        'no_token',
        'aborted_unsent',
        'throttled',
        'screening_running',
      ]).toContain(a);
  });

  it('keeps what the answer said with the row', () => {
    const ok = createPolicy(sampleAnswer('accepted'), { sent: SENT });
    expect(ok.outcome.patch).toMatchObject({
      creationUuid: 'u-1',
      createdByJob: true,
      screeningStatus: 'OnCreate',
    });
    expect(ok.outcome.patch).not.toHaveProperty('validationStatus');
    const refused = createPolicy(sampleAnswer('row_error'), { sent: SENT });
    expect(refused.outcome.patch).toMatchObject({
      errorCode: 'api_row_rejected',
      errorMessage: 'the API said so',
      rejectionReason: 'invalid_request',
    });
    const doubt = createPolicy(sampleAnswer('maybe_processed'), { sent: SENT });
    expect(doubt.outcome).toMatchObject({
      reason: 'in_doubt',
      response: { answer: 'lost', detail: 'timeout: no answer' },
    });
  });
});

describe('the reading policy', () => {
  const READ: Record<string, string> = {
    'reconcile create: not_settled': 'in_doubt | settled | none',
    'reconcile create: pending': 'accepted | track | created',
    'reconcile create: found': 'created | none | created',
    'reconcile create: ambiguous': 'needs_user | none | none',
    'reconcile create: none': 'queued | now | none',
    'reconcile create: none, cap reached': 'needs_user | none | none',
    'track: found': 'created → screening_queued | poll | none',
    'track: ambiguous': 'needs_user | none | none',
    'track: none': 'accepted | settle | none',
    'track: none, second look': 'vanished | none | none',
    'reconcile screening: running': 'screening_requested | now | none',
    'reconcile screening: ended': 'screening_requested | now | none',
    'reconcile screening: none': 'screening_queued | now | none',
    'reconcile screening: none, cap reached': 'needs_user | none | none',
    'poll screening: running': 'screening_requested | poll_later | none',
    'poll screening: ended': 'validation_queued | now | none',
    'poll screening: none': 'screening_requested | settle | none',
    'poll screening: none, second look': 'needs_user | none | none',
    'poll screening: none, second look, asked on create': 'screening_queued | now | none',
    'reconcile validation: running': 'validation_requested | now | none',
    'reconcile validation: ended': 'validation_requested | now | none',
    'reconcile validation: none': 'validation_queued | now | none',
    'reconcile validation: none, cap reached': 'needs_user | none | none',
    'poll validation: running': 'validation_requested | poll_later | none',
    'poll validation: ended': 'done | none | none',
    'poll validation: none': 'validation_requested | settle | none',
    'poll validation: none, second look': 'needs_user | none | none',
    'poll validation: none, second look, asked on create': 'validation_queued | now | none',
  };
  Object.assign(READ, {
    'reconcile identifiers: not_settled': 'identifiers_in_doubt | settled | none',
    'reconcile identifiers: found, this supplier': 'screening_queued | poll | none',
    'reconcile identifiers: found, this supplier, after 409': 'screening_queued | poll | none',
    'reconcile identifiers: found, another supplier': 'screening_queued | poll | none',
    'reconcile identifiers: ambiguous': 'screening_queued | poll | none',
    'reconcile identifiers: none': 'identifiers_queued | now | none',
    'reconcile identifiers: none, after 409': 'screening_queued | poll | none',
    'reconcile identifiers: none, cap reached': 'needs_user | none | none',
    // An identifiers job's add: on this supplier it took effect; elsewhere the user decides;
    // nowhere, it is sent again (after a 409: held where it is not shown).
    'reconcile identifier add: not_settled': 'idchange_in_doubt | settled | none',
    'reconcile identifier add: found, this supplier': 'done | none | none',
    'reconcile identifier add: found, this supplier, cap reached': 'done | none | none',
    'reconcile identifier add: found, another supplier': 'needs_user | none | none',
    'reconcile identifier add: ambiguous': 'needs_user | none | none',
    'reconcile identifier add: none': 'idchange_queued | now | none',
    'reconcile identifier add: none, cap reached': 'needs_user | none | none',
    'reconcile identifier add: found, this supplier, after 409': 'done | none | none',
    'reconcile identifier add: none, after 409': 'needs_user | none | none',
    // Its remove: still on this supplier, sent again; anywhere else or nowhere, it took effect.
    'reconcile identifier remove: not_settled': 'idchange_in_doubt | settled | none',
    'reconcile identifier remove: found, this supplier': 'idchange_queued | now | none',
    'reconcile identifier remove: found, this supplier, cap reached': 'needs_user | none | none',
    'reconcile identifier remove: found, another supplier': 'done | none | none',
    'reconcile identifier remove: ambiguous': 'needs_user | none | none',
    'reconcile identifier remove: none': 'done | none | none',
    'reconcile identifier remove: none, cap reached': 'done | none | none',
    'reconcile deactivate: not_settled': 'deactivate_in_doubt | settled | none',
    'reconcile deactivate: found (still active)': 'deactivate_queued | now | none',
    'reconcile deactivate: found, cap reached': 'needs_user | none | none',
    'reconcile deactivate: none (not active any more)': 'done | none | none',
    // A lost batch of scores, settled by the supplier's history.
    'settle scores: history shows the score': 'done | none | reachable',
    'settle scores: history does not show it': 'queued | now | reachable',
    'settle scores: history does not show it, cap reached': 'needs_user | none | reachable',
    'settle scores: not_settled': 'in_doubt | settle | none',
    'settle scores: access_denied': 'in_doubt | keep | access_denied',
    'settle scores: offline': 'in_doubt | keep | offline',
    'settle scores: aborted': 'in_doubt | keep | none',
  });

  it('says what an identifier change came to, and who made it', () => {
    const result = (stage: string, answer: string) =>
      readCases().find((c) => c.stage === stage && c.answer === answer)?.decision.outcome.patch
        ?.opResult;
    expect(result('reconcile identifier add', 'found, this supplier')).toBe('added');
    expect(result('reconcile identifier add', 'found, this supplier, after 409')).toBe(
      'already_present',
    );
    expect(result('reconcile identifier add', 'found, another supplier')).toBe('on_other_supplier');
    expect(result('reconcile identifier remove', 'none')).toBe('removed');
    const written = (stage: string, answer: string) =>
      writeCases().find((c) => c.stage === stage && c.answer === answer)?.decision.outcome.patch
        ?.opResult;
    expect(written('identifier add', 'accepted')).toBe('added');
    expect(written('identifier remove', 'accepted')).toBe('removed');
    // A 404 to a DELETE that was answered: someone else removed it since the check.
    expect(written('identifier remove', 'not_found')).toBe('not_present');
  });

  it('covers every reading stage and what it can find', () => {
    expect(readCases().map((c) => `${c.stage}: ${c.answer}`)).toEqual(Object.keys(READ));
  });

  it.each(readCases().map((c) => [`${c.stage}: ${c.answer}`, c.decision] as const))(
    '%s',
    (name, decision) => {
      expect(line(decision)).toBe(READ[name]);
    },
  );
});

describe('classifying a write answer', () => {
  const ctx = {
    fieldNames: 'city-address' as const,
    sent: { screening: true, validation: false },
  };
  const rowError = (message: string): ApiAnswer<WriteValue> => ({
    kind: 'row_error',
    status: 400,
    code: 'invalid_request',
    message,
  });
  it('reads the validation refusals only for a validation', () => {
    expect(classify('validation', rowError('Supplier is already validated'), ctx).class).toBe(
      'already_validated',
    );
    expect(classify('validation', rowError('A screening is still running'), ctx).class).toBe(
      'screening_running',
    );
    expect(classify('validation', rowError('A request is pending'), ctx).class).toBe(
      'request_pending',
    );
    expect(classify('screening', rowError('A request is pending'), ctx).class).toBe('row_error');
    expect(classify('create', rowError('already validated'), ctx).class).toBe('row_error');
  });
  it('tells a refusal of on-create fields from any other 403', () => {
    const denied = (permission?: string): ApiAnswer<WriteValue> => ({
      kind: 'access_denied',
      loggedIn: true,
      message: 'no',
      ...(permission ? { permission } : {}),
    });
    expect(classify('create', denied('SCREENING_ON_CREATE'), ctx).class).toBe('on_create_refused');
    expect(classify('create', denied(), ctx).class).toBe('on_create_refused');
    expect(classify('create', denied('ACCESS_PUBLIC_SUPPLIERS'), ctx).class).toBe('access_denied');
    expect(
      classify('create', denied(), { ...ctx, sent: { screening: false, validation: false } }).class,
    ).toBe('access_denied');
    expect(classify('screening', denied('SCREENING'), ctx).class).toBe('access_denied');
  });
  it('sorts lost and unexpected answers', () => {
    expect(classify('create', { kind: 'aborted', maybeSent: true }, ctx).class).toBe(
      'aborted_sent',
    );
    expect(
      classify(
        'create',
        { kind: 'unexpected_response', endpoint: 'x', status: 422, detail: 'd' },
        ctx,
      ).class,
    ).toBe('unexpected_4xx');
    expect(
      classify(
        'create',
        { kind: 'unexpected_response', endpoint: 'x', status: 200, detail: 'd' },
        ctx,
      ).class,
    ).toBe('unexpected');
    const lost = classify(
      'create',
      { kind: 'maybe_processed', reason: 'timeout', detail: 'no answer' },
      ctx,
    );
    expect(lost).toMatchObject({ class: 'maybe_processed', detail: 'timeout: no answer' });
  });
  it('tells a skipped screening from an accepted one', () => {
    const ok = (ids: number[]): ApiAnswer<WriteValue> => ({
      kind: 'ok',
      status: 202,
      info: {},
      value: { screeningRequestIds: ids },
    });
    expect(classify('screening', ok([]), ctx).class).toBe('accepted_nothing');
    expect(classify('screening', ok([3]), ctx).class).toBe('accepted');
  });
});

/** A batch of scores, for a row of its one score (written when the batch is accepted). */
const SCORES: Record<(typeof ANSWER_CLASSES)[number], string> = {
  accepted: 'done | none | reachable',
  accepted_nothing: 'done | none | reachable',
  row_error: 'rejected | none | reachable',
  field_names: 'rejected | none | reachable',
  already_validated: 'rejected | none | reachable',
  screening_running: 'rejected | none | reachable',
  request_pending: 'rejected | none | reachable',
  conflict: 'in_doubt | settle | reachable',
  on_create_refused: 'queued | keep, refund | access_denied',
  access_denied: 'queued | keep, refund | access_denied',
  not_found: 'queued | keep, refund | wrong_address',
  offline: 'queued | keep, refund | offline',
  no_token: 'queued | keep, refund | no_token',
  aborted_unsent: 'queued | keep, refund | none',
  aborted_sent: 'in_doubt | settle | none',
  maybe_processed: 'in_doubt | settle | none',
  unexpected_4xx: 'in_doubt | settle | none',
  unexpected: 'in_doubt | settle | none',
  throttled: 'queued | keep, refund | none',
};

describe('the scores policy', () => {
  const score = { eventTypeKey: 'audit', value: 85, cell: 'C2' };
  const sent = { scoreIndex: 0, entryIndex: 0, indexInEntry: 0 };
  const ctx = { describe: (s: { cell: string; reason?: string }) => `${s.cell} ${s.reason}` };
  const written = scoresAfterWrite([score], [sent], []);

  it.each(ANSWER_CLASSES)('a batch, %s', (c) => {
    const d = scoresBatchPolicy(sampleAnswer(c), { scores: written, payload: {} }, ctx);
    expect(line(d)).toBe(SCORES[c]);
  });

  it('lands each error of a 200 on the score it names, and writes the rest', () => {
    const two = [score, { ...score, eventTypeKey: 'delivery', cell: 'D2' }];
    const items = [sent, { scoreIndex: 1, entryIndex: 0, indexInEntry: 1 }];
    const after = scoresAfterWrite(two, items, [
      { entryIndex: 0, scoreIndex: 1, reason: 'UNKNOWN_EVENT_TYPE', message: 'unknown' },
    ]);
    expect(after.map((s) => s.outcome)).toEqual(['written', 'rejected']);
    const d = scoresBatchPolicy(sampleAnswer('accepted'), { scores: after, payload: {} }, ctx);
    expect(d.outcome.to).toBe('rejected');
    expect(d.outcome.patch).toMatchObject({
      errorCode: 'UNKNOWN_EVENT_TYPE',
      errorMessage: 'D2 UNKNOWN_EVENT_TYPE',
    });
    // An error without a score index refuses every score of its entry.
    const whole = scoresAfterWrite(two, items, [
      { entryIndex: 0, reason: 'NOT_FOUND', message: '' },
    ]);
    expect(whole.map((s) => s.outcome)).toEqual(['rejected', 'rejected']);
    // A score not sent in this batch (a very wide row's rest) waits: the row goes back queued.
    const part = scoresAfterWrite(two, [sent], []);
    expect(
      scoresBatchPolicy(sampleAnswer('accepted'), { scores: part, payload: {} }, ctx).outcome.to,
    ).toBe('queued');
  });

  it('says a 403 without a permission is the feature not enabled, and a refused token as any', () => {
    const notEnabled = scoresBatchPolicy(
      { class: 'access_denied', status: 403 },
      { scores: written, payload: {} },
      ctx,
    );
    expect(notEnabled.effect).toMatchObject({
      kind: 'access_denied',
      error: { details: { reason: 'scores_not_enabled' } },
    });
    const token = scoresBatchPolicy(
      {
        class: 'access_denied',
        status: 403,
        loggedIn: false,
        error: appError('api_access_denied'),
      },
      { scores: written, payload: {} },
      ctx,
    );
    expect(token.effect).toMatchObject({ kind: 'access_denied' });
    expect((token.effect as { error: { details?: unknown } }).error.details).toBeUndefined();
  });

  it('settles a lost batch by the history: only scores it shows from the intent on count', () => {
    const row = (attempts: number) => ({
      scores: [score],
      payload: {},
      attempts,
      sentAt: 1_000_000,
    });
    const seen = (at: number) => ({ eventTypeKey: 'audit', value: 85, comment: undefined, at });
    expect(line(settleScoresPolicy({ class: 'seen', seen: [seen(1_000_000)] }, row(1), ctx))).toBe(
      'done | none | reachable',
    );
    // Older than the intent by more than the clock tolerance: someone else's score.
    const old = 1_000_000 - CLOCK_TOLERANCE_MS - 1;
    expect(line(settleScoresPolicy({ class: 'seen', seen: [seen(old)] }, row(1), ctx))).toBe(
      'queued | now | reachable',
    );
    // Another value is not this score.
    const other = { ...seen(1_000_000), value: 84 };
    expect(settleScoresPolicy({ class: 'seen', seen: [other] }, row(1), ctx).outcome.to).toBe(
      'queued',
    );
    const capped = settleScoresPolicy({ class: 'seen', seen: [] }, row(SETTLE_CAP), ctx);
    expect(capped.outcome.to).toBe('needs_user');
    expect(capped.outcome.patch).toMatchObject({ errorCode: 'not_settled' });
    expect(line(settleScoresPolicy({ class: 'not_settled' }, row(1), ctx))).toBe(
      'in_doubt | settle | none',
    );
    expect(line(settleScoresPolicy({ class: 'offline' }, row(1), ctx))).toBe(
      'in_doubt | keep | offline',
    );
  });

  it('reads a history answer as evidence: a supplier not found has none', () => {
    expect(historyEvidence({ kind: 'not_found' } as ApiAnswer<never>)).toEqual({
      class: 'seen',
      seen: [],
    });
    expect(
      historyEvidence({ kind: 'offline', reason: 'x' } as unknown as ApiAnswer<never>).class,
    ).toBe('offline');
    expect(
      historyEvidence({
        kind: 'maybe_processed',
        reason: 'server_error',
        detail: '',
      } as unknown as ApiAnswer<never>).class,
    ).toBe('not_settled');
  });
});

describe('the policy table in docs/architecture.md', () => {
  it('is the one the code produces (npm run docs:policy writes it)', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(withPolicyTable(doc)).toBe(doc);
  });
});
