// Encoding and delimiter of .csv/.txt files as Excel and ERP systems write them: UTF-8 with or
// without BOM, UTF-16 (Excel's "Unicode Text"), Windows-1252 (German Excel's "CSV (Trennzeichen-
// getrennt)"); comma, semicolon, tab or pipe.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { fail } from '../../src-shared/errors';
import type { TextFileFormat } from './types';

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

export function detectEncoding(sample: Buffer): Pick<TextFileFormat, 'encoding' | 'bom'> {
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
    return { encoding: 'windows-1252', bom: false };
  }
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

async function wholeFileIsUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
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
  const detected = detectEncoding(sample);
  const { bom } = detected;
  let { encoding } = detected;
  // An umlaut past the sample would otherwise turn into replacement characters: a file that
  // looks like UTF-8 without a BOM is checked to its end.
  if (
    encoding === 'utf-8' &&
    !bom &&
    sample.length === SAMPLE_BYTES &&
    !(await wholeFileIsUtf8(path))
  ) {
    encoding = 'windows-1252';
  }
  const text = new TextDecoder(encoding).decode(sample);
  if (looksBinary(text)) {
    fail(
      'file_unsupported_type',
      `"${basename(path)}" is not a text file, whatever its name says. Use an .xlsx workbook or a .csv/.txt file.`,
      { path },
    );
  }
  return { encoding, bom, delimiter: sepHint(text) ?? detectDelimiter(text) };
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
