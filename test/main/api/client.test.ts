// The API client over real HTTP against the sandbox API: one test per answer class, both forms of
// find-by-identifier, the Location header, timeouts, aborts, the base URL rule, and a server that
// answers in shapes the client must refuse.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerError, fieldNamesRefusal, type ApiAnswer } from '../../../src-main/api/answers';
import { ApiClient, checkBaseUrl, type ApiWarning } from '../../../src-main/api/client';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { AppFailure } from '../../../src-shared/errors';
import type { SupplierCreatePayload } from '../../../src-shared/supplier';

const TOKEN = 'tok-client-test-7c1d';
const READER = 'tok-reader-only-19ab';

const SEEDS = [
  {
    name: 'Acme Metals',
    countryCode: 'DE',
    city: 'Berlin',
    address: 'Hauptstrasse 1',
    supplierIds: [{ id: 'S-1', source: 'ERP' }],
  },
  {
    name: 'Twin North',
    countryCode: 'FR',
    city: 'Lille',
    address: 'Rue 2',
    supplierIds: [{ id: 'D-1', source: 'A' }],
  },
  {
    name: 'Twin South',
    countryCode: 'FR',
    city: 'Nice',
    address: 'Rue 3',
    supplierIds: [{ id: 'D-1', source: 'B' }],
  },
];

let sandbox: SandboxHandle;
let client: ApiClient;

const payload = (
  id: string,
  extra: Partial<SupplierCreatePayload> = {},
): SupplierCreatePayload => ({
  name: `Supplier ${id}`,
  countryCode: 'DE',
  city: 'Hamburg',
  address: 'Kai 5',
  supplierId: { id, source: 'ERP' },
  ...extra,
});

const codeOf = (a: ApiAnswer<unknown>) => answerError(a)?.code;

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }, { token: READER, permissions: ['ACCESS_PUBLIC_SUPPLIERS'] }],
    seedSuppliers: SEEDS,
    processingMs: 60_000,
    randomSeed: 3,
  });
  client = new ApiClient({ baseUrl: sandbox.url, token: async () => TOKEN, timeoutMs: 5_000 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.configure({
    faults: {},
    findByIdentifierForm: 'spec',
    answers: 'full',
    createFieldNames: 'city-address',
  });
});

describe('answer classes against the sandbox', () => {
  it('ok: a create is accepted and its uuid comes from the Location header', async () => {
    const a = await client.createSupplier(payload('N-1'));
    expect(a.kind).toBe('ok');
    if (a.kind !== 'ok') return;
    expect(a.status).toBe(202);
    expect(a.info.location).toContain(`uuid=${a.value.uuid}`);
    expect(a.value.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const pending = await client.listPending(a.value.uuid);
    expect(pending.kind === 'ok' && pending.value.map((p) => p.uuid)).toEqual([a.value.uuid]);
    const all = await client.listPending();
    expect(all.kind === 'ok' && all.value.some((p) => p.supplierId?.id === 'N-1')).toBe(true);
    expect(answerError(a)).toBeUndefined();
  });

  it('row_error: a 400 keeps the code and message and maps to api_row_rejected', async () => {
    const a = await client.createSupplier(payload('N-2', { name: '   ' }));
    expect(a.kind).toBe('row_error');
    if (a.kind !== 'row_error') return;
    expect(a.status).toBe(400);
    expect(a.code).toBe('invalid_request');
    expect(a.message).toMatch(/name/);
    expect(codeOf(a)).toBe('api_row_rejected');
  });

  it('access_denied: a bad token (loggedIn false) and a missing permission (loggedIn true)', async () => {
    const bad = new ApiClient({ baseUrl: sandbox.url, token: async () => 'tok-unknown-0000' });
    const a = await bad.listPending();
    expect(a).toMatchObject({ kind: 'access_denied', loggedIn: false });
    expect(codeOf(a)).toBe('api_access_denied');

    const reader = new ApiClient({ baseUrl: sandbox.url, token: async () => READER });
    const b = await reader.createSupplier(payload('N-3'));
    expect(b).toMatchObject({
      kind: 'access_denied',
      loggedIn: true,
      permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
    });
    expect(answerError(b)?.details).toMatchObject({ permission: 'ACCESS_PUBLIC_CONNECT_TARGET' });
  });

  it('not_found: no screening request for a supplier', async () => {
    const a = await client.getScreening({ supplierId: 'S-1', source: 'ERP' });
    expect(a.kind).toBe('not_found');
    expect(codeOf(a)).toBe('api_not_found');
  });

  it('conflict: creating an identity that exists, or is pending, is a 409', async () => {
    const exists = await client.createSupplier(payload('S-1'));
    expect(exists.kind).toBe('conflict');
    expect(await client.createSupplier(payload('N-4'))).toMatchObject({ kind: 'ok' });
    const pending = await client.createSupplier(payload('N-4'));
    expect(pending.kind).toBe('conflict');
    expect(codeOf(pending)).toBe('api_conflict');
  });

  it('throttled: a 429 with the parsed body and the wait from the server clock', async () => {
    sandbox.configure({
      limits: {
        GET: [{ limit: 2, windowSeconds: 10 }],
        WRITE: [{ limit: 20, windowSeconds: 10 }],
      },
    });
    try {
      await client.listPending();
      await client.listPending();
      const a = await client.listPending();
      expect(a.kind).toBe('throttled');
      if (a.kind !== 'throttled') return;
      expect(a.body).toMatchObject({ requestLimit: 2, requestCount: 2 });
      expect(a.body?.limits).toEqual([{ requestLimit: 2, timeInSeconds: 10 }]);
      expect(a.waitMs).toBeGreaterThan(0);
      expect(a.waitMs).toBeLessThanOrEqual(11_000);
      expect(codeOf(a)).toBe('api_throttled');
    } finally {
      sandbox.configure({
        limits: {
          GET: [{ limit: 100, windowSeconds: 10 }],
          WRITE: [{ limit: 20, windowSeconds: 10 }],
        },
      });
    }
  });

  it('maybe_processed: a 500 after the write was applied', async () => {
    sandbox.configure({ faults: { after500: 1 } });
    const a = await client.createSupplier(payload('N-5'));
    expect(a).toMatchObject({ kind: 'maybe_processed', reason: 'server_error', status: 500 });
    expect(codeOf(a)).toBe('api_maybe_processed');
    sandbox.configure({ faults: {} });
    // It was in fact applied: the pending list shows it.
    const pending = await client.listPending();
    expect(pending.kind === 'ok' && pending.value.some((p) => p.supplierId?.id === 'N-5')).toBe(
      true,
    );
  });

  it('maybe_processed: a dropped connection is a reset', async () => {
    sandbox.configure({ faults: { drop: 1 } });
    const a = await client.createSupplier(payload('N-6'));
    expect(a).toMatchObject({ kind: 'maybe_processed', reason: 'reset' });
  });

  it('maybe_processed: no answer within the timeout', async () => {
    sandbox.configure({ faults: { latencyMs: [400, 400] } });
    const a = await client.createSupplier(payload('N-7'), { timeoutMs: 100 });
    expect(a).toMatchObject({ kind: 'maybe_processed', reason: 'timeout' });
  });

  it('offline: nothing listens at the address', async () => {
    const port = await freePort();
    const c = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, token: async () => TOKEN });
    const a = await c.listPending();
    expect(a.kind).toBe('offline');
    expect(codeOf(a)).toBe('api_offline');
  });

  it('aborted: before sending (nothing happened) and in flight (maybe sent)', async () => {
    const before = new AbortController();
    before.abort();
    const requestsBefore = sandbox.stats().requests.WRITE;
    expect(await client.createSupplier(payload('N-8'), { signal: before.signal })).toEqual({
      kind: 'aborted',
      maybeSent: false,
    });
    expect(sandbox.stats().requests.WRITE).toBe(requestsBefore);

    sandbox.configure({ faults: { latencyMs: [300, 300] } });
    const during = new AbortController();
    setTimeout(() => during.abort(), 50);
    const a = await client.createSupplier(payload('N-9'), { signal: during.signal });
    expect(a).toEqual({ kind: 'aborted', maybeSent: true });
    expect(codeOf(a)).toBe('api_maybe_processed');
  });

  it('no_token: nothing is sent without a token', async () => {
    const c = new ApiClient({ baseUrl: sandbox.url, token: async () => undefined });
    const before = sandbox.stats().requests.GET;
    const a = await c.listPending();
    expect(a.kind).toBe('no_token');
    expect(codeOf(a)).toBe('api_no_token');
    expect(sandbox.stats().requests.GET).toBe(before);
  });
});

describe.each(['spec', 'list'] as const)('find-by-identifier in the %s form', (form) => {
  beforeEach(() => sandbox.configure({ findByIdentifierForm: form }));

  it('finds none, one, or several', async () => {
    const none = await client.findByIdentifier({ supplierId: 'nope' });
    expect(none).toMatchObject({ kind: 'ok', value: { found: 'none' } });
    const one = await client.findByIdentifier({ supplierId: 'S-1', source: 'ERP' });
    expect(one.kind === 'ok' && one.value.found === 'one' && one.value.supplier.name).toBe(
      'Acme Metals',
    );
    const several = await client.findByIdentifier({ supplierId: 'D-1' });
    expect(several).toMatchObject({ kind: 'ok', value: { found: 'ambiguous', count: 2 } });
  });
});

describe('reads and writes after creation', () => {
  it('lists suppliers page by page, screens and validates a supplier', async () => {
    const page = await client.listSuppliers(0, 2);
    expect(page.kind === 'ok' && page.value).toMatchObject({
      totalElements: 3,
      size: 2,
      last: false,
    });
    const id = { supplierId: 'S-1', source: 'ERP' };
    const s = await client.requestScreening(id, 5);
    expect(s.kind === 'ok' && s.value.screeningRequestIds.length).toBe(1);
    const st = await client.getScreening(id);
    expect(st.kind === 'ok' && st.value.status).toBe('New');
    // A running screening blocks validation of the same supplier (400): validate another one.
    expect((await client.requestValidation(id)).kind).toBe('row_error');
    const other = { supplierId: 'D-1', source: 'A' };
    const v = await client.requestValidation(other);
    expect(v.kind).toBe('ok');
    const vs = await client.getValidation(other);
    expect(vs.kind === 'ok' && vs.value.status).toBe('PENDING');
    const bad = await client.requestScreening(id, 3);
    expect(bad.kind).toBe('row_error');
    const added = await client.addIdentifier(id, { type: 'OWN_ID', id: 'own-1' });
    expect(added.kind === 'ok' && added.value.platformTargetId).toBeGreaterThan(0);
    expect(await client.removeIdentifier(id, { type: 'OWN_ID', id: 'own-1' })).toMatchObject({
      kind: 'ok',
      status: 204,
    });
    expect(await client.deactivateSupplier(id)).toMatchObject({ kind: 'ok', status: 204 });
    expect(await client.findByIdentifier(id)).toMatchObject({ value: { found: 'none' } });
  });
});

describe("the sandbox's lean answers and the other spelling of city and address", () => {
  it('answers with only what the spec shows are understood, with one note per field', async () => {
    sandbox.configure({ answers: 'spec', processingMs: 0 });
    const warnings: ApiWarning[] = [];
    const c = new ApiClient({
      baseUrl: sandbox.url,
      token: async () => TOKEN,
      onWarning: (w) => warnings.push(w),
    });
    try {
      const created = await c.createSupplier(payload('L-1'));
      expect(created.kind === 'ok' && created.value.uuid).toMatch(/^[0-9a-f-]{36}$/);
      const page = await c.listSuppliers(0, 2);
      expect(page.kind === 'ok' && page.value.totalElements).toBe(4);
      const found = await c.findByIdentifier({ supplierId: 'L-1', source: 'ERP' });
      expect(found.kind === 'ok' && found.value.found).toBe('one');
      const id = { supplierId: 'L-1', source: 'ERP' };
      expect((await c.requestScreening(id, 2)).kind).toBe('ok');
      expect(await c.getScreening(id)).toMatchObject({ kind: 'ok', value: { status: 'New' } });
      const other = { supplierId: 'S-1', source: 'ERP' };
      expect((await c.requestValidation(other)).kind).toBe('ok');
      expect(await c.getValidation(other)).toMatchObject({
        kind: 'ok',
        value: { status: 'PENDING' },
      });
      // The supplier found and the list's items are Targets in the spec's words: read into the
      // app's shape, and lacking nothing (their id and foreignSystems are the spec's names).
      expect(
        found.kind === 'ok' && found.value.found === 'one' && found.value.supplier,
      ).toMatchObject({
        platformTargetId: expect.any(Number),
        supplierIds: [{ id: 'L-1', source: 'ERP' }],
        customerIds: [],
        ownIds: [],
      });
      expect(page.kind === 'ok' && page.value.content[0]?.supplierIds).toBeInstanceOf(Array);
      const notes = warnings.filter((w) => w.code === 'api_answer_fields');
      expect(notes.map((w) => w.endpoint).sort()).toEqual([
        'GET /public/v2/suppliers/sites/screening',
        'GET /public/v2/suppliers/sites/validation',
        'POST /public/v2/suppliers/sites',
        'POST /public/v2/suppliers/sites/screening',
        'POST /public/v2/suppliers/sites/validation',
      ]);
      // The full answers of the document raise no note.
      sandbox.configure({ answers: 'full' });
      const before = warnings.length;
      const fresh = new ApiClient({
        baseUrl: sandbox.url,
        token: async () => TOKEN,
        onWarning: (w) => warnings.push(w),
      });
      await fresh.createSupplier(payload('L-2'));
      await fresh.listPending();
      await fresh.listSuppliers(0, 2);
      await fresh.findByIdentifier(id);
      await fresh.getScreening(id);
      await fresh.getValidation(other);
      expect(warnings.slice(before)).toEqual([]);
    } finally {
      sandbox.configure({ processingMs: 60_000 });
    }
  });

  it('creates with the connection’s spelling; a refusal naming the other one is recognised', async () => {
    const locality = new ApiClient({
      baseUrl: sandbox.url,
      token: async () => TOKEN,
      fieldNames: 'locality-addressLine',
    });
    // The sandbox takes city and address: the locality spelling is refused, naming city.
    const refused = await locality.createSupplier(payload('F-1'));
    expect(refused.kind).toBe('row_error');
    expect(fieldNamesRefusal(refused, 'locality-addressLine')?.message).toBe(
      "The API expects 'city' and 'address' instead of 'locality' and 'addressLine': switch the connection's field names in Connection settings and retry the failed rows.",
    );
    sandbox.configure({ createFieldNames: 'locality-addressLine' });
    const usual = await client.createSupplier(payload('F-1'));
    expect(fieldNamesRefusal(usual, 'city-address')).toMatchObject({
      code: 'api_field_names',
      message:
        "The API expects 'locality' and 'addressLine' instead of 'city' and 'address': switch the connection's field names in Connection settings and retry the failed rows.",
    });
    expect((await locality.createSupplier(payload('F-1'))).kind).toBe('ok');
    // Another 400 is the row's problem, not the spelling's.
    const other = await locality.createSupplier(payload('F-2', { countryCode: 'XX' }));
    expect(other.kind).toBe('row_error');
    expect(fieldNamesRefusal(other, 'locality-addressLine')).toBeUndefined();
    // Only the other spelling's names count, as whole words.
    const only = (message: string, field?: string): ApiAnswer<unknown> => ({
      kind: 'row_error',
      status: 400,
      code: 'invalid_request',
      message,
      ...(field ? { field } : {}),
    });
    expect(fieldNamesRefusal(only('locality is required'), 'city-address')?.message).toMatch(
      /^The API expects 'locality' instead of 'city':/,
    );
    expect(fieldNamesRefusal(only('addressLine must not be blank'), 'locality-addressLine')).toBe(
      undefined,
    );
    expect(
      fieldNamesRefusal(only('invalid field', 'address'), 'locality-addressLine')?.message,
    ).toMatch(/^The API expects 'address' instead of 'addressLine':/);
  });
});

describe('answers the client must refuse, and headers it must surface', () => {
  let server: Server;
  let url: string;
  let reply: { status: number; body: string; headers?: Record<string, string> };

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('unexpected_response: a body that is not JSON, and one missing required fields', async () => {
    const c = new ApiClient({ baseUrl: url, token: async () => TOKEN });
    reply = { status: 200, body: '<html>login</html>' };
    const html = await c.listPending();
    expect(html).toMatchObject({
      kind: 'unexpected_response',
      endpoint: 'GET /public/v2/suppliers/sites/pending',
    });
    // The one field the app reads of a listed supplier, under neither of its names: an answer
    // of its own kind, whose sentence names the endpoint, the field and what to do.
    reply = { status: 200, body: JSON.stringify({ content: [{ name: 'x' }], size: 10 }) };
    const missing = await c.listSuppliers(0, 10);
    expect(missing).toMatchObject({
      kind: 'lacks_field',
      endpoint: 'GET /public/v2/suppliers/sites',
      status: 200,
      field: 'id (platformTargetId)',
    });
    if (missing.kind !== 'lacks_field') return;
    expect(missing.detail).toBe('the answer has no id (platformTargetId) (at content.0)');
    expect(codeOf(missing)).toBe('api_answer_lacks_field');
    expect(answerError(missing)?.message).toBe(
      "The API answered GET /public/v2/suppliers/sites without id (platformTargetId), which the app needs, so it cannot use the answer. Check the connection's field-name settings (or the proxy in front of the API); if that does not help, run the connection test and send its report to support.",
    );
    expect(answerError(missing)?.details).toEqual({
      endpoint: 'GET /public/v2/suppliers/sites',
      field: 'id (platformTargetId)',
    });
    // A wrong type is still an answer the app does not understand.
    reply = { status: 200, body: JSON.stringify({ content: [{ platformTargetId: 'x' }] }) };
    expect((await c.listSuppliers(0, 10)).kind).toBe('unexpected_response');
    // Extra fields are tolerated.
    reply = {
      status: 200,
      body: JSON.stringify([
        { uuid: 'u-1', supplierId: { id: 'X' }, status: 'New', futureField: { a: 1 } },
      ]),
    };
    expect((await c.listPending()).kind).toBe('ok');
  });

  it('a lean or richer answer is used, and each missing or unknown field is said once', async () => {
    const warnings: ApiWarning[] = [];
    const c = new ApiClient({
      baseUrl: url,
      token: async () => TOKEN,
      onWarning: (w) => warnings.push(w),
    });
    reply = { status: 200, body: JSON.stringify({ platformTargetId: 7, futureField: 1 }) };
    const found = await c.findByIdentifier({ supplierId: 'X' });
    expect(found).toMatchObject({
      kind: 'ok',
      value: { found: 'one', supplier: { platformTargetId: 7 } },
    });
    await c.findByIdentifier({ supplierId: 'Y' });
    expect(warnings.map((w) => w.code)).toEqual(['api_answer_fields', 'api_answer_fields']);
    expect(warnings[0]?.message).toBe(
      'The API answered GET /public/v2/suppliers/sites/find-by-identifier without name, supplierIds, customerIds, ownIds, screened, which the published API document lists. The app does not need them and carries on; nothing to do.',
    );
    expect(warnings[1]?.message).toMatch(/does not know \(futureField\)\. They are ignored/);
    // A status without id, a validation status without requestId: still usable.
    reply = { status: 200, body: JSON.stringify({ status: 'Finished' }) };
    expect(await c.getScreening({ platformId: '7' })).toMatchObject({
      kind: 'ok',
      value: { status: 'Finished' },
    });
    reply = { status: 200, body: JSON.stringify({ status: 'COMPLETED', outcomeTargetId: 9 }) };
    expect(await c.getValidation({ platformId: '7' })).toMatchObject({
      kind: 'ok',
      value: { status: 'COMPLETED', outcomeTargetId: 9 },
    });
    // A page without counts, items without supplier ids: parsed; the engine decides what to do.
    reply = { status: 200, body: JSON.stringify({ content: [{ platformTargetId: 1 }] }) };
    expect(await c.listSuppliers(0, 10)).toMatchObject({ kind: 'ok' });
    // What the app does read stays required: its absence is named.
    reply = { status: 200, body: JSON.stringify({ id: 3 }) };
    expect(await c.getScreening({ platformId: '7' })).toMatchObject({
      kind: 'lacks_field',
      endpoint: 'GET /public/v2/suppliers/sites/screening',
      field: 'status',
    });
    reply = { status: 202, body: JSON.stringify({ message: 'accepted' }) };
    expect(await c.requestValidation({ platformId: '7' })).toMatchObject({
      kind: 'lacks_field',
      field: 'requestId',
    });
    reply = { status: 202, body: JSON.stringify({ message: 'accepted' }) };
    expect(await c.requestScreening({ platformId: '7' }, 2)).toMatchObject({
      kind: 'lacks_field',
      field: 'screeningRequestIds',
    });
    reply = { status: 200, body: JSON.stringify({ outcomeTargetId: 9 }) };
    expect(await c.getValidation({ platformId: '7' })).toMatchObject({
      kind: 'lacks_field',
      field: 'status',
    });
    reply = { status: 200, body: JSON.stringify([{ supplierId: { id: 'X' }, status: 'New' }]) };
    expect(await c.listPending()).toMatchObject({ kind: 'lacks_field', field: 'uuid' });
    reply = { status: 200, body: JSON.stringify({ name: 'no id', supplierIds: [] }) };
    expect(await c.findByIdentifier({ supplierId: 'X' })).toMatchObject({
      kind: 'lacks_field',
      endpoint: 'GET /public/v2/suppliers/sites/find-by-identifier',
      field: 'id (platformTargetId)',
    });
    // A create answered without any uuid (no Location, none in the body) cannot be followed.
    reply = { status: 202, body: JSON.stringify({ status: 'PENDING' }) };
    expect(await c.createSupplier(payload('Z-1'))).toMatchObject({
      kind: 'unexpected_response',
      detail: 'the answer names no uuid, neither in the Location header nor in the body',
    });
    const said = warnings.length;
    await c.getScreening({ platformId: '8' });
    expect(warnings).toHaveLength(said);
  });

  it("the spec's words (a Target's id and foreignSystems) and the document's are read alike", async () => {
    const warnings: ApiWarning[] = [];
    const c = new ApiClient({
      baseUrl: url,
      token: async () => TOKEN,
      onWarning: (w) => warnings.push(w),
    });
    const target = {
      id: 7,
      name: 'Spec GmbH',
      screened: false,
      foreignSystems: [
        { system: 'supplier', id: 'S-7', source: 'ERP' },
        { system: 'customer', id: 'C-7' },
        { system: 'OWN_ID', id: 70 },
        { system: 'linkedin', id: 'ignored' },
      ],
    };
    const rich = {
      platformTargetId: 7,
      name: 'Spec GmbH',
      screened: false,
      supplierIds: [{ id: 'S-7', source: 'ERP' }],
      customerIds: [{ id: 'C-7', source: null }],
      ownIds: [{ id: '70', source: null }],
    };
    const expected = {
      platformTargetId: 7,
      supplierIds: [{ id: 'S-7', source: 'ERP' }],
      customerIds: [{ id: 'C-7', source: null }],
      ownIds: [{ id: '70', source: null }],
    };
    for (const body of [target, rich, [target], { ...target, id: '7', unknownField: [1] }]) {
      reply = { status: 200, body: JSON.stringify(body) };
      const found = await c.findByIdentifier({ supplierId: 'S-7' });
      expect(found).toMatchObject({ kind: 'ok', value: { found: 'one', supplier: expected } });
    }
    // Both names given: the document's is taken.
    reply = { status: 200, body: JSON.stringify({ ...rich, id: 99 }) };
    expect(await c.findByIdentifier({ supplierId: 'S-7' })).toMatchObject({
      value: { supplier: { platformTargetId: 7 } },
    });
    // The list's items alike; without identifiers under either name, the check asks per row.
    reply = {
      status: 200,
      body: JSON.stringify({
        content: [
          { id: 1, name: 'a', foreignSystems: [{ system: 'supplier', id: 'S-1' }] },
          { platformTargetId: 2, name: 'b', supplierIds: [{ id: 'S-2', source: 'ERP' }] },
          { id: 3, name: 'c' },
        ],
        size: 10,
        totalElements: 3,
      }),
    };
    const page = await c.listSuppliers(0, 10);
    expect(page.kind === 'ok' && page.value.content).toEqual([
      expect.objectContaining({ platformTargetId: 1, supplierIds: [{ id: 'S-1', source: null }] }),
      expect.objectContaining({ platformTargetId: 2, supplierIds: [{ id: 'S-2', source: 'ERP' }] }),
      expect.objectContaining({ platformTargetId: 3, supplierIds: undefined }),
    ]);
    // The pending request by uuid as the one object; an identifier answer without a body.
    reply = { status: 200, body: JSON.stringify({ uuid: 'u-1', status: 'New' }) };
    expect(await c.listPending('u-1')).toMatchObject({ kind: 'ok', value: [{ uuid: 'u-1' }] });
    reply = { status: 201, body: '' };
    expect(
      await c.addIdentifier({ platformId: '7' }, { type: 'CUSTOMER_ID', id: 'C-8' }),
    ).toMatchObject({ kind: 'ok', status: 201 });
    // The spec's names are no missing fields: only the truly unknown one is noted.
    const notes = warnings.filter((w) => w.endpoint.endsWith('find-by-identifier'));
    expect(notes.map((w) => w.message)).toEqual([
      'The API answered GET /public/v2/suppliers/sites/find-by-identifier with fields this app does not know (unknownField). They are ignored; nothing to do.',
    ]);
  });

  it('a redirect is not followed (it could carry the token elsewhere)', async () => {
    const c = new ApiClient({ baseUrl: url, token: async () => TOKEN });
    reply = { status: 302, body: '', headers: { Location: 'http://example.com/' } };
    expect((await c.listPending()).kind).toBe('unexpected_response');
  });

  it('Sunset and Deprecation headers become a warning, once per endpoint', async () => {
    const warnings: ApiWarning[] = [];
    const c = new ApiClient({
      baseUrl: url,
      token: async () => TOKEN,
      onWarning: (w) => warnings.push(w),
    });
    reply = {
      status: 200,
      body: '[]',
      headers: { Sunset: 'Mon, 31 May 2027 00:00:00 GMT', Deprecation: 'true' },
    };
    await c.listPending();
    await c.listPending();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: 'api_deprecated',
      endpoint: 'GET /public/v2/suppliers/sites/pending',
      sunset: 'Mon, 31 May 2027 00:00:00 GMT',
      deprecation: 'true',
    });
  });

  it('a 429 without the documented body still throttles, with a default wait', async () => {
    const c = new ApiClient({ baseUrl: url, token: async () => TOKEN });
    reply = { status: 429, body: 'slow down' };
    const a = await c.listPending();
    expect(a).toMatchObject({ kind: 'throttled', body: undefined });
  });
});

describe('base URL', () => {
  it('must be https unless it points at this computer', () => {
    for (const ok of [
      'https://api.example.com',
      'https://api.example.com/base/',
      'http://127.0.0.1:8080',
      'http://127.3.4.5',
      'http://localhost:3000',
      'http://[::1]:9000',
    ]) {
      expect(checkBaseUrl(ok).ok, ok).toBe(true);
    }
    for (const bad of [
      'http://api.example.com',
      'http://10.0.0.1',
      'ftp://x',
      'not a url',
      'http://128.0.0.1',
      // Resolved by DNS here, unlike in a browser: a network may answer with any address.
      'http://api.localhost:8080',
      'http://localhost.example.com',
    ]) {
      const r = checkBaseUrl(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('api_insecure_url');
    }
    expect(
      () => new ApiClient({ baseUrl: 'http://api.example.com', token: async () => TOKEN }),
    ).toThrow(AppFailure);
  });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
