// The scores job's results workbook: per row and score, written or rejected with the reason
// (the rows to fix with their problems), and a Summary sheet, worded in the job's language.
import { bookWriter, writeBeside } from '../../base/sheets';
import { word, type Lang } from '../../../src-shared/i18n';
import { reportedProblemText } from '../../../src-shared/i18n/reported';
import { countScores, isScoresPayload } from '../../../src-shared/scores';
import type { ExportSummary } from '../../workbook/export';
import type { Journal } from '../../journal/journal';
import { writeCsvTable } from '../../workbook/export';
import { rejectionText } from '../../../src-shared/scoresText';

export interface ScoresSummary {
  rows: number;
  invalid: number;
  scores: number;
  written: number;
  rejected: number;
  unsent: number;
}

export function scoresSummary(journal: Journal, jobId: string): ScoresSummary {
  let rows = 0;
  let invalid = 0;
  const payloads: unknown[] = [];
  for (const row of journal.eachRow(jobId)) {
    rows++;
    if (row.state === 'invalid') invalid++;
    else payloads.push(row.payload);
  }
  return { rows, invalid, ...countScores(payloads) };
}

/** One line of the results: a score of a row, or a problem of a row left out. */
type Line = [number, string, string, string, number | string, string, string, string];

/** The results' lines in the file's order: each score of a row with its outcome, or each
 *  problem of a row that was not sent. */
function* resultLines(journal: Journal, jobId: string, lang: Lang): Generator<Line> {
  const t = (k: string) => word(lang, `scores.results.${k}` as Parameters<typeof word>[1]);
  for (const row of journal.eachRow(jobId)) {
    const p = isScoresPayload(row.payload) ? row.payload : undefined;
    const supplier = p
      ? Object.entries(p.identifier)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')
      : '';
    if (row.state === 'invalid' || !p) {
      for (const problem of row.problems ?? [])
        yield [
          row.sourceRow,
          supplier,
          '',
          '',
          '',
          '',
          t('outcome.invalid'),
          reportedProblemText(lang, problem),
        ];
      continue;
    }
    for (const s of p.scores) {
      const outcome = s.outcome ?? 'unsent';
      yield [
        row.sourceRow,
        supplier,
        s.eventTypeKey,
        s.cell,
        s.value,
        s.comment ?? '',
        t(`outcome.${outcome}`),
        s.outcome === 'rejected' || s.reason ? rejectionText(lang, s) : '',
      ];
    }
  }
}

/**
 * Writes the scores job's results to `out`: a workbook (the Scores table, going on to
 * continuation sheets at Excel's row limit, and the Summary sheet) or, for `csv`, the Scores
 * table alone. Written beside the target and renamed into place. Returns the summary and the
 * lines written.
 */
export async function exportScoresResults(
  journal: Journal,
  jobId: string,
  out: string,
  format: 'xlsx' | 'csv' = 'xlsx',
  maxRowsPerSheet?: number,
): Promise<ScoresSummary & { lines: number; sheets: string[]; cutCells: number }> {
  const job = journal.getJob(jobId);
  if (!job) throw new Error(`job ${jobId} not found`);
  const lang: Lang = job.options.lang ?? 'en';
  const t = (k: string) => word(lang, `scores.results.${k}` as Parameters<typeof word>[1]);
  const header = [
    t('sourceRow'),
    t('supplier'),
    t('eventType'),
    t('cell'),
    t('score'),
    t('comment'),
    t('outcome'),
    t('reason'),
  ];
  const summary = scoresSummary(journal, jobId);
  let lines = 0;
  let sheets: string[] = [];
  let cutCells = 0;
  // Written 0600 from its start (writeBeside), never chmod-ed again by its path.
  await writeBeside(out, async (file) => {
    if (format === 'csv') {
      await writeCsvTable(
        file.stream(),
        header,
        resultLines(journal, jobId, lang),
        (line) => line,
        {
          each: () => lines++,
        },
      );
      return;
    }
    const book = bookWriter(file.stream(), lang, maxRowsPerSheet);
    // Supplier, event type, cell and comment as text cells: an id of digits stays as written.
    const table = book.table(t('sheet'), header, [1, 2, 3, 5]);
    for (const line of resultLines(journal, jobId, lang)) {
      table.add(line);
      // Let the event loop serve the app between pages.
      if (++lines % 500 === 0) await new Promise((res) => setImmediate(res));
    }
    table.end();
    sheets = table.names;
    const w = (k: string) =>
      word(lang, `scores.results.summary.${k}` as Parameters<typeof word>[1]);
    book.summary(t('summarySheet'), [
      [w('job'), job.name],
      [w('perspective'), job.options.perspectiveId ?? ''],
      [w('rows'), summary.rows],
      [w('invalidRows'), summary.invalid],
      [w('scores'), summary.scores],
      [w('written'), summary.written],
      [w('rejected'), summary.rejected],
      [w('unsent'), summary.unsent],
    ]);
    await book.workbook.commit();
    cutCells = book.cutCells();
  });
  return { ...summary, lines, sheets, cutCells };
}

/** A scores job's results (a line per row and score, exportScoresResults), summed up as
 *  the export of any job is: lines written, and those that need the user (rejected scores and
 *  rows left out with a problem). */
export async function exportScoresJob(
  journal: Journal,
  jobId: string,
  format: 'xlsx' | 'csv',
  out: string,
  maxRowsPerSheet?: number,
): Promise<ExportSummary> {
  const s = await exportScoresResults(journal, jobId, out, format, maxRowsPerSheet);
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
    findings: 0,
    resultSheets: s.sheets,
    cutCells: s.cutCells,
  };
}
