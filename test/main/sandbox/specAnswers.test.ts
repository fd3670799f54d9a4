// The sandbox's switches for a real API that differs from the published document: lean answers
// (only what api-spec.md shows) and the other spelling of city and address. Real HTTP, fake clock;
// every answer is still checked against the document, forgiving only the listed differences.
import { afterEach, describe, expect, it } from 'vitest';
import {
  SITES,
  clientFor,
  specAnswersChecker,
  startTestSandbox,
  supplierPayload,
  type TestSandbox,
} from './client';

let t: TestSandbox | undefined;
afterEach(async () => {
  await t?.sb.close();
  t = undefined;
});

const keys = (body: unknown) => Object.keys(body as object).sort();

describe("answers: 'spec'", () => {
  it('answers every endpoint the app uses with only the fields the spec shows', async () => {
    t = await startTestSandbox({
      answers: 'spec',
      screeningOdds: { Finished: 1, NoFindings: 0, Aborted: 0 },
      validationOdds: { COMPLETED: 0, REJECTED: 1, differentOutcomeId: 0 },
    });
    const api = clientFor(t.sb.url, 'sandbox', specAnswersChecker);

    const created = await api.post(SITES, supplierPayload('LEAN-1'));
    expect(created.status).toBe(202);
    expect(keys(created.body)).toEqual(['pendingEndpoint', 'status', 'uuid']);
    expect(created.body.status).toBe('PENDING');
    expect(created.headers.location).toBe(created.body.pendingEndpoint);

    const pending = await api.get(`${SITES}/pending`);
    expect(pending.body).toHaveLength(1);
    expect(keys(pending.body[0])).toEqual(['status', 'supplierId', 'uuid']);
    expect(pending.body[0].supplierId).toEqual({ id: 'LEAN-1', source: 'ERP' });
    // "or the one request": by uuid, the one object.
    const one = await api.get(`${SITES}/pending?uuid=${created.body.uuid as string}`);
    expect(one.body).toEqual(pending.body[0]);

    const page = await api.get(`${SITES}?size=2`);
    expect(keys(page.body)).toEqual(['content', 'number', 'size', 'totalElements', 'totalPages']);
    expect(keys(page.body.content[0])).toEqual([
      'address',
      'city',
      'countryCode',
      'foreignSystems',
      'id',
      'name',
    ]);

    await t.clock.advance(1000);
    // Processed: no longer pending, so the one request is not found.
    expect((await api.get(`${SITES}/pending?uuid=${created.body.uuid as string}`)).status).toBe(
      404,
    );
    const found = await api.get(`${SITES}/find-by-identifier?supplierId=LEAN-1&source=ERP`);
    // The spec's Target: its id, and the identifiers as foreignSystems; no invented names.
    expect(keys(found.body)).toEqual([
      'foreignSystems',
      'id',
      'name',
      'screened',
      'screenedStatus',
    ]);
    expect(found.body.foreignSystems).toEqual([
      { system: 'supplier', id: 'LEAN-1', source: 'ERP' },
    ]);
    expect(JSON.stringify(found.body)).not.toMatch(
      /platformTargetId|supplierIds|customerIds|ownIds/,
    );
    const platformId = found.body.id as number;
    const listed = (await api.get(`${SITES}?size=2000`)).body.content as { id: number }[];
    expect(listed.map((s) => s.id)).toContain(platformId);

    // The identifier endpoints' bodies are not shown: an empty one.
    const added = await api.post(`${SITES}/identifiers?platformId=${platformId}`, {
      type: 'CUSTOMER_ID',
      id: 'C-LEAN',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({});
    const withCustomer = await api.get(`${SITES}/find-by-identifier?platformId=${platformId}`);
    expect(withCustomer.body.foreignSystems).toContainEqual({ system: 'customer', id: 'C-LEAN' });

    const screening = await api.post(`${SITES}/screening`, {
      identifier: { platformId },
      options: { periodInYears: 2 },
    });
    expect(keys(screening.body)).toEqual(['screeningRequestIds']);
    expect((await api.get(`${SITES}/screening?platformId=${platformId}`)).body).toEqual({
      status: 'New',
    });

    const validation = await api.post(`${SITES}/validation`, { identifier: { platformId: 500 } });
    expect(keys(validation.body)).toEqual(['requestId']);
    expect((await api.get(`${SITES}/validation?platformId=500`)).body).toEqual({
      status: 'PENDING',
    });
    await t.clock.advance(1000);
    const rejected = (await api.get(`${SITES}/validation?platformId=500`)).body;
    expect(keys(rejected)).toEqual(['rejectionReason', 'status']);
    expect(rejected.status).toBe('REJECTED');

    // The list form of find-by-identifier is lean item by item.
    t.sb.configure({ findByIdentifierForm: 'list' });
    const list = await api.get(`${SITES}/find-by-identifier?supplierId=SHARED`);
    expect(list.body).toHaveLength(2);
    for (const item of list.body)
      expect(keys(item)).toEqual(['foreignSystems', 'id', 'name', 'screened', 'screenedStatus']);
  });

  it("fills foreignSystems' system with the source system's name when asked (the spec leaves it open)", async () => {
    t = await startTestSandbox({ answers: 'spec', system: 'source-name' });
    const api = clientFor(t.sb.url, 'sandbox', specAnswersChecker);
    expect((await api.post(SITES, supplierPayload('WORD-1'))).status).toBe(202);
    await t.clock.advance(1000);
    const found = await api.get(`${SITES}/find-by-identifier?supplierId=WORD-1&source=ERP`);
    const platformId = found.body.id as number;
    expect(found.body.foreignSystems).toEqual([{ system: 'ERP', id: 'WORD-1', source: 'ERP' }]);
    // An id without a source has no system name to give.
    await api.post(`${SITES}/identifiers?platformId=${platformId}`, {
      type: 'CUSTOMER_ID',
      id: 'C-WORD',
    });
    const listed = (await api.get(`${SITES}?size=2000`)).body.content as {
      id: number;
      foreignSystems: unknown[];
    }[];
    expect(listed.find((s) => s.id === platformId)?.foreignSystems).toEqual([
      { system: 'ERP', id: 'WORD-1', source: 'ERP' },
    ]);
    expect(
      (await api.get(`${SITES}/find-by-identifier?platformId=${platformId}`)).body.foreignSystems,
    ).toContainEqual({ id: 'C-WORD' });
    // source-name-only: the name, and no source beside it.
    t.sb.configure({ system: 'source-name-only' });
    const lean = await api.get(`${SITES}/find-by-identifier?supplierId=WORD-1&source=ERP`);
    expect(lean.body.foreignSystems).toEqual([{ system: 'ERP', id: 'WORD-1' }, { id: 'C-WORD' }]);
    expect(() => t!.sb.configure({ system: 'erp' as 'kind' })).toThrow(/system must be/);
  });

  it('is switched at run time, and the full answers pass the strict check again', async () => {
    t = await startTestSandbox({ answers: 'spec' });
    const strict = t.api;
    await expect(strict.get(`${SITES}/find-by-identifier?platformId=500`)).rejects.toThrow(
      /does not match the API description/,
    );
    t.sb.configure({ answers: 'full' });
    const full = await strict.get(`${SITES}/find-by-identifier?platformId=500`);
    expect(full.body).toMatchObject({
      platformTargetId: 500,
      screened: false,
      customerIds: [{ id: 'C-1' }],
    });
  });
});

describe("createFieldNames: 'locality-addressLine'", () => {
  const localityPayload = (id: string) => {
    const { city, address, ...rest } = supplierPayload(id);
    return { ...rest, locality: city, addressLine: address };
  };

  it('takes locality and addressLine, and refuses city and address naming them', async () => {
    t = await startTestSandbox({ createFieldNames: 'locality-addressLine' });
    const refused = await t.api.post(SITES, supplierPayload('LOC-1'));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_request');
    expect(refused.body.message).toMatch(/locality must not be blank/);
    expect(refused.body.message).toMatch(/addressLine must not be blank/);
    expect(refused.body.message).toMatch(/city is not a field of this API: send it as locality/);
    // Both spellings at once: the usual one is still refused.
    const both = await t.api.post(SITES, { ...localityPayload('LOC-1'), city: 'Berlin' });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/city is not a field/);

    const created = await t.api.post(SITES, localityPayload('LOC-1'));
    expect(created.status).toBe(202);
    await t.clock.advance(1000);
    const found = await t.api.get(`${SITES}/find-by-identifier?supplierId=LOC-1`);
    expect(found.body).toMatchObject({ city: 'Berlin', address: 'Hauptstrasse 1' });
    expect(t.sb.stats().creationsByIdentity).toMatchObject({ 'LOC-1|ERP': 1 });
  });

  it('by default takes city and address and says so when they are missing', async () => {
    t = await startTestSandbox();
    const refused = await t.api.post(SITES, localityPayload('LOC-2'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/city must not be blank; address must not be blank/);
    t.sb.configure({ createFieldNames: 'locality-addressLine' });
    expect((await t.api.post(SITES, localityPayload('LOC-2'))).status).toBe(202);
  });
});
