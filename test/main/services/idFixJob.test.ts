// The step that works for an onboarding row whose customer id is on another supplier, through
// the router as the Results screen calls it, against the practice sandbox over real HTTP: the
// results file brought back with the id corrected counts the row as a corrected id (not as a
// change the app does not send), and `jobs:idFixJob` makes the identifiers job that adds it to
// the row's own supplier, checked before its start.
import '../../setupKinds';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { correctOnErrorsSheet, writeCustomerIdList } from '../../lists';
import { commandCaller, importSuggested, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { until, waitForJob } = jobWaiter(call);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'id-fix-job-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

it('a corrected customer id brought back becomes an identifiers job that adds it', async () => {
  // CU-77 belongs to a supplier of the practice sandbox's base.
  const file = path.join(dir, 'fix.xlsx');
  await writeCustomerIdList(file, [
    ['FX-1', 'Fixwerk GmbH', 'CU-77'],
    ['FX-2', 'Zweitwerk GmbH', 'CU-88'],
  ]);
  services.grants.grantRead(file);
  const { jobId } = await importSuggested(call, file);
  await call('jobs:start', { jobId });
  await waitForJob(jobId, ['finished', 'needs_attention']);
  const { rows } = await call('rows:page', { jobId, filter: {} });
  const platformId = rows.find((r) => r.sourceRow === 2)!.platformId;
  expect(platformId).toBeTruthy();

  // The user corrects the id on the Errors sheet of the results.
  const results = (await call('jobs:export', { jobId, format: 'xlsx' })).path;
  const before = await correctOnErrorsSheet(
    results,
    { column: 'Supplier No', value: 'FX-1' },
    'Customer ID',
    'CU-99',
  );
  expect(before).toBeDefined();
  services.grants.grantRead(results);

  const back = await call('jobs:retryFromResults', { path: results, jobId });
  expect(back).toMatchObject({ jobId: null, retry: 0, idFixes: 1, idFixRows: [2] });
  expect(back.doneButChanged).toBe(0);

  const made = await call('jobs:idFixJob', { path: results, jobId });
  expect(made.rows).toBe(1);
  const fixJob = made.jobId!;
  await call('jobs:check', { jobId: fixJob });
  await until(fixJob, (j) => !j.running && (j.counts.valid ?? 0) === 0, 'its check');
  const plan = await call('jobs:plan', { jobId: fixJob });
  expect(plan.operation).toBe('identifiers');
  expect(plan.changes.map((c) => [c.name, c.count])).toEqual([
    ['identifierAdds', 1],
    ['identifierRemovals', 0],
  ]);
  expect(plan.needsConfirmation).toBe(false);
  await call('jobs:start', { jobId: fixJob });
  const done = await waitForJob(fixJob, ['finished', 'needs_attention']);
  expect(done.state).toBe('finished');
  expect(done.opResults).toEqual({ added: 1 });
  const [row] = (await call('rows:page', { jobId: fixJob, filter: {} })).rows;
  // Added to the onboarded supplier, by its platform id.
  expect(row).toMatchObject({ platformId, state: 'done', sourceRow: 2 });
}, 90_000);
