import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnName, xmlAttr, xmlText, XlsxWriter } from '../../../src-main/workbook/xlsxWriter';
import { listZipEntries, readZipEntryText } from '../../../src-main/workbook/zip';
import { ZipWriter } from '../../../src-main/workbook/zipWriter';
import { makeTempDir } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

async function written(path: string, write: (out: Writable) => Promise<void>) {
  const out = createWriteStream(path);
  await write(out);
  out.end();
  await once(out, 'finish');
  return path;
}

describe('xml text', () => {
  it('escapes markup and leaves out what XML 1.0 cannot hold, keeping TAB, LF and CR', () => {
    expect(xmlText('a<b>&c "d" \'e\'')).toBe('a&lt;b&gt;&amp;c "d" \'e\'');
    expect(xmlText('x\u0000\u0001\u0008\u000b\u000c\u001f\u007f\ufffey')).toBe('xy');
    expect(xmlText('a\tb\nc\rd')).toBe('a\tb\nc\rd');
    expect(xmlText('Müller 東莞 😀')).toBe('Müller 東莞 😀');
    expect(xmlAttr('Ergebnisse "A" & <B>')).toBe('Ergebnisse &quot;A&quot; &amp; &lt;B&gt;');
  });

  it('names columns as Excel does', () => {
    expect([1, 26, 27, 52, 53, 702, 703, 16_384].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});

describe('ZipWriter', () => {
  it('writes parts the zip reader opens, streamed ones with their CRC and sizes after the data', async () => {
    const big = Array.from({ length: 40_000 }, (_, i) => `<row r="${i}">Zeile ${i} ü</row>`);
    // Texts longer than a chunk, and multi-byte characters across the chunks' ends.
    big.splice(20_000, 0, 'ü€😀'.repeat(50_000), `<long>${'x'.repeat(100_000)}</long>`);
    const path = await written(join(dir, 'parts.zip'), async (out) => {
      const zip = new ZipWriter(out);
      await zip.add('small.xml', '<a>ä</a>');
      const part = await zip.open('big.xml');
      for (const line of big) await part.write(line);
      await part.end();
      await zip.add('after.xml', '<b/>');
      await zip.finish();
    });
    const entries = await listZipEntries(path);
    expect(entries.map((e) => e.name)).toEqual(['small.xml', 'big.xml', 'after.xml']);
    const text = big.join('');
    const bigEntry = entries[1]!;
    expect(bigEntry.size).toBe(Buffer.byteLength(text));
    expect(await readZipEntryText(path, bigEntry)).toBe(text);
    expect(await readZipEntryText(path, entries[0]!)).toBe('<a>ä</a>');
  });

  it('refuses a second part while one is open', async () => {
    const path = join(dir, 'two.zip');
    const out = createWriteStream(path);
    const zip = new ZipWriter(out);
    await zip.open('one.xml');
    await expect(zip.open('two.xml')).rejects.toThrow(/another is open/);
    zip.destroy();
    out.destroy();
  });
});

describe('XlsxWriter', () => {
  it('writes sheets with texts, numbers, the text format, notes on each sheet, pane and filter', async () => {
    const path = await written(join(dir, 'book.xlsx'), async (out) => {
      const book = new XlsxWriter(out);
      for (const name of ['Erste', 'Zweite "B"']) {
        const ws = await book.addSheet({
          name,
          widths: [12, 30],
          freezeHeader: true,
          filterColumns: 3,
          textColumns: new Set([0]),
        });
        await ws.row(['PLZ', 'Name', 'Zeile'], null, false);
        for (let i = 0; i < 3; i++) {
          await ws.row(
            [`0${4109 + i}`, i === 1 ? ' Leer am Rand ' : `Müller <${i}>`, i + 2],
            i === 2 ? [{ column: 1, text: `Notiz ${name} & mehr` }] : null,
          );
        }
        await ws.row(['', null, 9]);
        await ws.end();
      }
      await book.finish();
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Erste', 'Zweite "B"']);
    for (const ws of wb.worksheets) {
      expect(ws.getCell('A1').numFmt).toBeUndefined();
      expect(ws.getCell('A2').value).toBe('04109');
      expect(ws.getCell('A2').numFmt).toBe('@');
      expect(ws.getCell('A5').numFmt).toBe('@');
      expect(ws.getCell('B3').value).toBe(' Leer am Rand ');
      expect(ws.getCell('B2').value).toBe('Müller <0>');
      expect(ws.getCell('C2').value).toBe(2);
      expect(ws.getCell('B4').note).toBe(`Notiz ${ws.name} & mehr`);
      expect(ws.getColumn(2).width).toBe(30);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
    const entries = await listZipEntries(path);
    const sheet = await readZipEntryText(
      path,
      entries.find((e) => e.name.endsWith('sheet2.xml'))!,
    );
    expect(sheet).toContain('<autoFilter ref="A1:C5"/>');
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'xl/comments1.xml',
        'xl/comments2.xml',
        'xl/drawings/vmlDrawing1.vml',
        'xl/drawings/vmlDrawing2.vml',
      ]),
    );
  });

  it('refuses a sheet name Excel cannot hold, or one given twice', async () => {
    const out = createWriteStream(join(dir, 'names.xlsx'));
    const book = new XlsxWriter(out);
    await expect(book.addSheet({ name: 'a/b' })).rejects.toThrow(/cannot be used/);
    const ws = await book.addSheet({ name: 'Results' });
    await ws.end();
    await expect(book.addSheet({ name: 'results' })).rejects.toThrow(/cannot be used/);
    book.destroy();
    out.destroy();
  });
});
