import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFileUnchanged, hashFile, inspectFile, readTable } from '../../../src-main/workbook';
import { failureCode, failureOf, makeTempDir, writeText, writeWorkbook } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

describe('inspectFile', () => {
  it('lists the sheets of a workbook in tab order with size and hash', async () => {
    const path = await writeWorkbook(join(dir, 'two.xlsx'), [
      { name: 'Übersicht', rows: [['x']] },
      { name: 'Lieferanten & Partner', rows: [['a', 'b']] },
      { name: 'Hidden', rows: [['h']], state: 'hidden' },
    ]);
    const info = await inspectFile(path);
    expect(info.kind).toBe('xlsx');
    expect(info.sheets).toEqual([
      { index: 0, name: 'Übersicht', hidden: false },
      { index: 1, name: 'Lieferanten & Partner', hidden: false },
      { index: 2, name: 'Hidden', hidden: true },
    ]);
    expect(info.sizeBytes).toBe((await readFile(path)).length);
    expect(info.hash).toBe(await hashFile(path));
    expect(info.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('describes a text file with its encoding and delimiter', async () => {
    const path = await writeText(join(dir, 'list.csv'), 'a;b;c\n1;2;3\n');
    const info = await inspectFile(path);
    expect(info.kind).toBe('csv');
    expect(info.sheets).toEqual([{ index: 0, name: 'list', hidden: false }]);
    expect(info.text).toEqual({ encoding: 'utf-8', bom: false, delimiter: ';' });
  });

  it('refuses a password-protected workbook', async () => {
    // Office stores an encrypted workbook in an OLE container with an EncryptionInfo stream.
    const body = Buffer.alloc(2048);
    Buffer.from('EncryptionInfo', 'utf16le').copy(body, 1100);
    const path = await writeText(join(dir, 'secret.xlsx'), Buffer.concat([OLE, body]));
    const failure = await failureOf(inspectFile(path));
    expect(failure.error.code).toBe('file_encrypted');
    expect(failure.error.message).toMatch(/password/);
  });

  it('refuses an old .xls workbook and says to save as .xlsx', async () => {
    const body = Buffer.alloc(2048);
    Buffer.from('Workbook', 'utf16le').copy(body, 1100);
    const path = await writeText(join(dir, 'old.xls'), Buffer.concat([OLE, body]));
    const failure = await failureOf(inspectFile(path));
    expect(failure.error.code).toBe('file_legacy_xls');
    expect(failure.error.message).toMatch(/\.xlsx/);
  });

  it('refuses a damaged workbook', async () => {
    const good = await writeWorkbook(join(dir, 'good.xlsx'), [{ name: 'S', rows: [['a', 'b']] }]);
    const bytes = await readFile(good);
    const truncated = await writeText(
      join(dir, 'truncated.xlsx'),
      bytes.subarray(0, bytes.length - 200),
    );
    expect(await failureCode(inspectFile(truncated))).toBe('file_corrupt');
    const garbage = await writeText(
      join(dir, 'garbage.xlsx'),
      Buffer.from('this is not a zip at all'),
    );
    expect(await failureCode(inspectFile(garbage))).toBe('file_corrupt');
  });

  it('refuses a workbook whose sheet data is damaged inside an intact archive', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`S${i}`, `Supplier ${i}`, 'Some street 1']);
    const good = await writeWorkbook(join(dir, 'inner.xlsx'), [
      { name: 'S', rows: [['Id', 'Name', 'Street'], ...rows] },
    ]);
    const bytes = Buffer.from(await readFile(good));
    // Overwrite compressed bytes of the first entries; the central directory at the end stays.
    for (let i = 200; i < bytes.length / 2; i += 7) bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
    const damaged = await writeText(join(dir, 'inner-damaged.xlsx'), bytes);
    expect(await failureCode(readTable(damaged))).toBe('file_corrupt');
  });

  it('refuses a binary file named .txt', async () => {
    const bytes = Buffer.alloc(4000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 37) % 256;
    const path = await writeText(join(dir, 'image.txt'), bytes);
    expect(await failureCode(inspectFile(path))).toBe('file_unsupported_type');
    expect(await failureCode(readTable(path))).toBe('file_unsupported_type');
  });

  it('refuses a zip that is not a workbook, and other file types', async () => {
    const good = await writeWorkbook(join(dir, 'renamed.xlsx'), [{ name: 'S', rows: [['a']] }]);
    const zipCopy = join(dir, 'archive.zip');
    await writeFile(zipCopy, await readFile(good));
    // A workbook renamed to .zip is still a workbook: content decides, not the name.
    expect((await inspectFile(zipCopy)).kind).toBe('xlsx');
    const pdf = await writeText(join(dir, 'list.pdf'), '%PDF-1.7 something');
    expect(await failureCode(inspectFile(pdf))).toBe('file_unsupported_type');
  });

  it('refuses a file above the size limit and names the limit', async () => {
    const path = await writeText(join(dir, 'big.csv'), 'a,b\n'.repeat(1000));
    const failure = await failureOf(inspectFile(path, { maxBytes: 1024 }));
    expect(failure.error.code).toBe('file_too_large');
    expect(failure.error.message).toContain('up to 1 KB');
    expect(failure.error.details).toMatchObject({ maxBytes: 1024, sizeBytes: 4000 });
  });

  it('refuses an empty file and a missing file', async () => {
    const path = await writeText(join(dir, 'empty.csv'), '');
    expect(await failureCode(inspectFile(path))).toBe('sheet_empty');
    expect(await failureCode(inspectFile(join(dir, 'nope.xlsx')))).toBe('file_not_found');
  });

  it('notices a file changed since import', async () => {
    const path = await writeText(join(dir, 'changing.csv'), 'Name,Ort\nA,B\n');
    const { hash } = await inspectFile(path);
    await expect(assertFileUnchanged(path, hash)).resolves.toBeUndefined();
    await writeText(path, 'Name,Ort\nA,C\n');
    expect(await failureCode(assertFileUnchanged(path, hash))).toBe('file_changed');
    expect(await failureCode(readTable(path, { expectedHash: hash }))).toBe('file_changed');
  });
});
