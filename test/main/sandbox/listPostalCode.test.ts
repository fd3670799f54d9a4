// The supplier list carries each supplier's name, street address, postal code, city and country
// (what duplicate detection compares), for seeded and created suppliers, over real HTTP; the
// app's API client reads the postal code from a list page and from a supplier found.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ApiWarning } from '../../../src-main/api/client';
import { SAMPLE_SUPPLIERS } from '../../../src-main/sandbox/sampleSuppliers';
import {
  SITES,
  clientFor,
  specAnswersChecker,
  startTestSandbox,
  supplierPayload,
  type TestSandbox,
} from './client';

let t: TestSandbox | undefined;
afterEach(async () => {
  await t?.sb.close();
  t = undefined;
});

const ADDRESS_FIELDS = ['name', 'address', 'postalCode', 'city', 'countryCode'] as const;

describe('the supplier list', () => {
  it('carries name, address, postalCode, city and countryCode on every item of the sample base', async () => {
    t = await startTestSandbox({ seedSuppliers: 'sample' });
    const page = await t.api.get(`${SITES}?size=100`);
    expect(page.status).toBe(200);
    const items = page.body.content as Record<string, unknown>[];
    expect(items).toHaveLength(SAMPLE_SUPPLIERS.length);
    for (const item of items) {
      for (const field of ADDRESS_FIELDS) {
        expect(typeof item[field], `${String(item.name)}: ${field}`).toBe('string');
        expect(item[field], `${String(item.name)}: ${field}`).not.toBe('');
      }
    }
    // Each item is its seed, postal code included.
    const byName = new Map(items.map((i) => [i.name, i]));
    for (const s of SAMPLE_SUPPLIERS) {
      expect(byName.get(s.name)).toMatchObject({
        address: s.address,
        postalCode: s.postalCode,
        city: s.city,
        countryCode: s.countryCode,
      });
    }
    expect(byName.get('Polar Components Oy')?.postalCode).toBe('90590');
    expect(byName.get('Vistula Logistics (Warehouse)')?.postalCode).toBe('81-336');
  });

  it('carries a created supplier’s postal code, and null for a supplier without one', async () => {
    t = await startTestSandbox();
    const withCode = await t.api.post(SITES, supplierPayload('PC-1', { postalCode: '10115' }));
    const without = await t.api.post(SITES, supplierPayload('PC-2'));
    expect([withCode.status, without.status]).toEqual([202, 202]);
    await t.clock.advance(1000);
    const page = await t.api.get(`${SITES}?size=100`);
    const bySupplierId = new Map(
      (page.body.content as { supplierIds: { id: string }[] }[]).map((i) => [
        i.supplierIds[0]?.id,
        i,
      ]),
    );
    expect(bySupplierId.get('PC-1')).toMatchObject({
      name: 'Supplier PC-1',
      address: 'Hauptstrasse 1',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
    // The test seed 'Beta Plastics' and PC-2 have none: the field is there, null.
    expect(bySupplierId.get('PC-2')).toHaveProperty('postalCode', null);
    expect(bySupplierId.get('SHARED')).toHaveProperty('postalCode', null);
    // find-by-identifier carries the same postal code (and leaves out an unknown one).
    const found = await t.api.get(`${SITES}/find-by-identifier?supplierId=PC-1&source=ERP`);
    expect(found.body.postalCode).toBe('10115');
    const foundWithout = await t.api.get(`${SITES}/find-by-identifier?supplierId=PC-2&source=ERP`);
    expect(foundWithout.body).not.toHaveProperty('postalCode');
  });

  it("is lean in answers: 'spec' mode: no postal code (neither document shows one)", async () => {
    t = await startTestSandbox({ seedSuppliers: 'sample', answers: 'spec' });
    const page = await clientFor(t.sb.url, 'sandbox', specAnswersChecker).get(`${SITES}?size=5`);
    expect(page.body.content[0]).not.toHaveProperty('postalCode');
    expect(page.body.content[0]).toHaveProperty('address');
  });
});

describe("the app's API client", () => {
  it('reads postalCode from a list page and from a supplier found, with no note about it', async () => {
    t = await startTestSandbox({ seedSuppliers: 'sample' });
    const warnings: ApiWarning[] = [];
    const client = new ApiClient({
      baseUrl: t.sb.url,
      token: async () => 'sandbox',
      timeoutMs: 5_000,
      onWarning: (w) => warnings.push(w),
    });
    const page = await client.listSuppliers(0, 100);
    expect(page.kind).toBe('ok');
    if (page.kind !== 'ok') return;
    const byName = new Map(page.value.content.map((s) => [s.name, s]));
    expect(byName.get('Nordwind Stahlbau GmbH')).toMatchObject({
      name: 'Nordwind Stahlbau GmbH',
      address: 'Am Sandtorkai 12',
      postalCode: '20457',
      city: 'Hamburg',
      countryCode: 'DE',
    });
    for (const s of SAMPLE_SUPPLIERS)
      expect(byName.get(s.name)?.postalCode, s.name).toBe(s.postalCode);

    const found = await client.findByIdentifier({ supplierId: 'SUP-1004', source: 'ERP' });
    expect(
      found.kind === 'ok' && found.value.found === 'one' && found.value.supplier,
    ).toMatchObject({ name: 'Polar Components Oy', postalCode: '90590' });
    // The list's postalCode is a field the app knows: no "fields this app does not know" note.
    expect(warnings.filter((w) => w.code === 'api_answer_fields')).toEqual([]);
  });
});
