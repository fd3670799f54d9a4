// Labelled sets written by hand, as procurement lists hold them: each site is one supplier site
// as a person would judge it, its rows the ways one list spells it. Rows of two sites are never
// the same site, however alike (the hard negatives sit next to the rows they resemble).
import type { SupplierRecord } from '../../src-main/dedupe/types';
import type { Registrations } from '../../src-shared/registration';

/** name, street (as written, notes and all), postal code ('' none), city ('' none), and the
 *  phone and registration numbers a list may carry. */
export type Row = readonly [
  name: string,
  street: string,
  postal: string,
  city: string,
  numbers?: { phone?: string } & Registrations,
];

export interface Site {
  cc: string;
  rows: readonly Row[];
}

export interface OwnSet {
  name: string;
  sites: readonly Site[];
}

/** One site of country cc; one row is a site with no duplicate (a hard negative for others). */
export const site = (cc: string, ...rows: Row[]): Site => ({ cc, rows });

/** The set's records (key = index) and, per record, its site's number. */
export function recordsOf(set: OwnSet): { records: SupplierRecord[]; site: Int32Array } {
  const records: SupplierRecord[] = [];
  const siteOf: number[] = [];
  set.sites.forEach((s, k) => {
    for (const [name, street, postal, city, numbers] of s.rows) {
      const { phone, ...registrations } = numbers ?? {};
      records.push({
        key: records.length,
        name,
        street: street || null,
        postalCode: postal || null,
        city: city || null,
        countryCode: s.cc,
        ...(phone ? { phone } : {}),
        ...(Object.keys(registrations).length ? { registrations } : {}),
      });
      siteOf.push(k);
    }
  });
  return { records, site: Int32Array.from(siteOf) };
}
