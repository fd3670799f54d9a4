import { describe, expect, it } from 'vitest';
import {
  createTemplate,
  headerSignature,
  missingRequiredFields,
  RESULT_COLUMNS,
  suggestMapping,
  type MappingSuggestion,
} from '../../../src-main/workbook';
import { baseHeader } from '../../../src-main/base/exportSuppliers';
import { SUPPLIER_HEADERS } from './helpers';

const columnOf = (s: MappingSuggestion, field: string) =>
  s.fields.find((f) => f.field === field)?.column ?? null;

describe('suggestMapping', () => {
  it('maps German headers', () => {
    const headers = [...SUPPLIER_HEADERS, 'Branche'];
    const s = suggestMapping(headers);
    expect(s.template).toBeNull();
    expect(s.mapping.fields.filter((f) => f.column !== null)).toEqual([
      { field: 'name', column: 1 },
      { field: 'countryCode', column: 5 },
      { field: 'city', column: 4 },
      { field: 'address', column: 2 },
      { field: 'postalCode', column: 3 },
      { field: 'supplierId.id', column: 0 },
      { field: 'supplierId.source', column: 6 },
      { field: 'industries', column: 7 },
    ]);
    const plz = s.fields.find((f) => f.field === 'postalCode');
    expect(plz?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(plz?.reason).toContain('PLZ');
    expect(missingRequiredFields(s.mapping)).toEqual([]);
  });

  it('maps English headers and compound ones with a lower confidence', () => {
    const headers = [
      'Vendor No',
      'Company Name',
      'Street Address',
      'ZIP Code',
      'City',
      'Country',
      'Herkunft / ERP-System',
      'Screening period (years)',
      'Validate?',
    ];
    const s = suggestMapping(headers);
    expect(columnOf(s, 'supplierId.id')).toBe(0);
    expect(columnOf(s, 'name')).toBe(1);
    expect(columnOf(s, 'address')).toBe(2);
    expect(columnOf(s, 'postalCode')).toBe(3);
    expect(columnOf(s, 'city')).toBe(4);
    expect(columnOf(s, 'countryCode')).toBe(5);
    expect(columnOf(s, 'supplierId.source')).toBe(6);
    expect(columnOf(s, 'screeningPeriodInYears')).toBe(7);
    expect(columnOf(s, 'requestValidationOnCreate')).toBe(8);
    const source = s.fields.find((f) => f.field === 'supplierId.source');
    expect(source?.confidence).toBeLessThan(0.9);
    expect(source?.confidence).toBeGreaterThan(0.4);
  });

  it('uses sample values to find or doubt the country column', () => {
    const samples = [
      ['1', 'A', 'Deutschland'],
      ['2', 'B', 'France'],
      ['3', 'C', 'USA'],
    ];
    const found = suggestMapping(['Nr', 'Firma', 'Standort'], samples);
    expect(columnOf(found, 'countryCode')).toBe(2);
    expect(found.fields.find((f) => f.field === 'countryCode')?.confidence).toBe(0.5);
    const doubtful = suggestMapping(
      ['Nr', 'Firma', 'Land'],
      [
        ['1', 'A', 'x1'],
        ['2', 'B', 'x2'],
        ['3', 'C', 'x3'],
      ],
    );
    expect(doubtful.fields.find((f) => f.field === 'countryCode')?.confidence).toBeLessThan(0.7);
  });

  it('leaves required fields open with a reason, and maps no result column but the platform id', () => {
    const headers = ['Name', ...RESULT_COLUMNS.map((c) => c.header)];
    const s = suggestMapping(headers);
    // The platform id is read by the kinds acting on existing suppliers only (the onboarding Map
    // screen does not show it).
    expect(s.fields.filter((f) => f.column !== null).map((f) => f.field)).toEqual([
      'name',
      'platformId',
    ]);
    expect(columnOf(s, 'platformId')).toBe(
      1 + RESULT_COLUMNS.findIndex((c) => c.key === 'platformId'),
    );
    const city = s.fields.find((f) => f.field === 'city');
    expect(city).toMatchObject({ column: null, confidence: 0 });
    expect(city?.reason).toMatch(/constant/);
    expect(missingRequiredFields(s.mapping)).toEqual([
      'countryCode',
      'city',
      'address',
      'supplierId.id',
    ]);
  });

  it("maps the app's own Platform ID column for a deactivate or identifiers list, in either language", () => {
    // The supplier-base export's first column, with the identifier to change added beside it.
    for (const [platform, type, id, action] of [
      ['Platform ID', 'Identifier type', 'Identifier', 'Action'],
      ['Plattform-ID', 'Kennungstyp', 'Kennung', 'Aktion'],
    ] as const) {
      const s = suggestMapping(
        [platform, type, id, action],
        [['501', 'CUSTOMER_ID', 'K-1', 'add']],
      );
      expect(columnOf(s, 'platformId')).toBe(0);
      expect(columnOf(s, 'identifier.action')).toBe(3);
    }
  });

  it('maps the supplier-base export, with the identifier to change added, by its platform id', () => {
    for (const lang of ['en', 'de'] as const) {
      const headers = [...baseHeader(lang), 'Identifier type', 'Identifier'];
      const s = suggestMapping(headers);
      expect(columnOf(s, 'platformId'), lang).toBe(0);
      expect(columnOf(s, 'identifier.type'), lang).toBe(headers.length - 2);
      expect(columnOf(s, 'identifier.id'), lang).toBe(headers.length - 1);
    }
  });

  it('offers a saved template again for the same header set, in any order', () => {
    const headers = ['Kennung', 'Bezeichnung', 'Anschrift', 'Stadt', 'Staat'];
    const mapping = {
      fields: [
        { field: 'supplierId.id' as const, column: 0 },
        { field: 'name' as const, column: 1 },
        { field: 'address' as const, column: 2 },
        { field: 'city' as const, column: 3 },
        { field: 'countryCode' as const, column: 4 },
        { field: 'supplierId.source' as const, column: null, constant: 'SAP' },
      ],
    };
    const template = createTemplate('SAP export', headers, mapping);
    const reordered = ['Staat', 'Stadt', 'Anschrift', 'Bezeichnung', 'Kennung'];
    expect(headerSignature(reordered)).toBe(template.signature);
    const s = suggestMapping(reordered, [], [template]);
    expect(s.template).toBe('SAP export');
    expect(columnOf(s, 'supplierId.id')).toBe(4);
    expect(columnOf(s, 'countryCode')).toBe(0);
    expect(s.mapping.fields.find((f) => f.field === 'supplierId.source')).toEqual({
      field: 'supplierId.source',
      column: null,
      constant: 'SAP',
    });
    expect(s.fields.find((f) => f.field === 'name')?.confidence).toBe(1);
    // A different header set does not get the template.
    expect(suggestMapping([...reordered, 'Extra'], [], [template]).template).toBeNull();
    // An exported results file has the same signature as the file it came from.
    expect(headerSignature([...headers, ...RESULT_COLUMNS.map((c) => c.header)])).toBe(
      template.signature,
    );
  });
});
