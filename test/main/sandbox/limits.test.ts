// Rate limits over real HTTP, on a fake clock: both windows of both method groups, fixed and
// sliding counting, per API user, and honest 429 bodies.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src-main/sandbox';
import { SITES, clientFor, startTestSandbox, type TestSandbox } from './client';

let t: TestSandbox | undefined;
afterEach(async () => {
  await t?.sb.close();
  t = undefined;
});

const LIMITS = {
  GET: [
    { limit: 4, windowSeconds: 10 },
    { limit: 6, windowSeconds: 60 },
  ],
  WRITE: [
    { limit: 2, windowSeconds: 10 },
    { limit: 3, windowSeconds: 60 },
  ],
};

const statuses = async (n: number, send: () => Promise<{ status: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).status);
  return out;
};

const seconds = (localDateTime: string) => Date.parse(`${localDateTime}Z`) / 1000;

describe('fixed windows', () => {
  it('count per group in windows aligned to the clock, and say when they reset', async () => {
    t = await startTestSandbox({ limits: LIMITS, window: 'fixed' });
    const { api, clock, sb } = t;
    // The fake clock starts on a minute boundary: 10:30:00.
    await clock.advance(2500);
    expect(await statuses(5, () => api.get(SITES))).toEqual([200, 200, 200, 200, 429]);
    const refused = await api.get(SITES);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      requestLimit: 4,
      requestCount: 4,
      limits: [
        { requestLimit: 4, timeInSeconds: 10 },
        { requestLimit: 6, timeInSeconds: 60 },
      ],
      currentTime: '2026-01-15T10:30:02',
      nextResetAt: '2026-01-15T10:30:10',
    });
    expect(typeof refused.body.error).toBe('string');
    expect(typeof refused.body.message).toBe('string');
    // Writes have their own budget.
    expect((await api.delete(`${SITES}?platformId=999`)).status).toBe(404);

    await clock.advance(7500); // 10:30:10, a new 10 s window; the minute holds 4 of 6.
    expect(await statuses(3, () => api.get(SITES))).toEqual([200, 200, 429]);
    const minute = await api.get(SITES);
    expect(minute.body).toMatchObject({
      requestLimit: 6,
      requestCount: 6,
      nextResetAt: '2026-01-15T10:31:00',
    });
    await clock.advance(50_000); // 10:31:00
    expect((await api.get(SITES)).status).toBe(200);

    const stats = sb.stats();
    expect(stats.requests.GET).toBe(5 + 1 + 3 + 1 + 1);
    expect(stats.throttled.GET).toBe(4);
    expect(stats.requests.WRITE).toBe(1);
    expect(stats.throttled.WRITE).toBe(0);
  });

  it('limit writes on their own windows, per API user', async () => {
    t = await startTestSandbox({
      limits: LIMITS,
      tokens: [{ token: 'a' }, { token: 'a2', user: 'a' }, { token: 'b' }],
    });
    const a = clientFor(t.sb.url, 'a');
    const a2 = clientFor(t.sb.url, 'a2');
    const b = clientFor(t.sb.url, 'b');
    const del = (c: typeof a) => () => c.delete(`${SITES}?platformId=999`);
    expect(await statuses(2, del(a))).toEqual([404, 404]);
    // Same API user through another token: same budget.
    const shared = await a2.delete(`${SITES}?platformId=999`);
    expect(shared.status).toBe(429);
    expect(shared.body).toMatchObject({ requestLimit: 2, requestCount: 2 });
    expect(await statuses(2, del(b))).toEqual([404, 404]);
    await t.clock.advance(10_000);
    expect(await statuses(2, del(a))).toEqual([404, 429]);
    expect((await a.get(SITES)).status).toBe(200);
    expect(t.sb.stats().throttled.WRITE).toBe(2);
  });

  it('default to the spec limits', async () => {
    expect(DEFAULT_LIMITS).toEqual({
      GET: [
        { limit: 100, windowSeconds: 10 },
        { limit: 500, windowSeconds: 60 },
      ],
      WRITE: [
        { limit: 20, windowSeconds: 10 },
        { limit: 100, windowSeconds: 60 },
      ],
    });
    t = await startTestSandbox({ limits: DEFAULT_LIMITS });
    const del = () => t!.api.delete(`${SITES}?platformId=999`);
    const answers = await statuses(21, del);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
    expect(answers[20]).toBe(429);
  });
});

describe('sliding windows', () => {
  it('allow at most the limit in any span and reset when the oldest counted request leaves', async () => {
    t = await startTestSandbox({ limits: LIMITS, window: 'sliding' });
    const { api, clock } = t;
    await clock.advance(9000); // 10:30:09
    expect(await statuses(2, () => api.get(SITES))).toEqual([200, 200]);
    await clock.advance(2000); // 10:30:11: a fixed window would have reset here
    expect(await statuses(3, () => api.get(SITES))).toEqual([200, 200, 429]);
    const refused = await api.get(SITES);
    expect(refused.body).toMatchObject({
      requestLimit: 4,
      requestCount: 4,
      currentTime: '2026-01-15T10:30:11',
      nextResetAt: '2026-01-15T10:30:19',
    });
    await clock.advance(7999); // one millisecond before the oldest leaves
    expect((await api.get(SITES)).status).toBe(429);
    await clock.advance(1);
    expect((await api.get(SITES)).status).toBe(200);
    // 10:30:19: five counted in the last minute; the 10 s window holds 3 of 4.
    const minute = await api.get(SITES);
    expect(minute.status).toBe(200);
    const full = await api.get(SITES);
    expect(full.body).toMatchObject({ requestLimit: 6, requestCount: 6 });
    // The minute frees a slot when the 10:30:09 request leaves: 10:31:09.
    expect(seconds(full.body.nextResetAt) - seconds(full.body.currentTime)).toBe(50);
  });

  it('do not count refused requests, so a client retrying early is not locked out for ever', async () => {
    t = await startTestSandbox({ limits: LIMITS, window: 'sliding' });
    const { api, clock } = t;
    expect(await statuses(2, () => api.delete(`${SITES}?platformId=999`))).toEqual([404, 404]);
    for (let i = 0; i < 5; i++) {
      await clock.advance(1000);
      expect((await api.delete(`${SITES}?platformId=999`)).status).toBe(429);
    }
    await clock.advance(5000); // 10 s after the first two
    expect((await api.delete(`${SITES}?platformId=999`)).status).toBe(404);
    expect(t.sb.stats()).toMatchObject({ requests: { WRITE: 8 }, throttled: { WRITE: 5 } });
  });

  it('can be switched at run time', async () => {
    t = await startTestSandbox({ limits: LIMITS });
    await t.clock.advance(9000);
    expect(await statuses(4, () => t!.api.get(SITES))).toEqual([200, 200, 200, 200]);
    t.sb.configure({ window: 'sliding' });
    expect(await statuses(5, () => t!.api.get(SITES))).toEqual([200, 200, 200, 200, 429]);
    await t.clock.advance(1000);
    expect((await t.api.get(SITES)).status).toBe(429);
  });
});
