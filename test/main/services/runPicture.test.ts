// The run chart and the "What happened" log through the router, as the Run screen asks for
// them: built from the journal, so the services of a restarted app answer the same.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { writeSupplierList } from '../cli/cli';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

function open() {
  return createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: { ...practiceSandbox(100), statePath: path.join(dir, 'sandbox.sqlite') },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'run-picture-'));
  services = open();
});
afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

it('the run chart and the log come from the journal, the same after a restart', async () => {
  const { sandboxConnectionId } = await services.ready();
  const file = path.join(dir, 'suppliers.xlsx');
  await writeSupplierList(file, 8, 1);
  services.grants.grantRead(file);
  const preview = await call('files:preview', { path: file });
  const { jobId } = await call('jobs:create', {
    path: file,
    name: 'pictured',
    connectionId: sandboxConnectionId!,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: true },
  });
  expect((await call('jobs:runChart', { jobId })).buckets).toEqual([]);
  await call('jobs:check', { jobId });
  await waitForJob(jobId, ['ready']);
  // Validation is paid work: the start confirms its number, as the summary asks.
  const { paidToConfirm } = await call('jobs:plan', { jobId });
  await call('jobs:start', { jobId, confirmed: true, confirmedCount: paidToConfirm });
  await waitForJob(jobId, ['finished']);

  const chart = await call('jobs:runChart', { jobId });
  expect(chart.total).toBe(8);
  // The connection's write limit: 50 a second.
  expect(chart.ceilingPerMinute).toBe(3_000);
  // Validation rides along with each create: eight writes, eight rows settled.
  expect(chart.buckets.reduce((a, b) => a + b.writes * chart.bucketMinutes, 0)).toBe(8);
  expect(chart.buckets.reduce((a, b) => a + b.settled, 0)).toBe(8);

  const log = await call('jobs:log', { jobId });
  const kinds = log.map((e) => (e.kind === 'state' ? `state:${e.state}` : e.kind));
  // Newest first: the end, the run, the confirmed start, the check.
  expect(kinds[0]).toBe('state:finished');
  expect(kinds).toContain('state:running');
  expect(kinds).toContain('plan');
  expect(log.find((e) => e.kind === 'check')?.figures).toMatchObject({ new: 8, exists: 0 });
  for (let i = 1; i < log.length; i++) expect(log[i]!.id).toBeLessThan(log[i - 1]!.id);

  await services.close();
  services = open();
  expect(await call('jobs:log', { jobId })).toEqual(log);
  expect(await call('jobs:runChart', { jobId })).toEqual(chart);
});

it('the chart ends on the job finished rows, with the run time in seconds, also for rows settled without a request', async () => {
  const { sandboxConnectionId, sandbox } = await services.ready();
  const file = path.join(dir, 'again.xlsx');
  await writeSupplierList(file, 6, 1);
  services.grants.grantRead(file);
  const preview = await call('files:preview', { path: file });
  const make = async (name: string, skipExisting: boolean) =>
    (
      await call('jobs:create', {
        path: file,
        name,
        connectionId: sandboxConnectionId!,
        mapping: preview.suggestion.mapping,
        options: { skipExisting, screeningPeriod: null, validate: false },
      })
    ).jobId;
  const run = async (jobId: string) => {
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready']);
    await call('jobs:start', { jobId, confirmed: true });
    await waitForJob(jobId, ['finished']);
  };
  const finishedOf = (chart: { buckets: Array<{ settled: number }> }) =>
    chart.buckets.reduce((a, b) => a + b.settled, 0);

  // The first job creates the suppliers: a run of seconds, not of whole minutes.
  const first = await make('first', false);
  await run(first);
  const chart = await call('jobs:runChart', { jobId: first });
  const job = await call('jobs:get', { jobId: first });
  expect(finishedOf(chart)).toBe(job.groups.finished);
  expect(chart.elapsedMs).not.toBeNull();
  expect(chart.elapsedMs!).toBeGreaterThanOrEqual(0);
  expect(chart.elapsedMs!).toBeLessThan(60_000);

  // The same list again, existing suppliers skipped: every row settles without a request,
  // and the chart counts them all. The API now names the source system in foreignSystems'
  // `system` (a word the app does not know): the suppliers are still found, and the log names
  // the word once.
  sandbox!.configure({ answers: 'spec', system: 'source-name' });
  const again = await make('again', true);
  await run(again);
  const named = (await call('jobs:log', { jobId: again })).filter(
    (e) => e.kind === 'warning' && e.code === 'identifier_system_unknown',
  );
  expect(named).toHaveLength(1);
  expect(named[0]).toMatchObject({ params: { words: expect.stringContaining('"ERP"') } });
  const skipped = await call('jobs:runChart', { jobId: again });
  const jobAgain = await call('jobs:get', { jobId: again });
  expect(jobAgain.counts.skipped).toBe(6);
  expect(skipped.buckets.reduce((a, b) => a + b.writes, 0)).toBe(0);
  expect(finishedOf(skipped)).toBe(jobAgain.groups.finished);
  expect(skipped.elapsedMs).not.toBeNull();
  expect(skipped.elapsedMs!).toBeLessThan(60_000);
});
