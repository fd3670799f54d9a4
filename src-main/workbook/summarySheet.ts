// The Summary sheet of a results workbook: the counts of the export, each under its word in the
// workbook's language with what it means (a code stands only in brackets beside its word).
import { errorCatalogue } from '../../src-shared/errors';
import { word, wordFailure, type Lang } from '../../src-shared/i18n';
import {
  errorCodeLabel,
  outcomeMeaning,
  outcomeWord,
  statusMeaning,
  statusWord,
  supplierWord,
} from './outcomeWords';
import type { XlsxWriter } from './xlsxWriter';

/** The counts of an export (export.ts ExportSummary). */
export interface SummaryCounts {
  rows: number;
  attention: number;
  findings: number;
  cutCells: number;
  byStatus: Record<string, number>;
  bySupplier: Record<string, number>;
  byErrorCode: Record<string, number>;
  byScreening: Record<string, number>;
  byValidation: Record<string, number>;
}

const number = new Intl.NumberFormat('en-US');

export async function writeSummarySheet(
  book: XlsxWriter,
  stats: SummaryCounts,
  at: {
    lang: Lang;
    now: number;
    resultSheets: readonly string[];
    errorSheets: readonly string[];
    /** Excel's characters per cell. */
    cellLimit: number;
  },
): Promise<void> {
  const { lang } = at;
  const w = (key: Parameters<typeof word>[1], params?: Parameters<typeof word>[2]) =>
    word(lang, key, params);
  const summary = await book.addSheet({
    name: w('results.sheet.summary'),
    widths: [34, 12, 90],
  });
  const line = async (values: (string | number)[]) => summary.row(values, null, false);
  await line([w('results.summary.title'), '']);
  await line([w('results.summary.exportedAt'), new Date(at.now).toISOString()]);
  await line([w('results.summary.rows'), stats.rows]);
  await line([
    w('results.summary.attention', { sheets: at.errorSheets.join(', ') }),
    stats.attention,
    w('results.summary.attentionHelp'),
  ]);
  // Findings are counted apart from the other rows that need attention: they are not errors to
  // fix in the file, but suppliers to look at on the platform.
  if (stats.findings > 0 || Object.keys(stats.byScreening).length > 0)
    await line([
      w('results.summary.findings', { sheets: at.errorSheets.join(', ') }),
      stats.findings,
      w('results.summary.findingsHelp', { sheets: at.errorSheets.join(', ') }),
    ]);
  if (at.resultSheets.length > 1)
    await line([
      w('results.summary.sheets'),
      at.resultSheets.length,
      w('results.summary.sheetsHelp', { sheets: at.resultSheets.slice(1).join(', ') }),
    ]);
  if (stats.cutCells > 0)
    await line([
      w('results.summary.cut'),
      stats.cutCells,
      w('results.summary.cutHelp', { limit: number.format(at.cellLimit) }),
    ]);
  await line([w('results.summary.changed'), '', w('results.summary.changedHelp')]);
  // Each count under its word in the workbook's language, with what it means; a code stands
  // only in brackets beside its word (the API's status, or the Error code column's value).
  const section = async (
    title: Parameters<typeof w>[0],
    counts: Record<string, number>,
    label: (key: string) => string,
    meaning?: (key: string) => string,
  ) => {
    await line([]);
    await line([
      w(title),
      w('results.summary.count'),
      ...(meaning ? [w('results.summary.meaning')] : []),
    ]);
    const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (entries.length === 0) await line([w('results.summary.none'), 0]);
    for (const [key, n] of entries) await line([label(key), n, ...(meaning ? [meaning(key)] : [])]);
  };
  await section(
    'results.summary.byStatus',
    stats.byStatus,
    (k) => statusWord(k, lang),
    (k) => statusMeaning(k, lang),
  );
  await section('results.summary.bySupplier', stats.bySupplier, (k) => supplierWord(k, lang));
  await section(
    'results.summary.byErrorCode',
    stats.byErrorCode,
    (k) => errorCodeLabel(k, lang),
    (k) => (Object.hasOwn(errorCatalogue, k) ? wordFailure(lang, { code: k }) : ''),
  );
  await section(
    'results.summary.byScreening',
    stats.byScreening,
    (k) => outcomeWord('screening', k, lang),
    (k) => outcomeMeaning('screening', k, lang),
  );
  await section(
    'results.summary.byValidation',
    stats.byValidation,
    (k) => outcomeWord('validation', k, lang),
    (k) => outcomeMeaning('validation', k, lang),
  );
  await summary.end();
}
