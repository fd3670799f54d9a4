// Results out: the original columns in their order, then the result columns; a Summary sheet
// with counts and a per-error-kind breakdown, and an Errors sheet with the rows that need
// attention. Both sheets are streamed: the rows that need attention are kept from the first pass
// while they are few, and read again through `rows()` when they are many; the Summary
// comes last because the streaming writer (xlsxWriter.ts) writes one sheet after another.
// A workbook stays within what Excel opens: rows beyond a sheet's 1,048,576 go on to
// continuation sheets ("Results (2)", ...), a cell longer than 32,767 characters is cut with a
// visible mark (the CSV export keeps it whole), and a table wider than 16,384 columns is refused
// before anything is written.
import { once } from 'node:events';
import { lstat, mkdir, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { AppFailure, fail } from '../../src-shared/errors';
import { word, wordFailure, type Lang } from '../../src-shared/i18n';
import { reportedProblemText } from '../../src-shared/i18n/reported';
import { RESULT_COLUMNS, resultHeadersAfter } from './resultColumns';
import {
  FINDINGS_STATUS,
  errorCodeLabel,
  outcomeWord,
  REVIEW_STATUS,
  statusWord,
  supplierWord,
} from './outcomeWords';
import { writeSummarySheet } from './summarySheet';
import { identifiersText } from '../../src-shared/identifierWords';
import type { ExportFormat, ResultRow } from './types';
import { createNew, refuseLink, replaceSafely, unguessableNameBeside } from '../util/safeFiles';
import { neutraliseFormula } from './formulaGuard';
import { Turns } from './turns';
import { XlsxWriter, type XlsxCell, type XlsxSheetWriter } from './xlsxWriter';
import { ZipTooLargeError } from './zipWriter';

/** Row states after which the user has to act (the journal's names). */
export const ATTENTION_STATUSES = new Set([
  'invalid',
  'ambiguous',
  // A likely duplicate the check held back: not created until the user decides.
  'duplicate',
  'rejected',
  'vanished',
  'needs_user',
  'in_doubt',
  // Ended, but not well: the supplier exists and the user has to act on the platform.
  'validation_rejected',
  'screening_aborted',
  // Done, but its screening found something the user reviews on the platform, or an outcome
  // ended in a status the app does not know.
  FINDINGS_STATUS,
  REVIEW_STATUS,
]);

export function needsAttention(row: ResultRow): boolean {
  return Boolean(row.result.errorCode) || ATTENTION_STATUSES.has(row.result.status);
}

export interface ExportRequest {
  /** Header texts of the original columns, in their order. */
  headers: readonly string[];
  /** The rows, in file order. Called for the Results sheet, and again for the Errors sheet when
   *  more rows need attention than are kept (ATTENTION_KEPT), so it must start over each time. */
  rows: () => AsyncIterable<ResultRow> | Iterable<ResultRow>;
  format: ExportFormat;
  /** CSV only: ',' (default) or ';' as German Excel expects. */
  delimiter?: ',' | ';';
  /** Which rows go to the Errors sheet; by default those with an error code or attention state. */
  needsAttention?: (row: ResultRow) => boolean;
  /** Epoch ms written as the export time on the Summary sheet. */
  now?: number;
  /** Original columns that hold identifiers: written as text with Excel's text format ('@'),
   *  so that Excel keeps their leading zeros when a value is typed again. */
  textColumns?: readonly number[];
  /** Rows per sheet, the header row included (Excel's 1,048,576 unless a test lowers it). */
  maxRowsPerSheet?: number;
  /** What the user can do when the file cannot be written (the front door's own words),
   *  appended to the sentence that says why. */
  nextStep?: string;
  /** The language of the workbook's words: sheet names, headers, statuses, the Summary sheet
   *  and the rows' problems (the job's language; English unless told). */
  lang?: Lang;
}

/** Excel's limits of one sheet. */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;
export const EXCEL_MAX_CELL_CHARS = 32_767;

const number = new Intl.NumberFormat('en-US');

/** A text Excel cannot hold in one cell, cut to fit with a mark that says how long it was. */
export function fitCell(text: string, limit = EXCEL_MAX_CELL_CHARS): string {
  if (text.length <= limit) return text;
  const mark = ` … [cut: ${number.format(text.length)} characters]`;
  let keep = limit - mark.length;
  // Never half a surrogate pair.
  const code = text.charCodeAt(keep - 1);
  if (code >= 0xd800 && code <= 0xdbff) keep--;
  return `${text.slice(0, keep)}${mark}`;
}

/** The mark `fitCell` leaves at the end of a cut text. */
export const CUT_MARK = / … \[cut: [\d,]+ characters\]$/;

export interface ExportSummary {
  path: string;
  rows: number;
  attention: number;
  byStatus: Record<string, number>;
  bySupplier: Record<string, number>;
  byErrorCode: Record<string, number>;
  byScreening: Record<string, number>;
  byValidation: Record<string, number>;
  /** Done rows whose screening found something to review (also when their validation was
   *  rejected: findings are never hidden by another outcome). */
  findings: number;
  /** Sheets written with the results (more than one when the rows go beyond a sheet). */
  resultSheets: string[];
  /** Cells cut to Excel's 32,767 characters. */
  cutCells: number;
}

function resultText(
  row: ResultRow,
  key: (typeof RESULT_COLUMNS)[number]['key'],
  lang: Lang,
): string {
  const { result } = row;
  if (key === 'sourceRow') return String(result.sourceRow ?? row.sourceRow);
  if (key === 'errorMessage' && result.problems?.length) {
    // Each problem and what to do, as the screens say it (a journal from before problems kept
    // their values keeps its English sentence).
    return result.problems.map((p) => reportedProblemText(lang, p)).join(' ');
  }
  // The English sentence is the journal's own; other languages word the error from its code.
  if (key === 'errorMessage' && result.error && lang !== 'en') {
    return wordFailure(lang, result.error);
  }
  if (key === 'identifiers') {
    return identifiersText(result.identifiers, (k, params) => word(lang, k, params));
  }
  if (key === 'duplicateDecision') {
    const d = result.duplicateDecision;
    if (!d) return '';
    const text =
      d.decision === 'attach'
        ? word(lang, 'results.duplicate.attach', { platformId: d.platformId ?? '' })
        : word(lang, `results.duplicate.${d.decision}`);
    if (!d.remembered) return text;
    return word(lang, 'results.duplicate.remembered', {
      decision: text,
      jobName: d.remembered.jobName,
      at: new Date(d.remembered.at).toISOString().slice(0, 10),
    });
  }
  const v = result[key];
  if (v === null || v === undefined) return '';
  if (key === 'updatedAt' && typeof v === 'number') return new Date(v).toISOString();
  // States and outcomes are the catalogue's words in every language, never the journal's or the
  // API's codes (the API's own word stands beside its word).
  if (key === 'status') return statusWord(String(v), lang);
  if (key === 'screening') return outcomeWord('screening', String(v), lang);
  if (key === 'validation') return validationText(result, String(v), lang);
  if (key === 'supplier') return supplierWord(String(v), lang);
  // The code stays for support and scripts, beside its words ("Validation rejected
  // (validation_rejected)"), as the Summary sheet counts it.
  if (key === 'errorCode') return errorCodeLabel(String(v), lang);
  return String(v);
}

/** The validation's word, the platform record it confirmed when another, the platform's reason
 *  for a rejection (as the platform wrote it). */
function validationText(result: ResultRow['result'], status: string, lang: Lang): string {
  const head = outcomeWord('validation', status, lang);
  const more: string[] = [];
  if (result.validationTarget)
    more.push(word(lang, 'outcome.master', { id: result.validationTarget }));
  const reason = result.rejectionReason?.trim().replace(/[.!]+$/, '');
  if (reason && status === 'REJECTED') more.push(`${word(lang, 'outcome.reason', { reason })}.`);
  return more.length ? `${head}. ${more.join(' ')}` : head;
}

export function resultRowValues(row: ResultRow, width: number, lang: Lang = 'en'): string[] {
  const cells = row.cells.slice(0, width);
  while (cells.length < width) cells.push('');
  return [...cells, ...RESULT_COLUMNS.map((c) => resultText(row, c.key, lang))];
}

/** Quoted whenever it holds either delimiter, a TAB, a quote or a line break; and an apostrophe
 *  before every = + - @ that could start a cell (formulaGuard): Excel in a locale whose list
 *  separator is the other delimiter splits the field whatever its quotes say, a TAB splits cells
 *  when pasted, and a line break in it may be taken for the end of a row. */
function csvField(text: string, delimiter: string): string {
  const safe = neutraliseFormula(text);
  if (/[;,"\t\r\n]/.test(safe) || safe.includes(delimiter) || /^\s|\s$/.test(safe)) {
    return `"${safe.replace(/"/g, '""')}"`;
  }
  return safe;
}

/** A table as CSV into `out` (the new file's stream, see util/safeFiles): UTF-8 with its byte
 *  order mark (so that Excel reads the accents), each field made safe by csvField, lines ended by
 *  CRLF. `each` is called per line, before it is written. */
export async function writeCsvTable<T>(
  out: Writable,
  header: readonly string[],
  lines: Iterable<T> | AsyncIterable<T>,
  valuesOf: (line: T) => readonly (string | number | null)[],
  opts: { delimiter?: string; each?: (line: T) => void } = {},
): Promise<void> {
  const delimiter = opts.delimiter ?? ',';
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  const join = (values: readonly (string | number | null)[]) =>
    `${values.map((v) => csvField(v === null ? '' : String(v), delimiter)).join(delimiter)}\r\n`;
  try {
    await write(`\ufeff${join(header)}`);
    for await (const line of lines) {
      opts.each?.(line);
      await write(join(valuesOf(line)));
    }
    out.end();
    await once(out, 'finish');
  } catch (e) {
    // Only a failed stream is destroyed: a finished one leaves the new file open for its owner
    // (util/safeFiles syncs, chmods and closes it through its handle).
    out.destroy();
    throw e;
  }
}

const bump = (counts: Record<string, number>, key: string | null | undefined) => {
  if (!key) return;
  counts[key] = (counts[key] ?? 0) + 1;
};

async function writeCsv(target: Writable, req: ExportRequest, stats: ExportSummary): Promise<void> {
  const lang = req.lang ?? 'en';
  const width = req.headers.length;
  const attention = req.needsAttention ?? needsAttention;
  const header = [...req.headers, ...resultHeadersAfter(req.headers, lang)];
  await writeCsvTable(target, header, req.rows(), (row) => resultRowValues(row, width, lang), {
    ...(req.delimiter ? { delimiter: req.delimiter } : {}),
    each: (row) => count(stats, row, attention),
  });
}

/** A row's own Status, or a row ended otherwise, whose screening found something. */
const ENDED = new Set([
  'done',
  FINDINGS_STATUS,
  REVIEW_STATUS,
  'validation_rejected',
  'screening_aborted',
]);
function hasFindings(row: ResultRow): boolean {
  const { status, screening } = row.result;
  return status === FINDINGS_STATUS || (screening === 'Finished' && ENDED.has(status));
}

/** Counts the row into the summary; says whether it needs attention. */
function count(
  stats: ExportSummary,
  row: ResultRow,
  attention: (row: ResultRow) => boolean,
): boolean {
  stats.rows++;
  const needs = attention(row);
  if (needs) stats.attention++;
  bump(stats.byStatus, row.result.status);
  bump(stats.bySupplier, row.result.supplier);
  bump(stats.byErrorCode, row.result.errorCode);
  bump(stats.byScreening, row.result.screening);
  bump(stats.byValidation, row.result.validation);
  if (hasFindings(row)) stats.findings++;
  return needs;
}

/** Rows for the Errors sheet kept in memory from the Results sheet's pass (a few kilobytes
 *  each); more are read again through `rows()`. */
export const ATTENTION_KEPT = 10_000;

async function writeXlsx(
  target: () => Writable,
  req: ExportRequest,
  stats: ExportSummary,
  /** Writes bytes at a position of the finished file (its streamed parts' headers). */
  writeAt: (position: number, bytes: Buffer) => Promise<void>,
): Promise<void> {
  const width = req.headers.length;
  const lang = req.lang ?? 'en';
  const header = [...req.headers, ...resultHeadersAfter(req.headers, lang)];
  if (header.length > EXCEL_MAX_COLUMNS) {
    fail(
      'results_too_wide',
      `The results need ${number.format(header.length)} columns (${number.format(width)} of the file and ${RESULT_COLUMNS.length} result columns), more than the ${number.format(EXCEL_MAX_COLUMNS)} an Excel sheet holds. Export them as CSV instead.`,
    );
  }
  const out = target();
  const book = new XlsxWriter(out, undefined, true);
  try {
    await writeSheets(book, req, stats, header);
    await book.finish();
    out.end();
    await once(out, 'finish');
    for (const p of book.patches()) await writeAt(p.position, p.bytes);
  } catch (e) {
    // The deflaters and the stream stop; replaceSafely removes the temporary file.
    book.destroy();
    out.destroy();
    if (e instanceof ZipTooLargeError) {
      fail(
        'export_failed',
        `The results workbook would be larger than 4 GB (its part ${e.part}), more than an .xlsx file the app writes holds. Export them as CSV instead.`,
        { part: e.part },
      );
    }
    throw e;
  }
}

/** The Results sheets, the Errors sheets and the Summary sheet, in this order. */
async function writeSheets(
  book: XlsxWriter,
  req: ExportRequest,
  stats: ExportSummary,
  header: readonly string[],
): Promise<void> {
  const width = req.headers.length;
  const lang = req.lang ?? 'en';
  const w = (key: Parameters<typeof word>[1], params?: Parameters<typeof word>[2]) =>
    word(lang, key, params);
  const attention = req.needsAttention ?? needsAttention;
  const perSheet = Math.max(2, req.maxRowsPerSheet ?? EXCEL_MAX_ROWS) - 1;
  // Identifier columns as text cells with the text format; every other cell plainly.
  const text = new Set(req.textColumns ?? []);
  const sourceRowColumn = width + RESULT_COLUMNS.findIndex((c) => c.key === 'sourceRow');
  const widths = header.map((h) => Math.min(40, Math.max(10, h.length + 2)));

  const fit = (v: string): XlsxCell => {
    if (v === '') return null;
    if (v.length <= EXCEL_MAX_CELL_CHARS) return v;
    stats.cutCells++;
    return fitCell(v);
  };

  // resultRowValues' cells, fitted in the same pass.
  const addRow = (ws: XlsxSheetWriter, row: ResultRow) => {
    const values: XlsxCell[] = new Array<XlsxCell>(header.length);
    for (let c = 0; c < width; c++) values[c] = fit(row.cells[c] ?? '');
    RESULT_COLUMNS.forEach((column, k) => {
      values[width + k] = fit(resultText(row, column.key, lang));
    });
    values[sourceRowColumn] = row.result.sourceRow ?? row.sourceRow;
    const notes = row.notes?.length ? row.notes.filter((n) => n.column < width) : null;
    return ws.row(values, notes);
  };

  /** Rows into a sheet of `name`, going on to "name (2)", ... at each sheet's limit. */
  const table = (name: string) => {
    let ws: XlsxSheetWriter | undefined;
    let inSheet = 0;
    const names: string[] = [];
    const open = async () => {
      await ws?.end();
      const sheetName =
        names.length === 0 ? name : w('results.sheet.more', { name, n: names.length + 1 });
      names.push(sheetName);
      ws = await book.addSheet({
        name: sheetName,
        widths,
        freezeHeader: true,
        filterColumns: header.length,
        textColumns: text,
      });
      await ws.row(header, null, false);
      inSheet = 0;
    };
    const addFirst = async (row: ResultRow) => {
      await open();
      inSheet++;
      await addRow(ws!, row);
    };
    return {
      names,
      /** A promise only when the sheet changes or the file needs a pause. */
      add(row: ResultRow): Promise<void> | undefined {
        if (!ws || inSheet >= perSheet) return addFirst(row);
        inSheet++;
        return addRow(ws, row);
      },
      async end() {
        if (!ws) await open();
        await ws!.end();
      },
    };
  };

  // The rows that need attention are kept from the first pass while they are few, so that the
  // Errors sheet does not read every row again; past ATTENTION_KEPT it does.
  const turns = new Turns();
  let kept: ResultRow[] | null = [];
  const results = table(w('results.sheet.results'));
  for await (const row of req.rows()) {
    const needs = count(stats, row, attention);
    const added = results.add(row);
    if (added) await added;
    if (kept && needs) {
      if (kept.length < ATTENTION_KEPT) kept.push(row);
      else kept = null;
    }
    if (turns.due()) await turns.give();
  }
  await results.end();
  stats.resultSheets = results.names;

  const errors = table(w('results.sheet.errors'));
  if (stats.attention > 0) {
    for await (const row of kept ?? req.rows()) {
      if (!kept && !attention(row)) continue;
      const added = errors.add(row);
      if (added) await added;
      if (turns.due()) await turns.give();
    }
  }
  await errors.end();

  await writeSummarySheet(book, stats, {
    lang,
    now: req.now ?? Date.now(),
    resultSheets: results.names,
    errorSheets: errors.names,
    cellLimit: EXCEL_MAX_CELL_CHARS,
  });
}

/** Why a file could not be written, in the user's terms. */
function failureCause(
  code: string | undefined,
  target: string,
  atRename: boolean,
  cause: string,
): string {
  const base = basename(target);
  const folder = dirname(target);
  switch (code) {
    case 'EISDIR':
    case 'ENOTEMPTY':
    case 'EEXIST':
      return `"${target}" is a folder, so the results cannot be written in its place. Choose another file name.`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `The disk of the folder "${folder}" is full, so the results could not be written. Free some space or choose a folder on another disk.`;
    case 'EBUSY':
      return `"${base}" is open in another program (Excel?), which keeps it locked. Close it there and export again, or choose another file name.`;
    case 'EACCES':
    case 'EPERM':
      return atRename
        ? `"${base}" could not be replaced: it is open in another program (Excel?) or read-only. Close it there and export again, or choose another file name.`
        : `The folder "${folder}" cannot be written to (no permission). Choose another folder.`;
    case 'EROFS':
      return `The folder "${folder}" is on a read-only disk. Choose another folder.`;
    case 'ENOENT':
    case 'ENOTDIR':
      return `The folder "${folder}" does not exist. Choose an existing folder.`;
    case 'ENAMETOOLONG':
      return `The path "${target}" is too long for this computer. Choose a shorter name or folder.`;
    default:
      return `The results could not be written to "${target}" (${cause}).`;
  }
}

/** Says before a job runs what would stop its results from being written: a folder in the
 *  file's place, a folder that cannot be made or written to. `nextStep` ends the sentence. */
export async function checkExportTarget(path: string, nextStep = ''): Promise<void> {
  const next = nextStep ? ` ${nextStep}` : '';
  await refuseLink(path).catch((e: unknown) => {
    throw e instanceof AppFailure && next
      ? new AppFailure({ ...e.error, message: `${e.error.message}${next}` })
      : e;
  });
  if ((await lstat(path).catch(() => null))?.isDirectory())
    fail('export_failed', `${failureCause('EISDIR', path, false, '')}${next}`, { path });
  try {
    await mkdir(dirname(path), { recursive: true });
    // A file made and removed again: the one proof that the folder takes the results (made new
    // under a name nobody can guess, as the export's own temporary file is).
    const probe = unguessableNameBeside(path, 'check');
    await (await createNew(probe)).close();
    await unlink(probe);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const cause = e instanceof Error ? e.message : String(e);
    fail('export_failed', `${failureCause(code, path, false, cause)}${next}`, { path, cause });
  }
}

/** Writes the results file; a failed export leaves no partial file behind. */
export async function exportResults(path: string, req: ExportRequest): Promise<ExportSummary> {
  const stats: ExportSummary = {
    path,
    rows: 0,
    attention: 0,
    byStatus: {},
    bySupplier: {},
    byErrorCode: {},
    byScreening: {},
    byValidation: {},
    findings: 0,
    resultSheets: [],
    cutCells: 0,
  };
  const next = req.nextStep ? ` ${req.nextStep}` : '';
  // A folder in the file's place is said before anything is written (a link in its place is
  // refused as a link, whatever it points to).
  if ((await lstat(path).catch(() => null))?.isDirectory())
    fail('export_failed', `${failureCause('EISDIR', path, false, '')}${next}`, { path });
  // Written beside the target, then renamed: the user never opens a half-written file, and the
  // file is the user's only (0600) from its start; a target that is a link is refused.
  let atRename = false;
  try {
    await replaceSafely(path, async (file) => {
      if (req.format === 'csv') await writeCsv(file.stream(), req, stats);
      else
        await writeXlsx(
          () => file.stream(),
          req,
          stats,
          async (position, bytes) => {
            await file.handle.write(bytes, 0, bytes.length, position);
          },
        );
      atRename = true;
    });
  } catch (e) {
    if (e instanceof AppFailure) {
      if (!next) throw e;
      throw new AppFailure({ ...e.error, message: `${e.error.message}${next}` });
    }
    const code = (e as NodeJS.ErrnoException).code;
    const cause = e instanceof Error ? e.message : String(e);
    fail('export_failed', `${failureCause(code, path, atRename, cause)}${next}`, {
      path,
      cause,
      ...(code ? { errno: code } : {}),
    });
  }
  return stats;
}
