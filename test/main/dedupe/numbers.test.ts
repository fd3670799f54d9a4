// Numbers in names: two names whose numbers differ are other companies or sites, however alike
// their letters and address; the same numbers change nothing.
import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../../../src-main/dedupe/match';

const at = (key: number, name: string, street = 'Street 1') => ({
  key,
  name,
  street,
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
});

describe('numbers in names', () => {
  it('keeps names with other numbers apart', () => {
    expect(
      findDuplicates([at(1, 'Test Supplier 1 GmbH'), at(2, 'Test Supplier 101 GmbH')]).groups,
    ).toEqual([]);
    expect(findDuplicates([at(1, 'Lager 1 Logistik'), at(2, 'Lager 2 Logistik')]).groups).toEqual(
      [],
    );
  });
  it('groups names with the same numbers', () => {
    expect(
      findDuplicates([at(1, '3M Deutschland GmbH'), at(2, '3M DEUTSCHLAND')]).groups,
    ).toHaveLength(1);
    expect(
      findDuplicates([at(1, 'Lager 2 Logistik GmbH'), at(2, 'LAGER 2 LOGISTIK')]).groups,
    ).toHaveLength(1);
  });
});
