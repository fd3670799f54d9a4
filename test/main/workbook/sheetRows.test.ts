// The app's own reader of a sheet's rows (sheetRows.ts) reads each cell as exceljs's streaming
// reader read it, down to its quirks; the expected values below are what exceljs 4.4 gave for
// the same XML. Malformed XML is refused where exceljs's parser refused it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-shared/errors';
import { listXlsxSheets, sniffFile } from '../../../src-main/workbook/inspect';
import type { TableNote } from '../../../src-main/workbook/types';
import { readXlsxRows, type RawRow } from '../../../src-main/workbook/xlsxRows';
import { makeTempDir } from './helpers';
import { inlineRow, writeXlsx } from './xlsxBuilder';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

/** The rows of a one-sheet workbook of these `<row>` elements, and how reading ended. */
async function rowsOf(
  name: string,
  rows: string[],
): Promise<{ rows: RawRow[]; notes: TableNote[]; failure: string | null }> {
  const path = await writeXlsx(join(dir, `${name}.xlsx`), { rows });
  const [sheet] = await listXlsxSheets(path, (await sniffFile(path)).entries);
  const out: RawRow[] = [];
  const notes: TableNote[] = [];
  try {
    for await (const r of readXlsxRows(path, sheet!, notes)) out.push(r);
  } catch (e) {
    if (!(e instanceof AppFailure)) throw e;
    return { rows: out, notes, failure: e.error.code };
  }
  return { rows: out, notes, failure: null };
}

describe('a sheet’s cells, as exceljs read them', () => {
  it('reads booleans, errors, numbers, formulas and texts of every kind', async () => {
    const { rows, notes, failure } = await rowsOf('kinds', [
      '<row r="1"><c r="A1" t="b"><v>1</v></c><c r="B1" t="b"><v>0</v></c><c r="C1" t="e"><v>#N/A</v></c><c r="D1" t="n"><v></v></c><c r="E1" t="d"><v>2020-01-02T00:00:00</v></c><c r="F1"><v>12345678901234567</v></c><c r="G1"><v>0.1</v></c></row>',
      '<row r="2"><c r="A2"><f>1+1</f><v>2</v></c><c r="B2" t="str"><f>A1</f><v>a&amp;amp;b</v></c><c r="C2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D2"><f>X</f></c><c r="E2" t="b"><f>TRUE()</f><v>1</v></c><c r="F2" t="s"><f>Z</f><v>1</v></c></row>',
      '<row r="3"><c r="A3" t="inlineStr"><is><r><t>rich</t></r><r><t xml:space="preserve"> two</t></r></is></c><c r="B3" t="inlineStr"><is><t>a &amp;lt; b &#x41;&#66;</t></is></c><c r="C3" t="inlineStr"><is><t>l1\r\nl2</t><rPh sb="0" eb="1"><t>PH</t></rPh></is></c><c r="D3" t="str"><v>s &amp;amp;</v></c></row>',
      '<row r="4"><c r="A4" t="inlineStr">\n <is>\n  <t>pretty</t>\n </is>\n</c><c r="B4" t="e">\n<v>#REF!</v>\n</c><c r="C4">\n<v> 42 </v>\n</c></row>',
      '<row r="5"><c r="C5"><v>3</v></c><c r="A5"><v>1</v></c><c r="B5"><v>2</v></c><c r="B5"><v>9</v></c><c r="$D$5"><v>4</v></c><c r="aE5"><v>5</v></c></row>',
      '<row r="6"><c r="A6" t="inlineStr"><is><t><![CDATA[cdata]]>after</t></is></c><c r="B6"><!-- c --><v>5</v></c></row>',
    ]);
    expect(failure).toBeNull();
    expect(rows).toEqual([
      {
        sourceRow: 1,
        cells: ['TRUE', 'FALSE', '#N/A', '', '2020', '12345678901234568', '0.1'],
        marks: [null, null, 'error', 'error', null, 'long_number', 'fraction'],
      },
      { sourceRow: 2, cells: ['2', 'a&b', '', '', '1', '1'], marks: [null, null, 'error'] },
      // Inline rich text keeps its last run (and a phonetic guide after it wins); inline texts
      // are decoded twice.
      { sourceRow: 3, cells: [' two', 'a < b AB', 'PH', 's &'] },
      // The text up to the cell's end, white space between the tags with it.
      { sourceRow: 4, cells: ['pretty\n \n', '#REF!\n', '42'], marks: [null, 'error'] },
      // Cells by column, the last of two in one column winning; small letters are not a column.
      { sourceRow: 5, cells: ['1', '9', '3', '4', '5'] },
      { sourceRow: 6, cells: ['after', '5'] },
    ]);
    expect(notes.map((n) => [n.row, n.params?.count])).toEqual([
      [1, 2],
      [2, 1],
      [4, 1],
    ]);
  });

  it('refuses tags closed out of order, unknown entities and characters XML forbids', async () => {
    const bad = {
      order: '<row r="2"><c r="A2"><v>2</c></v></row>',
      entity: '<row r="2"><c r="A2" t="inlineStr"><is><t>a &foo; b</t></is></c></row>',
      reference: '<row r="2"><c r="A2" t="inlineStr"><is><t>a &#0; b</t></is></c></row>',
      control: '<row r="2"><c r="A2" t="inlineStr"><is><t>a \u0001 b</t></is></c></row>',
      cell: '<row r="2"><c><v>2</v></c></row>',
    };
    for (const [name, row] of Object.entries(bad)) {
      const read = await rowsOf(`bad-${name}`, [inlineRow(1, ['Nr.', 'Name']), row]);
      expect(read.failure, name).toBe('file_corrupt');
    }
  });

  it('reads on to the next semicolon after an ampersand, as exceljs’s parser did', async () => {
    const before = [inlineRow(1, ['Nr.', 'Name'])];
    const amp = '<row r="2"><c r="A2" t="inlineStr"><is><t>a & b</t></is></c></row>';
    // No semicolon after it: the rest of the sheet is the entity's, and nothing is refused.
    const never = await rowsOf('amp-never', [...before, amp, inlineRow(3, ['3', 'c'])]);
    expect(never).toEqual({
      rows: [{ sourceRow: 1, cells: ['Nr.', 'Name'] }],
      notes: [],
      failure: null,
    });
    // A semicolon later: refused there.
    const later = await rowsOf('amp-later', [...before, amp, inlineRow(3, ['3', 'c;d'])]);
    expect(later.failure).toBe('file_corrupt');
  });
});
