// Workbooks written byte by byte, for files exceljs cannot or should not produce: a million rows
// streamed from a generator, shared strings that unpack to gigabytes, a central directory that
// lies about sizes. A tiny zip writer (deflateRaw from node:zlib), streaming to disk, so a file
// of any size is made in bounded memory. Used by the tests and by bench/import.ts.
import { open } from 'node:fs/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { createDeflateRaw } from 'node:zlib';
import { once } from 'node:events';

export type Chunks = Iterable<string | Buffer>;

export interface ZipPart {
  name: string;
  /** The part's content, deflated on the way out. */
  content?: Chunks;
  /** Already deflated bytes (raw deflate) and what they unpack to; see `repeatedDeflate`. */
  deflated?: { data: Buffer; size: number; crc: number };
  /** The uncompressed size written into the central directory instead of the real one. */
  declaredSize?: number;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** Writes a zip of the given parts; sizes above 4 GiB are written as 0xffffffff with a Zip64
 *  extra field in the central directory. */
export async function writeZip(path: string, parts: ZipPart[]): Promise<void> {
  const fh = await open(path, 'w');
  let offset = 0;
  const write = async (b: Buffer) => {
    await fh.write(b);
    offset += b.length;
  };
  const central: Buffer[] = [];
  try {
    for (const part of parts) {
      const name = Buffer.from(part.name, 'utf8');
      const start = offset;
      // Sizes and CRC follow the data in a descriptor (flag bit 3), as streaming writers do.
      await write(
        Buffer.concat([
          u32(0x04034b50),
          u16(20),
          u16(0x0008),
          u16(8),
          u16(0),
          u16(0),
          u32(0),
          u32(0),
          u32(0),
          u16(name.length),
          u16(0),
          name,
        ]),
      );
      let crc = 0;
      let size = 0;
      let compressed = 0;
      if (part.deflated) {
        await write(part.deflated.data);
        ({ crc, size } = part.deflated);
        compressed = part.deflated.data.length;
      } else {
        const deflate = createDeflateRaw({ level: 6 });
        const pending: Buffer[] = [];
        deflate.on('data', (c: Buffer) => pending.push(c));
        const flush = async () => {
          while (pending.length > 0) {
            const c = pending.shift() as Buffer;
            compressed += c.length;
            await write(c);
          }
        };
        for (const chunk of part.content ?? []) {
          const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
          crc = crc32(buf, crc);
          size += buf.length;
          if (!deflate.write(buf)) await once(deflate, 'drain');
          await flush();
        }
        deflate.end();
        await once(deflate, 'end');
        await flush();
      }
      await write(Buffer.concat([u32(0x08074b50), u32(crc), u32(compressed), u32(size)]));
      const declared = part.declaredSize ?? size;
      const zip64 = declared > 0xfffffffe;
      const extra = zip64
        ? Buffer.concat([
            u16(0x0001),
            u16(8),
            Buffer.from(new BigUint64Array([BigInt(declared)]).buffer),
          ])
        : Buffer.alloc(0);
      central.push(
        Buffer.concat([
          u32(0x02014b50),
          u16(45),
          u16(20),
          u16(0x0008),
          u16(8),
          u16(0),
          u16(0),
          u32(crc),
          u32(compressed),
          u32(zip64 ? 0xffffffff : declared),
          u16(name.length),
          u16(extra.length),
          u16(0),
          u16(0),
          u16(0),
          u32(0),
          u32(start),
          name,
          extra,
        ]),
      );
    }
    const dir = Buffer.concat(central);
    await write(dir);
    await write(
      Buffer.concat([
        u32(0x06054b50),
        u16(0),
        u16(0),
        u16(parts.length),
        u16(parts.length),
        u32(dir.length),
        u32(offset - dir.length),
        u16(0),
      ]),
    );
  } finally {
    await fh.close();
  }
}

/** Raw deflate of `head`, then `segment` repeated `times`, then `tail`, made in bounded time and
 *  memory: the segment is compressed once after a full flush (which forgets the history), so its
 *  bytes can be repeated as they are. What a decompression bomb is made of. */
export function repeatedDeflate(
  head: string,
  segment: string,
  times: number,
  tail: string,
  options: { crc?: boolean } = {},
): { data: Buffer; size: number; crc: number } {
  const opts = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const headBytes = Buffer.from(head, 'utf8');
  const segBytes = Buffer.from(segment, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const first = deflateRawSync(headBytes, opts);
  const seg = deflateRawSync(segBytes, opts);
  const last = deflateRawSync(tailBytes, { level: 9 });
  const parts: Buffer[] = [first];
  for (let i = 0; i < times; i++) parts.push(seg);
  parts.push(last);
  // The CRC of gigabytes takes seconds; a bomb may leave it out (the app does not check it).
  let crc = 0;
  if (options.crc !== false) {
    crc = crc32(headBytes);
    for (let i = 0; i < times; i++) crc = crc32(segBytes, crc);
    crc = crc32(tailBytes, crc);
  }
  return {
    data: Buffer.concat(parts),
    size: headBytes.length + segBytes.length * times + tailBytes.length,
    crc,
  };
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One `<row>` of inline-string cells (t="inlineStr") from column A on; '' leaves a cell out. */
export function inlineRow(r: number, cells: readonly string[], attrs = ''): string {
  let xml = `<row r="${r}"${attrs ? ` ${attrs}` : ''}>`;
  cells.forEach((v, i) => {
    if (v === '') return;
    xml += `<c r="${columnName(i)}${r}" t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

/** One `<row>` of shared-string cells: indexes into the shared strings, from column A on. */
export function sharedRow(r: number, indexes: readonly number[]): string {
  let xml = `<row r="${r}">`;
  indexes.forEach((n, i) => {
    xml += `<c r="${columnName(i)}${r}" t="s"><v>${n}</v></c>`;
  });
  return `${xml}</row>`;
}

export function columnName(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A sheet part's XML before its first row and after </sheetData>. */
export const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetData>`;
export const sheetTail = '</worksheet>';

export interface XlsxParts {
  /** The `<row>` elements of sheet1 (the text between <sheetData> and </sheetData>). */
  rows: Chunks;
  /** Or the whole sheet part, prepared (see `sheetHead`, `sheetTail`). */
  sheet?: Omit<ZipPart, 'name'>;
  /** What follows </sheetData> in the sheet, e.g. <mergeCells>. */
  afterRows?: string;
  /** The shared strings' `<si>` elements; or a prepared part (a bomb). */
  sharedStrings?: Chunks | Omit<ZipPart, 'name'>;
  sheetName?: string;
  /** More parts, put in the archive as they are (images, say). */
  extraParts?: ZipPart[];
}

/** A minimal workbook of one sheet that Excel and exceljs open. */
export async function writeXlsx(path: string, parts: XlsxParts): Promise<string> {
  const hasStrings = parts.sharedStrings !== undefined;
  const sheetName = parts.sheetName ?? 'Lieferanten';
  const zipParts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${hasStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>${hasStrings ? `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
      ],
    },
    {
      name: 'xl/styles.xml',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`,
      ],
    },
  ];
  const strings = parts.sharedStrings;
  if (strings !== undefined) {
    if (isPart(strings)) zipParts.push({ name: 'xl/sharedStrings.xml', ...strings });
    else {
      zipParts.push({
        name: 'xl/sharedStrings.xml',
        content: wrap(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}">`,
          strings,
          '</sst>',
        ),
      });
    }
  }
  zipParts.push(
    parts.sheet
      ? { name: 'xl/worksheets/sheet1.xml', ...parts.sheet }
      : {
          name: 'xl/worksheets/sheet1.xml',
          content: wrap(sheetHead, parts.rows, `</sheetData>${parts.afterRows ?? ''}${sheetTail}`),
        },
  );
  zipParts.push(...(parts.extraParts ?? []));
  await writeZip(path, zipParts);
  return path;
}

function isPart(x: Chunks | Omit<ZipPart, 'name'>): x is Omit<ZipPart, 'name'> {
  return !(Symbol.iterator in x);
}

function* wrap(head: string, body: Chunks, tail: string): Generator<string | Buffer> {
  yield head;
  // Small pieces are joined so the deflater gets chunks of a useful size.
  let pending = '';
  for (const piece of body) {
    if (typeof piece !== 'string') {
      if (pending) yield pending;
      pending = '';
      yield piece;
      continue;
    }
    pending += piece;
    if (pending.length >= 1 << 16) {
      yield pending;
      pending = '';
    }
  }
  if (pending) yield pending;
  yield tail;
}

/** Shared strings `<si>` elements for the given texts. */
export function* sharedStringItems(texts: Iterable<string>): Generator<string> {
  for (const t of texts) yield `<si><t xml:space="preserve">${xmlEscape(t)}</t></si>`;
}
