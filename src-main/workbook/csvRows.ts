// Rows of a .csv/.txt file, decoded with the detected encoding and split as Excel splits a CSV it
// opens: outside quotes, CR, LF and CR LF each end a row (whatever the rest of the file uses);
// inside quotes they are line breaks of the value. A row is never merged, dropped or invented:
// quotes that would merge rows (a quote left open, text after a closing quote) refuse the file
// with the lines to fix, before any row is read; what Excel reads literally (a quote inside an
// unquoted value) is kept and named in a note; a note says how many lines and rows the file has.
import { tableNote } from './notes';
import { basename, extname } from 'node:path';
import { fail } from '../../src-shared/errors';
import { unneutralise } from './formulaGuard';
import { TEXT_EXTENSIONS } from './inspect';
import { decodeTextFile } from './textDecode';
import type { TableNote, TextFileFormat } from './types';
import type { RawRow } from './xlsxRows';

/** One record as Excel would show it in a row, with the lines of the file it came from. */
export interface CsvRecord {
  fields: string[];
  /** 1-based line numbers in the file (a quoted line break makes a record span lines). */
  firstLine: number;
  lastLine: number;
}

export type QuoteIssueKind =
  /** A quoted value open at the end of the file. */
  | 'unclosed_quote'
  /** A quoted value that runs over lines holding as many separators as a row of the table. */
  | 'swallowed_rows'
  /** Text between a closing quote and the next separator: `"Müller" GmbH`. */
  | 'text_after_quote'
  /** A quote inside a value that does not start with one: `12" pipe`, kept as it is. */
  | 'stray_quote'
  /** A quoted value open at the end of the file on its last line: read to the end, as Excel. */
  | 'unclosed_last_line';

export interface QuoteIssue {
  kind: QuoteIssueKind;
  /** 1-based record number in the file (Excel's `sep=` line included). */
  record: number;
  /** The line the problem is on (where the quote opened, for an open quote). */
  line: number;
  /** The last line the quoted value reaches. */
  toLine: number;
  /** The value as the file has it (shortened), or its start. */
  text: string;
  /** For swallowed rows: how many lines inside the value look like rows. */
  rowLike?: number;
}

const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** Just after a quote inside a quoted value: a second quote is a literal one, anything else
 *  closes the value. */
const QUOTE_IN_QUOTED = 3;
/** After a closing quote followed by text: the rest up to the separator, taken literally. */
const AFTER_CLOSE = 4;

const CR = 13;
const LF = 10;
const QUOTE = 34;

const short = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * Splits decoded text into records. Feed chunks with `push`, then call `end`; records come out
 * through the callback in order. Counts lines, line endings outside quotes and line breaks
 * inside them, and collects quote problems.
 */
export class CsvTokenizer {
  private state = FIELD_START;
  private field = '';
  private fields: string[] = [];
  /** The current physical line, 1-based. */
  private line = 1;
  private lineHasText = false;
  private recordLine = 1;
  /** The last character was a CR: an LF right after it belongs to the same line ending. */
  private afterCR = false;
  private crInQuotes = false;
  private quoteLine = 1;
  private quoteBreaks = 0;
  /** The quoted value just closed took in other rows: its trailing text is part of that. */
  private swallowed = false;
  private textAfter: QuoteIssue | null = null;
  private stray: QuoteIssue | null = null;
  private quotedPart = '';
  /** The widest record so far (the column names, as a rule). */
  private width = 0;
  records = 0;
  blankRecords = 0;
  /** Line breaks inside quoted values, the records they are in, and the first 10 of those. */
  quotedBreaks = 0;
  recordsWithBreaks = 0;
  readonly firstRecordsWithBreaks: number[] = [];
  private lastRecordWithBreak = 0;
  readonly endings = { crlf: 0, lf: 0, cr: 0 };
  /** Up to 10 line numbers ended by each kind of line ending. */
  readonly endingLines: Record<'crlf' | 'lf' | 'cr', number[]> = { crlf: [], lf: [], cr: [] };
  /** The first 50 quote problems of each kind, and how many there are. */
  readonly issues: QuoteIssue[] = [];
  readonly issueCounts: Partial<Record<QuoteIssueKind, number>> = {};
  private lastStrayRecord = 0;

  constructor(private readonly delimiter: string) {}

  /** Lines in the file, as an editor numbers them (a last line without a line ending counts). */
  get lines(): number {
    return this.line - 1 + (this.lineHasText ? 1 : 0);
  }

  private ending(kind: 'crlf' | 'lf' | 'cr', line: number) {
    this.endings[kind]++;
    if (this.endingLines[kind].length < 10) this.endingLines[kind].push(line);
  }

  private addIssue(issue: QuoteIssue): void {
    const n = (this.issueCounts[issue.kind] ?? 0) + 1;
    this.issueCounts[issue.kind] = n;
    if (n <= 50) this.issues.push(issue);
  }

  private endField(): void {
    if (this.textAfter) {
      const rest = this.field.slice(this.quotedPart.length);
      // Spaces after a closing quote change nothing a trimmed value shows: not a problem.
      if (rest.trim() !== '') {
        this.textAfter.text = `"${this.quotedPart.replace(/"/g, '""')}"${rest}`;
        this.addIssue(this.textAfter);
      }
      this.textAfter = null;
    }
    if (this.stray) {
      this.stray.text = short(this.field, 60);
      this.stray = null;
    }
    this.fields.push(this.field);
    this.field = '';
    this.state = FIELD_START;
  }

  private endRecord(emit: (r: CsvRecord) => void): void {
    this.endField();
    const fields = this.fields;
    this.fields = [];
    this.records++;
    if (fields.every((f) => f === '')) this.blankRecords++;
    this.width = Math.max(this.width, fields.length);
    emit({ fields, firstLine: this.recordLine, lastLine: this.line });
  }

  /** The quoted value just closed: does it hold what look like rows of their own? */
  private closeQuoted(): void {
    this.swallowed = false;
    if (this.quoteBreaks === 0 || this.width < 3) return;
    const rowLike = this.field
      .split('\n')
      .slice(1)
      .filter((l) => l.split(this.delimiter).length >= this.width).length;
    if (rowLike > 0) {
      this.swallowed = true;
      this.addIssue({
        kind: 'swallowed_rows',
        record: this.records + 1,
        line: this.quoteLine,
        toLine: this.line,
        text: short(this.field.split('\n')[0] ?? ''),
        rowLike,
      });
    }
  }

  private newLine(): void {
    this.line++;
    this.lineHasText = false;
  }

  push(chunk: string, emit: (r: CsvRecord) => void): void {
    const d = this.delimiter.charCodeAt(0);
    const n = chunk.length;
    let i = 0;
    if (this.afterCR && n > 0) {
      this.afterCR = false;
      if (chunk.charCodeAt(0) === LF) {
        if (!this.crInQuotes) this.ending('crlf', this.line - 1);
        i = 1;
      } else if (!this.crInQuotes) this.ending('cr', this.line - 1);
    }
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (c !== CR && c !== LF) this.lineHasText = true;
      switch (this.state) {
        case FIELD_START:
        case UNQUOTED:
        case AFTER_CLOSE: {
          if (this.state === FIELD_START && c === QUOTE) {
            this.state = QUOTED;
            this.quoteLine = this.line;
            this.quoteBreaks = 0;
            if (this.fields.length === 0) this.recordLine = this.line;
            i++;
            break;
          }
          if (this.state === FIELD_START && this.fields.length === 0) this.recordLine = this.line;
          if (c === d) {
            this.endField();
            i++;
          } else if (c === CR || c === LF) {
            this.endRecord(emit);
            this.newLine();
            this.recordLine = this.line;
            i++;
            if (c === LF) this.ending('lf', this.line - 1);
            else if (i < n) {
              if (chunk.charCodeAt(i) === LF) {
                this.ending('crlf', this.line - 1);
                i++;
              } else this.ending('cr', this.line - 1);
            } else {
              this.afterCR = true;
              this.crInQuotes = false;
            }
          } else {
            if (
              c === QUOTE &&
              this.state === UNQUOTED &&
              this.lastStrayRecord !== this.records + 1
            ) {
              this.lastStrayRecord = this.records + 1;
              this.stray = {
                kind: 'stray_quote',
                record: this.records + 1,
                line: this.line,
                toLine: this.line,
                text: '',
              };
              this.addIssue(this.stray);
            }
            if (this.state === FIELD_START) this.state = UNQUOTED;
            // Plain characters up to the next one that matters, in one slice.
            let j = i + 1;
            while (j < n) {
              const k = chunk.charCodeAt(j);
              if (k === d || k === CR || k === LF || k === QUOTE) break;
              j++;
            }
            this.field += chunk.slice(i, j);
            i = j;
          }
          break;
        }
        case QUOTED: {
          if (c === QUOTE) {
            this.state = QUOTE_IN_QUOTED;
            i++;
          } else if (c === CR || c === LF) {
            // A line break inside the value: kept as Excel keeps it in a cell, as LF.
            this.field += '\n';
            this.quoteBreaks++;
            this.quotedBreaks++;
            if (this.lastRecordWithBreak !== this.records + 1) {
              this.lastRecordWithBreak = this.records + 1;
              this.recordsWithBreaks++;
              if (this.firstRecordsWithBreaks.length < 10) {
                this.firstRecordsWithBreaks.push(this.records + 1);
              }
            }
            this.newLine();
            i++;
            if (c === CR) {
              if (i < n) {
                if (chunk.charCodeAt(i) === LF) i++;
              } else {
                this.afterCR = true;
                this.crInQuotes = true;
              }
            }
          } else {
            let j = i + 1;
            while (j < n) {
              const k = chunk.charCodeAt(j);
              if (k === QUOTE || k === CR || k === LF) break;
              j++;
            }
            this.field += chunk.slice(i, j);
            i = j;
          }
          break;
        }
        case QUOTE_IN_QUOTED: {
          if (c === QUOTE) {
            this.field += '"';
            this.state = QUOTED;
            i++;
            break;
          }
          this.closeQuoted();
          if (c === d || c === CR || c === LF) {
            // Handled as the end of an unquoted value.
            this.state = UNQUOTED;
            break;
          }
          // Text after the closing quote: Excel appends it to the value; the file is refused.
          if (!this.swallowed) {
            this.quotedPart = this.field;
            this.textAfter = {
              kind: 'text_after_quote',
              record: this.records + 1,
              line: this.line,
              toLine: this.line,
              text: '',
            };
          }
          this.state = AFTER_CLOSE;
          break;
        }
      }
    }
  }

  end(emit: (r: CsvRecord) => void): void {
    if (this.afterCR && !this.crInQuotes) this.ending('cr', this.line - 1);
    this.afterCR = false;
    if (this.state === QUOTED) {
      // Open to the end of the file. On its own last line (a trailing line break aside) it took
      // nothing in: read to the end, as Excel does, and said in a note. Otherwise refused.
      const trailing = /\n+$/.exec(this.field)?.[0].length ?? 0;
      const inner = this.quoteBreaks - trailing;
      this.addIssue({
        kind: inner === 0 ? 'unclosed_last_line' : 'unclosed_quote',
        record: this.records + 1,
        line: this.quoteLine,
        toLine: this.lines,
        text: short(this.field.split('\n')[0] ?? ''),
      });
      if (inner === 0) {
        this.field = this.field.slice(0, this.field.length - trailing);
        this.quotedBreaks -= trailing;
        if (this.quoteBreaks === trailing && this.lastRecordWithBreak === this.records + 1) {
          this.recordsWithBreaks--;
          if (this.firstRecordsWithBreaks.at(-1) === this.records + 1) {
            this.firstRecordsWithBreaks.pop();
          }
        }
      }
      this.state = UNQUOTED;
    } else if (this.state === QUOTE_IN_QUOTED) {
      this.closeQuoted();
    }
    if (this.state !== FIELD_START || this.fields.length > 0) this.endRecord(emit);
  }
}

const isSepLine = (fields: readonly string[], delimiter: string) =>
  fields.length <= 2 && /^sep=.?$/i.test(fields.join(delimiter));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (numbers: readonly number[], total: number) =>
  `${numbers.join(', ')}${total > numbers.length ? ', …' : ''}`;

/** What the quote problems that refuse a file say, one sentence each, by line and row. */
function describeRefusal(issue: QuoteIssue, row: number): string {
  const where = `Line ${issue.line} (row ${row})`;
  switch (issue.kind) {
    case 'unclosed_quote':
      return `${where} opens a quoted value ("${issue.text}") that is never closed, so everything from there to the end of the file (line ${issue.toLine}) would become one cell: add the closing " where the value ends, or delete the opening one.`;
    case 'swallowed_rows':
      return `${where} opens a quoted value ("${issue.text}") that runs on to line ${issue.toLine} and takes in ${plural(issue.rowLike ?? 0, 'line')} that look like rows of their own: add the closing " where the value ends, or delete the opening one.`;
    default: {
      const meant = `"${issue.text.replace(/"/g, '""')}"`;
      return `${where}: text follows the closing quote in ${short(issue.text, 60)}: write the value as ${short(meant, 70)} (all of it in quotes, each quote inside doubled), or without any quotes.`;
    }
  }
}

/** Reads the whole file once to count its lines and rows and to find quotes that would merge
 *  rows; refuses the file when it has any. */
async function survey(
  path: string,
  format: TextFileFormat,
): Promise<{ tokenizer: CsvTokenizer; sepLine: boolean }> {
  const tokenizer = new CsvTokenizer(format.delimiter);
  // Excel's `sep=;` hint line is not a row of the sheet Excel shows: rows are numbered after it.
  let sepLine = false;
  const first = (r: CsvRecord) => {
    if (tokenizer.records === 1) sepLine = isSepLine(r.fields, format.delimiter);
  };
  for await (const chunk of decodeTextFile(path, format.encoding)) tokenizer.push(chunk, first);
  tokenizer.end(first);
  return { tokenizer, sepLine };
}

export async function* readCsvRows(
  path: string,
  format: TextFileFormat,
  notes: TableNote[] = [],
): AsyncGenerator<RawRow> {
  const name = basename(path);
  let survey_: { tokenizer: CsvTokenizer; sepLine: boolean };
  try {
    survey_ = await survey(path, format);
  } catch (e) {
    fail('file_unreadable', undefined, {
      path,
      cause: e instanceof Error ? e.message : String(e),
    });
  }
  const { sepLine } = survey_;
  const { issues, issueCounts } = survey_.tokenizer;
  const rowOf = (record: number) => record - (sepLine ? 1 : 0);

  const refusals = issues.filter(
    (i) => i.kind !== 'stray_quote' && i.kind !== 'unclosed_last_line',
  );
  if (refusals.length > 0) {
    const total =
      (issueCounts.unclosed_quote ?? 0) +
      (issueCounts.swallowed_rows ?? 0) +
      (issueCounts.text_after_quote ?? 0);
    const shown = refusals.slice(0, 5).map((i) => describeRefusal(i, rowOf(i.record)));
    const more = total > 5 ? ` ${total - 5} more like these follow.` : '';
    fail(
      'file_quotes_broken',
      `The quotation marks in "${name}" would merge or change rows, so it is not imported. ${shown.join(' ')}${more} Open the file in a text editor (Notepad, TextEdit), correct the quotes on ${refusals.length === 1 ? 'that line' : 'those lines'}, save it, and import it again.`,
      {
        path,
        problems: refusals.map((i) => ({ kind: i.kind, line: i.line, row: rowOf(i.record) })),
      },
    );
  }

  if (!TEXT_EXTENSIONS.has(extname(path).toLowerCase())) {
    notes.push(tableNote(null, 'file_type', { name, delimiters: format.delimiter }));
  }
  if (format.doubt) {
    notes.push({
      row: null,
      kind: 'encoding_detected',
      ...(format.doubtParams ? { params: { variant: 'doubt', ...format.doubtParams } } : {}),
      message: format.doubt,
    });
  }
  notes.push(lineCountNote(survey_.tokenizer, sepLine));
  const endings = mixedEndingsNote(survey_.tokenizer);
  if (endings) notes.push(endings);
  const kept = issues.filter((i) => i.kind === 'stray_quote');
  for (const issue of kept.slice(0, 10)) {
    const row = rowOf(issue.record);
    notes.push(tableNote(row, 'quote_kept', { row, line: issue.line, text: issue.text }));
  }
  const keptCount = issueCounts.stray_quote ?? 0;
  if (keptCount > 10) {
    notes.push(tableNote(null, 'quote_kept', { variant: 'more', count: keptCount - 10 }));
  }
  for (const issue of issues.filter((i) => i.kind === 'unclosed_last_line')) {
    const row = rowOf(issue.record);
    notes.push(
      tableNote(row, 'quote_kept', {
        variant: 'unclosed',
        row,
        line: issue.line,
        text: issue.text,
      }),
    );
  }

  // The rows, read again with the same splitting.
  const tokenizer = new CsvTokenizer(format.delimiter);
  const out: CsvRecord[] = [];
  const collect = (r: CsvRecord) => out.push(r);
  let record = 0;
  const toRow = (r: CsvRecord): RawRow | null => {
    record++;
    if (record === 1 && sepLine) return null;
    const cells = r.fields.map(unneutralise);
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    return { sourceRow: rowOf(record), cells };
  };
  try {
    for await (const chunk of decodeTextFile(path, format.encoding)) {
      tokenizer.push(chunk, collect);
      for (const r of out.splice(0)) {
        const row = toRow(r);
        if (row) yield row;
      }
    }
    tokenizer.end(collect);
    for (const r of out.splice(0)) {
      const row = toRow(r);
      if (row) yield row;
    }
  } catch (e) {
    fail('file_unreadable', `The text file could not be read to its end (row ${record + 1}).`, {
      path,
      cause: e instanceof Error ? e.message : String(e),
    });
  }
}

/** "The file has 63 lines: 61 rows (…), 1 line break inside a quoted value …" — the figures
 *  that reconcile the file's lines with the rows read. */
export function lineCountNote(t: CsvTokenizer, sepLine: boolean): TableNote {
  const rows = t.records - (sepLine ? 1 : 0);
  const parts = [
    `${plural(rows, 'row')} as Excel numbers them (the column names included${t.blankRecords ? `, ${t.blankRecords} blank` : ''})`,
  ];
  if (t.quotedBreaks > 0) {
    const withBreaks = t.firstRecordsWithBreaks.map((r) => r - (sepLine ? 1 : 0));
    parts.push(
      `${plural(t.quotedBreaks, 'line break')} inside ${t.recordsWithBreaks === 1 ? `a quoted value (row ${withBreaks[0]})` : `quoted values (rows ${list(withBreaks, t.recordsWithBreaks)})`}`,
    );
  }
  if (sepLine) parts.push(`Excel's "sep=" line before them`);
  const last = parts.pop() as string;
  const joined = parts.length ? `${parts.join(', ')} and ${last}` : last;
  // The English sentence names every part; the catalogue's words give the main figures.
  return {
    row: null,
    kind: 'line_count',
    params: { lines: t.lines, rows },
    message: `The file has ${plural(t.lines, 'line')}: ${joined}.`,
  };
}

/** Said when lines end in different ways (a lone LF or CR in a CR LF file), because each ends a
 *  row wherever it is, as in Excel. */
function mixedEndingsNote(t: CsvTokenizer): TableNote | null {
  const kinds = (['crlf', 'lf', 'cr'] as const).filter((k) => t.endings[k] > 0);
  if (kinds.length < 2) return null;
  const label = { crlf: 'CR LF', lf: 'LF alone', cr: 'CR alone' };
  const most = kinds.reduce((a, b) => (t.endings[b] > t.endings[a] ? b : a));
  const others = kinds
    .filter((k) => k !== most)
    .map(
      (k) =>
        `${plural(t.endings[k], 'line')} with ${label[k]} (${t.endings[k] === 1 ? 'line' : 'lines'} ${list(t.endingLines[k], t.endings[k])})`,
    );
  const endings = kinds.map((k) => `${label[k].split(' alone')[0]}: ${t.endings[k]}`).join(', ');
  return {
    row: null,
    kind: 'line_count',
    params: { variant: 'endings', endings },
    message: `Lines end in different ways: ${plural(t.endings[most], 'line')} with ${label[most]}, ${others.join(', ')}. Each ends a row, as when Excel opens the file.`,
  };
}
