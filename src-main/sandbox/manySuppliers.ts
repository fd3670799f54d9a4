// A large seeded supplier base, made quickly and the same every time: for benchmarks and tests
// of the supplier-base export. Load it with `configure({ seedSuppliers: manySuppliers(n) })`
// and `reset()` (one transaction), or write it to a JSON file for `npm run sandbox`.
import type { SandboxSeedSupplier } from './types';

const CITIES: [string, string, string][] = [
  ['Hamburg', 'DE', '20095'],
  ['München', 'DE', '80331'],
  ['Lyon', 'FR', '69001'],
  ['Milano', 'IT', '20121'],
  ['Wien', 'AT', '1010'],
  ['Rotterdam', 'NL', '3011 AA'],
  ['Boston', 'US', '02108'],
  ['Kraków', 'PL', '31-001'],
];
const WORDS = ['Nord', 'Süd', 'Alpha', 'Metall', 'Textil', 'Logistik', 'Chemie', 'Holz', 'Agrar'];
const FORMS = ['GmbH', 'AG', 'SAS', 'S.p.A.', 'B.V.', 'Inc.', 'Sp. z o.o.', 'KG'];

/**
 * `n` suppliers, each with a supplier ID `S<number>` of source `ERP` (zero-padded to 8 digits, so
 * that leading zeros show up), every tenth with a second supplier ID of another source and a
 * long all-digit ID (15 digits: bent by Excel when stored as a number).
 */
export function manySuppliers(n: number, first = 1): SandboxSeedSupplier[] {
  const out: SandboxSeedSupplier[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const k = first + i;
    const [city, countryCode, postalCode] = CITIES[k % CITIES.length]!;
    const supplierIds = [{ id: `S${String(k).padStart(8, '0')}`, source: 'ERP' }];
    if (k % 10 === 0) supplierIds.push({ id: String(100_000_000_000_000 + k), source: 'DUNS' });
    out[i] = {
      name: `${WORDS[k % WORDS.length]} ${WORDS[(k >> 3) % WORDS.length]} ${k} ${FORMS[k % FORMS.length]}`,
      countryCode,
      city,
      address: `Hauptstraße ${(k % 200) + 1}`,
      postalCode,
      supplierIds,
    };
  }
  return out;
}
