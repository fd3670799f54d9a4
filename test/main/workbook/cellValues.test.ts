// Cell-level truth: Excel error values, identifiers Excel bent (dates, scientific notation, more
// than 15 digits), postal codes turned into dates, and invisible characters, from generated
// workbooks and text files through the whole import (read, map, validate).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRows, type Mapping, type ValidatedRow } from '../../../src-main/workbook';
import { EXCEL_ERRORS } from '../../../src-main/workbook/cellText';
import { makeTempDir, SUPPLIER_HEADERS, writeText, writeWorkbook } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

// Lieferanten-Nr. (A), Name (B), Straße (C), PLZ (D), Ort (E), Land (F), Quelle (G)
const mapping: Mapping = {
  fields: [
    { field: 'supplierId.id', column: 0 },
    { field: 'name', column: 1 },
    { field: 'address', column: 2 },
    { field: 'postalCode', column: 3 },
    { field: 'city', column: 4 },
    { field: 'countryCode', column: 5 },
    { field: 'supplierId.source', column: 6 },
  ],
};

async function importAll(path: string, m: Mapping = mapping) {
  const imported = await importRows(path, { mapping: m });
  const rows: ValidatedRow[] = [];
  for await (const r of imported.rows) rows.push(r);
  return { rows, summary: imported.summary(), notes: imported.notes };
}

const byRow = (rows: ValidatedRow[], n: number) => {
  const r = rows.find((x) => x.sourceRow === n);
  if (!r) throw new Error(`row ${n} not imported`);
  return r;
};
/** Each problem as the user reads it: the sentence and its fix. */
const said = (r: ValidatedRow) => r.problems.map((p) => `${p.message} ${p.fix}`);

const base = ['Hauptstr. 1', '10115', 'Berlin', 'DE', 'SAP'];

describe('Excel error values', () => {
  it('makes error values, typed or a formula result, a problem of their cell', async () => {
    const path = await writeWorkbook(join(dir, 'errors.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          SUPPLIER_HEADERS,
          ['L-1', 'Acme GmbH', ...base],
          ['L-2', '#N/A', 'Hauptstr. 2', '#REF!', '#DIV/0!', 'DE', 'SAP'],
          [{ formula: 'NA()', result: { error: '#N/A' } }, 'Beta AG', ...base],
          ['L-4', { formula: 'VLOOKUP(A4,X!A:B,2,0)', result: { error: '#REF!' } }, ...base],
          ['L-5', 'Gamma KG', 'Hauptstr. 5', '10115', 'Berlin', '#NAME?', 'SAP'],
          ['L-6', 'Delta SE', 'Hauptstr. 6', { formula: 'A1-A1', result: 0 }, 'Berlin', 'DE'],
          ['L-7', 'Epsilon AG', 'Hauptstr. 7', '10115', '\u200B#N/A\u00A0', 'DE', 'SAP'],
        ],
      },
    ]);
    const { rows, summary } = await importAll(path);
    expect(byRow(rows, 2).status).toBe('valid');

    const typed = byRow(rows, 3);
    expect(typed.status).toBe('invalid');
    expect(said(typed)).toEqual([
      'The cell shows the Excel error #N/A (row 3, column Name (B)). Correct the formula or type the value.',
      'The cell shows the Excel error #DIV/0! (row 3, column Ort (E)). Correct the formula or type the value.',
      'The cell shows the Excel error #REF! (row 3, column PLZ (D)). Correct the formula or type the value.',
    ]);
    expect(typed.problems.map((p) => [p.field, p.code, p.value])).toEqual([
      ['name', 'excel_error_value', '#N/A'],
      ['city', 'excel_error_value', '#DIV/0!'],
      ['postalCode', 'excel_error_value', '#REF!'],
    ]);
    // Never supplier data: the errors are not in the draft the fix starts from.
    expect(typed.draft).not.toHaveProperty('name');
    expect(typed.draft).not.toHaveProperty('city');
    expect(typed.draft).not.toHaveProperty('postalCode');
    expect(typed.cells).toContain('#N/A'); // the original cells stay as read

    // A formula's error result: the reader no longer knows which error, but knows it is one.
    expect(said(byRow(rows, 4))).toEqual([
      'The cell shows an Excel error instead of a value (row 4, column Lieferanten-Nr. (A)). Correct the formula or type the value.',
    ]);
    expect(byRow(rows, 4).identity).toBeNull();
    expect(said(byRow(rows, 5))).toEqual([
      'The cell shows an Excel error instead of a value (row 5, column Name (B)). Correct the formula or type the value.',
    ]);
    // An error in the country column is not an unknown country.
    expect(said(byRow(rows, 6))).toEqual([
      'The cell shows the Excel error #NAME? (row 6, column Land (F)). Correct the formula or type the value.',
    ]);
    // A formula that gives 0 is a value, not an error and not empty.
    // (0 is then not a German postal code: that is the postal-code check's problem, not empty.)
    expect(byRow(rows, 7).draft?.postalCode).toBe('0');
    // Invisible characters around an error value do not hide it.
    expect(said(byRow(rows, 8))).toEqual([
      'The cell shows the Excel error #N/A (row 8, column Ort (E)). Correct the formula or type the value.',
    ]);
    expect(summary.byCode.excel_error_value).toBe(7);
    expect(summary.byCode.value_missing).toBeUndefined();
  });

  it('knows every error literal in a CSV', async () => {
    const errors = [...EXCEL_ERRORS];
    const lines = [
      'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land;Quelle',
      ...errors.map((e, i) => `C-${i};${e};Hauptstr. 1;10115;Berlin;DE;SAP`),
      'C-99;Richtig GmbH;Hauptstr. 1;10115;Berlin;DE;SAP',
    ];
    const path = await writeText(join(dir, 'errors.csv'), lines.join('\r\n'));
    const { rows, summary } = await importAll(path);
    expect(rows).toHaveLength(errors.length + 1);
    errors.forEach((e, i) => {
      const r = byRow(rows, i + 2);
      expect(r.status).toBe('invalid');
      expect(said(r)).toEqual([
        `The cell shows the Excel error ${e} (row ${i + 2}, column Name (B)). Correct the formula or type the value.`,
      ]);
    });
    expect(byRow(rows, errors.length + 2).status).toBe('valid');
    expect(summary).toMatchObject({ valid: 1, invalid: 16 });
  });
});

describe('identifiers Excel bent', () => {
  it('finds ids read as dates, in scientific notation or of more than 15 digits', async () => {
    const path = await writeWorkbook(join(dir, 'ids.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          SUPPLIER_HEADERS,
          [new Date(Date.UTC(2024, 0, 5)), 'Datum GmbH', ...base],
          [123456789012, 'Wissenschaft AG', ...base],
          ['1.23E+11', 'Text AG', ...base],
          [Number('12345678901234567890'), 'Lang KG', ...base],
          [4711, 'Zahl GmbH', ...base],
          ['12345678901234567890', 'Text lang GmbH', ...base],
          ['L-8', 'PLZ Datum GmbH', 'Hauptstr. 8', new Date(Date.UTC(2024, 9, 1)), 'Berlin', 'DE'],
          ['L-9', 'Datum Name AG', ...base],
          [0.1 + 0.2, 'Bruch GmbH', ...base],
        ],
        build: (ws) => {
          ws.getCell('A3').numFmt = '0.00E+00';
          ws.getCell('A10').numFmt = '0.0';
          ws.getCell('D8').numFmt = 'dd.mm.yyyy';
        },
      },
    ]);
    const { rows, summary } = await importAll(path);
    const fix = 'Format the column as Text in Excel and type the id again.';
    expect(said(byRow(rows, 2))).toEqual([
      `"2024-01-05" is a date: Excel turned the supplier id into a date (row 2, column Lieferanten-Nr. (A)). ${fix}`,
    ]);
    expect(said(byRow(rows, 3))).toEqual([
      `"123456789012" is in scientific notation (such as 1.23E+11): Excel read the supplier id as a number and its last digits may be lost (row 3, column Lieferanten-Nr. (A)). ${fix}`,
    ]);
    expect(said(byRow(rows, 4))).toEqual([
      `"1.23E+11" is in scientific notation (such as 1.23E+11): Excel read the supplier id as a number and its last digits may be lost (row 4, column Lieferanten-Nr. (A)). ${fix}`,
    ]);
    expect(said(byRow(rows, 5))).toEqual([
      `"12345678901234567168" has more than 15 digits in a number cell: Excel keeps only 15, so the last digits of the supplier id have changed (row 5, column Lieferanten-Nr. (A)). ${fix}`,
    ]);
    expect(byRow(rows, 5).problems[0]?.code).toBe('id_digits_lost');
    // A short number and a long id typed as text are what the user typed.
    expect(byRow(rows, 6).status).toBe('valid');
    expect(byRow(rows, 7).payload?.supplierId.id).toBe('12345678901234567890');
    expect(said(byRow(rows, 8))).toEqual([
      '"2024-10-01" is a date: Excel turned the postal code into a date (row 8, column PLZ (D)). Format the column as Text in Excel and type the postal code again.',
    ]);
    expect(byRow(rows, 9).status).toBe('valid');
    // A number with decimals, shown rounded (0.3 for 0.30000000000000004), is no id.
    expect(said(byRow(rows, 10))).toEqual([
      '"0.3" is a number with decimals in a number cell (Excel shows it rounded): it is not a supplier id the app can trust (row 10, column Lieferanten-Nr. (A)). Format the column as Text in Excel and type the id as it is in your system.',
    ]);
    // The bent value stays in the draft, so that a fix starts from what was there.
    expect(byRow(rows, 2).draft?.supplierId).toEqual({ id: '2024-01-05', source: 'SAP' });
    expect(summary.byCode).toEqual({
      id_became_date: 1,
      id_in_scientific_notation: 2,
      id_digits_lost: 1,
      id_fraction: 1,
      postal_code_became_date: 1,
    });
  });

  it('checks customer and own ids the same way, and not other columns', async () => {
    const headers = [...SUPPLIER_HEADERS, 'Kundennummer', 'Eigene ID'];
    const path = await writeWorkbook(join(dir, 'other-ids.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          headers,
          [
            'L-1',
            'Eins GmbH',
            ...base,
            new Date(Date.UTC(2023, 4, 17)),
            Number('98765432109876543210'),
          ],
          ['L-2', new Date(Date.UTC(2023, 4, 17)), ...base, 'K-2', '4.5E+12'],
        ],
      },
    ]);
    const m: Mapping = {
      fields: [
        ...mapping.fields,
        { field: 'customerId', column: 7 },
        { field: 'ownId', column: 8 },
      ],
    };
    const { rows } = await importAll(path, m);
    expect(byRow(rows, 2).problems.map((p) => [p.field, p.code])).toEqual([
      ['customerId', 'id_became_date'],
      ['ownId', 'id_digits_lost'],
    ]);
    expect(said(byRow(rows, 2))[0]).toBe(
      '"2023-05-17" is a date: Excel turned the customer number into a date (row 2, column Kundennummer (H)). Format the column as Text in Excel and type the id again.',
    );
    // A date as a name is odd but not bent; the own id in scientific notation is.
    expect(byRow(rows, 3).problems.map((p) => [p.field, p.code])).toEqual([
      ['ownId', 'id_in_scientific_notation'],
    ]);
  });

  it('finds ids a CSV holds in scientific notation, as Excel saved them', async () => {
    const path = await writeText(
      join(dir, 'scientific.csv'),
      [
        'Lieferanten-Nr.,Name,Straße,PLZ,Ort,Land,Quelle',
        '"1,23E+11",Komma GmbH,Hauptstr. 1,10115,Berlin,DE,SAP',
        '4.56789E+14,Punkt GmbH,Hauptstr. 1,10115,Berlin,DE,SAP',
        '1E5,Kein Exponent GmbH,Hauptstr. 1,10115,Berlin,DE,SAP',
        '2024-01-05,Datum als Text GmbH,Hauptstr. 1,10115,Berlin,DE,SAP',
      ].join('\n'),
    );
    const { rows } = await importAll(path);
    expect(said(byRow(rows, 2))).toEqual([
      '"1,23E+11" is in scientific notation (such as 1.23E+11): Excel read the supplier id as a number and its last digits may be lost (row 2, column Lieferanten-Nr. (A)). Format the column as Text in Excel and type the id again.',
    ]);
    expect(byRow(rows, 3).problems.map((p) => p.code)).toEqual(['id_in_scientific_notation']);
    // Ids that only look like a number or a date are text the user typed.
    expect(byRow(rows, 4).status).toBe('valid');
    expect(byRow(rows, 5).status).toBe('valid');
  });

  it('does not take two ids Excel bent for the same supplier', async () => {
    const path = await writeWorkbook(join(dir, 'bent-twins.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          SUPPLIER_HEADERS,
          [Number('12345678901234567890'), 'Eins GmbH', ...base],
          [Number('12345678901234567891'), 'Zwei GmbH', ...base],
        ],
      },
    ]);
    const { rows } = await importAll(path);
    expect(rows.flatMap((r) => r.problems.map((p) => p.code))).toEqual([
      'id_digits_lost',
      'id_digits_lost',
    ]);
  });
});

describe('invisible characters and unusual spaces', () => {
  it('removes them, says so, and finds the duplicates they hid', async () => {
    const path = await writeWorkbook(join(dir, 'invisible.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          SUPPLIER_HEADERS,
          ['L-1', 'Acme GmbH', ...base],
          ['L-2\u200B', '\u200BBeta\u00A0AG', 'Hauptstr.\u00A02', '10115', 'Berlin', 'DE', 'SAP'],
          ['L-1\u200B', 'Acme Kopie', ...base],
          ['\uFEFF\u202AL-4\u202C', 'Bidi\u200E Gamma\u00AD KG', ...base],
          ['L-5', '\u200B', ...base],
          ['L-6\u2060', 'Delta\u202FSE', ...base],
          ['L-7', 'Epsilon\u200C\u200D AG\u2069', ...base],
        ],
      },
    ]);
    const { rows, summary } = await importAll(path);

    const beta = byRow(rows, 3);
    expect(beta.status).toBe('valid');
    expect(beta.payload).toMatchObject({
      name: 'Beta AG',
      address: 'Hauptstr. 2',
      supplierId: { id: 'L-2', source: 'SAP' },
    });
    expect(beta.cells[0]).toBe('L-2\u200B'); // the original cell stays as it was
    expect(beta.notes.map((n) => [n.field, n.kind, n.message])).toEqual([
      [
        'name',
        'invisible_removed',
        'Row 3, column Name (B): the invisible zero-width space U+200B was removed: "Beta AG".',
      ],
      [
        'name',
        'spaces_replaced',
        'Row 3, column Name (B): the no-break space U+00A0 became a normal space: "Beta AG".',
      ],
      [
        'address',
        'spaces_replaced',
        'Row 3, column Straße (C): the no-break space U+00A0 became a normal space: "Hauptstr. 2".',
      ],
      [
        'supplierId.id',
        'invisible_removed',
        'Row 3, column Lieferanten-Nr. (A): the invisible zero-width space U+200B was removed: "L-2".',
      ],
    ]);

    // The same identity as row 2 once the zero-width space is gone.
    const copy = byRow(rows, 4);
    expect(copy.status).toBe('invalid');
    expect(copy.identity).toBe(byRow(rows, 2).identity);
    expect(said(copy)).toEqual([
      '"L-1" is used again: row 2 has the same supplier id and source "SAP" (row 4, column Lieferanten-Nr. (A)). Give this supplier its own id, or delete the row if it repeats row 2.',
    ]);

    const bidi = byRow(rows, 5);
    expect(bidi.payload).toMatchObject({ name: 'Bidi Gamma KG', supplierId: { id: 'L-4' } });
    expect(bidi.notes.map((n) => n.message)).toEqual([
      'Row 5, column Name (B): the invisible left-to-right mark U+200E and soft hyphen U+00AD were removed: "Bidi Gamma KG".',
      'Row 5, column Lieferanten-Nr. (A): the invisible byte order mark U+FEFF, left-to-right embedding U+202A and pop directional formatting U+202C were removed: "L-4".',
    ]);

    // A name of only a zero-width space is an empty name.
    const blank = byRow(rows, 6);
    expect(said(blank)).toEqual([
      'The supplier name is required (row 6, column Name (B)). Enter the supplier name.',
    ]);
    expect(blank.notes.map((n) => n.message)).toEqual([
      'Row 6, column Name (B): the invisible zero-width space U+200B was removed and the cell is empty.',
    ]);

    expect(byRow(rows, 7).payload).toMatchObject({ name: 'Delta SE', supplierId: { id: 'L-6' } });
    expect(byRow(rows, 7).notes.map((n) => n.message)).toEqual([
      'Row 7, column Name (B): the narrow no-break space U+202F became a normal space: "Delta SE".',
      'Row 7, column Lieferanten-Nr. (A): the invisible word joiner U+2060 was removed: "L-6".',
    ]);
    expect(byRow(rows, 8).payload?.name).toBe('Epsilon AG');
    expect(summary).toMatchObject({ rows: 7, valid: 5, invalid: 2 });
  });

  it('cleans a CSV the same way, and a row of only invisible characters is empty', async () => {
    const path = await writeText(
      join(dir, 'invisible.csv'),
      [
        'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land;Quelle',
        'L-1;Acme GmbH;Hauptstr. 1;10115;Berlin;DE;SAP',
        '\u2066L-1\u2069;Acme\u00A0GmbH;Hauptstr. 1;10115;Berlin;DE;SAP',
        '\u200B;\u200B;;;;;\u00A0',
        'L-3;Ogham\u1680Ltd;Hauptstr. 1;10115;Berlin\u3000Mitte;DE;SAP',
      ].join('\r\n'),
    );
    const { rows } = await importAll(path);
    expect(byRow(rows, 3).problems.map((p) => p.code)).toEqual(['duplicate_in_file']);
    expect(byRow(rows, 3).notes.map((n) => n.message)).toEqual([
      'Row 3, column Name (B): the no-break space U+00A0 became a normal space: "Acme GmbH".',
      'Row 3, column Lieferanten-Nr. (A): the invisible left-to-right isolate U+2066 and pop directional isolate U+2069 were removed: "L-1".',
    ]);
    expect(byRow(rows, 4).status).toBe('empty');
    expect(byRow(rows, 5).payload).toMatchObject({ name: 'Ogham Ltd', city: 'Berlin Mitte' });
  });
});
