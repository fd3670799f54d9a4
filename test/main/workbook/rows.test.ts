import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMapping,
  importRows,
  revalidateRow,
  suggestMapping,
  validateRows,
  type Mapping,
  type TableColumn,
  type ValidatedRow,
} from '../../../src-main/workbook';
import { identityKey } from '../../../src-shared/supplier';
import { failureOf, makeTempDir, SUPPLIER_HEADERS, writeWorkbook } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const headers = [
  'Lieferanten-Nr.',
  'Name',
  'Straße',
  'PLZ',
  'Ort',
  'Land',
  'Branche',
  'Screening',
  'Validierung',
  'Kundennummer',
];
const letters = 'ABCDEFGHIJ';
const columns: TableColumn[] = headers.map((header, index) => ({
  index,
  header,
  letter: letters[index] as string,
}));
const mapping: Mapping = {
  fields: [
    { field: 'supplierId.id', column: 0 },
    { field: 'name', column: 1 },
    { field: 'address', column: 2 },
    { field: 'postalCode', column: 3 },
    { field: 'city', column: 4 },
    { field: 'countryCode', column: 5 },
    { field: 'industries', column: 6 },
    { field: 'screeningPeriodInYears', column: 7 },
    { field: 'requestValidationOnCreate', column: 8 },
    { field: 'customerId', column: 9 },
    { field: 'supplierId.source', column: null, constant: 'SAP' },
  ],
};
const row = (sourceRow: number, cells: string[]) => ({ sourceRow, cells });
const validate = (rows: string[][]) =>
  validateRows(
    rows.map((c, i) => row(i + 2, c)),
    mapping,
    columns,
  );

describe('applyMapping and validation', () => {
  it('builds the payload with every transform', () => {
    const { rows, summary } = validate([
      [
        '  00042 ',
        ' Müller   &  Söhne GmbH ',
        'Königsallee 5',
        '1067',
        'Dresden',
        'Deutschland',
        'Metall; Chemie, Metall',
        '5 Jahre',
        'ja',
        'K-9',
      ],
    ]);
    const r = rows[0] as ValidatedRow;
    expect(r.status).toBe('valid');
    expect(r.payload).toEqual({
      name: 'Müller & Söhne GmbH',
      countryCode: 'DE',
      city: 'Dresden',
      address: 'Königsallee 5',
      postalCode: '01067',
      supplierId: { id: '00042', source: 'SAP' },
      industries: ['Metall', 'Chemie'],
      screeningPeriodInYears: 5,
      requestValidationOnCreate: true,
    });
    expect(r.identity).toBe(identityKey({ id: '00042', source: 'SAP' }));
    expect(r.extraIds).toEqual({ customerId: 'K-9' });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]?.message).toContain('01067');
    expect(r.notes[0]?.column).toBe('PLZ (D)');
    expect(summary).toMatchObject({ rows: 1, valid: 1, invalid: 0, empty: 0 });
  });

  it('turns country names in English, German, French, ISO-3 and common forms into ISO-2', () => {
    const names = [
      'Germany',
      'Allemagne',
      'DEU',
      'de',
      'USA',
      'United States',
      'Vereinigte Staaten',
      'UK',
      'England',
      'Großbritannien',
      'Royaume-Uni',
      'Espagne',
      'Niederlande',
      'Holland',
      'Polen',
      'Chine',
      'Volksrepublik China',
      'Italia',
      'Italien',
      "Côte d'Ivoire",
      'Türkei',
    ];
    const { rows } = validate(names.map((n, i) => [`S${i}`, 'N', 'A', '', 'C', n, '', '', '', '']));
    expect(rows.map((r) => r.payload?.countryCode ?? r.problems[0]?.value)).toEqual([
      'DE',
      'DE',
      'DE',
      'DE',
      'US',
      'US',
      'US',
      'GB',
      'GB',
      'GB',
      'GB',
      'ES',
      'NL',
      'NL',
      'PL',
      'CN',
      'CN',
      'IT',
      'IT',
      'CI',
      'TR',
    ]);
  });

  it('names the row, column, value and fix of an unknown country, with a suggestion', () => {
    const { rows, summary } = validate([
      ['1', 'A', 'B', '', 'C', 'Germny', '', '', '', ''],
      ['2', 'A', 'B', '', 'C', 'Atlantis', '', '', '', ''],
    ]);
    expect(rows[0]?.status).toBe('invalid');
    expect(rows[0]?.problems).toMatchObject([
      {
        row: 2,
        field: 'countryCode',
        column: 'Land (F)',
        value: 'Germny',
        code: 'country_unknown',
        message: '"Germny" is not a country the app knows (row 2, column Land (F)).',
        fix: 'Did you mean Germany? Enter Germany or DE.',
      },
    ]);
    expect(rows[1]?.problems[0]?.fix).toMatch(/two-letter code/);
    expect(summary.byCode).toEqual({ country_unknown: 2 });
  });

  it('reports missing required values and bad periods and yes/no words', () => {
    const { rows } = validate([['7', 'Firma', 'Weg 1', '', '', 'FR', '', '3', 'vielleicht', '']]);
    const problems = rows[0]?.problems ?? [];
    expect(problems.map((p) => [p.field, p.code, p.column, p.value])).toEqual([
      ['screeningPeriodInYears', 'value_invalid', 'Screening (H)', '3'],
      ['requestValidationOnCreate', 'value_invalid', 'Validierung (I)', 'vielleicht'],
      ['city', 'value_missing', 'Ort (E)', ''],
    ]);
    expect(problems[2]?.message).toBe('The city is required (row 2, column Ort (E)).');
    expect(problems[2]?.fix).toMatch(/city/);
  });

  it('accepts the yes/no words and periods procurement lists use', () => {
    const words: [string, boolean][] = [
      ['ja', true],
      ['Nein', false],
      ['x', true],
      ['1', true],
      ['0', false],
      ['yes', true],
      ['FALSE', false],
      ['WAHR', true],
    ];
    const { rows } = validate(
      words.map(([w], i) => [
        `V${i}`,
        'N',
        'A',
        '',
        'C',
        'IT',
        '',
        ['2', '5', '10', '10 years'][i % 4] as string,
        w,
        '',
      ]),
    );
    expect(rows.map((r) => r.payload?.requestValidationOnCreate)).toEqual(words.map(([, b]) => b));
    expect(rows.map((r) => r.payload?.screeningPeriodInYears)).toEqual([
      2, 5, 10, 10, 2, 5, 10, 10,
    ]);
  });

  it('restores postal codes only where the country makes it certain', () => {
    const { rows } = validate([
      ['1', 'N', 'A', '1067', 'C', 'DE', '', '', '', ''],
      ['2', 'N', 'A', '501', 'C', 'US', '', '', '', ''],
      ['3', 'N', 'A', '1000', 'C', 'BE', '', '', '', ''],
      ['4', 'N', 'A', '8001', 'C', 'CH', '', '', '', ''],
      ['5', 'N', 'A', '6020', 'C', 'AT', '', '', '', ''],
      ['6', 'N', 'A', '75001', 'C', 'FR', '', '', '', ''],
      ['7', 'N', 'A', '187', 'C', 'IT', '', '', '', ''],
    ]);
    expect(rows.map((r) => r.payload?.postalCode)).toEqual([
      '01067',
      '00501',
      '1000',
      '8001',
      '6020',
      '75001',
      '00187',
    ]);
    expect(rows.map((r) => r.notes.length)).toEqual([1, 1, 0, 0, 0, 0, 1]);
  });

  it('flags a repeated identity inside the file, naming the first row', () => {
    const { rows, summary } = validate([
      ['100', 'One', 'A', '', 'C', 'DE', '', '', '', ''],
      ['101', 'Two', 'A', '', 'C', 'DE', '', '', '', ''],
      [' 100 ', 'One again', 'A', '', 'C', 'DE', '', '', '', ''],
    ]);
    expect(rows.map((r) => r.status)).toEqual(['valid', 'valid', 'invalid']);
    expect(rows[2]?.problems[0]).toMatchObject({
      code: 'duplicate_in_file',
      row: 4,
      column: 'Lieferanten-Nr. (A)',
      value: '100',
    });
    expect(rows[2]?.problems[0]?.message).toContain('row 2');
    expect(summary.byCode).toEqual({ duplicate_in_file: 1 });
  });

  it('treats the same id from another source as a different supplier', () => {
    const withSource: Mapping = {
      fields: [
        ...mapping.fields.filter((f) => f.field !== 'supplierId.source'),
        { field: 'supplierId.source', column: 9 },
      ],
    };
    const { rows } = validateRows(
      [
        row(2, ['100', 'One', 'A', '', 'C', 'DE', '', '', '', 'SAP']),
        row(3, ['100', 'One', 'A', '', 'C', 'DE', '', '', '', 'Oracle']),
      ],
      withSource,
      columns,
    );
    expect(rows.map((r) => r.status)).toEqual(['valid', 'valid']);
  });

  it('validates one row again after a fix, against the identities of the other rows', () => {
    const fixed = row(7, ['100', 'Fixed', 'A', '', 'Köln', 'Deutschland', '', '', '', '']);
    const others: [string, number][] = [
      [identityKey({ id: '100', source: 'SAP' }), 3],
      [identityKey({ id: '200', source: 'SAP' }), 4],
    ];
    const clash = revalidateRow(fixed, mapping, columns, others);
    expect(clash.problems.map((p) => p.code)).toEqual(['duplicate_in_file']);
    expect(clash.problems[0]?.message).toContain('row 3');
    const fine = revalidateRow(
      { ...fixed, cells: ['300', ...fixed.cells.slice(1)] },
      mapping,
      columns,
      others,
    );
    expect(fine.status).toBe('valid');
    // The row's own earlier identity does not count as a duplicate of itself.
    expect(
      revalidateRow(fixed, mapping, columns, [[identityKey({ id: '100', source: 'SAP' }), 7]])
        .status,
    ).toBe('valid');
  });

  it('reports a row that is empty after mapping', () => {
    const onlyUnmapped: Mapping = {
      fields: mapping.fields.filter((f) => f.field !== 'customerId'),
    };
    const mapped = applyMapping(
      row(9, ['', '', '', '', '', '', '', '', '', 'just a note']),
      onlyUnmapped,
      columns,
    );
    expect(mapped.empty).toBe(true);
    const { rows, summary } = validateRows(
      [row(9, ['', '', '', '', '', '', '', '', '', 'just a note'])],
      onlyUnmapped,
      columns,
    );
    expect(rows[0]?.status).toBe('empty');
    expect(rows[0]?.problems[0]).toMatchObject({ code: 'row_empty', row: 9 });
    expect(summary.empty).toBe(1);
  });
});

describe('importRows', () => {
  it('streams a workbook through mapping and validation with row numbers kept', async () => {
    const path = await writeWorkbook(join(dir, 'import.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          ['Lieferantenliste'],
          [],
          ['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land', 'Quelle'],
          ['00017', 'Alpha GmbH', 'Hauptstr. 1', 1067, 'Dresden', 'Deutschland', 'SAP'],
          ['00018', 'Beta SAS', '2 Rue X', 6000, 'Nice', 'Frankreich', 'SAP'],
          ['00019', 'Gamma Ltd', '1 High St', 'SW1A 1AA', '', 'UK', 'SAP'],
        ],
      },
    ]);
    const preview = suggestMapping(SUPPLIER_HEADERS);
    const imported = await importRows(path, { mapping: preview.mapping });
    const rows: ValidatedRow[] = [];
    for await (const r of imported.rows) rows.push(r);
    expect(imported.headerRow).toBe(3);
    expect(rows.map((r) => [r.sourceRow, r.status])).toEqual([
      [4, 'valid'],
      [5, 'valid'],
      [6, 'invalid'],
    ]);
    expect(rows[0]?.payload?.postalCode).toBe('01067');
    expect(rows[1]?.payload?.postalCode).toBe('06000');
    expect(rows[2]?.problems[0]).toMatchObject({
      row: 6,
      field: 'city',
      column: 'Ort (E)',
      code: 'value_missing',
    });
    expect(imported.summary()).toMatchObject({ rows: 3, valid: 2, invalid: 1 });
  });

  it('refuses a mapping that leaves required fields open', async () => {
    const path = await writeWorkbook(join(dir, 'partial.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Name', 'Ort'],
          ['A', 'B'],
        ],
      },
    ]);
    const failure = await failureOf(
      importRows(path, { mapping: suggestMapping(['Name', 'Ort']).mapping }),
    );
    expect(failure.error.code).toBe('mapping_incomplete');
    expect(failure.error.message).toContain('countryCode');
  });
});
