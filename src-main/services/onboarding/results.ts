// A job's results, exported as a workbook or CSV file.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { failWith } from '../../../src-shared/errors';
import { word } from '../../../src-shared/i18n';
import { endedNeedingUser, isAttentionOutcome } from '../../../src-shared/outcomes';
import { operationOf } from '../../../src-shared/operations';
import type { JournalRow } from '../../journal/journal';
import { exportScoresResults } from '../../scores/results';
import {
  type ExportFormat,
  type ExportSummary,
  type Mapping,
  type ResultRow,
  SUPPLIER_OUTCOME,
  changeNote,
  changesText,
  exportResults,
  shownRow,
} from '../../workbook';
import type { Ctx } from './context';
import { rowView } from './rows';

/** Fields whose columns an export writes as text, so that Excel keeps their leading zeros. */
export const TEXT_FIELDS = new Set([
  'supplierId.id',
  'supplierId.source',
  'postalCode',
  'customerId',
  'ownId',
]);

/** What a front door tells the user to do when its export could not be written. */
export interface ExportWording {
  exportAgain(jobId: string, format: ExportFormat): string;
}

export const APP_EXPORT_WORDING: ExportWording = {
  exportAgain: () =>
    'The results are kept in the journal: export them again from the Results screen, to another folder or as CSV.',
};

/** The default results file: next to the source, `<name>.results.xlsx`. */
export function defaultExportPath(ctx: Ctx, jobId: string, format: ExportFormat): string {
  const job = ctx.journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const parsed = path.parse(job.sourcePath);
  return path.join(parsed.dir, `${parsed.name}.results.${format}`);
}

export async function exportJob(
  ctx: Ctx,
  jobId: string,
  format: ExportFormat,
  target?: string,
  wording: ExportWording = APP_EXPORT_WORDING,
): Promise<ExportSummary> {
  const { journal } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const out = target ? path.resolve(target) : defaultExportPath(ctx, jobId, format);
  await mkdir(path.dirname(out), { recursive: true }).catch(() => undefined);
  if (operationOf(job.options) === 'scores') return exportScoresJob(ctx, jobId, format, out);
  const toResult = (r: JournalRow) => resultRow(ctx, r, job);
  async function* rows(): AsyncGenerator<ResultRow> {
    let n = 0;
    for (const r of journal.eachRow(jobId)) {
      yield toResult(r);
      // Let the event loop serve the UI between pages.
      if (++n % 500 === 0) await new Promise((res) => setImmediate(res));
    }
  }
  const mapping = job.mapping as unknown as Mapping;
  return exportResults(out, {
    headers: job.headers,
    format,
    now: ctx.clock.now(),
    rows,
    textColumns: mapping.fields
      .filter((f) => f.column !== null && TEXT_FIELDS.has(f.field))
      .map((f) => f.column as number),
    nextStep: wording.exportAgain(job.id, format),
    lang: job.options.lang ?? 'en',
    ...(ctx.maxRowsPerSheet ? { maxRowsPerSheet: ctx.maxRowsPerSheet } : {}),
  });
}

/** A scores job's results (a line per row and score, src-main/scores/results.ts), summed up as
 *  the export of any job is: lines written, and those that need the user (rejected scores and
 *  rows left out with a problem). */
async function exportScoresJob(
  ctx: Ctx,
  jobId: string,
  format: ExportFormat,
  out: string,
): Promise<ExportSummary> {
  const s = await exportScoresResults(ctx.journal, jobId, out, format, ctx.maxRowsPerSheet);
  const byStatus = {
    written: s.written,
    rejected: s.rejected,
    invalid: s.invalid,
    unsent: s.unsent,
  };
  return {
    path: out,
    rows: s.lines,
    attention: s.rejected + s.invalid,
    byStatus: Object.fromEntries(Object.entries(byStatus).filter(([, n]) => n > 0)),
    bySupplier: {},
    byErrorCode: {},
    byScreening: {},
    byValidation: {},
    resultSheets: s.sheets,
    cutCells: s.cutCells,
  };
}

/** A row of the results: the values the job sent (the file's where they only differ in form),
 *  each changed one with the file's value beside it. */
export function resultRow(
  ctx: Ctx,
  row: JournalRow,
  job = ctx.journal.getJob(row.jobId),
): ResultRow {
  const v = rowView(ctx, row);
  const lang = job?.options.lang ?? 'en';
  const problemText = v.problems.map((p) => p.message).join(' ');
  const shown = job
    ? shownRow(row, job.mapping as unknown as Mapping, job.headers)
    : { cells: row.cells, changes: [] };
  // A rejected validation (or aborted screening) ended the row, but the user has to act.
  const ended = endedNeedingUser(row);
  const rejected = ended && isAttentionOutcome('validation', row.validationStatus);
  // Worded in the job's language: the platform's reason stays as the platform wrote it.
  const endedText = ended
    ? [
        rejected ? word(lang, 'failure.validation_rejected') : null,
        rejected && row.rejectionReason
          ? `${word(lang, 'outcome.reason', { reason: row.rejectionReason.trim().replace(/[.!]+$/, '') })}.`
          : null,
        isAttentionOutcome('screening', row.screeningStatus)
          ? word(lang, 'failure.screening_aborted')
          : null,
      ]
        .filter(Boolean)
        .join(' ')
    : null;
  return {
    sourceRow: row.sourceRow,
    cells: shown.cells,
    notes: shown.changes
      .filter((c) => c.column !== null)
      .map((c) => ({ column: c.column as number, text: changeNote(c) })),
    result: {
      status: ended ? (rejected ? 'validation_rejected' : 'screening_aborted') : row.state,
      platformId: row.platformId,
      supplier: row.opResult
        ? SUPPLIER_OUTCOME[row.opResult]
        : row.platformId
          ? row.createdByJob
            ? SUPPLIER_OUTCOME.created
            : SUPPLIER_OUTCOME.existing
          : null,
      creationUuid: row.creationUuid,
      screening: v.screening,
      identifiers: row.identifiers,
      validation: v.validation
        ? `${v.validation}${row.outcomeTargetId && row.outcomeTargetId !== row.platformId ? ` (master ${row.outcomeTargetId})` : ''}${row.rejectionReason && row.validationStatus === 'REJECTED' ? `: ${row.rejectionReason}` : ''}`
        : null,
      errorCode: ended
        ? rejected
          ? 'validation_rejected'
          : 'screening_aborted'
        : (v.errorCode ?? (row.state === 'invalid' ? 'invalid_input' : null)),
      errorMessage: ended ? endedText : (v.errorMessage ?? (problemText || null)),
      ...(!ended && v.errorCode && v.errorMessage
        ? {
            error: {
              code: v.errorCode,
              params: v.errorParams,
              message: v.errorMessage,
            },
          }
        : {}),
      // The problems as data, so the workbook words them in the job's language.
      ...(!ended && !v.errorMessage && v.problems.length && v.problems.every((p) => p.code)
        ? {
            problems: v.problems.map((p) => ({
              code: p.code as string,
              message: p.message,
              ...(p.params ? { params: p.params } : {}),
            })),
          }
        : {}),
      updatedAt: row.updatedAt,
      changedValues: shown.changes.length ? changesText(shown.changes) : null,
      sourceRow: row.sourceRow,
    },
  };
}
