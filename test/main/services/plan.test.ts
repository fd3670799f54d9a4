// The summary before a start (jobs:plan) and the start it guards (jobs:start), through the
// router as the UI calls them: a real journal, the embedded sandbox over real HTTP, workbooks on
// disk. What the summary says is compared with what the sandbox then really received.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOptionsView } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { readConnectionPace } from '../../../src-main/engine/connectionPace';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import type { SandboxHandle } from '../../../src-main/sandbox';
import { paidSentSince, readWorkbook, writePaidList, writeSupplierList } from '../cli/cli';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
let sandbox: SandboxHandle;
let connectionId: string;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);
const LIFECYCLE_MS = 100;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(LIFECYCLE_MS),
  });
  const core = await services.ready();
  sandbox = core.sandbox!;
  connectionId = core.sandboxConnectionId!;
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

const NO_OPTIONS: JobOptionsView = { skipExisting: false, screeningPeriod: null, validate: false };

/** A list of `n` suppliers with ids from `first`, imported into a new job. */
async function newJob(name: string, n: number, first: number, options = NO_OPTIONS) {
  const file = path.join(dir, `${name}.xlsx`);
  await writeSupplierList(file, n, first);
  services.grants.grantRead(file); // chosen by the user, as with the file dialog
  const preview = await call('files:preview', { path: file });
  const { jobId } = await call('jobs:create', {
    path: file,
    name,
    connectionId,
    mapping: preview.suggestion.mapping,
    options,
  });
  return jobId;
}

async function checked(jobId: string) {
  await call('jobs:check', { jobId });
  return waitForJob(jobId, ['ready']);
}

async function runToEnd(
  jobId: string,
  choice: { confirmed?: boolean; leaveOutHeld?: boolean; confirmedCount?: number },
) {
  const started = await call('jobs:start', { jobId, ...choice });
  expect(started.started).toBe(true);
  await waitForJob(jobId, ['finished', 'needs_attention']);
  return started;
}

const identity = (n: number) => `T${String(n).padStart(6, '0')}|ERP`;

/** The client-side limits of the sandbox's connection: writes per window (a minute unless
 *  given) and reads per 10 s. */
async function setLimits(writes: number, readsPer10s: number, writeWindowMs = 60_000) {
  const conn = (await call('connections:list', {})).find((c) => c.id === connectionId)!;
  return call('connections:save', {
    id: conn.id,
    name: conn.name,
    baseUrl: conn.baseUrl,
    limits: {
      GET: [{ limit: readsPer10s, windowMs: 10_000 }],
      WRITE: [{ limit: writes, windowMs: writeWindowMs }],
    },
  });
}

/** Started at a slow pace and paused once its first creation was accepted: a job that has
 *  begun to send and not ended. */
async function pausedAfterFirstSend(jobId: string) {
  // One write per 5.5 s: the first leaves at once (the earlier tests' writes are older than
  // that by then), the next ones wait.
  await new Promise((r) => setTimeout(r, 6_000));
  await setLimits(2, 200, 5_000);
  await call('jobs:start', { jobId });
  const sent = (counts: Record<string, number>) =>
    ['accepted', 'created', 'done'].some((s) => counts[s]);
  for (let i = 0; i < 400 && !sent((await call('jobs:get', { jobId })).counts); i++)
    await new Promise((r) => setTimeout(r, 25));
  await call('jobs:pause', { jobId });
  await setLimits(3_000, 2_000);
  expect((await call('jobs:get', { jobId })).state).toBe('paused');
}

describe('the summary before a start', () => {
  it('counts new and existing suppliers and the screenings ordered for each', async () => {
    // Eight suppliers are sent first; a second list has the same eight and four new ones.
    const first = await newJob('first', 8, 1);
    await checked(first);
    await runToEnd(first, {});
    const again = await newJob('again', 12, 1, { ...NO_OPTIONS, screeningPeriod: 5 });
    await checked(again);

    const plan = await call('jobs:plan', { jobId: again });
    expect(plan.rows).toMatchObject({ total: 12, new: 4, existing: 8, unchecked: 0 });
    expect(plan.creations).toBe(4);
    expect(plan.skipExisting).toBe(false);
    // Every existing supplier is screened again unless it is skipped: the figure says so.
    expect(plan.screening).toEqual({
      suppliers: 12,
      byPeriod: [{ years: 5, suppliers: 12 }],
      existing: 8,
      fromColumn: 0,
      column: null,
    });
    expect(plan.validation).toBeNull();
    // Paid work is confirmed by its number, typed.
    expect(plan.paidToConfirm).toBe(12);
    expect(plan.overlaps).toEqual([]);
    expect(plan.needsConfirmation).toBe(true);

    // Unconfirmed, the start is refused and nothing is sent.
    const before = sandbox.stats();
    const refused = await services.router.dispatch('jobs:start', { jobId: again });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('plan_not_confirmed');
      expect(refused.error.message).toMatch(/press Start to see the summary/);
    }
    expect(sandbox.stats().createRequestsAccepted).toBe(before.createRequestsAccepted);

    // Skipping existing suppliers: only the four new ones are screened.
    await call('jobs:setOptions', {
      jobId: again,
      options: { skipExisting: true, screeningPeriod: 5, validate: true },
    });
    const skipping = await call('jobs:plan', { jobId: again });
    expect(skipping.screening).toMatchObject({ suppliers: 4, existing: 0 });
    expect(skipping.validation).toEqual({ suppliers: 4, existing: 0, fromColumn: 0, column: null });
    expect(skipping.paidToConfirm).toBe(8);

    // Confirmed without the number, or with another, the start is refused.
    for (const confirmedCount of [undefined, 4]) {
      const r = await services.router.dispatch('jobs:start', {
        jobId: again,
        confirmed: true,
        ...(confirmedCount === undefined ? {} : { confirmedCount }),
      });
      expect(!r.ok && r.error.details?.reason).toBe('paid');
    }
    expect(sandbox.stats().createRequestsAccepted).toBe(before.createRequestsAccepted);

    // Confirmed, the run orders exactly what the summary said.
    await runToEnd(again, { confirmed: true, confirmedCount: 8 });
    const after = sandbox.stats();
    expect(after.screeningRequests - before.screeningRequests).toBe(4);
    expect(after.validationRequests - before.validationRequests).toBe(4);
    expect(after.createRequestsAccepted - before.createRequestsAccepted).toBe(4);
    // Confirmed once, resuming the same job needs no second confirmation for the same costs.
    expect((await call('jobs:plan', { jobId: again })).needsConfirmation).toBe(false);
  }, 60_000);

  it('a start that costs nothing and shares no supplier needs no confirmation', async () => {
    const jobId = await newJob('free', 3, 100);
    await checked(jobId);
    const plan = await call('jobs:plan', { jobId });
    expect(plan).toMatchObject({ creations: 3, screening: null, heldRows: 0 });
    expect(plan.needsConfirmation).toBe(false);
    expect(await call('jobs:start', { jobId })).toEqual({ started: true });
    await waitForJob(jobId, ['finished']);
  }, 30_000);
});

describe('paid work the list itself orders', () => {
  /** Imports a German list whose own columns order screening and validation, mapped as the
   *  app suggests. */
  async function paidJob(
    name: string,
    n: number,
    first: number,
    options = NO_OPTIONS,
    leaveOutPaidColumns = false,
  ) {
    const file = path.join(dir, `${name}.xlsx`);
    const ordered = await writePaidList(file, n, first);
    services.grants.grantRead(file);
    const preview = await call('files:preview', { path: file });
    const suggested = preview.suggestion.mapping;
    const paidField = (f: string) =>
      f === 'screeningPeriodInYears' || f === 'requestValidationOnCreate';
    const mapping = leaveOutPaidColumns
      ? {
          ...suggested,
          fields: suggested.fields.map((f) => (paidField(f.field) ? { ...f, column: null } : f)),
        }
      : suggested;
    const { jobId } = await call('jobs:create', {
      path: file,
      name,
      connectionId,
      mapping,
      options,
    });
    return { jobId, ordered, file, mapping };
  }
  const sentSince = (before: ReturnType<SandboxHandle['stats']>) => {
    const { writes: _w, ...sent } = paidSentSince(before, sandbox.stats());
    return sent;
  };

  it('is counted per period, named on the Map screen, refused unconfirmed and sent exactly as counted', async () => {
    const { jobId, ordered, file, mapping } = await paidJob('lieferanten', 24, 700);
    // Both columns are mapped by the app itself...
    const column = (f: string) => mapping.fields.find((x) => x.field === f)?.column;
    expect(column('screeningPeriodInYears')).toBe(7);
    expect(column('requestValidationOnCreate')).toBe(8);
    // ... and the Map screen's preview says how many of its rows order paid work.
    const preview = await call('mapping:preview', { path: file, mapping });
    expect(preview.paid).toEqual({ rows: 24, screening: 18, validation: 8 });
    await checked(jobId);

    // No job option orders anything: the rows' own columns do, and the summary says so.
    const plan = await call('jobs:plan', { jobId });
    expect(ordered).toEqual({ screeningsByPeriod: { '2': 6, '5': 6, '10': 6 }, validations: 8 });
    expect(plan.screening).toEqual({
      suppliers: 18,
      byPeriod: [
        { years: 2, suppliers: 6 },
        { years: 5, suppliers: 6 },
        { years: 10, suppliers: 6 },
      ],
      existing: 0,
      fromColumn: 18,
      column: 'Screening (Jahre)',
    });
    expect(plan.validation).toEqual({
      suppliers: 8,
      existing: 0,
      fromColumn: 8,
      column: 'Validierung',
    });
    expect(plan.needsConfirmation).toBe(true);
    expect(plan.paidToConfirm).toBe(26);

    // Not confirmed, or confirmed with another number: nothing is sent.
    const before = sandbox.stats();
    for (const choice of [{}, { confirmed: true }, { confirmed: true, confirmedCount: 18 }]) {
      const r = await services.router.dispatch('jobs:start', { jobId, ...choice });
      expect(!r.ok && r.error.code).toBe('plan_not_confirmed');
    }
    expect(sentSince(before)).toEqual({
      screeningsByPeriod: { '2': 0, '5': 0, '10': 0 },
      validations: 0,
      creations: 0,
    });

    // Confirmed with the number: the sandbox receives exactly the counted screenings, per
    // period, and validations, and the journal holds the same.
    await runToEnd(jobId, { confirmed: true, confirmedCount: 26 });
    expect(sentSince(before)).toEqual({ ...ordered, creations: 24 });
    const job = await call('jobs:get', { jobId });
    expect(job.counts.done).toBe(24);
    expect((await call('jobs:plan', { jobId })).needsConfirmation).toBe(false);
  }, 60_000);

  it('with a job option too, each row orders its own period, and existing suppliers get theirs', async () => {
    // 24 suppliers created without the paid columns (nothing ordered for them)...
    const first = await paidJob('ohne-bezahlt', 24, 800, NO_OPTIONS, true);
    await checked(first.jobId);
    expect((await call('jobs:plan', { jobId: first.jobId })).paidToConfirm).toBe(0);
    await runToEnd(first.jobId, {});
    // ... and the same 24 again (they exist now), followed up with the job's screening of
    // 5 years and its validation where a row says nothing, and the rows' own values elsewhere.
    const options = { skipExisting: false, screeningPeriod: 5 as const, validate: true };
    const { jobId } = await paidJob('lieferanten-wieder', 24, 800, options);
    await checked(jobId);
    const plan = await call('jobs:plan', { jobId });
    expect(plan.rows).toMatchObject({ existing: 24, new: 0 });
    expect(plan.screening).toMatchObject({
      suppliers: 24,
      byPeriod: [
        { years: 2, suppliers: 6 },
        { years: 5, suppliers: 12 },
        { years: 10, suppliers: 6 },
      ],
      existing: 24,
      fromColumn: 18,
    });
    // "ja" 8, "nein" 8 (none), empty 8 (the job's option).
    expect(plan.validation).toMatchObject({ suppliers: 16, existing: 16, fromColumn: 8 });
    const before = sandbox.stats();
    await runToEnd(jobId, { confirmed: true, confirmedCount: plan.paidToConfirm });
    expect(sentSince(before)).toEqual({
      screeningsByPeriod: { '2': 6, '5': 12, '10': 6 },
      validations: 16,
      creations: 0,
    });
  }, 60_000);
});

describe('the engine and the confirmed plan', () => {
  it('never orders paid work the confirmed plan does not hold: it pauses and asks again', async () => {
    const file = path.join(dir, 'nachtrag.xlsx');
    await writePaidList(file, 4, 950); // periods 2, 5, 10, none; validation ja, nein, none, ja
    services.grants.grantRead(file);
    const preview = await call('files:preview', { path: file });
    const { jobId } = await call('jobs:create', {
      path: file,
      name: 'nachtrag',
      connectionId,
      mapping: preview.suggestion.mapping,
      options: NO_OPTIONS,
    });
    await checked(jobId);
    const plan = await call('jobs:plan', { jobId });
    expect(plan.paidToConfirm).toBe(5); // 3 screenings, 2 validations
    // Confirmed, but not started yet ...
    const { onboarding, engine } = await services.ready();
    onboarding.confirmStart(jobId, { confirmed: true, leaveOutHeld: false, confirmedCount: 5 });
    // ... when the fourth row is fixed to order a screening of 10 years as well.
    const page = await call('rows:page', { jobId, filter: {} });
    const fourth = page.rows.find((r) => r.sourceRow === 5)!;
    await call('rows:fix', { rowId: fourth.id, edits: { screeningPeriodInYears: '10' } });

    // The services count it and refuse a start that was not confirmed again.
    const again = await call('jobs:plan', { jobId });
    expect(again.screening?.byPeriod).toContainEqual({ years: 10, suppliers: 2 });
    expect(again).toMatchObject({ needsConfirmation: true, paidToConfirm: 6 });
    const refused = await services.router.dispatch('jobs:start', { jobId });
    expect(!refused.ok && refused.error.code).toBe('plan_not_confirmed');

    // The engine, run by itself, sends what was confirmed and pauses before the rest.
    const before = sandbox.stats();
    const exit = await engine.run(jobId, { mode: 'run', wait: true });
    expect(exit).toBe('paused');
    const paused = await call('jobs:get', { jobId });
    expect(paused.stateReason?.code).toBe('plan_exceeded');
    const screened = () =>
      (sandbox.stats().screeningsByPeriod['10'] ?? 0) - (before.screeningsByPeriod['10'] ?? 0);
    expect(screened()).toBe(1);
    // The first row's validation; the fourth's waits with it.
    const validated = () => sandbox.stats().validationRequests - before.validationRequests;
    expect(validated()).toBe(1);
    // Nothing of the fixed row was sent: it still waits for its create.
    const row = await call('rows:page', { jobId, filter: {} });
    expect(row.rows.find((r) => r.id === fourth.id)?.state).toBe('queued');

    // Confirmed again with the new number (what is left to order), the job ends.
    const resumed = await call('jobs:plan', { jobId });
    expect(resumed.paidToConfirm).toBe(2);
    await runToEnd(jobId, { confirmed: true, confirmedCount: 2 });
    expect(screened()).toBe(2);
    expect(validated()).toBe(2);
    expect((await call('jobs:get', { jobId })).counts.done).toBe(4);
  }, 60_000);
});

describe('two jobs on the same suppliers', () => {
  it('warns of the unfinished job and leaves the shared rows out when asked to', async () => {
    // The first job (ids 200-205) is started at a slow pace and paused after its first
    // creation: unfinished, it still holds the five it has not sent.
    const holder = await newJob('holder', 6, 200);
    // The second has ids 203-208: three of them shared. Only imported and checked, it holds
    // nothing yet: the first job's start meets no other job.
    const second = await newJob('second', 6, 203);
    await checked(second);
    expect((await call('jobs:plan', { jobId: holder })).overlaps).toEqual([]);
    await pausedAfterFirstSend(holder);

    const plan = await call('jobs:plan', { jobId: second });
    expect(plan.heldRows).toBe(3);
    expect(plan.overlaps).toEqual([
      {
        jobId: holder,
        jobName: 'holder',
        jobState: 'paused',
        running: false,
        rows: 3,
        examples: ['T000203 · ERP', 'T000204 · ERP', 'T000205 · ERP'],
      },
    ]);
    expect(plan.needsConfirmation).toBe(true);

    const before = sandbox.stats();
    const started = await runToEnd(second, { confirmed: true, leaveOutHeld: true });
    expect(started).toEqual({ started: true, leftOut: 3 });
    const after = sandbox.stats();
    // Only the three suppliers no other job holds were created by the second job.
    expect(after.createRequestsAccepted - before.createRequestsAccepted).toBe(3);
    for (const n of [203, 204, 205]) expect(after.creationsByIdentity[identity(n)]).toBeUndefined();
    for (const n of [206, 207, 208]) expect(after.creationsByIdentity[identity(n)]).toBe(1);

    // The rows left out stay visible as such: skipped, with the other job named.
    const job = await call('jobs:get', { jobId: second });
    expect(job.counts).toMatchObject({ skipped: 3, done: 3 });
    const skipped = await call('rows:page', { jobId: second, filter: { states: ['skipped'] } });
    expect(skipped.rows.map((r) => r.identity)).toEqual([
      'T000203 · ERP',
      'T000204 · ERP',
      'T000205 · ERP',
    ]);
    for (const r of skipped.rows) {
      expect(r.errorCode).toBe('held_by_other_job');
      expect(r.errorMessage).toContain('"holder"');
    }
    const out = path.join(dir, 'second.results.xlsx');
    await call('jobs:export', { jobId: second, format: 'xlsx', path: out });
    const results = (await readWorkbook(out)).find((s) => s.name === 'Results')!;
    const header = results.rows[0]!;
    const status = header.indexOf('Status');
    const code = header.indexOf('Error code');
    expect(
      results.rows
        .slice(1)
        // The code stands in brackets beside its words.
        .filter((r) => String(r[code]).endsWith('(held_by_other_job)'))
        .map((r) => r[status]),
    ).toEqual(['Skipped', 'Skipped', 'Skipped']);

    // The first job, run now, creates its six suppliers; none twice.
    expect((await call('jobs:plan', { jobId: holder })).heldRows).toBe(0);
    await runToEnd(holder, {});
    const end = sandbox.stats();
    for (let n = 200; n <= 208; n++) expect(end.creationsByIdentity[identity(n)]).toBe(1);
  }, 60_000);

  it('sending the shared rows anyway is a choice the user confirms', async () => {
    const holder = await newJob('holder-2', 2, 300);
    const second = await newJob('second-2', 2, 300);
    // The first one started and paused after its first creation.
    await pausedAfterFirstSend(holder);
    const refused = await services.router.dispatch('jobs:start', { jobId: second });
    expect(!refused.ok && refused.error.code).toBe('plan_not_confirmed');
    expect(await call('jobs:start', { jobId: second, confirmed: true })).toEqual({
      started: true,
    });
    await waitForJob(second, ['finished']);
    expect((await call('jobs:get', { jobId: second })).counts.done).toBe(2);
    // The other job, resumed, finds them existing and creates nothing.
    await call('jobs:start', { jobId: holder });
    const job = await waitForJob(holder, ['finished']);
    expect(job.counts.done).toBe(2);
    expect(sandbox.stats().creationsByIdentity[identity(300)]).toBe(1);
    expect(sandbox.stats().creationsByIdentity[identity(301)]).toBe(1);
  }, 30_000);

  it('jobs only checked, or ended, hold nothing', async () => {
    // Checked only: not started, it holds nothing.
    const lookedUp = await newJob('looked-up', 3, 600);
    await checked(lookedUp);
    const third = await newJob('looked-up-third', 3, 600);
    expect((await call('jobs:plan', { jobId: third })).overlaps).toEqual([]);
    // Once it has sent something, it does; cancelled, no longer.
    await pausedAfterFirstSend(lookedUp);
    expect((await call('jobs:plan', { jobId: third })).overlaps.map((o) => o.jobId)).toEqual([
      lookedUp,
    ]);
    await call('jobs:cancel', { jobId: lookedUp });
    expect((await call('jobs:plan', { jobId: third })).overlaps).toEqual([]);
  }, 30_000);
});

describe('the expected duration', () => {
  it('follows the connection limits, the engine settings and the jobs sharing the budget', async () => {
    const slow = await newJob('slow', 12, 400);
    await setLimits(11, 101);
    const plan = await call('jobs:plan', { jobId: slow });
    const d = plan.duration;
    // Not checked yet: the pending list and one lookup per row, at most.
    expect(d.reads).toBe(13);
    expect(d.writes).toBe(12);
    // The limiter keeps one request of each window free and adds 500 ms to its length:
    // 10 writes per 60.5 s and 100 reads per 10.5 s.
    expect(d.writesPerMinute).toBeCloseTo((10 * 60) / 60.5, 1);
    expect(d.sendMs).toBe(12 * 6_050);
    expect(d.checkMs).toBe(13 * 105);
    // Then the platform: its creation time as this connection's earlier jobs measured it (the
    // tests above ran jobs on it), not the sandbox's settings.
    const { journal } = await services.ready();
    const measured = readConnectionPace(journal, connectionId)!;
    expect(measured.stages.creation!.samples).toBeGreaterThan(0);
    expect(d.platformKnown).toBe(true);
    expect(d.platformMs).toBe(measured.stages.creation!.ms);
    expect(Math.abs(d.totalMs! - (d.checkMs + d.sendMs + d.platformMs!))).toBeLessThanOrEqual(1);

    // Twice the limit, half the sending time.
    await setLimits(21, 101);
    const faster = (await call('jobs:plan', { jobId: slow })).duration;
    expect(faster.sendMs).toBe(Math.round((12 * 60_500) / 20));

    // Screening rides along with each creation, the validation is a write of its own once the
    // screening ended: 24 writes, and after the last of them the platform's validation.
    await call('jobs:setOptions', {
      jobId: slow,
      options: { skipExisting: true, screeningPeriod: 2, validate: true },
    });
    const followed = (await call('jobs:plan', { jobId: slow })).duration;
    expect(followed.writes).toBe(24);
    expect(followed.sendMs).toBe(Math.round((24 * 60_500) / 20));
    expect(followed.platformMs).toBe(measured.stages.validation!.ms);

    // Another job running on the connection shares the budget.
    await call('jobs:setOptions', { jobId: slow, options: NO_OPTIONS });
    await setLimits(11, 101);
    const busy = await newJob('busy', 30, 500);
    await call('jobs:start', { jobId: busy });
    const shared = (await call('jobs:plan', { jobId: slow })).duration;
    expect(shared.sharedWithJobs).toBe(1);
    expect(shared.sendMs).toBe(2 * 12 * 6_050);
    await call('jobs:pause', { jobId: busy });
    await setLimits(3_000, 2_000);
  }, 60_000);

  it("takes the job's own measured pace where it was slower than the limits allow", async () => {
    // Limits raised far: by them alone, twelve writes take a quarter of a second.
    await setLimits(3_000, 2_000);
    const jobId = await newJob('measured', 12, 700);
    expect((await call('jobs:plan', { jobId })).duration.measuredWritesPerMinute).toBeNull();
    // An earlier run of the job wrote 4, 10, 10 and 2 requests in four minutes (its journal's
    // request events): its whole minutes kept 10 a minute.
    const { journal } = await services.ready();
    const rows = [...journal.eachRow(jobId)];
    // The history counts by minutes of the clock: the run starts on one, so that each minute's
    // writes fall into one of them whatever the time of the test.
    const start = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    const at = (minute: number, k: number) => start + minute * 60_000 + k * 1_000;
    const writes = [4, 10, 10, 2].flatMap((n, minute) =>
      Array.from({ length: n }, (_, k) => ({
        jobId,
        rowId: rows[k % rows.length]!.id,
        at: at(minute, k),
        kind: 'request' as const,
        detail: { endpoint: 'POST /public/v2/suppliers/sites', from: 'queued', to: 'sending' },
      })),
    );
    journal.appendEvents(writes);
    const d = (await call('jobs:plan', { jobId })).duration;
    expect(d.measuredWritesPerMinute).toBe(10);
    expect(d.measuredBy).toBe('job');
    expect(d.writesPerMinute).toBe(10);
    expect(d.sendMs).toBe(Math.round((d.writes / 10) * 60_000));
  }, 30_000);
});
