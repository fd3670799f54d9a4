// The bytes of a sheet's XML as exceljs's parser and reader took them, for sheetRows.ts: its
// decoding of texts (an XML parser's, then exceljs's own once more), its date test, its cell
// references, and the XML rules its parser refused a part for (entities, characters).
import { decodeXmlText, XmlScanError } from './xmlScan';

/** exceljs's `utils.xmlDecode`: applied (again) to inline strings and formula texts. */
export function xmlDecode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([a-z]*);/g, (c) => XML_DECODE[c] ?? c);
}
const XML_DECODE: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&apos;': "'",
  '&quot;': '"',
};

/** exceljs's `utils.isDateFmt`, remembered per format. */
const dateFormats = new Map<string, boolean>();
export function isDateFmt(fmt: string | undefined): boolean {
  if (!fmt) return false;
  let known = dateFormats.get(fmt);
  if (known === undefined) {
    known = /[ymdhMsb]+/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
    if (dateFormats.size < 1_000) dateFormats.set(fmt, known);
  }
  return known;
}

/** exceljs's `utils.excelToDate`. */
export const excelToDate = (v: number, date1904: boolean) =>
  new Date(Math.round((v - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));

/** XML 1.0's characters (what a character reference may name). */
const isXmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

const NAMED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** An entity's name (between '&' and ';') is one XML knows: its five, or a reference to one of
 *  its characters. The parser refused the part otherwise. */
export function checkEntity(name: string): void {
  let code = NaN;
  if (name[0] === '#') {
    if (name[1] === 'x' && /^#x[0-9a-f]+$/i.test(name)) code = parseInt(name.slice(2), 16);
    else if (/^#[0-9]+$/.test(name)) code = parseInt(name.slice(1), 10);
    if (!isXmlChar(code)) throw new XmlScanError('malformed character reference');
  } else if (!NAMED.has(name)) throw new XmlScanError('undefined entity');
}

/** Longest entity name kept across chunks; a longer one is refused when its ';' comes. */
export const MAX_ENTITY = 64;

/** A chunk with a character XML does not allow (control characters but tab and line ends,
 *  U+FFFE, U+FFFF). */
export function hasForbidden(chunk: Buffer): boolean {
  const n = chunk.length;
  for (let i = 0; i < n; i++) {
    const b = chunk[i] as number;
    if (b < 0x20) {
      if (b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
    } else if (b === 0xef && chunk[i + 1] === 0xbf && ((chunk[i + 2] as number) | 1) === 0xbf) {
      return true;
    }
  }
  return false;
}

/** The digits of buf[start..end) as a number; NaN unless all are digits (1 to 15 of them). */
export function digits(buf: Buffer, start: number, end: number): number {
  if (end <= start || end - start > 15) return NaN;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = (buf[i] as number) - 0x30;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

export const isSpace = (b: number | undefined) =>
  b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** No entity and no white space to normalise in buf[start..end). */
export function isPlain(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = buf[i] as number;
    if (b === 0x26 || b === 0x09 || b === 0x0a || b === 0x0d) return false;
  }
  return true;
}

/** An attribute's value as an XML parser gives it: entities decoded, white space made spaces. */
export function attributeValue(buf: Buffer, start: number, end: number): string {
  const raw = buf
    .toString('utf8', start, end)
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\n]/g, ' ');
  return raw.includes('&') ? decodeXmlText(raw) : raw;
}

/** The value of the attribute named exactly `name` in the tag's bytes, or undefined. */
export function attribute(
  buf: Buffer,
  start: number,
  end: number,
  name: string,
): string | undefined {
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
    if (i >= end) return undefined;
    const valueEnd = i++;
    if (
      nameEnd - nameStart === name.length &&
      buf.toString('latin1', nameStart, nameEnd) === name
    ) {
      return attributeValue(buf, valueStart, valueEnd);
    }
  }
  return undefined;
}

/** exceljs's `colCache.decodeAddress(ref).col`: capital letters before the row's digits; 0 when
 *  there are none. */
export function columnOf(ref: string): number {
  let col = 0;
  let hasCol = false;
  let hasRow = false;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (!hasRow && c >= 65 && c <= 90) {
      hasCol = true;
      col = col * 26 + c - 64;
    } else if (c >= 48 && c <= 57) hasRow = true;
    else if (hasRow && hasCol && c !== 36) break;
  }
  return col;
}

/** `columnOf` of the reference in buf[start..end) (ASCII). */
export function columnAt(buf: Buffer, start: number, end: number): number {
  let col = 0;
  let hasCol = false;
  let hasRow = false;
  for (let i = start; i < end; i++) {
    const c = buf[i] as number;
    if (!hasRow && c >= 65 && c <= 90) {
      hasCol = true;
      col = col * 26 + c - 64;
    } else if (c >= 48 && c <= 57) hasRow = true;
    else if (hasRow && hasCol && c !== 36) break;
    else if (c >= 0x80) return columnOf(buf.toString('utf8', start, end));
  }
  return col;
}
