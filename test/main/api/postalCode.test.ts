// The postal code of a listed or found supplier: read as text, a number taken as its text (some
// servers answer one of digits as a number), absent or null left so, anything else taken as none.
import { describe, expect, it } from 'vitest';
import {
  FindByIdentifierSchema,
  SupplierPageSchema,
  SupplierSummarySchema,
} from '../../../src-main/api/wire';

const item = (extra: Record<string, unknown>) => ({
  platformTargetId: 7,
  name: 'Nordwind Stahlbau GmbH',
  address: 'Am Sandtorkai 12',
  city: 'Hamburg',
  countryCode: 'DE',
  supplierIds: [{ id: 'SUP-1001', source: 'ERP' }],
  ...extra,
});

describe('postalCode on the supplier summary', () => {
  it('is read from a list page as text, a number turned into text', () => {
    const page = SupplierPageSchema.parse({
      content: [
        item({ postalCode: '20457' }),
        item({ platformTargetId: 8, postalCode: 1010 }),
        item({ platformTargetId: 9, postalCode: null }),
        item({ platformTargetId: 10 }),
      ],
      size: 10,
      totalElements: 4,
    });
    expect(page.content.map((s) => s.postalCode)).toEqual(['20457', '1010', null, undefined]);
    expect(page.content[0]).toMatchObject({
      name: 'Nordwind Stahlbau GmbH',
      address: 'Am Sandtorkai 12',
      postalCode: '20457',
      city: 'Hamburg',
      countryCode: 'DE',
    });
  });

  it("is read from the spec's Target words too, and from a supplier found", () => {
    const target = {
      id: 11,
      name: 'Atelier Lumière SARL',
      postalCode: 69002,
      foreignSystems: [{ system: 'supplier', id: 'SUP-1002', source: 'ERP' }],
    };
    expect(SupplierSummarySchema.parse(target)).toMatchObject({
      platformTargetId: 11,
      postalCode: '69002',
    });
    const [found] = FindByIdentifierSchema.parse([{ ...target, postalCode: '69002' }]);
    expect(found?.postalCode).toBe('69002');
    expect(FindByIdentifierSchema.parse({ ...target, postalCode: 69002 })[0]?.postalCode).toBe(
      '69002',
    );
  });

  it('takes a postal code that is neither text nor a number as none, the item still read', () => {
    const odd = SupplierSummarySchema.parse(item({ postalCode: { code: '1' } }));
    expect(odd).toMatchObject({ platformTargetId: 7, name: 'Nordwind Stahlbau GmbH' });
    expect(odd.postalCode).toBeUndefined();
  });
});
