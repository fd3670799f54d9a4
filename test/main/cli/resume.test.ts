// Interrupting the command mid-run, by Ctrl-C (SIGINT) or by SIGKILL, then `--resume`: every
// supplier ends up created exactly once. The API is a sandbox started here, over real HTTP, with
// limits high enough for 60 rows in seconds (the connection is saved with the same limits).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import {
  readWorkbook,
  saveConnection,
  startCli,
  tempDir,
  writeSupplierList,
  type CliResult,
} from './cli';

const TOKEN = 'resume-test-token';
const ROWS = 60;
const env = { ONBOARD_TOKEN: TOKEN };

let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let dataDir: string;
let list: string;
let ids: string[];

beforeEach(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 200,
    screeningMs: 200,
    validationMs: 200,
    limits: {
      GET: [{ limit: 300, windowSeconds: 1 }],
      WRITE: [{ limit: 20, windowSeconds: 1 }],
    },
  });
  tmp = await tempDir('onboard-resume-');
  dataDir = path.join(tmp.dir, 'data');
  list = path.join(tmp.dir, 'big.xlsx');
  ids = await writeSupplierList(list, ROWS);
  await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 300, WRITE: 20 });
});

afterEach(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

type Json = Record<string, unknown> & { type: string };

function json(line: string): Json | null {
  try {
    return JSON.parse(line) as Json;
  } catch {
    return null;
  }
}

const UNSENT = ['draft', 'valid', 'new', 'exists', 'queued', 'invalid', 'cancelled'];

/** Rows that have been sent to the API at least once, from a progress line. */
function sent(p: Json): number {
  const counts = p.counts as Record<string, number>;
  return Object.entries(counts)
    .filter(([state]) => !UNSENT.includes(state))
    .reduce((a, [, n]) => a + n, 0);
}

function firstRun(): ReturnType<typeof startCli> {
  return startCli(
    [
      list,
      '--data-dir',
      dataDir,
      '--base-url',
      sandbox.url,
      '--token-env',
      'ONBOARD_TOKEN',
      '--sandbox-processing-ms',
      '200',
      '--json',
    ],
    env,
  );
}

/** Every row created once, and the results say so. */
async function expectAllCreatedOnce(r: CliResult): Promise<void> {
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const summary = json(r.lines.filter((l) => l.trim() !== '').at(-1)!)!;
  expect(summary).toMatchObject({
    type: 'summary',
    rows: ROWS,
    invalid: 0,
    rejected: 0,
    failed: 0,
    pending: 0,
  });
  expect((summary.created as number) + (summary.existing as number)).toBe(ROWS);

  const byIdentity = sandbox.stats().creationsByIdentity;
  expect(Object.keys(byIdentity).sort()).toEqual(ids.map((id) => `${id}|ERP`).sort());
  expect(Object.entries(byIdentity).filter(([, n]) => n !== 1)).toEqual([]);
  expect(sandbox.stats().suppliers).toBe(ROWS);

  const results = (await readWorkbook(path.join(tmp.dir, 'big.results.xlsx'))).find(
    (s) => s.name === 'Results',
  )!;
  const status = results.rows[0]!.indexOf('Status');
  const platformId = results.rows[0]!.indexOf('Platform ID');
  const body = results.rows.slice(1);
  expect(body).toHaveLength(ROWS);
  expect(body.filter((row) => row[status] === 'Done')).toHaveLength(ROWS);
  expect(new Set(body.map((row) => String(row[platformId]))).size).toBe(ROWS);
}

it('Ctrl-C pauses with exit code 4 and a --resume hint; --resume completes the job', async () => {
  const run = firstRun();
  await run.waitForLine((l) => {
    const p = json(l);
    return p?.type === 'progress' && sent(p) >= 10;
  });
  run.child.kill('SIGINT');
  const first = await run.done;
  expect(first.code, first.stdout + first.stderr).toBe(4);
  expect(first.stdout).toContain('--resume');
  // Interrupted before the end: not every supplier exists yet.
  expect(sandbox.stats().suppliers).toBeLessThan(ROWS);
  const summary = json(first.lines.filter((l) => l.trim() !== '').at(-1)!)!;
  expect(summary).toMatchObject({ type: 'summary', rows: ROWS, state: 'paused' });
  expect(summary.pending as number).toBeGreaterThan(0);

  // The hint is a command that works as printed.
  const hint = first.lines
    .map(json)
    .map((p) => (p?.type === 'log' ? String(p.message) : ''))
    .find((m) => m.startsWith('Continue with: npm run onboard -- '));
  expect(hint).toBeDefined();
  const args = hint!.slice('Continue with: npm run onboard -- '.length).split(' ');
  expect(args.slice(0, 2)).toEqual(['--resume', summary.jobId]);

  const second = await startCli(args, env).done;
  expect(second.stdout).toContain('Resuming job');
  await expectAllCreatedOnce(second);
  // The job resumed is the one interrupted: its creations keep their creation UUIDs.
  expect(json(second.lines.filter((l) => l.trim() !== '').at(-1)!)).toMatchObject({
    jobId: summary.jobId,
    created: ROWS,
  });
}, 90_000);

it('SIGKILL at a random moment loses nothing; --resume creates every supplier once', async () => {
  const run = firstRun();
  await run.waitForLine((l) => {
    const p = json(l);
    return p?.type === 'progress' && sent(p) >= 1;
  });
  const delayMs = Math.floor(Math.random() * 3_000);
  await new Promise((r) => setTimeout(r, delayMs));
  run.child.kill('SIGKILL');
  const first = await run.done;
  expect(first.signal, `killed after ${delayMs} ms`).toBe('SIGKILL');

  const second = await startCli(
    [
      '--resume',
      '--data-dir',
      dataDir,
      '--token-env',
      'ONBOARD_TOKEN',
      '--sandbox-processing-ms',
      '200',
      '--json',
    ],
    env,
  ).done;
  expect(second.stdout, `killed after ${delayMs} ms`).toContain('Resuming job');
  await expectAllCreatedOnce(second);
}, 90_000);

it('the built-in sandbox keeps its state: a job interrupted there resumes and finds what it created', async () => {
  // The API's own limits apply here (20 writes per 10 s), so a small list.
  const small = path.join(tmp.dir, 'small.xlsx');
  const home = { ...env, SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'home') };
  await writeSupplierList(small, 12, 300);
  const run = startCli([small, '--sandbox-processing-ms', '100', '--json'], home);
  await run.waitForLine((l) => {
    const p = json(l);
    return p?.type === 'progress' && sent(p) >= 3;
  });
  run.child.kill('SIGINT');
  const first = await run.done;
  expect(first.code, first.stdout + first.stderr).toBe(4);
  const paused = json(first.lines.filter((l) => l.trim() !== '').at(-1)!)!;
  expect(paused.pending as number).toBeGreaterThan(0);

  const second = await startCli(
    ['--resume', String(paused.jobId), '--sandbox-processing-ms', '100', '--json'],
    home,
  ).done;
  expect(second.code, second.stdout + second.stderr).toBe(0);
  expect(json(second.lines.filter((l) => l.trim() !== '').at(-1)!)).toMatchObject({
    jobId: paused.jobId,
    rows: 12,
    created: 12,
    existing: 0,
    pending: 0,
  });

  // Two suppliers with one identifier would make a check ambiguous: every one is found once.
  const check = await startCli(
    [small, '--check-only', '--out', path.join(tmp.dir, 'small-check.xlsx')],
    home,
  ).done;
  expect(check.code, check.stdout + check.stderr).toBe(0);
  expect(check.lines.filter((l) => l.trim() !== '').at(-1)).toBe(
    'rows=12 created=0 existing=12 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
  );
}, 90_000);

it('Ctrl-C during the import records every row, stops before sending, and says how to resume', async () => {
  // The journal takes rows in batches: a job cut off mid-import would resume with rows missing.
  const csv = path.join(tmp.dir, 'long.csv');
  const lines = ['Supplier No,Name,Street,Postal code,City,Country,Source'];
  for (let i = 0; i < 20_000; i++)
    lines.push(`L${i},Firm ${i} GmbH,Street ${i},10115,Berlin,DE,ERP`);
  await writeFile(csv, `${lines.join('\n')}\n`);
  const home = { ...env, SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'home') };
  const run = startCli([csv, '--out', path.join(tmp.dir, 'long.results.csv')], home);
  await run.waitForLine((l) => l.startsWith('Mapping'));
  run.child.kill('SIGINT');
  const r = await run.done;
  expect(r.code, r.stdout + r.stderr).toBe(4);
  expect(r.stdout).toMatch(/Continue with: npm run onboard -- --resume \S+/);
  expect(r.lines.filter((l) => l.trim() !== '').at(-1)).toBe(
    'rows=20000 created=0 existing=0 invalid=0 rejected=0 failed=0 pending=20000 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
  );
}, 60_000);

it('SIGKILL during the import: --resume reads the rest of the file before sending', async () => {
  const csv = path.join(tmp.dir, 'huge.csv');
  const total = 20_000;
  const lines = ['Supplier No,Name,Street,Postal code,City,Country,Source'];
  for (let i = 0; i < total; i++)
    lines.push(`H${i},Firm ${i} GmbH,Street ${i},10115,Berlin,DE,ERP`);
  await writeFile(csv, `${lines.join('\n')}\n`);
  const home = { ...env, SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'home') };
  const run = startCli([csv, '--out', path.join(tmp.dir, 'huge.results.csv')], home);
  await run.waitForLine((l) => l.startsWith('Mapping'));
  await new Promise((r) => setTimeout(r, 200));
  run.child.kill('SIGKILL');
  expect((await run.done).signal).toBe('SIGKILL');

  // The job left behind, if any, either holds every row or says its import is unfinished.
  const journal = openJournal({ path: path.join(home.SUPPLIER_ONBOARDING_HOME, 'journal.sqlite') });
  let jobId: string | undefined;
  try {
    for (const job of journal.listJobs()) {
      const rows = Object.values(journal.counts(job.id)).reduce((a, n) => a + n, 0);
      if (rows !== total) expect(job.stateReason?.code).toBe('import_incomplete');
      jobId = job.id;
    }
  } finally {
    journal.close();
  }
  if (!jobId) return; // killed before the job was recorded: nothing to lose

  // Resumed, the job counts every row of the file before its first request; then stop it.
  const resumed = startCli(['--resume', jobId, '--json'], home);
  const first = await resumed.waitForLine((l) => json(l)?.type === 'progress');
  expect(json(first)!.total).toBe(total);
  resumed.child.kill('SIGINT');
  expect((await resumed.done).code).toBe(4);
}, 90_000);
