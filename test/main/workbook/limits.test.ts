// Hostile and oversized workbooks, written byte by byte by the tests: each is refused with its
// sentence (or read exactly, at the limit), and none is read into memory first.
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile, readTable } from '../../../src-main/workbook';
import { XLSX_LIMITS } from '../../../src-main/workbook/limits';
import { readSharedStrings } from '../../../src-main/workbook/sharedStrings';
import { failureOf, makeTempDir } from './helpers';
import {
  inlineRow,
  repeatedDeflate,
  sharedRow,
  sharedStringItems,
  sheetHead,
  sheetTail,
  writeXlsx,
  xmlEscape,
} from './xlsxBuilder';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const HEADER = ['Lieferanten-Nr.', 'Name', 'Ort', 'Land'];
const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** Rows 1..n: the header, then suppliers, as inline strings. */
function* suppliers(n: number): Generator<string> {
  yield inlineRow(1, HEADER);
  for (let i = 1; i <= n; i++) yield inlineRow(i + 1, [`S-${i}`, `Supplier ${i}`, 'Berlin', 'DE']);
}

describe('unpacked size', () => {
  it('refuses shared strings that unpack to gigabytes, from the directory, before inflating', async () => {
    // 2.2 GB of shared strings in about 2 MB: one compressed megabyte repeated.
    const segment = '<si><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></si>'.repeat(
      16_000,
    );
    const bomb = repeatedDeflate(SST_HEAD, segment, 2_200, '</sst>');
    const path = await writeXlsx(join(dir, 'bomb.xlsx'), {
      rows: suppliers(2),
      sharedStrings: { deflated: bomb },
    });
    expect(bomb.size).toBeGreaterThan(XLSX_LIMITS.streamedPartBytes);
    for (const attempt of [() => inspectFile(path), () => readTable(path)]) {
      const f = await failureOf(attempt());
      expect(f.error.code).toBe('file_unpacked_too_large');
      expect(f.error.message).toBe(
        '"bomb.xlsx" is small on disk, but its part xl/sharedStrings.xml unpacks to 2.3 GB; the app reads parts of up to 2 GB. A supplier list needs far less: the file may be damaged or built to overload the programs that open it. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
      );
    }
  });

  it('refuses a workbook whose parts together unpack to more than 4 GB', async () => {
    const part = { deflated: repeatedDeflate('', ' ', 1, ''), declaredSize: 1_500_000_000 };
    const path = await writeXlsx(join(dir, 'total.xlsx'), {
      rows: ['<row r="1"><c r="A1" t="s"><v>0</v></c></row>'],
      sharedStrings: part,
      extraParts: [
        { name: 'xl/media/image1.png', ...part },
        { name: 'xl/media/image2.png', ...part },
      ],
    });
    const f = await failureOf(inspectFile(path));
    expect(f.error.code).toBe('file_unpacked_too_large');
    expect(f.error.message).toBe(
      '"total.xlsx" unpacks to 4.2 GB; the app reads workbooks that unpack to at most 4 GB. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  });

  it('stops inflating a part at the size its directory entry declares, when the directory lies', async () => {
    const segment = '<si><t>B</t></si>'.repeat(60_000);
    const bomb = repeatedDeflate(SST_HEAD, segment, 2_000, '</sst>');
    const path = await writeXlsx(join(dir, 'liar.xlsx'), {
      rows: suppliers(2),
      sharedStrings: { deflated: bomb, declaredSize: 1_000_000 },
    });
    // The directory looks harmless, so the file passes inspection ...
    expect((await inspectFile(path)).kind).toBe('xlsx');
    // ... and reading stops after the declared million bytes, not after two gigabytes.
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('file_corrupt');
    expect(f.error.message).toBe(
      '"liar.xlsx" is damaged: its part xl/sharedStrings.xml unpacks to more than the 1,000,000 bytes its table of contents gives, so it was not read further. Open the file in Excel and save it again as .xlsx, and import the new file.',
    );
  });
});

describe('shared strings', () => {
  it('refuses more than 5,000,000 different texts while they stream in', async () => {
    const segment = '<si><t>a</t></si>'.repeat(1_000);
    const path = await writeXlsx(join(dir, 'many-strings.xlsx'), {
      rows: suppliers(2),
      sharedStrings: { deflated: repeatedDeflate(SST_HEAD, segment, 5_001, '</sst>') },
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('workbook_too_many_texts');
    expect(f.error.message).toBe(
      '"many-strings.xlsx" holds more than 5,000,000 different texts; the app reads workbooks with up to 5,000,000. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  });

  it("refuses texts that add up to more than 100,000,000 characters, each within Excel's limit", async () => {
    // 3,400 texts of 30,000 characters: every one a valid cell, 102 million characters in all.
    const segment = `<si><t>${'x'.repeat(30_000)}</t></si>`;
    const path = await writeXlsx(join(dir, 'long-strings.xlsx'), {
      rows: suppliers(2),
      sharedStrings: { deflated: repeatedDeflate(SST_HEAD, segment, 3_400, '</sst>') },
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('workbook_too_many_texts');
    expect(f.error.message).toBe(
      'The different texts in "long-strings.xlsx" add up to more than 100,000,000 characters; the app reads workbooks whose different texts add up to at most 100,000,000. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  });

  it('reads texts exactly: entities, line ends, formatted runs, phonetic guides, any chunking', async () => {
    const xml = Buffer.from(
      `${SST_HEAD}<si><t>Müller &amp; Söhne &#228;&#x00E4; &lt;GmbH&gt;</t></si><si/>` +
        '<si><r><rPr><b/></rPr><t>Fett</t></r><r><t xml:space="preserve"> und dünn</t></r></si>' +
        '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>' +
        '<si><t>Zeile 1\r\nZeile 2</t></si><!-- a comment --><si><t><![CDATA[x]]>y</t></si></sst>',
      'utf8',
    );
    const expected = [
      'Müller & Söhne ää <GmbH>',
      '',
      'Fett und dünn',
      '東京',
      'Zeile 1\nZeile 2',
      'y',
    ];
    for (const size of [xml.length, 7, 1]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < xml.length; i += size) chunks.push(xml.subarray(i, i + size));
      const strings = await readSharedStrings('x.xlsx', Readable.from(chunks));
      expect(Array.from({ length: strings.count }, (_, i) => strings.get(i))).toEqual(expected);
      expect(strings.chars(3)).toBe(2);
    }
  });
});

describe('cells, rows and columns', () => {
  it('refuses a cell longer than 32,767 characters and names it', async () => {
    const inline = await writeXlsx(join(dir, 'long-inline.xlsx'), {
      rows: [inlineRow(1, HEADER), inlineRow(2, ['S-1', 'x'.repeat(40_000), 'Berlin', 'DE'])],
    });
    let f = await failureOf(readTable(inline));
    expect(f.error.code).toBe('cell_too_long');
    expect(f.error.message).toBe(
      'Cell B2 of sheet "Lieferanten" in "long-inline.xlsx" holds more than 32,767 characters; an Excel cell holds at most 32,767, so the file was not written by Excel or is damaged. Shorten the text of that cell, save the file and import it again.',
    );
    const shared = await writeXlsx(join(dir, 'long-shared.xlsx'), {
      rows: [sharedRow(1, [0, 1, 2, 3]), sharedRow(2, [4, 5, 6, 7]), sharedRow(3, [4, 5, 8, 7])],
      sharedStrings: sharedStringItems([
        ...HEADER,
        'S-1',
        'Alpha',
        'Berlin',
        'DE',
        'y'.repeat(40_000),
      ]),
    });
    f = await failureOf(readTable(shared));
    expect(f.error.code).toBe('cell_too_long');
    expect(f.error.message).toBe(
      'Cell C3 of sheet "Lieferanten" in "long-shared.xlsx" holds 40,000 characters; an Excel cell holds at most 32,767, so the file was not written by Excel or is damaged. Shorten the text of that cell, save the file and import it again.',
    );
  });

  it('reads cells of exactly 32,767 characters, and ignores a long text no cell shows', async () => {
    const full = 'z'.repeat(32_767);
    const path = await writeXlsx(join(dir, 'at-limit.xlsx'), {
      rows: [
        sharedRow(1, [0, 1, 2, 3]),
        sharedRow(2, [4, 5, 6, 7]),
        inlineRow(3, ['S-2', full, full, 'DE']),
      ],
      sharedStrings: sharedStringItems([
        ...HEADER,
        'S-1',
        full,
        'Berlin',
        'DE',
        'q'.repeat(50_000),
      ]),
    });
    const table = await readTable(path);
    expect(table.rows).toEqual([
      { sourceRow: 2, cells: ['S-1', full, 'Berlin', 'DE'] },
      { sourceRow: 3, cells: ['S-2', full, full, 'DE'] },
    ]);
  });

  it('refuses a row of more than 100,000 characters', async () => {
    const long = 'w'.repeat(30_000);
    const path = await writeXlsx(join(dir, 'long-row.xlsx'), {
      rows: [
        inlineRow(1, [...HEADER, 'A', 'B']),
        inlineRow(2, ['S-1', long, long, long, long, 'x']),
      ],
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('sheet_too_large');
    expect(f.error.message).toBe(
      'Row 2 of sheet "Lieferanten" in "long-row.xlsx" holds more than 100,000 characters (up to cell E2); the app reads rows of up to 100,000 characters, far more than a supplier needs. Shorten the long texts in that row (notes or descriptions, for example), or delete the columns the import does not need, and import the file again.',
    );
  });

  it('refuses a sheet whose cells add up to more than 250,000,000 characters, each row within limits', async () => {
    // One text of 30,000 characters shown three times in each of 2,800 rows: a small file whose
    // cells would be 252 million characters in the journal.
    function* rows(): Generator<string> {
      yield sharedRow(1, [0, 1, 2, 3]);
      for (let r = 2; r <= 2_801; r++) yield sharedRow(r, [4, 4, 4]);
    }
    const path = await writeXlsx(join(dir, 'big-sheet.xlsx'), {
      rows: rows(),
      sharedStrings: sharedStringItems([...HEADER, 'v'.repeat(30_000)]),
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('sheet_too_large');
    expect(f.error.message).toBe(
      'The cells of sheet "Lieferanten" in "big-sheet.xlsx" hold more than 250,000,000 characters together (reached in row 2,779); the app reads sheets of up to 250,000,000. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  });

  it('refuses a cell beyond column XFD', async () => {
    const path = await writeXlsx(join(dir, 'wide.xlsx'), {
      rows: [
        inlineRow(1, HEADER),
        '<row r="2"><c r="A2" t="inlineStr"><is><t>S-1</t></is></c><c r="XFE2" t="inlineStr"><is><t>far</t></is></c></row>',
      ],
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('sheet_too_large');
    expect(f.error.message).toBe(
      'Row 2 of sheet "Lieferanten" in "wide.xlsx" has a cell in column 16,385; Excel sheets end at column 16,384 (XFD), so the file was not written by Excel or is damaged. Open it in Excel, save it again as .xlsx and import the new file, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  });

  it('refuses more rows than Excel has, counting rows without numbers too', async () => {
    // 1,048,577 rows, numbered only by their order, all pointing at the same four texts.
    function* rows(): Generator<string> {
      yield '<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row>';
      const row = '<row><c t="s"><v>2</v></c><c t="s"><v>3</v></c></row>';
      for (let r = 2; r <= 1_048_577; r++) yield row;
    }
    const path = await writeXlsx(join(dir, 'tall.xlsx'), {
      rows: rows(),
      sharedStrings: sharedStringItems(['Lieferanten-Nr.', 'Name', 'S-1', 'Alpha']),
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('sheet_too_large');
    expect(f.error.message).toBe(
      'Sheet "Lieferanten" in "tall.xlsx" has a row numbered 1,048,577; Excel sheets end at row 1,048,576, so the file was not written by Excel or is damaged. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  });

  it('refuses more than 50,000,000 cells, empty formatted ones included', async () => {
    // 501,000 rows of a hundred empty cells each: 200 MB of XML with nothing in it.
    const block = `<row>${'<c/>'.repeat(100)}</row>`.repeat(1_000);
    const path = await writeXlsx(join(dir, 'empty-cells.xlsx'), {
      rows: [],
      sheet: {
        deflated: repeatedDeflate(
          sheetHead + inlineRow(1, HEADER),
          block,
          501,
          `</sheetData>${sheetTail}`,
        ),
      },
    });
    const f = await failureOf(readTable(path));
    expect(f.error.code).toBe('sheet_too_large');
    expect(f.error.message).toBe(
      'Sheet "Lieferanten" in "empty-cells.xlsx" has more than 50,000,000 cells (empty formatted cells included; reached in row 500,001); the app reads sheets of up to 50,000,000. Delete the rows and columns below and right of the list (or clear their formatting), or split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
    );
  }, 120_000);

  it('refuses a formula longer than Excel allows, and a document type declaration', async () => {
    const formula = await writeXlsx(join(dir, 'formula.xlsx'), {
      rows: [
        inlineRow(1, HEADER),
        `<row r="2"><c r="A2"><f>${'1+'.repeat(5_000)}1</f><v>5001</v></c></row>`,
      ],
    });
    const f = await failureOf(readTable(formula));
    expect(f.error.code).toBe('cell_too_long');
    expect(f.error.message).toBe(
      'Cell A2 of sheet "Lieferanten" in "formula.xlsx" holds a formula of more than 8,192 characters, the most Excel allows, so the file was not written by Excel or is damaged. Replace the formula by its value (Copy, Paste Values), save the file and import it again.',
    );
    const doctype = await writeXlsx(join(dir, 'doctype.xlsx'), {
      rows: suppliers(1),
      sharedStrings: [
        `<!DOCTYPE sst [<!ENTITY a "${xmlEscape('aaaaaaaaaa')}">]>`,
        '<si><t>&a;</t></si>',
      ],
    });
    expect((await failureOf(readTable(doctype))).error.code).toBe('file_corrupt');
  });
});
