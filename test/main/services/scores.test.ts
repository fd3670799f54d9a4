// The scores job's services through the router, as the screens call them, against the embedded
// sandbox: a perspective's event types (and the refusals, worded in both languages), a sheet's
// preview with its problems, and jobs:create for a scores job run to its end.
import '../../setupKinds';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramsOf } from '../../../src-shared/errors';
import { wordFailure } from '../../../src-shared/i18n';
import { reportedProblemText } from '../../../src-shared/i18n/reported';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
let connectionId: string;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

/** The error a command answers with, and its sentence in German. */
async function refusal(command: Parameters<typeof call>[0], input: unknown) {
  const r = await services.router.dispatch(command, input);
  if (r.ok) throw new Error(`${command} was not refused`);
  // As the screens word it: the code and the details' values.
  return {
    ...r.error,
    de: wordFailure('de', { code: r.error.code, params: paramsOf(r.error.details) }),
  };
}

async function sheet(name: string, rows: (string | number)[][]): Promise<string> {
  const file = path.join(dir, name);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Scores');
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  services.grants.grantRead(file);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'scores-services-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
  });
  connectionId = (await call('connections:list', {}))[0]!.id;
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('scores:eventTypes', () => {
  it("lists a perspective's event types by key and name", async () => {
    expect(await call('scores:eventTypes', { connectionId, perspectiveId: '1' })).toEqual([
      { key: 'supplier_audit', name: 'Supplier audit' },
      { key: 'quality_incident', name: 'Quality incident' },
      { key: 'delivery_performance', name: 'Delivery performance' },
    ]);
  });

  it('words the refusals: a perspective the API refuses (400), the feature not enabled (403)', async () => {
    const bad = await refusal('scores:eventTypes', { connectionId, perspectiveId: 'abc' });
    expect(bad.code).toBe('invalid_input');
    expect(bad.message).toMatch(
      /^The API refused perspective abc: .*Enter the id of a perspective/,
    );
    expect(bad.de).toMatch(/^Die API hat die Perspektive abc abgelehnt/);

    const { sandbox } = await services.ready();
    sandbox!.configure({ externalScores: false });
    try {
      const off = await refusal('scores:eventTypes', { connectionId, perspectiveId: '1' });
      expect(off.code).toBe('api_access_denied');
      expect(off.message).toMatch(/External scores are not enabled for this organisation/);
      expect(off.de).toMatch(/Externe Scores sind für diese Organisation nicht freigeschaltet/);
    } finally {
      sandbox!.configure({ externalScores: true });
    }
    const gone = await refusal('scores:eventTypes', { connectionId: 'nope', perspectiveId: '1' });
    expect(gone.code).toBe('not_found');
  });
});

describe('a scores job from the screens', () => {
  it('previews the sheet with its problems, makes the job from the mapping and runs it', async () => {
    const file = await sheet('scores.xlsx', [
      ['Supplier ID', 'Source', 'Supplier audit', 'quality_incident'],
      ['SUP-1001', 'ERP', 80, 20],
      ['SUP-1002', 'ERP', '85.5', 30],
      ['SUP-1003', 'ERP', 90, ''],
    ]);
    const preview = await call('scores:preview', {
      path: file,
      connectionId,
      perspectiveId: '1',
      layout: 'wide',
    });
    expect(preview.gap).toBeNull();
    expect(preview.mapping.eventTypeColumns).toEqual([
      { column: 2, eventTypeKey: 'supplier_audit' },
      { column: 3, eventTypeKey: 'quality_incident' },
    ]);
    expect(preview.rows.map((r) => r.valid)).toEqual([true, false, true]);
    expect(preview.rows[0]!.scores.map((s) => [s.eventTypeKey, s.value, s.cell])).toEqual([
      ['supplier_audit', 80, 'C2'],
      ['quality_incident', 20, 'D2'],
    ]);
    const problem = preview.rows[1]!.problems[0]!;
    expect(problem.code).toBe('scores.not_a_score');
    expect(reportedProblemText('de', { code: problem.code, params: problem.params })).toMatch(
      /^Zelle C3: „85.5“ ist kein Score/,
    );

    const made = await call('jobs:create', {
      path: file,
      connectionId,
      mapping: { fields: [], scores: preview.mapping },
      options: {
        skipExisting: false,
        screeningPeriod: null,
        validate: false,
        operation: 'scores',
        perspectiveId: '1',
        scoresLayout: 'wide',
      },
    });
    expect(made.summary).toMatchObject({
      rows: 3,
      valid: 2,
      invalid: 1,
      byCode: { 'scores.not_a_score': 1 },
    });
    const job = await call('jobs:get', { jobId: made.jobId });
    expect(job.options).toMatchObject({ operation: 'scores', perspectiveId: '1' });
    expect(job.mapping.scores?.layout).toBe('wide');

    await call('jobs:start', { jobId: made.jobId });
    const ended = await waitForJob(made.jobId, ['finished', 'needs_attention']);
    expect(ended.counts).toMatchObject({ done: 2, invalid: 1 });
    const { sandbox } = await services.ready();
    const writes = Object.values(sandbox!.stats().scoreWrites);
    expect(writes).toHaveLength(3);
    expect(Math.max(...writes)).toBe(1);
    // A scores row is fixed in the sheet, not in the app: the refusal says how.
    const { journal } = await services.ready();
    const held = [...journal.eachRow(made.jobId)].find((r) => r.state === 'invalid')!;
    const fix = await refusal('rows:fix', { rowId: held.id, edits: { name: 'x' } });
    expect(fix.message).toMatch(/fixed in the sheet: correct the cells its results name/);
    expect(fix.de).toMatch(/werden im Blatt korrigiert/);
    const many = await refusal('rows:fixMany', {
      jobId: made.jobId,
      field: 'name',
      find: 'a',
      replace: 'b',
      whole: false,
    });
    expect(many.code).toBe('invalid_input');

    // The run chart counts write requests: the one batch, not its rows.
    const chart = await call('jobs:runChart', { jobId: made.jobId });
    expect(chart.buckets.reduce((a, b) => a + b.writes * chart.bucketMinutes, 0)).toBe(1);
    // The plan before its start named what it sends in the kind's terms: rows and batches.
    expect((await call('jobs:plan', { jobId: made.jobId })).changes).toEqual([
      {
        name: 'scoreRows',
        key: 'plan.scores',
        count: 0,
        params: { rows: 0, batches: 0 },
        typed: null,
      },
    ]);

    // The Results screen's export: a line per score (and per problem of a row left out), in
    // a workbook with its Summary, or as CSV.
    const xlsx = path.join(dir, 'scores.score-results.xlsx');
    const exported = await call('jobs:export', { jobId: made.jobId, format: 'xlsx' });
    expect(exported).toMatchObject({ path: xlsx, rows: 4, attention: 1 });
    expect(exported.byStatus).toEqual({ written: 3, invalid: 1 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Scores', 'Summary']);
    const lines = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(lines.map((l) => [l[1], l[3], l[4], l[5], l[7]])).toEqual([
      [2, 'supplier_audit', 'C2', 80, 'written'],
      [2, 'quality_incident', 'D2', 20, 'written'],
      [3, undefined, undefined, undefined, 'to fix'],
      [4, 'supplier_audit', 'C4', 90, 'written'],
    ]);
    const csv = path.join(dir, 'scores.score-results.csv');
    expect(await call('jobs:export', { jobId: made.jobId, format: 'csv' })).toMatchObject({
      rows: 4,
      attention: 1,
    });
    const text = await readFile(csv, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\ufeffSource row,Supplier,Event type,Cell,Score,Comment,Outcome,Reason',
    );
    expect(text.split('\r\n')).toHaveLength(6);
  });

  it('refuses a mapping the job cannot use, and a scores job without a perspective, in words', async () => {
    const file = await sheet('bad.xlsx', [
      ['Supplier ID', 'Source', 'Rating'],
      ['SUP-1001', 'ERP', 80],
    ]);
    const options = {
      skipExisting: false,
      screeningPeriod: null,
      validate: false,
      operation: 'scores',
      perspectiveId: '1',
    };
    const unknown = await refusal('jobs:create', {
      path: file,
      connectionId,
      mapping: {
        fields: [],
        scores: {
          layout: 'wide',
          identifier: { supplierId: 0, source: 1 },
          eventTypeColumns: [{ column: 2, eventTypeKey: 'esg_rating' }],
        },
      },
      options,
    });
    expect(unknown.message).toMatch(
      /event type esg_rating, which perspective 1 does not have\. Use one of: supplier_audit/,
    );
    expect(unknown.de).toMatch(/Ereignistyp esg_rating, den die Perspektive 1 nicht hat/);

    // Suggested from the headers: no column is an event type of the perspective.
    const none = await refusal('jobs:create', {
      path: file,
      connectionId,
      mapping: { fields: [] },
      options,
    });
    expect(none.message).toMatch(/maps no column to an event type of perspective 1/);

    const noPerspective = await refusal('jobs:create', {
      path: file,
      connectionId,
      mapping: { fields: [] },
      options: { ...options, perspectiveId: null },
    });
    expect(noPerspective.message).toMatch(/A scores job needs a perspective/);
    expect(noPerspective.de).toMatch(/braucht eine Perspektive/);
  });
});
