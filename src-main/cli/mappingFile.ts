// The mapping file of the command line: payload field → column header (or a constant), readable
// and editable by hand, e.g.
//   { "fields": { "name": "Firmenname", "supplierId.id": "Lieferanten-Nr.",
//                 "supplierId.source": { "constant": "SAP" } } }
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { FieldKeySchema } from '../../src-shared/contract';
import { fail } from '../../src-shared/errors';
import type { Mapping } from '../workbook';

const EntrySchema = z.union([
  z.string(),
  z.object({ header: z.string().optional(), constant: z.string().optional() }).strict(),
  z.null(),
]);
// partialRecord: a file names only the fields it maps (z.record with enum keys wants them all).
const MappingFileSchema = z
  .object({ fields: z.partialRecord(FieldKeySchema, EntrySchema) })
  .strict();

export async function readMappingFile(file: string, headers: readonly string[]): Promise<Mapping> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    fail(
      'invalid_input',
      `The mapping file ${file} could not be read as JSON (${e instanceof Error ? e.message : e}). Fix it, or use --mapping auto.`,
    );
  }
  const parsed = MappingFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(
      'invalid_input',
      `The mapping file ${file} is not valid: ${issue ? `${issue.path.join('.') || 'fields'}: ${issue.message}` : 'unknown problem'}. Each entry maps a payload field to a column header or to {"constant": "..."}.`,
    );
  }
  const norm = (h: string) => h.trim().toLowerCase();
  const index = new Map(headers.map((h, i) => [norm(h), i]));
  const fields: Mapping['fields'] = [];
  for (const [field, entry] of Object.entries(parsed.data.fields)) {
    if (entry === null || entry === undefined) continue;
    const header = typeof entry === 'string' ? entry : entry.header;
    const constant = typeof entry === 'string' ? undefined : entry.constant;
    let column: number | null = null;
    if (header !== undefined) {
      const found = index.get(norm(header));
      if (found === undefined) {
        fail(
          'mapping_incomplete',
          `The mapping file maps ${field} to the column "${header}", which the sheet does not have. Its columns are: ${headers.join(', ')}.`,
        );
      }
      column = found;
    }
    fields.push({
      field: field as Mapping['fields'][number]['field'],
      column,
      ...(constant !== undefined ? { constant } : {}),
    });
  }
  return { fields };
}

export async function writeMappingFile(
  file: string,
  mapping: Mapping,
  headers: readonly string[],
): Promise<void> {
  const fields: Record<string, string | { header?: string; constant?: string }> = {};
  for (const f of mapping.fields) {
    const header = f.column === null ? undefined : headers[f.column];
    if (header === undefined && f.constant === undefined) continue;
    fields[f.field] =
      f.constant === undefined
        ? header!
        : { ...(header !== undefined ? { header } : {}), constant: f.constant };
  }
  await writeFile(file, `${JSON.stringify({ fields }, null, 2)}\n`, 'utf8');
}
