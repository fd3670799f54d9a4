// Deactivation on the command line, against a sandbox over real HTTP: `--undo JOB` deactivates
// exactly the suppliers an onboarding job created (never one that existed before it), and
// `--operation deactivate` the suppliers a list names; both need the count confirmed (--yes)
// and end with a summary line named for the kind.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { lastLine, parseSummary, runCli, saveConnection, tempDir, writeSupplierList } from './cli';

const TOKEN = 'deactivate-cli-token';
const env = { ONBOARD_TOKEN: TOKEN };
const DEACTIVATE_SUMMARY =
  /^rows=\d+ deactivated=\d+ already_inactive=\d+ not_found=\d+ invalid=\d+ failed=\d+ pending=\d+$/;

let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let dataDir: string;

beforeEach(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 100,
    limits: { GET: [{ limit: 300, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
    // Two suppliers exist before any job: the onboarding meets one of them.
    seedSuppliers: [
      {
        name: 'Old One',
        countryCode: 'DE',
        city: 'Berlin',
        address: 'A 1',
        supplierIds: [{ id: 'T000002', source: 'ERP' }],
      },
      {
        name: 'Old Two',
        countryCode: 'DE',
        city: 'Berlin',
        address: 'A 2',
        supplierIds: [{ id: 'OLD-2', source: 'ERP' }],
        ownIds: [{ id: 'OWN-2' }],
      },
    ],
  });
  tmp = await tempDir('onboard-deactivate-');
  dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 300, WRITE: 50 });
});

afterEach(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

const where = () => [
  '--connection',
  'local sandbox',
  '--token-env',
  'ONBOARD_TOKEN',
  '--data-dir',
  dataDir,
  '--sandbox-processing-ms',
  '100',
];

it('--undo deactivates exactly the suppliers the job created, after the count is confirmed', async () => {
  const list = path.join(tmp.dir, 'list.xlsx');
  await writeSupplierList(list, 5);
  const onboarded = await runCli([list, ...where(), '--yes'], env);
  expect(onboarded.code, onboarded.stderr).toBe(0);
  expect(parseSummary(lastLine(onboarded))).toMatchObject({ rows: 5, created: 4, existing: 1 });
  const journal = openJournal({ path: path.join(dataDir, 'journal.sqlite') });
  const jobId = journal.listJobs()[0]?.id;
  journal.close();
  expect(jobId).toBeDefined();
  const before = await sandbox.stats();
  expect(before.suppliers).toBe(6);

  // Without a terminal and without --yes: refused, nothing sent.
  const refused = await runCli(['--undo', jobId!, ...where()], env);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('deactivates 4 suppliers');
  expect((await sandbox.stats()).suppliers).toBe(6);

  const undone = await runCli(['--undo', jobId!, ...where(), '--yes'], env);
  expect(undone.code, undone.stderr).toBe(0);
  expect(undone.stdout).toContain('4 suppliers will be deactivated.');
  const line = lastLine(undone);
  expect(line).toMatch(DEACTIVATE_SUMMARY);
  expect(parseSummary(line)).toMatchObject({ rows: 4, deactivated: 4, failed: 0 });
  const after = await sandbox.stats();
  // The two seeded suppliers (one of them in the list) are still active.
  expect(after.suppliers).toBe(2);
  const changes = Object.values(after.changesByIdentity.deactivate);
  expect(changes).toHaveLength(4);
  expect(changes.every((n) => n === 1)).toBe(true);
}, 120_000);

it('--operation deactivate names suppliers by any identifier; unknown ones are not found', async () => {
  const csv = path.join(tmp.dir, 'off.csv');
  await writeFile(
    csv,
    ['Supplier No;Source;Own ID', 'OLD-2;ERP;', ';;OWN-2', 'NOPE-1;ERP;', 'T000002;ERP;'].join(
      '\n',
    ),
  );
  const r = await runCli([csv, '--operation', 'deactivate', ...where(), '--yes'], env);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  // OLD-2 is named twice (by its supplier id and by its own id): the second row is a duplicate
  // to the check; the second DELETE finds it inactive already (404).
  const s = parseSummary(lastLine(r));
  expect(lastLine(r)).toMatch(DEACTIVATE_SUMMARY);
  expect(s).toMatchObject({ rows: 4, not_found: 1 });
  expect((s.deactivated ?? 0) + (s.already_inactive ?? 0)).toBe(3);
  const stats = await sandbox.stats();
  expect(stats.suppliers).toBe(0);
  expect(Object.values(stats.changesByIdentity.deactivate).every((n) => n === 1)).toBe(true);
}, 120_000);
