// A job from a workbook whose cells Excel changed: the import notes say each kind of change once
// with its first example, and a cell problem the cell's text no longer shows (an id Excel read
// as a date) stays through a fix of another field until the id itself is fixed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { importSuggested, commandCaller } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cell-values-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
  });
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

async function workbook(): Promise<string> {
  const file = path.join(dir, 'Lieferanten.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land']);
  ws.addRow(['L-1\u200B', 'Acme\u00A0GmbH', 'Hauptstr. 1', '1067', 'Dresden', 'DE']);
  ws.addRow(['L-2\u200B', 'Beta\u00A0AG', 'Hauptstr. 2', '1069', 'Dresden', 'DE']);
  ws.addRow(['\uFEFFL-3', 'Gamma\u00A0KG', 'Hauptstr. 3', '10115', 'Berlin', 'DE']);
  ws.addRow([new Date(Date.UTC(2024, 0, 5)), 'Datum GmbH', 'Hauptstr. 4', '10115', '', 'DE']);
  await wb.xlsx.writeFile(file);
  services.grants.grantRead(file);
  return file;
}

describe('a job from cells Excel changed', () => {
  it('says each change once, and keeps a bent id a problem until it is fixed', async () => {
    const file = await workbook();
    const created = await importSuggested(call, file);
    expect(created.summary).toMatchObject({ rows: 4, valid: 3, invalid: 1 });
    const said = created.notes.filter((n) => n.row === null).map((n) => n.message);
    expect(said).toEqual(
      expect.arrayContaining([
        'Row 2, column Name (B): the no-break space U+00A0 became a normal space: "Acme GmbH". (and 2 more rows like it)',
        'Row 2, column Lieferanten-Nr. (A): the invisible zero-width space U+200B was removed: "L-1". (and 2 more rows like it)',
        'Row 2: postal code 1067 became 01067; DE postal codes have five digits and the leading zero was lost in Excel. (and 1 more row like it)',
      ]),
    );

    const [bent] = (
      await call('rows:page', { jobId: created.jobId, filter: { states: ['invalid'] } })
    ).rows;
    expect(bent?.sourceRow).toBe(5);
    expect(bent?.problems.map((p) => p.code)).toEqual(['id_became_date', 'value_missing']);

    // Fixing the city alone: the id is still the date Excel made of it.
    const cityFixed = await call('rows:fix', { rowId: bent!.id, edits: { city: 'Berlin' } });
    expect(cityFixed.state).toBe('invalid');
    expect(cityFixed.problems.map((p) => p.message)).toEqual([
      '"2024-01-05" is a date: Excel turned the supplier id into a date (row 5, column Lieferanten-Nr. (A)). Format the column as Text in Excel and type the id again.',
    ]);
    // Typing the id again settles it.
    const idFixed = await call('rows:fix', { rowId: bent!.id, edits: { 'supplierId.id': 'L-4' } });
    expect(idFixed.state).toBe('valid');
    expect(idFixed.problems).toEqual([]);
  });
});
