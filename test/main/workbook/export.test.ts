import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportResults,
  importRows,
  neutraliseFormula,
  readTable,
  RESULT_COLUMNS,
  selectRetryRows,
  suggestMapping,
  type PreviousResult,
  type ResultRow,
  type ValidatedRow,
} from '../../../src-main/workbook';
import { failureCode, makeTempDir, writeWorkbook } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const headers = ['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land', 'Notiz'];
const resultHeaders = RESULT_COLUMNS.map((c) => c.header);

const results: ResultRow[] = [
  {
    sourceRow: 2,
    cells: ['00017', 'Alpha GmbH', 'Hauptstr. 1', '01067', 'Dresden', 'DE', '=SUM(A1:A9)'],
    result: {
      status: 'done',
      platformId: 81234,
      creationUuid: 'u-1',
      screening: 'NoFindings',
      validation: 'COMPLETED',
      updatedAt: Date.UTC(2026, 10, 23, 9),
    },
  },
  {
    sourceRow: 3,
    cells: ['00018', 'Beta SAS', '2 Rue X', '06000', 'Nice', 'XX', '-5 % Rabatt'],
    result: {
      status: 'invalid',
      errorCode: 'country_unknown',
      errorMessage: 'Row 3, column Land (F): "XX" is not a country the app knows.',
    },
  },
  {
    sourceRow: 5,
    cells: ['00019', 'Gamma Ltd', '1 High St', 'SW1A 1AA', 'London', 'GB', "'+44 20 7946 0000"],
    result: { status: 'rejected', errorCode: 'api_row_rejected', errorMessage: 'address too long' },
  },
  {
    sourceRow: 6,
    cells: ['00020', '@Delta Corp', '5 Main St', '02134', 'Boston', 'US', ''],
    result: {
      status: 'created',
      platformId: '9001',
      creationUuid: 'u-4',
      updatedAt: '2026-11-23T10:00:00.000Z',
    },
  },
];

async function sheetValues(path: string, sheet: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(sheet);
  const out: string[][] = [];
  ws?.eachRow((row) => {
    const values = Array.from((row.values as unknown[]).slice(1), (v) =>
      v === null || v === undefined ? '' : String(v),
    );
    out.push(values);
  });
  return out;
}

describe('exportResults', () => {
  it('writes Results, Errors and Summary sheets', async () => {
    const path = join(dir, 'results.xlsx');
    const summary = await exportResults(path, {
      headers,
      rows: () => results,
      format: 'xlsx',
      now: Date.UTC(2026, 10, 23, 12),
    });
    expect(summary).toMatchObject({
      rows: 4,
      attention: 2,
      byStatus: { done: 1, invalid: 1, rejected: 1, created: 1 },
      byErrorCode: { country_unknown: 1, api_row_rejected: 1 },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Results', 'Errors', 'Summary']);
    const main = await sheetValues(path, 'Results');
    expect(main[0]).toEqual([...headers, ...resultHeaders]);
    expect(main[1]).toEqual([
      ...(results[0]?.cells ?? []),
      'done',
      '81234',
      'u-1',
      'NoFindings',
      'COMPLETED',
      '',
      '',
      '2026-11-23T09:00:00.000Z',
    ]);
    // Text stays text in a workbook: no formula is created from a value.
    expect(wb.getWorksheet('Results')?.getCell('G2').type).toBe(ExcelJS.ValueType.String);
    const errors = await sheetValues(path, 'Errors');
    expect(errors.map((r) => r[0])).toEqual(['Lieferanten-Nr.', '00018', '00019']);
    const summarySheet = await sheetValues(path, 'Summary');
    const flat = summarySheet.map((r) => r.join('|'));
    expect(flat).toContain('Rows|4');
    expect(flat).toContain('Rows that need attention (sheet Errors)|2');
    expect(
      flat.some((l) => l.startsWith('country_unknown|1|The country is not one the app knows')),
    ).toBe(true);
    expect(flat).toContain('NoFindings|1');
  });

  it('writes CSV with a BOM and formula injection neutralised', async () => {
    const path = join(dir, 'results.csv');
    await exportResults(path, { headers, rows: () => results, format: 'csv', delimiter: ';' });
    const bytes = await readFile(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe([...headers, ...resultHeaders].join(';'));
    expect(lines[1]?.split(';')[6]).toBe("'=SUM(A1:A9)");
    expect(lines[2]?.split(';')[6]).toBe("'-5 % Rabatt");
    expect(lines[3]?.split(';')[6]).toBe("''+44 20 7946 0000");
    expect(lines[4]?.split(';')[1]).toBe("'@Delta Corp");
    expect(neutraliseFormula('\tcmd')).toBe("'\tcmd");
    expect(neutraliseFormula('plain')).toBe('plain');
  });

  it('takes rows from an async source, read once per sheet', async () => {
    let reads = 0;
    const source = async function* () {
      reads++;
      for (const r of results) yield r;
    };
    const path = join(dir, 'async.xlsx');
    const summary = await exportResults(path, { headers, rows: source, format: 'xlsx' });
    expect(summary.rows).toBe(4);
    expect(reads).toBe(2);
    expect((await sheetValues(path, 'Errors')).length).toBe(3);
  });

  it('fails clearly when the target folder does not exist, leaving nothing behind', async () => {
    expect(
      await failureCode(
        exportResults(join(dir, 'missing', 'out.xlsx'), {
          headers,
          rows: () => results,
          format: 'xlsx',
        }),
      ),
    ).toBe('export_failed');
    expect(
      await failureCode(
        exportResults(join(dir, 'missing', 'out.csv'), {
          headers,
          rows: () => results,
          format: 'csv',
        }),
      ),
    ).toBe('export_failed');
  });
});

describe('round trip import → export → import', () => {
  const original = [
    ['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land', 'Seit', 'Notiz'],
    [
      '00017',
      'Müller & Söhne',
      'Königsallee 5',
      '01067',
      'Dresden',
      'Deutschland',
      new Date(Date.UTC(2020, 0, 31)),
      '=not a formula',
    ],
    ['18', 'Beta "Quotes" SAS', '2 Rue X\nBât. B', '75001', 'Paris', 'France', '', '-5'],
    ['', ' spaced ', '', '', '', '', '', "'@x"],
    ['00020', '東莞电子', '1 Road', '523000', '东莞', 'CN', '', '+1;2,3'],
  ];

  for (const format of ['xlsx', 'csv'] as const) {
    it(`loses nothing through ${format}`, async () => {
      const source = await writeWorkbook(join(dir, `original-${format}.xlsx`), [
        { name: 'Lieferanten', rows: original, build: (ws) => (ws.getCell('A3').numFmt = '00000') },
      ]);
      const first = await readTable(source);
      const rows: ResultRow[] = first.rows.map((r, i) => ({
        ...r,
        result: {
          status: i === 1 ? 'invalid' : 'done',
          errorCode: i === 1 ? 'value_missing' : null,
          platformId: i === 0 ? 7 : null,
        },
      }));
      const out = join(dir, `roundtrip.${format}`);
      await exportResults(out, {
        headers: first.columns.map((c) => c.header),
        rows: () => rows,
        format,
      });
      const again = await readTable(out);
      expect(again.columns.map((c) => c.header)).toEqual([
        ...first.columns.map((c) => c.header),
        ...resultHeaders,
      ]);
      const width = first.columns.length;
      expect(again.rows.map((r) => r.cells.slice(0, width))).toEqual(
        first.rows.map((r) => r.cells),
      );
      expect(again.rows.map((r) => r.cells[width])).toEqual(['done', 'invalid', 'done', 'done']);
      expect(again.rows[0]?.cells[width + 1]).toBe('7');
      // The re-imported file maps like the original.
      expect(
        suggestMapping(again.columns.map((c) => c.header)).mapping.fields.filter(
          (f) => f.column !== null,
        ),
      ).toEqual(
        suggestMapping(first.columns.map((c) => c.header)).mapping.fields.filter(
          (f) => f.column !== null,
        ),
      );
    });
  }
});

describe('re-importing a fixed results file', () => {
  it('picks for a retry only the rows that needed attention and are valid now, matched by identity', async () => {
    const sourceHeaders = ['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land'];
    const path = await writeWorkbook(join(dir, 'job.xlsx'), [
      {
        name: 'S',
        rows: [
          sourceHeaders,
          ['A1', 'Alpha', 'Str. 1', '10115', 'Berlin', 'DE'],
          ['A2', 'Beta', 'Str. 2', '10115', 'Berlin', 'Germny'],
          ['A3', 'Gamma', 'Str. 3', '10115', '', 'DE'],
          ['A4', 'Delta', 'Str. 4', '10115', 'Berlin', 'DE'],
        ],
      },
    ]);
    const mapping = suggestMapping(sourceHeaders).mapping;
    const first = await importRows(path, { mapping });
    const validated: ValidatedRow[] = [];
    for await (const r of first.rows) validated.push(r);
    // What the job knew: A2 and A3 invalid, A4 rejected by the API, A1 created.
    const statusOf: Record<string, string> = {
      A1: 'created',
      A2: 'invalid',
      A3: 'invalid',
      A4: 'rejected',
    };
    const previous: PreviousResult[] = validated.map((r) => ({
      identity: r.identity,
      status: statusOf[r.payload?.supplierId.id ?? r.cells[0] ?? ''] ?? 'done',
      errorCode: r.problems[0]?.code ?? null,
      ref: r.sourceRow,
    }));
    const exported = join(dir, 'job-results.xlsx');
    await exportResults(exported, {
      headers: first.columns.map((c) => c.header),
      rows: () =>
        validated.map((r, i) => ({
          sourceRow: r.sourceRow,
          cells: r.cells,
          result: { status: previous[i]?.status ?? '', errorCode: previous[i]?.errorCode ?? null },
        })),
      format: 'xlsx',
    });

    // The user fixes the country of A2 in Excel, leaves A3 as it is, and adds a new row.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(exported);
    const ws = wb.getWorksheet('Results');
    if (!ws) throw new Error('Results sheet missing');
    ws.getCell('F3').value = 'Germany';
    ws.addRow(['A9', 'New', 'Str. 9', '10115', 'Berlin', 'DE']);
    await wb.xlsx.writeFile(exported);

    const reimport = await importRows(exported, {
      sheet: 'Results',
      mapping: suggestMapping(
        (await readTable(exported, { sheet: 'Results' })).columns.map((c) => c.header),
      ).mapping,
    });
    const selection = await selectRetryRows(reimport.rows, previous);
    expect(selection.retry.map((m) => [m.row.payload?.supplierId.id, m.previous.ref])).toEqual([
      ['A2', 3],
      ['A4', 5],
    ]);
    expect(selection.retry[0]?.row.payload?.countryCode).toBe('DE');
    expect(selection.stillInvalid.map((m) => m.row.problems[0]?.code)).toEqual(['value_missing']);
    expect(selection.alreadyDone.map((m) => m.previous.ref)).toEqual([2]);
    expect(selection.unmatched.map((r) => r.cells[0])).toEqual(['A9']);
  });
});
