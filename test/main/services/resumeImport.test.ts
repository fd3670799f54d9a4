// Two front doors resume the same job at once while its import is unfinished (two command lines,
// or the app and a command line, on one data folder): only the one holding the job's lease reads
// the rest of the file; the other is told the job is in use (with who runs it), never that the
// file's rows clash. Two services on one journal file, a sandbox over real HTTP.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { validateRows } from '../../../src-main/workbook';
import { toAppError } from '../../../src-shared/errors';

const ROWS = 6_000;
let dir: string;
let sandbox: SandboxHandle;
let a: AppServices;
let b: AppServices;
const secrets = new MemorySecretStore();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'resume-import-'));
  sandbox = await startSandbox({
    processingMs: 50,
    limits: { GET: [{ limit: 500, windowSeconds: 1 }], WRITE: [{ limit: 200, windowSeconds: 1 }] },
  });
  const options = { dataDir: path.join(dir, 'data'), transport: 'direct' as const, secrets };
  a = createAppServices({ ...options, sandbox: false });
  b = createAppServices({ ...options, sandbox: false });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

it('the second resume of an interrupted import is told the job is in use; the first imports every row once', async () => {
  const csv = path.join(dir, 'list.csv');
  const lines = ['Supplier No,Name,Street,Postal code,City,Country,Source'];
  for (let i = 0; i < ROWS; i++) lines.push(`R${i},Firm ${i} GmbH,Street ${i},10115,Berlin,DE,ERP`);
  await writeFile(csv, `${lines.join('\n')}\n`);

  const coreA = await a.ready();
  const coreB = await b.ready();
  const conn = await coreA.onboarding.saveConnection({
    name: 'sandbox',
    baseUrl: sandbox.url,
    token: 'sandbox',
    limits: { GET: [{ limit: 500, windowMs: 1_000 }], WRITE: [{ limit: 200, windowMs: 1_000 }] },
  });
  // What a kill during the import leaves: the job, its first rows, and the import's mark.
  const preview = await coreA.onboarding.preview({ path: csv, limit: 20 });
  const { inspectFile } = await import('../../../src-main/workbook');
  const job = coreA.journal.createJob({
    name: 'cut',
    connectionId: conn.id,
    sourcePath: csv,
    sourceHash: (await inspectFile(csv)).hash,
    headerRow: preview.headerRow,
    headers: preview.columns.map((c) => c.header),
    mapping: preview.suggestion.mapping as unknown as Record<string, unknown>,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
  });
  coreA.journal.setJobState(job.id, 'needs_attention', { code: 'import_incomplete', message: 'x' });
  const first = validateRows(preview.rows, preview.suggestion.mapping, preview.columns);
  coreA.journal.addRows(
    job.id,
    first.rows.map((r) => ({
      sourceRow: r.sourceRow,
      cells: r.cells,
      payload: r.payload as Record<string, unknown>,
      identityKey: r.identity,
      state: 'valid' as const,
    })),
  );

  const runA = coreA.onboarding.run(job.id, { mode: 'check', wait: true });
  const runB = coreB.onboarding.run(job.id, { mode: 'check', wait: true });
  const [ra, rb] = await Promise.allSettled([runA, runB]);
  const outcomes = [ra, rb];
  const won = outcomes.filter((r) => r.status === 'fulfilled');
  const lost = outcomes.filter((r) => r.status === 'rejected');
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect((won[0] as PromiseFulfilledResult<string>).value).toBe('checked');
  const error = toAppError((lost[0] as PromiseRejectedResult).reason);
  expect(error.code).toBe('job_in_use');
  expect(error.message).not.toMatch(/new job/i);
  expect(error.message).toContain(String(process.pid));

  const counts = coreA.journal.counts(job.id);
  expect(Object.values(counts).reduce((x, n) => x + n, 0)).toBe(ROWS);
  expect(counts.new).toBe(ROWS);
  expect(coreA.journal.getJob(job.id)?.stateReason?.code).not.toBe('import_incomplete');
}, 120_000);
