// The results workbook as other spreadsheet programs read it, and their workbooks as the app
// reads them: LibreOffice (soffice, headless) and Python's openpyxl open the workbook the export
// writes with its values, types, text format, notes, frozen header, filter and sheet names; a
// workbook each of them writes imports into the app. The tests need both programs (CI installs
// them, see .ci/run); without them they are skipped, saying so.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportResults,
  previewTable,
  readTable,
  RESULT_COLUMNS,
  type ResultRow,
} from '../../../src-main/workbook';
import { makeTempDir } from './helpers';

const PYTHON = '/usr/bin/python3';
const hasSoffice = spawnSync('sh', ['-c', 'command -v soffice']).status === 0;
const hasOpenpyxl = spawnSync(PYTHON, ['-c', 'import openpyxl']).status === 0;
const NO_SOFFICE = 'LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui';
const NO_OPENPYXL = 'openpyxl is not installed: apt-get install python3-openpyxl';
if (!hasSoffice) console.warn(`excelClients: LibreOffice tests skipped. ${NO_SOFFICE}`);
if (!hasOpenpyxl) console.warn(`excelClients: openpyxl tests skipped. ${NO_OPENPYXL}`);

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

/** Runs LibreOffice headless with a profile of its own (no clash with another instance). */
function soffice(args: string[], cwd: string): void {
  const r = spawnSync(
    'soffice',
    [`-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--headless', ...args],
    { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, HOME: dir } },
  );
  if (r.status !== 0) throw new Error(`soffice ${args.join(' ')}: ${r.status} ${r.stderr}`);
}

function python(script: string, ...args: string[]): string {
  const r = spawnSync(PYTHON, ['-c', script, ...args], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`python: ${r.status} ${r.stderr}`);
  return r.stdout;
}

const headers = ['Lieferanten-Nr.', 'Name', 'PLZ', 'Ort', 'Beschreibung'];
const LONG = `Öffnungszeiten und Lieferbedingungen: ${'Anlieferung über Tor 3, Rampe Süd. '.repeat(200)}`;
const rows: ResultRow[] = [
  {
    sourceRow: 2,
    cells: ['00017', 'Müller & Söhne <GmbH>', '04109', 'Leipzig', LONG],
    result: { status: 'done', platformId: 81234, updatedAt: Date.UTC(2026, 10, 23, 9) },
    notes: [{ column: 3, text: 'In your file: Lpz & Co' }],
  },
  {
    sourceRow: 3,
    cells: ['00018', 'Jörg\u0001 Straßenbau', '01067', 'Dresden', '=1+1'],
    result: {
      status: 'invalid',
      errorCode: 'value_missing',
      errorMessage: 'Row 3: the city is required.',
    },
  },
  {
    sourceRow: 4,
    cells: ['00019', ' Ærø Fisk ', '', 'Köln', 'zwei\nZeilen'],
    result: { status: 'done', platformId: 81236 },
  },
];
/** What each program should read in the original columns (the control character left out). */
const expected = [
  ['00017', 'Müller & Söhne <GmbH>', '04109', 'Leipzig', LONG],
  ['00018', 'Jörg Straßenbau', '01067', 'Dresden', '=1+1'],
  ['00019', ' Ærø Fisk ', null, 'Köln', 'zwei\nZeilen'],
];
const resultHeaders = RESULT_COLUMNS.map((c) => c.header);
const statusColumn = headers.length;
const sourceRowColumn = headers.length + RESULT_COLUMNS.findIndex((c) => c.key === 'sourceRow');
const SHEETS = ['Results', 'Results (2)', 'Errors', 'Summary'];

let exported: string;
async function exportJob(): Promise<string> {
  exported ??= join(dir, 'results.xlsx');
  await exportResults(exported, {
    headers,
    rows: () => rows,
    format: 'xlsx',
    textColumns: [0, 2],
    // Two rows a sheet, so that the results go on to a second sheet.
    maxRowsPerSheet: 3,
    now: Date.UTC(2026, 10, 23, 12),
  });
  return exported;
}

const READ_WITH_OPENPYXL = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = {"sheets": wb.sheetnames, "data": {}}
for ws in wb.worksheets:
    cells = {}
    for row in ws.iter_rows():
        for c in row:
            if c.value is None and c.comment is None and c.number_format == "General":
                continue
            cells[c.coordinate] = {
                "v": c.value, "t": c.data_type, "f": c.number_format,
                "n": c.comment.text if c.comment else None,
            }
    out["data"][ws.title] = {
        "freeze": ws.freeze_panes,
        "filter": ws.auto_filter.ref,
        "widths": {k: d.width for k, d in ws.column_dimensions.items()},
        "cells": cells,
    }
print(json.dumps(out, default=str))
`;

type PyCell = { v: string | number | null; t: string; f: string; n: string | null };
type PySheet = {
  freeze: string | null;
  filter: string | null;
  widths: Record<string, number>;
  cells: Record<string, PyCell>;
};

describe('the results workbook in other spreadsheet programs', () => {
  it.skipIf(!hasOpenpyxl)(
    `opens in openpyxl with its values, types, text format, notes, pane and filter${hasOpenpyxl ? '' : ` (skipped: ${NO_OPENPYXL})`}`,
    async () => {
      const path = await exportJob();
      const book = JSON.parse(python(READ_WITH_OPENPYXL, path)) as {
        sheets: string[];
        data: Record<string, PySheet>;
      };
      expect(book.sheets).toEqual(SHEETS);
      const results = book.data.Results!;
      const more = book.data['Results (2)']!;
      expect(results.freeze).toBe('A2');
      // The filter spans every column, up to the user's own last one, Attach to platform ID.
      expect(results.filter).toBe('A1:U3');
      expect(more.filter).toBe('A1:U2');
      expect(book.data.Errors!.freeze).toBe('A2');
      expect(results.widths.A).toBe(17);
      expect(book.data.Summary!.widths.C).toBe(90);
      const cell = (sheet: PySheet, ref: string) => sheet.cells[ref];
      const originals = (sheet: PySheet, row: number) =>
        ['A', 'B', 'C', 'D', 'E'].map((c) => cell(sheet, `${c}${row}`)?.v ?? null);
      expect(['A', 'B', 'C', 'D', 'E', 'F'].map((c) => cell(results, `${c}1`)?.v)).toEqual([
        ...headers,
        resultHeaders[0],
      ]);
      expect(originals(results, 2)).toEqual(expected[0]);
      expect(originals(results, 3)).toEqual(expected[1]);
      expect(originals(more, 2)).toEqual(expected[2]);
      // Postal codes and supplier numbers are text cells in the text format, zeros kept.
      expect(cell(results, 'C2')).toMatchObject({ v: '04109', t: 's', f: '@' });
      expect(cell(results, 'A3')).toMatchObject({ v: '00018', t: 's', f: '@' });
      // An empty cell of a text column keeps the format for what is typed into it.
      expect(cell(more, 'C2')).toMatchObject({ v: null, f: '@' });
      expect(cell(results, 'B2')).toMatchObject({ t: 's', f: 'General' });
      // A formula-looking text stays text.
      expect(cell(results, 'E3')).toMatchObject({ v: '=1+1', t: 's' });
      // The source row is a number.
      expect(cell(results, 'T2')).toMatchObject({ v: 2, t: 'n' });
      expect(cell(results, 'F2')?.v).toBe('Done');
      expect(cell(results, 'G2')?.v).toBe('81234');
      expect(cell(results, 'D2')?.n).toBe('In your file: Lpz & Co');
      expect(Object.values(results.cells).filter((c) => c.n !== null)).toHaveLength(1);
      const errors = book.data.Errors!;
      expect(cell(errors, 'A2')?.v).toBe('00018');
      expect(cell(errors, 'P2')?.v).toBe('A required value is empty (value_missing)');
      const summary = Object.values(book.data.Summary!.cells).map((c) => c.v);
      expect(summary).toContain('Rows');
      expect(summary).toContain(3);
    },
  );

  it.skipIf(!hasSoffice)(
    `opens in LibreOffice with its values, every sheet${hasSoffice ? '' : ` (skipped: ${NO_SOFFICE})`}`,
    async () => {
      const path = await exportJob();
      const out = join(dir, 'lo-csv');
      // UTF-8, comma, quoted texts, each sheet into a file of its own (-1).
      soffice(
        [
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
          '--outdir',
          out,
          path,
        ],
        dir,
      );
      const files = (await readdir(out)).sort();
      const sheetCsv = async (sheet: string) => {
        const file = files.find((f) => f === `results-${sheet}.csv`);
        if (!file) throw new Error(`no CSV of sheet ${sheet} among ${files.join(', ')}`);
        return parse(await readFile(join(out, file), 'utf8'), {
          relaxColumnCount: true,
        }) as string[][];
      };
      const results = await sheetCsv('Results');
      expect(results[0]).toEqual([...headers, ...resultHeaders]);
      expect(results[1]!.slice(0, 5)).toEqual(expected[0]);
      expect(results[2]!.slice(0, 5)).toEqual(expected[1]);
      expect(results[1]![statusColumn]).toBe('Done');
      expect(results[2]![statusColumn]).toBe('Has problems');
      expect(results[1]![sourceRowColumn]).toBe('2');
      const more = await sheetCsv('Results (2)');
      expect(more[1]!.slice(0, 5)).toEqual(expected[2]!.map((v) => v ?? ''));
      const errors = await sheetCsv('Errors');
      expect(errors.map((r) => r[0])).toEqual(['Lieferanten-Nr.', '00018']);
      const summary = await sheetCsv('Summary');
      expect(summary.some((r) => r[0] === 'Rows' && r[1] === '3')).toBe(true);
    },
    180_000,
  );

  it('reads back in exceljs and in the app itself', async () => {
    const path = await exportJob();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(SHEETS);
    const ws = wb.getWorksheet('Results')!;
    expect(ws.getCell('C2').value).toBe('04109');
    expect(ws.getCell('C2').numFmt).toBe('@');
    expect(ws.getCell('E3').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('E3').value).toBe('=1+1');
    expect(ws.getCell('B2').value).toBe('Müller & Söhne <GmbH>');
    expect(ws.getCell('D2').note).toBe('In your file: Lpz & Co');
    expect(ws.getCell('T2').value).toBe(2);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    // Read front to back, as exceljs's streaming reader does: each part's header says where it
    // ends, so every sheet and its rows are found. Not the sheets' names: that reader keeps the
    // sheets that come before the workbook part (which lists the names, and which a streaming
    // writer writes last, exceljs's own too) aside and names them from it at the end, and about
    // one read in seven of the same file ends without it and calls them Sheet1, Sheet2, ...
    // (measured here on this file, and on a copy rewritten by Python's zipfile in the same
    // order; none in 40 reads with the workbook part first). The full reader above names them.
    const names: string[] = [];
    const values: unknown[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'ignore',
      hyperlinks: 'ignore',
    });
    for await (const sheet of reader) {
      names.push((sheet as unknown as { name: string }).name);
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>)
        values.push(row.getCell(3).value);
    }
    expect(names).toHaveLength(SHEETS.length);
    expect(values).toContain('04109');

    const table = await readTable(path);
    expect(table.sheet).toBe('Results');
    expect(table.columns.map((c) => c.header)).toEqual([...headers, ...resultHeaders]);
    expect(table.rows.map((r) => r.cells.slice(0, 5))).toEqual(
      expected.slice(0, 2).map((r) => r.map((v) => v ?? '')),
    );
    const more = await readTable(path, { sheet: 'Results (2)' });
    expect(more.rows[0]?.cells[3]).toBe('Köln');
    expect(more.rows[0]?.cells[4]).toBe('zwei\nZeilen');
  });
});

describe('workbooks other spreadsheet programs write, into the app', () => {
  it.skipIf(!hasOpenpyxl)(
    `imports a workbook openpyxl wrote${hasOpenpyxl ? '' : ` (skipped: ${NO_OPENPYXL})`}`,
    async () => {
      const path = join(dir, 'from-openpyxl.xlsx');
      python(
        `
import sys, openpyxl
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Lieferanten"
ws.append(["Lieferanten-Nr.", "Name", "PLZ", "Ort", "Land", "Umsatz"])
ws.append(["00017", "Müller & Söhne GmbH", "04109", "Leipzig", "DE", 1250.5])
ws.append(["00018", "Straßenbau Jörg", "01067", "Dresden", "DE", 99])
for row in ws.iter_rows(min_row=2, max_col=3):
    for c in row:
        c.number_format = "@"
ws.freeze_panes = "A2"
wb.save(sys.argv[1])
`,
        path,
      );
      const preview = await previewTable(path);
      expect(preview.sheet).toBe('Lieferanten');
      expect(preview.columns.map((c) => c.header)).toEqual([
        'Lieferanten-Nr.',
        'Name',
        'PLZ',
        'Ort',
        'Land',
        'Umsatz',
      ]);
      expect(preview.rows.map((r) => r.cells)).toEqual([
        ['00017', 'Müller & Söhne GmbH', '04109', 'Leipzig', 'DE', '1250.5'],
        ['00018', 'Straßenbau Jörg', '01067', 'Dresden', 'DE', '99'],
      ]);
      expect((await readTable(path)).rows).toHaveLength(2);
    },
  );

  it.skipIf(!hasSoffice)(
    `imports a workbook LibreOffice made from a CSV${hasSoffice ? '' : ` (skipped: ${NO_SOFFICE})`}`,
    async () => {
      const csv = join(dir, 'lieferanten.csv');
      await writeFile(
        csv,
        'Lieferanten-Nr.,Name,PLZ,Ort,Land\r\n00017,Müller & Söhne GmbH,04109,Leipzig,DE\r\n00018,"Straßenbau Jörg, Nord",01067,Dresden,DE\r\n',
      );
      const out = join(dir, 'lo-xlsx');
      // UTF-8 CSV, its first and third columns read as text (format 2), so their zeros stay.
      soffice(
        [
          '--infilter=CSV:44,34,76,1,1/2/2/1/3/2/4/1/5/1',
          '--convert-to',
          'xlsx:Calc MS Excel 2007 XML',
          '--outdir',
          out,
          csv,
        ],
        dir,
      );
      const path = join(out, 'lieferanten.xlsx');
      const preview = await previewTable(path);
      expect(preview.columns.map((c) => c.header)).toEqual([
        'Lieferanten-Nr.',
        'Name',
        'PLZ',
        'Ort',
        'Land',
      ]);
      expect(preview.rows.map((r) => r.cells)).toEqual([
        ['00017', 'Müller & Söhne GmbH', '04109', 'Leipzig', 'DE'],
        ['00018', 'Straßenbau Jörg, Nord', '01067', 'Dresden', 'DE'],
      ]);
      expect((await readTable(path)).rows).toHaveLength(2);
    },
    180_000,
  );
});
