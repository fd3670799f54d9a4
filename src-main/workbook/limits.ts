// How much of a workbook the app agrees to read. A few megabytes of .xlsx can unpack to
// gigabytes (a "zip bomb"), and even a file in which every cell is within Excel's own limits can
// hold a million texts of 32,767 characters: these bounds keep the memory of any accepted file
// well under 1 GB, and refuse every other file with a sentence before its memory grows. Any real
// supplier list fits them comfortably (a 50 MB workbook of 850,000 rows of ten columns uses a
// fraction of each).
//
// The unpacked sizes are checked from the zip's central directory, and again while inflating,
// since the directory can lie. Shared strings are counted and measured while they stream in,
// and every sheet is scanned (rows, columns, cell and row lengths) before its first row is read.

/** Excel's own limits: the app refuses what Excel could not have written. */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;
export const EXCEL_MAX_CELL_CHARS = 32_767;

export const XLSX_LIMITS = {
  /** Files inside the archive; a workbook has a few dozen, a large one a few hundred. */
  entries: 10_000,
  /** Unpacked size of one sheet or of the shared strings, which are read as a stream. */
  streamedPartBytes: 2 * 1024 ** 3,
  /** Unpacked size of a part read whole (workbook, relationships, styles). */
  wholePartBytes: 32 * 1024 ** 2,
  /** Unpacked size of all parts together. */
  totalBytes: 4 * 1024 ** 3,
  /** Distinct texts in the shared-string table. */
  sharedStrings: 5_000_000,
  /** Characters of all distinct texts together. */
  sharedStringChars: 100_000_000,
  /** Characters of one row's cells together (merged cells counted in every cell they fill). */
  rowChars: 100_000,
  /** Characters of all cells of the sheet together. */
  sheetChars: 250_000_000,
  /** Cells in the sheet, empty (formatted) ones included: bounds the time a sheet takes. A list
   *  of 850,000 rows of ten columns has 8.5 million. */
  sheetCells: 50_000_000,
  /** Merged cell ranges in the sheet. */
  mergedRanges: 100_000,
} as const;

/** 1234567 → "1,234,567", as the sentences show numbers. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** Bytes as "1.5 GB", "12 MB", "800 KB". */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** What every limit sentence offers as the way out. */
export const SPLIT_OR_CSV =
  'Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.';
