// The columns an export appends after the original ones. Re-importing an exported file
// recognises them by these headers, so they are never mapped to payload fields.
import { LANGS, word, type Lang } from '../../src-shared/i18n';
import type { RowResult } from './types';

export const RESULT_COLUMNS = [
  { key: 'status', header: 'Status' },
  { key: 'platformId', header: 'Platform ID' },
  { key: 'supplier', header: 'Supplier outcome' },
  { key: 'creationUuid', header: 'Creation UUID' },
  { key: 'screening', header: 'Screening outcome' },
  { key: 'validation', header: 'Validation outcome' },
  { key: 'identifiers', header: 'Identifiers' },
  { key: 'likelyDuplicateOf', header: 'Likely duplicate of' },
  { key: 'duplicateDecision', header: 'Duplicate decision' },
  { key: 'possibleDuplicateOf', header: 'Possible duplicate of' },
  { key: 'errorCode', header: 'Error code' },
  { key: 'errorMessage', header: 'Error message' },
  { key: 'updatedAt', header: 'Last update' },
  { key: 'changedValues', header: 'Changed values' },
  { key: 'sourceRow', header: 'Source row' },
  // Typed by the user: a platform id the row is attached to when the file comes back
  // (services/onboarding/retryAttach.ts); always empty in an export.
  { key: 'attachTo', header: 'Attach to platform ID' },
] as const satisfies readonly { key: keyof RowResult; header: string }[];

/** The Supplier outcome column's values of the pipeline: the job's own creation, confirmed by
 *  its answer or by reconciling a lost one, or a supplier that was there before the job. A row
 *  whose kind keeps an own outcome has that instead (its op_result). Each value is worded by
 *  the catalogue's `results.supplier.<value>` (outcomeWords.ts `supplierWord`): a kind gives the
 *  words of its own outcomes with its other words. */
export const SUPPLIER_OUTCOME = { created: 'created', existing: 'existing' } as const;

/** A result column's header in a language; English gives `RESULT_COLUMNS`' own. */
export function resultHeader(key: (typeof RESULT_COLUMNS)[number]['key'], lang: Lang): string {
  return word(lang, `results.column.${key}`);
}

const inEveryLanguage = (words: (lang: Lang) => readonly string[]) =>
  new Set(LANGS.flatMap((lang) => words(lang).map((w) => w.toLowerCase())));

/** The Platform ID result column of a file that has a Platform ID column of its own (a supplier
 *  base export or a results file made into a deactivate or identifiers list): named apart, so
 *  the sheet does not hold two columns of one name. */
const platformIdFound = (lang: Lang) => word(lang, 'results.column.platformIdFound');

/** The headers of the result columns after `sourceHeaders` (the file's own), in a language. */
export function resultHeadersAfter(sourceHeaders: readonly string[], lang: Lang): string[] {
  const ownPlatformId = sourceHeaders.some(isIdResultHeader);
  return RESULT_COLUMNS.map((c) =>
    c.key === 'platformId' && ownPlatformId ? platformIdFound(lang) : resultHeader(c.key, lang),
  );
}

/** The result headers of a results file in any of the app's languages. */
const resultHeaders = inEveryLanguage((lang) => [
  ...RESULT_COLUMNS.map((c) => resultHeader(c.key, lang)),
  platformIdFound(lang),
]);

/** A result column's key by its header (lower case, spaces folded) in any language. */
export const RESULT_HEADER_KEYS = new Map<string, (typeof RESULT_COLUMNS)[number]['key']>(
  LANGS.flatMap((lang) => [
    ...RESULT_COLUMNS.map((c) => [resultHeader(c.key, lang).toLowerCase(), c.key] as const),
    [platformIdFound(lang).toLowerCase(), 'platformId'] as const,
  ]),
);

/** The header of the column that ties a results file's row to the job's row (English). */
export const SOURCE_ROW_HEADER = 'Source row';
const sourceRowHeaders = inEveryLanguage((lang) => [resultHeader('sourceRow', lang)]);

export function isResultHeader(header: string): boolean {
  return resultHeaders.has(header.trim().toLowerCase());
}

/** Where the result columns of a results file begin: at its Status column followed by another
 *  result column (the order the export writes), so that a column of the file's own with a result
 *  column's name (a supplier base export's Platform ID) stays with the file's columns; else at
 *  the first result column; -1 for none. */
export function resultColumnsStart(headers: readonly string[]): number {
  const status = headers.findIndex(
    (h, i) =>
      RESULT_HEADER_KEYS.get(h.trim().toLowerCase()) === 'status' &&
      i + 1 < headers.length &&
      isResultHeader(headers[i + 1]!),
  );
  return status >= 0 ? status : headers.findIndex(isResultHeader);
}

/** A result column that names the supplier as the kinds acting on existing suppliers read it
 *  (the platform id, also the first column of the supplier-base export): a results file or an
 *  export, edited into a deactivate or identifiers list, is mapped by it with no mapping file. */
const idResultHeaders = inEveryLanguage((lang) => [resultHeader('platformId', lang)]);
export function isIdResultHeader(header: string): boolean {
  return idResultHeaders.has(header.trim().toLowerCase());
}

/** The Attach to platform ID column, in whichever language the results file was written. */
const attachHeaders = inEveryLanguage((lang) => [resultHeader('attachTo', lang)]);
export function isAttachHeader(header: string): boolean {
  return attachHeaders.has(header.trim().toLowerCase());
}

/** The Source row column, in whichever language the results file was written. */
export function isSourceRowHeader(header: string): boolean {
  return sourceRowHeaders.has(header.trim().toLowerCase());
}

const sheetNames = (key: 'results.sheet.results' | 'results.sheet.errors') =>
  LANGS.map((lang) => word(lang, key));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const family = (key: 'results.sheet.results' | 'results.sheet.errors') =>
  new RegExp(`^(${sheetNames(key).map(escape).join('|')})( \\(\\d+\\))?$`);
const RESULTS_SHEET = family('results.sheet.results');
const ERRORS_SHEET = family('results.sheet.errors');

/** Which sheets of a results workbook a sheet belongs to, by its name in any language:
 *  "Results", "Ergebnisse (2)", "Errors", "Fehler", … */
export function resultSheetFamily(name: string): 'results' | 'errors' | null {
  if (RESULTS_SHEET.test(name)) return 'results';
  if (ERRORS_SHEET.test(name)) return 'errors';
  return null;
}
