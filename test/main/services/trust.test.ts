// Results that can be trusted and jobs and connections that behave as a user expects: a rejected
// validation needs the user in every count, filter, export and the command line's summary; a
// connection that fails its test never becomes the default; a job moves to another connection
// only where that keeps every supplier sent once; a job that is not running can be archived or
// deleted with its rows and history. Through the router, with a real journal and sandboxes over
// real HTTP.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandName, CommandOutput, JobView } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let sample: string;
let services: AppServices;
let other: SandboxHandle;
let elsewhere: SandboxHandle;
const secrets = new MemorySecretStore();
const call = commandCaller(() => services);
const { until: waitFor } = jobWaiter(call);

/** The error a command answers with (the test fails when it succeeds). */
async function refusal(command: CommandName, input: unknown) {
  const r = await services.router.dispatch(command, input);
  if (r.ok) throw new Error(`${command} was expected to be refused`);
  return r.error;
}

const ended = (job: JobView) =>
  !job.running && ['finished', 'needs_attention', 'paused'].includes(job.state);

async function newJob(connectionId: string, options = {}) {
  const p = await call('files:preview', { path: sample });
  const created = await call('jobs:create', {
    path: sample,
    connectionId,
    mapping: p.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false, ...options },
  });
  return created.jobId;
}

async function allRows(jobId: string, filter: Record<string, unknown>) {
  const out: CommandOutput<'rows:page'>['rows'] = [];
  let after: number | undefined;
  for (;;) {
    const page = await call('rows:page', {
      jobId,
      filter,
      limit: 7, // small pages: the keyset paging of the outcome filters is exercised too
      ...(after !== undefined ? { after } : {}),
    });
    out.push(...page.rows);
    if (page.nextCursor === null) return out;
    after = page.nextCursor;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'trust-'));
  sample = path.join(dir, 'suppliers.xlsx');
  await copyFile('resources/samples/suppliers.xlsx', sample);
  [other, elsewhere] = await Promise.all([
    startSandbox({ tokens: [{ token: 'good' }, { token: 'also-good' }], processingMs: 100 }),
    startSandbox({ tokens: [{ token: 'good' }], processingMs: 100 }),
  ]);
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets,
    sandbox: practiceSandbox(100),
    // Connections to the other sandboxes are followed at their pace, not the real API's hours.
    engineSettings: {
      settleMs: 300,
      trackPollMs: 100,
      statusPollBaseMs: 100,
      statusPollCapMs: 500,
    },
  });
  services.grants.grantRead(sample);
});

afterAll(async () => {
  await services.close();
  await Promise.all([other?.close(), elsewhere?.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('a rejected validation', () => {
  let jobId: string;
  let job: JobView;

  it('ends its row but counts it as to fix in the job, not as finished', async () => {
    const core = await services.ready();
    // The practice sandbox rejects one validation in three.
    core.sandbox!.configure({
      validationOdds: { COMPLETED: 2 / 3, REJECTED: 1 / 3, differentOutcomeId: 0 },
    });
    const sandboxId = core.sandboxConnectionId!;
    jobId = await newJob(sandboxId, { validate: true });
    // Validations are paid work: the start confirms their number, as the summary asks.
    const { paidToConfirm } = await call('jobs:plan', { jobId });
    await call('jobs:start', { jobId, confirmed: true, confirmedCount: paidToConfirm });
    job = await waitFor(jobId, (j) => ended(j) && j.state !== 'paused', 'its end');

    const rejected = job.outcomes.validation.REJECTED ?? 0;
    const completed = job.outcomes.validation.COMPLETED ?? 0;
    expect(rejected).toBeGreaterThan(0);
    expect(completed).toBeGreaterThan(0);
    expect(rejected + completed).toBe(57);
    expect(job.counts.done).toBe(57);
    expect(job.outcomes.attention).toBe(rejected);
    expect(job.groups).toMatchObject({ to_fix: 3 + rejected, finished: 57 - rejected });
  });

  it('is found by the to-fix, problem and outcome filters, with its reason, and not among the finished', async () => {
    const rejected = job.outcomes.validation.REJECTED!;
    const toFix = await allRows(jobId, { group: 'to_fix' });
    expect(toFix).toHaveLength(job.groups.to_fix);
    expect(await allRows(jobId, { problemsOnly: true })).toHaveLength(job.groups.to_fix);
    const finished = await allRows(jobId, { group: 'finished' });
    expect(finished).toHaveLength(job.groups.finished);
    expect(finished.every((r) => r.validationStatus === 'COMPLETED')).toBe(true);

    const byOutcome = await allRows(jobId, {
      outcome: { stage: 'validation', status: 'REJECTED' },
    });
    expect(byOutcome).toHaveLength(rejected);
    for (const row of byOutcome) {
      expect(row).toMatchObject({ state: 'done', group: 'to_fix', validationStatus: 'REJECTED' });
      expect(row.rejectionReason).toMatch(/\w/);
    }
    // Source order across pages, none twice.
    const order = toFix.map((r) => r.sourceRow);
    expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
  });

  it('is a row that needs attention in the export, with its reason and what to do', async () => {
    const rejected = job.outcomes.validation.REJECTED!;
    const out = path.join(dir, 'results.xlsx');
    const s = await call('jobs:export', { jobId, format: 'xlsx', path: out });
    expect(s.attention).toBe(3 + rejected);
    expect(s.byStatus).toMatchObject({ validation_rejected: rejected, done: 57 - rejected });
    expect(s.byErrorCode).toMatchObject({ validation_rejected: rejected });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const errors = wb.getWorksheet('Errors')!;
    const header = (errors.getRow(1).values as unknown[]).map(String);
    const status = header.indexOf('Status');
    const message = header.indexOf('Error message');
    const rejectedRows: string[] = [];
    errors.eachRow((row, n) => {
      if (n > 1 && String(row.getCell(status).value) === 'Validation rejected')
        rejectedRows.push(String(row.getCell(message).value));
    });
    expect(rejectedRows).toHaveLength(rejected);
    expect(rejectedRows[0]).toMatch(/^Validation rejected: .* Reason: .+\.$/);
    const summary: string[] = [];
    wb.getWorksheet('Summary')!.eachRow((row) =>
      summary.push((row.values as unknown[]).slice(1).join(' | ')),
    );
    // The Summary's Status section says what the status means and what to do.
    expect(
      summary.some((l) =>
        l.startsWith(`Validation rejected | ${rejected} | Validation rejected: the platform`),
      ),
    ).toBe(true);
  });
});

describe('the connection new jobs use', () => {
  it('is the practice sandbox at first, and a connection that fails its test never becomes it', async () => {
    const list = await call('connections:list', {});
    expect(list.filter((c) => c.isDefault).map((c) => c.isSandbox)).toEqual([true]);

    const bad = await call('connections:save', { name: 'Bad', baseUrl: other.url, token: 'nope' });
    const tried = await call('connections:use', { id: bad.id });
    expect(tried.used).toBe(false);
    expect(tried.test.ok).toBe(false);
    expect(tried.defaultId).toBe(list.find((c) => c.isSandbox)!.id);
    expect((await call('connections:list', {})).find((c) => c.id === bad.id)?.isDefault).toBe(
      false,
    );

    const good = await call('connections:save', {
      name: 'Good',
      baseUrl: other.url,
      token: 'good',
    });
    const used = await call('connections:use', { id: good.id });
    expect(used).toMatchObject({ used: true, defaultId: good.id });
    // A failing one afterwards leaves the working default alone.
    expect((await call('connections:use', { id: bad.id })).defaultId).toBe(good.id);
    const after = await call('connections:list', {});
    expect(after.filter((c) => c.isDefault).map((c) => c.id)).toEqual([good.id]);

    // Removing the default falls back to the practice sandbox.
    await call('connections:delete', { id: good.id });
    expect((await call('connections:list', {})).find((c) => c.isDefault)?.isSandbox).toBe(true);
    await call('connections:delete', { id: bad.id });
  });
});

describe('moving a job to another connection', () => {
  let first: string; // on `other`, token "good"
  let second: string; // the same API, another token
  let third: string; // another API

  beforeAll(async () => {
    first = (await call('connections:save', { name: 'First', baseUrl: other.url, token: 'good' }))
      .id;
    second = (
      await call('connections:save', {
        name: 'Same API',
        baseUrl: `${other.url}/`,
        token: 'also-good',
      })
    ).id;
    third = (
      await call('connections:save', { name: 'Elsewhere', baseUrl: elsewhere.url, token: 'good' })
    ).id;
  });

  it('goes to another API before anything was sent, and the check is asked again there', async () => {
    const jobId = await newJob(first);
    await call('jobs:check', { jobId });
    const checked = await waitFor(jobId, (j) => !j.running && (j.counts.new ?? 0) > 0, 'checked');
    expect(checked.counts.valid ?? 0).toBe(0);
    const moved = await call('jobs:setConnection', { jobId, connectionId: third });
    expect(moved.connectionId).toBe(third);
    expect(moved.counts).toMatchObject({ valid: 57, invalid: 3 });
    expect(moved.counts.new ?? 0).toBe(0);
    await call('jobs:delete', { jobId });
  });

  it('is refused while the job runs, and on the same API while rows wait for their confirmation there', async () => {
    // Creations take a few seconds there: rows stay accepted while the job is paused.
    other.configure({ processingMs: 4_000 });
    const jobId = await newJob(first);
    await call('jobs:start', { jobId });
    const running = await refusal('jobs:setConnection', { jobId, connectionId: second });
    expect(running.code).toBe('job_running');
    expect(running.message).toMatch(/Pause or cancel the job first/);
    await waitFor(jobId, (j) => (j.counts.accepted ?? 0) > 0, 'rows accepted');
    await call('jobs:pause', { jobId });
    const paused = await waitFor(jobId, ended, 'paused');
    const unconfirmed = (paused.counts.accepted ?? 0) + (paused.counts.in_doubt ?? 0);
    expect(unconfirmed).toBeGreaterThan(0);

    for (const connectionId of [second, third]) {
      const refused = await refusal('jobs:setConnection', { jobId, connectionId });
      expect(refused.code).toBe('connection_switch_refused');
      expect(refused.details).toMatchObject({ reason: 'unconfirmed', from: 'First' });
      expect(refused.message).toMatch(/not confirmed yet.*fix its token/);
    }
    expect((await call('jobs:get', { jobId })).connectionId).toBe(first);

    // Once the first connection has confirmed them, the job may move within the same API.
    await call('jobs:start', { jobId });
    const done = await waitFor(
      jobId,
      (j) => !j.running && j.state === 'needs_attention',
      'the end of the run',
    );
    expect(done.counts.done).toBe(57);

    const toOtherApi = await refusal('jobs:setConnection', { jobId, connectionId: third });
    expect(toOtherApi.details).toMatchObject({ reason: 'other_api' });
    expect(toOtherApi.message).toMatch(/another API/);

    const moved = await call('jobs:setConnection', { jobId, connectionId: second });
    expect(moved.connectionId).toBe(second);
    expect(moved.connectionName).toBe('Same API');
    expect(moved.counts.done).toBe(57);
  }, 120_000);
});

describe('archiving and deleting jobs', () => {
  it('refuses a running job, archives and deletes one that is not, with its rows and history', async () => {
    const core = await services.ready();
    const keep = await newJob(core.sandboxConnectionId!);
    // Creations take a few seconds there: the job is surely running while they are followed.
    elsewhere.configure({ processingMs: 4_000 });
    const conn = await call('connections:save', {
      name: 'Slow API',
      baseUrl: elsewhere.url,
      token: 'good',
    });
    const jobId = await newJob(conn.id);
    await call('jobs:start', { jobId });
    await waitFor(jobId, (j) => (j.counts.accepted ?? 0) > 0, 'rows accepted');
    for (const [command, input] of [
      ['jobs:delete', { jobId }],
      ['jobs:archive', { jobId, archived: true }],
    ] as const) {
      const refused = await refusal(command, input);
      expect(refused.code).toBe('job_running');
      expect(refused.message).toMatch(/is running, so it cannot be (deleted|archived)/);
    }
    await call('jobs:pause', { jobId });
    await waitFor(jobId, (j) => !j.running, 'paused');

    const archived = await call('jobs:archive', { jobId, archived: true });
    expect(archived.archived).toBe(true);
    expect((await call('jobs:list', {})).find((j) => j.id === jobId)?.archived).toBe(true);
    expect((await call('jobs:archive', { jobId, archived: false })).archived).toBe(false);

    const { journal } = core;
    const rowIds = journal.pageRows(jobId, { limit: 500 }).rows.map((r) => r.id);
    expect(rowIds).toHaveLength(60);
    expect(journal.jobEvents(jobId, { limit: 10 }).length).toBeGreaterThan(0);

    const deleted = await call('jobs:delete', { jobId });
    expect(deleted).toMatchObject({ deleted: true, rows: 60 });
    expect(deleted.events).toBeGreaterThan(0);
    expect((await refusal('jobs:get', { jobId })).code).toBe('not_found');
    expect(journal.getRows(rowIds)).toEqual([]);
    expect(journal.jobEvents(jobId)).toEqual([]);
    expect(journal.countsByJob().has(jobId)).toBe(false);
    expect(journal.getLease(`job:${jobId}`)).toBeUndefined();
    // The other job is untouched.
    expect((await call('jobs:get', { jobId: keep })).total).toBe(60);
    expect((await call('jobs:delete', { jobId })).deleted).toBe(false);
  });
});
