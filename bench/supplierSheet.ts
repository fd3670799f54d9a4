// The generated supplier list the benchmarks import: German headers, ten places in turn, one row
// in a hundred without its city (validation has problems to report).

export const HEADERS = [
  'Lieferanten-Nr.',
  'Name',
  'Straße',
  'PLZ',
  'Ort',
  'Land',
  'Quelle',
  'Branche',
  'Screening',
  'Validierung',
];

export const PLACES: [string, string, number | string][] = [
  ['Dresden', 'Deutschland', 1067],
  ['München', 'DE', 80331],
  ['Lyon', 'France', 69001],
  ['Boston', 'USA', 2134],
  ['London', 'UK', 'SW1A 1AA'],
  ['Milano', 'Italien', 20121],
  ['Madrid', 'ESP', 28001],
  ['Rotterdam', 'Netherlands', '3011 AA'],
  ['Kraków', 'Polen', '30-001'],
  ['Shenzhen', 'China', 518000],
];

/** Row i of the list; `over` replaces its place and its street's spelling. */
export function supplierRow(
  i: number,
  over: { place?: [string, string, number | string]; street?: string } = {},
): (string | number)[] {
  const [city, country, postal] =
    over.place ?? (PLACES[i % PLACES.length] as [string, string, number | string]);
  return [
    String(100000 + i).padStart(8, '0'),
    `Supplier ${i} ${i % 3 === 0 ? 'GmbH' : 'Ltd'}`,
    `${over.street ?? 'Industriestraße'} ${i % 200}`,
    postal,
    i % 100 === 7 ? '' : city,
    country,
    'SAP',
    i % 2 === 0 ? 'Metall; Elektronik' : 'Chemie',
    [2, 5, 10][i % 3] as number,
    i % 4 === 0 ? 'ja' : 'nein',
  ];
}
