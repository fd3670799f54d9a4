// An identifiers job's rows: each names its supplier by any identifier and gives the identifier
// to add or remove (type in the API's or readable words, id, optional source) and, when an
// Action column is mapped, its own action; every rejected row names the cell and says how to
// fix it.
import { expect, it } from 'vitest';
import { validateRows, type Mapping, type TableColumn } from '../../../src-main/workbook';
import { missingRequiredFields } from '../../../src-main/workbook';
import { fieldsFor, identifierTypeOf } from '../../../src-shared/operations';

const headers = ['Kundennummer', 'Kennungstyp', 'Kennung', 'Quelle', 'Aktion'];
const columns: TableColumn[] = headers.map((header, index) => ({
  index,
  header,
  letter: 'ABCDE'[index] as string,
}));
const mapping: Mapping = {
  operation: 'identifiers',
  fields: [
    { field: 'customerId', column: 0 },
    { field: 'identifier.type', column: 1 },
    { field: 'identifier.id', column: 2 },
    { field: 'identifier.source', column: 3 },
    { field: 'identifier.action', column: 4 },
  ],
};
const validate = (rows: string[][], m: Mapping = mapping) =>
  validateRows(
    rows.map((cells, i) => ({ sourceRow: i + 2, cells })),
    m,
    columns,
  ).rows;

it('reads the type in readable words and the action in English or German', () => {
  const [a, b, c] = validate([
    ['K-1', 'customer id', 'C-9', '', 'Add'],
    ['K-2', 'OWN_ID', 'O-9', '', 'entfernen'],
    ['K-3', 'Lieferantennummer', 'S-9', 'ERP', 'HINZUFÜGEN'],
  ]);
  expect(a!.status).toBe('valid');
  expect(a!.payload).toEqual({
    customerId: 'K-1',
    identifier: { type: 'CUSTOMER_ID', id: 'C-9' },
    action: 'add',
  });
  expect(b!.payload).toMatchObject({ identifier: { type: 'OWN_ID', id: 'O-9' }, action: 'remove' });
  expect(c!.payload).toMatchObject({
    identifier: { type: 'SUPPLIER_ID', id: 'S-9', source: 'ERP' },
    action: 'add',
  });
  expect(identifierTypeOf('Kunden-Nummer')).toBe('CUSTOMER_ID');
  expect(identifierTypeOf('phone')).toBeUndefined();
});

it('names the cell of an unknown type, a missing id, an unknown or blank action', () => {
  const rows = validate([
    ['K-1', 'phone', 'C-9', '', 'add'],
    ['K-2', 'customer id', '', '', 'add'],
    ['K-3', 'customer id', 'C-3', '', 'maybe'],
    ['K-4', 'customer id', 'C-4', '', ''],
    ['', 'customer id', 'C-5', '', 'add'],
  ]);
  expect(rows.map((r) => r.status)).toEqual([
    'invalid',
    'invalid',
    'invalid',
    'invalid',
    'invalid',
  ]);
  const first = (i: number) => rows[i]!.problems[0]!;
  expect([first(0).field, first(0).column, first(0).value]).toEqual([
    'identifier.type',
    'Kennungstyp (B)',
    'phone',
  ]);
  expect(first(0).fix).toContain('CUSTOMER_ID');
  expect([first(1).field, first(1).code]).toEqual(['identifier.id', 'value_missing']);
  expect([first(2).field, first(2).column, first(2).value]).toEqual([
    'identifier.action',
    'Aktion (E)',
    'maybe',
  ]);
  expect(first(2).fix).toContain('hinzufügen');
  expect([first(3).field, first(3).code]).toEqual(['identifier.action', 'value_missing']);
  // No identifier names the supplier.
  expect([first(4).field, first(4).code]).toEqual(['customerId', 'value_missing']);
});

it('takes the job’s action when no Action column is mapped, and finds the same identifier twice', () => {
  const without: Mapping = {
    operation: 'identifiers',
    fields: mapping.fields.filter((f) => f.field !== 'identifier.action'),
  };
  const [a, b] = validate(
    [
      ['K-1', 'customer id', 'C-9', '', 'nonsense the job ignores'],
      ['K-2', 'CUSTOMER_ID', 'C-9', '', ''],
    ],
    without,
  );
  expect(a!.status).toBe('valid');
  expect(a!.payload).not.toHaveProperty('action');
  expect(b!.status).toBe('invalid');
  expect(b!.problems[0]).toMatchObject({ field: 'identifier.id', code: 'duplicate_in_file' });
  expect(b!.problems[0]!.message).toContain('row 2 changes the same identifier');
});

it('needs a supplier reference and the identifier’s type and id mapped', () => {
  expect(missingRequiredFields({ operation: 'identifiers', fields: [] })).toEqual([
    'platformId',
    'supplierId.id',
    'customerId',
    'ownId',
    'identifier.type',
    'identifier.id',
  ]);
  expect(missingRequiredFields(mapping)).toEqual([]);
  expect(fieldsFor('identifiers').map((f) => f.key)).toEqual([
    'supplierId.id',
    'supplierId.source',
    'customerId',
    'ownId',
    'platformId',
    'identifier.type',
    'identifier.id',
    'identifier.source',
    'identifier.action',
  ]);
});
