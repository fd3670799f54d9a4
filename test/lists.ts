// Supplier lists the tests write, as procurement keeps them: shared by the unit, integration and
// browser tests (no test runner is imported here).
import ExcelJS from 'exceljs';

/** What a German list's own columns order, as `writePaidList` wrote them. */
export interface PaidColumns {
  screeningsByPeriod: Record<'2' | '5' | '10', number>;
  validations: number;
}

/**
 * A German supplier list whose own columns order paid work: "Screening (Jahre)" (2, 5, 10 or
 * empty, in turn) and "Validierung" (ja, nein or empty, in turn), as procurement lists have
 * them. Returns what those columns order, counted here from what was written.
 */
export async function writePaidList(file: string, n: number, first = 1): Promise<PaidColumns> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow([
    'Lieferantennummer',
    'Name',
    'Straße',
    'PLZ',
    'Ort',
    'Land',
    'Quelle',
    'Screening (Jahre)',
    'Validierung',
  ]);
  const periods = [2, 5, 10, ''] as const;
  const answers = ['ja', 'nein', ''] as const;
  const out: PaidColumns = { screeningsByPeriod: { '2': 0, '5': 0, '10': 0 }, validations: 0 };
  for (let i = 0; i < n; i++) {
    const period = periods[i % periods.length]!;
    const answer = answers[i % answers.length]!;
    if (period !== '') out.screeningsByPeriod[String(period) as '2' | '5' | '10']++;
    if (answer === 'ja') out.validations++;
    ws.addRow([
      `P${String(first + i).padStart(6, '0')}`,
      `Prüflieferant ${first + i} GmbH`,
      `Hauptstraße ${i + 1}`,
      '10115',
      'Berlin',
      'DE',
      'SAP',
      period,
      answer,
    ]);
  }
  await wb.xlsx.writeFile(file);
  return out;
}

/** What `writeDuplicatesList` wrote: rows are sheet rows (the header is row 1). */
export interface DuplicatesListTruth {
  /** Data rows written. */
  rows: number;
  /** Each group of rows of the list that are one supplier site, in sheet order. */
  listGroups: number[][];
  /** Rows that are a supplier of the sandbox's sample base (`SAMPLE_SUPPLIERS`) under another
   *  supplier ID: only a comparison by name and address finds them. `name`: the seeded name. */
  baseMatches: { row: number; name: string }[];
  /** Hard negatives: a name of a group or of the base in another city, a duplicate of nothing. */
  negatives: number[];
}

/**
 * A small English supplier list ('Suppliers': Supplier ID, Source, Name, Street, Postal code,
 * City, Country) of likely duplicates, every supplier ID new to the sandbox's sample base
 * (DUP-001 …, source ERP): one site spelt three ways (Müller Holzbau, Stuttgart) and one spelt
 * two ways (Schmidt & Söhne, Bremen); three rows that are sample suppliers under another spelling
 * (Nordwind Stahlbau, Atelier Lumière, Great Lakes Packaging); the same names in another city
 * (München), which are no duplicates; and unrelated rows.
 */
export async function writeDuplicatesList(
  file: string,
  options: { filler?: number } = {},
): Promise<DuplicatesListTruth> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Source', 'Name', 'Street', 'Postal code', 'City', 'Country']);
  // [name, street, postal code (text: 01067 keeps its zero), city, country]; the rows of a
  // group are interleaved with others on purpose. The comment is each row's sheet row.
  const rows: [string, string, string, string, string][] = [
    ['Müller Holzbau GmbH & Co. KG', 'Hauptstraße 5', '70173', 'Stuttgart', 'DE'], // 2
    ['Schmidt & Söhne Logistik AG', 'Konsul-Smidt-Straße 8', '28217', 'Bremen', 'DE'], // 3
    ['NORDWIND STAHLBAU GMBH', 'Am Sandtorkai 12', '20457', 'Hamburg', 'DE'], // 4
    ['Mueller Holzbau GmbH', 'Hauptstr. 5', '70173', 'Stuttgart', 'DE'], // 5
    ['Bäckerei Sonnenschein GmbH', 'Marktplatz 3', '01067', 'Dresden', 'DE'], // 6
    ['Atelier Lumiere S.A.R.L.', '14 rue de la Republique', '69002', 'Lyon', 'FR'], // 7
    ['Müller Holzbau GmbH', 'Königstraße 1', '80331', 'München', 'DE'], // 8
    ['Schmidt und Soehne Logistik AG', 'Konsul-Smidt-Str. 8', '28217', 'Bremen', 'DE'], // 9
    ['Great Lakes Packaging, Inc.', '1200 Lakeside Ave', '44114', 'Cleveland', 'US'], // 10
    ['MULLER HOLZBAU GMBH', 'Hauptstrasse 5', '70173', 'Stuttgart', 'DE'], // 11
    ['Nordwind Stahlbau GmbH', 'Leopoldstraße 3', '80331', 'München', 'DE'], // 12
    ['Verde Agricola S.r.l.', 'Via Roma 15', '37121', 'Verona', 'IT'], // 13
    ['Fjord Marine AS', 'Strandkaien 2', '5013', 'Bergen', 'NO'], // 14
  ];
  rows.forEach(([name, street, postalCode, city, country], i) => {
    ws.addRow([
      `DUP-${String(i + 1).padStart(3, '0')}`,
      'ERP',
      name,
      street,
      postalCode,
      city,
      country,
    ]).commit();
  });
  // Rows after them that are no duplicates of anything (names that differ by a number are other
  // companies): a long list whose grouping takes a while.
  for (let i = 1; i <= (options.filler ?? 0); i++) {
    ws.addRow([
      `FILL-${String(i).padStart(6, '0')}`,
      'ERP',
      `Filler Supplier ${i} GmbH`,
      `Industriestraße ${(i % 200) + 1}`,
      String(10000 + (i % 80000)),
      'Teststadt',
      'DE',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return {
    rows: rows.length,
    listGroups: [
      [2, 5, 11],
      [3, 9],
    ],
    baseMatches: [
      { row: 4, name: 'Nordwind Stahlbau GmbH' },
      { row: 7, name: 'Atelier Lumière SARL' },
      { row: 10, name: 'Great Lakes Packaging Inc.' },
    ],
    negatives: [8, 12],
  };
}

/** A supplier of a seeded base (the sandbox's seed shape). */
export interface SeedSupplier {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  supplierIds: { id: string; source: string }[];
}

const seed = (
  name: string,
  address: string,
  postalCode: string,
  city: string,
  countryCode: string,
  id: string,
): SeedSupplier => ({
  name,
  address,
  postalCode,
  city,
  countryCode,
  supplierIds: [{ id, source: 'ERP' }],
});

/**
 * A platform base as real ones grow, for the audit of its duplicates: the same site entered twice
 * or three times by colleagues who spelled it otherwise, next to suppliers that only look alike
 * (two trades of one family at one address, a chain in two cities, one name on a street every
 * town has, in two towns). Written by hand; the groups are AUDIT_GROUPS, by supplier id.
 */
export const AUDIT_BASE: readonly SeedSupplier[] = [
  seed('Schulz Metallbau GmbH', 'Industriestraße 14', '70565', 'Stuttgart', 'DE', 'A1'),
  seed('SCHULZ METALLBAU GMBH & CO. KG', 'Industriestr. 14', '70565', 'Stuttgart', 'DE', 'A2'),
  seed('Café Luitpold', 'Brienner Str. 11', '80333', 'München', 'DE', 'B1'),
  seed('Cafe Luitpold GmbH', 'Brienner Straße 11', '80333', 'Munich', 'DE', 'B2'),
  seed("Harvey's Hardware Inc.", '435 S. La Brea Ave.', '90036', 'Los Angeles', 'US', 'C1'),
  seed('Harveys Hardware', '435 South La Brea Avenue', '90036', 'Los Angeles', 'US', 'C2'),
  seed('Harvey Hardware Co', '435 S La Brea Ave Suite 2', '', 'Los Angeles', 'US', 'C3'),
  seed('Bäckerei Vogt', 'Hauptstraße 3', '79098', 'Freiburg', 'DE', 'N1'),
  seed('Metzgerei Vogt', 'Hauptstraße 3', '79098', 'Freiburg', 'DE', 'N2'),
  seed('Müller Logistik GmbH', 'Hafenstraße 8', '20457', 'Hamburg', 'DE', 'N3'),
  seed('Müller Logistik GmbH', 'Am Hafen 2', '10245', 'Berlin', 'DE', 'N4'),
  seed('Bistro Nord', '5 Main St.', '02108', 'Boston', 'US', 'N5'),
  seed('Bistro Nord', '5 Main St.', '04101', 'Portland', 'US', 'N6'),
];

/** AUDIT_BASE's likely duplicates, each group by its suppliers' ids, sorted. */
export const AUDIT_GROUPS: readonly (readonly string[])[] = [
  ['A1', 'A2'],
  ['B1', 'B2'],
  ['C1', 'C2', 'C3'],
];

/** A supplier list with a Customer ID column: one row per `[supplier no, name, customer id]`,
 *  all in Berlin with the source ERP. */
export async function writeCustomerIdList(
  file: string,
  rows: readonly (readonly [string, string, string])[],
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow([
    'Supplier No',
    'Name',
    'Street',
    'Postal code',
    'City',
    'Country',
    'Source',
    'Customer ID',
  ]);
  rows.forEach(([no, name, customerId], i) =>
    ws.addRow([no, name, `Street ${i + 1}`, '10115', 'Berlin', 'DE', 'ERP', customerId]),
  );
  await wb.xlsx.writeFile(file);
}

/**
 * Corrects a results file as a user does in Excel: on its Errors sheet, the row whose
 * `match.column` holds `match.value` gets `value` in `column`. Returns that row's cells as text
 * before the change (its advice among them); undefined when no row matched.
 */
export async function correctOnErrorsSheet(
  file: string,
  match: { column: string; value: string },
  column: string,
  value: string,
): Promise<string[] | undefined> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const errors = book.getWorksheet('Errors')!;
  const header = Array.from(errors.getRow(1).values as unknown[], (v) => String(v ?? ''));
  let before: string[] | undefined;
  errors.eachRow((row, n) => {
    if (n === 1 || row.getCell(header.indexOf(match.column)).value !== match.value) return;
    before = Array.from(row.values as unknown[], (v) => String(v ?? ''));
    row.getCell(header.indexOf(column)).value = value;
  });
  await book.xlsx.writeFile(file);
  return before;
}
