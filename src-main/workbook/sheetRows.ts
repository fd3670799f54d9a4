// The rows of a sheet's XML, read by the app itself: each cell's value taken exactly as exceljs's
// streaming worksheet reader (4.4, pinned) takes it, without its parser, its row and cell objects
// and their garbage, which cost more than everything else an import does.
//
// What exceljs does, done here the same way: elements are matched by their full name (a prefixed
// `x:row` is not a row), a row is its `r` as parseInt reads it, a cell's column comes from its
// `r` (capital letters only; a cell without one ends the read, as it ended exceljs's), a cell's
// text is all text from its `<v>`, `<is>` or `<t>` up to the cell's end (inline rich text keeps
// its last run), a formula gives its cached result, a number is a date when exceljs's date test
// says so, and the cell's style, or its row's, gives the number format. Well-formedness is checked
// where exceljs's parser refused files: tags closed in order, entities (only XML's five and
// character references to allowed characters) and characters XML does not allow. A part that
// fails is refused at the chunk where the failure is, as exceljs refused it, after the rows of the
// chunks before. One difference on purpose: a character cut by a chunk boundary is read whole
// (exceljs decoded each chunk on its own and read two replacement characters instead).
import { excelCellText, type CellText } from './cellText';
import type { SharedStrings } from './sharedStrings';
import {
  MAX_ENTITY,
  attribute,
  attributeValue,
  checkEntity,
  columnAt,
  columnOf,
  digits,
  excelToDate,
  hasForbidden,
  isDateFmt,
  isPlain,
  isSpace,
  xmlDecode,
} from './sheetXml';
import { decodeXmlText, tagEnd, XmlScanError } from './xmlScan';

export interface SheetRow {
  /** The row's `r` as parseInt reads it (NaN when it has none). */
  number: number;
  /** 1-based columns of the cells that hold a value, ascending; their texts in `texts` (a
   *  text cell's text as a string, any other's as excelCellText gives it). */
  cols: number[];
  texts: (string | CellText)[];
}

export interface SheetRowOptions {
  strings: SharedStrings | null;
  /** The number format of a style (exceljs's getStyleModel): null when there is no such style. */
  styleOf(id: number): { numFmt?: string } | null;
  date1904: boolean;
}

/** One cell of the row being read: what exceljs's Cell holds, before its text is made. */
interface CellSlot {
  col: number;
  value: unknown;
  result: unknown;
  numFmt: string | undefined;
}

const enum T {
  other,
  s,
  str,
  inlineStr,
  e,
  b,
}

/**
 * Reads the rows of a sheet's XML as exceljs's streaming reader reads them (see the top of this
 * file), in batches: the rows of a chunk of the part. A chunk that fails gives none of its rows.
 */
export async function* readSheetRows(
  stream: AsyncIterable<Buffer>,
  options: SheetRowOptions,
): AsyncGenerator<SheetRow[]> {
  const reader = new SheetReader(options);
  for await (const chunk of stream) {
    const rows = reader.write(chunk);
    // exceljs gave a `</row>` outside the sheet's data as a row of nothing, which failed.
    const bad = rows.indexOf(null);
    if (bad >= 0) {
      if (bad > 0) yield rows.slice(0, bad) as SheetRow[];
      throw new XmlScanError('row outside the sheet data');
    }
    if (rows.length > 0) yield rows as SheetRow[];
  }
}

class SheetReader {
  private carry: Buffer | null = null;
  private skipUntil: Buffer | null = null;
  /** Names of the open elements, for the order of the closing tags. */
  private stack = Buffer.alloc(1024);
  private stackEnd = 0;
  private readonly stackStarts: number[] = [];
  private rows: (SheetRow | null)[] = [];

  // exceljs's parse state.
  private inRows = false;
  private row: { number: number; numFmt: string | undefined } | null = null;
  private cells: CellSlot[] = [];
  private used = 0;
  /** Where a column's cell is in `cells`, for the row numbered `rowSerial` here. */
  private readonly slotOf = new Int32Array(16_385);
  private readonly slotRow = new Int32Array(16_385);
  private rowSerial = 0;
  private inCell = false;
  private cellT = T.other;
  private cellS = NaN;
  private cellR = -1;
  private hasF = false;
  private hasV = false;
  /** Text goes to the cell's value text (`<v>`, `<is>`, `<t>`; not `<f>`). */
  private toValue = false;
  // The value text: one piece of a chunk, or the pieces copied.
  private textBuf: Buffer | null = null;
  private textStart = 0;
  private textEnd = 0;
  private copied = Buffer.alloc(256);
  private copiedLength = -1;
  private readonly styles = new Map<number, { numFmt?: string } | null>();

  constructor(private readonly options: SheetRowOptions) {}

  private style(id: number): { numFmt?: string } | null {
    let s = this.styles.get(id);
    if (s === undefined) {
      s = this.options.styleOf(id);
      this.styles.set(id, s);
    }
    return s;
  }

  /** The name of an entity whose ';' has not come yet: the parser reads everything up to the
   *  next ';' as its name, across tags and chunks (and refuses the part then, unless the name
   *  is one it knows). */
  private entity: string | null = null;

  /** Follows an entity from buf[amp] ('&'): the position after its ';', or -1 when the chunk ends
   *  first (the rest of the chunk is then the entity's). */
  private skipEntity(buf: Buffer, amp: number): number {
    const semi = buf.indexOf(0x3b, amp + 1);
    if (semi < 0) {
      this.entity = buf.toString('latin1', amp + 1, Math.min(buf.length, amp + 2 + MAX_ENTITY));
      return -1;
    }
    checkEntity(semi - amp > MAX_ENTITY ? '<' : buf.toString('latin1', amp + 1, semi));
    return semi + 1;
  }

  write(chunk: Buffer): (SheetRow | null)[] {
    if (hasForbidden(chunk)) throw new XmlScanError('disallowed character');
    this.rows = [];
    let i = 0;
    if (this.entity !== null) {
      const semi = chunk.indexOf(0x3b);
      if (semi < 0) {
        if (this.entity.length <= MAX_ENTITY)
          this.entity += chunk.toString('latin1', 0, 2 * MAX_ENTITY);
        return this.rows;
      }
      const name = this.entity + chunk.toString('latin1', 0, Math.min(semi, 2 * MAX_ENTITY));
      checkEntity(semi > MAX_ENTITY ? '<' : name);
      // A known entity cut by the chunk's start: its text goes on.
      this.entity = null;
      const whole = Buffer.from(`&${name};`, 'latin1');
      this.text(whole, 0, whole.length);
      i = semi + 1;
    }
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    const n = buf.length;
    let amp = buf.indexOf(0x26, i);
    while (i < n) {
      if (this.skipUntil) {
        const end = buf.indexOf(this.skipUntil, i);
        if (end < 0) {
          this.carry = buf.subarray(Math.max(i, n - this.skipUntil.length + 1));
          break;
        }
        i = end + this.skipUntil.length;
        this.skipUntil = null;
        if (amp >= 0 && amp < i) amp = buf.indexOf(0x26, i);
        continue;
      }
      const lt = buf.indexOf(0x3c, i);
      const textEnd = lt < 0 ? n : lt;
      while (amp >= 0 && amp < textEnd) {
        const next = this.skipEntity(buf, amp);
        if (next < 0) {
          this.text(buf, i, amp);
          return this.rows;
        }
        amp = buf.indexOf(0x26, next);
      }
      this.text(buf, i, textEnd);
      if (lt < 0) break;
      if (lt + 1 >= n) {
        this.carry = buf.subarray(lt);
        break;
      }
      const first = buf[lt + 1];
      if (first === 0x3f /* <? */ || first === 0x21 /* <! */) {
        if (first === 0x3f) this.skipUntil = PI_END;
        else if (buf[lt + 2] === 0x2d && buf[lt + 3] === 0x2d) this.skipUntil = COMMENT_END;
        else if (lt + 9 > n) {
          this.carry = buf.subarray(lt);
          break;
        } else if (buf.toString('latin1', lt + 2, lt + 9) === '[CDATA[') this.skipUntil = CDATA_END;
        else throw new XmlScanError('document type declaration');
        i = lt + (first === 0x3f ? 2 : 4);
        continue;
      }
      // The tag's end: the first '>' outside quoted attribute values.
      const gt = tagEnd(buf, lt + 1, n);
      if (gt < 0) {
        if (n - lt > MAX_TAG_BYTES) throw new XmlScanError('tag too long');
        this.carry = buf.subarray(lt);
        break;
      }
      while (amp >= 0 && amp < gt) {
        const next = this.skipEntity(buf, amp);
        if (next < 0) return this.rows;
        amp = buf.indexOf(0x26, next);
      }
      const closing = first === 0x2f;
      const nameStart = closing ? lt + 2 : lt + 1;
      let nameEnd = nameStart;
      while (nameEnd < gt) {
        const b = buf[nameEnd] as number;
        if (b <= 0x20 || b === 0x2f) break;
        nameEnd++;
      }
      if (nameEnd === nameStart) throw new XmlScanError('tag without a name');
      if (closing) {
        this.pop(buf, nameStart, nameEnd);
        this.close(buf, nameStart, nameEnd);
      } else {
        const selfClosing = buf[gt - 1] === 0x2f;
        this.open(buf, nameStart, nameEnd, selfClosing ? gt - 1 : gt);
        if (selfClosing) this.close(buf, nameStart, nameEnd);
        else this.push(buf, nameStart, nameEnd);
      }
      i = gt + 1;
    }
    return this.rows;
  }

  private push(buf: Buffer, start: number, end: number): void {
    const length = end - start;
    if (this.stackEnd + length > this.stack.length) {
      const bigger = Buffer.alloc((this.stackEnd + length) * 2);
      this.stack.copy(bigger, 0, 0, this.stackEnd);
      this.stack = bigger;
    }
    this.stackStarts.push(this.stackEnd);
    const stack = this.stack;
    let at = this.stackEnd;
    for (let k = start; k < end; k++) stack[at++] = buf[k] as number;
    this.stackEnd = at;
  }

  private pop(buf: Buffer, start: number, end: number): void {
    const top = this.stackStarts.pop();
    if (top === undefined) throw new XmlScanError('unmatched closing tag');
    // Byte by byte: a native compare costs more than these few bytes.
    let same = this.stackEnd - top === end - start;
    for (let k = 0; same && k < end - start; k++) same = this.stack[top + k] === buf[start + k];
    if (!same) throw new XmlScanError('unexpected closing tag');
    this.stackEnd = top;
  }

  private text(buf: Buffer, start: number, end: number): void {
    if (!this.toValue || end <= start) return;
    if (this.copiedLength < 0 && this.textBuf === null) {
      this.textBuf = buf;
      this.textStart = start;
      this.textEnd = end;
      return;
    }
    if (this.copiedLength < 0) {
      this.copiedLength = 0;
      this.append(this.textBuf as Buffer, this.textStart, this.textEnd);
      this.textBuf = null;
    }
    this.append(buf, start, end);
  }

  private append(buf: Buffer, start: number, end: number): void {
    const length = end - start;
    if (this.copiedLength + length > this.copied.length) {
      const bigger = Buffer.allocUnsafe((this.copiedLength + length) * 2);
      this.copied.copy(bigger, 0, 0, this.copiedLength);
      this.copied = bigger;
    }
    buf.copy(this.copied, this.copiedLength, start, end);
    this.copiedLength += length;
  }

  /** A new value text (exceljs's `c.v = {text: ''}`). */
  private startValueText(): void {
    this.hasV = true;
    this.toValue = true;
    this.textBuf = null;
    this.copiedLength = -1;
  }

  /** The value text's bytes: [buf, start, end). */
  private valueBytes(): [Buffer, number, number] {
    if (this.copiedLength >= 0) return [this.copied, 0, this.copiedLength];
    if (this.textBuf) return [this.textBuf, this.textStart, this.textEnd];
    return [EMPTY, 0, 0];
  }

  /** The value text as the parser gave it: entities decoded, line ends made '\n'. */
  private valueText(): string {
    const [buf, start, end] = this.valueBytes();
    const raw = buf.toString('utf8', start, end);
    return raw.includes('&') || raw.includes('\r') ? decodeXmlText(raw) : raw;
  }

  /** parseFloat (or parseInt) of the value text; all digits are read without making a string. */
  private valueNumber(int: boolean): number {
    const [buf, start, end] = this.valueBytes();
    const n = digits(buf, start, end);
    if (!Number.isNaN(n)) return n;
    const text = this.valueText();
    return int ? parseInt(text, 10) : parseFloat(text);
  }

  private open(buf: Buffer, start: number, end: number, tagEnd: number): void {
    const length = end - start;
    const b0 = buf[start];
    if (length === 1 && b0 === 0x63 /* c */) {
      if (!this.row) return;
      this.inCell = true;
      this.hasF = false;
      this.hasV = false;
      this.toValue = false;
      this.textBuf = null;
      this.copiedLength = -1;
      this.cellR = -1;
      this.cellT = T.other;
      this.cellS = NaN;
      this.cellAttributes(buf, end, tagEnd);
    } else if (length === 1 && (b0 === 0x76 /* v */ || b0 === 0x74) /* t */) {
      if (this.inCell) this.startValueText();
    } else if (length === 1 && b0 === 0x66 /* f */) {
      if (this.inCell) {
        this.hasF = true;
        this.toValue = false;
      }
    } else if (length === 2 && b0 === 0x69 && buf[start + 1] === 0x73 /* is */) {
      if (this.inCell) this.startValueText();
    } else if (length === 3 && b0 === 0x72 && buf[start + 1] === 0x6f && buf[start + 2] === 0x77) {
      if (!this.inRows) return;
      const r = attribute(buf, end, tagEnd, 'r');
      const s = attribute(buf, end, tagEnd, 's');
      let numFmt: string | undefined;
      if (s) numFmt = this.style(parseInt(s, 10))?.numFmt;
      this.row = { number: r === undefined ? NaN : parseInt(r, 10), numFmt };
      this.used = 0;
      this.rowSerial++;
    } else if (length === 9 && buf.toString('latin1', start, end) === 'sheetData') {
      this.inRows = true;
    }
  }

  /** The cell's r, s and t, read from its tag's bytes. */
  private cellAttributes(buf: Buffer, start: number, end: number): void {
    let i = start;
    while (i < end) {
      while (i < end && isSpace(buf[i])) i++;
      const nameStart = i;
      while (i < end && buf[i] !== 0x3d && !isSpace(buf[i])) i++;
      const nameEnd = i;
      while (i < end && buf[i] !== 0x22 && buf[i] !== 0x27) i++;
      const quote = buf[i];
      const valueStart = i + 1;
      i = valueStart;
      while (i < end && buf[i] !== quote) i++;
      if (i >= end) return;
      const valueEnd = i++;
      if (nameEnd - nameStart !== 1) continue;
      const plain = isPlain(buf, valueStart, valueEnd);
      const name = buf[nameStart];
      if (name === 0x72 /* r */) {
        this.cellR = plain
          ? columnAt(buf, valueStart, valueEnd)
          : columnOf(attributeValue(buf, valueStart, valueEnd));
      } else if (name === 0x73 /* s */) {
        const s = plain ? digits(buf, valueStart, valueEnd) : NaN;
        this.cellS = Number.isNaN(s) ? parseInt(attributeValue(buf, valueStart, valueEnd), 10) : s;
      } else if (name === 0x74 /* t */) {
        this.cellT = plain
          ? typeOf(buf, valueStart, valueEnd)
          : typeOfText(attributeValue(buf, valueStart, valueEnd));
      }
    }
  }

  private close(buf: Buffer, start: number, end: number): void {
    const length = end - start;
    const b0 = buf[start];
    if (length === 1 && b0 === 0x63 /* c */) {
      if (this.row && this.inCell) this.endCell();
      this.inCell = false;
      this.toValue = false;
    } else if (length === 3 && b0 === 0x72 && buf[start + 1] === 0x6f && buf[start + 2] === 0x77) {
      this.rows.push(this.row ? this.endRow(this.row.number) : null);
      this.row = null;
    } else if (length === 9 && buf.toString('latin1', start, end) === 'sheetData') {
      this.inRows = false;
    }
  }

  private endCell(): void {
    const row = this.row as { number: number; numFmt: string | undefined };
    // exceljs: decodeAddress, then getCell, which fails on a column out of range or a row
    // without a number.
    const col = this.cellR;
    if (!(col >= 1 && col <= 16_384) || Number.isNaN(row.number)) {
      throw new XmlScanError('cell without a reference');
    }
    let slot: CellSlot | undefined;
    if (this.slotRow[col] === this.rowSerial) slot = this.cells[this.slotOf[col] as number];
    if (!slot) {
      this.slotRow[col] = this.rowSerial;
      this.slotOf[col] = this.used;
      slot = this.cells[this.used];
      if (slot) {
        slot.col = col;
        slot.value = undefined;
        slot.result = undefined;
        slot.numFmt = row.numFmt;
      } else {
        slot = { col, value: undefined, result: undefined, numFmt: row.numFmt };
        this.cells.push(slot);
      }
      this.used++;
    }
    if (this.cellS) {
      const style = this.style(this.cellS);
      if (style) slot.numFmt = style.numFmt;
    }
    if (this.hasF) {
      slot.value = FORMULA;
      slot.result = this.hasV
        ? this.cellT === T.str
          ? xmlDecode(this.valueText())
          : this.valueNumber(false)
        : undefined;
    } else if (this.hasV) {
      slot.result = undefined;
      switch (this.cellT) {
        case T.s:
          slot.value = this.options.strings?.get(this.valueNumber(true)) ?? '';
          break;
        case T.inlineStr:
        case T.str:
          slot.value = xmlDecode(this.valueText());
          break;
        case T.e:
          slot.value = { error: this.valueText() };
          break;
        case T.b:
          slot.value = this.valueNumber(true) !== 0;
          break;
        default:
          slot.value = isDateFmt(slot.numFmt)
            ? excelToDate(this.valueNumber(false), this.options.date1904)
            : this.valueNumber(false);
      }
    }
  }

  private endRow(number: number): SheetRow {
    let slots = this.cells;
    let sorted = true;
    for (let k = 1; k < this.used && sorted; k++) {
      sorted = (slots[k - 1] as CellSlot).col < (slots[k] as CellSlot).col;
    }
    if (!sorted) slots = slots.slice(0, this.used).sort((a, b) => a.col - b.col);
    const cols: number[] = [];
    const texts: (string | CellText)[] = [];
    for (let k = 0; k < this.used; k++) {
      const slot = slots[k] as CellSlot;
      // A cell without a value is one exceljs leaves out.
      if (slot.value === undefined) continue;
      cols.push(slot.col);
      // A text is itself (excelCellText's first case), without an object of its own.
      texts.push(
        typeof slot.value === 'string'
          ? slot.value
          : excelCellText(
              { value: slot.value, numFmt: slot.numFmt, result: slot.result },
              this.options.date1904,
            ),
      );
    }
    this.used = 0;
    return { number, cols, texts };
  }
}

/** A formula cell's value: its text is read from the cached result (cellText.ts). */
const FORMULA = Object.freeze({ formula: 'formula' });

const EMPTY = Buffer.alloc(0);
const PI_END = Buffer.from('?>');
const COMMENT_END = Buffer.from('-->');
const CDATA_END = Buffer.from(']]>');
/** Longest start tag kept across chunks (as xmlScan.ts). */
const MAX_TAG_BYTES = 1 << 20;

function typeOf(buf: Buffer, start: number, end: number): T {
  const length = end - start;
  const b0 = buf[start];
  if (length === 1) return b0 === 0x73 ? T.s : b0 === 0x65 ? T.e : b0 === 0x62 ? T.b : T.other;
  if (length === 3 || length === 9) return typeOfText(buf.toString('latin1', start, end));
  return T.other;
}

function typeOfText(t: string): T {
  switch (t) {
    case 's':
      return T.s;
    case 'str':
      return T.str;
    case 'inlineStr':
      return T.inlineStr;
    case 'e':
      return T.e;
    case 'b':
      return T.b;
    default:
      return T.other;
  }
}
