// The workbook's shared strings (xl/sharedStrings.xml: the table of texts that cells point at),
// read by the app itself rather than by exceljs, which keeps each one as a JavaScript string (or
// an object per formatted piece) and so needs several times the text's size. Here the texts are
// counted and measured as they stream in, refused with a sentence as soon as one of the limits
// is passed, and kept as UTF-8 bytes in large blocks with three numbers each; a cell's text is
// made when its row is read. Formatting inside a text (rich text) is dropped, as the app reads
// every cell as plain text anyway; phonetic guides (rPh) are not part of the text.
import { basename } from 'node:path';
import { fail } from '../../src-shared/errors';
import { EXCEL_MAX_CELL_CHARS, formatCount, SPLIT_OR_CSV, XLSX_LIMITS } from './limits';
import { CharCounter, decodeXmlText, XmlScanner } from './xmlScan';
import { Turns } from './turns';

/** Texts are stored in blocks that grow to this size; one text never spans two blocks. */
const MAX_BLOCK_BYTES = 8 * 1024 * 1024;
/** Raw bytes of one text before decoding: its characters at up to ten bytes each (`&#x1F600;`). */
const MAX_RAW_BYTES = EXCEL_MAX_CELL_CHARS * 10;
/** Recently made texts, by index, so a value repeated down a column is one string. */
const CACHE_SIZE = 4096;

const EMPTY = Buffer.alloc(0);

/** Short texts are copied in JavaScript: a native copy costs more than a few bytes. */
function copyBytes(from: Buffer, start: number, end: number, to: Buffer, at: number): void {
  if (end - start > 64) from.copy(to, at, start, end);
  else for (let i = start; i < end; i++) to[at++] = from[i] as number;
}

export class SharedStrings {
  private blocks: Buffer[] = [];
  private used = 0;
  // Per text: its block, where it starts in it, its bytes and its characters (12 bytes a text).
  private blockOf = new Uint16Array(1024);
  private starts = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private charCounts = new Uint16Array(1024);
  private cacheKeys = new Int32Array(CACHE_SIZE).fill(-1);
  private cacheValues: string[] = new Array<string>(CACHE_SIZE).fill('');
  private overlong = new Map<number, number>();
  count = 0;
  totalChars = 0;

  /** Keeps the first `length` bytes of `bytes`. */
  add(bytes: Buffer, length: number, chars: number): void {
    if (this.count === this.starts.length) {
      const grow = <T extends Uint32Array | Uint16Array>(a: T, b: T): T => {
        b.set(a);
        return b;
      };
      const size = this.starts.length * 2;
      this.blockOf = grow(this.blockOf, new Uint16Array(size));
      this.starts = grow(this.starts, new Uint32Array(size));
      this.lengths = grow(this.lengths, new Uint32Array(size));
      this.charCounts = grow(this.charCounts, new Uint16Array(size));
    }
    let block = this.blocks.at(-1);
    if (!block || this.used + length > block.length) {
      // Small workbooks take little; large ones end up in blocks of 8 MB.
      const size = Math.min(MAX_BLOCK_BYTES, Math.max(64 * 1024, (block?.length ?? 0) * 2));
      block = Buffer.allocUnsafe(Math.max(size, length));
      this.blocks.push(block);
      this.used = 0;
    }
    copyBytes(bytes, 0, length, block, this.used);
    this.blockOf[this.count] = this.blocks.length - 1;
    this.starts[this.count] = this.used;
    this.lengths[this.count] = length;
    this.charCounts[this.count] = chars;
    this.used += length;
    this.count++;
    this.totalChars += chars;
  }

  /** The text at `index`; '' for an index the table does not have (as exceljs reads it). */
  get(index: number): string {
    if (!(index >= 0 && index < this.count)) return '';
    const slot = index % CACHE_SIZE;
    if (this.cacheKeys[slot] === index) return this.cacheValues[slot] as string;
    const block = this.blocks[this.blockOf[index] as number] as Buffer;
    const start = this.starts[index] as number;
    const text = block.toString('utf8', start, start + (this.lengths[index] as number));
    this.cacheKeys[slot] = index;
    this.cacheValues[slot] = text;
    return text;
  }

  /** A text longer than a cell can hold: counted, not kept (it reads as ''). */
  addOverlong(chars: number): void {
    this.overlong.set(this.count, chars);
    this.add(EMPTY, 0, 0);
  }

  /** Characters of the text at `index` (0 for an index the table does not have). */
  chars(index: number): number {
    if (!(index >= 0 && index < this.count)) return 0;
    return this.overlong.get(index) ?? (this.charCounts[index] as number);
  }
}

const enum El {
  si,
  t,
  rPh,
}

/** Reads xl/sharedStrings.xml from its stream, refusing the workbook when a limit is passed. */
export async function readSharedStrings(
  path: string,
  stream: AsyncIterable<Buffer>,
): Promise<SharedStrings> {
  const file = basename(path);
  const strings = new SharedStrings();
  const counter = new CharCounter();
  let raw = Buffer.allocUnsafe(4096);
  let rawLength = 0;
  let inItem = false;
  let phonetic = 0;

  // A text longer than a cell can hold is measured but not kept: the sheet names the cell that
  // shows it (see sheetScan.ts), and a text no cell shows does not matter.
  let overlong = false;

  const finishItem = () => {
    if (overlong) {
      strings.addOverlong(counter.chars);
      return;
    }
    let bytes = raw;
    let length = rawLength;
    let chars = counter.chars;
    let plain = true;
    for (let i = 0; i < length && plain; i++) plain = raw[i] !== 0x26 && raw[i] !== 0x0d;
    if (!plain) {
      const text = decodeXmlText(raw.toString('utf8', 0, length));
      chars = text.length;
      bytes = Buffer.from(text, 'utf8');
      length = bytes.length;
    }
    if (strings.count >= XLSX_LIMITS.sharedStrings) {
      fail(
        'workbook_too_many_texts',
        `"${file}" holds more than ${formatCount(XLSX_LIMITS.sharedStrings)} different texts; the app reads workbooks with up to ${formatCount(XLSX_LIMITS.sharedStrings)}. ${SPLIT_OR_CSV}`,
        { path, maxSharedStrings: XLSX_LIMITS.sharedStrings },
      );
    }
    if (strings.totalChars + chars > XLSX_LIMITS.sharedStringChars) {
      fail(
        'workbook_too_many_texts',
        `The different texts in "${file}" add up to more than ${formatCount(XLSX_LIMITS.sharedStringChars)} characters; the app reads workbooks whose different texts add up to at most ${formatCount(XLSX_LIMITS.sharedStringChars)}. ${SPLIT_OR_CSV}`,
        { path, sharedStrings: strings.count, maxChars: XLSX_LIMITS.sharedStringChars },
      );
    }
    if (chars > EXCEL_MAX_CELL_CHARS) strings.addOverlong(chars);
    else strings.add(bytes, length, chars);
  };

  const scanner: XmlScanner = new XmlScanner(['si', 't', 'rPh'], {
    open(id: number) {
      if (id === El.si) {
        inItem = true;
        overlong = false;
        rawLength = 0;
        counter.reset();
        phonetic = 0;
      } else if (id === El.t) {
        scanner.wantText = inItem && phonetic === 0;
      } else if (id === El.rPh) {
        phonetic++;
      }
    },
    close(id: number) {
      if (id === El.t) scanner.wantText = false;
      else if (id === El.rPh) phonetic = Math.max(0, phonetic - 1);
      else if (id === El.si && inItem) {
        scanner.wantText = false;
        inItem = false;
        finishItem();
      }
    },
    text(buf: Buffer, start: number, end: number) {
      counter.add(buf, start, end);
      if (overlong) return;
      const length = end - start;
      if (counter.chars > EXCEL_MAX_CELL_CHARS || rawLength + length > MAX_RAW_BYTES) {
        overlong = true;
        return;
      }
      if (rawLength + length > raw.length) {
        const bigger = Buffer.allocUnsafe(Math.min(MAX_RAW_BYTES, (rawLength + length) * 2));
        raw.copy(bigger, 0, 0, rawLength);
        raw = bigger;
      }
      copyBytes(buf, start, end, raw, rawLength);
      rawLength += length;
    },
  });
  const turns = new Turns();
  for await (const chunk of stream) {
    scanner.write(chunk);
    await turns.maybe();
  }
  scanner.end();
  return strings;
}
