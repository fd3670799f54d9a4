// Deactivation on the command line, against a sandbox over real HTTP: `--undo JOB` deactivates
// exactly the suppliers an onboarding job created (never one that existed before it), and
// `--operation deactivate` the suppliers a list names; both need the count confirmed (--yes)
// and end with a summary line named for the kind.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { word } from '../../../src-shared/i18n';
import {
  lastLine,
  parseSummary,
  readWorkbook,
  runOnTerminal,
  runCli,
  sandboxPerTest,
  writeSupplierList,
} from './cli';

const TOKEN = 'deactivate-cli-token';
const env = { ONBOARD_TOKEN: TOKEN };
const DEACTIVATE_SUMMARY =
  /^rows=\d+ deactivated=\d+ already_inactive=\d+ not_found=\d+ invalid=\d+ failed=\d+ pending=\d+$/;

// Two suppliers exist before any job: the onboarding meets one of them.
const run = sandboxPerTest(
  TOKEN,
  [
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
  'onboard-deactivate-',
);
const where = run.where;

it('--undo deactivates exactly the suppliers the job created, after the count is confirmed', async () => {
  const list = path.join(run.dir(), 'list.xlsx');
  await writeSupplierList(list, 5);
  const onboarded = await runCli([list, ...where(), '--yes'], env);
  expect(onboarded.code, onboarded.stderr).toBe(0);
  expect(parseSummary(lastLine(onboarded))).toMatchObject({ rows: 5, created: 4, existing: 1 });
  const journal = openJournal({ path: path.join(run.dataDir(), 'journal.sqlite') });
  const jobId = journal.listJobs()[0]?.id;
  journal.close();
  expect(jobId).toBeDefined();
  const before = run.sandbox().stats();
  expect(before.suppliers).toBe(6);

  // Without a terminal and without --yes: refused, nothing sent.
  const refused = await runCli(['--undo', jobId!, ...where()], env);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('deactivates 4 suppliers');
  expect(run.sandbox().stats().suppliers).toBe(6);
  // Without --connection, the undo says the job's connection, never the practice sandbox.
  const bare = await runCli(
    ['--undo', jobId!, '--data-dir', run.dataDir(), '--token-env', 'ONBOARD_TOKEN'],
    env,
  );
  expect(bare.code).toBe(2);
  expect(bare.stdout).toContain(
    word('en', 'cli.connection.ofJob', {
      name: 'local sandbox',
      url: run.sandbox().url,
      job: jobId!,
    }),
  );
  expect(bare.stdout).not.toContain('nothing leaves this computer');

  const results = path.join(run.dir(), 'list.results.xlsx');
  const onboardResults = await readFile(results);
  const undone = await runCli(['--undo', jobId!, ...where(), '--yes'], env);
  expect(undone.code, undone.stderr).toBe(0);
  // The undo's results are its own file: the onboarding's results stay as they were.
  const undoResults = path.join(run.dir(), 'list.undo-results.xlsx');
  expect(undone.stdout).toContain(`Results: ${undoResults} (4 rows`);
  expect((await readFile(results)).equals(onboardResults)).toBe(true);
  expect(undone.stdout).toContain('4 suppliers will be deactivated.');
  const line = lastLine(undone);
  expect(line).toMatch(DEACTIVATE_SUMMARY);
  expect(parseSummary(line)).toMatchObject({ rows: 4, deactivated: 4, failed: 0 });
  const after = run.sandbox().stats();
  // The two seeded suppliers (one of them in the list) are still active.
  expect(after.suppliers).toBe(2);
  const changes = Object.values(after.changesByIdentity.deactivate);
  expect(changes).toHaveLength(4);
  expect(changes.every((n) => n === 1)).toBe(true);
}, 120_000);

it('--undo checks before it asks: a supplier deactivated since is done, already inactive, and not in the count', async () => {
  const list = path.join(run.dir(), 'list.xlsx');
  await writeSupplierList(list, 5);
  const onboarded = await runCli([list, ...where(), '--yes'], env);
  expect(onboarded.code, onboarded.stderr).toBe(0);
  const journal = openJournal({ path: path.join(run.dataDir(), 'journal.sqlite') });
  const jobId = journal.listJobs()[0]!.id;
  journal.close();
  // Someone deactivates one of the four created suppliers on the platform meanwhile.
  const gone = await fetch(
    `${run.sandbox().url}/public/v2/suppliers/sites?supplierId=T000003&source=ERP`,
    { method: 'DELETE', headers: { 'X-Auth-Token': TOKEN } },
  );
  expect(gone.status).toBe(204);

  // The question's count leaves it out, and the suppliers are listed by name before it.
  const refused = await runCli(['--undo', jobId, ...where()], env);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('deactivates 3 suppliers');
  expect(refused.stdout).toContain('3 suppliers will be deactivated.');
  expect(refused.stdout).toContain(
    '1 supplier is inactive already (the check found no active one): done, nothing is sent for it.',
  );
  expect(refused.stdout).toContain('The 3 suppliers to deactivate, as the check found them:');
  for (const n of [1, 4, 5]) expect(refused.stdout).toContain(`Test Supplier ${n} GmbH`);
  expect(refused.stdout).not.toContain('Test Supplier 3 GmbH');

  const undone = await runCli(['--undo', jobId, ...where(), '--yes'], env);
  expect(undone.code, undone.stderr + undone.stdout).toBe(0);
  expect(parseSummary(lastLine(undone))).toMatchObject({
    rows: 4,
    deactivated: 3,
    already_inactive: 1,
    not_found: 0,
    failed: 0,
  });
  expect(undone.stdout).toMatch(/\(4 rows, 0 need attention\)/);
  // The results say it in words: already inactive, not "not found".
  const [results] = await readWorkbook(path.join(run.dir(), 'list.undo-results.xlsx'));
  const header = results!.rows[0]!;
  const outcome = header.indexOf('Supplier outcome');
  const row3 = results!.rows.find((r) => r[0] === 'T000003')!;
  expect(row3[outcome]).toBe('already inactive');
  const stats = run.sandbox().stats();
  expect(stats.suppliers).toBe(2);
  // Each supplier deactivated once: the one deactivated before never got a second DELETE.
  expect(Object.values(stats.changesByIdentity.deactivate)).toEqual([1, 1, 1, 1]);
}, 120_000);

it('--operation deactivate names suppliers by any identifier; unknown ones are not found', async () => {
  const csv = path.join(run.dir(), 'off.csv');
  await writeFile(
    csv,
    ['Supplier No;Source;Own ID', 'OLD-2;ERP;', ';;OWN-2', 'NOPE-1;ERP;', 'T000002;ERP;'].join(
      '\n',
    ),
  );
  const r = await runCli([csv, '--operation', 'deactivate', ...where(), '--yes'], env);
  // The row naming a supplier the platform does not know needs the user: exit code 1.
  expect(r.code, r.stderr + r.stdout).toBe(1);
  // OLD-2 is named twice (by its supplier id and by its own id): the second row is a duplicate
  // to the check; the second DELETE finds it inactive already (404).
  const s = parseSummary(lastLine(r));
  expect(lastLine(r)).toMatch(DEACTIVATE_SUMMARY);
  expect(s).toMatchObject({ rows: 4, not_found: 1 });
  expect((s.deactivated ?? 0) + (s.already_inactive ?? 0)).toBe(3);
  const stats = run.sandbox().stats();
  expect(stats.suppliers).toBe(0);
  expect(Object.values(stats.changesByIdentity.deactivate).every((n) => n === 1)).toBe(true);
  // The journal agrees: the job needs the user, and the row says why and what to do.
  const journal = openJournal({ path: path.join(run.dataDir(), 'journal.sqlite') });
  try {
    const job = journal.listJobs().find((j) => j.options.operation === 'deactivate')!;
    expect(job.state).toBe('needs_attention');
    const unknown = [...journal.eachRow(job.id)].find((row) => row.opResult === 'not_found')!;
    expect(unknown.errorCode).toBe('api_not_found');
    expect(unknown.errorMessage).toMatch(/No active supplier on the platform matches this row/);
  } finally {
    journal.close();
  }
  // The results file lists it among the rows to fix.
  expect(r.stdout).toMatch(/Results: .*\(4 rows, 1 needs attention\)/);
}, 120_000);

it('on a terminal, the number of suppliers is typed to confirm a deactivation', async () => {
  const csv = path.join(run.dir(), 'off.csv');
  await writeFile(csv, ['Supplier No;Source', 'OLD-2;ERP', 'T000002;ERP'].join('\n'));
  const prompt = 'Deactivate 2 suppliers? Type 2 to confirm (anything else stops here):';
  // "y" is not the number: nothing is deactivated, and the job waits to be resumed.
  const declined = await runOnTerminal(
    [csv, '--operation', 'deactivate', ...where()],
    prompt,
    'y',
    env,
  );
  expect(declined).toContain(prompt);
  expect(declined).toMatch(/--resume (\S+)/);
  expect(run.sandbox().stats().suppliers).toBe(2);
  expect(Object.keys(run.sandbox().stats().changesByIdentity.deactivate)).toHaveLength(0);
  const jobId = /--resume (\S+)/.exec(declined)![1]!;
  // A wrong number is a no as well.
  await runOnTerminal(['--resume', jobId, ...where()], prompt, '3', env);
  expect(run.sandbox().stats().suppliers).toBe(2);
  // The number typed: both deactivated, once each.
  const done = await runOnTerminal(['--resume', jobId, ...where()], prompt, '2', env);
  expect(done).toMatch(/rows=2 deactivated=2 /);
  const stats = run.sandbox().stats();
  expect(stats.suppliers).toBe(0);
  expect(Object.values(stats.changesByIdentity.deactivate)).toEqual([1, 1]);
}, 120_000);

it("a job's results file is its own: a dry run or another job never replaces it", async () => {
  const list = path.join(run.dir(), 'own.xlsx');
  await writeSupplierList(list, 3, 40);
  const first = await runCli([list, ...where(), '--yes'], env);
  expect(first.code, first.stderr).toBe(0);
  const results = path.join(run.dir(), 'own.results.xlsx');
  expect(first.stdout).toContain(`Results: ${results} (3 rows`);
  const kept = await readFile(results);

  // A dry run writes beside it under its own name.
  const dry = await runCli([list, '--dry-run'], env);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toContain(`Results: ${path.join(run.dir(), 'own.dry-run.xlsx')} (3 rows`);
  expect((await readFile(results)).equals(kept)).toBe(true);

  // A second job of the same list keeps the first job's results and takes the next name.
  const second = await runCli([list, ...where(), '--yes'], env);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toContain(`Results: ${path.join(run.dir(), 'own.results (2).xlsx')}`);
  expect((await readFile(results)).equals(kept)).toBe(true);
}, 120_000);
