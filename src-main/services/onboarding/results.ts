// A job's results, exported as a workbook or CSV file.
import { possibleDuplicateWords } from '../../../src-shared/duplicatesText';
import { EVIDENCE_FIELDS } from '../../../src-shared/registration';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { failWith } from '../../../src-shared/errors';
import { word } from '../../../src-shared/i18n';
import {
  attentionReasons,
  hasScreeningFindings,
  idOnOtherSupplier,
  type OutcomeStage,
} from '../../../src-shared/outcomes';
import type { Job, JournalRow } from '../../journal/journal';
import { kindOf } from '../../kinds';
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
import { duplicateOfText, FINDINGS_STATUS, REVIEW_STATUS } from '../../workbook/outcomeWords';
import { Turns } from '../../workbook/turns';
import type { Ctx } from './context';
import { rowView } from './rows';

/** Fields whose columns an export writes as text, so that Excel keeps their leading zeros. */
export const TEXT_FIELDS = new Set([
  'supplierId.id',
  'supplierId.source',
  'postalCode',
  'customerId',
  'ownId',
  ...EVIDENCE_FIELDS,
]);

/** What a front door tells the user to do when its export could not be written. */
export interface ExportWording {
  exportAgain(jobId: string, format: ExportFormat): string;
}

export const APP_EXPORT_WORDING: ExportWording = {
  exportAgain: () =>
    'The results are kept in the journal: export them again from the Results screen, to another folder or as CSV.',
};

/** The word a results file's name says its kind by: `<name>.<word>.xlsx`. */
function resultsWord(job: Job, dryRun: boolean): string {
  return dryRun ? 'dry-run' : kindOf(job.options).resultsWord(job.options);
}

/** The journal setting that names the job whose results a file holds (by its path). */
const ownerKey = (file: string) => `results-owner:${path.resolve(file)}`;

/**
 * The default results file: beside the imported file, named for the job's kind
 * (`<name>.results.xlsx` for an onboarding, `.undo-results`, `.deactivation-results`,
 * `.identifier-results`, `.score-results`; a dry run's `.dry-run`), and never a file that holds
 * another job's results or that the app did not write: then the next free
 * `<name>.results (2).xlsx`, so earlier results are kept.
 */
export function defaultExportPath(
  ctx: Pick<Ctx, 'journal'>,
  jobId: string,
  format: ExportFormat,
  options: { dryRun?: boolean } = {},
): string {
  const job = ctx.journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const parsed = path.parse(job.sourcePath);
  const stem = `${parsed.name}.${resultsWord(job, options.dryRun === true)}`;
  for (let n = 1; ; n++) {
    const file = path.join(parsed.dir, `${stem}${n > 1 ? ` (${n})` : ''}.${format}`);
    // A dry run's journal is thrown away: its file is replaced by the next dry run.
    if (options.dryRun || !existsSync(file) || ctx.journal.getSetting(ownerKey(file)) === jobId)
      return file;
  }
}

/** How often an export says how far it got. */
const PROGRESS_EVERY_MS = 200;

/** Stops the job's results exports under way; whether there was one. */
export function cancelExport(ctx: Ctx, jobId: string): boolean {
  const running = ctx.exports.get(jobId);
  if (!running || running.size === 0) return false;
  for (const c of running) c.abort();
  return true;
}

/** Remembers that `file` holds the results of `jobId` (see defaultExportPath). */
export function ownResults(ctx: Pick<Ctx, 'journal'>, jobId: string, file: string): void {
  ctx.journal.setSetting(ownerKey(file), jobId);
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
  const kind = kindOf(job.options);
  if (kind.exportResults) {
    const s = await kind.exportResults(ctx.journal, jobId, format, out, ctx.maxRowsPerSheet);
    ownResults(ctx, jobId, out);
    return s;
  }
  const toResult = (r: JournalRow) => resultRow(ctx, r, job);
  const total = Object.values(journal.counts(jobId)).reduce((a, n) => a + n, 0);
  const cancel = new AbortController();
  const running = ctx.exports.get(jobId) ?? new Set<AbortController>();
  running.add(cancel);
  ctx.exports.set(jobId, running);
  let rowsWritten = 0;
  let saidAt = 0;
  const say = (done: boolean) => {
    const now = Date.now();
    if (!done && now - saidAt < PROGRESS_EVERY_MS) return;
    saidAt = now;
    ctx.onExportProgress?.({ jobId, rowsWritten: Math.min(rowsWritten, total), total, done });
  };
  async function* rows(): AsyncGenerator<ResultRow> {
    // The event loop serves the UI every few dozen milliseconds of reading and writing; a
    // cancel is heard there. (The Errors sheet reads its rows again only when they are many.)
    const turns = new Turns();
    for (const r of journal.eachRow(jobId)) {
      if (cancel.signal.aborted) failWith('export_cancelled', { jobId });
      yield toResult(r);
      rowsWritten++;
      say(false);
      await turns.maybe();
    }
  }
  const mapping = job.mapping as unknown as Mapping;
  let written: ExportSummary;
  try {
    written = await exportResults(out, {
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
  } catch (e) {
    // A cancelled export says only that: the advice to export again is its own sentence.
    if (cancel.signal.aborted) failWith('export_cancelled', { jobId });
    throw e;
  } finally {
    running.delete(cancel);
    if (running.size === 0) ctx.exports.delete(jobId);
    say(true);
  }
  ownResults(ctx, jobId, out);
  return written;
}

/** A row of the results: the values the job sent (the file's where they only differ in form),
 *  each changed one with the file's value beside it. */
export function resultRow(
  ctx: Ctx,
  row: JournalRow,
  job = ctx.journal.getJob(row.jobId),
): ResultRow {
  const shown = job
    ? shownRow(row, job.mapping as unknown as Mapping, job.headers)
    : { cells: row.cells, changes: [] };
  const v = rowView(ctx, row, job, shown.changes);
  const lang = job?.options.lang ?? 'en';
  const problemText = v.problems.map((p) => p.message).join(' ');
  // A rejected validation, an aborted screening, a screening that found something or a status
  // the app does not know ended the row, but the user has to act. (A supplier not found by a
  // deactivate or identifiers job says so in its own error instead.) Each reason is said, side by
  // side: findings are never hidden by a validation's end, whatever it was.
  const reasons = row.state === 'done' ? attentionReasons(row) : [];
  const rejected = reasons.includes('validation_rejected');
  const aborted = reasons.includes('screening_aborted');
  const findings = hasScreeningFindings(row);
  const unknown: { stage: OutcomeStage; status: string }[] = [
    ...(reasons.includes('validation_unknown')
      ? [{ stage: 'validation' as const, status: row.validationStatus ?? '' }]
      : []),
    ...(reasons.includes('screening_unknown')
      ? [{ stage: 'screening' as const, status: row.screeningStatus ?? '' }]
      : []),
  ];
  const ended = rejected || aborted || findings || unknown.length > 0;
  // An id the row attaches belongs to another supplier: not added, the user decides. The
  // advice names the steps that work (idFixes.ts): the id corrected in this file and brought
  // back, or moved by two identifiers jobs; a retry of the row would send nothing.
  const other = idOnOtherSupplier(row) ? row.identifiers!.find((i) => i.result === 'other') : null;
  const otherError = other
    ? {
        code: 'api_conflict',
        params: { id: other.id, holder: other.holder ?? '', reason: 'on_other_supplier' },
        message: word(
          lang,
          other.holder ? 'results.advice.idOnOther' : 'results.advice.idOnOthers',
          {
            id: other.id,
            holder: other.holder ?? '',
            platformId: row.platformId ?? '',
          },
        ),
      }
    : null;
  // Worded in the job's language: the platform's reason stays as the platform wrote it.
  const endedText = ended
    ? [
        rejected ? word(lang, 'failure.validation_rejected') : null,
        rejected && row.rejectionReason
          ? `${word(lang, 'outcome.reason', { reason: row.rejectionReason.trim().replace(/[.!]+$/, '') })}.`
          : null,
        aborted ? word(lang, 'failure.screening_aborted') : null,
        findings ? word(lang, 'results.findings.next') : null,
        ...unknown.map((u) => word(lang, `outcome.${u.stage}.unknown.help`, { status: u.status })),
        // An id on another supplier is said as well: the findings do not hide it.
        otherError?.message ?? null,
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
      // Findings first, as every count has them (src-shared/tally.ts rowOutcome).
      status: findings
        ? FINDINGS_STATUS
        : rejected
          ? 'validation_rejected'
          : aborted
            ? 'screening_aborted'
            : unknown.length
              ? REVIEW_STATUS
              : row.state,
      platformId: row.platformId,
      supplier: row.opResult
        ? row.opResult
        : row.platformId
          ? row.createdByJob
            ? SUPPLIER_OUTCOME.created
            : SUPPLIER_OUTCOME.existing
          : null,
      creationUuid: row.creationUuid,
      // The API's statuses: the workbook words them in the job's language.
      screening: row.screeningStatus,
      identifiers: row.identifiers,
      likelyDuplicateOf: duplicateOfText(row.duplicates, lang) || null,
      possibleDuplicateOf: possibleDuplicateWords(lang, row.possibleDuplicates) || null,
      duplicateDecision: duplicateDecisionOf(row),
      validation: row.validationStatus,
      validationTarget:
        row.validationStatus && row.outcomeTargetId && row.outcomeTargetId !== row.platformId
          ? row.outcomeTargetId
          : null,
      rejectionReason: row.validationStatus === 'REJECTED' ? row.rejectionReason : null,
      errorCode: findings
        ? 'screening_findings'
        : rejected
          ? 'validation_rejected'
          : aborted
            ? 'screening_aborted'
            : (otherError?.code ??
              v.errorCode ??
              (row.state === 'invalid' ? 'invalid_input' : null)),
      errorMessage: ended
        ? endedText
        : (otherError?.message ?? v.errorMessage ?? (problemText || null)),
      ...(otherError && !ended ? { error: otherError } : {}),
      ...(!ended && !otherError && v.errorCode && v.errorMessage
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

/** The Duplicate decision column of a row: the user's decision (attached: to which supplier), or
 *  a row the check holds back that waits for one; none for any other row. */
function duplicateDecisionOf(row: JournalRow): ResultRow['result']['duplicateDecision'] {
  const decision = row.duplicateDecision;
  const memory = row.duplicates?.remembered;
  const remembered = memory ? { remembered: { jobName: memory.jobName, at: memory.at } } : {};
  if (decision === 'attach') return { decision, platformId: row.platformId, ...remembered };
  if (decision === 'keep' || decision === 'skip') return { decision, ...remembered };
  return row.state === 'duplicate' ? { decision: 'waiting' } : null;
}
