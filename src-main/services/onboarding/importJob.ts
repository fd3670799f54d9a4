// A file read into a new job, streaming, in batches of journal rows; and an import cut short finished.
import path from 'node:path';
import type { JobOptionsView } from '../../../src-shared/contract';
import { failWith } from '../../../src-shared/errors';
import { word, type Params } from '../../../src-shared/i18n';
import { said } from '../../../src-shared/i18n/said';
import { mappingOfKind } from '../../../src-shared/operations';
import { kindOf } from '../../kinds';
import { identityKey } from '../../../src-shared/supplier';
import type { NewRow } from '../../journal/journal';
import {
  EXCEL_MAX_COLUMNS,
  type Mapping,
  RESULT_COLUMNS,
  type RowNote,
  type ValidatedRow,
  type ValidationSummary,
  importRows,
  inspectFile,
} from '../../workbook';
import { Turns } from '../../workbook/turns';
import type { Ctx } from './context';
import { groupInBackground } from './duplicates';
import { holdZerosDropped } from './idZeros';

export const IMPORT_INCOMPLETE = said('reason', 'import_incomplete');

export interface CreateJobInput {
  path: string;
  sheet?: string | undefined;
  headerRow?: number | undefined;
  name?: string | undefined;
  connectionId: string;
  mapping: Mapping;
  options: JobOptionsView;
  /** The language the job is made in: its results are worded in it. */
  lang?: 'en' | 'de' | undefined;
  /** The results will be written as CSV only (the command line's --out FILE.csv): a table too
   *  wide for an Excel sheet is then accepted. */
  resultsAs?: 'csv' | 'xlsx';
}

/** Imports the whole file into a new job, streaming, in batches of journal rows. */
export async function createJob(
  ctx: Ctx,
  input: CreateJobInput,
): Promise<{
  jobId: string;
  summary: ValidationSummary;
  notes: Array<{ row: number | null; kind: string; message: string }>;
}> {
  const { journal } = ctx;
  const conn =
    journal.getConnection(input.connectionId) ??
    failWith('not_found', { reason: 'chosen_connection', connectionId: input.connectionId });
  const file = await inspectFile(input.path);
  // The rows are validated for the job's kind (the mapping carries it with the job).
  const operation = kindOf(input.options).name;
  const mapping: Mapping = mappingOfKind(input.mapping, operation);
  const imported = await importRows(input.path, {
    ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
    ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
    expectedHash: file.hash,
    mapping,
  });
  // Results that cannot be written to Excel are said before anything is sent, not after.
  const width = imported.columns.length + RESULT_COLUMNS.length;
  if (width > EXCEL_MAX_COLUMNS && input.resultsAs !== 'csv') {
    await imported.close();
    const count = new Intl.NumberFormat('en-US');
    const figures = {
      columns: imported.columns.length,
      resultColumns: RESULT_COLUMNS.length,
      width,
      maxColumns: EXCEL_MAX_COLUMNS,
    };
    failWith(
      'results_too_wide',
      {
        reason: 'import',
        path: input.path,
        file: path.basename(input.path),
        ...figures,
        used: input.mapping.fields.filter((f) => f.column !== null).length,
      },
      Object.fromEntries(Object.entries(figures).map(([k, n]) => [k, count.format(n)])),
    );
  }
  const job = journal.createJob({
    name:
      input.name?.trim() ||
      `${path.basename(input.path)}${imported.sheet && file.kind === 'xlsx' ? ` · ${imported.sheet}` : ''}`,
    connectionId: conn.id,
    sourcePath: path.resolve(input.path),
    sourceHash: file.hash,
    sourceSheet: file.kind === 'xlsx' ? imported.sheet : null,
    headerRow: imported.headerRow,
    headers: imported.columns.map((c) => c.header),
    mapping: mapping as unknown as Record<string, unknown>,
    options: { ...input.options, ...(input.lang ? { lang: input.lang } : {}) },
  });
  // Until the last row is journaled, the job says so: a job whose import was cut short (a crash,
  // a kill) must never run with rows missing; resuming it reads the rest of the file first.
  journal.setJobState(job.id, 'needs_attention', IMPORT_INCOMPLETE);
  const { rowNotes, ids } = await readRowsInto(ctx, job.id, input.path, imported, 0);
  journal.setJobState(job.id, 'ready');
  ctx.onJobChanged?.(job.id);
  // Rows that are likely one supplier site, grouped before anything is created: in the
  // background, the screens told when it ends; a check waits for it.
  if (kindOf(job.options).traits.createsSuppliers) groupInBackground(ctx, job.id);
  // Changes the app made to values on the user's behalf (restored postal codes, ...) are said
  // once per kind, with the first example, beside the table's own notes.
  const notes: Array<{ row: number | null; kind: string; params?: Params; message: string }> = [
    ...imported.notes,
  ];
  // Ids the import cannot trust: said, with the column and examples.
  const idColumn = mapping.fields.find((f) => f.field === 'supplierId.id')?.column ?? null;
  const columnName = (i: number) => {
    const c = imported.columns[i];
    return c ? `${c.header} (${c.letter})` : `${i + 1}`;
  };
  const trust = (kind: 'ids_zeros_mixed' | 'source_unmapped', params: Params) =>
    notes.push({ row: null, kind, params, message: word('en', `note.${kind}`, params) });
  if (idColumn !== null && ids.padded && ids.plain.count > 0) {
    trust('ids_zeros_mixed', {
      column: columnName(idColumn),
      count: ids.plain.count,
      plain: ids.plain.example,
      padded: ids.padded,
    });
    // Said, and held: none of those ids is sent without its zeros until the user types it.
    holdZerosDropped(journal, job.id, {
      width: ids.width,
      padded: ids.padded,
      column: columnName(idColumn),
    });
  }
  const source = unmappedSourceColumn(mapping, imported.columns);
  if (idColumn !== null && source !== null)
    trust('source_unmapped', { column: columnName(source) });
  for (const { count, first } of rowNotes.values()) {
    const more = count - 1;
    notes.push({
      row: null,
      kind: first.kind,
      params: { ...first.params, ...(more ? { more } : {}) },
      message: more ? `${first.message} ${word('en', 'rowNote.more', { more })}` : first.message,
    });
  }
  return { jobId: job.id, summary: imported.summary(), notes };
}

/** Rows per write to the journal while a file is read. */
const JOURNAL_BATCH = 250;
/** Rows between two progress reports (and turns given to the UI) while a file is read. */
const PROGRESS_ROWS = 1_000;

/** Streams validated rows into the job in batches, from after `afterSourceRow`. */
export async function readRowsInto(
  ctx: Ctx,
  jobId: string,
  filePath: string,
  imported: Awaited<ReturnType<typeof importRows>>,
  afterSourceRow: number,
): Promise<{
  read: number;
  rowNotes: Map<string, { count: number; first: RowNote }>;
  ids: IdShapes;
}> {
  const { journal } = ctx;
  let batch: NewRow[] = [];
  let read = 0;
  const rowNotes = new Map<string, { count: number; first: RowNote }>();
  const ids = new IdShapes();
  const turns = new Turns();
  const write = () => {
    if (batch.length) journal.addRows(jobId, batch);
    batch = [];
  };
  const flush = () => {
    write();
    ctx.onImportProgress?.({ path: filePath, rowsRead: read, done: false });
  };
  // Rows journaled since the progress was last said.
  let unsaid = 0;
  try {
    for await (const row of imported.rows) {
      read++;
      if (row.sourceRow <= afterSourceRow) continue;
      for (const note of row.notes) {
        const kind = `${note.field}_${note.kind}`;
        const seen = rowNotes.get(kind);
        if (seen) seen.count++;
        else rowNotes.set(kind, { count: 1, first: note });
      }
      ids.add(((row.payload ?? row.draft)?.supplierId as { id?: unknown } | undefined)?.id);
      batch.push(toNewRow(row));
      // Rows wait for the journal in small batches: a row kept over many rows' garbage costs the
      // collector a copy each time it runs, and a thousand rows kept cost more than the commits.
      if (batch.length >= JOURNAL_BATCH) write();
      // The event loop serves the UI between batches, and within one that takes long to read.
      if (++unsaid >= PROGRESS_ROWS) {
        unsaid = 0;
        flush();
        await turns.give();
      } else await turns.maybe();
    }
    flush();
  } catch (e) {
    await imported.close().catch(() => undefined);
    journal.setJobState(jobId, 'needs_attention', {
      code: IMPORT_INCOMPLETE.code,
      params: { rows: read },
      message: `The import stopped after ${read} rows: ${(e as { message?: string }).message ?? String(e)} Fix the file (or close it in Excel), then resume the job to read the rest.`,
    });
    throw e;
  }
  ctx.onImportProgress?.({ path: filePath, rowsRead: read, done: true });
  return { read, rowNotes, ids };
}

/** The shapes of a list's supplier ids: those with leading zeros, and the all-digit ones
 *  shorter than them without (a spreadsheet may have dropped their zeros). Kept per length, so
 *  a list of any size costs a few counters. */
class IdShapes {
  /** The first id with leading zeros, and the longest such id's length. */
  padded: string | null = null;
  /** The length of the longest id with leading zeros. */
  width = 0;
  /** All-digit ids without leading zeros, by length: how many, and the first. */
  private readonly byLength = new Map<number, { count: number; example: string }>();
  add(id: unknown): void {
    if (typeof id !== 'string' || !/^\d+$/.test(id)) return;
    if (id.startsWith('0') && id.length > 1) {
      this.padded ??= id;
      this.width = Math.max(this.width, id.length);
      return;
    }
    const seen = this.byLength.get(id.length);
    if (seen) seen.count++;
    else this.byLength.set(id.length, { count: 1, example: id });
  }
  get plain(): { count: number; example: string } {
    let count = 0;
    let example = '';
    for (const [length, s] of this.byLength) {
      if (length >= this.width) continue;
      count += s.count;
      example ||= s.example;
    }
    return { count, example };
  }
}

/** Words a column of the system the ids come from is headed by, in the languages procurement
 *  lists are kept in. */
const SOURCE_HEADER =
  /^(source|quelle|fuente|fonte|origine|origen|herkunft|bron|źródło|zdroj|källa|kilde|lähde|source system|quellsystem|sistema( de)? origen|sistema|système( source)?|systeme|system)\b/i;

/** A column that looks like the ids' source system, when the mapping gives the ids no source. */
function unmappedSourceColumn(
  mapping: Mapping,
  columns: readonly { index: number; header: string }[],
): number | null {
  const source = mapping.fields.find((f) => f.field === 'supplierId.source');
  if (source && (source.column !== null || source.constant)) return null;
  const used = new Set(mapping.fields.map((f) => f.column).filter((c) => c !== null));
  const found = columns.find((c) => !used.has(c.index) && SOURCE_HEADER.test(c.header.trim()));
  return found?.index ?? null;
}

/** A job whose import was cut short reads the rest of its file (unchanged since: the hash is
 *  checked) before anything else happens to it. */
export async function finishImport(ctx: Ctx, jobId: string): Promise<void> {
  const { journal } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  if (job.stateReason?.code !== IMPORT_INCOMPLETE.code) return;
  const imported = await importRows(job.sourcePath, {
    ...(job.sourceSheet ? { sheet: job.sourceSheet } : {}),
    headerRow: job.headerRow,
    expectedHash: job.sourceHash,
    mapping: job.mapping as unknown as Mapping,
  });
  await readRowsInto(ctx, jobId, job.sourcePath, imported, journal.lastSourceRow(jobId));
  journal.setJobState(jobId, 'ready');
  ctx.onJobChanged?.(jobId);
  if (kindOf(job.options).traits.createsSuppliers) groupInBackground(ctx, jobId);
}

function withExtraIds(
  payload: Record<string, unknown> | null,
  extraIds: ValidatedRow['extraIds'],
): Record<string, unknown> | null {
  return payload && Object.keys(extraIds).length ? { ...payload, ...extraIds } : payload;
}

export function toNewRow(row: ValidatedRow): NewRow {
  const problems = row.problems.map(toJournalProblem);
  if (row.status === 'empty' && !problems.length) {
    const { code, message } = said('problem', 'empty_row');
    problems.push({ message, code });
  }
  return {
    sourceRow: row.sourceRow,
    cells: row.cells,
    // An invalid row keeps its partial payload: a fix in the app starts from its values.
    // The customer and own ids ride along: attached once the supplier exists.
    payload: withExtraIds(
      (row.payload as Record<string, unknown> | null) ?? row.draft ?? null,
      row.extraIds,
    ),
    identityKey: row.identity ?? (row.payload ? identityKey(row.payload.supplierId) : null),
    state: row.status === 'valid' ? 'valid' : 'invalid',
    problems: problems.length ? problems : null,
  };
}

export function toJournalProblem(p: {
  message: string;
  fix: string;
  field: string | null;
  column: string | null;
  code: string;
  params?: Params | undefined;
}) {
  return {
    message: p.fix ? `${p.message} ${p.fix}` : p.message,
    ...(p.field ? { field: p.field } : {}),
    ...(p.column ? { column: p.column } : {}),
    code: p.code,
    // The values its words are filled with, in any language (src-shared/i18n/reported.ts).
    ...(p.params ? { params: p.params } : {}),
  };
}
