// A results file the user fixed in Excel, brought back as a retry job of the fixed rows.
import path from 'node:path';
import { failWith, toAppError } from '../../../src-shared/errors';
import { word } from '../../../src-shared/i18n';
import {
  type Mapping,
  RetrySelector,
  type RetrySelection,
  type ValidatedRow,
  columnLetter,
  importRows,
  inspectFile,
  resultColumnsStart,
  isSourceRowHeader,
  isAttachHeader,
  previewTable,
  resultSheetFamily,
  validateRows,
  zeroPaddedWidths,
  type ZerosPadded,
} from '../../workbook';
import { type ResultsFileWording, assertResultsFileFits, resultsJobOf } from '../resultsFile';
import type { Ctx } from './context';
import { refuseFixOutsideApp } from './fixes';
import { idFixesOf } from './idFixes';
import { toNewRow } from './importJob';
import { canTransition, type RowState } from '../../journal/rowStates';
import type { Job } from '../../journal/journal';
import { rowError } from '../../engine/messages';
import { applyAttachIds, NO_ATTACH, verifyAttachIds, type RetryAttach } from './retryAttach';

export interface RetryFromResults {
  jobId: string | null;
  retry: number;
  /** Of the rows sent again, those the job they came from hands over to the retry job (left
   *  out there, naming it): the first job no longer counts them to fix nor resumes them. */
  handedOver: number;
  stillInvalid: number;
  alreadyDone: number;
  unmatched: number;
  unchanged: number;
  doneButChanged: number;
  conflicts: number;
  /** The job's row numbers (up to 20) of the rows changed differently on two sheets. */
  conflictRows: number[];
  /** The job's row numbers (up to 20) of done rows whose values were changed. */
  doneButChangedRows: number[];
  /** Done rows whose id the platform has on another supplier, corrected in the file: an
   *  identifiers job can add the corrected ids to the rows' suppliers (idFixes.ts), and the
   *  job's row numbers of the first 20. */
  idFixes: number;
  idFixRows: number[];
  /** Ids typed without the zeros of their column, sent with them (up to 20, and how many). */
  zerosPadded: number;
  zerosPaddedRows: ZerosPadded[];
  /** Rows attached to existing suppliers by Attach to platform ID (retryAttach.ts). */
  attach: RetryAttach;
}

/** A results file read back against its job: which rows to send again, and the rest. */
export interface ReadResults {
  job: Job;
  selection: RetrySelection;
  /** How many of the file's columns are the job's own (the result columns follow). */
  original: number;
  /** A job made from the file: its connection (the job's), the file and its columns. */
  source: Pick<
    Job,
    'connectionId' | 'sourcePath' | 'sourceHash' | 'sourceSheet' | 'headerRow' | 'headers'
  >;
}

/** Reads a results file the user fixed in Excel (its Results and Errors sheets) against the job
 *  that wrote it: the selection of rows to send again, and what happens to the others. */
export async function readResultsFile(
  ctx: Ctx,
  filePath: string,
  jobId?: string,
  wording?: ResultsFileWording,
): Promise<ReadResults> {
  const { journal } = ctx;
  const job =
    (jobId ? journal.getJob(jobId) : undefined) ??
    (await resultsJobOf(journal, filePath)) ??
    failWith('not_found', { reason: 'results_job', path: filePath });
  refuseFixOutsideApp(job);
  const file = await inspectFile(filePath);
  // The Results sheets, and the Errors sheets where fixes count as well; a file whose sheets
  // were renamed is read from its first sheet, and a CSV file has one table.
  // Sheet names in either language a job can be made in.
  const family = (f: 'results' | 'errors') =>
    file.sheets.filter((s) => !s.hidden && resultSheetFamily(s.name) === f).map((s) => s.name);
  const resultSheets = file.kind === 'xlsx' ? family('results') : [];
  const errorSheets = file.kind === 'xlsx' ? family('errors') : [];
  const firstSheet: string | undefined = resultSheets[0];
  // The header row first (the reading stops there): a file that does not fit is refused with
  // its reason before anything is read or made.
  const first = await previewTable(filePath, {
    ...(firstSheet ? { sheet: firstSheet } : {}),
    limit: 1,
  });
  assertResultsFileFits(filePath, first, job, wording);
  for (const sheet of [...resultSheets.slice(1), ...errorSheets]) {
    assertResultsFileFits(
      filePath,
      await previewTable(filePath, { sheet, limit: 1 }),
      job,
      wording,
    );
  }
  const mapping = job.mapping as unknown as Mapping;
  const columns = job.headers.map((header, index) => ({
    index,
    header,
    letter: columnLetter(index),
  }));
  const selector = new RetrySelector(
    {
      atSource: (n) => journal.rowAtSource(job.id, n),
      withIdentity: (key) => journal.findByIdentity(job.id, key),
    },
    mapping,
    job.headers,
    (row, cells, previous) =>
      validateRows(
        [{ sourceRow: row.sourceRow, cells }],
        withColumnlessEdits(mapping, previous),
        columns,
      ).rows[0]!,
    zeroPaddedWidths(journal.eachRow(job.id), mapping, job.headers),
  );
  const read = async (
    sheet: string | undefined,
    add: (r: ValidatedRow, n?: string, attach?: string) => void,
  ) => {
    const imported = await importRows(filePath, { ...(sheet ? { sheet } : {}), mapping });
    const at = imported.columns.findIndex((c) => isSourceRowHeader(c.header));
    const attachAt = imported.columns.findIndex((c) => isAttachHeader(c.header));
    for await (const row of imported.rows)
      add(
        row,
        at >= 0 ? (row.cells[at] ?? '') : undefined,
        attachAt >= 0 ? (row.cells[attachAt] ?? '') : undefined,
      );
    return imported;
  };
  for (const sheet of errorSheets) {
    await read(sheet, (r, n, a) => selector.addFromErrors(r, n, a)).catch((e: unknown) => {
      // An Errors sheet with no row under its header has nothing to give.
      if (toAppError(e).code !== 'sheet_empty' && toAppError(e).code !== 'header_not_found')
        throw e;
    });
  }
  let imported: Awaited<ReturnType<typeof importRows>> | undefined;
  for (const sheet of resultSheets.length ? resultSheets : [undefined]) {
    const r = await read(sheet, (row, n, a) => selector.addFromResults(row, n, a));
    imported ??= r;
  }
  const selection = selector.finish();
  const firstResult = resultColumnsStart(imported!.columns.map((c) => c.header));
  const original = firstResult >= 0 ? firstResult : imported!.columns.length;
  const source = {
    connectionId: job.connectionId,
    sourcePath: path.resolve(filePath),
    sourceHash: file.hash,
    sourceSheet: imported!.sheet,
    headerRow: imported!.headerRow,
    headers: imported!.columns.slice(0, original).map((c) => c.header),
  };
  return { job, selection, original, source };
}

/** A results file the user fixed in Excel (on its Results or Errors sheets): a new job with
 *  the rows that were not done and whose values the user changed. */
export async function retryFromResults(
  ctx: Ctx,
  filePath: string,
  jobId?: string,
  wording?: ResultsFileWording,
): Promise<RetryFromResults> {
  return retryFromRead(ctx, await readResultsFile(ctx, filePath, jobId, wording));
}

/** The retry of a results file already read (`readResultsFile`): a caller that goes on with the
 *  same file (the command line's identifiers job of its corrected ids) reads it once. */
export async function retryFromRead(ctx: Ctx, read: ReadResults): Promise<RetryFromResults> {
  const { journal } = ctx;
  const { job, selection, original } = read;
  // Rows whose id on another supplier was corrected: an identifiers job can add them
  // (idFixes.ts); they are not among the changes the app does not send.
  const idFixes = idFixesOf(journal, selection.doneChanged);
  const fixed = new Set(idFixes.map((f) => f.sourceRow));
  const doneButChanged = selection.doneButChanged.filter((n) => !fixed.has(n));
  let newJobId: string | null = null;
  let handedOver = 0;
  let attach: RetryAttach = { ...NO_ATTACH, done: selection.attachDone.slice(0, 20) };
  // The platform ids typed into Attach to platform ID, verified before a job is made.
  const verified = await verifyAttachIds(ctx, job.connectionId, selection.retry);
  if (selection.retry.length) {
    const retryJob = journal.createJob({
      // Named in the language the job was made in, as its results workbooks are.
      name: word(job.options.lang ?? 'en', 'kind.retryName', { name: job.name }),
      ...read.source,
      mapping: job.mapping,
      // The job whose results these are: a fixed id that names a supplier another of its rows
      // has is that row's problem (engine/check.ts).
      options: { ...job.options, retryOf: job.id },
    });
    // Each row keeps the row number it had in the job's file (rows come from several sheets,
    // whose own row numbers repeat); the result columns of the old export are left out.
    journal.addRows(
      retryJob.id,
      selection.retry
        .map((c) => ({
          ...toNewRow(c.row),
          sourceRow: c.previous.sourceRow,
          cells: c.row.cells.slice(0, original),
        }))
        .sort((a, b) => a.sourceRow - b.sourceRow),
    );
    newJobId = retryJob.id;
    attach = applyAttachIds(ctx, retryJob, selection.retry, verified, attach.done);
    handedOver = handOverToRetry(
      ctx,
      job,
      retryJob,
      selection.retry.map((c) => c.previous),
    );
    ctx.onJobChanged?.(retryJob.id);
    ctx.onJobChanged?.(job.id);
  }
  return {
    jobId: newJobId,
    retry: selection.retry.length,
    handedOver,
    stillInvalid: selection.stillInvalid,
    alreadyDone: selection.alreadyDone,
    unmatched: selection.unmatched,
    unchanged: selection.unchanged,
    doneButChanged: doneButChanged.length,
    conflicts: selection.conflicts.length,
    conflictRows: selection.conflicts.slice(0, 20),
    doneButChangedRows: doneButChanged.slice(0, 20),
    idFixes: idFixes.length,
    idFixRows: idFixes.slice(0, 20).map((f) => f.sourceRow),
    zerosPadded: selection.padded.length,
    zerosPaddedRows: selection.padded.slice(0, 20),
    attach,
  };
}

/**
 * The rows a retry job sends again leave the job they came from: each becomes `skipped` there,
 * its error naming the retry job, so that job's figures no longer count it to fix, its Resume
 * does not send it a second time, and its results say where the row went. A job left with
 * nothing to do or fix ends (finished), instead of offering a Resume that would do nothing.
 */
function handOverToRetry(
  ctx: Ctx,
  job: Job,
  retryJob: Job,
  rows: ReadonlyArray<{ id: number; state: string }>,
): number {
  const { journal } = ctx;
  const jobName = retryJob.name;
  let moved = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const result = journal.recordOutcomes(
      rows
        .slice(i, i + 500)
        .filter((r) => canTransition(r.state as RowState, 'skipped'))
        .map((r) => ({
          rowId: r.id,
          from: r.state as RowState,
          to: 'skipped' as const,
          patch: rowError(`${SENT_AGAIN}.named`, { jobName }),
          reason: SENT_AGAIN,
          reasonParams: { jobName, jobId: retryJob.id },
        })),
    );
    moved += result.applied.length;
  }
  const tally = journal.tally(job.id);
  const nothingLeft = tally.groups.to_fix + tally.groups.waiting + tally.groups.in_progress === 0;
  const current = journal.getJob(job.id);
  if (
    nothingLeft &&
    current &&
    !ctx.engine.isRunning(job.id) &&
    (current.state === 'needs_attention' || current.state === 'paused')
  )
    journal.setJobState(job.id, 'finished');
  return moved;
}

/** Marks a row another job (a retry made from this job's results) sends again. */
export const SENT_AGAIN = 'sent_again' as const;

/** The job's mapping with the user's fixes for fields the file has no column for, as constants
 *  (as a fix in the app maps them). */
export function withColumnlessEdits(
  mapping: Mapping,
  row: { userEdits: Record<string, string> | null },
) {
  const edits = row.userEdits ?? {};
  const fields = mapping.fields.map((f) =>
    f.column === null && edits[f.field] !== undefined ? { ...f, constant: edits[f.field] } : f,
  );
  for (const [field, value] of Object.entries(edits)) {
    if (!fields.some((f) => f.field === field))
      fields.push({
        field: field as Mapping['fields'][number]['field'],
        column: null,
        constant: value,
      });
  }
  return { fields };
}
