// The token never reaches the journal, the events or the log, even through failures: a whole job
// runs against a sandbox that faults, with a recognisable token, and every byte the app wrote
// is searched for it.
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';

const TOKEN = 'TOKEN-do-not-leak-7f3a9c';
let dir: string;
let services: AppServices;
let sandbox: SandboxHandle;
const seen: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'secrecy-'));
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 50,
    screeningMs: 50,
    validationMs: 50,
    limits: { GET: [{ limit: 200, windowSeconds: 1 }], WRITE: [{ limit: 30, windowSeconds: 1 }] },
    faults: { before500: 0.1, after500: 0.1, drop: 0.05 },
    randomSeed: 3,
  });
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: false,
    engineSettings: {
      settleMs: 300,
      trackPollMs: 60,
      statusPollBaseMs: 60,
      statusPollCapMs: 300,
      offlineBaseMs: 100,
      offlineCapMs: 400,
    },
  });
  services.bus.subscribe((event, payload) => seen.push(JSON.stringify({ event, payload })));
});

afterAll(async () => {
  await services.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

it(
  'keeps the token out of the journal, the events, the answers and the log',
  { timeout: 90_000 },
  async () => {
    const logged: string[] = [];
    for (const m of ['log', 'error', 'warn', 'info'] as const) {
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    const call = async (command: string, input: unknown) => {
      const r = await services.router.dispatch(command, input);
      seen.push(JSON.stringify(r));
      if (!r.ok) throw new Error(r.error.message);
      return r.value as Record<string, unknown>;
    };
    const limits = {
      GET: [{ limit: 200, windowMs: 1_000 }],
      WRITE: [{ limit: 30, windowMs: 1_000 }],
    };
    const conn = await call('connections:save', {
      name: 'Secret',
      baseUrl: sandbox.url,
      token: TOKEN,
      limits,
    });
    await call('connections:test', { id: conn.id });
    const file = path.join(dir, 'suppliers.xlsx');
    await copyFile('resources/samples/suppliers.xlsx', file);
    services.grants.grantRead(file);
    const preview = await call('files:preview', { path: file });
    const job = await call('jobs:create', {
      path: file,
      connectionId: conn.id,
      mapping: (preview.suggestion as { mapping: unknown }).mapping,
      options: { skipExisting: false, screeningPeriod: 2, validate: true },
    });
    const jobId = job.jobId as string;
    // Screening is ordered: the start is confirmed, as the summary before it asks.
    const plan = (await call('jobs:plan', { jobId })) as { paidToConfirm: number };
    await call('jobs:start', { jobId, confirmed: true, confirmedCount: plan.paidToConfirm });
    for (let i = 0; i < 600; i++) {
      const j = await call('jobs:get', { jobId });
      if (!j.running && ['finished', 'needs_attention'].includes(j.state as string)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await call('rows:page', { jobId, limit: 500 });
    expect((rows.rows as unknown[]).length).toBe(60);
    await call('jobs:export', { jobId, format: 'csv', path: path.join(dir, 'out.csv') });
    vi.restoreAllMocks();
    // A bad token is a failure path too.
    const bad = await call('connections:save', {
      name: 'Bad',
      baseUrl: sandbox.url,
      token: `${TOKEN}-wrong`,
    });
    await call('connections:test', { id: bad.id });

    expect(sandbox.stats().faults.before500 + sandbox.stats().faults.after500).toBeGreaterThan(0);
    for (const text of [...seen, ...logged]) expect(text).not.toContain(TOKEN);
    const dataDir = path.join(dir, 'data');
    for (const name of await readdir(dataDir)) {
      const bytes = await readFile(path.join(dataDir, name)).catch(() => undefined);
      if (bytes) expect(bytes.includes(Buffer.from(TOKEN)), name).toBe(false);
    }
    expect((await readFile(path.join(dir, 'out.csv'))).includes(Buffer.from(TOKEN))).toBe(false);
  },
);
