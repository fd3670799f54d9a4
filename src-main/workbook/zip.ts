// A small reader of a zip's central directory. It lets the app list an .xlsx's sheets, tell a
// damaged archive from a good one, and scan one sheet's XML (for merged ranges) without parsing
// the whole workbook. Zip64 is not handled: files that large are refused by the size limit first.
import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';

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

/** The entry's uncompressed bytes as a stream. */
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
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new ZipFormatError(`compression method ${entry.method}`);
  const inflate = createInflateRaw();
  raw.on('error', (e) => inflate.destroy(e));
  inflate.on('close', () => raw.destroy());
  return raw.pipe(inflate);
}

export async function readZipEntryText(path: string, entry: ZipEntry): Promise<string> {
  const stream = await openZipEntry(path, entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
