import { describe, expect, it } from 'vitest';
import { IdentityIndex } from '../../../src-main/engine/identityIndex';

describe('IdentityIndex', () => {
  const index = new IdentityIndex();
  index.addSuppliers([
    { platformId: '1', supplierIds: [{ id: 'S-1', source: 'SAP' }] },
    {
      platformId: '2',
      supplierIds: [
        { id: 'S-2', source: 'SAP' },
        { id: ' S-2b ', source: 'ERP' },
      ],
    },
    { platformId: '3', supplierIds: [{ id: 'S-2', source: 'ORACLE' }] },
    { platformId: '4', supplierIds: [{ id: 'dup', source: 'SAP' }] },
    { platformId: '5', supplierIds: [{ id: 'dup', source: 'SAP' }] },
    { platformId: '6', supplierIds: [{ id: 'nosource' }] },
  ]);
  index.addPending([
    { uuid: 'u-1', supplierId: { id: 'P-1', source: 'SAP' } },
    { uuid: 'u-2', supplierId: { id: 'S-1', source: 'SAP' } },
  ]);

  it('finds an existing supplier by id and source, trimming like the server', () => {
    expect(index.match({ id: 'S-1', source: 'SAP' })).toEqual({ kind: 'exists', platformId: '1' });
    expect(index.match({ id: ' S-2b', source: 'ERP ' })).toEqual({
      kind: 'exists',
      platformId: '2',
    });
  });

  it('with a source, matches that source only', () => {
    expect(index.match({ id: 'S-1', source: 'ORACLE' })).toEqual({ kind: 'new' });
    expect(index.match({ id: 'nosource', source: 'SAP' })).toEqual({ kind: 'new' });
  });

  it('without a source, matches the id from any source and reports several as ambiguous', () => {
    expect(index.match({ id: 'S-2' })).toEqual({ kind: 'ambiguous', platformIds: ['2', '3'] });
    expect(index.match({ id: 'nosource' })).toEqual({ kind: 'exists', platformId: '6' });
  });

  it('reports two suppliers with the same identity as ambiguous', () => {
    expect(index.match({ id: 'dup', source: 'SAP' })).toEqual({
      kind: 'ambiguous',
      platformIds: ['4', '5'],
    });
  });

  it('reports a pending creation, but an existing supplier wins over it', () => {
    expect(index.match({ id: 'P-1', source: 'SAP' })).toEqual({ kind: 'pending', uuid: 'u-1' });
    expect(index.match({ id: 'P-1' })).toEqual({ kind: 'pending', uuid: 'u-1' });
    expect(index.match({ id: 'S-1', source: 'SAP' })).toMatchObject({ kind: 'exists' });
  });

  it('reports an unknown identity as new', () => {
    expect(index.match({ id: 'S-999', source: 'SAP' })).toEqual({ kind: 'new' });
    expect(index.supplierIdentityCount).toBe(6);
  });
});
