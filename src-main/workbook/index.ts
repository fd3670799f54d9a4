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
  exportResults,
  needsAttention,
  neutraliseFormula,
  ATTENTION_STATUSES,
  type ExportRequest,
  type ExportSummary,
} from './export';
export { RESULT_COLUMNS, isResultHeader } from './resultColumns';
export {
  selectRetryRows,
  type PreviousResult,
  type RetryMatch,
  type RetrySelection,
} from './retry';
export { toCountryCode, suggestCountry } from './countries';
export * from './types';
export * from './schemas';
