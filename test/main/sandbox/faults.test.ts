// Fault injection over real HTTP: each kind, what it applies, what the stats say, and that a seed
// replays the same faults. /__sandbox/* is never faulted.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import {
  SITES,
  call,
  clientFor,
  startTestSandbox,
  supplierPayload,
  type TestSandbox,
} from './client';

const open: SandboxHandle[] = [];
let t: TestSandbox;
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
const start = async (options: Parameters<typeof startTestSandbox>[0]) => {
  t = await startTestSandbox(options);
  open.push(t.sb);
  return t;
};

describe('faults', () => {
  it('500 before: nothing applied', async () => {
    await start({ faults: { before500: 1 } });
    const answer = await t.api.post(SITES, supplierPayload('F-1'));
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ code: 'internal_error', message: expect.any(String) });
    expect((await t.api.get(SITES)).status).toBe(500);
    t.sb.configure({ faults: {} });
    expect((await t.api.get(`${SITES}/pending`)).body).toEqual([]);
    expect(t.sb.stats()).toMatchObject({ createRequestsAccepted: 0, faults: { before500: 2 } });
  });

  it('500 after: the write was applied, reads are untouched', async () => {
    await start({ faults: { after500: 1 } });
    const answer = await t.api.post(SITES, supplierPayload('F-2'));
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('internal_error');
    const pending = await t.api.get(`${SITES}/pending`);
    expect(pending.status).toBe(200);
    expect(pending.body).toHaveLength(1);
    expect(pending.body[0].supplierId).toEqual({ id: 'F-2', source: 'ERP' });
    // Resending is a duplicate: the client must reconcile instead.
    expect((await t.api.post(SITES, supplierPayload('F-2'))).status).toBe(409);
    expect(t.sb.stats()).toMatchObject({ createRequestsAccepted: 1, faults: { after500: 1 } });
  });

  it('dropped connections: reads fail, writes are applied half the time', async () => {
    await start({ faults: { drop: 1 } });
    await expect(t.api.get(SITES)).rejects.toThrow();
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      outcomes.push(
        await t.api.post(SITES, supplierPayload(`DR-${i}`)).then(
          (a) => `answered ${a.status}`,
          () => 'dropped',
        ),
      );
    }
    expect(new Set(outcomes)).toEqual(new Set(['dropped']));
    t.sb.configure({ faults: {} });
    const applied = (await t.api.get(`${SITES}/pending`)).body.length;
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(12);
    const stats = t.sb.stats();
    expect(stats.faults.drop).toBe(13);
    expect(stats.createRequestsAccepted).toBe(applied);
  });

  it('latency delays each request by at least the lower bound', async () => {
    await start({ faults: { latencyMs: [40, 60] } });
    const started = performance.now();
    expect((await t.api.get(SITES)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it('never touches /__sandbox/*', async () => {
    await start({ faults: { before500: 1, drop: 1, latencyMs: [0, 0] } });
    const stats = await call(t.sb.url, 'GET', '/__sandbox/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.faults).toEqual({ before500: 0, after500: 0, drop: 0 });
    expect((await call(t.sb.url, 'POST', '/__sandbox/reset')).status).toBe(204);
  });

  it('replays the same faults and ids for the same seed', async () => {
    const run = async (randomSeed: number) => {
      const sb = await startSandbox({ randomSeed, faults: { before500: 0.3, after500: 0.3 } });
      open.push(sb);
      const api = clientFor(sb.url);
      const seen: string[] = [];
      for (let i = 0; i < 16; i++) {
        const a = await api.post(SITES, supplierPayload(`R-${i}`));
        seen.push(a.status === 202 ? `202 ${a.body.uuid}` : String(a.status));
      }
      return seen;
    };
    const first = await run(42);
    expect(await run(42)).toEqual(first);
    expect(new Set(first.map((s) => s.slice(0, 3)))).toEqual(new Set(['202', '500']));
    expect(await run(43)).not.toEqual(first);
  });
});

describe('/__sandbox', () => {
  it('reports stats and resets to the seeded state', async () => {
    await start({});
    await t.api.post(SITES, supplierPayload('Z-1'));
    await t.api.delete(`${SITES}?platformId=500`);
    const before = await call(t.sb.url, 'GET', '/__sandbox/stats');
    expect(before.body).toMatchObject({
      createRequestsAccepted: 1,
      suppliers: 2,
      pending: 1,
      requests: { GET: 0, WRITE: 2 },
    });
    expect((await call(t.sb.url, 'POST', '/__sandbox/reset')).status).toBe(204);
    expect(t.sb.stats()).toEqual({
      creationsByIdentity: {},
      createRequestsAccepted: 0,
      suppliers: 3,
      pending: 0,
      requests: { GET: 0, WRITE: 0 },
      throttled: { GET: 0, WRITE: 0 },
      faults: { before500: 0, after500: 0, drop: 0 },
      screeningRequests: 0,
      screeningsByPeriod: {},
      validationRequests: 0,
      changesByIdentity: { deactivate: {}, identifier_add: {}, identifier_remove: {} },
      scoreWrites: {},
    });
    expect((await call(t.sb.url, 'GET', '/__sandbox/nothing')).status).toBe(404);
  });
});
