// Rows of one .xlsx sheet through exceljs's streaming reader, as cell texts.
//
// exceljs's streaming reader skips <mergeCells> (they come after the rows in the sheet's XML), so
// the merged ranges are collected first by scanning the sheet's XML, which costs one extra
// decompression and no parsing; then the top-left value of each range is used for all its cells.
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppFailure, fail } from '../../src-shared/errors';
import { excelCellText, type CellMark } from './cellText';
import type { XlsxSheet } from './inspect';
import type { TableNote } from './types';
import { listZipEntries, openZipEntry } from './zip';

export interface RawRow {
  sourceRow: number;
  /** Cell texts from column A on; trailing empty cells left out. */
  cells: string[];
  /** What Excel did to a cell that its text does not say, by column as `cells`; only on rows
   *  that have such a cell, and no longer than the last marked cell. */
  marks?: (CellMark | null)[];
}

export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Column letters to a 1-based number: A=1, Z=26, AA=27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** 0-based column index to letters: 0=A, 26=AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function parseRef(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Z]+)\$?(\d+)$/i.exec(ref);
  if (!m) return null;
  return { col: columnNumber(m[1] as string), row: Number(m[2]) };
}

export async function readMergedRanges(path: string, sheetEntry: string): Promise<MergedRange[]> {
  const entries = await listZipEntries(path);
  const entry = entries.find((e) => e.name.replace(/^\//, '') === sheetEntry);
  if (!entry) return [];
  const ranges: MergedRange[] = [];
  const pattern = /<(?:\w+:)?mergeCell\b[^>]*\bref="([^"]+)"/g;
  let carry = '';
  for await (const chunk of await openZipEntry(path, entry)) {
    // Refs are ASCII; latin1 decoding is the cheapest way to scan the bytes.
    const text = carry + (chunk as Buffer).toString('latin1');
    let lastEnd = 0;
    for (const m of text.matchAll(pattern)) {
      lastEnd = (m.index ?? 0) + m[0].length;
      const [a, b] = (m[1] as string).split(':');
      const from = a ? parseRef(a) : null;
      const to = b ? parseRef(b) : from;
      if (from && to) {
        ranges.push({ top: from.row, left: from.col, bottom: to.row, right: to.col });
      }
    }
    // Keep a tail in case a tag is cut by the chunk boundary (never re-scanning a found match).
    carry = text.slice(Math.max(lastEnd, text.length - 200));
  }
  return ranges;
}

interface ExcelRow {
  number: number;
  eachCell(
    opt: { includeEmpty: boolean },
    cb: (cell: { value: unknown; numFmt?: string; result?: unknown }, col: number) => void,
  ): void;
}

interface ExcelPartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelRow> }>;
  properties?: { model?: { date1904?: boolean } };
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
  let merges: MergedRange[] = [];
  try {
    merges = await readMergedRanges(path, sheet.entry);
  } catch {
    fail('file_corrupt', undefined, { path, sheet: sheet.name });
  }
  if (merges.length > 0) {
    notes.push({
      row: null,
      kind: 'merged_cells_filled',
      message: `${merges.length} merged cell range(s): the value of each range's top-left cell is used for all its cells.`,
    });
  }
  // Pending merge anchors by top row; active ranges with their value while rows pass through.
  const byTop = new Map<number, MergedRange[]>();
  for (const m of merges) byTop.set(m.top, [...(byTop.get(m.top) ?? []), m]);
  let active: { range: MergedRange; value: string }[] = [];
  const sheetNo = /(\d+)\.xml$/i.exec(sheet.entry)?.[1] ?? '1';

  // exceljs's WorkbookReader copies a sheet to a temporary file when the shared strings come
  // after it in the archive (the usual order), and leaves that copy open when reading stops
  // early. Its part parsers are driven here from the app's own zip reader instead: shared
  // strings and styles first, then the sheet streamed straight from the archive, with every
  // stream closed when reading ends. These are exceljs 4.4 internals (the version is pinned).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as ExcelPartParsers;
  const streams: Readable[] = [];
  try {
    const entries = await listZipEntries(path);
    const entry = (name: string) => entries.find((e) => e.name.replace(/^\//, '') === name);
    const open = async (name: string): Promise<Readable | null> => {
      const e = entry(name);
      if (!e) return null;
      const stream = await openZipEntry(path, e);
      streams.push(stream);
      return stream;
    };
    const rels = await open('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const book = await open('xl/workbook.xml');
    if (book) await reader._parseWorkbook(book);
    const strings = await open('xl/sharedStrings.xml');
    if (strings) for await (const _ of reader._parseSharedStrings(strings)) void _;
    const styles = await open('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const data = await open(sheet.entry);
    if (!data) {
      fail('file_corrupt', `The sheet "${sheet.name}" is missing from the workbook.`, { path });
    }
    const ws = [...reader._parseWorksheet(data, sheetNo)][0]?.value;
    if (!ws) fail('sheet_not_found', undefined, { sheet: sheet.name });
    const use1904 = Boolean(reader.properties?.model?.date1904);
    for await (const row of ws) {
      const r = row.number;
      const cells: string[] = [];
      let marks: (CellMark | null)[] | undefined;
      let errorCells = 0;
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const t = excelCellText(cell, use1904);
        if (t.error) errorCells++;
        while (cells.length < col - 1) cells.push('');
        cells[col - 1] = t.text;
        if (t.mark) {
          marks ??= [];
          while (marks.length < col - 1) marks.push(null);
          marks[col - 1] = t.mark;
        }
      });
      if (errorCells > 0) {
        notes.push({
          row: r,
          kind: 'formula_error',
          message: `Row ${r}: ${errorCells} cell(s) show a formula error (such as #N/A); they are read as shown.`,
        });
      }
      if (merges.length > 0) {
        active = active.filter((a) => a.range.bottom >= r);
        for (const range of byTop.get(r) ?? []) {
          active.push({ range, value: cells[range.left - 1] ?? '' });
        }
        // Rows that hold no cell at all are skipped by the XML; merges only fill rows seen.
        for (const { range, value } of active) {
          if (range.top > r || value === '') continue;
          for (let c = range.left; c <= range.right; c++) {
            while (cells.length < c) cells.push('');
            if (cells[c - 1] === '') cells[c - 1] = value;
          }
        }
      }
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      yield { sourceRow: r, cells, ...(marks ? { marks } : {}) };
    }
  } catch (e) {
    if (e instanceof AppFailure) throw e;
    fail('file_corrupt', undefined, {
      path,
      sheet: sheet.name,
      cause: e instanceof Error ? e.message : String(e),
    });
  } finally {
    for (const stream of streams) stream.destroy();
  }
}
