import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramsOf } from '../../../src-shared/errors';
import { word, wordFailure } from '../../../src-shared/i18n';
import {
  checkExportTarget,
  EXCEL_MAX_COLUMNS,
  exportResults,
  fitCell,
  importRows,
  isResultHeader,
  isSourceRowHeader,
  neutraliseFormula,
  readTable,
  RESULT_COLUMNS,
  resultSheetFamily,
  RetrySelector,
  SOURCE_ROW_HEADER,
  suggestMapping,
  validateRows,
  FINDINGS_STATUS,
  resultColumnsStart,
  resultHeader,
  type JobRow,
  type ResultRow,
} from '../../../src-main/workbook';
import { failureCode, failureOf, makeTempDir, writeWorkbook } from './helpers';
import { ATTENTION_KEPT } from '../../../src-main/workbook/export';

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
      // The journal's state and the API's statuses in words, the API's own word beside its word.
      'Done',
      '81234',
      '', // Supplier outcome: said by the services from the journal, not given here
      'u-1',
      'No findings (NoFindings)',
      'Confirmed (COMPLETED)',
      '', // Identifiers: none attached
      '', // Likely duplicate of: none
      '', // Duplicate decision: none
      '', // Possible duplicate of: none
      '',
      '',
      '2026-11-23T09:00:00.000Z',
      '',
      '2',
    ]);
    // Text stays text in a workbook: no formula is created from a value.
    expect(wb.getWorksheet('Results')?.getCell('G2').type).toBe(ExcelJS.ValueType.String);
    const errors = await sheetValues(path, 'Errors');
    expect(errors.map((r) => r[0])).toEqual(['Lieferanten-Nr.', '00018', '00019']);
    const summarySheet = await sheetValues(path, 'Summary');
    const flat = summarySheet.map((r) => r.join('|'));
    expect(flat).toContain('Rows|4');
    expect(flat).toContain(
      'Rows that need attention (sheet Errors)|2|Fix them on this sheet or on the Results sheet, save the file and bring it back (Results screen, or --retry-from): rows whose values you changed are sent again.',
    );
    expect(
      flat.some((l) =>
        l.startsWith(
          'The country is not one the app knows (country_unknown)|1|The country is not one the app knows',
        ),
      ),
    ).toBe(true);
    expect(flat).toContain(
      'No findings (NoFindings)|1|Screening ended without findings. Nothing to do.',
    );
    expect(flat).toContain('Done|1');
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

  it('takes rows from an async source, read once when few need attention', async () => {
    let reads = 0;
    const source = async function* () {
      reads++;
      for (const r of results) yield r;
    };
    const path = join(dir, 'async.xlsx');
    const summary = await exportResults(path, { headers, rows: source, format: 'xlsx' });
    expect(summary.rows).toBe(4);
    expect(reads).toBe(1);
    expect((await sheetValues(path, 'Errors')).length).toBe(3);
  });

  it('reads the rows again for the Errors sheet when many need attention', async () => {
    let reads = 0;
    const many = ATTENTION_KEPT + 1;
    const source = function* (): Generator<ResultRow> {
      reads++;
      for (let i = 0; i < many + 1; i++) {
        yield {
          sourceRow: i + 2,
          cells: [`S${i}`, `Supplier ${i}`],
          result:
            i === 0
              ? { status: 'done', platformId: 1 }
              : { status: 'invalid', errorCode: 'value_missing', errorMessage: 'City missing.' },
        };
      }
    };
    const path = join(dir, 'many.xlsx');
    const summary = await exportResults(path, {
      headers: ['Id', 'Name'],
      rows: source,
      format: 'xlsx',
    });
    expect(summary.attention).toBe(many);
    expect(reads).toBe(2);
    const errors = await sheetValues(path, 'Errors');
    expect(errors.length).toBe(many + 1);
    expect(errors[1]?.[0]).toBe('S1');
    expect(errors.at(-1)?.[0]).toBe(`S${many}`);
  }, 60_000);

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
      expect(again.rows.map((r) => r.cells[width])).toEqual([
        'Done',
        'Has problems',
        'Done',
        'Done',
      ]);
      expect(again.rows[0]?.cells[width + 1]).toBe('7');
      // The re-imported file maps like the original for an onboarding; its Platform ID column is
      // offered besides, for a deactivate or identifiers list (an onboarding does not read it).
      const againFields = suggestMapping(again.columns.map((c) => c.header)).mapping.fields;
      expect(againFields.find((f) => f.field === 'platformId')?.column).toBe(width + 1);
      expect(againFields.filter((f) => f.column !== null && f.field !== 'platformId')).toEqual(
        suggestMapping(first.columns.map((c) => c.header)).mapping.fields.filter(
          (f) => f.column !== null,
        ),
      );
    });
  }
});

// A results file written before the workbook said states and outcomes in words held the
// journal's and the API's codes ('done', 'NoFindings', 'COMPLETED'): such files exist and are
// read back the same way, whatever their Status column says.
describe.each([
  ['en', 'words'],
  ['de', 'words'],
  ['en', 'codes of older files'],
  ['de', 'codes of older files'],
] as const)('re-importing a fixed results file (%s, %s)', (lang, style) => {
  it('sends again the rows not done whose values changed, whatever their Status says', async () => {
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
          ['A5', 'Epsilon', 'Str. 5', '10115', 'Berlin', 'DE'],
        ],
      },
    ]);
    const mapping = suggestMapping(sourceHeaders).mapping;
    const first = await importRows(path, { mapping });
    // What the job knew: A1 created, A2 and A3 invalid, A4 and A5 rejected by the API.
    const state: Record<string, string> = {
      A1: 'created',
      A2: 'invalid',
      A3: 'invalid',
      A4: 'rejected',
      A5: 'rejected',
    };
    const jobRows: JobRow[] = [];
    for await (const r of first.rows) {
      jobRows.push({
        id: r.sourceRow,
        sourceRow: r.sourceRow,
        state: state[r.cells[0]!]!,
        identityKey: r.identity,
        cells: r.cells,
        payload: (r.payload ?? r.draft ?? null) as Record<string, unknown> | null,
        userEdits: null,
      });
    }
    const headersOf = first.columns.map((c) => c.header);
    const exported = join(dir, `job-results-${lang}-${style.length}.xlsx`);
    // A1 was created and screened with findings: its own Status, on the Errors sheet too.
    const outcomes = (j: JobRow) =>
      j.state === 'created' ? { screening: 'Finished', validation: 'COMPLETED' } : {};
    await exportResults(exported, {
      headers: headersOf,
      rows: () =>
        jobRows.map((j) => ({
          sourceRow: j.sourceRow,
          cells: [...j.cells],
          result: {
            status: j.state === 'created' ? FINDINGS_STATUS : j.state,
            ...outcomes(j),
          },
        })),
      format: 'xlsx',
      lang,
    });

    // The user fixes A2's country and A4's street; sets A5's Status to "fixed" without changing
    // a value, clears A1's Status, leaves A3 as it is, and adds a new row.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(exported);
    // The sheets and columns are found by their names in either language.
    const ws = wb.worksheets.find((w) => resultSheetFamily(w.name) === 'results')!;
    expect(ws.name).toBe(lang === 'de' ? 'Ergebnisse' : 'Results');
    const statusCol = headersOf.length + 1;
    ws.getCell('F3').value = 'Germany';
    ws.getCell('C5').value = 'Str. 4a';
    ws.getRow(6).getCell(statusCol).value = 'fixed';
    ws.getRow(2).getCell(statusCol).value = null;
    ws.addRow(['A9', 'New', 'Str. 9', '10115', 'Berlin', 'DE']);
    const head = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    if (style === 'words') {
      expect(ws.getRow(2).getCell(statusCol + 4).value).toBe(
        `${word(lang, 'outcome.screening.Finished')} (Finished)`,
      );
      expect(ws.getRow(3).getCell(statusCol).value).toBe(
        lang === 'de' ? 'Hat Probleme' : 'Has problems',
      );
    } else {
      // As an older app wrote them: the states and the API's statuses as codes.
      for (const j of jobRows) {
        const row = ws.getRow(j.sourceRow);
        if (j.sourceRow !== 2 && j.sourceRow !== 6) row.getCell(statusCol).value = j.state;
        const o = outcomes(j);
        if (o.screening)
          row.getCell(head.indexOf(resultHeader('screening', lang))).value = o.screening;
        if (o.validation)
          row.getCell(head.indexOf(resultHeader('validation', lang))).value = o.validation;
      }
    }
    await wb.xlsx.writeFile(exported);

    const reimport = await importRows(exported, { sheet: ws.name, mapping });
    const at = reimport.columns.findIndex((c) => isSourceRowHeader(c.header));
    expect(at).toBeGreaterThan(0);
    const selector = new RetrySelector(
      {
        atSource: (n) => jobRows.find((j) => j.sourceRow === n) ?? null,
        withIdentity: (key) => jobRows.filter((j) => j.identityKey === key),
      },
      mapping,
      headersOf,
      (row) => row,
    );
    for await (const r of reimport.rows) selector.addFromResults(r, r.cells[at]);
    const selection = selector.finish();
    expect(
      selection.retry.map((c) => [c.row.payload?.supplierId.id, c.previous.sourceRow]),
    ).toEqual([
      ['A2', 3],
      ['A4', 5],
    ]);
    expect(selection.retry[0]?.row.payload?.countryCode).toBe('DE');
    expect(selection).toMatchObject({
      stillInvalid: 1,
      alreadyDone: 1,
      unchanged: 1,
      unmatched: 1,
      conflicts: [],
      doneButChanged: [],
    });
  });
});

describe('results within what Excel opens', () => {
  const row = (n: number, extra: Partial<ResultRow> = {}): ResultRow => ({
    sourceRow: n + 1,
    cells: [String(n).padStart(6, '0'), `Supplier ${n}`, 'Str. 1', '01067', 'Dresden', 'DE', ''],
    result: {
      status: n % 3 === 0 ? 'invalid' : 'done',
      errorCode: n % 3 === 0 ? 'value_missing' : null,
    },
    ...extra,
  });

  it('goes on to continuation sheets at the sheet limit (lowered here to 4 rows a sheet)', async () => {
    const path = join(dir, 'split.xlsx');
    const rows = Array.from({ length: 10 }, (_, i) => row(i + 1));
    // Rows 3, 6 and 9 need attention: one Errors sheet of three rows.
    const summary = await exportResults(path, {
      headers,
      rows: () => rows,
      format: 'xlsx',
      maxRowsPerSheet: 4,
    });
    expect(summary.resultSheets).toEqual(['Results', 'Results (2)', 'Results (3)', 'Results (4)']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Results',
      'Results (2)',
      'Results (3)',
      'Results (4)',
      'Errors',
      'Summary',
    ]);
    const ids: string[] = [];
    for (const name of summary.resultSheets) {
      const values = await sheetValues(path, name);
      expect(values[0]).toEqual([...headers, ...resultHeaders]);
      expect(values.length).toBeLessThanOrEqual(4);
      ids.push(...values.slice(1).map((v) => v[0]!));
    }
    expect(ids).toEqual(rows.map((r) => r.cells[0]));
    const flat = (await sheetValues(path, 'Summary')).map((r) => r.join('|'));
    expect(flat).toContain(
      'Results sheets|4|More rows than one Excel sheet holds: they go on in Results (2), Results (3), Results (4).',
    );
  });

  it('cuts a cell longer than 32,767 characters with a visible mark, and keeps it whole in CSV', async () => {
    const long = 'x'.repeat(40_000);
    const rows = [row(1, { cells: ['000001', 'Alpha', 'Str. 1', '01067', 'Dresden', 'DE', long] })];
    const path = join(dir, 'long.xlsx');
    const summary = await exportResults(path, { headers, rows: () => rows, format: 'xlsx' });
    expect(summary.cutCells).toBe(1);
    const cell = (await sheetValues(path, 'Results'))[1]![6]!;
    expect(cell).toHaveLength(32_767);
    expect(cell.endsWith(' … [cut: 40,000 characters]')).toBe(true);
    expect(cell.startsWith('x'.repeat(32_000))).toBe(true);
    expect(fitCell(long)).toBe(cell);
    const flat = (await sheetValues(path, 'Summary')).map((r) => r.join('|'));
    expect(flat.some((l) => l.startsWith('Cells cut to fit Excel|1|'))).toBe(true);
    const csv = join(dir, 'long.csv');
    await exportResults(csv, { headers, rows: () => rows, format: 'csv' });
    expect((await readFile(csv, 'utf8')).includes(long)).toBe(true);
  });

  it('writes identifier columns as text cells with the text format, so Excel keeps their zeros', async () => {
    const path = join(dir, 'ids.xlsx');
    await exportResults(path, {
      headers,
      rows: () => [row(156)],
      format: 'xlsx',
      textColumns: [0, 3],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const ws = wb.getWorksheet('Results')!;
    expect(ws.getCell('A2').value).toBe('000156');
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('A2').numFmt).toBe('@');
    expect(ws.getCell('D2').numFmt).toBe('@');
    expect(ws.getCell('B2').numFmt).toBeUndefined();
  });

  it('refuses a table wider than 16,384 columns with the CSV alternative, writing nothing', async () => {
    const wide = Array.from({ length: EXCEL_MAX_COLUMNS }, (_, i) => `C${i + 1}`);
    const path = join(dir, 'wide.xlsx');
    const failure = await failureOf(
      exportResults(path, {
        headers: wide,
        rows: () => [{ sourceRow: 2, cells: wide, result: { status: 'done' } }],
        format: 'xlsx',
      }),
    );
    expect(failure.error.code).toBe('results_too_wide');
    expect(failure.error.message).toBe(
      `The results need 16,400 columns (16,384 of the file and 16 result columns), more than the 16,384 an Excel sheet holds. Export them as CSV instead.`,
    );
    expect(await readdir(dir)).not.toContain('wide.xlsx');
    const csv = join(dir, 'wide.csv');
    await exportResults(csv, {
      headers: wide,
      rows: () => [{ sourceRow: 2, cells: wide, result: { status: 'done' } }],
      format: 'csv',
    });
    expect((await readFile(csv, 'utf8')).split('\r\n')[1]!.split(',')).toHaveLength(16_400);
  });

  it('says what stops the file from being written, with the next step the caller gives', async () => {
    const next = 'The results are kept in the journal.';
    // A folder where the file should be.
    const folder = join(dir, 'taken.xlsx');
    await mkdir(folder);
    const isFolder = await failureOf(
      exportResults(folder, { headers, rows: () => [row(1)], format: 'xlsx', nextStep: next }),
    );
    expect(isFolder.error).toMatchObject({
      code: 'export_failed',
      message: `"${folder}" is a folder, so the results cannot be written in its place. Choose another file name. ${next}`,
    });
    // A folder that cannot be written to (as root, chmod is no obstacle: /sys is read-only).
    const ro = join(dir, 'read-only');
    await mkdir(ro);
    await chmod(ro, 0o555);
    const target = process.getuid?.() === 0 ? '/sys/results.csv' : join(ro, 'results.csv');
    const readOnly = await failureOf(
      exportResults(target, { headers, rows: () => [row(1)], format: 'csv', nextStep: next }),
    );
    expect(readOnly.error.message).toBe(
      `The folder "${dirname(target)}" cannot be written to (no permission). Choose another folder. ${next}`,
    );
    await chmod(ro, 0o755);
    const missing = await failureOf(
      exportResults(join(dir, 'missing', 'out.xlsx'), {
        headers,
        rows: () => [row(1)],
        format: 'xlsx',
      }),
    );
    expect(missing.error.message).toBe(
      `The folder "${join(dir, 'missing')}" does not exist. Choose an existing folder.`,
    );
    // Checked before a job runs, with the same sentences.
    expect((await failureOf(checkExportTarget(folder, next))).error.message).toBe(
      isFolder.error.message,
    );
    expect((await failureOf(checkExportTarget(target, next))).error.message).toBe(
      readOnly.error.message,
    );
  });

  it('quotes every CSV field holding ";" or ",", whichever the delimiter', async () => {
    const rows = [
      row(1, { cells: ['000001', 'Alpha, Beta', '=1+2;x', '01067', 'a;b', 'DE', "'=x"] }),
    ];
    for (const delimiter of [',', ';'] as const) {
      const path = join(dir, `quoted-${delimiter === ',' ? 'comma' : 'semicolon'}.csv`);
      await exportResults(path, { headers, rows: () => rows, format: 'csv', delimiter });
      const line = (await readFile(path, 'utf8')).split('\r\n')[1]!;
      expect(
        line.startsWith(
          ['000001', '"Alpha, Beta"', `"'=1+2;x"`, '01067', '"a;b"', 'DE', "''=x"].join(delimiter),
        ),
      ).toBe(true);
      const back = await readTable(path);
      expect(back.rows[0]!.cells.slice(0, 7)).toEqual(rows[0]!.cells);
    }
  });
});

describe('a results workbook in German', () => {
  it('has German sheet names, headers, statuses, outcomes and problem texts', async () => {
    const [problem] = validateRows(
      [{ sourceRow: 3, cells: ['00018', 'Beta SAS', '2 Rue X', '06000', '', 'Atlantis'] }],
      suggestMapping(headers.slice(0, 6)).mapping,
      headers.slice(0, 6).map((header, index) => ({ index, header, letter: 'ABCDEF'[index]! })),
    ).rows[0]!.problems;
    const rows: ResultRow[] = [
      { ...results[0]!, result: { ...results[0]!.result, supplier: 'created' } },
      {
        ...results[1]!,
        result: { ...results[1]!.result, problems: [problem!] },
      },
    ];
    const path = join(dir, 'results-de.xlsx');
    await exportResults(path, { headers, rows: () => rows, format: 'xlsx', lang: 'de' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Ergebnisse', 'Fehler', 'Übersicht']);

    const [head, done, invalid] = await sheetValues(path, 'Ergebnisse');
    const result = head!.slice(headers.length);
    expect(result).toEqual([
      'Status',
      'Plattform-ID',
      'Lieferant angelegt',
      'Anlage-UUID',
      'Ergebnis der Prüfung',
      'Ergebnis der Validierung',
      'Kennungen',
      'Wahrscheinliche Dublette von',
      'Dublettenentscheidung',
      'Mögliche Dublette von',
      'Fehlercode',
      'Fehlermeldung',
      'Letzte Änderung',
      'Geänderte Werte',
      'Zeile in der Datei',
      'An Plattform-ID anhängen',
    ]);
    expect(result.every(isResultHeader)).toBe(true);
    expect(isSourceRowHeader(SOURCE_ROW_HEADER)).toBe(true);
    const cell = (row: string[] | undefined, name: string) => row![head!.indexOf(name)];
    expect(cell(done, 'Status')).toBe('Erledigt');
    expect(cell(done, 'Lieferant angelegt')).toBe('von diesem Auftrag angelegt');
    expect(cell(invalid, 'Status')).toBe('Hat Probleme');
    // The problem and what to do, as in English.
    expect(cell(invalid, 'Fehlermeldung')).toMatch(
      /^„Atlantis“ ist kein Land, das die App kennt \(Zeile 3, Spalte Land \(F\)\)\. Geben Sie das Land/,
    );
    const summary = (await sheetValues(path, 'Übersicht')).map((r) => r[0]);
    expect(summary.slice(0, 4)).toEqual([
      'Export der Lieferantenergebnisse',
      'Exportiert am',
      'Zeilen',
      'Zeilen, die Aufmerksamkeit brauchen (Blatt Fehler)',
    ]);
  });
});

// A list's folder on a team share: another account can write there and plants links at the
// names an export might use. Links at the old predictable names (`.<name>.<pid>.part` for this
// process and the next ones) must not be followed; a link in the target's place is refused.
describe.runIf(process.platform !== 'win32')('an export into a folder others can write to', () => {
  const VICTIM = 'a file of the user outside the shared folder\n';
  let shared: string;
  let victim: string;

  beforeAll(async () => {
    shared = join(dir, 'shared');
    await mkdir(shared);
    victim = join(dir, 'victim.txt');
    await writeFile(victim, VICTIM, { mode: 0o644 });
  });

  const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
  const expectVictimUnchanged = async () => {
    expect(await readFile(victim, 'utf8')).toBe(VICTIM);
    expect(await modeOf(victim)).toBe(0o644);
  };
  /** Links at the names the export used to write through, for this pid and the next ones. */
  const plantOldNames = async (name: string) => {
    const planted: string[] = [];
    for (let pid = process.pid; pid < process.pid + 8; pid++) {
      const at = join(shared, `.${name}.${pid}.part`);
      await symlink(victim, at);
      planted.push(basename(at));
    }
    return planted;
  };

  it.each(['xlsx', 'csv'] as const)(
    'writes %s without following links at the old temporary names',
    async (format) => {
      const name = `planted.results.${format}`;
      const planted = await plantOldNames(name);
      const path = join(shared, name);
      const summary = await exportResults(path, { headers, rows: () => results, format });
      expect(summary.rows).toBe(4);
      await expectVictimUnchanged();
      // The export is the user's only from its start, and no temporary file of its own is left.
      expect(await modeOf(path)).toBe(0o600);
      expect((await lstat(path)).isFile()).toBe(true);
      const left = (await readdir(shared)).filter((f) => f.startsWith(`.${name}`)).sort();
      expect(left).toEqual(planted.sort());
      for (const p of planted) expect(await readlink(join(shared, p))).toBe(victim);
      if (format === 'csv') expect((await readTable(path)).rows).toHaveLength(4);
      else expect((await sheetValues(path, 'Results')).length).toBe(5);
    },
  );

  it.each(['xlsx', 'csv'] as const)(
    'refuses a %s target that is a link, saying what to do, and changes nothing',
    async (format) => {
      const path = join(shared, `linked.${format}`);
      await symlink(victim, path);
      const next = 'Export the job again.';
      const e = await failureOf(
        exportResults(path, { headers, rows: () => results, format, nextStep: next }),
      );
      expect(e.error).toMatchObject({ code: 'export_failed', details: { reason: 'target_link' } });
      expect(e.error.message).toMatch(
        new RegExp(
          `^"${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is a symbolic link .* ${next}$`,
        ),
      );
      expect(
        wordFailure('de', { code: e.error.code, params: paramsOf(e.error.details) }),
      ).toContain('Löschen Sie die Verknüpfung oder wählen Sie einen anderen Dateinamen');
      // Checked before a job runs, with the same sentence.
      expect((await failureOf(checkExportTarget(path, next))).error.message).toBe(e.error.message);
      await expectVictimUnchanged();
      expect((await lstat(path)).isSymbolicLink()).toBe(true);
      expect((await readdir(shared)).filter((f) => f.startsWith(`.linked.${format}`))).toEqual([]);
    },
  );

  it('leaves no temporary file and the old results when the rows fail midway', async () => {
    const path = join(shared, 'midway.csv');
    await writeFile(path, 'the results of last time');
    const rows = function* () {
      yield results[0]!;
      throw new Error('the journal could not be read');
    };
    expect(await failureCode(exportResults(path, { headers, rows, format: 'csv' }))).toBe(
      'export_failed',
    );
    expect(await readFile(path, 'utf8')).toBe('the results of last time');
    expect((await readdir(shared)).filter((f) => f.startsWith('.midway.csv'))).toEqual([]);
  });
});

describe('a TAB in a CSV cell', () => {
  it('is quoted wherever it is, neutralised wherever a cell could start, and read back unchanged', async () => {
    const cells = ['000007', 'Alpha\t=HYPERLINK("x")', '\t=1+2', 'Str. 1\t', '01067', 'DE', 'a\tb'];
    const rows: ResultRow[] = [{ sourceRow: 2, cells, result: { status: 'done' } }];
    for (const delimiter of [',', ';'] as const) {
      const path = join(dir, `tabs-${delimiter === ',' ? 'comma' : 'semicolon'}.csv`);
      await exportResults(path, { headers, rows: () => rows, format: 'csv', delimiter });
      const line = (await readFile(path, 'utf8')).split('\r\n')[1]!;
      expect(
        line.startsWith(
          [
            '000007',
            `"Alpha\t'=HYPERLINK(""x"")"`,
            `"'\t'=1+2"`,
            '"Str. 1\t"',
            '01067',
            'DE',
            '"a\tb"',
          ].join(delimiter),
        ),
      ).toBe(true);
      const back = await readTable(path);
      expect(back.rows[0]!.cells.slice(0, 7)).toEqual(cells);
    }
  });
});

describe.each(['en', 'de'] as const)('states and outcomes in words (%s)', (lang) => {
  const de = lang === 'de';
  it('words each outcome with the API word beside it, and flags a status the app does not know', async () => {
    const found = `${word(lang, 'outcome.screening.Finished')} (Finished)`;
    const rows: ResultRow[] = [
      {
        sourceRow: 2,
        cells: ['1', 'Findings Co'],
        result: {
          status: 'validation_rejected',
          screening: 'Finished',
          validation: 'REJECTED',
          rejectionReason: 'Not a legal entity.',
          errorCode: 'validation_rejected',
        },
      },
      {
        sourceRow: 3,
        cells: ['2', 'Master Co'],
        result: {
          status: FINDINGS_STATUS,
          screening: 'Finished',
          validation: 'COMPLETED',
          validationTarget: '777',
        },
      },
      {
        sourceRow: 4,
        cells: ['3', 'Odd Co'],
        result: { status: 'done', screening: 'UnderReview', validation: 'ESCALATED' },
      },
      { sourceRow: 5, cells: ['4', 'Asked Co'], result: { status: 'done', screening: 'OnCreate' } },
    ];
    const path = join(dir, `words-${lang}.xlsx`);
    const s = await exportResults(path, {
      headers: ['No', 'Name'],
      rows: () => rows,
      format: 'xlsx',
      lang,
    });
    // The findings of a rejected validation are said beside it, and counted.
    expect(s.findings).toBe(2);
    expect(s.attention).toBe(2);
    const [head, ...body] = await sheetValues(path, de ? 'Ergebnisse' : 'Results');
    const col = (key: 'status' | 'screening' | 'validation') =>
      body.map((r) => r[head!.indexOf(resultHeader(key, lang))]);
    expect(col('status')).toEqual(
      de
        ? ['Validierung abgelehnt', 'Treffer prüfen', 'Erledigt', 'Erledigt']
        : ['Validation rejected', 'Findings to review', 'Done', 'Done'],
    );
    expect(col('screening')).toEqual(
      de
        ? [found, found, 'zu prüfen (API: UnderReview)', 'Angefordert']
        : [found, found, 'needs review (API: UnderReview)', 'Requested'],
    );
    expect(col('validation')).toEqual(
      de
        ? [
            'Abgelehnt (REJECTED). Grund: Not a legal entity.',
            'Bestätigt (COMPLETED). Die Plattform hat ihn als ihren Datensatz 777 bestätigt.',
            'zu prüfen (API: ESCALATED)',
            '',
          ]
        : [
            'Rejected (REJECTED). Reason: Not a legal entity.',
            'Confirmed (COMPLETED). The platform confirmed it as its record 777.',
            'needs review (API: ESCALATED)',
            '',
          ],
    );
    // The findings row is on the Errors sheet; the Summary counts it on a line of its own.
    const errors = await sheetValues(path, de ? 'Fehler' : 'Errors');
    expect(errors.slice(1).map((r) => r[1])).toEqual(['Findings Co', 'Master Co']);
    const summary = (await sheetValues(path, de ? 'Übersicht' : 'Summary')).map((r) =>
      r.slice(0, 2).join('|'),
    );
    expect(summary).toContain(
      de
        ? 'Screening-Treffer zu prüfen (Blatt Fehler)|2'
        : 'Screening findings to review (sheet Errors)|2',
    );
    expect(summary).toContain(de ? 'Treffer prüfen|1' : 'Findings to review|1');
    expect(summary).toContain(
      de ? 'zu prüfen (API: UnderReview)|1' : 'needs review (API: UnderReview)|1',
    );
    expect(summary).toContain(
      de
        ? 'Validierung abgelehnt (validation_rejected)|1'
        : 'Validation rejected (validation_rejected)|1',
    );
  });

  it('names the Platform ID result column apart when the file has one of its own', async () => {
    const own = de ? 'Plattform-ID' : 'Platform ID';
    const path = join(dir, `own-platform-id-${lang}.xlsx`);
    await exportResults(path, {
      headers: [own, 'Name'],
      rows: () => [
        {
          sourceRow: 2,
          cells: ['100011', 'Alpha'],
          result: { status: 'done', platformId: '100011', supplier: 'deactivated' },
        },
      ],
      format: 'xlsx',
      lang,
    });
    const [head, row] = await sheetValues(path, de ? 'Ergebnisse' : 'Results');
    expect(head!.filter((h) => h === own)).toHaveLength(1);
    expect(new Set(head).size).toBe(head!.length);
    const found = de ? 'Gefundene Plattform-ID' : 'Platform ID found';
    expect(row![head!.indexOf(found)]).toBe('100011');
    expect(row![head!.indexOf(resultHeader('supplier', lang))]).toBe(
      de ? 'von diesem Auftrag deaktiviert' : 'deactivated by this job',
    );
    // Read back: the file's own Platform ID stays with its columns, the results begin at Status.
    expect(isResultHeader(found)).toBe(true);
    expect(resultColumnsStart(head!)).toBe(2);
  });
});
