// The scores job's results workbook: per row and score, written or rejected with the reason
// (the rows to fix with their problems), and a Summary sheet, worded in the job's language.
import ExcelJS from 'exceljs';
import { rename } from 'node:fs/promises';
import { word, type Lang } from '../../src-shared/i18n';
import { reportedProblemText } from '../../src-shared/i18n/reported';
import { countScores, isScoresPayload } from '../../src-shared/scores';
import type { Journal } from '../journal/journal';
import { privateFile } from '../util/privateFiles';
import { rejectionText } from './words';

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

export async function exportScoresResults(
  journal: Journal,
  jobId: string,
  out: string,
): Promise<ScoresSummary> {
  const job = journal.getJob(jobId);
  if (!job) throw new Error(`job ${jobId} not found`);
  const lang: Lang = job.options.lang ?? 'en';
  const t = (k: string) => word(lang, `scores.results.${k}` as Parameters<typeof word>[1]);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(t('sheet'));
  sheet.addRow([
    t('sourceRow'),
    t('supplier'),
    t('eventType'),
    t('cell'),
    t('score'),
    t('comment'),
    t('outcome'),
    t('reason'),
  ]);
  sheet.getRow(1).font = { bold: true };
  for (const row of journal.eachRow(jobId)) {
    const p = isScoresPayload(row.payload) ? row.payload : undefined;
    const supplier = p
      ? Object.entries(p.identifier)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')
      : '';
    if (row.state === 'invalid' || !p) {
      for (const problem of row.problems ?? [])
        sheet.addRow([
          row.sourceRow,
          supplier,
          '',
          '',
          '',
          '',
          t('outcome.invalid'),
          reportedProblemText(lang, problem),
        ]);
      continue;
    }
    for (const s of p.scores) {
      const outcome = s.outcome ?? 'unsent';
      sheet.addRow([
        row.sourceRow,
        supplier,
        s.eventTypeKey,
        s.cell,
        s.value,
        s.comment ?? '',
        t(`outcome.${outcome}`),
        s.outcome === 'rejected' || s.reason ? rejectionText(lang, s) : '',
      ]);
    }
  }
  for (const col of [2, 3, 4, 6, 8]) sheet.getColumn(col).numFmt = '@';
  const summary = scoresSummary(journal, jobId);
  const sum = wb.addWorksheet(t('summarySheet'));
  const s = (k: string) => word(lang, `scores.results.summary.${k}` as Parameters<typeof word>[1]);
  sum.addRows([
    [s('job'), job.name],
    [s('perspective'), job.options.perspectiveId ?? ''],
    [s('rows'), summary.rows],
    [s('invalidRows'), summary.invalid],
    [s('scores'), summary.scores],
    [s('written'), summary.written],
    [s('rejected'), summary.rejected],
    [s('unsent'), summary.unsent],
  ]);
  const tmp = `${out}.tmp-${process.pid}`;
  await wb.xlsx.writeFile(tmp);
  await rename(tmp, out);
  await privateFile(out).catch(() => undefined);
  return summary;
}
