// Streamed workbooks of the supplier base (the export and the drift report): tables that go on
// to continuation sheets at Excel's 1,048,576 rows, cells cut to Excel's 32,767 characters with
// a visible mark, identifiers as text cells (Excel's '@' format), so that a long digit string is
// neither rounded nor shown in scientific notation. Written to a new private file beside the
// target and renamed at the end (util/safeFiles): the target is either the old file or the whole
// new one, and no link planted in the folder is ever followed.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { word, type Lang } from '../../src-shared/i18n';
import { EXCEL_MAX_CELL_CHARS, EXCEL_MAX_ROWS, fitCell } from '../workbook';
import { replaceSafely, type NewFile } from '../util/safeFiles';

const TEXT_STYLE = { numFmt: '@' } as ExcelJS.Style;
const PLAIN_STYLE = {} as ExcelJS.Style;

export interface SheetFamily {
  /** Sheet names written, the first one and its continuations. */
  names: string[];
  add(values: readonly (string | number | null)[]): void;
  end(): void;
}

export interface BookWriter {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  /** Cells cut to Excel's limit so far. */
  cutCells(): number;
  /** A table under `name`, going on to "name (2)", ... past `maxRowsPerSheet`. */
  table(name: string, header: readonly string[], textColumns?: readonly number[]): SheetFamily;
  /** Label-value lines (the Summary sheet). */
  summary(name: string, lines: readonly (readonly (string | number)[])[]): void;
}

/** A streamed workbook into `stream` (a new file's stream from `writeBeside`). */
export function bookWriter(
  stream: Writable,
  lang: Lang,
  maxRowsPerSheet: number = EXCEL_MAX_ROWS,
): BookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const perSheet = Math.max(2, maxRowsPerSheet) - 1;
  let cut = 0;
  const fit = (v: string) => {
    if (v.length <= EXCEL_MAX_CELL_CHARS) return v;
    cut++;
    return fitCell(v);
  };
  return {
    workbook,
    cutCells: () => cut,
    table(name, header, textColumns = []) {
      const text = new Set(textColumns);
      const names: string[] = [];
      let ws: ExcelJS.Worksheet | undefined;
      let inSheet = 0;
      const open = () => {
        const sheetName =
          names.length === 0
            ? name
            : word(lang, 'results.sheet.more', { name, n: names.length + 1 });
        names.push(sheetName);
        ws = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
        ws.columns = header.map((h) => ({ width: Math.min(40, Math.max(10, h.length + 2)) }));
        ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
        ws.addRow([...header]).commit();
        inSheet = 0;
      };
      return {
        names,
        add(values) {
          if (!ws || inSheet >= perSheet) {
            ws?.commit();
            open();
          }
          const row = ws!.addRow(
            values.map((v) => (typeof v === 'string' ? (v === '' ? null : fit(v)) : v)),
          );
          row.eachCell({ includeEmpty: true }, (cell, n) => {
            cell.style = text.has(n - 1) ? TEXT_STYLE : PLAIN_STYLE;
          });
          row.commit();
          inSheet++;
        },
        end() {
          if (!ws) open();
          ws!.commit();
        },
      };
    },
    summary(name, lines) {
      const ws = workbook.addWorksheet(name);
      ws.columns = [{ width: 40 }, { width: 16 }, { width: 90 }];
      for (const line of lines) ws.addRow([...line]).commit();
      ws.commit();
    },
  };
}

/** Writes a file through `write` into a new private (0600) file beside `target`, then renames
 *  it into place; on any failure the temporary file is removed and the target left as it was. A
 *  target that is a symbolic link, or a folder replaced meanwhile, is refused (export_failed). */
export async function writeBeside<T>(
  target: string,
  write: (file: NewFile) => Promise<T>,
): Promise<T> {
  await mkdir(dirname(target), { recursive: true });
  return replaceSafely(target, write);
}
