// The limiter and scheduler on a fake clock against a model of the server's counting: the window
// property (at most N in any span W, wherever it starts), pacing, 429 handling, restarts that
// reload the send log, and a second client sharing the API user.
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../../src-main/api/answers';
import { GroupLimiter, MemorySendLogStore, type LimitWindow } from '../../../src-main/api/limiter';
import { Scheduler, type SchedulerEvent } from '../../../src-main/api/scheduler';
import { FakeClock, seededRandom } from '../../../src-main/util/clock';
import { SimServer, maxInAnyWindow, runUntil } from './simServer';

const WRITE: LimitWindow[] = [
  { limit: 20, windowMs: 10_000 },
  { limit: 100, windowMs: 60_000 },
];

function expectWindowProperty(times: number[], windows: LimitWindow[]): void {
  for (const w of windows) {
    expect(maxInAnyWindow(times, w.windowMs), `${w.limit}/${w.windowMs}ms`).toBeLessThanOrEqual(
      w.limit,
    );
  }
}

function setup(opts: {
  mode: 'fixed' | 'sliding';
  windows?: LimitWindow[];
  serverWindows?: LimitWindow[];
  latency?: () => number;
  store?: MemorySendLogStore;
  clock?: FakeClock;
  jitterGuardMs?: number;
  guardRequests?: number;
  server?: SimServer;
}) {
  const clock = opts.clock ?? new FakeClock();
  const server =
    opts.server ??
    new SimServer({
      clock,
      windows: opts.serverWindows ?? opts.windows ?? WRITE,
      mode: opts.mode,
      ...(opts.latency ? { latency: opts.latency } : {}),
    });
  const events: SchedulerEvent[] = [];
  const scheduler = new Scheduler({
    connectionId: 'c1',
    clock,
    limits: { WRITE: opts.windows ?? WRITE },
    ...(opts.store ? { sendLog: opts.store } : {}),
    ...(opts.jitterGuardMs !== undefined ? { jitterGuardMs: opts.jitterGuardMs } : {}),
    ...(opts.guardRequests !== undefined ? { guardRequests: opts.guardRequests } : {}),
    onEvent: (e) => events.push(e),
  });
  const sends: number[] = [];
  const results: Array<ApiAnswer<number>> = [];
  const submit = (n: number, client = 'app', jobId?: string, kind = 'create') => {
    const out: Array<Promise<ApiAnswer<number>>> = [];
    for (let i = 0; i < n; i++) {
      const p = scheduler.submit({ group: 'WRITE', kind, ...(jobId ? { jobId } : {}) }, () => {
        sends.push(clock.now());
        return server.call(client);
      });
      void p.then((a) => results.push(a));
      out.push(p);
    }
    return out;
  };
  return { clock, server, scheduler, sends, results, submit, events };
}

describe.each(['fixed', 'sliding'] as const)('limiter against %s windows', (mode) => {
  it('stays within every window under saturation and uses nearly all of the budget', async () => {
    const s = setup({ mode });
    s.submit(600);
    await runUntil(s.clock, () => false, 5 * 60_000, 20);
    expect(s.server.refused).toHaveLength(0);
    expectWindowProperty(s.server.arrivals(), WRITE);
    expectWindowProperty(s.sends, WRITE);
    // 100/min is the ceiling; one request and half a second of guard cost about 2%.
    expect(s.server.arrivals().length).toBeGreaterThanOrEqual(0.95 * 500);
    s.scheduler.close();
  });

  it('paces bursts at a window edge instead of sending them at once', async () => {
    // Start 100 ms before a 10 s (and 60 s) boundary, burst, then burst again just after it.
    const clock = new FakeClock(Date.UTC(2026, 0, 15, 10, 30, 59, 900));
    const s = setup({ mode, clock });
    s.submit(30);
    await s.clock.advance(200);
    s.submit(30);
    await runUntil(s.clock, () => s.results.length === 60, 3 * 60_000);
    expect(s.results.filter((r) => r.kind === 'ok')).toHaveLength(60);
    expect(s.server.refused).toHaveLength(0);
    expectWindowProperty(s.server.arrivals(), WRITE);
    // Even spacing: no two sends closer than half the paced interval (10.5 s / 19 / 2).
    const gaps = s.sends.slice(1).map((t, i) => t - (s.sends[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.floor(10_500 / 19 / 2));
  });

  it('holds with latency jitter of up to 400 ms each way', async () => {
    const rand = seededRandom(7);
    const s = setup({ mode, latency: () => Math.floor(rand() * 400) });
    s.submit(400);
    await runUntil(s.clock, () => false, 4 * 60_000, 20);
    expect(s.server.refused).toHaveLength(0);
    expectWindowProperty(s.server.arrivals(), WRITE);
    s.scheduler.close();
  });

  it('pauses on a 429 in the middle of a burst and requeues without losing or repeating work', async () => {
    const s = setup({ mode });
    // Another client already used 16 of the 20 in the current 10 s window.
    s.server.preload(16);
    const all = s.submit(12);
    await runUntil(s.clock, () => s.results.length === 12, 2 * 60_000);
    const answers = await Promise.all(all);
    expect(answers.every((a) => a.kind === 'ok')).toBe(true);
    // Each call answered once, with a distinct accepted request behind it.
    expect(new Set(answers.map((a) => (a.kind === 'ok' ? a.value : -1))).size).toBe(12);
    expect(s.server.refused.length).toBeGreaterThanOrEqual(1);
    expect(s.server.refused.length).toBeLessThanOrEqual(1);
    // The refused request cost a send (13 sends for 12 calls) and nothing arrived before the reset.
    expect(s.sends).toHaveLength(13);
    const refusal = s.server.refused[0]!;
    const resetAt = Date.parse(`${refusal.body.nextResetAt}Z`);
    const after = s.server.arrivals('app').filter((t) => t > refusal.at);
    expect(Math.min(...after)).toBeGreaterThanOrEqual(resetAt);
    expect(s.events.some((e) => e.type === 'throttled')).toBe(true);
    expectWindowProperty(s.server.arrivals(), WRITE);
  });

  it('adopts limits declared in a 429 for the rest of the run', async () => {
    const s = setup({
      mode,
      windows: [{ limit: 40, windowMs: 10_000 }],
      serverWindows: WRITE,
    });
    s.submit(300);
    await runUntil(s.clock, () => false, 4 * 60_000, 20);
    expect(s.server.refused).toHaveLength(1);
    expect(s.scheduler.limiter('WRITE').getWindows()).toEqual(WRITE);
    expect(s.events.some((e) => e.type === 'limits_replaced')).toBe(true);
    s.scheduler.close();
  });

  it('reloads the send log after a restart and does not burst into a counted window', async () => {
    const clock = new FakeClock();
    const store = new MemorySendLogStore();
    const server = new SimServer({ clock, windows: WRITE, mode });
    const a = setup({ mode, clock, store, server });
    a.submit(200);
    await runUntil(clock, () => false, 45_000, 20);
    a.scheduler.close();
    // Restarted at once, with a backlog.
    const b = setup({ mode, clock, store, server });
    b.submit(100);
    await runUntil(clock, () => false, 2 * 60_000, 20);
    expect(server.refused).toHaveLength(0);
    expectWindowProperty(server.arrivals(), WRITE);
    b.scheduler.close();
  });

  it('without the send log a restart would be throttled (the check above can fail)', async () => {
    const clock = new FakeClock();
    const store = new MemorySendLogStore();
    const server = new SimServer({ clock, windows: WRITE, mode });
    const a = setup({ mode, clock, store, server });
    a.submit(200);
    await runUntil(clock, () => false, 45_000, 20);
    a.scheduler.close();
    const b = setup({ mode, clock, server, store: new MemorySendLogStore() });
    b.submit(100);
    await runUntil(clock, () => false, 2 * 60_000, 20);
    expect(server.refused.length).toBeGreaterThan(0);
    b.scheduler.close();
  });

  it('survives 50 restarts in a few seconds with the persisted log', async () => {
    const clock = new FakeClock();
    const store = new MemorySendLogStore();
    const server = new SimServer({ clock, windows: WRITE, mode });
    for (let i = 0; i < 50; i++) {
      const r = setup({ mode, clock, store, server });
      r.submit(2);
      // Each run lives 100 ms of simulated time, then the app is closed again.
      await clock.advance(100);
      r.scheduler.close();
    }
    await runUntil(clock, () => false, 1_000);
    expect(server.refused).toHaveLength(0);
    expectWindowProperty(server.arrivals(), WRITE);
  });

  it('slows down when another client shares the API user, and recovers gradually', async () => {
    const clock = new FakeClock();
    const server = new SimServer({ clock, windows: WRITE, mode });
    const app = setup({ mode, clock, server });
    // The other client keeps to 40% of the budget by itself.
    const other = setup({
      mode,
      clock,
      server,
      windows: [
        { limit: 8, windowMs: 10_000 },
        { limit: 40, windowMs: 60_000 },
      ],
    });
    app.submit(2000, 'app');
    other.submit(2000, 'other');
    await runUntil(clock, () => false, 10 * 60_000, 20);
    const ours = server.refused.filter((r) => r.client === 'app');
    expect(app.events.some((e) => e.type === 'shared_user')).toBe(true);
    // At most one 429 per reset, and few of them: the cut rate leaves room for the other client.
    const perReset = new Map<string, number>();
    for (const r of ours)
      perReset.set(r.body.nextResetAt, (perReset.get(r.body.nextResetAt) ?? 0) + 1);
    expect(Math.max(0, ...perReset.values())).toBeLessThanOrEqual(1);
    expect(ours.length).toBeLessThanOrEqual(10);
    // It still uses most of what the other client leaves (60% of 100/min over 10 min = 600).
    expect(server.arrivals('app').length).toBeGreaterThan(0.6 * 600);
    // The server enforced the shared budget itself; this app alone never exceeded it.
    expectWindowProperty(server.arrivals('app'), WRITE);
    app.scheduler.close();
    other.scheduler.close();
  });
});

describe('limiter guards', () => {
  it('logs requests at their answer, so even without guards jitter cannot crowd a window', async () => {
    const rand = seededRandom(7);
    const s = setup({
      mode: 'sliding',
      latency: () => Math.floor(rand() * 400),
      jitterGuardMs: 0,
      guardRequests: 0,
    });
    s.submit(400);
    await runUntil(s.clock, () => false, 4 * 60_000, 20);
    expect(s.server.refused).toHaveLength(0);
    expectWindowProperty(s.server.arrivals(), WRITE);
    // Near the full 100/min pace: the guard-free limiter really was at the edge.
    expect(s.server.arrivals().length).toBeGreaterThanOrEqual(0.95 * 400);
    s.scheduler.close();
  });

  it('counts requests in flight in every window until they end', () => {
    const clock = new FakeClock();
    const l = new GroupLimiter({
      group: 'WRITE',
      connectionId: 'c',
      clock,
      settings: { windows: [{ limit: 3, windowMs: 1_000 }], guardRequests: 0, jitterGuardMs: 0 },
    });
    const tickets = [l.record(), l.record(), l.record()];
    expect(l.delayMs()).toBe(Infinity);
    tickets[0]!.end(clock.now() + 5_000);
    // The first request is logged at its answer, 5 s after it left: the window frees then.
    expect(l.delayMs()).toBe(6_000);
  });

  it('counts every attempt when sent and never gives one back', () => {
    const clock = new FakeClock();
    const l = new GroupLimiter({
      group: 'WRITE',
      connectionId: 'c',
      clock,
      settings: { windows: WRITE },
    });
    for (let i = 0; i < 5; i++) l.record();
    l.onThrottled(undefined, 1_000);
    expect(l.countInLast(10_000)).toBe(5);
    expect(l.delayMs()).toBeGreaterThanOrEqual(1_000);
  });
});

describe('slowing down for another client', () => {
  const body = (requestCount: number) => ({
    error: 'Too Many Requests',
    message: 'x',
    requestLimit: 20,
    requestCount,
    limits: [
      { requestLimit: 20, timeInSeconds: 10 },
      { requestLimit: 100, timeInSeconds: 60 },
    ],
    currentTime: '2026-01-15T10:30:00',
    nextResetAt: '2026-01-15T10:30:10',
  });

  it('cuts once per 429 news, not again for requests already on their way', async () => {
    const clock = new FakeClock();
    const l = new GroupLimiter({
      group: 'WRITE',
      connectionId: 'c',
      clock,
      settings: { windows: WRITE },
    });
    const sent: number[] = [];
    for (let i = 0; i < 4; i++) {
      sent.push(clock.now());
      l.record();
      await clock.advance(100);
    }
    // The server counted 20 where we sent 4: someone else sends as this API user.
    const first = l.onThrottled(body(20), 10_000, sent[2]);
    expect(first.sharedUser).toBe(true);
    expect(first.rateFactor).toBeLessThanOrEqual(0.5);
    // The request sent just after, refused too, was already in flight: no second cut.
    const second = l.onThrottled(body(20), 10_000, sent[3]! - 1);
    expect(second.rateFactor).toBe(first.rateFactor);
    // And the rate grows back by steps, one per longest window.
    await clock.advance(60_000);
    expect(l.rateFactor()).toBeGreaterThan(first.rateFactor);
    await clock.advance(20 * 60_000);
    expect(l.rateFactor()).toBe(1);
  });

  it('does not slow down when the count is its own', () => {
    const clock = new FakeClock();
    const l = new GroupLimiter({
      group: 'WRITE',
      connectionId: 'c',
      clock,
      settings: { windows: WRITE },
    });
    for (let i = 0; i < 20; i++) l.record();
    const out = l.onThrottled(body(19), 10_000);
    expect(out.sharedUser).toBe(false);
    expect(out.rateFactor).toBe(1);
  });
});

describe('scheduler queues', () => {
  it('shares the budget fairly between jobs and between kinds, with priorities', async () => {
    const s = setup({ mode: 'sliding', windows: [{ limit: 10, windowMs: 1_000 }] });
    const order: string[] = [];
    const add = (job: string, kind: string, n: number) => {
      for (let i = 0; i < n; i++) {
        void s.scheduler.submit({ group: 'WRITE', kind, jobId: job }, async () => {
          order.push(`${job}:${kind}`);
          return { kind: 'ok', value: 0, status: 200, info: {} };
        });
      }
    };
    add('A', 'create', 40);
    add('A', 'screening', 40);
    add('B', 'create', 40);
    await runUntil(s.clock, () => order.length === 120, 120_000, 20);
    const first40 = order.slice(0, 40);
    const count = (k: string) => first40.filter((o) => o === k).length;
    // Jobs alternate; inside job A the two kinds alternate (the very first call left before
    // the others were queued, hence the one-call tolerance).
    expect(Math.abs(count('B:create') - 20)).toBeLessThanOrEqual(1);
    expect(Math.abs(count('A:create') - 10)).toBeLessThanOrEqual(1);
    expect(Math.abs(count('A:screening') - 10)).toBeLessThanOrEqual(1);

    order.length = 0;
    s.scheduler.setJobPriority('P', 3);
    add('N', 'create', 40);
    add('P', 'create', 40);
    await runUntil(s.clock, () => order.length === 80, 120_000, 20);
    const firstN = order.slice(0, 40).filter((o) => o === 'P:create').length;
    expect(Math.abs(firstN - 30)).toBeLessThanOrEqual(1);
  });

  it('answers an aborted queued call without sending it', async () => {
    const s = setup({ mode: 'fixed' });
    const controller = new AbortController();
    s.submit(3);
    let sent = false;
    const p = s.scheduler.submit(
      { group: 'WRITE', kind: 'create', signal: controller.signal },
      async () => {
        sent = true;
        return { kind: 'ok', value: 0, status: 200, info: {} };
      },
    );
    controller.abort();
    expect(await p).toEqual({ kind: 'aborted', maybeSent: false });
    await runUntil(s.clock, () => s.results.length === 3, 60_000);
    expect(sent).toBe(false);
  });

  it('reports live status per group', async () => {
    const s = setup({ mode: 'fixed' });
    s.server.preload(19);
    s.submit(5);
    await runUntil(s.clock, () => s.events.length > 0, 5_000);
    const st = s.scheduler.status().WRITE;
    expect(st.windows.map((w) => [w.limit, w.windowSeconds])).toEqual([
      [20, 10],
      [100, 60],
    ]);
    expect(st.windows[0]!.used).toBeGreaterThanOrEqual(1);
    expect(st.throttledUntil).not.toBeNull();
    expect(st.throttledCount).toBe(1);
    expect(st.queued).toBeGreaterThanOrEqual(1);
    expect(st.queuedByKind.create).toBe(st.queued);
    expect(st.ceilingPerMinute).toBe(100);
    expect(s.scheduler.status().GET.queued).toBe(0);
    s.scheduler.close();
  });
});

describe('limiter settings', () => {
  it('refuses windows that allow nothing', () => {
    const clock = new FakeClock();
    expect(
      () =>
        new GroupLimiter({
          group: 'GET',
          connectionId: 'c',
          clock,
          settings: { windows: [{ limit: 0, windowMs: 1000 }] },
        }),
    ).toThrow(/positive/);
  });
});
