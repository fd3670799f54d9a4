// A streaming zip writer for the workbooks the app writes (xlsxWriter.ts). Each part is deflated
// on its way to the file (node:zlib, off the main thread), its CRC-32 computed as it goes, and
// its sizes written after its data in a data descriptor, so a part of any length passes through
// in bounded memory. Parts whose sizes are known (small ones, or parts deflated beforehand into
// memory) get them in their local header. Written to a file (`seekable`), a streamed part gets
// no descriptor either: its header's CRC and sizes are written in place once the stream is done
// (`patches`), so a reader that reads the archive front to back (as exceljs's streaming reader
// does) knows where each part ends and never has to search the deflated bytes for a descriptor's
// signature, which may occur in them by chance. Zip64 is not written: a part or an archive beyond
// 4 GiB is refused with ZipTooLargeError.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/** Deflate level of the parts: the 100 MB of XML of a 100,000-row results sheet deflate in about
 *  0.2 s at level 1 and 0.6 s at zlib's default 6, into a file about 14 % larger. */
export const ZIP_LEVEL = 1;

const MAX_32 = 0xffffffff;
/** Uncompressed text gathered before it goes to the deflater: characters of a part deflated into
 *  memory, bytes of a streamed part. */
const CHUNK_CHARS = 64 * 1024;
const CHUNK_BYTES = 256 * 1024;

/** A part or the archive would need Zip64, which this writer does not write. */
export class ZipTooLargeError extends Error {
  constructor(readonly part: string) {
    super(`the part ${part} of the workbook would be larger than 4 GiB`);
  }
}

interface CentralRecord {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** A part deflated beforehand (raw deflate), with what it unpacks to. */
export interface DeflatedPart {
  chunks: Buffer[];
  compressedSize: number;
  size: number;
  crc: number;
}

/** MS-DOS time and date of `at`, as zip headers hold them. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date:
      ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** Bit 3: sizes in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;

export class ZipWriter {
  private offset = 0;
  private readonly records: CentralRecord[] = [];
  private readonly stamp = dosTime(new Date());
  private busy = false;
  private failure: Error | null = null;
  private active: DeflateRaw | null = null;
  private readonly headerPatches: Array<{ position: number; bytes: Buffer }> = [];

  constructor(
    private readonly out: Writable,
    private readonly level = ZIP_LEVEL,
    private readonly seekable = false,
  ) {
    // A failed file (a full disk) stops the part being deflated at once.
    out.once('error', (e: Error) => {
      this.failure = e;
      this.active?.destroy(e);
    });
  }

  private async put(data: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.offset += data.length;
    if (!this.out.write(data)) await once(this.out, 'drain');
  }

  private localHeader(
    name: Buffer,
    flags: number,
    crc: number,
    compressedSize: number,
    size: number,
  ): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(8, 8);
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(crc >>> 0, 14);
    h.writeUInt32LE(compressedSize, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, name]);
  }

  private begin(name: string): { name: Buffer; offset: number } {
    if (this.busy) throw new Error(`zip part ${name} started while another is open`);
    if (this.offset > MAX_32) throw new ZipTooLargeError(name);
    return { name: Buffer.from(name, 'utf8'), offset: this.offset };
  }

  /** A part whose deflated bytes are already at hand. */
  async addDeflated(name: string, part: DeflatedPart): Promise<void> {
    const start = this.begin(name);
    if (part.size > MAX_32 || part.compressedSize > MAX_32) throw new ZipTooLargeError(name);
    const flags = FLAG_UTF8;
    await this.put(this.localHeader(start.name, flags, part.crc, part.compressedSize, part.size));
    for (const chunk of part.chunks) await this.put(chunk);
    this.records.push({
      name: start.name,
      flags,
      crc: part.crc,
      compressedSize: part.compressedSize,
      size: part.size,
      offset: start.offset,
    });
  }

  /** A small part, deflated at once. */
  async add(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data, { level: this.level });
    await this.addDeflated(name, {
      chunks: [packed],
      compressedSize: packed.length,
      size: data.length,
      crc: crc32(data),
    });
  }

  /** A part streamed in: text goes in through `write`, and `end` closes it. One at a time. */
  async open(name: string): Promise<ZipPartWriter> {
    const start = this.begin(name);
    const flags = this.seekable ? FLAG_UTF8 : FLAG_DESCRIPTOR | FLAG_UTF8;
    await this.put(this.localHeader(start.name, flags, 0, 0, 0));
    this.busy = true;
    const deflate = createDeflateRaw({ level: this.level, chunkSize: 64 * 1024 });
    this.active = deflate;
    let compressedSize = 0;
    let waiting = false;
    deflate.on('data', (chunk: Buffer) => {
      compressedSize += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk) && !waiting) {
        waiting = true;
        deflate.pause();
        this.out.once('drain', () => {
          waiting = false;
          deflate.resume();
        });
      }
    });
    const ended = once(deflate, 'end');
    ended.catch(() => undefined);
    return new ZipPartWriter(name, deflate, async (crc, size) => {
      await ended;
      this.active = null;
      this.busy = false;
      if (this.failure) throw this.failure;
      if (size > MAX_32 || compressedSize > MAX_32) throw new ZipTooLargeError(name);
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(crc >>> 0, 4);
      d.writeUInt32LE(compressedSize, 8);
      d.writeUInt32LE(size, 12);
      // The local header's CRC and sizes (at its byte 14), or a data descriptor after the data.
      if (this.seekable)
        this.headerPatches.push({ position: start.offset + 14, bytes: d.subarray(4) });
      else await this.put(d);
      this.records.push({
        name: start.name,
        flags,
        crc,
        compressedSize,
        size,
        offset: start.offset,
      });
    });
  }

  /** Writes the central directory; the caller ends the stream. */
  async finish(): Promise<void> {
    if (this.busy) throw new Error('zip finished while a part is open');
    const dirStart = this.offset;
    if (dirStart > MAX_32 || this.records.length > 0xffff) {
      throw new ZipTooLargeError('central directory');
    }
    const entries: Buffer[] = [];
    for (const r of this.records) {
      const e = Buffer.alloc(46);
      e.writeUInt32LE(0x02014b50, 0);
      e.writeUInt16LE(20, 4);
      e.writeUInt16LE(20, 6);
      e.writeUInt16LE(r.flags, 8);
      e.writeUInt16LE(8, 10);
      e.writeUInt16LE(this.stamp.time, 12);
      e.writeUInt16LE(this.stamp.date, 14);
      e.writeUInt32LE(r.crc >>> 0, 16);
      e.writeUInt32LE(r.compressedSize, 20);
      e.writeUInt32LE(r.size, 24);
      e.writeUInt16LE(r.name.length, 28);
      e.writeUInt32LE(r.offset, 42);
      entries.push(e, r.name);
    }
    const dir = Buffer.concat(entries);
    await this.put(dir);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.records.length, 8);
    end.writeUInt16LE(this.records.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(dirStart, 16);
    await this.put(end);
  }

  /** What a seekable archive's streamed parts still need in their local headers, to be written
   *  at these positions of the file once its stream is done. */
  patches(): ReadonlyArray<{ position: number; bytes: Buffer }> {
    return this.headerPatches;
  }

  /** Stops the part being deflated (a failed export). */
  destroy(): void {
    this.active?.destroy();
    this.active = null;
  }
}

/** Text into one streamed part. `write` returns a promise only when the deflater is full. The
 *  text is encoded straight into a chunk of CHUNK_BYTES, which goes to the deflater when full. */
export class ZipPartWriter {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private crc = 0;
  private size = 0;

  constructor(
    private readonly name: string,
    private readonly deflate: DeflateRaw,
    private readonly close: (crc: number, size: number) => Promise<void>,
  ) {}

  write(text: string): Promise<void> | undefined {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (text.length * 3 <= CHUNK_BYTES - this.used) {
      this.used += this.chunk.write(text, this.used, 'utf8');
      return undefined;
    }
    return this.writeLong(text);
  }

  private async writeLong(text: string): Promise<void> {
    await this.flush();
    if (text.length * 3 <= CHUNK_BYTES) this.used += this.chunk.write(text, 0, 'utf8');
    else await this.send(Buffer.from(text, 'utf8'));
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    const data = this.chunk.subarray(0, this.used);
    // The deflater holds the chunk until it has read it: the next text goes into a new one.
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    await this.send(data);
  }

  private async send(data: Buffer): Promise<void> {
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    if (this.size > MAX_32) throw new ZipTooLargeError(this.name);
    if (!this.deflate.write(data)) await once(this.deflate, 'drain');
  }

  async end(): Promise<void> {
    await this.flush();
    this.deflate.end();
    await this.close(this.crc, this.size);
  }
}

/** A part deflated into memory while other parts are written (a sheet's notes, which go after
 *  the sheet); `end` gives its bytes to `ZipWriter.addDeflated`. */
export class MemoryPart {
  private text = '';
  private crc = 0;
  private size = 0;
  private compressedSize = 0;
  private readonly chunks: Buffer[] = [];
  private readonly deflate: DeflateRaw;
  private readonly ended: Promise<unknown>;

  constructor(level = ZIP_LEVEL) {
    this.deflate = createDeflateRaw({ level });
    this.deflate.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.compressedSize += chunk.length;
    });
    this.ended = once(this.deflate, 'end');
    this.ended.catch(() => undefined);
  }

  write(text: string): void {
    this.text += text;
    if (this.text.length >= CHUNK_CHARS) this.flush();
  }

  private flush(): void {
    if (this.text.length === 0) return;
    const data = Buffer.from(this.text, 'utf8');
    this.text = '';
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    this.deflate.write(data);
  }

  async end(): Promise<DeflatedPart> {
    this.flush();
    this.deflate.end();
    await this.ended;
    return {
      chunks: this.chunks,
      compressedSize: this.compressedSize,
      size: this.size,
      crc: this.crc,
    };
  }

  destroy(): void {
    this.deflate.destroy();
  }
}
