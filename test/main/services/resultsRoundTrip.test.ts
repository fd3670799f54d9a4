// The results file as the user gets it and brings it back, through the router as the UI calls it:
// a real journal and the embedded sandbox. The export shows the values that were sent (fixes made
// in the app, zeros the app put back) with the file's beside them; ids are text cells Excel keeps
// as they are; a fixed file is read back by values, on the Results and the Errors sheets, never by
// its Status column.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { openJournal } from '../../../src-main/journal/journal';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let list: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

const HEADERS = ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'results-round-trip-'));
  list = path.join(dir, 'list.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(HEADERS);
  const rows: unknown[][] = [
    ['000151', 'Alpha GmbH', 'Str. 1', 1067, 'Dresden', 'DE', 'ERP'], // postal code lost its zero
    ['000152', 'Beta GmbH', 'Str. 2', '10115', '', 'DE', 'ERP'], // no city: fixed, Status cleared
    ['000153', 'Gamma SL', 'Calle 3', '28001', 'Madrid', 'Atlantis', 'ERP'], // fixed in the app
    ['000151', 'Delta GmbH', 'Str. 4', '10115', 'Berlin', 'DE', 'ERP'], // repeated id: app fix
    ['000155', '', 'Str. 5', '10115', 'Berlin', 'DE', 'ERP'], // no name: fixed on Errors
    ['000156', 'Zeta GmbH', 'Str. 6', '10115', '', 'DE', 'ERP'], // changed on both sheets
    ['000157', '', 'Str. 7', '10115', 'Berlin', 'DE', 'ERP'], // Status "fixed", nothing fixed
    [158, 'Theta GmbH', 'Str. 8', '10115', 'Berlin', 'DE', 'ERP'], // a number shown 000158
    ['000159', 'Iota GmbH', 'Str. 9', '20121', '', 'IT', 'ERP'], // fixed, Status "fixed"
  ];
  for (const r of rows) ws.addRow(r);
  ws.getCell('A9').numFmt = '000000';
  await wb.xlsx.writeFile(list);
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
  });
  // The user chose the list (as with the file dialog).
  services.grants.grantRead(list);
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The row of a sheet whose first cell is `id`, with its cells by header. */
function rowOf(ws: ExcelJS.Worksheet, id: string) {
  const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  let found: ExcelJS.Row | undefined;
  ws.eachRow((row, n) => {
    if (n > 1 && String(row.getCell(1).value) === id) found = row;
  });
  if (!found) throw new Error(`no row ${id} on ${ws.name}`);
  const row = found;
  return (name: string) => {
    const col = header.indexOf(name);
    if (col < 1) throw new Error(`no column ${name} on ${ws.name}`);
    return row.getCell(col);
  };
}

describe('a results file, out and back', () => {
  let jobId: string;
  let results: string;

  it('runs a job with fixes made in the app', async () => {
    const p = await call('files:preview', { path: list });
    const conn = (await call('connections:list', {}))[0]!;
    const created = await call('jobs:create', {
      path: list,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    jobId = created.jobId;
    expect(created.summary).toMatchObject({ rows: 9, valid: 2, invalid: 7 });
    const invalid = await call('rows:page', { jobId, filter: { states: ['invalid'] } });
    const byRow = (n: number) => invalid.rows.find((r) => r.sourceRow === n)!;
    expect(
      (await call('rows:fix', { rowId: byRow(4).id, edits: { countryCode: 'Spain' } })).state,
    ).toBe('valid');
    expect(
      (await call('rows:fix', { rowId: byRow(5).id, edits: { 'supplierId.id': '000199' } })).state,
    ).toBe('valid');
    await call('jobs:start', { jobId });
    const job = await waitForJob(jobId, ['finished', 'needs_attention']);
    expect(job.counts.done).toBe(4);
  }, 60_000);

  it('exports the values sent, each change marked with the file value beside it', async () => {
    results = path.join(dir, 'list.results.xlsx');
    expect(await call('jobs:export', { jobId, format: 'xlsx' })).toMatchObject({
      path: results,
      rows: 9,
      attention: 5,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const ws = wb.getWorksheet('Results')!;

    const gamma = rowOf(ws, '000153');
    expect(gamma('Country').value).toBe('ES');
    expect(gamma('Country').note).toBe('In your file: Atlantis');
    expect(gamma('Changed values').value).toBe('Country: Atlantis → ES');
    expect(gamma('Status').value).toBe('Done');

    // The repeated id went out as the id the user gave it in the app.
    const delta = rowOf(ws, '000199');
    expect(delta('Name').value).toBe('Delta GmbH');
    expect(delta('Supplier No').note).toBe('In your file: 000151');
    expect(delta('Changed values').value).toBe('Supplier No: 000151 → 000199');

    // The zero the app put back, and a value that only changed its form, which stays as it was.
    const alpha = rowOf(ws, '000151');
    expect(alpha('Postal code').value).toBe('01067');
    expect(alpha('Changed values').value).toBe('Postal code: 1067 → 01067');
    expect(alpha('Country').note).toBeUndefined();

    // Ids are text cells in Excel's text format, so Excel keeps their zeros when one is typed.
    const theta = rowOf(ws, '000158');
    expect(theta('Supplier No').type).toBe(ExcelJS.ValueType.String);
    expect(theta('Supplier No').numFmt).toBe('@');
    expect(theta('Postal code').numFmt).toBe('@');
    expect(theta('Source row').value).toBe(9);

    // In CSV, the changes are in the result column.
    // Another name in the list's folder, as the Save dialog would give it.
    services.grants.grantSaveAs(path.join(dir, 'x.csv'));
    const csv = await call('jobs:export', { jobId, format: 'csv', path: path.join(dir, 'x.csv') });
    const text = await readFile(csv.path, 'utf8');
    expect(text).toContain('000153,Gamma SL,Calle 3,28001,Madrid,ES,ERP,Done,');
    expect(text).toContain(',Country: Atlantis → ES,4,\r\n');
  }, 60_000);

  it('sends again the rows whose values changed, on either sheet, whatever their Status', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const main = wb.getWorksheet('Results')!;
    const errors = wb.getWorksheet('Errors')!;
    rowOf(main, '000152')('City').value = 'Hamburg';
    rowOf(main, '000152')('Status').value = null;
    rowOf(errors, '000155')('Name').value = 'Epsilon GmbH';
    rowOf(main, '000156')('City').value = 'Wien';
    rowOf(errors, '000156')('City').value = 'Graz';
    rowOf(main, '000156')('Status').value = 'fixed';
    rowOf(main, '000157')('Status').value = 'fixed';
    const iota = rowOf(main, '000159');
    iota('City').value = 'Milano';
    iota('Status').value = 'fixed';
    // Excel's "Convert to Number" on the id column: 000159 became 159. The zeros come back
    // from the journal; the id is never sent bent.
    iota('Supplier No').value = 159;
    await wb.xlsx.writeFile(results);

    const r = await call('jobs:retryFromResults', { path: results, jobId });
    expect(r).toMatchObject({
      retry: 3,
      stillInvalid: 1,
      alreadyDone: 4,
      unmatched: 0,
      unchanged: 0,
      doneButChanged: 0,
      conflicts: 1,
      conflictRows: [7],
    });
    const journal = openJournal({ path: path.join(dir, 'data', 'journal.sqlite') });
    try {
      const rows = [...journal.eachRow(r.jobId!)].map((row) => [
        row.sourceRow,
        (row.payload as { supplierId: { id: string } }).supplierId.id,
        (row.payload as { name: string }).name,
        (row.payload as { city: string }).city,
      ]);
      expect(rows).toEqual([
        [3, '000152', 'Beta GmbH', 'Hamburg'],
        [6, '000155', 'Epsilon GmbH', 'Berlin'],
        [10, '000159', 'Iota GmbH', 'Milano'],
      ]);
    } finally {
      journal.close();
    }
    await call('jobs:start', { jobId: r.jobId! });
    const done = await waitForJob(r.jobId!, ['finished', 'needs_attention']);
    expect(done.counts.done).toBe(3);

    // The retry's own results keep the row numbers of the list, so they come back the same way.
    const again = path.join(dir, 'retry.results.xlsx');
    services.grants.grantSaveAs(again);
    await call('jobs:export', { jobId: r.jobId!, format: 'xlsx', path: again });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.readFile(again);
    expect(rowOf(wb2.getWorksheet('Results')!, '000155')('Source row').value).toBe(6);
  }, 60_000);
});

describe('results that would not fit in Excel', () => {
  it('refuses at import, before anything is sent, a list too wide for its results', async () => {
    const wide = path.join(dir, 'wide.csv');
    const extra = Array.from({ length: 16_380 }, (_, i) => `Extra ${i + 1}`);
    await writeFile(
      wide,
      `${[...HEADERS, ...extra].join(',')}\r\n${['000301', 'Wide GmbH', 'Str. 1', '10115', 'Berlin', 'DE', 'ERP', ...extra.map(() => 'x')].join(',')}\r\n`,
    );
    services.grants.grantRead(wide);
    const p = await call('files:preview', { path: wide });
    const conn = (await call('connections:list', {}))[0]!;
    const before = (await call('jobs:list', {})).length;
    const r = await services.router.dispatch('jobs:create', {
      path: wide,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: 'results_too_wide',
        message:
          '"wide.csv" has 16,387 columns; with the 16 result columns its results would need 16,403, more than the 16,384 columns an Excel sheet holds. Nothing was sent. Delete the columns the job does not need (it reads 7 of them), save the file and import it again; or, on the command line, import it with --out FILE.csv to get the results as a CSV file, which has no such limit.',
      });
    expect((await call('jobs:list', {})).length).toBe(before);
  }, 60_000);

  it('says why an export could not be written and that the results are kept', async () => {
    const jobs = await call('jobs:list', {});
    const folder = path.join(dir, 'a folder.xlsx');
    await mkdir(folder);
    services.grants.grantSaveAs(folder);
    const r = await services.router.dispatch('jobs:export', {
      jobId: jobs[0]!.id,
      format: 'xlsx',
      path: folder,
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toBe(
        `"${folder}" is a folder, so the results cannot be written in its place. Choose another file name. The results are kept in the journal: export them again from the Results screen, to another folder or as CSV.`,
      );
  });
});
