import { existsSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectHeaderRow, openTable, previewTable, readTable } from '../../../src-main/workbook';
import { failureCode, makeTempDir, rewriteAsZip64, writeText, writeWorkbook } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

describe('detectHeaderRow', () => {
  const rows = (...cells: string[][]) => cells.map((c, i) => ({ sourceRow: i + 1, cells: c }));

  it('prefers the first wide text row when no column name is known', () => {
    expect(
      detectHeaderRow(
        rows(
          ['Abteilung: Einkauf Nord', 'Stand: November'],
          ['Kennung', 'Bezeichnung', '', 'Anschrift'],
          ['K1', 'Alpha', 'x', 'Weg 1'],
          ['K2', 'Beta', 'y', 'Weg 2'],
        ),
      ),
    ).toBe(2);
  });

  it('prefers the row with the most known column names', () => {
    expect(
      detectHeaderRow(
        rows(
          ['Report', 'Suppliers', 'Q4', 'internal'],
          ['Lieferanten-Nr.', 'Name', 'Ort', 'Land'],
          ['1', 'A', 'B', 'DE'],
        ),
      ),
    ).toBe(2);
  });

  it('skips rows of numbers and titles repeated by merged cells', () => {
    expect(
      detectHeaderRow(
        rows(
          ['Title', 'Title', 'Title'],
          ['2026', '11', '23'],
          ['Code', 'Label', 'Group'],
          ['a', 'b', 'c'],
        ),
      ),
    ).toBe(3);
    expect(detectHeaderRow(rows(['only one'], ['x', 'x']))).toBeNull();
  });
});

describe('xlsx tables', () => {
  it('finds the header below titles, notes and blank lines, and skips totals and remarks', async () => {
    const path = await writeWorkbook(join(dir, 'layout.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          ['Lieferantenliste Einkauf'],
          [],
          ['Stand: 01.11.2026', 'erstellt von M. Huber'],
          ['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land'],
          ['1001', 'Alpha GmbH', 'Hauptstr. 1', '10115', 'Berlin', 'DE'],
          [],
          ['1002', 'Beta SARL', '1 Rue de Rivoli', '75001', 'Paris', 'FR'],
          ['Summe', '', '', '', '', '2'],
          [],
          ['Hinweis: Daten aus SAP'],
        ],
        build: (ws) => ws.mergeCells('A1:F1'),
      },
    ]);
    const table = await readTable(path);
    expect(table.headerRow).toBe(4);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Lieferanten-Nr.',
      'Name',
      'Straße',
      'PLZ',
      'Ort',
      'Land',
    ]);
    expect(table.columns.map((c) => c.letter)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(table.rows.map((r) => r.sourceRow)).toEqual([5, 7]);
    expect(table.rows[1]?.cells).toEqual([
      '1002',
      'Beta SARL',
      '1 Rue de Rivoli',
      '75001',
      'Paris',
      'FR',
    ]);
    const kinds = table.notes.map((n) => n.kind);
    expect(kinds).toContain('rows_above_header');
    expect(table.notes.find((n) => n.kind === 'total_row_skipped')?.row).toBe(8);
    expect(table.notes.find((n) => n.kind === 'remark_row_skipped')?.row).toBe(10);
    expect(table.notes.find((n) => n.kind === 'blank_rows_skipped')?.message).toContain('6');
  });

  it('skips a row with only a number under the table as a total', async () => {
    const path = await writeWorkbook(join(dir, 'count.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Supplier ID', 'Name', 'City'],
          ['A1', 'One', 'Rome'],
          ['A2', 'Two', 'Milan'],
          ['', '', 2],
        ],
      },
    ]);
    const table = await readTable(path);
    expect(table.rows.map((r) => r.sourceRow)).toEqual([2, 3]);
    expect(table.notes.some((n) => n.kind === 'total_row_skipped' && n.row === 4)).toBe(true);
  });

  it('keeps suppliers whose name starts like a total', async () => {
    const path = await writeWorkbook(join(dir, 'total-names.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Supplier ID', 'Name', 'City', 'Country'],
          ['T1', 'Total Energies Marketing', 'Paris', 'FR'],
          ['T2', 'Summit Metals', 'Leeds', 'GB'],
          ['Total: 2 suppliers'],
        ],
      },
    ]);
    const table = await readTable(path);
    expect(table.rows.map((r) => r.cells[1])).toEqual([
      'Total Energies Marketing',
      'Summit Metals',
    ]);
    expect(table.notes.some((n) => n.kind === 'total_row_skipped' && n.row === 4)).toBe(true);
  });

  it('keeps a long run of one-value rows after a gap as records', async () => {
    const rows: unknown[][] = [['Supplier ID', 'Name', 'City'], ['A1', 'One', 'Rome'], []];
    for (let i = 0; i < 15; i++) rows.push(['', `Name only ${i}`]);
    const path = await writeWorkbook(join(dir, 'names-only.xlsx'), [{ name: 'S', rows }]);
    const table = await readTable(path);
    expect(table.rows).toHaveLength(16);
    expect(table.notes.some((n) => n.kind === 'remark_row_skipped')).toBe(false);
  });

  it('keeps a lone value between data rows as a row (nothing dropped inside the table)', async () => {
    const path = await writeWorkbook(join(dir, 'lone.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Supplier ID', 'Name', 'City'],
          ['A1', 'One', 'Rome'],
          [],
          ['', 'Only a name'],
          ['A3', 'Three', 'Turin'],
        ],
      },
    ]);
    const table = await readTable(path);
    expect(table.rows.map((r) => r.sourceRow)).toEqual([2, 4, 5]);
  });

  it('shows cells as the user sees them', async () => {
    const path = await writeWorkbook(join(dir, 'cells.xlsx'), [
      {
        name: 'S',
        rows: [['Id', 'Name', 'PLZ', 'Date', 'Formula', 'Amount', 'Flag', 'Link', 'Error']],
        build: (ws) => {
          const r = ws.addRow([
            '000123',
            { richText: [{ text: 'Müller ' }, { text: 'AG', font: { bold: true } }] },
            1067,
            new Date(Date.UTC(2026, 10, 23)),
            { formula: 'A2&"-X"', result: '000123-X' },
            1234.5,
            true,
            { text: 'example.com', hyperlink: 'https://example.com' },
            { error: '#N/A' },
          ]);
          r.commit();
          const padded = ws.addRow([
            42,
            'Padded',
            501,
            45000.5,
            { formula: '1+1', result: 2 },
            0.256,
            false,
          ]);
          padded.getCell(1).numFmt = '00000';
          padded.getCell(3).numFmt = '00000';
          padded.getCell(4).numFmt = 'dd.mm.yyyy hh:mm';
          padded.getCell(6).numFmt = '0.0%';
          const grouped = ws.addRow([
            'X',
            'Grouped',
            '',
            '',
            { formula: 'TODAY()', result: 46000 },
            1234567.891,
          ]);
          grouped.getCell(5).numFmt = 'yyyy-mm-dd';
          grouped.getCell(6).numFmt = '#,##0.00';
        },
      },
    ]);
    const table = await readTable(path);
    expect(table.rows[0]?.cells).toEqual([
      '000123',
      'Müller AG',
      '1067',
      '2026-11-23',
      '000123-X',
      '1234.5',
      'TRUE',
      'example.com',
      '#N/A',
    ]);
    expect(table.rows[1]?.cells.slice(0, 7)).toEqual([
      '00042',
      'Padded',
      '00501',
      '2023-03-15 12:00',
      '2',
      '25.6%',
      'FALSE',
    ]);
    expect(table.rows[2]?.cells[4]).toBe('2025-12-09');
    expect(table.rows[2]?.cells[5]).toBe('1,234,567.89');
    expect(table.notes.some((n) => n.kind === 'formula_error' && n.row === 2)).toBe(true);
  });

  it('uses the top-left value of a merged range for all its cells', async () => {
    const path = await writeWorkbook(join(dir, 'merged.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Supplier ID', 'Name', 'City', 'Country'],
          ['1', 'North GmbH', 'Hamburg', 'Germany'],
          ['2', 'South GmbH', 'Munich'],
          ['3', 'East Ltd', 'Leeds', 'UK'],
        ],
        build: (ws) => ws.mergeCells('D2:D3'),
      },
    ]);
    const table = await readTable(path);
    expect(table.rows.map((r) => r.cells[3])).toEqual(['Germany', 'Germany', 'UK']);
    expect(table.notes.some((n) => n.kind === 'merged_cells_filled')).toBe(true);
  });

  it('reads the chosen sheet, by name or index, and refuses an unknown one', async () => {
    const path = await writeWorkbook(join(dir, 'sheets.xlsx'), [
      { name: 'Readme', rows: [['This workbook lists suppliers.']] },
      {
        name: 'Suppliers',
        rows: [
          ['Supplier ID', 'Name'],
          ['S-1', 'One'],
        ],
      },
      {
        name: 'Other',
        rows: [
          ['Code', 'Label'],
          ['X', 'Y'],
        ],
      },
    ]);
    expect((await readTable(path, { sheet: 'Suppliers' })).rows[0]?.cells).toEqual(['S-1', 'One']);
    expect((await readTable(path, { sheet: 2 })).rows[0]?.cells).toEqual(['X', 'Y']);
    expect(await failureCode(readTable(path, { sheet: 'Missing' }))).toBe('sheet_not_found');
    expect(await failureCode(readTable(path))).toBe('header_not_found');
  });

  it('takes the header row the user chose', async () => {
    const path = await writeWorkbook(join(dir, 'chosen.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Export', 'from', 'ERP'],
          ['Nr', 'Firma', 'Ort'],
          ['1', 'A', 'B'],
        ],
      },
    ]);
    const table = await readTable(path, { headerRow: 2 });
    expect(table.columns.map((c) => c.header)).toEqual(['Nr', 'Firma', 'Ort']);
    expect(table.rows).toEqual([{ sourceRow: 3, cells: ['1', 'A', 'B'] }]);
    expect(await failureCode(readTable(path, { headerRow: 9 }))).toBe('header_not_found');
  });

  it('names blank and repeated headers, and a table that starts right of column A', async () => {
    const path = await writeWorkbook(join(dir, 'offset.xlsx'), [
      {
        name: 'S',
        rows: [
          ['', 'Name', '', 'Name', 'Ort'],
          ['', 'A', 'x', 'B', 'C'],
        ],
      },
    ]);
    const table = await readTable(path);
    expect(table.columns.map((c) => [c.header, c.letter])).toEqual([
      ['Name', 'B'],
      ['Column C', 'C'],
      ['Name (2)', 'D'],
      ['Ort', 'E'],
    ]);
    expect(table.rows[0]?.cells).toEqual(['A', 'x', 'B', 'C']);
  });

  it('starts on the first visible sheet and reads 1904-based dates', async () => {
    const path = join(dir, 'hidden-first.xlsx');
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    wb.addWorksheet('Old', { state: 'hidden' }).addRow(['Code', 'Label']);
    const ws = wb.addWorksheet('Current');
    ws.addRow(['Supplier ID', 'Since']);
    ws.addRow(['S1', new Date(Date.UTC(2026, 10, 23))]);
    await wb.xlsx.writeFile(path);
    const table = await readTable(path);
    expect(table.sheet).toBe('Current');
    expect(table.rows[0]?.cells).toEqual(['S1', '2026-11-23']);
  });

  it('notes values right of the table, which are not read', async () => {
    const path = await writeWorkbook(join(dir, 'outside.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Supplier ID', 'Name'],
          ['S1', 'One'],
          ['S2', 'Two'],
        ],
        build: (ws) => {
          // Far to the right of a row beyond the header window.
          for (let i = 0; i < 40; i++) ws.addRow([`S${i + 3}`, `Name ${i + 3}`]);
          ws.getCell('H40').value = 'stray note';
        },
      },
    ]);
    const table = await readTable(path);
    expect(table.columns).toHaveLength(2);
    expect(table.notes.find((n) => n.kind === 'values_outside_table')?.row).toBe(40);
  });

  it('reads a workbook stored with Zip64 records and uncompressed entries', async () => {
    const source = await writeWorkbook(join(dir, 'plain-zip.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Supplier ID', 'Name', 'City'],
          ['007', 'Seven', 'Turin'],
        ],
        build: (ws) => ws.mergeCells('C2:D2'),
      },
    ]);
    const zip64 = join(dir, 'zip64.xlsx');
    await rewriteAsZip64(source, zip64);
    const table = await readTable(zip64);
    expect(table.rows).toEqual([{ sourceRow: 2, cells: ['007', 'Seven', 'Turin', 'Turin'] }]);
  });

  it('refuses an empty sheet', async () => {
    const path = await writeWorkbook(join(dir, 'blank.xlsx'), [{ name: 'Leer', rows: [] }]);
    expect(await failureCode(readTable(path))).toBe('sheet_empty');
  });

  it('previews the first rows and stops reading', async () => {
    const rows: unknown[][] = [['Supplier ID', 'Name', 'City']];
    for (let i = 1; i <= 200; i++) rows.push([`S${i}`, `Name ${i}`, 'Lyon']);
    const path = await writeWorkbook(join(dir, 'long.xlsx'), [{ name: 'S', rows }]);
    const preview = await previewTable(path, { limit: 10 });
    expect(preview.rows).toHaveLength(10);
    expect(preview.truncated).toBe(true);
    expect(preview.rows[9]?.sourceRow).toBe(11);
    const table = await openTable(path);
    let n = 0;
    for await (const _ of table.rows) n++;
    expect(n).toBe(200);
  });
});

/** Paths this process holds open (Linux only). */
async function openFiles(): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  const out: string[] = [];
  for (const fd of fds) out.push(await readlink(`/proc/self/fd/${fd}`).catch(() => ''));
  return out
    .filter((p) => p.startsWith('/') && !p.startsWith('/dev/') && !p.startsWith('/proc/'))
    .sort();
}

describe.runIf(existsSync('/proc/self/fd'))('releasing the file', () => {
  it('closes the file after a preview and after close() without reading', async () => {
    const rows: unknown[][] = [['Supplier ID', 'Name', 'City']];
    // Hard-to-compress numbers in the sheet itself, so it outlasts the reader's first chunks.
    let seed = 7;
    const noise = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 1; i <= 3000; i++) rows.push([`S${i}`, ...Array.from({ length: 10 }, noise)]);
    const path = await writeWorkbook(join(dir, 'handles.xlsx'), [{ name: 'S', rows }]);
    // exceljs reads the sheet from the archive, or from a temporary copy when the shared
    // strings come after it: either way nothing may stay open.
    const before = await openFiles();
    await previewTable(path, { limit: 5 });
    const table = await openTable(path);
    expect((await openFiles()).length).toBeGreaterThan(before.length);
    await table.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(await openFiles()).toEqual(before);
  });
});

describe('text tables', () => {
  it('reads German semicolon CSV in Windows-1252', async () => {
    const text =
      'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land\r\n' +
      '0042;Müller & Söhne GmbH;Königsallee 5;01067;Dresden;Deutschland\r\n' +
      '0043;"Weiß; Partner";Gartenstraße 2;80331;München;Österreich\r\n';
    // Windows-1252 bytes for the umlauts; the rest is ASCII.
    const encoded = Buffer.from(
      Array.from(text, (ch) => {
        const map: Record<string, number> = { ä: 0xe4, ö: 0xf6, ü: 0xfc, ß: 0xdf, Ö: 0xd6 };
        return map[ch] ?? ch.charCodeAt(0);
      }),
    );
    const path = await writeText(join(dir, 'lieferanten.csv'), encoded);
    const table = await readTable(path);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Lieferanten-Nr.',
      'Name',
      'Straße',
      'PLZ',
      'Ort',
      'Land',
    ]);
    expect(table.rows[0]).toEqual({
      sourceRow: 2,
      cells: ['0042', 'Müller & Söhne GmbH', 'Königsallee 5', '01067', 'Dresden', 'Deutschland'],
    });
    expect(table.rows[1]?.cells[1]).toBe('Weiß; Partner');
    expect(table.rows[1]?.cells[5]).toBe('Österreich');
    expect(table.notes[0]?.message).toMatch(/WINDOWS-1252.*semicolon/);
  });

  it('reads UTF-16 LE with BOM, as Excel saves "Unicode Text"', async () => {
    const text = 'Supplier ID\tName\tCity\r\nS-01\tŁódź Metal\tŁódź\r\nS-02\t東莞电子\t东莞\r\n';
    const path = await writeText(
      join(dir, 'unicode.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    const table = await readTable(path);
    expect(table.columns.map((c) => c.header)).toEqual(['Supplier ID', 'Name', 'City']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['S-01', 'Łódź Metal', 'Łódź'],
      ['S-02', '東莞电子', '东莞'],
    ]);
  });

  it('reads tab-delimited .txt and UTF-8 with BOM and quoted line breaks', async () => {
    const tab = await writeText(join(dir, 'tabs.txt'), 'Name\tCity\tCountry\nA\tB\tC\n');
    expect((await readTable(tab)).rows[0]?.cells).toEqual(['A', 'B', 'C']);
    const csv = await writeText(
      join(dir, 'bom.csv'),
      '\ufeffName,Address,City\n"Gamma, Inc.","12 Main St\nSuite 4",Austin\nDelta,1 Road,Dallas\n',
    );
    const table = await readTable(csv);
    expect(table.columns[0]?.header).toBe('Name');
    expect(table.rows[0]?.cells).toEqual(['Gamma, Inc.', '12 Main St\nSuite 4', 'Austin']);
    // Record numbers, as Excel shows them when it opens the file.
    expect(table.rows.map((r) => r.sourceRow)).toEqual([2, 3]);
  });

  it("reads UTF-8 without BOM, and follows Excel's sep= line without counting it as a row", async () => {
    const path = await writeText(
      join(dir, 'sep.csv'),
      'sep=;\nName;Straße;Ort\nMüller, Meier & Co;Weg 1, Hof 2;Köln\n',
    );
    const table = await readTable(path);
    expect(table.headerRow).toBe(1);
    expect(table.rows).toEqual([
      { sourceRow: 2, cells: ['Müller, Meier & Co', 'Weg 1, Hof 2', 'Köln'] },
    ]);
    expect(table.notes[0]?.message).toMatch(/UTF-8, .*semicolon/);
  });

  it('notices Windows-1252 when the first umlaut comes after the first megabyte', async () => {
    const lines = ['Supplier ID;Name;Street;City'];
    for (let i = 0, size = 0; size < 1.2 * 1024 * 1024; i++) {
      const line = `S-${i};Plain Supplier Name;Some Street 1;Berlin`;
      lines.push(line);
      size += line.length + 2;
    }
    const head = Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
    const tail = Buffer.from('S-last;Müller GmbH;Königstraße 1;München\r\n', 'latin1');
    const path = await writeText(join(dir, 'late-umlaut.csv'), Buffer.concat([head, tail]));
    const table = await readTable(path);
    expect(table.rows.at(-1)?.cells).toEqual(['S-last', 'Müller GmbH', 'Königstraße 1', 'München']);
  });

  it('reads UTF-16 BE without BOM', async () => {
    const text = 'Name,City\nÅbo Trä,Turku\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1] ?? 0;
      be[i + 1] = le[i] ?? 0;
    }
    const path = await writeText(join(dir, 'be.csv'), be);
    expect((await readTable(path)).rows[0]?.cells).toEqual(['Åbo Trä', 'Turku']);
  });

  it("reads the app's neutralised formula cells back as they were", async () => {
    const path = await writeText(
      join(dir, 'guarded.csv'),
      "Name,Phone\n'=HYPERLINK(x),'+49 30 1234\n",
    );
    expect((await readTable(path)).rows[0]?.cells).toEqual(['=HYPERLINK(x)', '+49 30 1234']);
  });
});

describe('what Excel hides or merges', () => {
  it('imports hidden rows and says which they are', async () => {
    const path = await writeWorkbook(join(dir, 'hidden-rows.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          ['Lieferanten-Nr.', 'Name', 'Ort', 'Land'],
          ['1', 'Alpha', 'Berlin', 'DE'],
          ['2', 'Beta', 'Paris', 'FR'],
          ['3', 'Gamma', 'Wien', 'AT'],
          ['4', 'Delta', 'Rom', 'IT'],
          ['5', 'Epsilon', 'Bern', 'CH'],
          [],
          ['Hinweis: intern'],
        ],
        build: (ws) => {
          for (const r of [3, 5, 8]) ws.getRow(r).hidden = true;
        },
      },
    ]);
    const table = await readTable(path);
    expect(table.rows).toEqual([
      { sourceRow: 2, cells: ['1', 'Alpha', 'Berlin', 'DE'] },
      { sourceRow: 3, cells: ['2', 'Beta', 'Paris', 'FR'] },
      { sourceRow: 4, cells: ['3', 'Gamma', 'Wien', 'AT'] },
      { sourceRow: 5, cells: ['4', 'Delta', 'Rom', 'IT'] },
      { sourceRow: 6, cells: ['5', 'Epsilon', 'Bern', 'CH'] },
    ]);
    // Row 8 is hidden too, but it is a remark below the table and has its own note.
    expect(table.notes.filter((n) => n.kind === 'hidden_rows_imported')).toMatchObject([
      {
        row: null,
        kind: 'hidden_rows_imported',
        message:
          'Rows 3 and 5 are hidden in Excel and are imported like the others; delete them in the file if they should not be sent.',
      },
    ]);
    expect(table.notes.some((n) => n.kind === 'remark_row_skipped' && n.row === 8)).toBe(true);
  });

  it('names many hidden rows by the first twenty, and one alone', async () => {
    const rows: string[][] = [['Lieferanten-Nr.', 'Name', 'Ort', 'Land']];
    for (let i = 1; i <= 40; i++) rows.push([String(i), `Supplier ${i}`, 'Berlin', 'DE']);
    const many = await writeWorkbook(join(dir, 'hidden-many.xlsx'), [
      { name: 'S', rows, build: (ws) => ws.eachRow((row) => (row.hidden = row.number > 1)) },
    ]);
    const table = await readTable(many);
    expect(table.rows).toHaveLength(40);
    expect(table.notes.find((n) => n.kind === 'hidden_rows_imported')?.message).toBe(
      'Rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21 and 20 more are hidden in Excel and are imported like the others; delete them in the file if they should not be sent.',
    );
    const one = await writeWorkbook(join(dir, 'hidden-one.xlsx'), [
      { name: 'S', rows: rows.slice(0, 4), build: (ws) => (ws.getRow(4).hidden = true) },
    ]);
    expect(
      (await readTable(one)).notes.find((n) => n.kind === 'hidden_rows_imported')?.message,
    ).toBe(
      'Row 4 is hidden in Excel and is imported like the others; delete it in the file if it should not be sent.',
    );
  });

  it('keeps the column under a name merged over two columns, as "Adresse (2)", and says so', async () => {
    const path = await writeWorkbook(join(dir, 'merged-header.xlsx'), [
      {
        name: 'Lieferanten',
        rows: [
          ['Lieferantenliste'],
          ['Lieferanten-Nr.', 'Name', 'Adresse', '', 'PLZ', 'Ort', 'Land'],
          ['1', 'Alpha GmbH', 'Hauptstraße', '12', '10115', 'Berlin', 'DE'],
          ['2', 'Beta AG', 'Ringweg', '3a', '80331', 'München', 'DE'],
        ],
        build: (ws) => ws.mergeCells('C2:D2'),
      },
    ]);
    const table = await readTable(path);
    expect(table.columns.map((c) => [c.header, c.letter])).toEqual([
      ['Lieferanten-Nr.', 'A'],
      ['Name', 'B'],
      ['Adresse', 'C'],
      ['Adresse (2)', 'D'],
      ['PLZ', 'E'],
      ['Ort', 'F'],
      ['Land', 'G'],
    ]);
    expect(table.rows).toEqual([
      { sourceRow: 3, cells: ['1', 'Alpha GmbH', 'Hauptstraße', '12', '10115', 'Berlin', 'DE'] },
      { sourceRow: 4, cells: ['2', 'Beta AG', 'Ringweg', '3a', '80331', 'München', 'DE'] },
    ]);
    expect(table.notes.filter((n) => n.kind === 'merged_header_split')).toMatchObject([
      {
        row: 2,
        kind: 'merged_header_split',
        message:
          'The column name "Adresse" in row 2 is merged over columns C and D: column D is named "Adresse (2)" so that its values are kept. Map it too where it belongs to a supplier field (a house number beside the street, for example).',
      },
    ]);
  });

  it('names every column under a name merged over three', async () => {
    const path = await writeWorkbook(join(dir, 'merged-three.xlsx'), [
      {
        name: 'S',
        rows: [
          ['Nr', 'Anschrift', '', '', 'Land'],
          ['1', 'Weg', '5', 'Hinterhaus', 'DE'],
        ],
        build: (ws) => ws.mergeCells('B1:D1'),
      },
    ]);
    const table = await readTable(path);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Nr',
      'Anschrift',
      'Anschrift (2)',
      'Anschrift (3)',
      'Land',
    ]);
    expect(table.notes.find((n) => n.kind === 'merged_header_split')?.message).toBe(
      'The column name "Anschrift" in row 1 is merged over columns B, C and D: the columns C and D are named Anschrift (2) and Anschrift (3) so that their values are kept. Map them too where they belong to a supplier field (a house number beside the street, for example).',
    );
  });
});
