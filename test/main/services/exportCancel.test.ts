// A results export under way, through the router on a real journal: it says how far it got
// (job:export), and jobs:cancelExport stops it with nothing written in the target's place and no
// half-written file left beside it; the export that follows writes every row.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller, importSuggested } from './support';

const ROWS = 20_000;
let dir: string;
let services: AppServices;
let jobId: string;
const call = commandCaller(() => services);
const progress: Array<EventPayload<'job:export'>> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'export-cancel-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: false,
  });
  services.bus.subscribe((event, payload) => {
    if (event === 'job:export') progress.push(payload as EventPayload<'job:export'>);
  });
  const lines = ['Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`L-${i};Lieferant ${i} GmbH;Ringweg ${i};04109;Leipzig;Deutschland`);
  const file = path.join(dir, 'Lieferanten.csv');
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  services.grants.grantRead(file);
  await call('connections:save', {
    name: 'API',
    baseUrl: 'https://api.example.com',
    limits: {
      GET: [{ limit: 100, windowMs: 1_000 }],
      WRITE: [{ limit: 50, windowMs: 1_000 }],
    },
  });
  jobId = (await importSuggested(call, file)).jobId;
}, 120_000);
afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a results export under way', () => {
  it('stops when cancelled, leaving no file, and says so once', async () => {
    progress.length = 0;
    // The results go beside the imported file, by default.
    const exporting = call('jobs:export', { jobId, format: 'xlsx' }).then(
      () => 'written',
      (e: Error) => e.message,
    );
    for (let i = 0; i < 400 && !progress.some((p) => !p.done && p.rowsWritten > 0); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await call('jobs:cancelExport', { jobId })).toEqual({ cancelled: true });
    expect(await exporting).toMatch(/^jobs:export: export_cancelled: /);
    // Nothing beside the list: neither the results nor a half-written file.
    expect((await readdir(dir)).sort()).toEqual(['Lieferanten.csv', 'data']);
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ jobId, total: ROWS, done: true });
    expect(last.rowsWritten).toBeLessThan(ROWS);
    expect(progress.filter((p) => p.done)).toHaveLength(1);
    // Nothing runs any more: a second cancel finds nothing.
    expect(await call('jobs:cancelExport', { jobId })).toEqual({ cancelled: false });
  }, 120_000);

  it('writes every row when left to run, its figures going forward to the total', async () => {
    progress.length = 0;
    const s = await call('jobs:export', { jobId, format: 'xlsx' });
    expect(s.rows).toBe(ROWS);
    expect(path.dirname(s.path)).toBe(dir);
    expect(existsSync(s.path)).toBe(true);
    const written = progress.map((p) => p.rowsWritten);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ jobId, rowsWritten: ROWS, total: ROWS, done: true });
  }, 120_000);
});
