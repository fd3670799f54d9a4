// Rows of one .xlsx sheet, as cell texts, read as exceljs's streaming reader reads them.
//
// Before the rows are read, the app reads the shared strings itself (sharedStrings.ts: in
// compact form, counted and measured) and scans the sheet once (sheetScan.ts: merged ranges,
// hidden rows, and the limits on rows, columns and text), so a workbook beyond the limits is
// refused before memory grows, and the rows read are bounded. The rows themselves are read by
// sheetRows.ts, cell by cell as exceljs reads them, with exceljs's styles and workbook
// properties. The merged ranges come after the rows in the sheet's XML; the top-left value of
// each range is used for all its cells.
import { tableNote } from './notes';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppFailure, fail } from '../../src-shared/errors';
import type { CellMark, CellText } from './cellText';
import type { XlsxSheet } from './inspect';
import { formatCount, XLSX_LIMITS } from './limits';
import { readSharedStrings, type SharedStrings } from './sharedStrings';
import { readSheetRows } from './sheetRows';
import { scanSheet, type MergedRange, type SheetScan } from './sheetScan';
import type { TableNote } from './types';
import { Turns } from './turns';
import {
  assertUnpackedSizes,
  digestZipEntry,
  listZipEntries,
  openZipEntry,
  type ZipEntry,
} from './zip';

export { columnLetter, columnNumber, type MergedRange } from './sheetScan';

export interface RawRow {
  sourceRow: number;
  /** Cell texts from column A on; trailing empty cells left out. */
  cells: string[];
  /** What Excel did to a cell that its text does not say, by column as `cells`; only on rows
   *  that have such a cell, and no longer than the last marked cell. */
  marks?: (CellMark | null)[];
  /** Excel hides the row (by hand or by a filter). */
  hidden?: boolean;
  /** Merged ranges across columns that filled this row: 0-based first and last column. */
  mergedAcross?: { first: number; last: number }[];
}

const isHidden = (sorted: readonly number[], row: number): boolean => {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid] as number;
    if (v === row) return true;
    if (v < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
};

interface ExcelPartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  styles: { getStyleModel(id: number): { numFmt?: string } | null };
  properties?: { model?: { date1904?: boolean } };
}

/** Scans of sheets that passed, by the digests of the parts they were made from (the sheet and
 *  the shared strings as stored): the mapping screen's preview scans the whole sheet, and the
 *  import that follows reads the same bytes, so it need not scan them again. A few entries, each
 *  a sheet's merged ranges and hidden rows. */
const passedScans = new Map<string, SheetScan>();
const PASSED_SCANS_KEPT = 4;

async function scanKey(path: string, sheet: ZipEntry, strings: ZipEntry | undefined) {
  const parts = [await digestZipEntry(path, sheet)];
  if (strings) parts.push(await digestZipEntry(path, strings));
  return parts.join(':');
}

/** Streams the rows of `sheet`. Notes about error cells and merges go to `notes`. */
export async function* readXlsxRows(
  path: string,
  sheet: XlsxSheet,
  notes: TableNote[],
): AsyncGenerator<RawRow> {
  if (!/(^|\/)worksheets\/[^/]+\.xml$/i.test(sheet.entry)) {
    fail(
      'sheet_empty',
      `"${sheet.name}" is a chart or dialog sheet and holds no table. Pick the sheet with the supplier list.`,
      {
        sheet: sheet.name,
      },
    );
  }
  const streams: Readable[] = [];
  const corrupt = (e: unknown): never => {
    if (e instanceof AppFailure) throw e;
    fail('file_corrupt', undefined, {
      path,
      sheet: sheet.name,
      cause: e instanceof Error ? e.message : String(e),
    });
  };
  try {
    const entries = await listZipEntries(path);
    assertUnpackedSizes(path, entries);
    const entryOf = (name: string) => entries.find((x) => x.name.replace(/^\//, '') === name);
    const open = async (name: string): Promise<Readable | null> => {
      const e = entryOf(name);
      if (!e) return null;
      const stream = await openZipEntry(path, e);
      streams.push(stream);
      return stream;
    };
    // Measured and bounded before exceljs reads anything.
    const stringsStream = await open('xl/sharedStrings.xml');
    const strings: SharedStrings | null = stringsStream
      ? await readSharedStrings(path, stringsStream)
      : null;
    const sheetEntry = entryOf(sheet.entry);
    if (!sheetEntry) {
      fail('file_corrupt', `The sheet "${sheet.name}" is missing from the workbook.`, { path });
    }
    const key = await scanKey(path, sheetEntry, entryOf('xl/sharedStrings.xml'));
    let scan = passedScans.get(key);
    if (!scan) {
      const sheetStream = await open(sheet.entry);
      if (!sheetStream) {
        fail('file_corrupt', `The sheet "${sheet.name}" is missing from the workbook.`, { path });
      }
      scan = await scanSheet(path, sheet.name, sheetStream, strings);
      sheetStream.destroy();
      passedScans.set(key, scan);
      if (passedScans.size > PASSED_SCANS_KEPT) {
        passedScans.delete(passedScans.keys().next().value as string);
      }
    }
    const { merges, hiddenRows } = scan;
    if (merges.length > 0) {
      notes.push(tableNote(null, 'merged_cells_filled', { count: merges.length }));
    }
    // Pending merge anchors by top row; active ranges with their value while rows pass through.
    const byTop = new Map<number, MergedRange[]>();
    for (const m of merges) byTop.set(m.top, [...(byTop.get(m.top) ?? []), m]);
    let active: { range: MergedRange; value: string }[] = [];

    // exceljs's WorkbookReader copies a sheet to a temporary file when the shared strings come
    // after it in the archive (the usual order), and leaves that copy open when reading stops
    // early. Its part parsers are driven here from the app's own zip reader instead, for the
    // workbook's properties and its styles; the sheet is streamed straight from the archive to
    // sheetRows.ts, with every stream closed when reading ends. These are exceljs 4.4 internals
    // (the version is pinned).
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'ignore',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as ExcelPartParsers;
    const rels = await open('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const book = await open('xl/workbook.xml');
    if (book) await reader._parseWorkbook(book);
    const styles = await open('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const data = await open(sheet.entry);
    if (!data) fail('file_corrupt', `The sheet "${sheet.name}" is missing from the workbook.`);
    const use1904 = Boolean(reader.properties?.model?.date1904);
    // The sheet's rows, read as exceljs reads them (sheetRows.ts), with its styles.
    const batches = readSheetRows(data, {
      strings,
      styleOf: (id) => reader.styles.getStyleModel(id),
      date1904: use1904,
    });
    const turns = new Turns();
    for await (const batch of batches)
      for (const row of batch) {
        await turns.maybe();
        const r = row.number;
        const cells: string[] = [];
        let marks: (CellMark | null)[] | undefined;
        let errorCells = 0;
        for (let k = 0; k < row.cols.length; k++) {
          const col = row.cols[k] as number;
          const t = row.texts[k] as string | CellText;
          while (cells.length < col - 1) cells.push('');
          if (typeof t === 'string') {
            cells[col - 1] = t;
            continue;
          }
          if (t.error) errorCells++;
          cells[col - 1] = t.text;
          if (t.mark) {
            marks ??= [];
            while (marks.length < col - 1) marks.push(null);
            marks[col - 1] = t.mark;
          }
        }
        if (errorCells > 0) {
          notes.push(tableNote(r, 'formula_error', { row: r, count: errorCells }));
        }
        let mergedAcross: RawRow['mergedAcross'];
        if (merges.length > 0) {
          active = active.filter((a) => a.range.bottom >= r);
          for (const range of byTop.get(r) ?? []) {
            active.push({ range, value: cells[range.left - 1] ?? '' });
          }
          // Rows that hold no cell at all are skipped by the XML; merges only fill rows seen.
          let filled = 0;
          for (const { range, value } of active) {
            if (range.top > r || value === '') continue;
            for (let c = range.left; c <= range.right; c++) {
              while (cells.length < c) cells.push('');
              if (cells[c - 1] === '') {
                cells[c - 1] = value;
                filled += value.length;
              }
            }
            if (range.right > range.left) {
              (mergedAcross ??= []).push({ first: range.left - 1, last: range.right - 1 });
            }
          }
          // The scan measured the cells as stored; a merged value counts in every cell it fills.
          if (filled > 0) {
            const chars = cells.reduce((n, c) => n + c.length, 0);
            if (chars > XLSX_LIMITS.rowChars) {
              fail(
                'sheet_too_large',
                `Row ${r} of sheet "${sheet.name}" holds more than ${formatCount(XLSX_LIMITS.rowChars)} characters once its merged cells are filled in; the app reads rows of up to ${formatCount(XLSX_LIMITS.rowChars)} characters. Unmerge the cells of that row (Home, Merge & Center, Unmerge Cells), or shorten its long texts, and import the file again.`,
                { path, sheet: sheet.name, row: r, maxChars: XLSX_LIMITS.rowChars },
              );
            }
          }
        }
        while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
        const raw: RawRow = { sourceRow: r, cells };
        if (marks) raw.marks = marks;
        if (hiddenRows.length > 0 && isHidden(hiddenRows, r)) raw.hidden = true;
        if (mergedAcross) raw.mergedAcross = mergedAcross;
        yield raw;
      }
  } catch (e) {
    corrupt(e);
  } finally {
    for (const stream of streams) stream.destroy();
  }
}
