// Files before a job: a chosen file's preview, the mapping's preview, and mapping templates.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { CommandOutput, MappingPreview, PreviewView } from '../../../src-shared/contract';
import { kindTraits, mappingOfKind, type Operation } from '../../../src-shared/operations';
import {
  type Mapping,
  type MappingTemplate,
  createTemplate,
  headerSignature,
  inspectFile,
  mappingFromTemplate,
  previewTable,
  suggestMapping,
  validateRows,
} from '../../workbook';
import type { Ctx } from './context';
import type { PaidCells } from '../../engine/paidWork';
import { kindOf } from '../../kinds';
import { jobView } from './jobView';
import { jobsOfSameFile } from './sameFile';

/** The fields an onboarding keeps beside its create payload: the ids attached after creation
 *  and the registration numbers. */
const EXTRA_KEYS = {
  customerId: 1,
  ownId: 1,
  vatId: 1,
  taxNumber: 1,
  duns: 1,
  registerNumber: 1,
  phone: 1,
} as const;

export type TemplateView = CommandOutput<'templates:list'>[number];

export async function preview(
  ctx: Ctx,
  input: {
    path: string;
    sheet?: string | undefined;
    headerRow?: number | undefined;
    limit?: number;
  },
): Promise<PreviewView> {
  const file = await inspectFile(input.path);
  const table = await previewTable(input.path, {
    ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
    ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
    limit: input.limit ?? 50,
  });
  const headers = table.columns.map((c) => c.header);
  const suggestion = suggestMapping(
    headers,
    table.rows.slice(0, 20).map((r) => r.cells),
    templatesFor(ctx, headers),
  );
  return {
    file: { ...file, ...(file.text ? { text: file.text } : {}) },
    sheet: table.sheet,
    headerRow: table.headerRow,
    columns: table.columns,
    rows: table.rows,
    notes: table.notes,
    truncated: table.truncated,
    suggestion,
    ...sameFile(ctx, file.hash),
  };
}

/** The jobs made from a file with these bytes, said before another is made of it. */
function sameFile(ctx: Ctx, hash: string): Pick<PreviewView, 'sameFileJobs'> {
  const jobs = jobsOfSameFile(ctx.journal, hash);
  if (!jobs.length) return {};
  // What the newest did, from the figures the Jobs list shows for it.
  const [newest, ...rest] = jobs;
  const view = jobView(ctx, newest!.jobId);
  const creates = kindOf(view.options).traits.createsSuppliers;
  const did = {
    rows: view.total,
    finished: view.groups.finished,
    toFix: view.groups.to_fix,
    created: creates ? ctx.journal.createdByJobCount(view.id) : null,
    opResults: Object.fromEntries(Object.entries(view.opResults).filter(([, n]) => n > 0)),
  };
  return { sameFileJobs: [{ ...newest!, did }, ...rest] };
}

export async function mappingPreview(
  ctx: Ctx,
  input: {
    path: string;
    sheet?: string | undefined;
    headerRow?: number | undefined;
    mapping: Mapping;
    limit?: number;
    operation?: Operation | undefined;
  },
): Promise<MappingPreview> {
  const operation = input.operation ?? 'onboard';
  const traits = kindTraits(operation);
  const kindFields = traits.fields;
  const mapping: Mapping = mappingOfKind(input.mapping, operation);
  const table = await previewTable(input.path, {
    ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
    ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
    limit: input.limit ?? 50,
  });
  const { rows, summary } = validateRows(table.rows, mapping, table.columns, {
    lettersMayBeLost: table.lettersMayBeLost === true,
  });
  const samples = table.rows.slice(0, 5);
  const validatedSamples = rows.slice(0, 5);
  const byField = new Map(input.mapping.fields.map((f) => [f.field, f]));
  const fields = kindFields.map(({ key }) => {
    const f = byField.get(key);
    const before = samples.map((r) => {
      if (!f) return '';
      const cell = f.column === null ? '' : (r.cells[f.column] ?? '');
      return cell === '' && f.constant !== undefined ? f.constant : cell;
    });
    const after = validatedSamples.map((v) => {
      // An onboarding's customer and own ids are not in the payload: they are attached after
      // creation. The other kinds name their supplier by them, in the payload.
      if (traits.createsSuppliers && key in EXTRA_KEYS)
        return v.extraIds[key as keyof typeof EXTRA_KEYS] ?? '';
      return textAt(v.payload ?? v.draft, key);
    });
    return { field: key, before, after };
  });
  const required = kindFields.filter((f) => f.required).map((f) => f.key);
  const missingRequired = required.filter((k) => {
    const f = byField.get(k);
    return !f || (f.column === null && !f.constant);
  });
  // What the rows' own cells order (engine/paidWork.ts reads the same payload fields).
  const payloads = rows.map((v) => (v.payload ?? v.draft ?? {}) as PaidCells);
  const paid = {
    rows: rows.length,
    screening: payloads.filter((p) => p.screeningPeriodInYears != null).length,
    validation: payloads.filter((p) => p.requestValidationOnCreate === true).length,
  };
  return {
    paid,
    fields,
    missingRequired,
    problems: rows.flatMap((r) => r.problems).slice(0, 200),
    summary: { ...summary, byCode: summary.byCode as Record<string, number> },
  };
}

export function templatesFor(ctx: Ctx, headers: readonly string[]): MappingTemplate[] {
  return ctx.journal
    .templatesFor(headerSignature(headers))
    .map((t) => t.mapping as unknown as MappingTemplate)
    .reverse();
}

/** Every saved template, newest first; with the file's headers, each mapped onto them. */
export function listTemplates(ctx: Ctx, headers?: readonly string[]): TemplateView[] {
  const signature = headers ? headerSignature(headers) : null;
  return ctx.journal
    .listTemplates()
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((t) => {
      const template = t.mapping as unknown as MappingTemplate;
      const base = {
        name: t.name,
        headers: template.headers ?? [],
        updatedAt: t.updatedAt,
        sameColumns: signature !== null && t.headerSignature === signature,
      };
      if (!headers) return { ...base, mapping: null, missingColumns: [] };
      const mapping = mappingFromTemplate(template, headers);
      const missingColumns = template.fields
        .filter((f, i) => f.header !== null && mapping.fields[i]?.column === null)
        .map((f) => f.header as string);
      return { ...base, mapping, missingColumns };
    });
}

export function deleteTemplate(ctx: Ctx, name: string): boolean {
  return ctx.journal.deleteTemplate(name);
}

export function saveTemplate(
  ctx: Ctx,
  name: string,
  headers: readonly string[],
  mapping: Mapping,
): void {
  const template = createTemplate(name, headers, mapping);
  ctx.journal.saveTemplate({
    name,
    headerSignature: template.signature,
    mapping: template as unknown as Record<string, unknown>,
  });
}

export function uploadPath(
  ctx: Ctx,
  name: string,
  uploadId = randomUUID(),
): { uploadId: string; path: string } {
  const safe =
    path
      .basename(name)
      .replace(/[^\w.\- ()äöüÄÖÜß]/g, '_')
      .slice(0, 120) || 'upload';
  return { uploadId, path: path.join(ctx.dataDir, 'imports', uploadId, safe) };
}

export function textAt(obj: unknown, key: string): string {
  if (!obj) return '';
  let v: unknown = obj;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string, unknown>)[part];
  }
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? v.join('; ') : String(v);
}
