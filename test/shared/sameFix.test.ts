// After a fix of one row's value the grid offers the same fix to the other rows with the value,
// but never for an id: each id belongs to one row, and the other rows' ids may well be right.
import { describe, expect, it } from 'vitest';
import { IDENTITY_FIELDS, offersSameFix } from '../../src-shared/supplier';

describe('the same fix offered to the other rows', () => {
  it('is offered for a value shared by rows, such as a city', () => {
    expect(offersSameFix('city', 'Muenchen')).toBe(true);
  });

  it('is never offered for an id, nor for an empty value', () => {
    for (const field of ['supplierId.id', 'customerId', 'ownId', 'platformId', 'identifier.id'])
      expect(offersSameFix(field, '000160'), field).toBe(false);
    expect(IDENTITY_FIELDS).toContain('supplierId.id');
    expect(offersSameFix('city', '  ')).toBe(false);
  });
});
