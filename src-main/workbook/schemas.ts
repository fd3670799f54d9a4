// zod schemas of the workbook records that cross the command contract (inspect, preview,
// mapping, validation problems, export). Only zod and shared imports, so this file can move to
// src-shared as it is when the commands are declared; the type checks below keep it in step
// with types.ts.
import { z } from 'zod';
import { ParamsSchema } from '../../src-shared/contract';
import { NOTE_KINDS, ROW_NOTE_KINDS } from '../../src-shared/i18n/import';
import { FieldTransformSchema } from '../../src-shared/fieldTransforms';
import { MAPPABLE_FIELDS } from '../../src-shared/operations';
import { SupplierCreatePayloadSchema } from '../../src-shared/supplier';
import type * as T from './types';
import { CELL_MARKS } from './cellText';

const fieldKeys = MAPPABLE_FIELDS.map((f) => f.key) as [T.MappableField, ...T.MappableField[]];
export const MappableFieldSchema = z.enum(fieldKeys);

export const SheetInfoSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  hidden: z.boolean(),
});

export const TextFileFormatSchema = z.object({
  encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'macintosh']),
  bom: z.boolean(),
  delimiter: z.enum([',', ';', '\t', '|']),
  doubt: z.string().optional(),
  doubtParams: z
    .object({
      assumed: z.string(),
      reading: z.string(),
      other: z.string(),
      otherReading: z.string(),
    })
    .optional(),
});

export const FileInfoSchema = z.object({
  path: z.string(),
  kind: z.enum(['xlsx', 'csv']),
  sizeBytes: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  sheets: z.array(SheetInfoSchema),
  text: TextFileFormatSchema.optional(),
});

export const TableNoteSchema = z.object({
  row: z.number().int().positive().nullable(),
  kind: z.enum(NOTE_KINDS),
  params: ParamsSchema.optional(),
  message: z.string(),
});

export const TableColumnSchema = z.object({
  index: z.number().int().nonnegative(),
  header: z.string(),
  letter: z.string(),
});

export const TableRowSchema = z.object({
  sourceRow: z.number().int().positive(),
  cells: z.array(z.string()),
  marks: z.array(z.enum(CELL_MARKS).nullable()).optional(),
});

export const ReadTableOptionsSchema = z.object({
  sheet: z.union([z.string(), z.number().int().nonnegative()]).optional(),
  headerRow: z.number().int().positive().optional(),
  expectedHash: z.string().optional(),
  maxBytes: z.number().int().positive().optional(),
});

export const TablePreviewSchema = z.object({
  sheet: z.string(),
  headerRow: z.number().int().positive(),
  columns: z.array(TableColumnSchema),
  rows: z.array(TableRowSchema),
  notes: z.array(TableNoteSchema),
  truncated: z.boolean(),
});

export const FieldMappingSchema = z.object({
  field: MappableFieldSchema,
  column: z.number().int().nonnegative().nullable(),
  constant: z.string().optional(),
  transform: FieldTransformSchema.optional(),
});

export const MappingSchema = z.object({ fields: z.array(FieldMappingSchema) });

export const FieldSuggestionSchema = z.object({
  field: MappableFieldSchema,
  column: z.number().int().nonnegative().nullable(),
  header: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
});

export const MappingSuggestionSchema = z.object({
  fields: z.array(FieldSuggestionSchema),
  mapping: MappingSchema,
  template: z.string().nullable(),
});

export const MappingTemplateSchema = z.object({
  name: z.string().min(1),
  signature: z.string(),
  headers: z.array(z.string()),
  fields: z.array(
    z.object({
      field: MappableFieldSchema,
      header: z.string().nullable(),
      constant: z.string().optional(),
      transform: FieldTransformSchema.optional(),
    }),
  ),
});

export const RowProblemSchema = z.object({
  row: z.number().int().positive(),
  field: MappableFieldSchema.nullable(),
  column: z.string().nullable(),
  value: z.string(),
  code: z.string(),
  params: ParamsSchema.optional(),
  message: z.string(),
  fix: z.string(),
});

export const RowNoteSchema = z.object({
  row: z.number().int().positive(),
  field: MappableFieldSchema,
  kind: z.enum(ROW_NOTE_KINDS),
  column: z.string().nullable(),
  params: ParamsSchema.optional(),
  message: z.string(),
});

export const ValidatedRowSchema = z.object({
  sourceRow: z.number().int().positive(),
  cells: z.array(z.string()),
  status: z.enum(['valid', 'invalid', 'empty']),
  payload: SupplierCreatePayloadSchema.nullable(),
  draft: z.record(z.string(), z.unknown()).optional(),
  identity: z.string().nullable(),
  extraIds: z.object({
    customerId: z.string().optional(),
    ownId: z.string().optional(),
    platformId: z.string().optional(),
    vatId: z.string().optional(),
    taxNumber: z.string().optional(),
    duns: z.string().optional(),
    registerNumber: z.string().optional(),
    phone: z.string().optional(),
  }),
  problems: z.array(RowProblemSchema),
  notes: z.array(RowNoteSchema),
});

export const ValidationSummarySchema = z.object({
  rows: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  empty: z.number().int().nonnegative(),
  byCode: z.record(z.string(), z.number().int().nonnegative()),
});

export const ExportFormatSchema = z.enum(['xlsx', 'csv']);

// Compile-time checks: each schema's output is the plain record type of types.ts (codes are
// kept as strings here; the catalogue narrows them).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type SchemaChecks = [
  Check<Same<z.output<typeof FileInfoSchema>, T.FileInfo>>,
  Check<Same<z.output<typeof TablePreviewSchema>, T.TablePreview>>,
  Check<Same<z.output<typeof MappingSchema>, T.Mapping>>,
  Check<Same<z.output<typeof MappingSuggestionSchema>, T.MappingSuggestion>>,
  Check<Same<z.output<typeof MappingTemplateSchema>, T.MappingTemplate>>,
  Check<Same<Omit<z.output<typeof RowProblemSchema>, 'code'>, Omit<T.RowProblem, 'code'>>>,
  Check<Same<z.output<typeof ReadTableOptionsSchema>, T.ReadTableOptions>>,
];
