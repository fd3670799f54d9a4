// What kind of file the user chose, whether the app can read it, and what it holds (sheets,
// size, hash). Every refusal is an AppFailure from the workbook error catalogue.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { AppFailure, fail } from '../../src-shared/errors';
import { detectDelimiter, detectEncoding, detectTextFormat, looksBinary } from './textDecode';
import type { FileInfo, FileKind, SheetInfo } from './types';
import {
  assertUnpackedSizes,
  listZipEntries,
  readZipEntryText,
  ZipFormatError,
  type ZipEntry,
} from './zip';

/** Largest files imported by default. A workbook's shared strings are held in memory while it is
 *  read (compactly, and bounded by limits.ts, which also bounds what a small file unpacks to):
 *  workbooks stop at 50 MB (about 850,000 rows of ten columns). Text files hold nothing but the
 *  identities in memory. */
export const DEFAULT_MAX_BYTES = { xlsx: 50 * 1024 * 1024, csv: 200 * 1024 * 1024 } as const;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
export const TEXT_EXTENSIONS = new Set(['.csv', '.txt', '.tsv']);
const WORKBOOK_EXTENSIONS = new Set(['.xlsx', '.xlsm', '.xltx', '.xls']);

/** Files people pick by mistake, known by their first bytes. */
const NOT_A_LIST: { magic: Buffer; what: string }[] = [
  { magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), what: 'an image (PNG)' },
  { magic: Buffer.from([0xff, 0xd8, 0xff]), what: 'an image (JPEG)' },
  { magic: Buffer.from('GIF8', 'latin1'), what: 'an image (GIF)' },
  { magic: Buffer.from('%PDF-', 'latin1'), what: 'a PDF document' },
];

export interface XlsxSheet extends SheetInfo {
  /** Path of the sheet's XML inside the archive, e.g. xl/worksheets/sheet1.xml. */
  entry: string;
}

const mb = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

async function statOrFail(path: string) {
  try {
    const s = await stat(path);
    if (!s.isFile()) fail('file_not_found', `"${basename(path)}" is not a file. Choose a file.`);
    return s;
  } catch (e) {
    if (e instanceof AppFailure) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail('file_not_found', undefined, { path });
    fail('file_unreadable', undefined, { path, cause: code ?? String(e) });
  }
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail('file_not_found', undefined, { path });
    fail('file_unreadable', undefined, { path, cause: code ?? String(e) });
  }
  return hash.digest('hex');
}

/** Refuses with `file_changed` when the file's bytes are no longer those recorded at import. */
export async function assertFileUnchanged(path: string, expectedHash: string): Promise<void> {
  const actual = await hashFile(path);
  if (actual !== expectedHash.toLowerCase()) {
    fail(
      'file_changed',
      `"${basename(path)}" changed since it was imported. Import it again to start a job from the new contents.`,
      { path, expectedHash, actualHash: actual },
    );
  }
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** An OLE compound file is either an old .xls (or .doc) or an encrypted Office file: Office puts
 *  encrypted .xlsx content in an OLE container whose directory names an `EncryptionInfo` stream. */
async function oleHoldsEncryption(path: string): Promise<boolean> {
  const needle = Buffer.from('EncryptionInfo', 'utf16le');
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buf = Buffer.concat([carry, chunk as Buffer]);
    if (buf.includes(needle)) return true;
    carry = buf.subarray(Math.max(0, buf.length - needle.length));
  }
  return false;
}

/** The archive's directory; refused when damaged, or when it declares more unpacked bytes than
 *  the app reads (limits.ts), before anything is inflated. */
async function zipEntriesOrFail(path: string): Promise<ZipEntry[]> {
  try {
    const entries = await listZipEntries(path);
    assertUnpackedSizes(path, entries);
    return entries;
  } catch (e) {
    if (e instanceof ZipFormatError) {
      fail('file_corrupt', undefined, { path, cause: e.message });
    }
    throw e;
  }
}

const xmlAttr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m?.[1];
};

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');

/** The sheets of an .xlsx in tab order, from xl/workbook.xml and its relationships. */
export async function listXlsxSheets(path: string, entries?: ZipEntry[]): Promise<XlsxSheet[]> {
  const all = entries ?? (await zipEntriesOrFail(path));
  const byName = new Map(all.map((e) => [e.name.replace(/^\//, ''), e]));
  const book = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!book || !rels) {
    fail('file_corrupt', undefined, { path, cause: 'xl/workbook.xml missing' });
  }
  let bookXml: string;
  let relsXml: string;
  try {
    bookXml = await readZipEntryText(path, book);
    relsXml = await readZipEntryText(path, rels);
  } catch (e) {
    fail('file_corrupt', undefined, { path, cause: e instanceof Error ? e.message : String(e) });
  }
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = xmlAttr(m[0], 'Id');
    const target = xmlAttr(m[0], 'Target');
    if (id && target) {
      targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    }
  }
  const sheets: XlsxSheet[] = [];
  for (const m of bookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = xmlAttr(m[0], 'name');
    const rid = xmlAttr(m[0], 'r:id');
    const state = xmlAttr(m[0], 'state');
    if (name === undefined) continue;
    sheets.push({
      index: sheets.length,
      name: decodeXml(name),
      hidden: state === 'hidden' || state === 'veryHidden',
      entry: (rid && targets.get(rid)) ?? '',
    });
  }
  return sheets;
}

interface Sniffed {
  kind: FileKind;
  entries?: ZipEntry[];
}

/** Decides what the file is from its bytes (the extension only for text files). */
export async function sniffFile(path: string, maxBytes?: number): Promise<Sniffed> {
  const sniffed = await sniffKind(path);
  const { size } = await statOrFail(path);
  const limit = maxBytes ?? DEFAULT_MAX_BYTES[sniffed.kind];
  if (size > limit) {
    fail(
      'file_too_large',
      `"${basename(path)}" is ${mb(size)}; the app imports ${sniffed.kind === 'xlsx' ? 'workbooks' : 'text files'} up to ${mb(limit)}. Split it into smaller files, or delete columns and sheets it does not need.`,
      { path, sizeBytes: size, maxBytes: limit },
    );
  }
  return sniffed;
}

/** What a file with a workbook's name holds when it is not a zip: a delimited text table is read
 *  as the text it is (csvRows says so in a note), a web page or XML file is sent back to Excel. */
async function textInWorkbookName(path: string): Promise<'table' | 'markup' | null> {
  const sample = await readHead(path, 64 * 1024);
  const text = new TextDecoder(detectEncoding(sample).encoding).decode(sample);
  if (looksBinary(text)) return null;
  if (/^\s*<(\?xml|!doctype|html|table)\b/i.test(text.replace(/^\ufeff/, ''))) return 'markup';
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  const d = detectDelimiter(text);
  return lines.length >= 2 && lines.filter((l) => l.includes(d)).length >= 2 ? 'table' : null;
}

async function sniffKind(path: string): Promise<Sniffed> {
  const s = await statOrFail(path);
  const name = basename(path);
  if (s.size === 0)
    fail('sheet_empty', `"${name}" is empty. Choose the file that holds the supplier list.`);
  const head = await readHead(path, 8);
  const ext = extname(path).toLowerCase();
  if (head.equals(OLE_MAGIC)) {
    if (await oleHoldsEncryption(path)) fail('file_encrypted', undefined, { path });
    if (ext === '.xls' || ext === '.xlt' || ext === '.xlsx')
      fail('file_legacy_xls', undefined, { path });
    fail(
      'file_unsupported_type',
      `"${name}" is an old Office document, not a workbook the app can read. Save it from Excel as .xlsx.`,
      { path },
    );
  }
  const other = NOT_A_LIST.find((k) => head.subarray(0, k.magic.length).equals(k.magic));
  if (other) {
    fail(
      'file_unsupported_type',
      `"${name}" is ${other.what}, not a supplier list. Choose the workbook (.xlsx) or the .csv file that holds the suppliers.`,
      { path },
    );
  }
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
    const entries = await zipEntriesOrFail(path);
    const names = new Set(entries.map((e) => e.name.replace(/^\//, '')));
    if (names.has('xl/workbook.xml')) return { kind: 'xlsx', entries };
    if (names.has('xl/workbook.bin')) {
      fail(
        'file_unsupported_type',
        `"${name}" is a binary Excel workbook (.xlsb). Open it in Excel and save it as .xlsx.`,
        { path },
      );
    }
    const mimetype = entries.find((e) => e.name === 'mimetype');
    const odf = mimetype ? await readZipEntryText(path, mimetype).catch(() => '') : '';
    if (odf.trim().startsWith('application/vnd.oasis.opendocument.spreadsheet')) {
      fail(
        'file_unsupported_type',
        `"${name}" is an OpenDocument spreadsheet (LibreOffice, OpenOffice). Save it as .xlsx in LibreOffice or Excel (File, Save As, Excel 2007-365 .xlsx) or export it as CSV, and import that file.`,
        { path },
      );
    }
    if (['.xlsx', '.xlsm', '.xltx'].includes(ext)) fail('file_corrupt', undefined, { path });
    fail(
      'file_unsupported_type',
      `"${name}" is a zip archive but not an Excel workbook. Use an .xlsx workbook or a .csv/.txt file.`,
      { path },
    );
  }
  if (WORKBOOK_EXTENSIONS.has(ext)) {
    // Not a zip, yet named like a workbook: systems that export "Excel" often write text.
    const text = await textInWorkbookName(path);
    if (text === 'table') return { kind: 'csv' };
    if (text === 'markup') {
      fail(
        'file_unsupported_type',
        `"${name}" is a web page or XML file with a workbook's name, as some systems export "Excel" files. Open it in Excel, save it as .xlsx (File, Save As, Excel Workbook), and import the new file.`,
        { path },
      );
    }
    if (ext === '.xls') fail('file_legacy_xls', undefined, { path });
    fail('file_corrupt', undefined, { path });
  }
  if (TEXT_EXTENSIONS.has(ext)) return { kind: 'csv' };
  fail('file_unsupported_type', undefined, { path, extension: ext });
}

export async function inspectFile(
  path: string,
  options: { maxBytes?: number } = {},
): Promise<FileInfo> {
  const sniffed = await sniffFile(path, options.maxBytes);
  const { size } = await statOrFail(path);
  const hash = await hashFile(path);
  if (sniffed.kind === 'xlsx') {
    const sheets = await listXlsxSheets(path, sniffed.entries);
    return {
      path,
      kind: 'xlsx',
      sizeBytes: size,
      hash,
      sheets: sheets.map(({ index, name, hidden }) => ({ index, name, hidden })),
    };
  }
  const text = await detectTextFormat(path);
  return {
    path,
    kind: 'csv',
    sizeBytes: size,
    hash,
    sheets: [{ index: 0, name: basename(path, extname(path)), hidden: false }],
    text,
  };
}
