// Fixes of many rows at once through the router, on a real journal: the same value for every row
// with a value (counted first), find and replace within a column, undo that puts back exactly
// what every touched row had, and the filters by a column's value and by state.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowView } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { importSuggested, commandCaller } from './support';

let dir: string;
let services: AppServices;
let jobId: string;
const call = commandCaller(() => services);

/** 40 suppliers: every third in "Atlantis" (14 rows), rows 10 and 20 without a city, and the
 *  street "Hauptstr." on the even ones. */
async function workbook(): Promise<string> {
  const file = path.join(dir, 'Lieferanten.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land']);
  for (let i = 1; i <= 40; i++) {
    ws.addRow([
      `L-${i}`,
      `Lieferant ${i} GmbH`,
      i % 2 === 0 ? `Hauptstr. ${i}` : `Ringweg ${i}`,
      '10115',
      i === 10 || i === 20 ? '' : 'Berlin',
      i % 3 === 1 ? 'Atlantis' : 'Deutschland',
    ]);
  }
  await wb.xlsx.writeFile(file);
  return file;
}

async function allRows(): Promise<RowView[]> {
  return (await call('rows:page', { jobId, limit: 500 })).rows;
}

/** What undo must put back: everything of a row the user's fix may change. */
const snapshot = (rows: RowView[]) =>
  rows.map((r) => ({
    id: r.id,
    state: r.state,
    edits: r.edits,
    payload: r.payload,
    problems: r.problems,
    identity: r.identity,
  }));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bulk-fix-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
  });
  const file = await workbook();
  services.grants.grantRead(file); // the user chose it, as with the file dialog
  const created = await importSuggested(call, file);
  jobId = created.jobId;
  expect(created.summary).toMatchObject({ rows: 40, invalid: 15 });
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

describe('fixes of many rows', () => {
  it('filters by a column value, combined with a state and a kind of problem', async () => {
    const atlantis = await call('rows:page', {
      jobId,
      filter: { value: { field: 'countryCode', column: 5, value: 'Atlantis' } },
      limit: 500,
    });
    expect(atlantis.rows).toHaveLength(14);
    // A column of the file with no field: its cell.
    const byCell = await call('rows:page', {
      jobId,
      filter: { value: { field: null, column: 4, value: '' }, states: ['invalid'] },
      limit: 500,
    });
    expect(byCell.rows.map((r) => r.sourceRow)).toEqual([11, 21]);
    const combined = await call('rows:page', {
      jobId,
      filter: {
        states: ['valid'],
        value: { field: 'countryCode', column: 5, value: 'Atlantis' },
      },
      limit: 500,
    });
    expect(combined.rows).toHaveLength(0);
    const kind = await call('rows:page', {
      jobId,
      filter: {
        problem: { code: 'value_missing', field: 'city' },
        value: { field: 'countryCode', column: 5, value: 'Deutschland' },
      },
      limit: 500,
    });
    // Row 10 has no city and is in Atlantis; row 20 has none and is in Germany.
    expect(kind.rows.map((r) => r.sourceRow)).toEqual([21]);
  });

  it('counts the rows with a value before changing them, then fixes them in one go', async () => {
    const before = snapshot(await allRows());
    const count = await call('rows:fixMany', {
      jobId,
      field: 'countryCode',
      find: 'atlantis',
      replace: 'ES',
      whole: true,
    });
    expect(count.rows).toBe(14);
    expect(count.batch).toBeNull();
    expect(count.examples[0]).toEqual({ sourceRow: 2, before: 'Atlantis', after: 'ES' });
    // Counting wrote nothing.
    expect(snapshot(await allRows())).toEqual(before);

    const done = await call('rows:fixMany', {
      jobId,
      field: 'countryCode',
      find: 'Atlantis',
      replace: 'ES',
      whole: true,
      matchCase: true,
      apply: true,
    });
    expect(done.rows).toBe(14);
    expect(done.batch).toMatchObject({ kind: 'same_value', field: 'countryCode', rows: 14 });
    // The row still without a city is said as having a problem, never as fixed.
    expect(done.withProblems).toBe(1);
    const rows = await allRows();
    const spanish = rows.filter((r) => r.edits.countryCode === 'ES');
    expect(spanish).toHaveLength(14);
    // Each row was validated again: Spain is a country, so only the row without a city is left.
    expect(spanish.filter((r) => r.state === 'invalid').map((r) => r.sourceRow)).toEqual([11]);
    expect(spanish.find((r) => r.sourceRow === 2)?.payload).toMatchObject({ countryCode: 'ES' });
    const job = await call('jobs:get', { jobId });
    expect(job.counts.invalid).toBe(2);
    // The filter by value now sees the fixed value.
    const es = await call('rows:page', {
      jobId,
      filter: { value: { field: 'countryCode', column: 5, value: 'ES' } },
      limit: 500,
    });
    expect(es.rows).toHaveLength(14);
  });

  it('replaces text within a column and leaves other columns alone', async () => {
    const count = await call('rows:fixMany', {
      jobId,
      field: 'address',
      find: 'hauptstr.',
      replace: 'Hauptstraße',
      whole: false,
    });
    expect(count.rows).toBe(20);
    expect(count.examples[0]).toEqual({
      sourceRow: 3,
      before: 'Hauptstr. 2',
      after: 'Hauptstraße 2',
    });
    const caseSensitive = await call('rows:fixMany', {
      jobId,
      field: 'address',
      find: 'hauptstr.',
      replace: 'Hauptstraße',
      whole: false,
      matchCase: true,
    });
    expect(caseSensitive.rows).toBe(0);
    const done = await call('rows:fixMany', {
      jobId,
      field: 'address',
      find: 'Hauptstr.',
      replace: 'Hauptstraße',
      whole: false,
      apply: true,
    });
    expect(done.batch).toMatchObject({ kind: 'replace', rows: 20 });
    const rows = await allRows();
    expect(rows.find((r) => r.sourceRow === 41)?.payload).toMatchObject({
      address: 'Hauptstraße 40',
    });
    expect(rows.find((r) => r.sourceRow === 2)?.edits.address).toBeUndefined();
    // Both fixes can be undone, the newest first.
    const stack = await call('rows:fixes', { jobId });
    expect(stack.map((b) => b.kind)).toEqual(['replace', 'same_value']);
  });

  it('undoes the newest fixes, giving every row exactly its earlier values', async () => {
    const [replace, same] = await call('rows:fixes', { jobId });
    // Only the newest fix can be undone.
    await expect(call('rows:undo', { jobId, batchId: same!.id })).rejects.toThrow(
      /a newer fix was made/,
    );
    const beforeReplace = snapshot(await allRows());
    // A single fix on top, then undone: the stack is a stack.
    const row11 = (await allRows()).find((r) => r.sourceRow === 11)!;
    const fixed = await call('rows:fix', { rowId: row11.id, edits: { city: 'Madrid' } });
    expect(fixed.state).toBe('valid');
    const [single] = await call('rows:fixes', { jobId });
    expect(single).toMatchObject({ kind: 'fix', rows: 1, sourceRow: 11, fields: ['city'] });
    expect((await call('rows:undo', { jobId, batchId: single!.id })).rows).toBe(1);
    expect(snapshot(await allRows())).toEqual(beforeReplace);

    const undone = await call('rows:undo', { jobId, batchId: replace!.id });
    expect(undone.rows).toBe(20);
    const afterFirstUndo = await allRows();
    expect(afterFirstUndo.filter((r) => r.edits.address !== undefined)).toHaveLength(0);
    expect(afterFirstUndo.filter((r) => r.edits.countryCode === 'ES')).toHaveLength(14);

    await call('rows:undo', { jobId, batchId: same!.id });
    const rows = await allRows();
    expect(rows.filter((r) => Object.keys(r.edits).length > 0)).toHaveLength(0);
    expect(rows.filter((r) => r.state === 'invalid')).toHaveLength(15);
    const atlantis = rows.find((r) => r.sourceRow === 2)!;
    expect(atlantis.problems[0]?.code).toBe('country_unknown');
    expect((await call('jobs:get', { jobId })).counts.invalid).toBe(15);
    expect(await call('rows:fixes', { jobId })).toEqual([]);
    // The history keeps every step.
    const events = await call('rows:events', { rowId: atlantis.id });
    expect(events.filter((e) => e.kind === 'note').map((e) => Object.keys(e.detail)[0])).toEqual([
      'userFix',
      'undoFix',
    ]);
    // Undone twice: refused with the next step.
    await expect(call('rows:undo', { jobId, batchId: same!.id })).rejects.toThrow(/already undone/);
  });

  it('asks for the text to find before a find and replace', async () => {
    await expect(
      call('rows:fixMany', { jobId, field: 'city', find: '', replace: 'x', whole: false }),
    ).rejects.toThrow(/Enter the text to find/);
  });
});
