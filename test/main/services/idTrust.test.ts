// Ids the import cannot trust are said when the job is made, through the router as the UI calls
// it: a column of ids where some kept their leading zeros and others are plain numbers, and a
// column of the ids' source system that the mapping leaves out.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { word } from '../../../src-shared/i18n';
import { zerosPaddedSentence } from '../../../src-shared/retryWords';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'id-trust-'));
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

async function list(name: string, headers: string[], rows: unknown[][]): Promise<string> {
  const file = path.join(dir, name);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Proveedores');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  services.grants.grantRead(file);
  return file;
}

async function made(file: string) {
  const preview = await call('files:preview', { path: file });
  const conn = (await call('connections:list', {}))[0]!;
  return call('jobs:create', {
    path: file,
    connectionId: conn.id,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
  });
}

describe('ids the import cannot trust', () => {
  it('names plain-number ids beside zero-padded ones, and an unmapped source column', async () => {
    const file = await list(
      'proveedores.xlsx',
      ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Fuente'],
      [
        ['000151', 'Alpha SL', 'Calle 1', '28001', 'Madrid', 'ES', 'SAP'],
        [152, 'Beta SL', 'Calle 2', '28001', 'Madrid', 'ES', 'Ariba'],
        ['000153', 'Gamma SL', 'Calle 3', '28001', 'Madrid', 'ES', 'SAP'],
      ],
    );
    const job = await made(file);
    const byKind = (k: string) => job.notes.find((n) => n.kind === k);
    const zeros = byKind('ids_zeros_mixed');
    expect(zeros?.message).toBe(
      word('en', 'note.ids_zeros_mixed', {
        column: 'Supplier No (A)',
        count: 1,
        plain: '152',
        padded: '000151',
      }),
    );
    expect(byKind('source_unmapped')?.message).toBe(
      word('en', 'note.source_unmapped', { column: 'Fuente (G)' }),
    );
  });

  it('holds an id without the zeros of its column until the user types it', async () => {
    const file = await list(
      'ceros.xlsx',
      ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source'],
      [
        ['000151', 'Alpha SL', 'Calle 1', '28001', 'Madrid', 'ES', 'SAP'],
        [160, 'Beta SL', 'Calle 2', '28001', 'Madrid', 'ES', 'SAP'],
        ['000153', 'Gamma SL', 'Calle 3', '28001', 'Madrid', 'ES', 'SAP'],
      ],
    );
    const { jobId } = await made(file);
    const { rows } = await call('rows:page', { jobId, filter: {} });
    const beta = rows.find((r) => r.sourceRow === 3)!;
    expect(beta.state).toBe('invalid');
    expect(beta.problems?.map((p) => p.code)).toEqual(['id_zeros_dropped']);
    expect(beta.problems?.[0]?.message).toContain('000160');
    expect(rows.filter((r) => r.state === 'valid')).toHaveLength(2);
    // Fixing another field leaves it held; the id typed again as it is is the user's word.
    expect((await call('rows:fix', { rowId: beta.id, edits: { city: 'Sevilla' } })).state).toBe(
      'invalid',
    );
    expect(
      (await call('rows:fix', { rowId: beta.id, edits: { 'supplierId.id': '160' } })).state,
    ).toBe('valid');
  });

  it('says nothing of a list whose ids are all of one kind and whose source is mapped', async () => {
    const file = await list(
      'clean.xlsx',
      ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source'],
      [
        ['000161', 'Alpha SL', 'Calle 1', '28001', 'Madrid', 'ES', 'SAP'],
        ['000162', 'Beta SL', 'Calle 2', '28001', 'Madrid', 'ES', 'SAP'],
      ],
    );
    const job = await made(file);
    expect(job.notes.map((n) => n.kind)).not.toContain('ids_zeros_mixed');
    expect(job.notes.map((n) => n.kind)).not.toContain('source_unmapped');
  });
});

describe('a fixed id that names another row of the list', () => {
  it('is a problem of that row, never "existed before"', async () => {
    const file = await list(
      'fixes.xlsx',
      ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source'],
      [
        ['000301', 'Alpha GmbH', 'Str. 1', '10115', 'Berlin', 'DE', 'SAP'],
        ['000302', 'Beta GmbH', 'Str. 2', '10115', '', 'DE', 'SAP'], // no city
      ],
    );
    const { jobId } = await made(file);
    await call('jobs:start', { jobId });
    await waitForJob(jobId, ['needs_attention']);
    const results = path.join(dir, 'fixes.results.xlsx');
    await call('jobs:export', { jobId, format: 'xlsx' });

    // On the Errors sheet, the user fixes Beta's city and types Alpha's id over Beta's by
    // mistake (Alpha, done, is not on that sheet: no duplicate in the file to see).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const ws = wb.getWorksheet('Errors')!;
    const beta = ws.getRow(2);
    expect(String(beta.getCell(1).value)).toBe('000302');
    beta.getCell(5).value = 'Hamburg';
    beta.getCell(1).value = '000301';
    await wb.xlsx.writeFile(results);

    const before = (await services.ready()).sandbox!.stats().createRequestsAccepted;
    const retry = await call('jobs:retryFromResults', { path: results, jobId });
    expect(retry, JSON.stringify(retry)).toMatchObject({ retry: 1 });
    await call('jobs:check', { jobId: retry.jobId! });
    const checked = await waitForJob(retry.jobId!, ['ready', 'needs_attention']);
    expect(checked.counts).toEqual({ invalid: 1 });
    const [row] = (await call('rows:page', { jobId: retry.jobId!, filter: {} })).rows;
    expect(row?.errorMessage).toBe(
      word('en', 'failure.invalid_input.id_of_other_row', {
        id: '000301',
        otherRow: 2,
        otherName: 'Alpha GmbH',
        platformId: (await call('rows:page', { jobId, filter: { states: ['done'] } })).rows[0]!
          .platformId!,
      }),
    );
    // Nothing was created or changed for it.
    expect((await services.ready()).sandbox!.stats().createRequestsAccepted).toBe(before);
  }, 60_000);
});

describe('a new id typed into a column a spreadsheet keeps as numbers', () => {
  it('is sent back with the zeros of its column by --retry-from, and said', async () => {
    const file = await list(
      'zeros.xlsx',
      ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source'],
      [
        ['000401', 'Delta KG', 'Weg 7', '10115', 'Berlin', 'DE', 'SAP'],
        ['000402', 'Epsilon KG', 'Weg 9', '10115', '', 'DE', 'SAP'], // no city
      ],
    );
    const { jobId } = await made(file);
    await call('jobs:start', { jobId });
    await waitForJob(jobId, ['needs_attention']);
    const results = path.join(dir, 'zeros.results.xlsx');
    await call('jobs:export', { jobId, format: 'xlsx' });

    // The user fixes the city and types the id 000460, which Excel keeps as the number 460.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const beta = wb.getWorksheet('Errors')!.getRow(2);
    beta.getCell(5).value = 'Hamburg';
    beta.getCell(1).value = 460;
    await wb.xlsx.writeFile(results);

    const retry = await call('jobs:retryFromResults', { path: results, jobId });
    expect(retry, JSON.stringify(retry)).toMatchObject({
      retry: 1,
      zerosPadded: 1,
      zerosPaddedRows: [{ sourceRow: 3, from: '460', to: '000460' }],
    });
    const [row] = (await call('rows:page', { jobId: retry.jobId!, filter: {} })).rows;
    expect((row?.payload?.supplierId as { id: string }).id).toBe('000460');
    expect(zerosPaddedSentence('de', retry)).toContain('Zeile 3: 460 → 000460');
  }, 60_000);
});
