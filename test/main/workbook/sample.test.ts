// The shipped sample keeps what the command line demonstrates: a title above the table, about
// sixty suppliers in many countries, and exactly three deliberate problems.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FileInfoSchema,
  importRows,
  inspectFile,
  MappingSuggestionSchema,
  previewTable,
  suggestMapping,
  TablePreviewSchema,
  ValidatedRowSchema,
  ValidationSummarySchema,
  type ValidatedRow,
} from '../../../src-main/workbook';

const SAMPLE = join(import.meta.dirname, '../../../resources/samples/suppliers.xlsx');

describe('resources/samples/suppliers.xlsx', () => {
  it('maps by itself and shows its three deliberate problems', async () => {
    const preview = await previewTable(SAMPLE, { limit: 20 });
    expect(preview.headerRow).toBe(3);
    const { mapping } = suggestMapping(
      preview.columns.map((c) => c.header),
      preview.rows.map((r) => r.cells),
    );
    const imported = await importRows(SAMPLE, { mapping });
    const rows: ValidatedRow[] = [];
    for await (const r of imported.rows) rows.push(r);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    const countries = new Set(rows.map((r) => r.payload?.countryCode).filter(Boolean));
    for (const c of ['DE', 'FR', 'US', 'GB', 'IT', 'ES', 'NL', 'PL', 'CN'])
      expect(countries).toContain(c);
    expect(imported.summary().byCode).toEqual({
      value_missing: 1,
      country_unknown: 1,
      duplicate_in_file: 1,
    });
    expect(rows.find((r) => r.payload?.city === 'Dresden')?.payload?.postalCode).toBe('01067');
    expect(rows[0]?.payload?.supplierId).toEqual({ id: '000101', source: 'SAP' });
  });

  it('gives records the command contract schemas accept', async () => {
    FileInfoSchema.parse(await inspectFile(SAMPLE));
    const preview = TablePreviewSchema.parse(await previewTable(SAMPLE, { limit: 5 }));
    const suggestion = MappingSuggestionSchema.parse(
      suggestMapping(preview.columns.map((c) => c.header)),
    );
    const imported = await importRows(SAMPLE, { mapping: suggestion.mapping });
    let n = 0;
    for await (const row of imported.rows) {
      ValidatedRowSchema.parse(row);
      n++;
    }
    expect(n).toBe(ValidationSummarySchema.parse(imported.summary()).rows);
  });
});
