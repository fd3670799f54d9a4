// The CSV export read the way it was not written: German Excel and LibreOffice split a
// comma-separated file at `;`, and CR or LF inside a quoted value may end a row. Values such as
// `Evil;=1+1`, `Evil2;=HYPERLINK(…)` with a line break, or `Evil3<CR>=2+2` must then still give
// no cell that starts a formula; the app reads its own file back as the values it wrote.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportResults, readTable, type ResultRow } from '../../../src-main/workbook';
import { neutraliseFormula, unneutralise } from '../../../src-main/workbook/formulaGuard';
import { makeTempDir } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const EVIL = [
  'Evil;=1+1',
  'Evil2;=HYPERLINK("http://example.com/x","click")\n',
  'Evil3\r=2+2',
  'Evil4\n+cmd|/C calc!A0',
  'Evil5,@SUM(1;2)',
  'Evil6\t-1+1',
  'Evil7;"=1+1"',
  "Evil8;'=1+1",
  'Evil9\r\n=3+3;\r-4',
  '=SUM(A1:A9)',
];

/** Every piece a reader could make of the file's text, split at `;`, `,`, TAB, CR or LF, with
 *  the quotes a reader takes away at a field's start. */
function pieces(text: string): string[] {
  return text.split(/[;,\t\r\n]/).map((p) => p.replace(/^"+/, ''));
}
const STARTS_FORMULA = /^[=+\-@]/;

/** A small deterministic generator: the same strings on every run. */
function* strings(count: number): Generator<string> {
  const alphabet = ['a', ';', ',', '\r', '\n', '\t', '=', '+', '-', '@', "'", '"', ' '];
  let seed = 41;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let n = next() % 9; n > 0; n--) s += alphabet[next() % alphabet.length];
    yield s;
  }
}

describe('neutraliseFormula', () => {
  it('puts an apostrophe before every formula character that could start a cell', () => {
    expect(neutraliseFormula('Evil;=1+1')).toBe("Evil;'=1+1");
    expect(neutraliseFormula('Evil3\r=2+2')).toBe("Evil3\r'=2+2");
    expect(neutraliseFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(neutraliseFormula("'+44 20")).toBe("''+44 20");
    expect(neutraliseFormula('\tcmd')).toBe("'\tcmd");
    expect(neutraliseFormula('a;\r\n=1')).toBe("a;'\r\n'=1");
    expect(neutraliseFormula('Müller-Lüdenscheid, Werk 2')).toBe('Müller-Lüdenscheid, Werk 2');
    expect(neutraliseFormula('plain')).toBe('plain');
  });

  it('leaves no piece of any split starting a formula, and is undone by unneutralise', () => {
    for (const s of [...EVIL, ...strings(5000)]) {
      const safe = neutraliseFormula(s);
      expect(
        pieces(safe).filter((p) => STARTS_FORMULA.test(p)),
        JSON.stringify(s),
      ).toEqual([]);
      expect(unneutralise(safe), JSON.stringify(s)).toBe(s);
      // Also after a reader turned the line breaks into LF.
      const lf = (t: string) => t.replace(/\r\n?/g, '\n');
      expect(unneutralise(lf(safe)), JSON.stringify(s)).toBe(lf(s));
    }
  });
});

const rows: ResultRow[] = EVIL.map((name, i) => ({
  sourceRow: i + 2,
  cells: [`S${i + 1}`, name],
  result: { status: 'invalid', errorCode: 'value_invalid', errorMessage: name },
}));

async function exportCsv(name: string): Promise<string> {
  const path = join(dir, name);
  await exportResults(path, { headers: ['Id', 'Name'], rows: () => rows, format: 'csv' });
  return path;
}

describe('the CSV export read with another separator', () => {
  it('holds no field that starts a formula when split at ";", "," or a line break', async () => {
    const text = (await readFile(await exportCsv('evil.csv'), 'utf8')).replace(/^\ufeff/, '');
    for (const split of [/[;\r\n]/, /[,\r\n]/, /\r\n|\r|\n/]) {
      const fields = text.split(split).map((p) => p.replace(/^"+/, ''));
      expect(fields.filter((f) => STARTS_FORMULA.test(f))).toEqual([]);
    }
  });

  it('reads back as the values written', async () => {
    const table = await readTable(await exportCsv('back.csv'));
    // The reader takes a line break inside a value as Excel does: CR, LF and CR LF as LF.
    expect(table.rows.map((r) => r.cells[1])).toEqual(EVIL.map((s) => s.replace(/\r\n?/g, '\n')));
  });

  // LibreOffice opens the comma-separated file with ";" as the separator, formulas evaluated.
  const soffice = ['/usr/bin/soffice', '/usr/local/bin/soffice'].find((p) => existsSync(p));
  it.skipIf(!soffice)(
    `gives no formula cell in LibreOffice read with ";"${soffice ? '' : ' (skipped: LibreOffice is not installed)'}`,
    async () => {
      const csv = await exportCsv('libre.csv');
      const profile = `file://${join(dir, 'lo-profile')}`;
      await promisify(execFile)(
        soffice!,
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          // separator ";", quote '"', UTF-8, from line 1, ..., evaluate formulas
          '--infilter=CSV:59,34,76,1,,1033,false,false,false,false,false,,true',
          '--convert-to',
          'fods',
          '--outdir',
          dir,
          csv,
        ],
        { timeout: 90_000 },
      );
      const fods = await readFile(join(dir, 'libre.fods'), 'utf8');
      expect(fods).toContain('Evil2');
      expect(fods.match(/table:formula="[^"]*"/g) ?? []).toEqual([]);
    },
    120_000,
  );
});
