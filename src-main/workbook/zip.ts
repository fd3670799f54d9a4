// A small reader of a zip's central directory. It lets the app list an .xlsx's sheets, tell a
// damaged archive from a good one, and stream one part of the workbook without parsing the
// rest. The unpacked sizes the directory declares are bounded (`assertUnpackedSizes`), and a part
// is never inflated past its declared size, so a directory that lies cannot make it grow.
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInflateRaw } from 'node:zlib';
import { Readable, Transform } from 'node:stream';
import { AppFailure, appError, fail } from '../../src-shared/errors';
import { byteSize, formatCount, SPLIT_OR_CSV, XLSX_LIMITS } from './limits';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** Values of 0xffffffff in a central directory entry are given in its Zip64 extra field, in
 *  this order: size, compressed size, local header offset. */
function readZip64Extra(extra: Buffer, entry: ZipEntry): void {
  let q = 0;
  while (q + 4 <= extra.length) {
    const id = extra.readUInt16LE(q);
    const length = extra.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let r = q + 4;
      const next = () => {
        const v = r + 8 <= q + 4 + length ? Number(extra.readBigUInt64LE(r)) : undefined;
        r += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = next() ?? entry.size;
      if (entry.compressedSize === 0xffffffff)
        entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) {
        entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      }
      return;
    }
    q += 4 + length;
  }
}

export async function listZipEntries(path: string): Promise<ZipEntry[]> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    // The end record sits in the last 22 bytes plus an optional comment of up to 64 KiB.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(fh, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipFormatError('end of central directory not found');
    let count = tail.readUInt16LE(eocd + 10);
    let dirSize = tail.readUInt32LE(eocd + 12);
    let dirOffset = tail.readUInt32LE(eocd + 16);
    // Some writers use the Zip64 end record even for small files; its locator sits just before.
    if (
      (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) &&
      eocd >= 20 &&
      tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE
    ) {
      const recordOffset = Number(tail.readBigUInt64LE(eocd - 20 + 8));
      const record = await readAt(fh, recordOffset, 56);
      if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) {
        throw new ZipFormatError('zip64 end record damaged');
      }
      count = Number(record.readBigUInt64LE(32));
      dirSize = Number(record.readBigUInt64LE(40));
      dirOffset = Number(record.readBigUInt64LE(48));
    }
    if (dirOffset + dirSize > size) throw new ZipFormatError('central directory out of range');
    if (count > XLSX_LIMITS.entries) {
      fail(
        'file_unpacked_too_large',
        `"${basename(path)}" holds ${formatCount(count)} files inside; a workbook has a few hundred at most and the app reads up to ${formatCount(XLSX_LIMITS.entries)}. Open it in Excel and save it again as .xlsx, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.`,
        { path, entries: count, maxEntries: XLSX_LIMITS.entries },
      );
    }
    const dir = await readAt(fh, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL_SIGNATURE) {
        throw new ZipFormatError('central directory entry damaged');
      }
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        method: dir.readUInt16LE(p + 10),
        compressedSize: dir.readUInt32LE(p + 20),
        size: dir.readUInt32LE(p + 24),
        localHeaderOffset: dir.readUInt32LE(p + 42),
        name: dir.toString('utf8', p + 46, p + 46 + nameLength),
      };
      readZip64Extra(dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
      entries.push(entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/** Parts the app reads whole into memory; every other part is streamed or not read at all. */
const WHOLE_PARTS = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml']);

/** Refuses a workbook whose directory declares more unpacked bytes than the app reads: per part
 *  (parts read whole have a smaller bound) and all parts together. */
export function assertUnpackedSizes(path: string, entries: readonly ZipEntry[]): void {
  const file = basename(path);
  let total = 0;
  for (const e of entries) {
    const name = e.name.replace(/^\//, '');
    const limit = WHOLE_PARTS.has(name)
      ? XLSX_LIMITS.wholePartBytes
      : XLSX_LIMITS.streamedPartBytes;
    if (e.size > limit) {
      fail(
        'file_unpacked_too_large',
        `"${file}" is small on disk, but its part ${name} unpacks to ${byteSize(e.size)}; the app reads parts of up to ${byteSize(limit)}. A supplier list needs far less: the file may be damaged or built to overload the programs that open it. ${SPLIT_OR_CSV}`,
        { path, part: name, unpackedBytes: e.size, maxBytes: limit },
      );
    }
    total += e.size;
  }
  if (total > XLSX_LIMITS.totalBytes) {
    fail(
      'file_unpacked_too_large',
      `"${file}" unpacks to ${byteSize(total)}; the app reads workbooks that unpack to at most ${byteSize(XLSX_LIMITS.totalBytes)}. ${SPLIT_OR_CSV}`,
      { path, unpackedBytes: total, maxBytes: XLSX_LIMITS.totalBytes },
    );
  }
}

/** Passes at most `declared` bytes; more means the directory lied about the part's size. */
function capAtDeclaredSize(path: string, entry: ZipEntry): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > entry.size) {
        const error = appError(
          'file_corrupt',
          `"${basename(path)}" is damaged: its part ${entry.name} unpacks to more than the ${formatCount(entry.size)} bytes its table of contents gives, so it was not read further. Open the file in Excel and save it again as .xlsx, and import the new file.`,
          { path, part: entry.name, declaredBytes: entry.size },
        );
        done(new AppFailure(error));
        return;
      }
      done(null, chunk);
    },
  });
}

/** The entry's uncompressed bytes as a stream, never more than its declared size (the stream
 *  fails with an AppFailure when there are more). */
export async function openZipEntry(path: string, entry: ZipEntry): Promise<Readable> {
  const fh = await open(path, 'r');
  let start: number;
  try {
    const header = await readAt(fh, entry.localHeaderOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
      throw new ZipFormatError(`local header of ${entry.name} damaged`);
    }
    start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } catch (e) {
    await fh.close();
    throw e;
  }
  const raw = fh.createReadStream({
    start,
    end: Math.max(start, start + entry.compressedSize - 1),
    autoClose: true,
  });
  if (entry.compressedSize === 0) {
    raw.destroy();
    return Readable.from([]);
  }
  if (entry.method !== 0 && entry.method !== 8) {
    raw.destroy();
    throw new ZipFormatError(`compression method ${entry.method}`);
  }
  const cap = capAtDeclaredSize(path, entry);
  const inflate = entry.method === 8 ? createInflateRaw({ chunkSize: 64 * 1024 }) : null;
  const destroyAll = () => {
    raw.destroy();
    inflate?.destroy();
  };
  // Errors travel downstream to the reader; closing the last stream closes the file.
  raw.on('error', (e) => cap.destroy(e));
  inflate?.on('error', (e) => cap.destroy(e));
  cap.on('close', destroyAll);
  if (inflate) raw.pipe(inflate).pipe(cap);
  else raw.pipe(cap);
  return cap;
}

/** A digest of the entry as stored (its directory record, local header and packed bytes): equal
 *  digests mean equal contents, without inflating anything. */
export async function digestZipEntry(path: string, entry: ZipEntry): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([entry.name, entry.method, entry.compressedSize, entry.size]), 'utf8');
  const fh = await open(path, 'r');
  try {
    const header = await readAt(fh, entry.localHeaderOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
      throw new ZipFormatError(`local header of ${entry.name} damaged`);
    }
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const end = start + entry.compressedSize;
    const buf = Buffer.allocUnsafe(Math.min(1 << 20, Math.max(1, entry.compressedSize)));
    hash.update(header);
    for (let at = start; at < end;) {
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, end - at), at);
      if (bytesRead === 0) throw new ZipFormatError(`${entry.name} cut short`);
      hash.update(buf.subarray(0, bytesRead));
      at += bytesRead;
    }
  } finally {
    await fh.close();
  }
  return hash.digest('hex');
}

export async function readZipEntryText(path: string, entry: ZipEntry): Promise<string> {
  const stream = await openZipEntry(path, entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
