// Throughput of the limiter against the sandbox API, windows scaled down tenfold (writes 20/1 s +
// 100/6 s, reads 100/1 s + 500/6 s), in fixed and sliding window counting. Per mode, three cases
// run side by side, each as its own API user (the budgets are per user): (a) writes through the
// limiter, (b) reads through the limiter, (c) a naive limiter that only knows the short write
// window. Prints requests per minute, the ceiling, their ratio and the 429s of each case, then
// `write_ratio=<x> read_ratio=<x> throttled=<n> baseline_throttled=<n>` (worst ratio of the two
// modes, 429s summed over both).
//
// Usage: npx tsx bench/throttle.ts [--seconds 60] [--mode fixed|sliding|both]
import type { ApiAnswer } from '../src-main/api/answers';
import { ApiClient } from '../src-main/api/client';
import type { LimitWindow } from '../src-main/api/limiter';
import { Scheduler } from '../src-main/api/scheduler';
import { ThrottledApi } from '../src-main/api/throttledClient';
import { startSandbox, type SandboxLimitWindow } from '../src-main/sandbox';

const WRITE: LimitWindow[] = [
  { limit: 20, windowMs: 1_000 },
  { limit: 100, windowMs: 6_000 },
];
const READ: LimitWindow[] = [
  { limit: 100, windowMs: 1_000 },
  { limit: 500, windowMs: 6_000 },
];
// The default guard is half a second against the 10 s and 60 s windows; scaled tenfold with them.
const JITTER_GUARD_MS = 50;

interface CaseResult {
  mode: string;
  name: string;
  ok: number;
  throttled: number;
  seconds: number;
  ceilingPerMinute: number;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

const ceiling = (ws: LimitWindow[]) => Math.min(...ws.map((w) => (w.limit * 60_000) / w.windowMs));
const toSandbox = (ws: LimitWindow[]): SandboxLimitWindow[] =>
  ws.map((w) => ({ limit: w.limit, windowSeconds: w.windowMs / 1000 }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps `depth` calls queued in the scheduler until the deadline; counts the answers. */
async function saturate(
  deadline: number,
  depth: number,
  call: (i: number) => Promise<ApiAnswer<unknown>>,
): Promise<{ ok: number; other: Record<string, number> }> {
  let ok = 0;
  const other: Record<string, number> = {};
  let i = 0;
  const lane = async () => {
    while (Date.now() < deadline) {
      const a = await call(i++);
      // Only answers within the measured span count.
      if (Date.now() > deadline) break;
      if (a.kind === 'ok') ok++;
      else other[a.kind] = (other[a.kind] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: depth }, lane));
  return { ok, other };
}

/** The baseline: a sliding log of the short window only, no guard, no pacing. */
async function naive(
  client: ApiClient,
  deadline: number,
  short: LimitWindow,
  mode: string,
): Promise<{ ok: number; throttled: number }> {
  const log: number[] = [];
  let ok = 0;
  let throttled = 0;
  let i = 0;
  while (Date.now() < deadline) {
    const now = Date.now();
    while (log.length > 0 && (log[0] as number) <= now - short.windowMs) log.shift();
    if (log.length >= short.limit) {
      await sleep((log[0] as number) + short.windowMs - now);
      continue;
    }
    log.push(now);
    const a = await client.createSupplier({
      name: `Baseline ${i}`,
      countryCode: 'DE',
      city: 'Bonn',
      address: 'Weg 1',
      supplierId: { id: `B-${mode}-${i++}`, source: 'BENCH' },
    });
    if (a.kind === 'ok') ok++;
    else if (a.kind === 'throttled') {
      throttled++;
      // Honest about the 429 at least: wait for the reset it names.
      await sleep(a.waitMs);
    }
  }
  return { ok, throttled };
}

async function runMode(mode: 'fixed' | 'sliding', seconds: number): Promise<CaseResult[]> {
  const sandbox = await startSandbox({
    window: mode,
    limits: { GET: toSandbox(READ), WRITE: toSandbox(WRITE) },
    tokens: [
      { token: 'bench-writer', user: 'writer' },
      { token: 'bench-reader', user: 'reader' },
      { token: 'bench-baseline', user: 'baseline' },
    ],
    processingMs: 600_000,
    randomSeed: 1,
  });
  try {
    const make = (token: string) =>
      new ApiClient({ baseUrl: sandbox.url, token: async () => token });
    const scheduler = (id: string) =>
      new Scheduler({
        connectionId: id,
        limits: { WRITE, GET: READ },
        jitterGuardMs: JITTER_GUARD_MS,
        concurrency: { WRITE: 4, GET: 8 },
      });
    const writeSched = scheduler('writer');
    const readSched = scheduler('reader');
    const writer = new ThrottledApi(make('bench-writer'), writeSched);
    const reader = new ThrottledApi(make('bench-reader'), readSched);

    const started = Date.now();
    const deadline = started + seconds * 1000;
    // At the deadline, calls still queued are answered `aborted` and not sent.
    const stop = setTimeout(() => {
      writeSched.close();
      readSched.close();
    }, seconds * 1000);
    const [w, r, b] = await Promise.all([
      saturate(deadline, 8, (i) =>
        writer.createSupplier({
          name: `Bench ${i}`,
          countryCode: 'DE',
          city: 'Köln',
          address: 'Ring 1',
          supplierId: { id: `W-${mode}-${i}`, source: 'BENCH' },
        }),
      ),
      saturate(deadline, 16, () => reader.listPending()),
      naive(make('bench-baseline'), deadline, WRITE[0] as LimitWindow, mode),
    ]);
    clearTimeout(stop);
    const elapsed = seconds;
    for (const [name, res] of [
      ['write', w],
      ['read', r],
    ] as const) {
      const odd = Object.entries(res.other).filter(([k]) => k !== 'aborted');
      if (odd.length > 0)
        console.log(`  note: ${mode} ${name} answers other than ok: ${JSON.stringify(res.other)}`);
    }
    return [
      {
        mode,
        name: 'write',
        ok: w.ok,
        throttled: writeSched.status().WRITE.throttledCount,
        seconds: elapsed,
        ceilingPerMinute: ceiling(WRITE),
      },
      {
        mode,
        name: 'read',
        ok: r.ok,
        throttled: readSched.status().GET.throttledCount,
        seconds: elapsed,
        ceilingPerMinute: ceiling(READ),
      },
      {
        mode,
        name: 'baseline-write',
        ok: b.ok,
        throttled: b.throttled,
        seconds: elapsed,
        ceilingPerMinute: ceiling(WRITE),
      },
    ];
  } finally {
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  const seconds = Number(arg('seconds', '60'));
  const modeArg = arg('mode', 'both');
  const modes = (modeArg === 'both' ? ['fixed', 'sliding'] : [modeArg]) as Array<
    'fixed' | 'sliding'
  >;
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error('--seconds must be a positive number');
  console.log(
    `throttle benchmark: ${seconds} s per mode, writes 20/1s + 100/6s, reads 100/1s + 500/6s, jitter guard ${JITTER_GUARD_MS} ms`,
  );
  const results: CaseResult[] = [];
  for (const mode of modes) {
    const rs = await runMode(mode, seconds);
    for (const c of rs) {
      const perMinute = (c.ok / c.seconds) * 60;
      console.log(
        `mode=${c.mode} case=${c.name} requests_per_min=${perMinute.toFixed(1)} ceiling_per_min=${c.ceilingPerMinute} ratio=${(perMinute / c.ceilingPerMinute).toFixed(3)} throttled=${c.throttled}`,
      );
    }
    results.push(...rs);
  }
  const ratio = (name: string) =>
    Math.min(
      ...results
        .filter((c) => c.name === name)
        .map((c) => ((c.ok / c.seconds) * 60) / c.ceilingPerMinute),
    );
  const sum = (names: string[]) =>
    results.filter((c) => names.includes(c.name)).reduce((s, c) => s + c.throttled, 0);
  console.log(
    `write_ratio=${ratio('write').toFixed(3)} read_ratio=${ratio('read').toFixed(3)} throttled=${sum(['write', 'read'])} baseline_throttled=${sum(['baseline-write'])}`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
