// foreignSystems entries whose `system` is no kind the app knows: kept with their word (never
// read as "no identifiers"), matched by id and source like supplier ids, and a row whose id is
// there only with another source is in doubt.
import { describe, expect, it } from 'vitest';
import {
  OpenWords,
  recognisableIds,
  unknownSystems,
  wordsText,
} from '../../../src-main/api/openWords';
import { SupplierDetailSchema, SupplierSummarySchema } from '../../../src-main/api/wire';
import { IdentityIndex } from '../../../src-main/engine/identityIndex';

const target = (foreignSystems: unknown[]) => ({ id: 7, name: 'A', foreignSystems });

describe('identifiers in words the app does not know', () => {
  it('keeps them beside the known kinds, with their word', () => {
    const s = SupplierSummarySchema.parse(
      target([
        { system: 'supplier', id: 'S-1', source: 'ERP' },
        { system: 'SAP', id: '000101', source: 'SAP' },
        { id: 'C-1' },
        { system: 12, id: 5 },
      ]),
    );
    expect(s.supplierIds).toEqual([{ id: 'S-1', source: 'ERP' }]);
    expect(s.otherIds).toEqual([
      { id: '000101', source: 'SAP', system: 'SAP' },
      { id: 'C-1', source: null, system: '' },
      { id: '5', source: null, system: '12' },
    ]);
    expect(unknownSystems([s])).toEqual(['SAP', '', '12']);
    const d = SupplierDetailSchema.parse(target([{ system: 'SAP', id: '000101', source: 'SAP' }]));
    expect(d.otherIds).toEqual([{ id: '000101', source: 'SAP', system: 'SAP' }]);
    expect(d.customerIds).toEqual([]);
  });

  it('has none when the identifiers came in the rich lists', () => {
    const s = SupplierSummarySchema.parse({
      platformTargetId: 7,
      supplierIds: [{ id: 'S-1', source: 'ERP' }],
      foreignSystems: [{ system: 'SAP', id: 'X' }],
    });
    expect(s.otherIds).toBeUndefined();
  });

  it('matches a row by id and source whatever the word; two suppliers are ambiguous', () => {
    const a = SupplierSummarySchema.parse({
      id: 1,
      foreignSystems: [{ system: 'SAP', id: '000101', source: 'SAP' }],
    });
    const b = SupplierSummarySchema.parse({
      id: 2,
      foreignSystems: [{ system: 'CRM', id: 'K-9', source: 'SAP' }],
    });
    const c = SupplierSummarySchema.parse({
      id: 3,
      foreignSystems: [{ system: 'supplier', id: 'K-9', source: 'SAP' }],
    });
    const index = new IdentityIndex();
    index.addSuppliers(
      [a, b, c].map((s) => ({
        platformId: String(s.platformTargetId),
        supplierIds: recognisableIds(s),
      })),
    );
    expect(index.match({ id: '000101', source: 'SAP' })).toEqual({
      kind: 'exists',
      platformId: '1',
    });
    expect(index.match({ id: '000101', source: 'Ariba' })).toEqual({ kind: 'new' });
    // A customer id that equals a row's supplier id: never a second creation.
    expect(index.match({ id: 'K-9', source: 'SAP' })).toEqual({
      kind: 'ambiguous',
      platformIds: ['2', '3'],
    });
  });

  it('is in doubt where the id is there under an unknown word without a source', () => {
    const words = new OpenWords();
    expect(words.see([{ otherIds: [{ id: '000101 ', system: 'SAP' }] }])).toEqual(['SAP']);
    expect(words.see([{ otherIds: [{ id: '000102', system: 'SAP', source: 'X' }] }])).toEqual([]);
    expect(words.inDoubt({ id: ' 000101', source: 'SAP' })).toBe(true);
    // Another source is another supplier, by the API's rule for sources.
    expect(words.inDoubt({ id: '000102', source: 'SAP' })).toBe(false);
    expect(words.inDoubt({ id: '000103', source: 'SAP' })).toBe(false);
    // Without a source a row matches the id from any source: never in doubt here.
    expect(words.inDoubt({ id: '000101' })).toBe(false);
    expect(words.seen).toEqual(['SAP']);
  });

  it('names the words quoted, cut short, a few at most', () => {
    expect(wordsText(['SAP', ''])).toBe('"SAP", ""');
    expect(wordsText(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('"a", "b", "c", "d", "e" (+2)');
    expect(wordsText(['x'.repeat(50)])).toBe(`"${'x'.repeat(40)}…"`);
    expect(wordsText(['line\nbreak'])).toBe('"line break"');
  });
});
