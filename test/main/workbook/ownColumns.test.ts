// The app's own identifier columns, read back: the supplier-base export and a results workbook,
// edited into a deactivate or identifiers list, are mapped by the columns the app itself wrote
// (and by the words its Map screen shows) with no mapping file, in English and in German; an
// onboarding still reads none of the columns only those kinds use.
import { describe, expect, it } from 'vitest';
import { word, type Lang } from '../../../src-shared/i18n';
import { fieldsFor, type Operation } from '../../../src-shared/operations';
import { baseHeader } from '../../../src-main/base/exportSuppliers';
import {
  missingRequiredFields,
  RESULT_COLUMNS,
  resultHeader,
  suggestMapping,
  validateRows,
  type Mapping,
  type MappingSuggestion,
  type TableColumn,
  type TableRow,
} from '../../../src-main/workbook';

const LANGS: readonly Lang[] = ['en', 'de'];
const KINDS_NAMING_SUPPLIERS = ['deactivate', 'identifiers'] as const satisfies Operation[];

const columnOf = (s: MappingSuggestion, field: string) =>
  s.fields.find((f) => f.field === field)?.column ?? null;
const fieldOf = (s: MappingSuggestion, column: number) =>
  s.fields.find((f) => f.column === column)?.field ?? null;

function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): { columns: TableColumn[]; rows: TableRow[] } {
  return {
    columns: headers.map((header, index) => ({
      index,
      header,
      letter: String.fromCharCode(65 + index),
    })),
    rows: rows.map((cells, i) => ({ sourceRow: i + 2, cells: [...cells] })),
  };
}

const ofKind = (mapping: Mapping, operation: Operation): Mapping =>
  operation === 'onboard' ? mapping : { ...mapping, operation };

/** What the Map screen would still ask for: the kind's required fields left open. */
function openFields(mapping: Mapping, operation: Operation): string[] {
  const required = fieldsFor(operation).filter((f) => f.required);
  const open = required
    .filter((f) => mapping.fields.find((m) => m.field === f.key)?.column == null)
    .map((f) => f.key as string);
  return [...open, ...missingRequiredFields(ofKind(mapping, operation))];
}

describe("the app's own identifier columns", () => {
  it.each(LANGS)(
    'the supplier-base export (%s) maps its identifier columns to the fields of the kinds that name suppliers',
    (lang) => {
      const headers = baseHeader(lang);
      const s = suggestMapping(headers, [
        ['7101', 'Alpha GmbH', 'Alpha 1', 'Berlin', '', 'DE', 'S-1', 'ERP', 'S-9 (SAP); 000104'],
        ['7102', 'Beta AG', 'Beta 2', 'Köln', '', 'DE', '', '', ''],
      ]);
      expect(columnOf(s, 'platformId')).toBe(0);
      expect(columnOf(s, 'supplierId.id')).toBe(6);
      expect(columnOf(s, 'supplierId.source')).toBe(7);
      // Sure of each, not a guess from a word inside the name.
      for (const field of ['platformId', 'supplierId.id', 'supplierId.source'])
        expect(s.fields.find((f) => f.field === field)?.confidence, field).toBeGreaterThan(0.9);
      // The further supplier ids (several in a cell) go to no field.
      expect(fieldOf(s, 8)).toBeNull();
      for (const kind of KINDS_NAMING_SUPPLIERS) {
        const keys = fieldsFor(kind).map((f) => f.key as string);
        for (const column of [0, 6, 7]) expect(keys, kind).toContain(fieldOf(s, column));
      }
      expect(openFields(s.mapping, 'deactivate')).toEqual([]);
    },
  );

  it.each(LANGS)(
    'a results workbook (%s) maps its Platform ID column, and no other result column',
    (lang) => {
      const headers = [
        'Supplier No',
        'Name',
        ...RESULT_COLUMNS.map((c) => resultHeader(c.key, lang)),
      ];
      const s = suggestMapping(headers);
      const platform = 2 + RESULT_COLUMNS.findIndex((c) => c.key === 'platformId');
      expect(columnOf(s, 'platformId')).toBe(platform);
      expect(
        s.fields.filter((f) => f.column !== null && f.column >= 2).map((f) => f.field),
      ).toEqual(['platformId']);
      expect(openFields(s.mapping, 'deactivate')).toEqual([]);
    },
  );

  it.each(LANGS)(
    "the Map screen's words for each field (%s) map to that field, alone and all together",
    (lang) => {
      const fields = fieldsFor('identifiers').map((f) => f.key);
      const labels = fields.map((key) => word(lang, `field.${key}`));
      labels.forEach((label, i) => {
        const alone = suggestMapping([label]);
        expect(fieldOf(alone, 0), label).toBe(fields[i]);
      });
      const together = suggestMapping(labels);
      labels.forEach((label, i) => expect(fieldOf(together, i), label).toBe(fields[i]));
      for (const kind of KINDS_NAMING_SUPPLIERS)
        expect(openFields(together.mapping, kind), kind).toEqual([]);
    },
  );

  it.each(LANGS)('the words a results file gives each kind of identifier (%s)', (lang) => {
    const headers = (['SUPPLIER_ID', 'CUSTOMER_ID', 'OWN_ID'] as const).map((kind) =>
      word(lang, `results.identifier.kind.${kind}`),
    );
    const s = suggestMapping(headers);
    expect([0, 1, 2].map((c) => fieldOf(s, c))).toEqual(['supplierId.id', 'customerId', 'ownId']);
  });

  it('a list of Platform ID, Identifier type, Identifier and Action maps completely for an identifiers job', () => {
    const rows = [
      ['7101', 'Customer ID', 'K-NEW-1', 'add'],
      ['7102', 'OWN_ID', 'OWN-2', 'remove'],
    ];
    for (const headers of [
      ['Platform ID', 'Identifier type', 'Identifier', 'Action'],
      ['Plattform-ID', 'Kennungstyp', 'Kennung', 'Aktion'],
      ['platform id', 'Art der Kennung', 'Kennung', 'Action'],
      ['Plattform ID', 'Identifier type', 'Identifier', 'Aktion'],
    ]) {
      const s = suggestMapping(headers, rows);
      expect(
        headers.map((_, c) => fieldOf(s, c)),
        headers.join(', '),
      ).toEqual(['platformId', 'identifier.type', 'identifier.id', 'identifier.action']);
      expect(openFields(s.mapping, 'identifiers')).toEqual([]);
      const t = table(headers, rows);
      const { rows: validated } = validateRows(t.rows, ofKind(s.mapping, 'identifiers'), t.columns);
      expect(validated.map((r) => r.status)).toEqual(['valid', 'valid']);
      expect(validated.map((r) => r.payload)).toEqual([
        {
          platformId: '7101',
          identifier: { type: 'CUSTOMER_ID', id: 'K-NEW-1' },
          action: 'add',
        },
        { platformId: '7102', identifier: { type: 'OWN_ID', id: 'OWN-2' }, action: 'remove' },
      ]);
    }
  });
});

describe('the export edited into a list, read by each kind', () => {
  // The export of a supplier the platform kept with a country code no list knows any more
  // (Netherlands Antilles), with the column the user added.
  const headers = [...baseHeader('en'), 'Action'];
  const cells = ['7103', 'Gamma BV', 'Gamma 3', 'Willemstad', '', 'AN', 'S-3', 'ERP', '', 'x'];
  const t = table(headers, [cells]);
  const suggestion = suggestMapping(headers, [cells]);

  it('a deactivate job reads the supplier by its identifiers only: the old country is no problem', () => {
    const { rows } = validateRows(t.rows, ofKind(suggestion.mapping, 'deactivate'), t.columns);
    expect(rows[0]).toMatchObject({
      status: 'valid',
      payload: { platformId: '7103', supplierId: { id: 'S-3', source: 'ERP' } },
      problems: [],
    });
  });

  it('an identifiers job neither: its own cells are the ones checked', () => {
    const { rows } = validateRows(t.rows, ofKind(suggestion.mapping, 'identifiers'), t.columns);
    // The Action cell is the identifiers job's: "x" is no action; the country is not looked at.
    expect(rows[0]!.status).toBe('invalid');
    expect(rows[0]!.problems.map((p) => p.field).sort()).toEqual([
      'identifier.action',
      'identifier.id',
      'identifier.type',
    ]);
  });

  it('an onboarding reads the country and not the platform id', () => {
    const { rows } = validateRows(t.rows, suggestion.mapping, t.columns);
    expect(rows[0]!.status).toBe('invalid');
    expect(rows[0]!.problems.map((p) => p.code)).toEqual(['country_unknown']);
    expect(rows[0]!.extraIds).toEqual({});
    const fixed = table(headers, [[...cells.slice(0, 5), 'NL', ...cells.slice(6)]]);
    const again = validateRows(fixed.rows, suggestion.mapping, fixed.columns).rows[0]!;
    expect(again.status).toBe('valid');
    expect(again.payload).not.toHaveProperty('platformId');
    expect(again.extraIds).not.toHaveProperty('platformId');
  });
});
