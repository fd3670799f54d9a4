// One pass over a sheet's XML before any row is read: it collects what exceljs's streaming reader
// does not give (merged ranges, which come after the rows; hidden rows) and refuses, with a
// sentence naming the place, a sheet beyond the limits: more rows or columns than Excel has, a
// cell longer than Excel allows, a row or a sheet with more text than the app reads. It keeps
// nothing per cell, so a refused sheet costs time, never memory; an accepted one is then read by
// exceljs knowing that no row can outgrow the bounds.
import { basename } from 'node:path';
import { fail } from '../../src-shared/errors';
import {
  EXCEL_MAX_CELL_CHARS,
  EXCEL_MAX_COLUMNS,
  EXCEL_MAX_ROWS,
  formatCount,
  SPLIT_OR_CSV,
  XLSX_LIMITS,
} from './limits';
import type { SharedStrings } from './sharedStrings';
import { CharCounter, type Tag, XmlScanner } from './xmlScan';
import { Turns } from './turns';

/** The longest formula Excel accepts. */
export const EXCEL_MAX_FORMULA_CHARS = 8_192;

export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetScan {
  merges: MergedRange[];
  /** Row numbers Excel hides (hidden by hand or by a filter), ascending. */
  hiddenRows: number[];
  /** Rows and characters of the cells (shared texts counted where they are shown). */
  rows: number;
  chars: number;
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

/** A cell reference ("B12", "$B$12") as numbers; null when it is not one. */
export function parseCellRef(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Z]{1,7})\$?(\d{1,15})$/i.exec(ref);
  if (!m) return null;
  return { col: columnNumber(m[1] as string), row: Number(m[2]) };
}

/** The number written in bytes start..end; NaN when they are not all digits (or too many). */
function digitsAt(buf: Buffer, start: number, end: number): number {
  if (end <= start || end - start > 15) return NaN;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = (buf[i] as number) - 0x30;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

const enum El {
  row,
  c,
  v,
  t,
  f,
  mergeCell,
}

export async function scanSheet(
  path: string,
  sheetName: string,
  stream: AsyncIterable<Buffer>,
  strings: SharedStrings | null,
): Promise<SheetScan> {
  const where = `"${sheetName}" in "${basename(path)}"`;
  const merges: MergedRange[] = [];
  const hiddenRows: number[] = [];
  let rows = 0;
  let sheetChars = 0;
  let sheetCells = 0;

  let row = 0;
  let rowChars = 0;
  let col = 0;
  let inCell = false;
  let sharedCell = false;
  let sharedIndex = 0;
  let inFormula = false;
  const cellText = new CharCounter();
  const formula = new CharCounter();

  const cell = () => `${columnLetter(col - 1)}${row}`;
  const refuseRow = (r: number): never =>
    fail(
      'sheet_too_large',
      `Sheet ${where} has a row numbered ${formatCount(r)}; Excel sheets end at row ${formatCount(EXCEL_MAX_ROWS)}, so the file was not written by Excel or is damaged. ${SPLIT_OR_CSV}`,
      { path, sheet: sheetName, row: r, maxRows: EXCEL_MAX_ROWS },
    );
  const refuseColumn = (c: number): never =>
    fail(
      'sheet_too_large',
      `Row ${row} of sheet ${where} has a cell in column ${formatCount(c)}; Excel sheets end at column ${formatCount(EXCEL_MAX_COLUMNS)} (XFD), so the file was not written by Excel or is damaged. Open it in Excel, save it again as .xlsx and import the new file, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.`,
      { path, sheet: sheetName, row, column: c, maxColumns: EXCEL_MAX_COLUMNS },
    );
  /** `chars` is null while the cell is still streaming in: only "more than" is known. */
  const refuseCell = (chars: number | null): never =>
    fail(
      'cell_too_long',
      `Cell ${cell()} of sheet ${where} holds ${chars === null ? `more than ${formatCount(EXCEL_MAX_CELL_CHARS)}` : formatCount(chars)} characters; an Excel cell holds at most ${formatCount(EXCEL_MAX_CELL_CHARS)}, so the file was not written by Excel or is damaged. Shorten the text of that cell, save the file and import it again.`,
      { path, sheet: sheetName, cell: cell(), chars, maxChars: EXCEL_MAX_CELL_CHARS },
    );

  const endCell = () => {
    inCell = false;
    const chars = sharedCell ? (strings?.chars(sharedIndex) ?? 0) : cellText.chars;
    if (chars > EXCEL_MAX_CELL_CHARS) refuseCell(chars);
    rowChars += chars;
    if (rowChars > XLSX_LIMITS.rowChars) {
      fail(
        'sheet_too_large',
        `Row ${row} of sheet ${where} holds more than ${formatCount(XLSX_LIMITS.rowChars)} characters (up to cell ${cell()}); the app reads rows of up to ${formatCount(XLSX_LIMITS.rowChars)} characters, far more than a supplier needs. Shorten the long texts in that row (notes or descriptions, for example), or delete the columns the import does not need, and import the file again.`,
        { path, sheet: sheetName, row, maxChars: XLSX_LIMITS.rowChars },
      );
    }
    sheetChars += chars;
    if (sheetChars > XLSX_LIMITS.sheetChars) {
      fail(
        'sheet_too_large',
        `The cells of sheet ${where} hold more than ${formatCount(XLSX_LIMITS.sheetChars)} characters together (reached in row ${formatCount(row)}); the app reads sheets of up to ${formatCount(XLSX_LIMITS.sheetChars)}. ${SPLIT_OR_CSV}`,
        { path, sheet: sheetName, row, maxChars: XLSX_LIMITS.sheetChars },
      );
    }
  };

  const scanner: XmlScanner = new XmlScanner(['row', 'c', 'v', 't', 'f', 'mergeCell'], {
    open(id: number, tag: Tag) {
      switch (id) {
        case El.row: {
          let n = row + 1;
          if (tag.find('r')) {
            n = digitsAt(tag.buf, tag.valueStart, tag.valueEnd);
            if (!(n >= 1))
              fail('file_corrupt', undefined, { path, sheet: sheetName, row: tag.attr('r') });
          }
          if (n > EXCEL_MAX_ROWS) refuseRow(n);
          row = n;
          rows++;
          rowChars = 0;
          col = 0;
          if (tag.is('hidden', '1') || tag.attr('hidden') === 'true') hiddenRows.push(row);
          break;
        }
        case El.c: {
          if (tag.find('r')) {
            // Letters, then the row's digits: "AB12".
            const { buf, valueStart, valueEnd } = tag;
            let i = valueStart;
            let c = 0;
            if (buf[i] === 0x24) i++;
            for (; i < valueEnd && i - valueStart < 9; i++) {
              const letter = ((buf[i] as number) | 0x20) - 0x60;
              if (letter < 1 || letter > 26) break;
              c = c * 26 + letter;
            }
            if (buf[i] === 0x24) i++;
            const r = digitsAt(buf, i, valueEnd);
            if (c === 0 || !(r >= 1)) {
              fail('file_corrupt', undefined, { path, sheet: sheetName, cell: tag.attr('r') });
            }
            if (r > EXCEL_MAX_ROWS) refuseRow(r);
            col = c;
          } else col++;
          if (col > EXCEL_MAX_COLUMNS) refuseColumn(col);
          if (++sheetCells > XLSX_LIMITS.sheetCells) {
            fail(
              'sheet_too_large',
              `Sheet ${where} has more than ${formatCount(XLSX_LIMITS.sheetCells)} cells (empty formatted cells included; reached in row ${formatCount(row)}); the app reads sheets of up to ${formatCount(XLSX_LIMITS.sheetCells)}. Delete the rows and columns below and right of the list (or clear their formatting), or ${SPLIT_OR_CSV.charAt(0).toLowerCase()}${SPLIT_OR_CSV.slice(1)}`,
              { path, sheet: sheetName, row, maxCells: XLSX_LIMITS.sheetCells },
            );
          }
          inCell = true;
          sharedCell = tag.is('t', 's');
          sharedIndex = 0;
          cellText.reset();
          break;
        }
        case El.v:
        case El.t:
          scanner.wantText = inCell;
          break;
        case El.f:
          inFormula = inCell;
          formula.reset();
          scanner.wantText = inCell;
          break;
        case El.mergeCell: {
          const [a, b] = (tag.attr('ref') ?? '').split(':');
          const from = a ? parseCellRef(a) : null;
          const to = b ? parseCellRef(b) : from;
          if (!from || !to) break;
          if (merges.length >= XLSX_LIMITS.mergedRanges) {
            fail(
              'sheet_too_large',
              `Sheet ${where} has more than ${formatCount(XLSX_LIMITS.mergedRanges)} merged cell ranges; the app reads sheets with up to ${formatCount(XLSX_LIMITS.mergedRanges)}. Unmerge the cells (select all, Home, Merge & Center, Unmerge Cells) and import the file again, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.`,
              { path, sheet: sheetName, maxMerges: XLSX_LIMITS.mergedRanges },
            );
          }
          merges.push({
            top: Math.min(from.row, to.row),
            left: Math.min(from.col, to.col),
            bottom: Math.min(Math.max(from.row, to.row), EXCEL_MAX_ROWS),
            right: Math.min(Math.max(from.col, to.col), EXCEL_MAX_COLUMNS),
          });
          break;
        }
      }
    },
    close(id: number) {
      switch (id) {
        case El.c:
          if (inCell) endCell();
          break;
        case El.v:
        case El.t:
        case El.f:
          scanner.wantText = false;
          inFormula = false;
          break;
      }
    },
    text(buf: Buffer, start: number, end: number) {
      if (inFormula) {
        formula.add(buf, start, end);
        if (formula.chars > EXCEL_MAX_FORMULA_CHARS) {
          fail(
            'cell_too_long',
            `Cell ${cell()} of sheet ${where} holds a formula of more than ${formatCount(EXCEL_MAX_FORMULA_CHARS)} characters, the most Excel allows, so the file was not written by Excel or is damaged. Replace the formula by its value (Copy, Paste Values), save the file and import it again.`,
            { path, sheet: sheetName, cell: cell(), maxChars: EXCEL_MAX_FORMULA_CHARS },
          );
        }
      } else if (sharedCell) {
        // A shared-string cell's value is the text's number; its length is the text's.
        for (let i = start; i < end; i++) {
          const d = (buf[i] as number) - 0x30;
          if (d >= 0 && d <= 9) sharedIndex = Math.min(sharedIndex * 10 + d, 2 ** 32);
        }
      } else {
        cellText.add(buf, start, end);
        if (cellText.chars > EXCEL_MAX_CELL_CHARS) refuseCell(null);
      }
    },
  });
  const turns = new Turns();
  for await (const chunk of stream) {
    scanner.write(chunk);
    await turns.maybe();
  }
  scanner.end();
  hiddenRows.sort((a, b) => a - b);
  return { merges, hiddenRows, rows, chars: sheetChars };
}
