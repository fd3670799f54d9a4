// The workbook services: files in (inspect, read, map, validate) and results out (export),
// plus the retry selection for a re-imported results file. Pure services over files and plain
// records; the journal and the engine call them.
export { DEFAULT_MAX_BYTES, assertFileUnchanged, hashFile, inspectFile } from './inspect';
export { openTable, previewTable, readTable, detectHeaderRow } from './table';
export { columnLetter } from './xlsxRows';
export {
  suggestMapping,
  createTemplate,
  findTemplate,
  headerSignature,
  mappingFromTemplate,
  missingRequiredFields,
  assertMappingUsable,
  REQUIRED_FIELDS,
} from './mapping';
export {
  applyMapping,
  CELL_PROBLEM_CODES,
  importRows,
  revalidateRow,
  RowValidator,
  validateRows,
  type RowImport,
} from './rows';
export {
  checkExportTarget,
  exportResults,
  fitCell,
  needsAttention,
  ATTENTION_STATUSES,
  CUT_MARK,
  EXCEL_MAX_COLUMNS,
  EXCEL_MAX_ROWS,
  EXCEL_MAX_CELL_CHARS,
  type ExportRequest,
  type ExportSummary,
} from './export';
export { neutraliseFormula } from './formulaGuard';
export {
  RESULT_COLUMNS,
  RESULT_HEADER_KEYS,
  SOURCE_ROW_HEADER,
  SUPPLIER_OUTCOME,
  isResultHeader,
  isSourceRowHeader,
  isAttachHeader,
  resultColumnsStart,
  resultHeader,
  resultHeadersAfter,
  resultSheetFamily,
} from './resultColumns';
export { FINDINGS_STATUS, REVIEW_STATUS } from './outcomeWords';
export {
  RetrySelector,
  journalValues,
  wasDone,
  zeroPaddedWidths,
  type ZerosPadded,
  type JobRow,
  type JobRowLookup,
  type RetryCandidate,
  type RetrySelection,
} from './retry';
export {
  changeNote,
  changesText,
  payloadKey,
  sameValue,
  shownRow,
  valueChanges,
  type JobRowValues,
  type ShownRow,
  type ValueChange,
} from './sentValues';
export { toCountryCode, suggestCountry } from './countries';
export * from './types';
export * from './schemas';
