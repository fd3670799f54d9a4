// Results out: the original columns in their order, then the result columns; a Summary sheet
// with counts and a per-error-kind breakdown, and an Errors sheet with the rows that need
// attention. Both sheets are streamed, so the rows are read twice through `rows()`; the Summary
// comes last because the streaming writer cannot hold a sheet open while another is written.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { AppFailure, errorCatalogue, fail } from '../../src-shared/errors';
import { RESULT_COLUMNS } from './resultColumns';
import type { ExportFormat, ResultRow, RowResult } from './types';

/** Row states after which the user has to act (the journal's names). */
export const ATTENTION_STATUSES = new Set([
  'invalid',
  'ambiguous',
  'rejected',
  'vanished',
  'needs_user',
  'in_doubt',
]);

export function needsAttention(row: ResultRow): boolean {
  return Boolean(row.result.errorCode) || ATTENTION_STATUSES.has(row.result.status);
}

export interface ExportRequest {
  /** Header texts of the original columns, in their order. */
  headers: readonly string[];
  /** The rows, in file order. Called once per sheet written, so it must start over each time. */
  rows: () => AsyncIterable<ResultRow> | Iterable<ResultRow>;
  format: ExportFormat;
  /** CSV only: ',' (default) or ';' as German Excel expects. */
  delimiter?: ',' | ';';
  /** Which rows go to the Errors sheet; by default those with an error code or attention state. */
  needsAttention?: (row: ResultRow) => boolean;
  /** Epoch ms written as the export time on the Summary sheet. */
  now?: number;
}

export interface ExportSummary {
  path: string;
  rows: number;
  attention: number;
  byStatus: Record<string, number>;
  byErrorCode: Record<string, number>;
  byScreening: Record<string, number>;
  byValidation: Record<string, number>;
}

function resultText(result: RowResult, key: (typeof RESULT_COLUMNS)[number]['key']): string {
  const v = result[key];
  if (v === null || v === undefined) return '';
  if (key === 'updatedAt' && typeof v === 'number') return new Date(v).toISOString();
  return String(v);
}

export function resultRowValues(row: ResultRow, width: number): string[] {
  const cells = row.cells.slice(0, width);
  while (cells.length < width) cells.push('');
  return [...cells, ...RESULT_COLUMNS.map((c) => resultText(row.result, c.key))];
}

/** Empty texts become empty cells rather than cells holding an empty string. */
const xlsxValues = (row: ResultRow, width: number) =>
  resultRowValues(row, width).map((v) => (v === '' ? null : v));

const TRIGGER = /^'*[=+\-@\t\r]/;

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (OWASP CSV
 *  injection); values that already start with apostrophes before such a character get one more,
 *  so that the app's reader (which removes one) gives back the original. */
export function neutraliseFormula(text: string): string {
  return TRIGGER.test(text) ? `'${text}` : text;
}

function csvField(text: string, delimiter: string): string {
  const safe = neutraliseFormula(text);
  if (safe.includes(delimiter) || /["\r\n]/.test(safe) || /^\s|\s$/.test(safe)) {
    return `"${safe.replace(/"/g, '""')}"`;
  }
  return safe;
}

const bump = (counts: Record<string, number>, key: string | null | undefined) => {
  if (!key) return;
  counts[key] = (counts[key] ?? 0) + 1;
};

async function writeCsv(target: string, req: ExportRequest, stats: ExportSummary): Promise<void> {
  const delimiter = req.delimiter ?? ',';
  const out = createWriteStream(target);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  const width = req.headers.length;
  const attention = req.needsAttention ?? needsAttention;
  try {
    await write('\ufeff');
    const header = [...req.headers, ...RESULT_COLUMNS.map((c) => c.header)];
    await write(`${header.map((h) => csvField(h, delimiter)).join(delimiter)}\r\n`);
    for await (const row of req.rows()) {
      count(stats, row, attention);
      await write(
        `${resultRowValues(row, width)
          .map((v) => csvField(v, delimiter))
          .join(delimiter)}\r\n`,
      );
    }
    out.end();
    await once(out, 'finish');
  } finally {
    out.destroy();
  }
}

function count(stats: ExportSummary, row: ResultRow, attention: (row: ResultRow) => boolean) {
  stats.rows++;
  if (attention(row)) stats.attention++;
  bump(stats.byStatus, row.result.status);
  bump(stats.byErrorCode, row.result.errorCode);
  bump(stats.byScreening, row.result.screening);
  bump(stats.byValidation, row.result.validation);
}

async function writeXlsx(target: string, req: ExportRequest, stats: ExportSummary): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: target,
    useStyles: false,
    useSharedStrings: false,
  });
  const width = req.headers.length;
  const header = [...req.headers, ...RESULT_COLUMNS.map((c) => c.header)];
  const attention = req.needsAttention ?? needsAttention;
  const frozen = [{ state: 'frozen' as const, ySplit: 1 }];

  const addTable = (name: string) => {
    const ws = workbook.addWorksheet(name, { views: frozen });
    ws.columns = header.map((h) => ({ width: Math.min(40, Math.max(10, h.length + 2)) }));
    // A filter on the header row instead of bold type: cell styles cost the streaming writer a
    // style lookup per cell, which doubles the export time.
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
    ws.addRow(header).commit();
    return ws;
  };

  const results = addTable('Results');
  for await (const row of req.rows()) {
    count(stats, row, attention);
    results.addRow(xlsxValues(row, width)).commit();
  }
  results.commit();

  const errors = addTable('Errors');
  if (stats.attention > 0) {
    for await (const row of req.rows()) {
      if (attention(row)) errors.addRow(xlsxValues(row, width)).commit();
    }
  }
  errors.commit();

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [{ width: 34 }, { width: 12 }, { width: 90 }];
  const line = (values: (string | number)[]) => summary.addRow(values).commit();
  line(['Export of supplier results', '']);
  line(['Exported at', new Date(req.now ?? Date.now()).toISOString()]);
  line(['Rows', stats.rows]);
  line(['Rows that need attention (sheet Errors)', stats.attention]);
  const section = (title: string, counts: Record<string, number>, describe = false) => {
    line([]);
    line([title, 'Rows', ...(describe ? ['What it means'] : [])]);
    const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (entries.length === 0) line(['(none)', 0]);
    for (const [key, n] of entries) {
      const meaning = Object.hasOwn(errorCatalogue, key)
        ? (errorCatalogue as Record<string, string>)[key]
        : undefined;
      line([key, n, ...(describe ? [meaning ?? ''] : [])]);
    }
  };
  section('Status', stats.byStatus);
  section('Error code', stats.byErrorCode, true);
  section('Screening outcome', stats.byScreening);
  section('Validation outcome', stats.byValidation);
  summary.commit();
  await workbook.commit();
}

/** Writes the results file; a failed export leaves no partial file behind. */
export async function exportResults(path: string, req: ExportRequest): Promise<ExportSummary> {
  const stats: ExportSummary = {
    path,
    rows: 0,
    attention: 0,
    byStatus: {},
    byErrorCode: {},
    byScreening: {},
    byValidation: {},
  };
  // Written beside the target, then renamed: the user never opens a half-written file.
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.part`);
  try {
    if (req.format === 'csv') await writeCsv(temp, req, stats);
    else await writeXlsx(temp, req, stats);
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    if (e instanceof AppFailure) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    fail(
      'export_failed',
      code === 'EBUSY' || code === 'EPERM' || code === 'EACCES'
        ? `"${basename(path)}" could not be written: it is open in another program or the folder is read-only. Close it and export again.`
        : undefined,
      { path, cause: e instanceof Error ? e.message : String(e) },
    );
  }
  return stats;
}
