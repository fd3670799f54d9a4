// A job with more rows than one Excel sheet holds (1,048,576 with the header), exported at the
// real limit: the rows go on in a continuation sheet and none is lost. The journal rows are
// written directly in batches (an import of such a file would take minutes), the export is the
// service's own, and the workbook is read back with the app's own streaming reader, the one that
// reads a results file brought back (openpyxl and LibreOffice read the app's workbooks in
// test/main/workbook/excelClients.test.ts). It takes minutes, so it
// runs when asked: EXCEL_LIMIT_TEST=1 npx vitest run test/main/services/excelRowLimit.test.ts
// (test/main/workbook/export.test.ts checks the same split at a lowered limit on every run).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import type { NewRow } from '../../../src-main/journal/journal';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { EXCEL_MAX_ROWS } from '../../../src-main/workbook';
import { listXlsxSheets } from '../../../src-main/workbook/inspect';
import { readXlsxRows } from '../../../src-main/workbook/xlsxRows';

let dir: string;
let services: AppServices;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'excel-row-limit-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: false,
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

it.runIf(process.env.EXCEL_LIMIT_TEST === '1')(
  'puts the rows beyond one sheet on a continuation sheet',
  async () => {
    const { journal, onboarding } = await services.ready();
    const conn = journal.createConnection({
      name: 'limit',
      baseUrl: 'http://127.0.0.1:9',
      limits: { GET: [{ limit: 1, windowMs: 1000 }], WRITE: [{ limit: 1, windowMs: 1000 }] },
    });
    const job = journal.createJob({
      name: 'big.csv',
      connectionId: conn.id,
      sourcePath: path.join(dir, 'big.csv'),
      sourceHash: '0',
      sourceSheet: null,
      headerRow: 1,
      headers: ['Supplier No'],
      mapping: { fields: [{ field: 'supplierId.id', column: 0 }] },
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    // 1,048,575 rows fit under the header; the other 10 go on.
    const total = EXCEL_MAX_ROWS + 9;
    for (let start = 0; start < total; start += 20_000) {
      const batch: NewRow[] = [];
      for (let i = start; i < Math.min(total, start + 20_000); i++) {
        const id = String(i + 1).padStart(7, '0');
        batch.push({
          sourceRow: i + 2,
          cells: [id],
          payload: { supplierId: { id } },
          identityKey: id,
          state: 'valid',
        });
      }
      journal.addRows(job.id, batch);
    }
    const out = path.join(dir, 'big.results.xlsx');
    const summary = await onboarding.exportJob(job.id, 'xlsx', out);
    expect(summary.rows).toBe(total);
    expect(summary.resultSheets).toEqual(['Results', 'Results (2)']);

    const counts: Record<string, number> = {};
    const last: Record<string, unknown> = {};
    const sheets = await listXlsxSheets(out);
    expect(sheets.map((s) => s.name)).toEqual(['Results', 'Results (2)', 'Errors', 'Summary']);
    for (const sheet of sheets.slice(0, 2)) {
      counts[sheet.name] = 0;
      for await (const row of readXlsxRows(out, sheet, [])) {
        counts[sheet.name]!++;
        last[sheet.name] = row.cells[0];
      }
    }
    expect(counts.Results).toBe(EXCEL_MAX_ROWS);
    expect(counts['Results (2)']).toBe(11); // the header and the last ten rows
    expect(last['Results (2)']).toBe(String(total).padStart(7, '0'));
  },
  900_000,
);
