// The connection's names of the customer id's and the own id's identifier types: what is a valid
// name, the command line's form, and the mapping between the app's types and the wire's.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDENTIFIER_TYPES,
  IdentifierTypesSchema,
  appType,
  formatIdentifierTypes,
  parseIdentifierTypes,
  wireType,
} from '../../src-shared/identifierTypes';
import { commands } from '../../src-shared/contract';

describe('identifier type names', () => {
  it('takes uppercase letters, digits and underscores, 1 to 40 of them', () => {
    const ok = (name: string) =>
      IdentifierTypesSchema.safeParse({ CUSTOMER_ID: name, OWN_ID: 'OWN' }).success;
    expect(ok('CUST')).toBe(true);
    expect(ok('CUSTOMER_NO_2')).toBe(true);
    expect(ok('A'.repeat(40))).toBe(true);
    expect(ok('A'.repeat(41))).toBe(false);
    expect(ok('')).toBe(false);
    expect(ok('cust')).toBe(false);
    expect(ok('CUST-ID')).toBe(false);
    expect(ok('CUST ID')).toBe(false);
    expect(ok('KUNDENNR_Ä')).toBe(false);
  });

  it('refuses one name for both kinds, and SUPPLIER_ID, and anything but the two kinds', () => {
    expect(IdentifierTypesSchema.safeParse({ CUSTOMER_ID: 'X', OWN_ID: 'X' }).success).toBe(false);
    expect(
      IdentifierTypesSchema.safeParse({ CUSTOMER_ID: 'SUPPLIER_ID', OWN_ID: 'OWN' }).success,
    ).toBe(false);
    expect(
      IdentifierTypesSchema.safeParse({ CUSTOMER_ID: 'C', OWN_ID: 'O', SUPPLIER_ID: 'S' }).success,
    ).toBe(false);
    expect(IdentifierTypesSchema.safeParse({ CUSTOMER_ID: 'C' }).success).toBe(false);
  });

  it('is checked where a connection is saved', () => {
    const save = commands['connections:save'].input;
    const base = { name: 'API', baseUrl: 'https://api.example.com' };
    expect(
      save.safeParse({ ...base, identifierTypes: { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' } }),
    ).toMatchObject({ success: true });
    expect(
      save.safeParse({ ...base, identifierTypes: { CUSTOMER_ID: 'cust', OWN_ID: 'OWN' } }).success,
    ).toBe(false);
  });

  it('reads and writes the command line form', () => {
    expect(parseIdentifierTypes('CUSTOMER_ID=CUST,OWN_ID=OWN')).toEqual({
      CUSTOMER_ID: 'CUST',
      OWN_ID: 'OWN',
    });
    // A pair left out keeps its default.
    expect(parseIdentifierTypes('OWN_ID=EIGENE')).toEqual({
      CUSTOMER_ID: 'CUSTOMER_ID',
      OWN_ID: 'EIGENE',
    });
    for (const bad of ['CUST', 'CUSTOMER_ID=cust', 'SUPPLIER_ID=X', 'CUSTOMER_ID=A,CUSTOMER_ID=B'])
      expect(parseIdentifierTypes(bad), bad).toBeUndefined();
    const names = { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' };
    expect(parseIdentifierTypes(formatIdentifierTypes(names))).toEqual(names);
  });

  it('maps the app’s types to the wire’s and back; the supplier id is never renamed', () => {
    const names = { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' };
    expect(wireType('CUSTOMER_ID', names)).toBe('CUST');
    expect(wireType('OWN_ID', names)).toBe('OWN');
    expect(wireType('SUPPLIER_ID', names)).toBe('SUPPLIER_ID');
    expect(wireType('OWN_ID')).toBe(DEFAULT_IDENTIFIER_TYPES.OWN_ID);
    expect(appType('CUST', names)).toBe('CUSTOMER_ID');
    expect(appType('OTHER', names)).toBe('OTHER');
  });
});
