// One set of numbers per job: after a run with screening and validation whose outcomes include
// findings, stopped screenings and rejected validations, the job view (tiles, groups, banner),
// the rows' filters (Rows that need you, each group), the command line's key line and the results
// workbook's Summary all say what the journal holds, read here by a reader of its own. A retry
// made from the results file takes its rows over: the first job no longer counts them to fix.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { summaryOf } from '../../../src-main/cli/summary';
import { openJournal } from '../../../src-main/journal/journal';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { typedChange, type RowFilterSchema } from '../../../src-shared/contract';
import type { z } from 'zod';

type RowFilter = z.input<typeof RowFilterSchema>;
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);
const ROWS = 30;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'one-truth-'));
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

/** What the journal's rows hold, read with SQL of this test's own: each row's outcome from its
 *  state and statuses, not from the app's code. */
function journalFigures(jobId: string) {
  const db = new Database(path.join(dir, 'data', 'journal.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT state, screening_status AS s, validation_status AS v FROM rows WHERE job_id = ?`,
      )
      .all(jobId) as Array<{ state: string; s: string | null; v: string | null }>;
    const problem = ['invalid', 'ambiguous', 'duplicate', 'rejected', 'vanished', 'needs_user'];
    const f = { total: rows.length, done: 0, findings: 0, platform: 0, problems: 0, leftOut: 0 };
    const reasons = { findings: 0, aborted: 0, rejected: 0 };
    for (const r of rows) {
      if (r.state === 'done') {
        if (r.s === 'Finished') reasons.findings++;
        if (r.s === 'Aborted') reasons.aborted++;
        if (r.v === 'REJECTED') reasons.rejected++;
        // Findings first: a row with findings and a rejected validation is counted there.
        if (r.s === 'Finished') f.findings++;
        else if (r.v === 'REJECTED' || r.s === 'Aborted') f.platform++;
        else f.done++;
      } else if (problem.includes(r.state)) f.problems++;
      else if (r.state === 'skipped') f.leftOut++;
    }
    return { ...f, reasons, needYou: f.findings + f.platform + f.problems };
  } finally {
    db.close();
  }
}

/** Rows a filter lists, read page by page as the grid reads them. */
async function listed(jobId: string, filter: RowFilter): Promise<number> {
  let n = 0;
  let after: number | undefined;
  for (;;) {
    const page = await call('rows:page', {
      jobId,
      filter,
      limit: 500,
      ...(after ? { after } : {}),
    });
    n += page.rows.length;
    if (page.nextCursor === null) return n;
    after = page.nextCursor;
  }
}

let jobId: string;
let resultsPath: string;

describe('one set of numbers', () => {
  it('the job view, the filters, the key line and the Summary sheet say what the journal holds', async () => {
    const list = path.join(dir, 'list.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Suppliers');
    ws.addRow(['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source']);
    for (let i = 1; i <= ROWS; i++)
      ws.addRow([
        `OT-${i}`,
        `One Truth ${i} Werke`,
        `Allee ${i * 7}`,
        '20095',
        'Hamburg',
        'DE',
        'ERP',
      ]);
    // Two rows with problems: no city, a country nobody knows.
    ws.addRow(['OT-91', 'Ohne Ort KG', 'Weg 1', '20095', '', 'DE', 'ERP']);
    ws.addRow(['OT-92', 'Atlantis AG', 'Weg 2', '20095', 'Hamburg', 'Atlantis', 'ERP']);
    await wb.xlsx.writeFile(list);
    services.grants.grantRead(list);
    const { sandbox } = await services.ready();
    sandbox!.configure({
      screeningOdds: { Finished: 0.45, NoFindings: 0.35, Aborted: 0.2 },
      validationOdds: { COMPLETED: 0.7, REJECTED: 0.3, differentOutcomeId: 0 },
      randomSeed: 7,
    });
    const p = await call('files:preview', { path: list });
    const conn = (await call('connections:list', {}))[0]!;
    ({ jobId } = await call('jobs:create', {
      path: list,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: 2, validate: true },
    }));
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready', 'paused', 'needs_attention', 'finished']);
    const plan = await call('jobs:plan', { jobId });
    await call('jobs:start', { jobId, confirmed: true, confirmedCount: plan.paidToConfirm });
    const job = await waitForJob(jobId, ['finished', 'needs_attention']);

    const j = journalFigures(jobId);
    // The run produced each kind of outcome this test is about.
    expect(j.reasons.findings).toBeGreaterThan(0);
    expect(j.reasons.rejected + j.reasons.aborted).toBeGreaterThan(0);

    // The job view: its tally, groups and the reasons.
    expect(job.tally.total).toBe(j.total);
    expect(job.total).toBe(j.total);
    expect(job.tally.outcomes.done).toBe(j.done);
    expect(job.tally.outcomes.findings).toBe(j.findings);
    expect(job.tally.outcomes.platform).toBe(j.platform);
    expect(job.tally.outcomes.to_fix).toBe(j.problems);
    expect(job.tally.attention.screening_findings).toBe(j.reasons.findings);
    expect(job.tally.attention.screening_aborted).toBe(j.reasons.aborted);
    expect(job.tally.attention.validation_rejected).toBe(j.reasons.rejected);
    expect(job.groups).toEqual(job.tally.groups);
    expect(job.groups.to_fix).toBe(j.needYou);
    expect(job.groups.finished).toBe(j.done + j.leftOut);
    // A job whose rows need the user does not say it finished clean.
    expect(job.state).toBe('needs_attention');

    // The grid's filters list exactly as many rows as the figures say.
    expect(await listed(jobId, { problemsOnly: true })).toBe(j.needYou);
    for (const g of ['to_fix', 'finished', 'waiting', 'in_progress'] as const)
      expect(await listed(jobId, { group: g })).toBe(job.groups[g]);
    expect(await listed(jobId, { outcome: { stage: 'screening', status: 'Finished' } })).toBe(
      j.reasons.findings,
    );

    // The command line's key line, from the same rows.
    const journal = openJournal({ path: path.join(dir, 'data', 'journal.sqlite') });
    try {
      const s = summaryOf(journal.eachRow(jobId));
      expect(s.screeningFindings).toBe(j.reasons.findings);
      expect(s.screeningAborted).toBe(j.reasons.aborted);
      expect(s.validationRejected).toBe(j.reasons.rejected);
      expect(s.rows).toBe(j.total);
    } finally {
      journal.close();
    }

    // The results workbook: findings rows are not a clean done, and the Summary counts them.
    const exported = await call('jobs:export', { jobId, format: 'xlsx' });
    resultsPath = exported.path;
    expect(exported.attention).toBe(j.needYou);
  }, 120_000);

  it('a retry made from the results file takes its rows over: the first job no longer counts them', async () => {
    // The row without a city, fixed in Excel.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(resultsPath);
    const results = wb.getWorksheet('Results')!;
    const header = (results.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    results.eachRow((row, n) => {
      if (n > 1 && row.getCell(header.indexOf('Supplier No')).value === 'OT-91')
        row.getCell(header.indexOf('City')).value = 'Hamburg';
    });
    const fixed = path.join(dir, 'fixed.xlsx');
    await wb.xlsx.writeFile(fixed);
    services.grants.grantRead(fixed);
    const before = await call('jobs:get', { jobId });
    const r = await call('jobs:retryFromResults', { path: fixed, jobId });
    expect(r.retry).toBe(1);
    expect(r.handedOver).toBe(1);
    const after = await call('jobs:get', { jobId });
    // Left out here, naming the retry job; counted once, in the retry job.
    expect(after.tally.outcomes.to_fix).toBe(before.tally.outcomes.to_fix - 1);
    expect(after.tally.outcomes.left_out).toBe(before.tally.outcomes.left_out + 1);
    expect(after.retries).toEqual([{ jobId: r.jobId, name: expect.any(String), rows: 1 }]);
    const retryJob = await call('jobs:get', { jobId: r.jobId! });
    expect(retryJob.retryOf).toEqual({ jobId, name: before.name });
    const moved = (
      await call('rows:page', { jobId, filter: { states: ['skipped'] }, limit: 500 })
    ).rows.find((row) => row.cells.includes('OT-91'))!;
    expect(moved.errorCode).toBe('sent_again');
    expect(moved.errorMessage).toContain(retryJob.name);
  }, 60_000);

  it('a deactivation: a supplier not found needs the user on every surface, once', async () => {
    const list = path.join(dir, 'deactivate.csv');
    await writeFile(
      list,
      ['Supplier No,Source', 'OT-1,ERP', 'OT-2,ERP', 'OT-3,ERP', 'OT-999,ERP', ''].join('\n'),
    );
    services.grants.grantRead(list);
    const p = await call('files:preview', { path: list });
    const conn = (await call('connections:list', {}))[0]!;
    const { jobId: id } = await call('jobs:create', {
      path: list,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: {
        skipExisting: false,
        screeningPeriod: null,
        validate: false,
        operation: 'deactivate',
      },
    });
    await call('jobs:check', { jobId: id });
    await waitForJob(id, ['ready', 'paused', 'needs_attention', 'finished']);
    const plan = await call('jobs:plan', { jobId: id });
    await call('jobs:start', {
      jobId: id,
      confirmed: true,
      confirmedCount: typedChange(plan)?.count,
    });
    const job = await waitForJob(id, ['finished', 'needs_attention']);
    expect(job.opResults).toMatchObject({ deactivated: 3, not_found: 1 });
    expect(job.tally.outcomes).toMatchObject({ done: 3, to_fix: 1 });
    expect(job.tally.attention.not_found).toBe(1);
    expect(job.groups).toEqual(job.tally.groups);
    expect(await listed(id, { problemsOnly: true })).toBe(1);
    expect(await listed(id, { group: 'to_fix' })).toBe(1);
    expect(await listed(id, { group: 'finished' })).toBe(3);
    const journal = openJournal({ path: path.join(dir, 'data', 'journal.sqlite') });
    try {
      expect(summaryOf(journal.eachRow(id))).toMatchObject({
        rows: 4,
        deactivated: 3,
        notFound: 1,
      });
    } finally {
      journal.close();
    }
  }, 60_000);
});
