// The supplier table inside a sheet: finds the header row below titles, notes and blank lines,
// skips blank lines inside and totals or remarks below, and keeps each record's row number.
// Nothing is dropped silently: every skipped row is named in a note.
import { basename } from 'node:path';
import { fail } from '../../src-shared/errors';
import { readCsvRows } from './csvRows';
import { knownHeaderField } from './headerNames';
import { assertFileUnchanged, listXlsxSheets, sniffFile, type XlsxSheet } from './inspect';
import { detectTextFormat, encodingLosesLetters } from './textDecode';
import { tableNote } from './notes';
import type {
  ReadTableOptions,
  TableColumn,
  TableNote,
  TablePreview,
  TableRow,
  TableStream,
} from './types';
import { columnLetter, readXlsxRows, type RawRow } from './xlsxRows';

/** Rows looked at to find the header. */
const HEADER_WINDOW = 30;
/** One-value rows below the table taken as remarks at most; more are records. */
const MAX_REMARK_ROWS = 10;
/** Individual notes per kind before they are summed up in one. */
const NOTES_PER_KIND = 50;

// A total's label: the word alone or with a short tail ("Summe:", "Anzahl Lieferanten").
const TOTAL_WORDS =
  /^(summe|summen|gesamt|gesamtsumme|insgesamt|zwischensumme|total|totals|grand total|subtotal|sum|anzahl|count)\b[^,;]{0,30}$/i;
const REMARK_WORDS =
  /^(hinweis|hinweise|anmerkung|anmerkungen|bemerkung|bemerkungen|note|notes|remark|remarks|stand|erstellt|created|exported|exportiert|quelle:|source:|\*)/i;
const NUMERIC = /^[-+]?[\d.,' ]*\d[\d.,' ]*%?$/;

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');
const filled = (cells: readonly string[]) => cells.filter((c) => c.trim() !== '');

/** How many of cells[from..to) are filled (`filled(...).length`, without the arrays). */
function countFilled(cells: readonly string[], from: number, to = cells.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = cells[i];
    if (c !== undefined && c.trim() !== '') n++;
  }
  return n;
}

const isDataLike = (v: string) => NUMERIC.test(v) || /^\d{4}-\d{2}-\d{2}/.test(v);

/**
 * The 1-based row number of the header among the first rows. The header is a wide row (at least
 * 60% of the widest row's filled cells, so titles and notes above are out) with distinct values:
 * the wide row with the most known column names when it has two or more, otherwise the first
 * wide row that is mostly text.
 */
export function detectHeaderRow(rows: readonly RawRow[]): number | null {
  const stats = rows.map((row) => {
    const values = filled(row.cells).map((c) => c.trim());
    const distinct = new Set(values.map((v) => v.toLowerCase()));
    return {
      row: row.sourceRow,
      filled: values.length,
      distinct: distinct.size,
      known: [...distinct].filter((v) => knownHeaderField(v) !== undefined).length,
      text: values.filter((v) => !isDataLike(v)).length,
    };
  });
  const widest = Math.max(0, ...stats.map((s) => s.filled));
  const wide = stats.filter(
    (s) => s.distinct >= 2 && s.filled >= Math.max(2, Math.ceil(widest * 0.6)),
  );
  if (wide.length === 0) return null;
  const mostKnown = Math.max(...wide.map((s) => s.known));
  if (mostKnown >= 2) return wide.find((s) => s.known === mostKnown)?.row ?? null;
  return (wide.find((s) => s.text * 2 >= s.filled) ?? wide[0])?.row ?? null;
}

function uniqueHeaders(texts: string[], first: number): TableColumn[] {
  const seen = new Map<string, number>();
  return texts.map((raw, i) => {
    const letter = columnLetter(first + i);
    let header = raw.replace(/\s+/g, ' ').trim() || `Column ${letter}`;
    const key = header.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) header = `${header} (${n})`;
    return { index: i, header, letter };
  });
}

/** The note on hidden rows that were imported (or are shown in a preview). */
function hiddenRowsNote(rows: readonly number[], total: number): TableNote {
  if (total > rows.length) {
    return tableNote(null, 'hidden_rows_imported', {
      variant: 'truncated',
      rows: rows.join(', '),
      more: total - rows.length,
    });
  }
  return tableNote(null, 'hidden_rows_imported', {
    ...(total === 1 ? { variant: 'one' } : {}),
    rowsList: rows.join(', '),
  });
}

class NoteSink {
  private counts = new Map<TableNote['kind'], number>();
  constructor(readonly notes: TableNote[]) {}
  add(note: TableNote): void {
    const n = (this.counts.get(note.kind) ?? 0) + 1;
    this.counts.set(note.kind, n);
    if (n <= NOTES_PER_KIND) this.notes.push(note);
  }
  finish(): void {
    for (const [kind, n] of this.counts) {
      if (n > NOTES_PER_KIND) {
        this.notes.push(tableNote(null, kind, { variant: 'more', count: n - NOTES_PER_KIND }));
      }
    }
  }
}

async function openRawRows(
  path: string,
  options: ReadTableOptions,
  notes: TableNote[],
): Promise<{ sheet: string; rows: AsyncGenerator<RawRow>; lettersMayBeLost: boolean }> {
  const sniffed = await sniffFile(path, options.maxBytes);
  if (options.expectedHash) await assertFileUnchanged(path, options.expectedHash);
  if (sniffed.kind === 'csv') {
    const format = await detectTextFormat(path);
    notes.push(
      tableNote(null, 'encoding_detected', {
        ...(format.bom ? { variant: 'bom' } : {}),
        encoding: format.encoding.toUpperCase(),
        delimiter: format.delimiter,
      }),
    );
    const name = basename(path).replace(/\.[^.]*$/, '');
    if (options.sheet !== undefined && options.sheet !== 0 && options.sheet !== name) {
      fail('sheet_not_found', `A text file has one table only ("${name}").`, { sheets: [name] });
    }
    return {
      sheet: name,
      rows: readCsvRows(path, format, notes),
      lettersMayBeLost: encodingLosesLetters(format.encoding),
    };
  }
  const sheets = await listXlsxSheets(path, sniffed.entries);
  let sheet: XlsxSheet | undefined;
  if (options.sheet === undefined) sheet = sheets.find((s) => !s.hidden) ?? sheets[0];
  else if (typeof options.sheet === 'number') sheet = sheets[options.sheet];
  else sheet = sheets.find((s) => s.name === options.sheet);
  if (!sheet) {
    const names = sheets.map((s) => s.name);
    fail(
      'sheet_not_found',
      `The workbook has no sheet "${String(options.sheet ?? '')}". Pick one of: ${names.join(', ')}.`,
      { sheets: names },
    );
  }
  return { sheet: sheet.name, rows: readXlsxRows(path, sheet, notes), lettersMayBeLost: false };
}

/**
 * Opens the table of a sheet (or text file) for streaming: the header is found from the first
 * rows, then `rows` yields the records. Iterate `rows` once; `notes` is complete afterwards.
 */
export async function openTable(
  path: string,
  options: ReadTableOptions = {},
): Promise<TableStream> {
  const notes: TableNote[] = [];
  const { sheet, rows: raw, lettersMayBeLost } = await openRawRows(path, options, notes);
  const it = raw[Symbol.asyncIterator]();
  const buffered: RawRow[] = [];
  try {
    let nonBlank = 0;
    while (true) {
      const limitReached =
        options.headerRow !== undefined
          ? (buffered.at(-1)?.sourceRow ?? 0) >= options.headerRow + HEADER_WINDOW
          : nonBlank >= HEADER_WINDOW;
      if (limitReached) break;
      const next = await it.next();
      if (next.done) break;
      buffered.push(next.value);
      if (!isBlank(next.value.cells)) nonBlank++;
    }
    if (nonBlank === 0) fail('sheet_empty', `The sheet "${sheet}" is empty.`, { sheet });
  } catch (e) {
    await it.return(undefined);
    throw e;
  }

  let headerRow: number;
  if (options.headerRow !== undefined) {
    const row = buffered.find((r) => r.sourceRow === options.headerRow);
    if (!row || filled(row.cells).length === 0) {
      await it.return(undefined);
      fail(
        'header_not_found',
        `Row ${options.headerRow} is empty. Mark the row that holds the column names.`,
        {
          headerRow: options.headerRow,
        },
      );
    }
    headerRow = options.headerRow;
  } else {
    const detected = detectHeaderRow(buffered.filter((r) => !isBlank(r.cells)));
    if (detected === null) {
      await it.return(undefined);
      fail('header_not_found', undefined, { sheet });
    }
    headerRow = detected;
    notes.push(tableNote(headerRow, 'header_detected', { row: headerRow }));
  }

  const headerRaw = buffered.find((r) => r.sourceRow === headerRow);
  const headerCells = headerRaw?.cells ?? [];
  const firstCol = headerCells.findIndex((c) => c.trim() !== '');
  // The table is as wide as its header, or as its widest data row in the window.
  let lastCol = headerCells.length - 1;
  for (const r of buffered) {
    if (r.sourceRow > headerRow) lastCol = Math.max(lastCol, r.cells.length - 1);
  }
  const width = lastCol - firstCol + 1;
  const headerTexts = Array.from({ length: width }, (_, i) => headerCells[firstCol + i] ?? '');
  // A column name merged over several columns (an "Adresse" over street and house number)
  // names each of them: the second is "Adresse (2)", so it can be mapped and nothing is lost.
  const split: TableNote[] = [];
  for (const span of headerRaw?.mergedAcross ?? []) {
    const name = (headerCells[span.first] ?? '').replace(/\s+/g, ' ').trim();
    const first = Math.max(span.first, firstCol);
    const last = Math.min(span.last, lastCol);
    if (name === '' || last <= first) continue;
    const next: string[] = [];
    const names: string[] = [];
    for (let c = first + 1; c <= last; c++) {
      headerTexts[c - firstCol] = `${name} (${c - span.first + 1})`;
      next.push(columnLetter(c));
      names.push(headerTexts[c - firstCol] as string);
    }
    const columnsList = [...Array(last - first + 1).keys()].map((i) => columnLetter(first + i));
    split.push(
      tableNote(headerRow, 'merged_header_split', {
        name,
        row: headerRow,
        columnsList: columnsList.join(', '),
        ...(next.length === 1
          ? { next: next[0] as string, nextName: names[0] as string }
          : { variant: 'many', nextList: next.join(', '), namesList: names.join(', ') }),
      }),
    );
  }
  const columns = uniqueHeaders(headerTexts, firstCol);
  notes.push(...split);

  const above = buffered.filter((r) => r.sourceRow < headerRow && !isBlank(r.cells));
  if (above.length > 0) {
    notes.push(
      tableNote(null, 'rows_above_header', {
        count: above.length,
        rows: above.map((r) => r.sourceRow).join(', '),
      }),
    );
  }

  async function* rows(): AsyncGenerator<TableRow> {
    const sink = new NoteSink(notes);
    let held: { row: TableRow; hidden: boolean }[] = [];
    // Hidden rows among the records: all counted, the first twenty named.
    const hiddenSample: number[] = [];
    let hiddenCount = 0;
    const record = (row: TableRow, hidden: boolean): TableRow => {
      if (hidden) {
        hiddenCount++;
        if (hiddenSample.length < 20) hiddenSample.push(row.sourceRow);
      }
      return row;
    };
    let afterBlank = false;
    // Blank rows since the last record; they count as inside the table once a record follows.
    let pendingBlank: number[] = [];
    let pendingBlankCount = 0;
    let insideCount = 0;
    const insideSample: number[] = [];
    const blank = (n: number) => {
      pendingBlankCount++;
      if (pendingBlank.length < 20) pendingBlank.push(n);
      afterBlank = true;
    };
    // The rows read to find the header, then the rest of the sheet (read here directly rather
    // than through one more generator: a hundred thousand rows pay for each layer).
    let fromBuffer = 0;
    const next = async (): Promise<RawRow | undefined> => {
      while (fromBuffer < buffered.length) {
        const r = buffered[fromBuffer++] as RawRow;
        if (r.sourceRow > headerRow) return r;
      }
      buffered.length = 0;
      fromBuffer = 0;
      const n = await it.next();
      return n.done ? undefined : n.value;
    };
    try {
      let prevRow = headerRow;
      for (let r = await next(); r !== undefined; r = await next()) {
        // Rows without any cell are left out of the sheet's XML: a gap is a blank row.
        const gap = r.sourceRow - prevRow - 1;
        for (let i = 0; i < Math.min(gap, 20); i++) blank(prevRow + 1 + i);
        if (gap > 20) pendingBlankCount += gap - 20;
        prevRow = r.sourceRow;
        const cells = r.cells.slice(firstCol, firstCol + width);
        while (cells.length < width) cells.push('');
        const outside = countFilled(r.cells, 0, firstCol) + countFilled(r.cells, firstCol + width);
        if (outside > 0) {
          sink.add(
            tableNote(r.sourceRow, 'values_outside_table', { row: r.sourceRow, count: outside }),
          );
        }
        // The filled values, trimmed; only a row of a few values needs them (a blank, a total,
        // a remark), so a wider row is only counted.
        const count = countFilled(cells, 0);
        if (count === 0) {
          blank(r.sourceRow);
          continue;
        }
        const values = count <= 3 ? filled(cells).map((c) => c.trim()) : null;
        const row: TableRow = { sourceRow: r.sourceRow, cells };
        const marks = r.marks?.slice(firstCol, firstCol + width);
        if (marks?.some(Boolean)) row.marks = marks;
        // A total has a label and numbers only, or numbers only: a supplier called "Total
        // Energies" has a city and a country beside its name and stays a record.
        const labelled =
          values !== null &&
          TOTAL_WORDS.test(values[0] as string) &&
          values.slice(1).every((v) => NUMERIC.test(v));
        if (
          labelled ||
          (values !== null && values.length <= 2 && values.every((v) => NUMERIC.test(v)))
        ) {
          sink.add(
            tableNote(r.sourceRow, 'total_row_skipped', {
              row: r.sourceRow,
              values: (values as string[]).join(' | '),
            }),
          );
          continue;
        }
        // One lone value below a gap, or a remark word: held until the table goes on. Remarks
        // are a few lines; a longer run of one-value rows is data, and is released.
        if (
          values?.length === 1 &&
          held.length < MAX_REMARK_ROWS &&
          (afterBlank || REMARK_WORDS.test(values[0] as string))
        ) {
          held.push({ row, hidden: r.hidden === true });
          continue;
        }
        for (const h of held) yield record(h.row, h.hidden);
        held = [];
        afterBlank = false;
        insideCount += pendingBlankCount;
        for (const n of pendingBlank) if (insideSample.length < 20) insideSample.push(n);
        pendingBlank = [];
        pendingBlankCount = 0;
        yield record(row, r.hidden === true);
      }
      for (const { row: h } of held) {
        sink.add(
          tableNote(h.sourceRow, 'remark_row_skipped', {
            row: h.sourceRow,
            text: filled(h.cells).join(' '),
          }),
        );
      }
      if (insideCount > 0) {
        notes.push(
          tableNote(null, 'blank_rows_skipped', {
            count: insideCount,
            ...(insideCount <= 20 ? { rows: insideSample.join(', ') } : { variant: 'many' }),
          }),
        );
      }
      sink.finish();
    } finally {
      // Also when reading stops early (a preview): the note names the hidden rows read so far.
      if (hiddenCount > 0) notes.push(hiddenRowsNote(hiddenSample, hiddenCount));
      await it.return(undefined);
    }
  }

  const generator = rows();
  const close = async () => {
    await generator.return(undefined);
    await it.return(undefined);
  };
  return { sheet, headerRow, columns, rows: generator, notes, close, lettersMayBeLost };
}

/** The first `limit` records of the table, for the mapping screen; stops reading there. */
export async function previewTable(
  path: string,
  options: ReadTableOptions & { limit?: number } = {},
): Promise<TablePreview> {
  const limit = options.limit ?? 50;
  const table = await openTable(path, options);
  const rows: TableRow[] = [];
  let truncated = false;
  for await (const row of table.rows) {
    if (rows.length >= limit) {
      truncated = true;
      break;
    }
    rows.push(row);
  }
  return {
    sheet: table.sheet,
    headerRow: table.headerRow,
    columns: table.columns,
    rows,
    notes: table.notes,
    truncated,
    lettersMayBeLost: table.lettersMayBeLost === true,
  };
}

/** The whole table in memory: for small files and tests; large files should use `openTable`. */
export function readTable(path: string, options: ReadTableOptions = {}): Promise<TablePreview> {
  return previewTable(path, { ...options, limit: Number.POSITIVE_INFINITY });
}
