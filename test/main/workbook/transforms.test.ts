import { describe, expect, it } from 'vitest';
import {
  createTemplate,
  mappingFromTemplate,
  validateRows,
  type Mapping,
  type TableColumn,
} from '../../../src-main/workbook';
import {
  changeCase,
  characterName,
  cleanText,
  isScientificText,
  padZeros,
} from '../../../src-main/workbook/transforms';
import {
  FieldTransformSchema,
  normaliseTransform,
  type FieldTransform,
} from '../../../src-shared/fieldTransforms';

const headers = ['Kreditor', 'Name', 'Straße', 'PLZ', 'Ort', 'Land', 'Branche', 'Quelle'];
const columns: TableColumn[] = headers.map((header, index) => ({
  index,
  header,
  letter: 'ABCDEFGH'[index] as string,
}));
const cells = [
  '4711',
  'MÜLLER GMBH & CO. KG',
  'hauptstr. 1',
  '1067',
  'dresden',
  'DE',
  'Metall|Guss',
  'sap',
];

function mapped(transforms: Partial<Record<string, FieldTransform>>) {
  const mapping: Mapping = {
    fields: [
      { field: 'supplierId.id', column: 0 },
      { field: 'name', column: 1 },
      { field: 'address', column: 2 },
      { field: 'postalCode', column: 3 },
      { field: 'city', column: 4 },
      { field: 'countryCode', column: 5 },
      { field: 'industries', column: 6 },
      { field: 'supplierId.source', column: 7 },
    ].map((f) => {
      const transform = transforms[f.field];
      return transform ? { ...f, transform } : f;
    }) as Mapping['fields'],
  };
  const { rows } = validateRows([{ sourceRow: 2, cells }], mapping, columns);
  return rows[0]!;
}

describe('per-field transforms', () => {
  it('leave values as the fixed steps make them when no setting is chosen', () => {
    const row = mapped({});
    expect(row.status).toBe('valid');
    expect(row.payload).toMatchObject({
      name: 'MÜLLER GMBH & CO. KG',
      city: 'dresden',
      postalCode: '01067',
      supplierId: { id: '4711', source: 'sap' },
      industries: ['Metall|Guss'],
    });
  });

  it('change the letter case, pad ids with zeros, keep postal codes and split on chosen characters', () => {
    const row = mapped({
      name: { case: 'title' },
      city: { case: 'upper' },
      address: { case: 'title' },
      'supplierId.id': { padZeros: 8 },
      'supplierId.source': { case: 'upper' },
      postalCode: { restoreZeros: false },
      industries: { separators: '|' },
    });
    // 1067 kept as it is is not a German postal code: the row says so, and keeps its values.
    expect(row.status).toBe('invalid');
    expect(row.problems.map((p) => p.code)).toEqual(['postal_code_invalid']);
    expect(row.draft).toMatchObject({
      name: 'Müller Gmbh & Co. Kg',
      city: 'DRESDEN',
      address: 'Hauptstr. 1',
      postalCode: '1067',
      supplierId: { id: '00004711', source: 'SAP' },
      industries: ['Metall', 'Guss'],
    });
    // The transformed id is the row's identity: the duplicate check and the API see the same.
    expect(row.identity).toBe('00004711\u001fSAP');
    // No note about a restored postal code when the user turned that off.
    expect(row.notes).toEqual([]);
  });

  it('pad only all-digit values that are too short', () => {
    expect(padZeros('123', 6)).toBe('000123');
    expect(padZeros('1234567', 6)).toBe('1234567');
    expect(padZeros('A-12', 6)).toBe('A-12');
    expect(padZeros('123', undefined)).toBe('123');
  });

  it('title-case words after spaces, hyphens, slashes and brackets', () => {
    expect(changeCase('SCHMIDT-MEIER (EUROPE)/ÖSTERREICH', 'title')).toBe(
      'Schmidt-Meier (Europe)/Österreich',
    );
    expect(changeCase('Straße', 'upper')).toBe('STRASSE');
    expect(changeCase('ABC', 'keep')).toBe('ABC');
  });

  it('refuse settings that make no sense, with a reason', () => {
    expect(FieldTransformSchema.safeParse({ separators: 'ab' }).success).toBe(false);
    expect(FieldTransformSchema.safeParse({ padZeros: 50 }).success).toBe(false);
    expect(FieldTransformSchema.safeParse({ case: 'shout' }).success).toBe(false);
    expect(FieldTransformSchema.safeParse({ unknown: 1 }).success).toBe(false);
    expect(FieldTransformSchema.safeParse({ separators: ';/' }).success).toBe(true);
  });

  it('keep only the settings a field offers, without defaults', () => {
    expect(normaliseTransform('countryCode', { case: 'upper' })).toBeUndefined();
    expect(normaliseTransform('name', { case: 'keep', padZeros: 5 })).toBeUndefined();
    expect(normaliseTransform('supplierId.id', { case: 'upper', padZeros: 5 })).toEqual({
      case: 'upper',
      padZeros: 5,
    });
    expect(normaliseTransform('postalCode', { restoreZeros: true })).toBeUndefined();
    expect(normaliseTransform('postalCode', { restoreZeros: false })).toEqual({
      restoreZeros: false,
    });
    expect(normaliseTransform('industries', { separators: ';,' })).toBeUndefined();
  });

  it('travel with a saved template', () => {
    const mapping: Mapping = {
      fields: [
        { field: 'supplierId.id', column: 0, transform: { padZeros: 8 } },
        { field: 'name', column: 1, transform: { case: 'title' } },
        { field: 'countryCode', column: 5, transform: { case: 'upper' } },
      ],
    };
    const template = createTemplate('Kreditoren', headers, mapping);
    expect(template.fields).toEqual([
      { field: 'supplierId.id', header: 'Kreditor', transform: { padZeros: 8 } },
      { field: 'name', header: 'Name', transform: { case: 'title' } },
      // The country offers no settings: nothing is kept.
      { field: 'countryCode', header: 'Land' },
    ]);
    const back = mappingFromTemplate(template, [...headers].reverse());
    expect(back.fields[0]).toEqual({
      field: 'supplierId.id',
      column: 7,
      transform: { padZeros: 8 },
    });
  });
});

describe('invisible characters and unusual spaces', () => {
  it('removes the invisible ones and makes spaces normal, naming each once', () => {
    expect(cleanText('plain text')).toEqual({ text: 'plain text', removed: [], replaced: [] });
    expect(cleanText('\u200BA\u200B\u00A0B\uFEFF\u202Fc\u00AD')).toEqual({
      text: 'A B c',
      removed: ['\u200B', '\uFEFF', '\u00AD'],
      replaced: ['\u00A0', '\u202F'],
    });
    const invisible =
      '\u200B\u200C\u200D\u2060\uFEFF\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u00AD';
    expect(cleanText(`x${invisible}y`).text).toBe('xy');
    const spaces = '\u00A0\u1680\u2000\u2005\u200A\u202F\u205F\u3000';
    expect(cleanText(`x${spaces}y`).text).toBe(`x${' '.repeat(8)}y`);
    // Letters of any script and ordinary whitespace stay.
    expect(cleanText('Müller\tŁódź 東京').text).toBe('Müller\tŁódź 東京');
    expect(characterName('\u200B')).toBe('zero-width space U+200B');
    expect(characterName('\u2003')).toBe('typographic space U+2003');
  });

  it('knows a number Excel wrote in scientific notation', () => {
    for (const t of ['1.23E+11', '1,23E+11', ' 4.56789e+14 ', '1E+05', '-2.5E-03']) {
      expect(isScientificText(t)).toBe(true);
    }
    for (const t of ['1E5', 'E+11', '12.3E+11', 'AB1.2E+11', '2024-01-05', '1.23E+1234']) {
      expect(isScientificText(t)).toBe(false);
    }
  });
});
