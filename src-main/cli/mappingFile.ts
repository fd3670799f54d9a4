// The mapping file of the command line: payload field → column header (or a constant), readable
// and editable by hand, e.g.
//   { "fields": { "name": "Firmenname", "supplierId.id": "Lieferanten-Nr.",
//                 "supplierId.source": { "constant": "SAP" },
//                 "supplierId.id": { "header": "Kreditor", "transform": { "padZeros": 8 } } } }
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { FieldKeySchema } from '../../src-shared/contract';
import { word } from '../../src-shared/i18n';
import { FieldTransformSchema, normaliseTransform } from '../../src-shared/fieldTransforms';
import { replaceSafely } from '../util/safeFiles';
import type { Mapping } from '../workbook';
import { CliFailure } from './words';

const EntrySchema = z.union([
  z.string(),
  z
    .object({
      header: z.string().optional(),
      constant: z.string().optional(),
      transform: FieldTransformSchema.optional(),
    })
    .strict(),
  z.null(),
]);
// partialRecord: a file names only the fields it maps (z.record with enum keys wants them all).
const MappingFileSchema = z
  .object({ fields: z.partialRecord(FieldKeySchema, EntrySchema) })
  .strict();

/** An entry is a header or an object: of a union's failed branches, the one that got furthest
 *  into the entry says best what is wrong (`fields.name.transform.case`, not `fields.name`). */
function precise(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union') {
    const best = issue.errors
      .map((branch) => branch[0])
      .filter((i): i is z.core.$ZodIssue => i !== undefined)
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (best && best.path.length > 0) {
      const inner = precise(best);
      return { path: [...issue.path, ...inner.path], message: inner.message };
    }
  }
  return { path: issue.path, message: issue.message };
}

export async function readMappingFile(file: string, headers: readonly string[]): Promise<Mapping> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new CliFailure('invalid_input', 'cli.mappingFile.notJson', {
      file,
      detail: e instanceof Error ? e.message : String(e),
    });
  }
  const parsed = MappingFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] && precise(parsed.error.issues[0]);
    throw new CliFailure('invalid_input', 'cli.mappingFile.invalid', {
      file,
      issue: issue
        ? `${issue.path.map(String).join('.') || 'fields'}: ${issue.message}`
        : word('en', 'cli.mappingFile.unknownProblem'),
    });
  }
  const norm = (h: string) => h.trim().toLowerCase();
  const index = new Map(headers.map((h, i) => [norm(h), i]));
  const fields: Mapping['fields'] = [];
  for (const [field, entry] of Object.entries(parsed.data.fields)) {
    if (entry === null || entry === undefined) continue;
    const header = typeof entry === 'string' ? entry : entry.header;
    const constant = typeof entry === 'string' ? undefined : entry.constant;
    const mappedField = field as Mapping['fields'][number]['field'];
    const transform =
      typeof entry === 'string' ? undefined : normaliseTransform(mappedField, entry.transform);
    let column: number | null = null;
    if (header !== undefined) {
      const found = index.get(norm(header));
      if (found === undefined) {
        throw new CliFailure('mapping_incomplete', 'cli.mappingFile.noColumn', {
          field,
          header,
          headers: headers.join(', '),
        });
      }
      column = found;
    }
    fields.push({
      field: mappedField,
      column,
      ...(constant !== undefined ? { constant } : {}),
      ...(transform ? { transform } : {}),
    });
  }
  return { fields };
}

/** Written as every file of the app is (util/safeFiles): a new private file beside the target,
 *  renamed into place; a symbolic link planted at the name is refused (export_failed,
 *  target_link), never followed to overwrite the file it points to. */
export async function writeMappingFile(
  file: string,
  mapping: Mapping,
  headers: readonly string[],
): Promise<void> {
  const fields: Record<string, z.input<typeof EntrySchema>> = {};
  for (const f of mapping.fields) {
    const header = f.column === null ? undefined : headers[f.column];
    if (header === undefined && f.constant === undefined) continue;
    const transform = normaliseTransform(f.field, f.transform);
    fields[f.field] =
      f.constant === undefined && !transform
        ? header!
        : {
            ...(header !== undefined ? { header } : {}),
            ...(f.constant !== undefined ? { constant: f.constant } : {}),
            ...(transform ? { transform } : {}),
          };
  }
  const text = `${JSON.stringify({ fields }, null, 2)}\n`;
  await replaceSafely(file, (f) => f.handle.writeFile(text, 'utf8'));
}
