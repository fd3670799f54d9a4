// Encoding and delimiter of .csv/.txt files as Excel and ERP systems write them: UTF-8 with or
// without BOM, UTF-16 (Excel's "Unicode Text"), Windows-1252 (German Excel's "CSV (Trennzeichen-
// getrennt)") or Mac Roman (Excel for Mac's "CSV (Macintosh)"); comma, semicolon, tab or pipe.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { fail } from '../../src-shared/errors';
import { noteText } from '../../src-shared/i18n/importText';
import type { DoubtParams, TextFileFormat } from './types';

const SAMPLE_BYTES = 1 << 20;

async function readSample(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SAMPLE_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Whether text read in `encoding` may have lost letters before it was saved: a single-byte
 *  encoding holds only some 200 characters, and Excel saves the others as "?". UTF-8 and UTF-16
 *  hold every letter. */
export function encodingLosesLetters(encoding: TextFileFormat['encoding']): boolean {
  return encoding === 'windows-1252' || encoding === 'macintosh';
}

export function detectEncoding(
  sample: Buffer,
): Pick<TextFileFormat, 'encoding' | 'bom' | 'doubt' | 'doubtParams'> {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) {
    return { encoding: 'utf-8', bom: true };
  }
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  // UTF-16 without BOM: ASCII text leaves every other byte zero.
  let evenZeros = 0;
  let oddZeros = 0;
  const n = Math.min(sample.length, 4096);
  for (let i = 0; i < n; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  }
  if (n >= 4 && oddZeros > n / 4 && evenZeros < n / 50) return { encoding: 'utf-16le', bom: false };
  if (n >= 4 && evenZeros > n / 4 && oddZeros < n / 50) return { encoding: 'utf-16be', bom: false };
  // Valid UTF-8 is almost never produced by chance from Windows-1252 text with umlauts. The sample
  // may end inside a character, so the last three bytes are left out of the check.
  const body = sample.length === SAMPLE_BYTES ? sample.subarray(0, sample.length - 3) : sample;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { ...chooseSingleByte(new SingleByteEvidence().add(body)), bom: false };
  }
}

// ---- Windows-1252 or Mac Roman

/** The characters bytes 0x80-0xFF stand for in each single-byte encoding. Both are WHATWG
 *  encodings, decoded by Node's TextDecoder (full ICU, as in Node 22 and Electron). */
const HIGH_HALF = (encoding: string): string[] => {
  const decoder = new TextDecoder(encoding);
  return Array.from({ length: 128 }, (_, i) => decoder.decode(Uint8Array.of(0x80 + i)));
};
const HIGH = { 'windows-1252': HIGH_HALF('windows-1252'), macintosh: HIGH_HALF('macintosh') };
type SingleByte = keyof typeof HIGH;
const OTHER: Record<SingleByte, SingleByte> = {
  'windows-1252': 'macintosh',
  macintosh: 'windows-1252',
};

/** Letters of the languages supplier lists are written in; rarer letters count less. */
const COMMON_LETTERS = new Set('äöüÄÖÜßéèêëàâáíìîïóòôõúùûçñÑÉÈÀÇåÅøØæÆãÃ');
const isLetter = (c: string) => /[\p{Lu}\p{Ll}]/u.test(c);
const isUpper = (c: string) => /\p{Lu}/u.test(c);
const isLower = (c: string) => /\p{Ll}/u.test(c);
const asciiChar = (b: number | undefined) =>
  b !== undefined && b < 0x80 ? String.fromCharCode(b) : '';

/** How plausible a byte above 0x7F is as text in one encoding, from its neighbours: a common
 *  letter scores most, a capital in the middle of a lowercase word or a symbol between letters
 *  ("MŸller", "Stra§e" for Mac Roman read as Windows-1252) count against, a control most. */
function plausibility(c: string, before: string, after: string): number {
  const code = c.charCodeAt(0);
  if (code < 0xa0 && code >= 0x80) return -3; // a C1 control: the byte is unused here
  if (isLetter(c)) {
    if (isUpper(c) && isLetter(before) && isLower(after)) return -1;
    return COMMON_LETTERS.has(c) ? 2 : 1;
  }
  return isLetter(before) && isLetter(after) ? -2 : 0;
}

/** Evidence for Windows-1252 against Mac Roman, gathered over one or more chunks of bytes. */
export class SingleByteEvidence {
  readonly score: Record<SingleByte, number> = { 'windows-1252': 0, macintosh: 0 };
  /** The first word with a byte above 0x7F, as bytes. */
  example: Buffer | null = null;
  private seen = 0;
  /** Enough bytes above 0x7F were weighed to decide. */
  get enough(): boolean {
    return this.seen >= 20_000;
  }
  add(bytes: Buffer): this {
    for (let i = 0; i < bytes.length && !this.enough; i++) {
      const b = bytes[i] as number;
      if (b < 0x80) continue;
      this.seen++;
      // Neighbours that are bytes above 0x7F themselves are read in the same encoding.
      for (const enc of ['windows-1252', 'macintosh'] as const) {
        const at = (j: number) => {
          const n = bytes[j];
          return n === undefined ? '' : n < 0x80 ? asciiChar(n) : (HIGH[enc][n - 0x80] ?? '');
        };
        this.score[enc] += plausibility(HIGH[enc][b - 0x80] ?? '', at(i - 1), at(i + 1));
      }
      if (!this.example) {
        const wordByte = (n: number | undefined) =>
          n !== undefined && (n >= 0x80 || /[0-9A-Za-z\-'.]/.test(String.fromCharCode(n)));
        let start = i;
        while (start > 0 && i - start < 30 && wordByte(bytes[start - 1])) start--;
        let end = i + 1;
        while (end < bytes.length && end - i < 30 && wordByte(bytes[end])) end++;
        this.example = Buffer.from(bytes.subarray(start, end));
      }
    }
    return this;
  }
}

/** The note that says which single-byte encoding was assumed, as data and in English. */
function doubtOf(params: DoubtParams): Pick<TextFileFormat, 'doubt' | 'doubtParams'> {
  return {
    doubt: noteText('en', { kind: 'encoding_detected', params: { variant: 'doubt', ...params } }),
    doubtParams: params,
  };
}

/** Windows-1252 or Mac Roman, whichever reads as words; when the evidence is thin, the sentence
 *  that says which was assumed, with the first word as the other encoding would read it. */
export function chooseSingleByte(
  evidence: SingleByteEvidence,
): Pick<TextFileFormat, 'encoding' | 'doubt' | 'doubtParams'> {
  const { score, example } = evidence;
  const encoding: SingleByte =
    score.macintosh > score['windows-1252'] ? 'macintosh' : 'windows-1252';
  if (!example || Math.abs(score.macintosh - score['windows-1252']) >= 3) return { encoding };
  const other = OTHER[encoding];
  const read = (enc: SingleByte) => new TextDecoder(enc).decode(example);
  return {
    encoding,
    ...doubtOf({
      assumed: encoding,
      reading: read(encoding),
      other,
      otherReading: read(other),
    }),
  };
}

const CANDIDATES = [';', ',', '\t', '|'] as const;

/** Counts each candidate outside quotes per line and picks the one that splits most lines the
 *  same way; title lines above the table do not disturb it because the mode is taken. */
export function detectDelimiter(text: string): TextFileFormat['delimiter'] {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 50);
  let best: TextFileFormat['delimiter'] = ',';
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      let inQuotes = false;
      let count = 0;
      for (const ch of line) {
        if (ch === '"') inQuotes = !inQuotes;
        else if (ch === d && !inQuotes) count++;
      }
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    // Score: lines sharing the most common count, weighted a little by the number of fields.
    let score = 0;
    for (const [count, lineCount] of counts) {
      score = Math.max(score, lineCount * 10 + Math.min(count, 9));
    }
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

/** Null when the whole file is UTF-8; otherwise the evidence for a single-byte encoding from its
 *  bytes above 0x7F. */
async function notUtf8Evidence(path: string): Promise<SingleByteEvidence | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  const evidence = new SingleByteEvidence();
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    if (utf8) {
      try {
        decoder.decode(chunk as Buffer, { stream: true });
      } catch {
        utf8 = false;
      }
    }
    // What came before was UTF-8: the evidence starts with the chunk that is not.
    if (!utf8) evidence.add(chunk as Buffer);
    if (evidence.enough) break;
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return utf8 ? null : evidence;
}

/** Excel's hint line `sep=;` names the delimiter outright. */
function sepHint(text: string): TextFileFormat['delimiter'] | null {
  const m = /^sep=(.)\r?\n/i.exec(text);
  const d = m?.[1];
  return d === ',' || d === ';' || d === '\t' || d === '|' ? d : null;
}

/** Text files hold no control characters besides tab, form feed and line breaks; a file that
 *  does is something else renamed (a PDF, an .xls). */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  return control > Math.max(4, sample.length / 100);
}

/** The encoding and delimiter of a text file; a file that is not text is refused. */
export async function detectTextFormat(path: string): Promise<TextFileFormat> {
  const sample = await readSample(path);
  let detected = detectEncoding(sample);
  // An umlaut past the sample would otherwise turn into replacement characters: a file that
  // looks like UTF-8 without a BOM is checked to its end.
  if (detected.encoding === 'utf-8' && !detected.bom && sample.length === SAMPLE_BYTES) {
    const evidence = await notUtf8Evidence(path);
    if (evidence) detected = { ...chooseSingleByte(evidence), bom: false };
  }
  const { encoding, bom, doubt, doubtParams } = detected;
  const text = new TextDecoder(encoding).decode(sample);
  if (looksBinary(text)) {
    fail(
      'file_unsupported_type',
      `"${basename(path)}" is not a text file, whatever its name says. Use an .xlsx workbook or a .csv/.txt file.`,
      { path },
    );
  }
  return {
    encoding,
    bom,
    delimiter: sepHint(text) ?? detectDelimiter(text),
    ...(doubt ? { doubt } : {}),
    ...(doubtParams ? { doubtParams } : {}),
  };
}

/** The file as decoded text chunks (BOM removed). */
export async function* decodeTextFile(
  path: string,
  encoding: TextFileFormat['encoding'],
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  const stream = createReadStream(path, { highWaterMark: 1 << 16 });
  try {
    for await (const chunk of stream) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    stream.destroy();
  }
}
