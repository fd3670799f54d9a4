// A forward-only scanner over the bytes of a workbook part, for the few elements the app counts
// and measures before (or instead of) parsing it: start tags with their attributes, end tags, and
// the text inside the elements the caller asks for. It keeps nothing but an unfinished tag
// between chunks, so it runs in constant memory whatever the part's size.
//
// Not a general XML parser: names are compared without their namespace prefix, comments,
// processing instructions and CDATA are skipped (exceljs ignores CDATA too), and a document type
// declaration is refused (Excel never writes one; it is how entity bombs are made).

export class XmlScanError extends Error {}

/** A start tag's bytes, to read attributes from without making strings of the others. */
export class Tag {
  /** Where the value of the attribute last found by `find` starts and ends. */
  valueStart = 0;
  valueEnd = 0;

  /** The tag's attribute bytes (after its name) are buf[start..end); one Tag is reused for
   *  every tag of a part, so a handler must not keep it. */
  buf: Buffer = Buffer.alloc(0);
  start = 0;
  end = 0;

  /** Finds attribute `name` (ASCII, compared without prefix); its value is then at
   *  valueStart..valueEnd. */
  find(name: string): boolean {
    const { buf, end } = this;
    let i = this.start;
    while (i < end) {
      while (i < end && buf[i] !== 0x20 && buf[i] !== 0x09 && buf[i] !== 0x0a && buf[i] !== 0x0d)
        i++;
      while (i < end && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0a || buf[i] === 0x0d))
        i++;
      const nameStart = i;
      while (i < end && buf[i] !== 0x3d && buf[i] !== 0x20) i++;
      const nameEnd = i;
      while (i < end && buf[i] !== 0x22 && buf[i] !== 0x27) i++;
      const quote = buf[i];
      const valueStart = i + 1;
      i = valueStart;
      while (i < end && buf[i] !== quote) i++;
      if (i >= end) return false;
      let n = nameStart;
      for (let k = nameStart; k < nameEnd; k++) if (buf[k] === 0x3a) n = k + 1;
      if (nameEnd - n === name.length) {
        let same = true;
        for (let k = 0; k < name.length && same; k++) same = buf[n + k] === name.charCodeAt(k);
        if (same) {
          this.valueStart = valueStart;
          this.valueEnd = i;
          return true;
        }
      }
      i++;
    }
    return false;
  }

  /** The value of attribute `name` as latin1 text. */
  attr(name: string): string | undefined {
    return this.find(name)
      ? this.buf.toString('latin1', this.valueStart, this.valueEnd)
      : undefined;
  }

  /** The value of attribute `name` is the one-character `value`. */
  is(name: string, value: string): boolean {
    return (
      this.find(name) &&
      this.valueEnd - this.valueStart === 1 &&
      this.buf[this.valueStart] === value.charCodeAt(0)
    );
  }
}

export interface XmlHandler {
  /** `id` is the position of the element's name in the scanner's list, -1 for other names. */
  open(id: number, tag: Tag, selfClosing: boolean): void;
  close(id: number): void;
  /** Raw text bytes, only while `scanner.wantText` is true; entities are not decoded, and a
   *  text can come in several pieces. */
  text(buf: Buffer, start: number, end: number): void;
}

/** Longest start tag kept across chunks; Excel's are under a hundred bytes. */
const MAX_TAG_BYTES = 1 << 20;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const PI_END = Buffer.from('?>');
const COMMENT_END = Buffer.from('-->');
const CDATA_END = Buffer.from(']]>');

/** The index of a tag's closing '>' from `from` (the first outside quoted attribute values), or
 *  -1 when the buffer ends first. */
export function tagEnd(buf: Buffer, from: number, n: number): number {
  let quote = 0;
  for (let k = from; k < n; k++) {
    const b = buf[k] as number;
    if (quote !== 0) {
      if (b === quote) quote = 0;
    } else if (b === 0x22 || b === 0x27) quote = b;
    else if (b === GT) return k;
  }
  return -1;
}

export class XmlScanner {
  /** Set by the handler: text is passed on only while this is true. */
  wantText = false;
  private carry: Buffer | null = null;
  private skipUntil: Buffer | null = null;
  private readonly tag = new Tag();
  private readonly names: Map<number, { bytes: Buffer; id: number }[]> = new Map();

  constructor(
    names: readonly string[],
    private readonly handler: XmlHandler,
  ) {
    names.forEach((name, id) => {
      const bytes = Buffer.from(name, 'latin1');
      const key = bytes.length * 256 + (bytes[0] ?? 0);
      this.names.set(key, [...(this.names.get(key) ?? []), { bytes, id }]);
    });
  }

  private nameId(buf: Buffer, start: number, end: number): number {
    for (let k = start; k < end; k++) if (buf[k] === 0x3a) start = k + 1;
    const candidates = this.names.get((end - start) * 256 + (buf[start] ?? 0));
    if (!candidates) return -1;
    // Byte by byte in JavaScript: a native compare costs more than these few bytes.
    for (const { bytes, id } of candidates) {
      let k = 1;
      while (k < bytes.length && bytes[k] === buf[start + k]) k++;
      if (k === bytes.length) return id;
    }
    return -1;
  }

  write(chunk: Buffer): void {
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    const n = buf.length;
    let i = 0;
    while (i < n) {
      if (this.skipUntil) {
        const end = buf.indexOf(this.skipUntil, i);
        if (end < 0) {
          // Keep what could be the start of the terminator.
          this.carry = buf.subarray(Math.max(i, n - this.skipUntil.length + 1));
          return;
        }
        i = end + this.skipUntil.length;
        this.skipUntil = null;
        continue;
      }
      const lt = buf.indexOf(LT, i);
      const textEnd = lt < 0 ? n : lt;
      if (this.wantText && textEnd > i) this.handler.text(buf, i, textEnd);
      if (lt < 0) return;
      if (lt + 1 >= n) {
        this.carry = buf.subarray(lt);
        return;
      }
      const first = buf[lt + 1];
      if (first === 0x3f /* <? */) {
        this.skipUntil = PI_END;
        i = lt + 2;
        continue;
      }
      if (first === 0x21 /* <! */) {
        const comment = buf[lt + 2] === 0x2d && buf[lt + 3] === 0x2d;
        if (!comment && lt + 9 > n) {
          this.carry = buf.subarray(lt);
          return;
        }
        if (comment) this.skipUntil = COMMENT_END;
        else if (buf.toString('latin1', lt + 2, lt + 9) === '[CDATA[') this.skipUntil = CDATA_END;
        else throw new XmlScanError('document type declaration');
        i = lt + 4;
        continue;
      }
      // The tag's end: the first '>' outside quoted attribute values.
      const gt = tagEnd(buf, lt + 1, n);
      if (gt < 0) {
        if (n - lt > MAX_TAG_BYTES) throw new XmlScanError('tag too long');
        this.carry = buf.subarray(lt);
        return;
      }
      const closing = first === SLASH;
      const nameStart = closing ? lt + 2 : lt + 1;
      let nameEnd = nameStart;
      while (nameEnd < gt) {
        const b = buf[nameEnd] as number;
        if (b <= 0x20 || b === SLASH) break;
        nameEnd++;
      }
      const id = this.nameId(buf, nameStart, nameEnd);
      if (closing) this.handler.close(id);
      else {
        const selfClosing = buf[gt - 1] === SLASH;
        const tag = this.tag;
        tag.buf = buf;
        tag.start = nameEnd;
        tag.end = selfClosing ? gt - 1 : gt;
        this.handler.open(id, tag, selfClosing);
        if (selfClosing) this.handler.close(id);
      }
      i = gt + 1;
    }
  }

  /** The part ended: an unfinished tag means it was cut short. */
  end(): void {
    if (this.carry && this.carry.length > 0 && !this.skipUntil) {
      throw new XmlScanError('part ends inside a tag');
    }
  }
}

/**
 * Counts the characters (UTF-16 units, as Excel and JavaScript count them) of raw text bytes
 * as they stream: UTF-8 lead bytes, an entity as one, carriage returns not at all (XML turns
 * CR LF into LF). `inEntity` carries an entity cut by a chunk boundary.
 */
export class CharCounter {
  chars = 0;
  private inEntity = false;

  reset(): void {
    this.chars = 0;
    this.inEntity = false;
  }

  add(buf: Buffer, start: number, end: number): void {
    let chars = 0;
    let inEntity = this.inEntity;
    for (let i = start; i < end; i++) {
      const b = buf[i] as number;
      if (inEntity) {
        if (b === 0x3b) inEntity = false;
      } else if (b === 0x26) {
        inEntity = true;
        chars++;
      } else if ((b & 0xc0) !== 0x80 && b !== 0x0d) {
        chars += b >= 0xf0 ? 2 : 1;
      }
    }
    this.chars += chars;
    this.inEntity = inEntity;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text as its characters: entities decoded, line ends normalised as an XML parser does. */
export function decodeXmlText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, e: string) => {
      if (e[0] !== '#') return ENTITIES[e] ?? whole;
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
}
