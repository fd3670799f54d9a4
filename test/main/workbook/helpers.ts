// Workbooks and text files built by the tests themselves, in a temp dir per test file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { AppFailure } from '../../../src-shared/errors';

export async function makeTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'workbook-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export type SheetSpec = {
  name: string;
  rows: unknown[][];
  state?: 'visible' | 'hidden';
  build?: (ws: ExcelJS.Worksheet) => void;
};

/** Writes an .xlsx with the given sheets; each row array starts at column A of its row. */
export async function writeWorkbook(path: string, sheets: SheetSpec[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name, { state: s.state ?? 'visible' });
    for (const r of s.rows) ws.addRow(r);
    s.build?.(ws);
  }
  await wb.xlsx.writeFile(path);
  return path;
}

export async function writeText(path: string, content: Buffer | string): Promise<string> {
  await writeFile(path, content);
  return path;
}

/** The AppFailure code a promise rejects with (or 'resolved'). */
export async function failureCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    if (e instanceof AppFailure) return e.error.code;
    throw e;
  }
}

export async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

export const SUPPLIER_HEADERS = [
  'Lieferanten-Nr.',
  'Name',
  'Straße',
  'PLZ',
  'Ort',
  'Land',
  'Quelle',
];

/** Rewrites a zip with Zip64 records and stored (uncompressed) entries, as some writers do even
 *  for small files. */
export async function rewriteAsZip64(source: string, target: string): Promise<void> {
  const { listZipEntries, openZipEntry } = await import('../../../src-main/workbook/zip');
  const { crc32 } = await import('node:zlib');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const entries = await listZipEntries(source);
  for (const e of entries) {
    const chunks: Buffer[] = [];
    for await (const c of await openZipEntry(source, e)) chunks.push(c as Buffer);
    const data = Buffer.concat(chunks);
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30 + name.length + 20);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(45, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(0xffffffff, 18);
    local.writeUInt32LE(0xffffffff, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(20, 28);
    name.copy(local, 30);
    local.writeUInt16LE(0x0001, 30 + name.length);
    local.writeUInt16LE(16, 32 + name.length);
    local.writeBigUInt64LE(BigInt(data.length), 34 + name.length);
    local.writeBigUInt64LE(BigInt(data.length), 42 + name.length);
    const cd = Buffer.alloc(46 + name.length + 28);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(45, 4);
    cd.writeUInt16LE(45, 6);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(0xffffffff, 20);
    cd.writeUInt32LE(0xffffffff, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt16LE(28, 30);
    cd.writeUInt32LE(0xffffffff, 42);
    name.copy(cd, 46);
    cd.writeUInt16LE(0x0001, 46 + name.length);
    cd.writeUInt16LE(24, 48 + name.length);
    cd.writeBigUInt64LE(BigInt(data.length), 50 + name.length);
    cd.writeBigUInt64LE(BigInt(data.length), 58 + name.length);
    cd.writeBigUInt64LE(BigInt(offset), 66 + name.length);
    parts.push(local, data);
    central.push(cd);
    offset += local.length + data.length;
  }
  const dir = Buffer.concat(central);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries.length), 24);
  record.writeBigUInt64LE(BigInt(entries.length), 32);
  record.writeBigUInt64LE(BigInt(dir.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + dir.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  await writeFile(target, Buffer.concat([...parts, dir, record, locator, end]));
}
