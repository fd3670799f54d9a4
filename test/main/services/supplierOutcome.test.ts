// Who made each supplier, as the results file says it: the job's own creation, also when its
// answer was lost and the creation was confirmed by reconciling (no creation uuid then), or a
// supplier that was there before the job. Through the router, with the embedded sandbox losing
// every answer to a create after applying it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { planLines } from '../../../src-main/cli/planText';
import { cliWords } from '../../../src-main/cli/words';
import { commandCaller, jobWaiter, practiceSandbox } from './support';
import { changeCount, typedChange } from '../../../src-shared/contract';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'supplier-outcome-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
    engineSettings: { settleMs: 300 },
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the Supplier outcome column', () => {
  it('says created for a creation confirmed by reconciling, existed before for the others', async () => {
    const list = path.join(dir, 'list.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Suppliers');
    ws.addRow(['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source']);
    // Two suppliers of the sandbox's practice base, two new ones.
    ws.addRow(['SUP-1001', 'Known One', 'Str. 1', '10115', 'Berlin', 'DE', 'ERP']);
    ws.addRow(['SUP-1002', 'Known Two', 'Str. 2', '10115', 'Berlin', 'DE', 'ERP']);
    ws.addRow(['NEW-1', 'New One GmbH', 'Str. 3', '10115', 'Berlin', 'DE', 'ERP']);
    ws.addRow(['NEW-2', 'New Two GmbH', 'Str. 4', '10115', 'Berlin', 'DE', 'ERP']);
    await wb.xlsx.writeFile(list);
    services.grants.grantRead(list);

    const { sandbox } = await services.ready();
    // Every create is applied, then answered 500: the job learns of each creation by reconciling.
    sandbox!.configure({ faults: { after500: 1 } });
    const p = await call('files:preview', { path: list });
    const conn = (await call('connections:list', {}))[0]!;
    const { jobId } = await call('jobs:create', {
      path: list,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    await call('jobs:start', { jobId });
    await waitForJob(jobId, ['finished', 'needs_attention']);
    sandbox!.configure({ faults: {} });
    expect(sandbox!.stats().faults.after500).toBeGreaterThanOrEqual(2);

    const exported = await call('jobs:export', { jobId, format: 'xlsx' });
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(exported.path);
    const results = out.getWorksheet('Results')!;
    const header = (results.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = (name: string) => header.indexOf(name);
    const byId = new Map<string, { outcome: string; uuid: string }>();
    results.eachRow((row, n) => {
      if (n === 1) return;
      byId.set(String(row.getCell(1).value), {
        outcome: String(row.getCell(col('Supplier outcome')).value ?? ''),
        uuid: String(row.getCell(col('Creation UUID')).value ?? ''),
      });
    });
    expect(Object.fromEntries([...byId].map(([id, r]) => [id, r.outcome]))).toEqual({
      'SUP-1001': 'existed before',
      'SUP-1002': 'existed before',
      'NEW-1': 'created by this job',
      'NEW-2': 'created by this job',
    });
    // The Summary sheet counts them the same way.
    const summary: string[] = [];
    out.getWorksheet('Summary')!.eachRow((row) => summary.push(String(row.values)));
    expect(summary.join('\n')).toMatch(/created by this job,2/);
    expect(summary.join('\n')).toMatch(/existed before,2/);

    // The grid's rows say the same: created by this job (also when confirmed by reconciling).
    expect(await createdByJob(jobId)).toEqual({
      'SUP-1001': false,
      'SUP-1002': false,
      'NEW-1': true,
      'NEW-2': true,
    });
    firstList = { list, jobId, connectionId: conn.id, mapping: p.suggestion.mapping };
  }, 90_000);

  it('a later job on the same suppliers finds them existing: not created by it', async () => {
    const first = firstList!;
    const { jobId } = await call('jobs:create', {
      path: first.list,
      connectionId: first.connectionId,
      mapping: first.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
      lang: 'de',
    });
    // Before anything was checked, nobody knows.
    expect(Object.values(await createdByJob(jobId))).toEqual([null, null, null, null]);
    await call('jobs:start', { jobId });
    await settled(jobId);
    expect(await createdByJob(jobId)).toEqual({
      'SUP-1001': false,
      'SUP-1002': false,
      'NEW-1': false,
      'NEW-2': false,
    });
    // The first job's rows keep what they were.
    expect(Object.values(await createdByJob(first.jobId)).filter(Boolean)).toHaveLength(2);
  }, 90_000);

  it('keeps the language a job was made in, through option changes', async () => {
    const first = firstList!;
    const made = async (lang?: 'en' | 'de') =>
      (
        await call('jobs:create', {
          path: first.list,
          connectionId: first.connectionId,
          mapping: first.mapping,
          options: { skipExisting: true, screeningPeriod: null, validate: false },
          ...(lang ? { lang } : {}),
        })
      ).jobId;
    const de = await made('de');
    const en = await made();
    expect((await call('jobs:get', { jobId: de })).lang).toBe('de');
    expect((await call('jobs:get', { jobId: en })).lang).toBe('en');
    const changed = await call('jobs:setOptions', {
      jobId: de,
      options: { skipExisting: false, screeningPeriod: 2, validate: true },
    });
    expect(changed.lang).toBe('de');
    expect(changed.options).toMatchObject({
      skipExisting: false,
      screeningPeriod: 2,
      validate: true,
    });
    // A change of options keeps the job's kind (an onboarding here).
    expect(changed.options.operation ?? 'onboard').toBe('onboard');
  });
});

let firstList: { list: string; jobId: string; connectionId: string; mapping: unknown } | undefined;

async function settled(jobId: string) {
  for (let i = 0; i < 600; i++) {
    const job = await call('jobs:get', { jobId });
    if (!job.running && ['finished', 'needs_attention'].includes(job.state)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Each row's supplier id → whether this job created its supplier, as the grid gets it. */
async function createdByJob(jobId: string): Promise<Record<string, boolean | null>> {
  const page = await call('rows:page', { jobId, limit: 100 });
  return Object.fromEntries(page.rows.map((r) => [r.cells[0]!, r.createdByJob]));
}

let undoJobId = '';
describe('undoing an onboarding job', () => {
  it('deactivates only the suppliers the job created (also those confirmed by reconciling), once the count is confirmed', async () => {
    const first = firstList!;
    const { sandbox } = await services.ready();
    const before = sandbox!.stats().suppliers;
    const undo = await call('jobs:undo', { jobId: first.jobId });
    undoJobId = undo.jobId;
    expect(undo.rows).toBe(2);
    await call('jobs:check', { jobId: undo.jobId });
    await waitForJob(undo.jobId, ['ready']);
    const plan = await call('jobs:plan', { jobId: undo.jobId });
    expect(plan).toMatchObject({ operation: 'deactivate', creations: 0 });
    // Its one change of its own, confirmed by typing its count.
    expect(typedChange(plan)).toMatchObject({ name: 'deactivations', count: 2 });
    // The kind's own line: the job it undoes, on the screens and the command line.
    expect(plan.notes).toEqual([
      { name: 'undo', key: 'plan.undoOf', said: 'cli.plan.undoOf', params: { job: first.jobId } },
    ]);
    expect(plan.needsConfirmation).toBe(true);
    // Whom, before the count is typed: the two it created, as the check found them.
    const targets = await call('jobs:targets', { jobId: undo.jobId });
    expect(targets.total).toBe(2);
    expect(targets.rows.map((r) => [r.name, r.city, r.countryCode])).toEqual([
      ['New One GmbH', 'Berlin', 'DE'],
      ['New Two GmbH', 'Berlin', 'DE'],
    ]);
    expect(targets.rows.every((r) => /^\d+$/.test(r.platformId ?? ''))).toBe(true);
    expect((await call('jobs:targets', { jobId: first.jobId })).total).toBe(0);

    // A yes alone, or the wrong count, is refused; nothing is sent.
    for (const input of [
      { jobId: undo.jobId, confirmed: true },
      { jobId: undo.jobId, confirmed: true, confirmedCount: 3 },
    ]) {
      const refused = await services.router.dispatch('jobs:start', input);
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.details?.reason).toBe('count');
    }
    expect(sandbox!.stats().suppliers).toBe(before);

    await call('jobs:start', { jobId: undo.jobId, confirmed: true, confirmedCount: 2 });
    await waitForJob(undo.jobId, ['finished']);
    expect(sandbox!.stats().suppliers).toBe(before - 2);
    const rows = await call('rows:page', { jobId: undo.jobId });
    expect(rows.rows.map((r) => r.state)).toEqual(['done', 'done']);
    // The suppliers that existed before the job are still found.
    const left = await call('jobs:undo', { jobId: first.jobId });
    await call('jobs:check', { jobId: left.jobId });
    await waitForJob(left.jobId, ['ready']);
    // Its created suppliers are gone already: the check finds nothing left to deactivate.
    expect(changeCount(await call('jobs:plan', { jobId: left.jobId }), 'deactivations')).toBe(0);
  }, 60_000);

  it('an onboarding of the same list again names the suppliers the undo deactivated, by job and day', async () => {
    const first = firstList!;
    const { jobId } = await call('jobs:create', {
      path: first.list,
      connectionId: first.connectionId,
      mapping: first.mapping,
      options: { skipExisting: true, screeningPeriod: null, validate: false },
    });
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready']);
    const plan = await call('jobs:plan', { jobId });
    // The two the undo deactivated are not found by the check: they would be created again.
    expect(plan.rows.new).toBe(2);
    expect(plan.creations).toBe(2);
    const undoJob = (await call('jobs:list', {})).find((j) => j.id === undoJobId)!;
    expect(plan.endedBefore).toEqual([
      {
        jobId: undoJobId,
        jobName: undoJob.name,
        said: 'cli.plan.deactivated',
        at: expect.any(Number),
        rows: 2,
        examples: ['NEW-1 · ERP', 'NEW-2 · ERP'],
      },
    ]);
    // The command line says it before the start, in each language.
    const en = planLines(plan, false, cliWords('en')).join('\n');
    expect(en).toContain(`job ${undoJobId} "${undoJob.name}" deactivated 2 of the suppliers`);
    expect(en).toContain('e.g. NEW-1 · ERP, NEW-2 · ERP');
    const de = planLines(plan, false, cliWords('de')).join('\n');
    expect(de).toContain(`Auftrag ${undoJobId} „${undoJob.name}“ hat am`);
    // A job that creates nothing names none.
    const again = await call('jobs:undo', { jobId: first.jobId });
    expect((await call('jobs:plan', { jobId: again.jobId })).endedBefore).toEqual([]);
  }, 60_000);
});
