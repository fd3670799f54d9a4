// Hostile and messy text files, generated here: line endings mixed as editors and tools leave
// them, quotes gone wrong, old Mac and Unicode encodings, and files that are not what their name
// says. Every row must come out as Excel would show it, or the file is refused with the lines to
// fix; never a row merged, dropped or invented.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile, readTable } from '../../../src-main/workbook';
import { CsvTokenizer, type CsvRecord } from '../../../src-main/workbook/csvRows';
import { detectEncoding } from '../../../src-main/workbook/textDecode';
import { failureOf, makeTempDir, SUPPLIER_HEADERS, writeText } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

/** 60 suppliers, each line `S001;Supplier 001 GmbH;Weg 1;10001;Berlin;DE;ERP`. */
const supplier = (i: number) => {
  const n = String(i).padStart(3, '0');
  return [`S${n}`, `Supplier ${n} GmbH`, `Weg ${i}`, String(10000 + i), 'Berlin', 'DE', 'ERP'];
};
const SUPPLIERS = Array.from({ length: 60 }, (_, i) => supplier(i + 1));
const HEADER = SUPPLIER_HEADERS.join(';');
const lines = (rows: string[][] = SUPPLIERS) => [HEADER, ...rows.map((r) => r.join(';'))];

const noteTexts = (t: { notes: { message: string }[] }) => t.notes.map((n) => n.message);

describe('line endings as Excel reads them', () => {
  it('reads all 60 suppliers of a CR LF file with one lone LF, and says how the lines end', async () => {
    const l = lines();
    // Line 31 (supplier 30) ends with LF alone, as an edit in a Unix tool leaves it.
    const text = `${l.slice(0, 31).join('\r\n')}\n${l.slice(31).join('\r\n')}\r\n`;
    const table = await readTable(await writeText(join(dir, 'lone-lf.csv'), text));
    expect(table.rows.map((r) => r.cells)).toEqual(SUPPLIERS);
    expect(table.rows.map((r) => r.sourceRow)).toEqual(SUPPLIERS.map((_, i) => i + 2));
    expect(noteTexts(table)).toContain(
      'The file has 61 lines: 61 rows as Excel numbers them (the column names included).',
    );
    expect(noteTexts(table)).toContain(
      'Lines end in different ways: 60 lines with CR LF, 1 line with LF alone (line 31). Each ends a row, as when Excel opens the file.',
    );
  });

  it('reads a lone CR in a CR LF file, and a file of CRs only (old Mac), as row ends', async () => {
    const l = lines();
    const loneCr = `${l.slice(0, 10).join('\r\n')}\r${l.slice(10).join('\r\n')}\r\n`;
    const t1 = await readTable(await writeText(join(dir, 'lone-cr.csv'), loneCr));
    expect(t1.rows.map((r) => r.cells)).toEqual(SUPPLIERS);
    expect(noteTexts(t1)).toContain(
      'Lines end in different ways: 60 lines with CR LF, 1 line with CR alone (line 10). Each ends a row, as when Excel opens the file.',
    );
    const t2 = await readTable(await writeText(join(dir, 'mac.csv'), `${l.join('\r')}\r`));
    expect(t2.rows.map((r) => r.cells)).toEqual(SUPPLIERS);
    expect(noteTexts(t2)).toContain(
      'The file has 61 lines: 61 rows as Excel numbers them (the column names included).',
    );
    expect(noteTexts(t2).some((m) => m.startsWith('Lines end in different ways'))).toBe(false);
  });

  it('keeps CR LF, LF and CR inside quoted values as line breaks of the value', async () => {
    const rows = SUPPLIERS.slice(0, 4).map((r) => r.join(';'));
    rows[0] = 'S001;"Supplier 001\r\nGmbH";Weg 1;10001;Berlin;DE;ERP';
    rows[2] = 'S003;Supplier 003 GmbH;"Weg 3\nHof 2\rHaus B";10003;Berlin;DE;ERP';
    const text = `${[HEADER, ...rows].join('\r\n')}\r\n\r\n`;
    const table = await readTable(await writeText(join(dir, 'quoted-breaks.csv'), text));
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['S001', 'Supplier 001\nGmbH', 'Weg 1', '10001', 'Berlin', 'DE', 'ERP'],
      SUPPLIERS[1],
      ['S003', 'Supplier 003 GmbH', 'Weg 3\nHof 2\nHaus B', '10003', 'Berlin', 'DE', 'ERP'],
      SUPPLIERS[3],
    ]);
    // Rows as Excel numbers them: a quoted line break does not start a row.
    expect(table.rows.map((r) => r.sourceRow)).toEqual([2, 3, 4, 5]);
    // 9 lines = 6 rows (the last one blank) + 3 line breaks inside values.
    expect(noteTexts(table)).toContain(
      'The file has 9 lines: 6 rows as Excel numbers them (the column names included, 1 blank) and 3 line breaks inside quoted values (rows 2, 4).',
    );
  });

  it("counts Excel's sep= line apart from the rows", async () => {
    const text = `sep=;\n${lines(SUPPLIERS.slice(0, 2)).join('\n')}\n`;
    const table = await readTable(await writeText(join(dir, 'sep-count.csv'), text));
    expect(table.rows.map((r) => [r.sourceRow, r.cells[0]])).toEqual([
      [2, 'S001'],
      [3, 'S002'],
    ]);
    expect(noteTexts(table)).toContain(
      `The file has 4 lines: 3 rows as Excel numbers them (the column names included) and Excel's "sep=" line before them.`,
    );
  });
});

describe('quotes that would merge rows refuse the file', () => {
  it('refuses an unclosed quote that would swallow the rest of the file, naming its line', async () => {
    const l = lines();
    l[5] = 'S005;"Supplier 005 GmbH;Weg 5;10005;Berlin;DE;ERP';
    const path = await writeText(join(dir, 'unclosed.csv'), `${l.join('\r\n')}\r\n`);
    const failure = await failureOf(readTable(path));
    expect(failure.error.code).toBe('file_quotes_broken');
    expect(failure.error.message).toBe(
      'The quotation marks in "unclosed.csv" would merge or change rows, so it is not imported. Line 6 (row 6) opens a quoted value ("Supplier 005 GmbH;Weg 5;10005;Berlin;DE;…") that is never closed, so everything from there to the end of the file (line 61) would become one cell: add the closing " where the value ends, or delete the opening one. Open the file in a text editor (Notepad, TextEdit), correct the quotes on that line, save it, and import it again.',
    );
    expect(failure.error.details).toMatchObject({
      problems: [{ kind: 'unclosed_quote', line: 6, row: 6 }],
    });
  });

  it('refuses a quote that takes in several suppliers before another quote closes it', async () => {
    const l = lines();
    l[3] = 'S003;"Supplier 003 GmbH;Weg 3;10003;Berlin;DE;ERP';
    l[6] = 'S006;Supplier 006 GmbH";Weg 6;10006;Berlin;DE;ERP';
    const path = await writeText(join(dir, 'swallow.csv'), `${l.join('\r\n')}\r\n`);
    const failure = await failureOf(readTable(path));
    expect(failure.error.code).toBe('file_quotes_broken');
    expect(failure.error.message).toBe(
      'The quotation marks in "swallow.csv" would merge or change rows, so it is not imported. Line 4 (row 4) opens a quoted value ("Supplier 003 GmbH;Weg 3;10003;Berlin;DE;…") that runs on to line 7 and takes in 2 lines that look like rows of their own: add the closing " where the value ends, or delete the opening one. Open the file in a text editor (Notepad, TextEdit), correct the quotes on that line, save it, and import it again.',
    );
  });

  it('refuses text after a closing quote, with the value written as it should be', async () => {
    const l = lines();
    l[2] = 'S002;"Müller" GmbH;Weg 2;10002;Berlin;DE;ERP';
    l[9] = 'S009;Supplier 009 GmbH;"Weg" 9;10009;Berlin;DE;ERP';
    const path = await writeText(join(dir, 'after-quote.csv'), `${l.join('\n')}\n`);
    const failure = await failureOf(readTable(path));
    expect(failure.error.code).toBe('file_quotes_broken');
    expect(failure.error.message).toBe(
      'The quotation marks in "after-quote.csv" would merge or change rows, so it is not imported. Line 3 (row 3): text follows the closing quote in "Müller" GmbH: write the value as """Müller"" GmbH" (all of it in quotes, each quote inside doubled), or without any quotes. Line 10 (row 10): text follows the closing quote in "Weg" 9: write the value as """Weg"" 9" (all of it in quotes, each quote inside doubled), or without any quotes. Open the file in a text editor (Notepad, TextEdit), correct the quotes on those lines, save it, and import it again.',
    );
    // inspect still describes the file; the refusal comes when its rows are read.
    expect((await inspectFile(path)).kind).toBe('csv');
  });

  it('numbers rows after a quoted line break and a sep= line in the refusal', async () => {
    const text = `sep=,\nName,Address,City\n"Alpha","Weg 1\nHof 2",Berlin\nBeta,"Ring 2,Köln\nGamma,Weg 3,Bonn\n`;
    const failure = await failureOf(readTable(await writeText(join(dir, 'rows.csv'), text)));
    expect(failure.error.message).toContain(
      'Line 5 (row 3) opens a quoted value ("Ring 2,Köln") that is never closed, so everything from there to the end of the file (line 6) would become one cell',
    );
  });
  it('lists the first five places and counts the rest', async () => {
    const l = lines();
    for (let i = 1; i <= 12; i++) l[i * 4] = l[i * 4]!.replace(/^(S\d+);/, '$1;"Alt" ');
    const failure = await failureOf(
      readTable(await writeText(join(dir, 'many.csv'), l.join('\n'))),
    );
    expect(failure.error.message).toContain(
      'Line 21 (row 21): text follows the closing quote in "Alt" Supplier 020 GmbH: write the value as """Alt"" Supplier 020 GmbH" (all of it in quotes, each quote inside doubled), or without any quotes. 7 more like these follow. Open the file in a text editor',
    );
    expect(failure.error.details?.problems).toHaveLength(12);
  });
});

describe('quotes Excel reads literally are kept and named', () => {
  it('keeps a quote inside an unquoted value and names the row and line', async () => {
    const l = lines(SUPPLIERS.slice(0, 3));
    l[2] = 'S002;Rohrbau 12" GmbH;Weg 2;10002;Berlin;DE;ERP';
    const table = await readTable(await writeText(join(dir, 'inch.csv'), `${l.join('\r\n')}\r\n`));
    expect(table.rows.map((r) => r.cells)).toEqual([
      SUPPLIERS[0],
      ['S002', 'Rohrbau 12" GmbH', 'Weg 2', '10002', 'Berlin', 'DE', 'ERP'],
      SUPPLIERS[2],
    ]);
    expect(table.notes).toContainEqual(
      expect.objectContaining({
        row: 3,
        kind: 'quote_kept',
        message:
          'Row 3 (line 3): the quotation mark in Rohrbau 12" GmbH is kept as part of the value, as Excel reads it. If the value was meant to be in quotes, put quotes around all of it and double the ones inside.',
      }),
    );
  });

  it('takes spaces after a closing quote as Excel does, and sums up many kept quotes', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => [
      `S${i}`,
      `Pipe ${i}" steel`,
      `"Weg ${i}"  `,
    ]);
    const text = `Id;Name;Street\n${rows.map((r) => r.join(';')).join('\n')}\n`;
    const table = await readTable(await writeText(join(dir, 'inches.csv'), text));
    expect(table.rows.map((r) => r.cells)).toEqual(
      rows.map((_, i) => [`S${i}`, `Pipe ${i}" steel`, `Weg ${i}  `]),
    );
    expect(table.notes.filter((n) => n.kind === 'quote_kept').map((n) => n.message)).toEqual([
      ...rows
        .slice(0, 10)
        .map(
          (_, i) =>
            `Row ${i + 2} (line ${i + 2}): the quotation mark in Pipe ${i}" steel is kept as part of the value, as Excel reads it. If the value was meant to be in quotes, put quotes around all of it and double the ones inside.`,
        ),
      '4 more rows have a quotation mark kept inside a value.',
    ]);
  });

  it('reads a quote left open on the last line to the end of that line, with a note', async () => {
    const l = lines(SUPPLIERS.slice(0, 2));
    l[2] = 'S002;Supplier 002 GmbH;Weg 2;10002;Berlin;DE;"ERP';
    const table = await readTable(await writeText(join(dir, 'last.csv'), `${l.join('\r\n')}\r\n`));
    expect(table.rows.map((r) => r.cells)).toEqual(SUPPLIERS.slice(0, 2));
    expect(noteTexts(table)).toContain(
      'Row 3 (line 3): the quoted value "ERP" is not closed; it was read to the end of the file, which is the end of that line.',
    );
  });

  it('splits across chunk boundaries exactly as in one piece', () => {
    const text = 'a;"b\r\nc";d\re;"f""g"\r\n\r\nh;i"j;k\n"l"m;n';
    const whole: CsvRecord[] = [];
    const t1 = new CsvTokenizer(';');
    t1.push(text, (r) => whole.push(r));
    t1.end((r) => whole.push(r));
    expect(whole.map((r) => r.fields)).toEqual([
      ['a', 'b\nc', 'd'],
      ['e', 'f"g'],
      [''],
      ['h', 'i"j', 'k'],
      ['lm', 'n'],
    ]);
    expect(whole.map((r) => [r.firstLine, r.lastLine])).toEqual([
      [1, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    for (let size = 1; size <= 4; size++) {
      const pieces: CsvRecord[] = [];
      const t = new CsvTokenizer(';');
      for (let i = 0; i < text.length; i += size)
        t.push(text.slice(i, i + size), (r) => pieces.push(r));
      t.end((r) => pieces.push(r));
      expect(pieces).toEqual(whole);
      expect([t.lines, t.quotedBreaks, t.endings]).toEqual([t1.lines, t1.quotedBreaks, t1.endings]);
      expect(t.issues).toEqual(t1.issues);
    }
    expect(t1.lines).toBe(6);
    expect(t1.endings).toEqual({ crlf: 2, lf: 1, cr: 1 });
    expect(t1.issues.map((i) => [i.kind, i.line, i.text])).toEqual([
      ['stray_quote', 5, 'i"j'],
      ['text_after_quote', 6, '"l"m'],
    ]);
  });
});

/** Mac Roman bytes of a text (the letters a German or French supplier list uses). */
function macRoman(text: string): Buffer {
  const decoder = new TextDecoder('macintosh');
  const table = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(Array.from(text, (ch) => table.get(ch) ?? ch.charCodeAt(0)));
}
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

describe('encodings', () => {
  it('reads Mac Roman ("CSV (Macintosh)") as Mac Roman, not as Windows-1252', async () => {
    const text =
      'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land\r' +
      '0042;Müller & Söhne GmbH;Königsallee 5;01067;Dresden;Deutschland\r' +
      '0043;Société Générale Ltée;Rue de l’Église 2;75001;Paris;Frankreich\r' +
      '0044;Bäckerei Öztürk;Hauptstraße 1;80331;München;Österreich\r';
    const path = await writeText(join(dir, 'mac-roman.csv'), macRoman(text));
    expect((await inspectFile(path)).text?.encoding).toBe('macintosh');
    const table = await readTable(path);
    expect(table.columns.map((c) => c.header)[2]).toBe('Straße');
    expect(table.rows.map((r) => r.cells[1])).toEqual([
      'Müller & Söhne GmbH',
      'Société Générale Ltée',
      'Bäckerei Öztürk',
    ]);
    expect(table.rows[1]?.cells[2]).toBe('Rue de l’Église 2');
    expect(table.rows[2]?.cells[4]).toBe('München');
  });

  it('tells Mac Roman when the first umlaut comes after the first megabyte', async () => {
    const head = ['Id;Name;Street;City'];
    for (let i = 0, size = 0; size < 1.1 * 1024 * 1024; i++) {
      head.push(`S-${i};Plain Supplier Name;Some Street 1;Berlin`);
      size += 45;
    }
    const tail = 'S-last;Müller GmbH;Königstraße 1;München\r';
    const path = await writeText(
      join(dir, 'late-mac.csv'),
      Buffer.concat([Buffer.from(`${head.join('\r')}\r`), macRoman(tail)]),
    );
    expect((await inspectFile(path)).text?.encoding).toBe('macintosh');
    expect((await readTable(path)).rows.at(-1)?.cells).toEqual([
      'S-last',
      'Müller GmbH',
      'Königstraße 1',
      'München',
    ]);
  });

  it('keeps Windows-1252 for Windows text with the same words', () => {
    const text = 'Name;Ort\r\nMüller & Söhne GmbH;München\r\nBäckerei Öztürk;Köln\r\n';
    expect(detectEncoding(windows1252(text))).toEqual({ encoding: 'windows-1252', bom: false });
  });

  it('says which encoding it assumed when one word cannot tell them apart', async () => {
    // "Köln" is "Kšln" in Windows-1252: both are letters, so the evidence is thin.
    const path = await writeText(join(dir, 'koeln.csv'), macRoman('Name;Ort\nMeyer AG;Köln\n'));
    const table = await readTable(path);
    expect(table.rows[0]?.cells).toEqual(['Meyer AG', 'Köln']);
    expect(noteTexts(table)).toContain(
      `The text was taken as Mac Roman (Excel for Mac's "CSV (Macintosh)"), which reads "Köln"; it could also be Windows-1252 (Windows Excel's "CSV"), which would read "Kšln". If names look wrong, save the file from Excel as "CSV UTF-8" and import it again.`,
    );
  });

  it('reads UTF-16 LE with a lone LF among CR LF and a quoted line break', async () => {
    const text = 'Supplier ID\tName\tCity\r\nS-01\t"Łódź\r\nMetal"\tŁódź\nS-02\t東莞电子\t东莞\r\n';
    const path = await writeText(
      join(dir, 'utf16.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    const table = await readTable(path);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['S-01', 'Łódź\nMetal', 'Łódź'],
      ['S-02', '東莞电子', '东莞'],
    ]);
    expect(noteTexts(table)).toContain(
      'The file has 4 lines: 3 rows as Excel numbers them (the column names included) and 1 line break inside a quoted value (row 2).',
    );
  });

  it('removes a UTF-8 BOM and reads the first column name without it', async () => {
    const text = `\ufeff${lines(SUPPLIERS.slice(0, 1)).join('\r\n')}`;
    const table = await readTable(await writeText(join(dir, 'bom.csv'), text));
    expect(table.columns[0]?.header).toBe('Lieferanten-Nr.');
    expect(table.rows.map((r) => r.cells)).toEqual([SUPPLIERS[0]]);
    expect(noteTexts(table)).toContain(
      'The file has 2 lines: 2 rows as Excel numbers them (the column names included).',
    );
  });
});

/** A zip of stored or deflated entries, as an office suite writes one. */
function zip(entries: { name: string; data: string; deflate?: boolean }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.from(e.data, 'utf8');
    const data = e.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(e.deflate ? 8 : 0, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(raw.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(cd, name);
    offset += local.length + name.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, end]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe('files that are not what their name says', () => {
  it('refuses an OpenDocument spreadsheet with how to save it as .xlsx or CSV', async () => {
    const ods = zip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
      { name: 'content.xml', data: '<office:document-content/>', deflate: true },
    ]);
    for (const name of ['lieferanten.ods', 'lieferanten.xlsx']) {
      const failure = await failureOf(inspectFile(await writeText(join(dir, name), ods)));
      expect(failure.error.code).toBe('file_unsupported_type');
      expect(failure.error.message).toBe(
        `"${name}" is an OpenDocument spreadsheet (LibreOffice, OpenOffice). Save it as .xlsx in LibreOffice or Excel (File, Save As, Excel 2007-365 .xlsx) or export it as CSV, and import that file.`,
      );
    }
  });

  it('refuses images and PDFs, whatever their name, as not a supplier list', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
    const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
    const cases: [string, Buffer, string][] = [
      ['scan.png', png, 'an image (PNG)'],
      ['suppliers.xlsx', png, 'an image (PNG)'],
      ['photo.csv', jpeg, 'an image (JPEG)'],
      ['liste.pdf', pdf, 'a PDF document'],
      ['liste.csv', pdf, 'a PDF document'],
    ];
    for (const [name, bytes, what] of cases) {
      const failure = await failureOf(readTable(await writeText(join(dir, name), bytes)));
      expect(failure.error.code).toBe('file_unsupported_type');
      expect(failure.error.message).toBe(
        `"${name}" is ${what}, not a supplier list. Choose the workbook (.xlsx) or the .csv file that holds the suppliers.`,
      );
    }
  });

  it('reads a CSV named .xlsx (or .xls) as the text it is, and says so', async () => {
    const l = lines(SUPPLIERS.slice(0, 3));
    for (const name of ['export.xlsx', 'export.xls']) {
      const path = await writeText(join(dir, name), `${l.join('\r\n')}\r\n`);
      const info = await inspectFile(path);
      expect(info.kind).toBe('csv');
      expect(info.text).toMatchObject({ encoding: 'utf-8', delimiter: ';' });
      const table = await readTable(path);
      expect(table.rows.map((r) => r.cells)).toEqual(SUPPLIERS.slice(0, 3));
      expect(table.notes).toContainEqual(
        expect.objectContaining({
          row: null,
          kind: 'file_type',
          message: `"${name}" is a text file with values separated by semicolons, not an Excel workbook, whatever its name says: it was read as the text it is. Renaming it to .csv keeps that clear.`,
        }),
      );
    }
  });

  it('sends a web page named .xls back to Excel, and keeps other text refusals', async () => {
    const html = '<html><body><table><tr><td>Name</td></tr></table></body></html>';
    const failure = await failureOf(inspectFile(await writeText(join(dir, 'erp.xls'), html)));
    expect(failure.error.code).toBe('file_unsupported_type');
    expect(failure.error.message).toBe(
      `"erp.xls" is a web page or XML file with a workbook's name, as some systems export "Excel" files. Open it in Excel, save it as .xlsx (File, Save As, Excel Workbook), and import the new file.`,
    );
    // One line of prose is no table: still a damaged workbook.
    const prose = await writeText(join(dir, 'prose.xlsx'), 'this is not a zip at all');
    expect((await failureOf(inspectFile(prose))).error.code).toBe('file_corrupt');
  });
});

describe('a large file', () => {
  it('reads 20,000 rows with a lone LF every 1,000 lines: none merged, none lost', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `S${i};Supplier ${i};Weg ${i};Berlin`);
    let text = 'Id;Name;Street;City';
    rows.forEach((r, i) => (text += (i % 1000 === 999 ? '\n' : '\r\n') + r));
    await writeFile(join(dir, 'large.csv'), text);
    const table = await readTable(join(dir, 'large.csv'));
    expect(table.rows).toHaveLength(20_000);
    expect(table.rows[19_999]?.cells).toEqual(['S19999', 'Supplier 19999', 'Weg 19999', 'Berlin']);
    expect(table.rows.every((r, i) => r.cells[0] === `S${i}` && r.cells.length === 4)).toBe(true);
  });
});
