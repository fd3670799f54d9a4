// Which job a results file belongs to: the file a user exported, fixed in Excel and brings back
// (from the Results screen or the command line's --retry-from).
import path from 'node:path';
import { fail, failWith } from '../../src-shared/errors';
import type { Job, Journal } from '../journal/journal';
import {
  inspectFile,
  isResultHeader,
  isSourceRowHeader,
  previewTable,
  RESULT_HEADER_KEYS,
  resultColumnsStart,
  resultSheetFamily,
  type Mapping,
  type TableColumn,
} from '../workbook';

/** Case matters for file names on Linux only. */
export const fold = (p: string) => (process.platform === 'linux' ? p : p.toLowerCase());

/** The path without its extension: `/a/suppliers.results.xlsx` → `/a/suppliers.results`. */
function stem(p: string): string {
  const parsed = path.parse(path.resolve(p));
  return fold(path.join(parsed.dir, parsed.name));
}

/**
 * The job a results file came from, newest job first: the one whose results file it is by name
 * and folder (`<source>.results.xlsx` or `.csv`, whatever the format the user saved it in);
 * else a job whose source name begins the file's name (a renamed or
 * moved copy such as `suppliers.results fixed.xlsx`), the longest such name winning.
 */
export function sourceJobOf(jobs: readonly Job[], file: string): Job | undefined {
  const target = stem(file);
  const exact = jobs.find((j) => `${stem(j.sourcePath)}.results` === target);
  if (exact) return exact;
  const name = fold(path.parse(file).name);
  let best: Job | undefined;
  let bestLength = -1;
  for (const j of jobs) {
    const source = fold(path.parse(j.sourcePath).name);
    if (source && name.startsWith(source) && source.length > bestLength) {
      best = j;
      bestLength = source.length;
    }
  }
  return best;
}

/** How many rows of a results file are compared with the journal to find its job. */
const SAMPLE_ROWS = 200;

/**
 * The job a results file holds the results of, recognised by its content, whatever its name
 * (`--out x.xlsx`, renamed, moved, re-saved by Excel or LibreOffice): among the jobs whose
 * columns the file's leading columns are, the one whose rows its rows are (the row number in
 * "Source row", with the same platform id or supplier id), the most rows winning and the newest
 * job on a tie. A file with no Source row column, or whose rows match no job, falls back to its
 * name (`sourceJobOf`).
 */
export async function resultsJobOf(
  journal: Pick<Journal, 'listJobs' | 'rowAtSource'>,
  file: string,
): Promise<Job | undefined> {
  const jobs = journal.listJobs();
  const byName = sourceJobOf(jobs, file);
  const inspected = await inspectFile(file).catch(() => undefined);
  if (!inspected) return byName;
  const sheet =
    inspected.kind === 'xlsx'
      ? inspected.sheets.find((s) => !s.hidden && resultSheetFamily(s.name) === 'results')?.name
      : undefined;
  const table = await previewTable(file, {
    ...(sheet ? { sheet } : {}),
    limit: SAMPLE_ROWS,
  }).catch(() => undefined);
  if (!table) return byName;
  const headers = table.columns.map((c) => c.header);
  const at = (isHeader: (h: string) => boolean) => headers.findIndex(isHeader);
  const sourceRowAt = at(isSourceRowHeader);
  if (sourceRowAt < 0) return byName;
  // The result columns begin at their Status: a Platform ID column of the file's own (a supplier
  // base export made into a list) is one of the job's columns, not the result's.
  const firstResult = resultColumnsStart(headers);
  const platformAt = headers.findIndex(
    (h, i) => i >= firstResult && RESULT_HEADER_KEYS.get(norm(h)) === 'platformId',
  );
  const leading = (firstResult >= 0 ? headers.slice(0, firstResult) : headers).map(norm);
  let best: { job: Job; score: number } | undefined;
  let byNameScore = -1;
  for (const job of jobs) {
    if (job.headers.length !== leading.length) continue;
    if (!job.headers.every((h, i) => norm(h) === leading[i])) continue;
    const idAt = (job.mapping as unknown as Mapping).fields?.find(
      (f) => f.field === 'supplierId.id',
    )?.column;
    let score = 0;
    for (const r of table.rows) {
      const n = Number((r.cells[sourceRowAt] ?? '').trim());
      if (!Number.isInteger(n) || n < 1) continue;
      const row = journal.rowAtSource(job.id, n);
      if (!row) continue;
      const platformId = platformAt >= 0 ? (r.cells[platformAt] ?? '').trim() : '';
      if (platformId && row.platformId === platformId) score += 2;
      else if (
        idAt != null &&
        sameId(r.cells[idAt] ?? '', row.cells[idAt] ?? '') &&
        !(platformId && row.platformId && row.platformId !== platformId)
      )
        score += 1;
    }
    if (job === byName) byNameScore = score;
    if (
      score > 0 &&
      (!best || score > best.score || (score === best.score && job.createdAt > best.job.createdAt))
    )
      best = { job, score };
  }
  // The job the name says, where its rows fit as well as any other's.
  if (byName && best && byNameScore === best.score) return byName;
  return best?.job ?? byName;
}

const norm = (h: string) => h.replace(/\s+/g, ' ').trim().toLowerCase();
/** Two ids the same but for the leading zeros a spreadsheet dropped. */
const sameId = (a: string, b: string) => {
  const x = a.trim();
  const y = b.trim();
  return (
    x === y || (/^\d+$/.test(x) && /^\d+$/.test(y) && x.replace(/^0+/, '') === y.replace(/^0+/, ''))
  );
};

/** The next steps a refused results file's message ends with: the front door's own words. */
export interface ResultsFileWording {
  /** After "… is not a results file: it has no Status column." */
  notResults: string;
  /** "Put the columns back … and <again>." */
  again: string;
}

export const APP_WORDING: ResultsFileWording = {
  notResults:
    'Choose the results file the app exported for this job (for suppliers.xlsx: suppliers.results.xlsx), with the rows you fixed in it. To import a supplier list, use New import.',
  again: 'bring the file back again',
};

/**
 * Refuses a file that is not a results file (no Status column and result columns) or whose
 * supplier columns are no longer where the job read them: the job's mapping reads cells by
 * position, so a moved column would feed the wrong field.
 */
export function assertResultsFileFits(
  file: string,
  table: { sheet: string; columns: readonly TableColumn[] },
  job: Job,
  wording: ResultsFileWording = APP_WORDING,
): void {
  const base = path.basename(file);
  const headers = table.columns.map((c) => c.header);
  const status = headers.findIndex((h) => h.trim().toLowerCase() === 'status');
  if (status < 0 || headers.filter(isResultHeader).length < 2) {
    const xlsx = path.extname(file).toLowerCase() === '.xlsx';
    const reason = xlsx ? 'not_results_sheet' : 'not_results_file';
    const details = { reason, path: file, file: base, sheet: table.sheet } as const;
    // The app's own next step is in the catalogue; another front door ends with its own.
    if (wording === APP_WORDING) failWith('invalid_input', details);
    const where = xlsx ? ` (sheet "${table.sheet}")` : '';
    fail(
      'invalid_input',
      `"${base}" is not a results file: it has no Status column${where}. ${wording.notResults}`,
      details,
    );
  }
  for (const f of (job.mapping as unknown as Mapping).fields) {
    if (f.column === null) continue;
    const expected = job.headers[f.column];
    if (expected === undefined) continue;
    const found = table.columns[f.column];
    if (!found || norm(found.header) !== norm(expected)) {
      const details = {
        reason: found ? 'column_moved' : 'column_missing',
        path: file,
        file: base,
        ...(found ? { letter: found.letter, header: found.header } : { column: f.column + 1 }),
        jobId: job.id,
        jobName: job.name,
        field: f.field,
        expected,
      } as const;
      if (wording === APP_WORDING) failWith('invalid_input', details);
      fail(
        'invalid_input',
        `${found ? `Column ${found.letter} of "${base}" is "${found.header}"` : `"${base}" has no column ${f.column + 1}`}, but job ${job.id} (${job.name}) read ${f.field} from the column "${expected}" there. Put the columns back as the results file had them (the supplier columns first, in their order, then Status and the other result columns) and ${wording.again}.`,
        details,
      );
    }
  }
}
