// The limiter in real time against the sandbox's own rate limiting, with windows scaled down so
// the tests take seconds: restarts that reload the persisted send log, and a second client that
// shares the API user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../../src-main/api/answers';
import { ApiClient } from '../../../src-main/api/client';
import { MemorySendLogStore, type LimitWindow } from '../../../src-main/api/limiter';
import { Scheduler, type SchedulerEvent } from '../../../src-main/api/scheduler';
import { ThrottledApi } from '../../../src-main/api/throttledClient';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';

const GET_WINDOWS: LimitWindow[] = [
  { limit: 20, windowMs: 1_000 },
  { limit: 60, windowMs: 3_000 },
];
const toSandbox = (ws: LimitWindow[]) =>
  ws.map((w) => ({ limit: w.limit, windowSeconds: w.windowMs / 1000 }));

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [
      { token: 'tok-app', user: 'shared' },
      { token: 'tok-other', user: 'shared' },
    ],
    limits: { GET: toSandbox(GET_WINDOWS), WRITE: [{ limit: 20, windowSeconds: 10 }] },
  });
});
afterAll(async () => {
  await sandbox.close();
});

function app(options: {
  token: string;
  windows: LimitWindow[];
  store?: MemorySendLogStore;
  events?: SchedulerEvent[];
}) {
  const client = new ApiClient({ baseUrl: sandbox.url, token: async () => options.token });
  const scheduler = new Scheduler({
    connectionId: 'sandbox',
    limits: { GET: options.windows },
    // Windows are scaled down tenfold and more; so is the jitter guard (loopback latency).
    jitterGuardMs: 50,
    ...(options.store ? { sendLog: options.store } : {}),
    onEvent: (e) => options.events?.push(e),
  });
  return { api: new ThrottledApi(client, scheduler), scheduler };
}

describe.each(['fixed', 'sliding'] as const)('against %s windows', (mode) => {
  it('restarts 50 times within a few seconds without a 429, thanks to the persisted send log', async () => {
    sandbox.configure({ window: mode });
    sandbox.reset();
    const store = new MemorySendLogStore();
    const answers: Array<ApiAnswer<unknown>> = [];
    const events: SchedulerEvent[] = [];
    const started = Date.now();
    for (let i = 0; i < 50; i++) {
      const run = app({ token: 'tok-app', windows: GET_WINDOWS, store, events });
      answers.push(await run.api.listPending());
      run.scheduler.close();
    }
    expect(answers.every((a) => a.kind === 'ok')).toBe(true);
    expect(events).toEqual([]);
    expect(sandbox.stats().throttled.GET).toBe(0);
    expect(sandbox.stats().requests.GET).toBe(50);
    // "Within a few seconds": 50 requests at 20/s are about 2.5 s of pacing.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('runs at the ceiling with latency jitter and is never throttled', async () => {
    sandbox.configure({ window: mode, faults: { latencyMs: [0, 40] } });
    sandbox.reset();
    const run = app({ token: 'tok-app', windows: GET_WINDOWS });
    const deadline = Date.now() + 3_000;
    let ok = 0;
    const lane = async () => {
      while (Date.now() < deadline) {
        const a = await run.api.listPending();
        if (a.kind === 'ok') ok++;
      }
    };
    const stop = setTimeout(() => run.scheduler.close(), 3_000);
    await Promise.all(Array.from({ length: 8 }, lane));
    clearTimeout(stop);
    sandbox.configure({ faults: {} });
    expect(sandbox.stats().throttled.GET).toBe(0);
    // Paced near the 20/s ceiling, not merely slow: more than 3 s at half of it.
    expect(ok).toBeGreaterThan(30);
  });
});

it('without the persisted send log the same restarts are throttled (the test above can fail)', async () => {
  sandbox.configure({ window: 'fixed' });
  sandbox.reset();
  for (let i = 0; i < 50 && sandbox.stats().throttled.GET === 0; i++) {
    const run = app({ token: 'tok-app', windows: GET_WINDOWS, store: new MemorySendLogStore() });
    const ac = new AbortController();
    // Stop at the first 429 rather than wait for the reset.
    const poll = setInterval(() => sandbox.stats().throttled.GET > 0 && ac.abort(), 5);
    await run.api.listPending(undefined, { signal: ac.signal });
    clearInterval(poll);
    run.scheduler.close();
  }
  expect(sandbox.stats().throttled.GET).toBeGreaterThan(0);
});

it('shares the API user with a client using 40% of the budget: at most one 429 per reset', async () => {
  sandbox.configure({ window: 'fixed' });
  sandbox.reset();
  const events: SchedulerEvent[] = [];
  const ours = app({ token: 'tok-app', windows: GET_WINDOWS, events });
  // The other client is a plain loop at 40% of the budget (8/s), paying no attention to us.
  const other = new ApiClient({ baseUrl: sandbox.url, token: async () => 'tok-other' });
  let otherOk = 0;
  const otherTimer = setInterval(() => {
    void other.listPending().then((a) => (otherOk += a.kind === 'ok' ? 1 : 0));
  }, 125);
  let oursOk = 0;
  for (let i = 0; i < 400; i++) {
    void ours.api.listPending().then((a) => (oursOk += a.kind === 'ok' ? 1 : 0));
  }
  const seconds = 10;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(otherTimer);
  ours.scheduler.close();
  await new Promise((r) => setTimeout(r, 100));

  const throttled = events.filter((e) => e.type === 'throttled');
  const perReset = new Map<string, number>();
  for (const e of throttled) {
    const key = e.body?.nextResetAt ?? 'unknown';
    perReset.set(key, (perReset.get(key) ?? 0) + 1);
  }
  expect(Math.max(0, ...perReset.values())).toBeLessThanOrEqual(1);
  // A 429 whose count exceeds our own sends is the sign of the other client: we slowed down.
  if (throttled.length > 0) expect(events.some((e) => e.type === 'shared_user')).toBe(true);
  expect(throttled.length).toBeLessThanOrEqual(seconds / 2);
  // We still used a fair part of what the other client leaves (60% of 20/s, for 10 s = 120).
  expect(oursOk).toBeGreaterThan(0.5 * 120);
  expect(otherOk).toBeGreaterThan(0);
});
