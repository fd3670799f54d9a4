// Every operation, every status code the published document lists for it, produced over real
// HTTP and checked against the document; the run ends by asserting that nothing was left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  SEEDS,
  SITES,
  checker,
  clientFor,
  startTestSandbox,
  supplierPayload,
  type TestSandbox,
} from './client';
import { SPEC_URL } from './openapi';

type Req = [method: string, path: string, body?: unknown];
const SCORES = '/public/v1/scores/externals';
const score = { eventTypeKey: 'supplier_audit', scoreValue: 10 };

/** For each status: a request that must produce it, in the order given. */
const MATRIX: Record<string, Record<number, Req[]>> = {
  [`GET ${SITES}`]: { 200: [['GET', SITES]] },
  [`POST ${SITES}`]: {
    202: [['POST', SITES, supplierPayload('M-1')]],
    400: [['POST', SITES, { ...supplierPayload('M-2'), city: ' ' }]],
    409: [['POST', SITES, supplierPayload('M-1')]],
  },
  [`DELETE ${SITES}`]: {
    204: [['DELETE', `${SITES}?platformId=503`]],
    400: [['DELETE', `${SITES}?source=ERP`]],
    404: [['DELETE', `${SITES}?platformId=503`]],
  },
  [`GET ${SITES}/pending`]: { 200: [['GET', `${SITES}/pending`]] },
  [`GET ${SITES}/find-by-identifier`]: {
    200: [['GET', `${SITES}/find-by-identifier?supplierId=SUP-1`]],
    400: [['GET', `${SITES}/find-by-identifier?supplierId=SHARED`]],
    404: [['GET', `${SITES}/find-by-identifier?supplierId=none`]],
  },
  [`POST ${SITES}/identifiers`]: {
    201: [['POST', `${SITES}/identifiers?platformId=500`, { type: 'OWN_ID', id: 'OW-1' }]],
    400: [['POST', `${SITES}/identifiers?platformId=500`, { type: 'VAT', id: 'x' }]],
    404: [['POST', `${SITES}/identifiers?platformId=9`, { type: 'OWN_ID', id: 'x' }]],
    409: [['POST', `${SITES}/identifiers?platformId=501`, { type: 'OWN_ID', id: 'OW-1' }]],
  },
  [`DELETE ${SITES}/identifiers`]: {
    204: [['DELETE', `${SITES}/identifiers?platformId=500`, { type: 'OWN_ID', id: 'OW-1' }]],
    400: [['DELETE', `${SITES}/identifiers?platformId=500`, { id: 'OW-1' }]],
    404: [['DELETE', `${SITES}/identifiers?platformId=500`, { type: 'OWN_ID', id: 'OW-1' }]],
  },
  [`POST ${SITES}/screening`]: {
    202: [
      [
        'POST',
        `${SITES}/screening`,
        { identifier: { platformId: 500 }, options: { periodInYears: 2 } },
      ],
    ],
    400: [
      [
        'POST',
        `${SITES}/screening`,
        { identifier: { platformId: 500 }, options: { periodInYears: 1 } },
      ],
    ],
    404: [
      [
        'POST',
        `${SITES}/screening`,
        { identifier: { platformId: 9 }, options: { periodInYears: 2 } },
      ],
    ],
  },
  [`GET ${SITES}/screening`]: {
    200: [['GET', `${SITES}/screening?platformId=500`]],
    400: [['GET', `${SITES}/screening?supplierId=SHARED`]],
    404: [['GET', `${SITES}/screening?platformId=501`]],
  },
  [`POST ${SITES}/validation`]: {
    202: [['POST', `${SITES}/validation`, { identifier: { platformId: 501 } }]],
    400: [['POST', `${SITES}/validation`, { identifier: { platformId: 501 } }]],
    404: [['POST', `${SITES}/validation`, { identifier: { platformId: 9 } }]],
  },
  [`GET ${SITES}/validation`]: {
    200: [['GET', `${SITES}/validation?platformId=501`]],
    400: [['GET', `${SITES}/validation?platformId=x`]],
    404: [['GET', `${SITES}/validation?platformId=500`]],
  },
  [`POST ${SCORES}`]: {
    200: [['POST', SCORES, { data: [{ identifier: { platformId: 500 }, scores: [score] }] }]],
    400: [['POST', SCORES, { data: [] }]],
  },
  [`GET ${SCORES}`]: {
    200: [['GET', `${SCORES}?platformId=500`]],
    400: [['GET', `${SCORES}?supplierId=SHARED`]],
    404: [['GET', `${SCORES}?platformId=9`]],
  },
  [`GET ${SCORES}/event-types`]: {
    200: [['GET', `${SCORES}/event-types?perspectiveId=1`]],
    400: [['GET', `${SCORES}/event-types`]],
  },
};

/** A harmless request per operation, for 403, 429 and 500. */
const probe = (operation: string): Req => {
  const first = Object.values(MATRIX[operation] ?? {})[0]?.[0];
  if (!first) throw new Error(`no request for ${operation}`);
  return first;
};

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({
    tokens: [{ token: 'sandbox' }, { token: 'bare', permissions: [] }],
    seedSuppliers: [
      ...SEEDS,
      { name: 'Delta', countryCode: 'ES', city: 'Vigo', address: 'Calle 4', platformTargetId: 503 },
    ],
  });
});
afterAll(async () => {
  await t.sb.close();
});

describe('every operation and status', () => {
  it('answers each documented status in the documented shape and leaves none untested', async () => {
    for (const [operation, byStatus] of Object.entries(MATRIX)) {
      for (const [status, requests] of Object.entries(byStatus)) {
        for (const [method, path, body] of requests) {
          const answer = await t.api.call(method, path, { body });
          expect(answer.status, `${operation} -> ${path}`).toBe(Number(status));
        }
      }
    }
    const bare = clientFor(t.sb.url, 'bare');
    for (const operation of Object.keys(MATRIX)) {
      const [method, path, body] = probe(operation);
      expect((await bare.call(method, path, { body })).status, operation).toBe(403);
    }
    t.sb.configure({ faults: { before500: 1 } });
    for (const operation of Object.keys(MATRIX)) {
      const [method, path, body] = probe(operation);
      expect((await t.api.call(method, path, { body })).status, operation).toBe(500);
    }
    t.sb.configure({
      faults: {},
      limits: { GET: [{ limit: 1, windowSeconds: 10 }], WRITE: [{ limit: 1, windowSeconds: 10 }] },
    });
    for (const operation of Object.keys(MATRIX)) {
      await t.clock.advance(10_000);
      const [method, path, body] = probe(operation);
      await t.api.call(method, path, { body });
      expect((await t.api.call(method, path, { body })).status, operation).toBe(429);
    }

    // Nothing the document lists was left out: checked in the same test, so that it holds when
    // this test runs alone as well.
    const specPath = fileURLToPath(SPEC_URL);
    const spec = JSON.parse(readFileSync(specPath, 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const status of Object.keys(op.responses)) {
          const key = `${method.toUpperCase()} ${path} ${status}`;
          if (!checker.seen.has(key)) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
