// The two columns of likely duplicates in the results workbook (issue 30): "Likely duplicate of"
// (the others of the row's group as `row N`, the platform's suppliers as `platform ID`) and
// "Duplicate decision" (kept, left out, attached to platform N, or waiting for your decision),
// in English and German, in .xlsx and .csv, read back by exceljs and openpyxl; a row that waits
// goes to the Errors sheet; the columns are result columns when a results file comes back, and a
// cell longer than Excel holds is cut as the other columns' cells are.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likelyDuplicateOf, type RowDuplicates } from '../../../src-shared/duplicates';
import type { Lang } from '../../../src-shared/i18n';
import {
  exportResults,
  isResultHeader,
  previewTable,
  RESULT_HEADER_KEYS,
  resultHeader,
  suggestMapping,
  type ResultRow,
} from '../../../src-main/workbook';
import { EXCEL_MAX_CELL_CHARS } from '../../../src-main/workbook/export';
import { makeTempDir } from './helpers';

const PYTHON = '/usr/bin/python3';
const hasOpenpyxl = spawnSync(PYTHON, ['-c', 'import openpyxl']).status === 0;
if (!hasOpenpyxl)
  console.warn('duplicateColumns: openpyxl test skipped (apt-get install python3-openpyxl)');

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const headers = ['Supplier ID', 'Name', 'City'];
const group: RowDuplicates = {
  group: 1,
  rows: [{ sourceRow: 5, score: 0.97, reasons: [] }, { sourceRow: 11 }],
};
const base = (platformId: string): RowDuplicates => ({
  base: [
    {
      platformId,
      name: 'Nordwind Stahlbau GmbH',
      street: 'Am Sandtorkai 12',
      postalCode: '20457',
      city: 'Hamburg',
      countryCode: 'DE',
      score: 0.93,
      reasons: [],
    },
  ],
});
const of = (d: RowDuplicates | null) => likelyDuplicateOf(d) || null;

const rows: ResultRow[] = [
  {
    sourceRow: 2,
    cells: ['DUP-001', 'Müller Holzbau GmbH & Co. KG', 'Stuttgart'],
    result: {
      status: 'done',
      platformId: '100011',
      likelyDuplicateOf: of(group),
      duplicateDecision: { decision: 'keep' },
      sourceRow: 2,
    },
  },
  {
    sourceRow: 4,
    cells: ['DUP-003', 'NORDWIND STAHLBAU GMBH', 'Hamburg'],
    result: {
      status: 'done',
      platformId: '100045',
      likelyDuplicateOf: of(base('100045')),
      duplicateDecision: { decision: 'attach', platformId: '100045' },
      sourceRow: 4,
    },
  },
  {
    sourceRow: 5,
    cells: ['DUP-004', 'Mueller Holzbau GmbH', 'Stuttgart'],
    result: {
      status: 'skipped',
      likelyDuplicateOf: of({ group: 1, rows: [{ sourceRow: 2 }, { sourceRow: 11 }] }),
      duplicateDecision: { decision: 'skip' },
      sourceRow: 5,
    },
  },
  {
    sourceRow: 6,
    cells: ['DUP-005', 'Bäckerei Sonnenschein GmbH', 'Dresden'],
    result: { status: 'done', platformId: '100012', sourceRow: 6 },
  },
  {
    sourceRow: 7,
    cells: ['DUP-006', 'Atelier Lumiere S.A.R.L.', 'Lyon'],
    result: {
      status: 'duplicate',
      likelyDuplicateOf: of({ ...group, ...base('100002') }),
      duplicateDecision: { decision: 'waiting' },
      sourceRow: 7,
    },
  },
];

const WORDS: Record<Lang, { headers: [string, string]; cells: (string | null)[][] }> = {
  en: {
    headers: ['Likely duplicate of', 'Duplicate decision'],
    cells: [
      ['row 5; row 11', 'kept'],
      ['platform 100045', 'attached to platform 100045'],
      ['row 2; row 11', 'left out'],
      [null, null],
      ['row 5; row 11; platform 100002', 'waiting for your decision'],
    ],
  },
  de: {
    headers: ['Wahrscheinliche Dublette von', 'Dublettenentscheidung'],
    cells: [
      ['row 5; row 11', 'behalten'],
      ['platform 100045', 'dem Plattform-Lieferanten 100045 zugeordnet'],
      ['row 2; row 11', 'ausgelassen'],
      [null, null],
      ['row 5; row 11; platform 100002', 'wartet auf Ihre Entscheidung'],
    ],
  },
};

async function sheetRows(file: string, sheet: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet(sheet)!;
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    out.push(Array.from({ length: ws.columnCount }, (_, i) => values[i + 1] ?? null));
  });
  return out;
}

describe('the likely-duplicate columns of the results', () => {
  it.each(['en', 'de'] as const)(
    'are written and read back by exceljs (%s), the waiting row on the Errors sheet',
    async (lang) => {
      const file = join(dir, `results.${lang}.xlsx`);
      const summary = await exportResults(file, {
        headers,
        rows: () => rows,
        format: 'xlsx',
        lang,
      });
      const words = WORDS[lang];
      const sheets = lang === 'en' ? ['Results', 'Errors'] : ['Ergebnisse', 'Fehler'];
      const results = await sheetRows(file, sheets[0]!);
      const header = results[0] as string[];
      const at = words.headers.map((h) => header.indexOf(h));
      expect(at.every((i) => i > headers.length)).toBe(true);
      expect(at[1]).toBe(at[0]! + 1);
      expect(results.slice(1).map((r) => at.map((i) => r[i]))).toEqual(words.cells);
      // The row that waits for a decision needs the user: it is on the Errors sheet too, its
      // status worded as the file's language words a row state.
      expect(summary.attention).toBe(1);
      const errors = await sheetRows(file, sheets[1]!);
      expect(errors.slice(1).map((r) => r[0])).toEqual(['DUP-006']);
      const status = header.indexOf(resultHeader('status', lang));
      expect(errors[1]![status]).toBe(
        lang === 'en' ? 'Likely duplicate' : 'Wahrscheinliche Dublette',
      );
      expect(errors[1]![at[1]!]).toBe(words.cells[4]![1]);
    },
  );

  it.each(['en', 'de'] as const)('are written to a CSV file (%s)', async (lang) => {
    const file = join(dir, `results.${lang}.csv`);
    await exportResults(file, { headers, rows: () => rows, format: 'csv', lang });
    const table = parse(await readFile(file, 'utf8'), { bom: true }) as string[][];
    const at = WORDS[lang].headers.map((h) => table[0]!.indexOf(h));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(table.slice(1).map((r) => at.map((i) => r[i] || null))).toEqual(WORDS[lang].cells);
  });

  it.skipIf(!hasOpenpyxl)('open in openpyxl with their words', async () => {
    const file = join(dir, 'results.en.xlsx');
    await exportResults(file, { headers, rows: () => rows, format: 'xlsx', lang: 'en' });
    const script = `
import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Results"]
print(json.dumps([[c.value for c in r] for r in ws.iter_rows()]))
`;
    const r = spawnSync(PYTHON, ['-c', script, file], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const table = JSON.parse(r.stdout) as (string | number | null)[][];
    const at = WORDS.en.headers.map((h) => table[0]!.indexOf(h));
    expect(table.slice(1).map((row) => at.map((i) => row[i]))).toEqual(WORDS.en.cells);
  });

  it('cut a cell longer than Excel holds, as the other columns do; the CSV keeps it whole', async () => {
    const many: RowDuplicates = {
      group: 1,
      rows: Array.from({ length: 5_000 }, (_, i) => ({ sourceRow: i + 3 })),
    };
    const long = likelyDuplicateOf(many);
    expect(long.length).toBeGreaterThan(EXCEL_MAX_CELL_CHARS);
    const big: ResultRow[] = [
      {
        sourceRow: 2,
        cells: ['X-1', 'Big Group GmbH', 'Berlin'],
        result: {
          status: 'duplicate',
          likelyDuplicateOf: long,
          duplicateDecision: { decision: 'waiting' },
        },
      },
    ];
    const xlsx = join(dir, 'big.xlsx');
    const summary = await exportResults(xlsx, { headers, rows: () => big, format: 'xlsx' });
    expect(summary.cutCells).toBeGreaterThanOrEqual(1);
    const results = await sheetRows(xlsx, 'Results');
    const cell = results[1]![(results[0] as string[]).indexOf('Likely duplicate of')] as string;
    expect(cell.length).toBeLessThanOrEqual(EXCEL_MAX_CELL_CHARS);
    expect(cell).toMatch(/^row 3; row 4; .* … \[cut: [\d,]+ characters\]$/);
    const csv = join(dir, 'big.csv');
    await exportResults(csv, { headers, rows: () => big, format: 'csv' });
    const table = parse(await readFile(csv, 'utf8'), { bom: true }) as string[][];
    expect(table[1]![table[0]!.indexOf('Likely duplicate of')]).toBe(long);
  });

  it('are result columns in either language: a results file brought back maps none of them', async () => {
    for (const lang of ['en', 'de'] as const) {
      for (const [i, h] of WORDS[lang].headers.entries()) {
        expect(isResultHeader(h)).toBe(true);
        expect(RESULT_HEADER_KEYS.get(h.toLowerCase())).toBe(
          i === 0 ? 'likelyDuplicateOf' : 'duplicateDecision',
        );
      }
      const file = join(dir, `back.${lang}.xlsx`);
      await exportResults(file, { headers, rows: () => rows, format: 'xlsx', lang });
      const table = await previewTable(file, { limit: 10 });
      const all = table.columns.map((c) => c.header);
      expect(all).toEqual(expect.arrayContaining(WORDS[lang].headers));
      const s = suggestMapping(all);
      const mapped = new Set(s.fields.filter((f) => f.column !== null).map((f) => all[f.column!]));
      for (const h of WORDS[lang].headers) expect(mapped.has(h)).toBe(false);
    }
  });
});
