// Suggestions for the column names of common ERP and procurement exports, weighed against the
// columns' values. Bands as the Map screen shows them: sure from 0.8, likely from 0.5.
import { describe, expect, it } from 'vitest';
import { suggestMapping, type MappingSuggestion } from '../../../src-main/workbook';

type Band = 'sure' | 'likely' | 'unsure';
const band = (c: number): Band => (c >= 0.8 ? 'sure' : c >= 0.5 ? 'likely' : 'unsure');

/** field → [header, band] for every mapped field; unmapped fields are left out. */
function suggested(s: MappingSuggestion): Record<string, [string | null, Band]> {
  return Object.fromEntries(
    s.fields.filter((f) => f.column !== null).map((f) => [f.field, [f.header, band(f.confidence)]]),
  );
}

const reasonOf = (s: MappingSuggestion, field: string) =>
  s.fields.find((f) => f.field === field)?.reason ?? '';

describe('ERP exports', () => {
  it('maps a German SAP vendor list: "Lieferant" with numbers is the id, "Name 1" the name', () => {
    const headers = ['Lieferant', 'Name 1', 'Name 2', 'Straße', 'PLZ', 'Ort', 'Land', 'USt-IdNr.'];
    const samples = [
      [
        '100045',
        'Müller Maschinenbau GmbH',
        'Werk Nord',
        'Hauptstr. 5',
        '10115',
        'Berlin',
        'DE',
        'DE123456789',
      ],
      ['100046', 'Schmidt & Söhne KG', '', 'Ringweg 12', '80331', 'München', 'DE', 'DE987654321'],
      ['100047', 'Dupont SA', '', '5 rue de la Paix', '75002', 'Paris', 'FR', 'FR12345678901'],
    ];
    const s = suggestMapping(headers, samples);
    expect(suggested(s)).toEqual({
      'supplierId.id': ['Lieferant', 'sure'],
      name: ['Name 1', 'sure'],
      address: ['Straße', 'sure'],
      postalCode: ['PLZ', 'sure'],
      city: ['Ort', 'sure'],
      countryCode: ['Land', 'sure'],
      vatId: ['USt-IdNr.', 'sure'],
    });
    expect(reasonOf(s, 'supplierId.id')).toBe(
      '"Lieferant" is the column name for supplierId.id in some lists and for name in others, and its values are numbers or codes',
    );
  });

  it('maps SAP technical names (LFA1), the VAT number (STCEG) too, and leaves NAME2 alone', () => {
    const headers = ['LIFNR', 'NAME1', 'NAME2', 'STRAS', 'PSTLZ', 'ORT01', 'LAND1', 'STCEG'];
    const samples = [
      ['0000100045', 'Müller GmbH', '', 'Hauptstr. 5', '10115', 'Berlin', 'DE', 'DE123456789'],
      ['0000100046', 'Rossi S.p.A.', '', 'Via Roma 1', '00184', 'Roma', 'IT', 'IT01234567890'],
    ];
    expect(suggested(suggestMapping(headers, samples))).toEqual({
      'supplierId.id': ['LIFNR', 'sure'],
      name: ['NAME1', 'sure'],
      address: ['STRAS', 'sure'],
      postalCode: ['PSTLZ', 'sure'],
      city: ['ORT01', 'sure'],
      countryCode: ['LAND1', 'sure'],
      vatId: ['STCEG', 'sure'],
    });
  });

  it('maps an English SAP list with "Vendor" numbers and "Country Key"', () => {
    const headers = [
      'Vendor',
      'Name 1',
      'Street',
      'Postal Code',
      'City',
      'Country Key',
      'VAT Registration No.',
    ];
    const samples = [
      ['100045', 'Acme Ltd', '1 High Street', 'SW1A 1AA', 'London', 'GB', 'GB123456789'],
      ['100046', 'Globex Inc', '500 Main St', '10001', 'New York', 'US', ''],
    ];
    expect(suggested(suggestMapping(headers, samples))).toEqual({
      'supplierId.id': ['Vendor', 'sure'],
      name: ['Name 1', 'sure'],
      address: ['Street', 'sure'],
      postalCode: ['Postal Code', 'sure'],
      city: ['City', 'sure'],
      countryCode: ['Country Key', 'sure'],
      vatId: ['VAT Registration No.', 'sure'],
    });
  });

  it('maps "Kreditor" with numbers as the id (German SAP before S/4HANA)', () => {
    const headers = [
      'Kreditor',
      'Name',
      'Straße und Hausnummer',
      'Postleitzahl',
      'Ort',
      'Länderschlüssel',
    ];
    const samples = [
      ['4711', 'Müller GmbH', 'Hauptstr. 5', '10115', 'Berlin', 'DE'],
      ['4712', 'Schmidt KG', 'Ringweg 12', '80331', 'München', 'DE'],
    ];
    expect(suggested(suggestMapping(headers, samples))).toEqual({
      'supplierId.id': ['Kreditor', 'sure'],
      name: ['Name', 'sure'],
      address: ['Straße und Hausnummer', 'sure'],
      postalCode: ['Postleitzahl', 'sure'],
      city: ['Ort', 'sure'],
      countryCode: ['Länderschlüssel', 'sure'],
    });
  });

  it('maps an Oracle supplier export and leaves the site alone', () => {
    const headers = [
      'Supplier Number',
      'Supplier Name',
      'Site',
      'Address Line 1',
      'Address Line 2',
      'Postal Code',
      'City',
      'Country',
    ];
    const samples = [
      ['1001', 'Acme Corp', 'HQ', '500 Main St', 'Suite 4', '10001', 'New York', 'United States'],
      ['1002', 'Globex GmbH', 'BERLIN', 'Hauptstr. 5', '', '10115', 'Berlin', 'Germany'],
    ];
    expect(suggested(suggestMapping(headers, samples))).toEqual({
      'supplierId.id': ['Supplier Number', 'sure'],
      name: ['Supplier Name', 'sure'],
      address: ['Address Line 1', 'sure'],
      postalCode: ['Postal Code', 'sure'],
      city: ['City', 'sure'],
      countryCode: ['Country', 'sure'],
    });
  });

  it('maps a Microsoft Dynamics 365 vendor list and a Business Central one', () => {
    const d365 = suggestMapping(
      ['Vendor account', 'Name', 'Street', 'ZIP/postal code', 'City', 'Country/region'],
      [
        ['V000123', 'Contoso Ltd', '1 Main Rd', '98052', 'Redmond', 'USA'],
        ['V000124', 'Fabrikam GmbH', 'Hauptstr. 5', '10115', 'Berlin', 'DEU'],
      ],
    );
    expect(suggested(d365)).toEqual({
      'supplierId.id': ['Vendor account', 'sure'],
      name: ['Name', 'sure'],
      address: ['Street', 'sure'],
      postalCode: ['ZIP/postal code', 'sure'],
      city: ['City', 'sure'],
      countryCode: ['Country/region', 'sure'],
    });
    const bc = suggestMapping(
      ['No.', 'Name', 'Address', 'Post Code', 'City', 'Country/Region Code'],
      [
        ['10000', 'Fabrikam, Inc.', '51 Radcliff Street', 'GB-WC1 3DG', 'London', 'GB'],
        ['20000', 'First Up Consultants', '100 Day Drive', 'GB-N12 5XY', 'London', 'GB'],
      ],
    );
    expect(suggested(bc)).toEqual({
      'supplierId.id': ['No.', 'likely'],
      name: ['Name', 'sure'],
      address: ['Address', 'sure'],
      postalCode: ['Post Code', 'sure'],
      city: ['City', 'sure'],
      countryCode: ['Country/Region Code', 'sure'],
    });
  });

  it('maps Coupa and Ariba exports: the ERP number is the supplier id', () => {
    const coupa = suggestMapping(
      [
        'Name',
        'Supplier Number',
        'Primary Address Street1',
        'Primary Address Street2',
        'Primary Address City',
        'Primary Address Postal Code',
        'Primary Address Country Code',
      ],
      [
        ['Acme Corp', 'S-1001', '500 Main St', '', 'New York', '10001', 'US'],
        ['Globex GmbH', 'S-1002', 'Hauptstr. 5', '2. OG', 'Berlin', '10115', 'DE'],
      ],
    );
    expect(suggested(coupa)).toEqual({
      name: ['Name', 'sure'],
      'supplierId.id': ['Supplier Number', 'sure'],
      address: ['Primary Address Street1', 'sure'],
      city: ['Primary Address City', 'sure'],
      postalCode: ['Primary Address Postal Code', 'sure'],
      countryCode: ['Primary Address Country Code', 'sure'],
    });
    const ariba = suggestMapping(
      [
        'SM Vendor ID',
        'ERP Vendor ID',
        'Supplier Name',
        'Street',
        'City',
        'Postal Code',
        'Country Code',
      ],
      [
        ['S12345678', '100045', 'Acme Corp', '500 Main St', 'New York', '10001', 'US'],
        ['S12345679', '100046', 'Globex GmbH', 'Hauptstr. 5', 'Berlin', '10115', 'DE'],
      ],
    );
    expect(suggested(ariba)).toEqual({
      'supplierId.id': ['ERP Vendor ID', 'sure'],
      name: ['Supplier Name', 'sure'],
      address: ['Street', 'sure'],
      city: ['City', 'sure'],
      postalCode: ['Postal Code', 'sure'],
      countryCode: ['Country Code', 'sure'],
    });
  });
});

describe('values against the header', () => {
  it('does not take a column of numbers for the name, whatever its header says', () => {
    const s = suggestMapping(
      ['Vendor #', 'Company', 'City'],
      [
        ['100045', 'Acme Corp', 'Boston'],
        ['100046', 'Globex', 'Denver'],
        ['100047', 'Initech', 'Austin'],
      ],
    );
    expect(suggested(s)).toMatchObject({
      'supplierId.id': ['Vendor #', 'sure'],
      name: ['Company', 'sure'],
    });
    const french = suggestMapping(
      ['N° fournisseur', 'Raison sociale', 'Ville', 'Pays'],
      [
        ['100045', 'Dupont SA', 'Paris', 'France'],
        ['100046', 'Martin SARL', 'Lyon', 'France'],
      ],
    );
    expect(suggested(french)).toMatchObject({
      'supplierId.id': ['N° fournisseur', 'sure'],
      name: ['Raison sociale', 'sure'],
    });
    // A "Name" column holding numbers is at most unsure, and says why.
    const numbers = suggestMapping(['Name'], [['100045'], ['100046'], ['100047']]);
    expect(suggested(numbers)).toEqual({ name: ['Name', 'unsure'] });
    expect(reasonOf(numbers, 'name')).toBe(
      '"Name" is a usual column name for name, but its values are numbers or codes, not names',
    );
  });

  it('does not take a column of words for the id; "Lieferant" with names is the name', () => {
    const s = suggestMapping(
      ['Lieferant', 'Ort'],
      [
        ['Müller Maschinenbau GmbH', 'Berlin'],
        ['Schmidt & Söhne KG', 'München'],
      ],
    );
    expect(suggested(s)).toEqual({ name: ['Lieferant', 'sure'], city: ['Ort', 'sure'] });
    const words = suggestMapping(['Supplier ID'], [['Acme Corp'], ['Globex Inc'], ['Initech']]);
    expect(suggested(words)).toEqual({ 'supplierId.id': ['Supplier ID', 'unsure'] });
    expect(reasonOf(words, 'supplierId.id')).toContain(
      'but its values are words, not numbers or codes',
    );
  });

  it('is never sure when some values disagree, and keeps header-only suggestions likely for two-way names', () => {
    const mixed = suggestMapping(
      ['Name'],
      [['Acme Corp'], ['Globex'], ['100047'], ['Initech'], ['Umbrella']],
    );
    expect(suggested(mixed)).toEqual({ name: ['Name', 'likely'] });
    expect(reasonOf(mixed, 'name')).toContain('but some of its values are numbers or codes');
    // No values: the header alone, and a name that can mean two fields is not sure.
    expect(suggested(suggestMapping(['Lieferant', 'Name 1']))).toEqual({
      'supplierId.id': ['Lieferant', 'likely'],
      name: ['Name 1', 'sure'],
    });
  });
});
