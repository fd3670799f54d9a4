// The duplicates list the tests write (test/lists.ts writeDuplicatesList) says what it holds:
// read back from the workbook, the matching library finds exactly its groups and its matches
// with the sandbox's sample base, and none of its hard negatives.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDuplicates, matchAgainstBase } from '../../../src-main/dedupe/match';
import type { SupplierRecord } from '../../../src-main/dedupe/types';
import { SAMPLE_SUPPLIERS } from '../../../src-main/sandbox/sampleSuppliers';
import { writeDuplicatesList, type DuplicatesListTruth } from '../../lists';

let dir: string;
let truth: DuplicatesListTruth;
let records: SupplierRecord[];
let ids: string[];

const HEADER = ['Supplier ID', 'Source', 'Name', 'Street', 'Postal code', 'City', 'Country'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duplicates-list-'));
  const file = join(dir, 'duplicates.xlsx');
  truth = await writeDuplicatesList(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Suppliers']);
  const ws = wb.getWorksheet('Suppliers')!;
  const text = (row: ExcelJS.Row, col: number) => {
    const v = row.getCell(col).value;
    return v === null || v === undefined ? '' : String(v);
  };
  expect(HEADER.map((_, i) => text(ws.getRow(1), i + 1))).toEqual(HEADER);
  records = [];
  ids = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    ids.push(text(row, 1));
    records.push({
      key: r,
      name: text(row, 3),
      street: text(row, 4),
      postalCode: text(row, 5),
      city: text(row, 6),
      countryCode: text(row, 7),
    });
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const BASE: SupplierRecord[] = SAMPLE_SUPPLIERS.map((s) => ({
  key: s.name,
  name: s.name,
  street: s.address,
  postalCode: s.postalCode ?? null,
  city: s.city,
  countryCode: s.countryCode,
}));

describe('writeDuplicatesList', () => {
  it('writes the rows it reports, every supplier ID new to the sample base', () => {
    expect(records).toHaveLength(truth.rows);
    expect(truth.rows).toBeGreaterThanOrEqual(10);
    expect(new Set(ids).size).toBe(ids.length);
    const seeded = new Set(SAMPLE_SUPPLIERS.flatMap((s) => (s.supplierIds ?? []).map((i) => i.id)));
    for (const id of ids) {
      expect(id).toMatch(/^DUP-\d{3}$/);
      expect(seeded.has(id)).toBe(false);
    }
    // Postal codes read back as typed (a leading zero kept).
    expect(records.map((r) => r.postalCode)).toContain('01067');
  });

  it('holds exactly the groups it reports, and no hard negative in any', () => {
    const { groups } = findDuplicates(records);
    expect(groups.map((g) => g.keys)).toEqual(truth.listGroups);
    const grouped = new Set(groups.flatMap((g) => g.keys));
    for (const row of truth.negatives) expect(grouped.has(row)).toBe(false);
  });

  it('matches exactly the sample suppliers it reports, and no hard negative', () => {
    const { matches } = matchAgainstBase(records, BASE);
    expect(matches.map((m) => ({ row: m.key, names: m.candidates.map((c) => c.baseKey) }))).toEqual(
      truth.baseMatches.map((b) => ({ row: b.row, names: [b.name] })),
    );
    const names = new Set(SAMPLE_SUPPLIERS.map((s) => s.name));
    for (const b of truth.baseMatches) expect(names.has(b.name)).toBe(true);
    const matched = new Set(matches.map((m) => m.key));
    for (const row of truth.negatives) expect(matched.has(row)).toBe(false);
  });
});
