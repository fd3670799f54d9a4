// Screening, validation and external scores over real HTTP, on a fake clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITES, clientFor, startTestSandbox, supplierPayload, type TestSandbox } from './client';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.sb.close();
});

const SCREENING = `${SITES}/screening`;
const VALIDATION = `${SITES}/validation`;
const SCORES = '/public/v1/scores/externals';

describe('screening', () => {
  it('runs New -> an end state, and skips an already screened supplier', async () => {
    t.sb.configure({ screeningOdds: { Finished: 1, NoFindings: 0, Aborted: 0 } });
    const requested = await t.api.post(SCREENING, {
      identifier: { supplierId: 'SUP-1', source: 'ERP' },
      options: { periodInYears: 5 },
    });
    expect(requested.status).toBe(202);
    expect(requested.body.screeningRequestIds).toHaveLength(1);
    const id = requested.body.screeningRequestIds[0];

    const running = await t.api.get(`${SCREENING}?supplierId=SUP-1`);
    expect(running.body).toEqual({ id, status: 'New', periodInYears: 5 });
    expect(
      (await t.api.get(`${SITES}/find-by-identifier?platformId=500`)).body.screenedStatus,
    ).toBe('Pending');
    // Never a second running screening for the same supplier.
    const again = await t.api.post(SCREENING, {
      identifier: { platformId: 500 },
      options: { periodInYears: 2 },
    });
    expect(again.body.screeningRequestIds).toEqual([]);

    await t.clock.advance(1000);
    expect((await t.api.get(`${SCREENING}?platformId=500`)).body).toEqual({
      id,
      status: 'Finished',
      periodInYears: 5,
    });
    const detail = (await t.api.get(`${SITES}/find-by-identifier?platformId=500`)).body;
    expect(detail).toMatchObject({ screened: true, screenedStatus: 'Screened' });
    const skipped = await t.api.post(SCREENING, {
      identifier: { platformId: 500 },
      options: { periodInYears: 10 },
    });
    expect(skipped.status).toBe(202);
    expect(skipped.body.screeningRequestIds).toEqual([]);
    expect(t.sb.stats().screeningRequests).toBe(1);
  });

  it('lets an aborted screening be requested again', async () => {
    t.sb.configure({ screeningOdds: { Finished: 0, NoFindings: 0, Aborted: 1 } });
    const body = { identifier: { platformId: 500 }, options: { periodInYears: 2 } };
    await t.api.post(SCREENING, body);
    await t.clock.advance(1000);
    expect((await t.api.get(`${SCREENING}?platformId=500`)).body.status).toBe('Aborted');
    t.sb.configure({ screeningOdds: { Finished: 0, NoFindings: 1, Aborted: 0 } });
    expect((await t.api.post(SCREENING, body)).body.screeningRequestIds).toHaveLength(1);
    await t.clock.advance(1000);
    expect((await t.api.get(`${SCREENING}?platformId=500`)).body.status).toBe('NoFindings');
  });

  it('answers 404 for no match or no request of this user, 400 for several or a bad period', async () => {
    const post = (body: unknown) => t.api.post(SCREENING, body);
    expect(
      (await post({ identifier: { supplierId: 'nope' }, options: { periodInYears: 2 } })).status,
    ).toBe(404);
    expect(
      (await post({ identifier: { supplierId: 'SHARED' }, options: { periodInYears: 2 } })).status,
    ).toBe(400);
    const period = await post({ identifier: { platformId: 500 }, options: { periodInYears: 3 } });
    expect(period.status).toBe(400);
    expect(period.body.message).toContain('options.periodInYears must be 2, 5 or 10');
    expect((await post({ identifier: { platformId: 500 } })).body.message).toContain(
      'options must not be null',
    );
    expect((await post({ options: { periodInYears: 2 } })).body.message).toContain(
      'identifier must not be null',
    );
    expect((await post({ identifier: {}, options: { periodInYears: 2 } })).status).toBe(400);

    expect((await t.api.get(`${SCREENING}?platformId=500`)).status).toBe(404);
    expect((await t.api.get(`${SCREENING}?supplierId=SHARED`)).status).toBe(400);
    t.sb.configure({ tokens: [{ token: 'sandbox' }, { token: 'other' }] });
    await post({ identifier: { platformId: 500 }, options: { periodInYears: 2 } });
    expect((await clientFor(t.sb.url, 'other').get(`${SCREENING}?platformId=500`)).status).toBe(
      404,
    );
  });
});

describe('validation', () => {
  it('runs PENDING -> COMPLETED with an outcome id, then refuses to validate again', async () => {
    t.sb.configure({ validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 1 } });
    const requested = await t.api.post(VALIDATION, { identifier: { platformId: 501 } });
    expect(requested.status).toBe(202);
    const { requestId } = requested.body;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const pending = await t.api.get(`${VALIDATION}?platformId=501`);
    expect(pending.body).toMatchObject({ requestId, status: 'PENDING', platformTargetId: 501 });
    expect(pending.body.resolvedAt).toBeUndefined();
    const twice = await t.api.post(VALIDATION, { identifier: { platformId: 501 } });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('already pending');

    await t.clock.advance(1000);
    const done = await t.api.get(`${VALIDATION}?platformId=501`);
    expect(done.body).toMatchObject({ requestId, status: 'COMPLETED', platformTargetId: 501 });
    expect(done.body.outcomeTargetId).not.toBe(501);
    expect(typeof done.body.resolvedAt).toBe('string');
    const validated = await t.api.post(VALIDATION, { identifier: { platformId: 501 } });
    expect(validated.status).toBe(400);
    expect(validated.body.message).toContain('already validated');
  });

  it('rejects with a reason, after which a new request is allowed', async () => {
    t.sb.configure({ validationOdds: { COMPLETED: 0, REJECTED: 1, differentOutcomeId: 0 } });
    await t.api.post(VALIDATION, { identifier: { platformId: 500 } });
    await t.clock.advance(1000);
    const rejected = (await t.api.get(`${VALIDATION}?platformId=500`)).body;
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.rejectionReason).toEqual(expect.any(String));
    t.sb.configure({ validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0 } });
    expect((await t.api.post(VALIDATION, { identifier: { platformId: 500 } })).status).toBe(202);
    await t.clock.advance(1000);
    expect((await t.api.get(`${VALIDATION}?platformId=500`)).body).toMatchObject({
      status: 'COMPLETED',
      outcomeTargetId: 500,
    });
  });

  it('refuses while a screening runs; 404 for no match or no request of this user', async () => {
    await t.api.post(SCREENING, { identifier: { platformId: 502 }, options: { periodInYears: 2 } });
    const busy = await t.api.post(VALIDATION, { identifier: { platformId: 502 } });
    expect(busy.status).toBe(400);
    expect(busy.body.message).toContain('screening');
    expect((await t.api.post(VALIDATION, { identifier: { ownId: 'none' } })).status).toBe(404);
    expect((await t.api.post(VALIDATION, { identifier: { supplierId: 'SHARED' } })).status).toBe(
      400,
    );
    expect((await t.api.post(VALIDATION, {})).status).toBe(400);
    expect((await t.api.get(`${VALIDATION}?platformId=500`)).status).toBe(404);
    expect((await t.api.get(`${VALIDATION}?supplierId=SHARED`)).status).toBe(400);
  });
});

describe('screening and validation on create', () => {
  it('are scheduled when the supplier comes into existence', async () => {
    t.sb.configure({
      screeningOdds: { Finished: 0, NoFindings: 1, Aborted: 0 },
      validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0 },
    });
    const created = await t.api.post(
      SITES,
      supplierPayload('OC-1', { screeningPeriodInYears: 10, requestValidationOnCreate: true }),
    );
    expect(created.status).toBe(202);
    expect(t.sb.stats().screeningRequests).toBe(0);
    await t.clock.advance(1000);
    const screening = await t.api.get(`${SCREENING}?supplierId=OC-1`);
    expect(screening.body).toMatchObject({ status: 'New', periodInYears: 10 });
    expect((await t.api.get(`${VALIDATION}?supplierId=OC-1`)).body.status).toBe('PENDING');
    await t.clock.advance(1000);
    expect((await t.api.get(`${SCREENING}?supplierId=OC-1`)).body.status).toBe('NoFindings');
    expect((await t.api.get(`${VALIDATION}?supplierId=OC-1`)).body.status).toBe('COMPLETED');
    expect(t.sb.stats()).toMatchObject({ screeningRequests: 1, validationRequests: 1 });
  });
});

describe('external scores', () => {
  const entry = (identifier: unknown, scores: unknown[]) => ({ identifier, scores });
  const score = (eventTypeKey: string, scoreValue = 50, comment?: string) =>
    comment === undefined ? { eventTypeKey, scoreValue } : { eventTypeKey, scoreValue, comment };

  it('lists event types per perspective; perspectiveId is required', async () => {
    const one = await t.api.get(`${SCORES}/event-types?perspectiveId=1`);
    expect(one.status).toBe(200);
    expect(one.body.map((e: { eventTypeKey: string }) => e.eventTypeKey)).toContain(
      'supplier_audit',
    );
    expect((await t.api.get(`${SCORES}/event-types?perspectiveId=2`)).body.length).toBeGreaterThan(
      0,
    );
    expect((await t.api.get(`${SCORES}/event-types?perspectiveId=99`)).body).toEqual([]);
    expect((await t.api.get(`${SCORES}/event-types`)).status).toBe(400);
    expect((await t.api.get(`${SCORES}/event-types?perspectiveId=x`)).status).toBe(400);
  });

  it('writes valid rows and reports the others in errors[] with 200', async () => {
    const answer = await t.api.post(SCORES, {
      data: [
        entry({ platformId: 500 }, [score('supplier_audit', 30, 'audit ok'), score('made_up', 10)]),
        entry({ supplierId: 'nope' }, [score('supplier_audit')]),
        entry({ supplierId: 'SHARED' }, [score('supplier_audit')]),
        entry({ source: 'ERP' }, [score('supplier_audit')]),
        entry({ supplierId: 'SHARED', source: 'SAP' }, [score('esg_rating', 90)]),
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: false,
      totalCount: 6,
      writtenCount: 2,
      skippedCount: 4,
    });
    const reasons = answer.body.errors.map(
      (e: { entryIndex: number; reason: string; scoreIndex?: number }) => [
        e.entryIndex,
        e.reason,
        e.scoreIndex,
      ],
    );
    expect(reasons).toEqual([
      [0, 'UNKNOWN_EVENT_TYPE', 1],
      [1, 'TARGET_NOT_FOUND', undefined],
      [2, 'MULTIPLE_TARGETS_MATCHED', undefined],
      [3, 'INVALID_IDENTIFIER', undefined],
    ]);
    expect(answer.body.errors[1].identifier).toEqual({ supplierId: 'nope' });

    const clean = await t.api.post(SCORES, {
      data: [entry({ platformId: 500 }, [score('supplier_audit', 70)])],
    });
    expect(clean.body).toMatchObject({ success: true, writtenCount: 1, errors: [] });

    const history = await t.api.get(`${SCORES}?platformId=500`);
    expect(history.status).toBe(200);
    expect(history.body.identifier).toEqual({ platformId: 500 });
    const audit = history.body.scores.find(
      (s: { eventTypeKey: string }) => s.eventTypeKey === 'supplier_audit',
    );
    expect(audit.score).toEqual({ value: 70, risk: 'High' });
    expect(audit.history).toHaveLength(1);
    expect(audit.history[0]).toMatchObject({
      score: { value: 30, risk: 'Low' },
      comment: 'audit ok',
    });
    expect((await t.api.get(`${SCORES}?platformId=500&perspectiveId=2`)).body.scores).toEqual([]);
    expect(
      (await t.api.get(`${SCORES}?supplierId=SHARED&source=SAP&groupId=21`)).body.scores,
    ).toHaveLength(1);
    expect((await t.api.get(`${SCORES}?supplierId=nope`)).status).toBe(404);
    expect((await t.api.get(`${SCORES}?supplierId=SHARED`)).status).toBe(400);
  });

  it('rejects the whole request for sizes and values out of range', async () => {
    const many = (n: number) =>
      Array.from({ length: n }, () => entry({ platformId: 500 }, [score('supplier_audit')]));
    expect((await t.api.post(SCORES, { data: many(100) })).status).toBe(200);
    const tooMany = await t.api.post(SCORES, { data: many(101) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 100');
    const fifty = Array.from({ length: 50 }, () => score('supplier_audit'));
    expect((await t.api.post(SCORES, { data: [entry({ platformId: 500 }, fifty)] })).status).toBe(
      200,
    );
    const fiftyOne = await t.api.post(SCORES, {
      data: [entry({ platformId: 500 }, [...fifty, score('supplier_audit')])],
    });
    expect(fiftyOne.status).toBe(400);
    expect(fiftyOne.body.message).toContain('at most 50');
    expect((await t.api.post(SCORES, { data: [] })).status).toBe(400);
    expect((await t.api.post(SCORES, { data: [entry({ platformId: 500 }, [])] })).status).toBe(400);
    for (const bad of [0, 101, 2.5, '50']) {
      const answer = await t.api.post(SCORES, {
        data: [entry({ platformId: 500 }, [{ eventTypeKey: 'supplier_audit', scoreValue: bad }])],
      });
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.message).toContain('scoreValue must be a whole number from 1 to 100');
    }
  });
});
