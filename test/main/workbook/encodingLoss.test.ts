// Letters a file's encoding could not hold: a CSV saved by Excel as ANSI (Windows-1252) keeps a
// question mark for "İ" of İstanbul, "ń" of Gdańsk or "ł" of Łódź. Such a value is a problem of
// its cell, named with how to fix it (in English and German), never created as it is; a question
// mark that ends a word, or stands in a web address, is left alone. An xlsx file or a UTF-8 CSV
// holds every letter: there a question mark is a question mark ("A?B Trading").
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importRows,
  RetrySelector,
  validateRows,
  type JobRow,
  type Mapping,
  type ValidatedRow,
} from '../../../src-main/workbook';
import { lostLetter } from '../../../src-main/workbook/rowValidator';
import { problemText } from '../../../src-shared/i18n/importText';
import { makeTempDir, SUPPLIER_HEADERS, writeText, writeWorkbook } from './helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir()));
afterAll(() => cleanup());

const mapping: Mapping = {
  fields: [
    { field: 'supplierId.id', column: 0 },
    { field: 'name', column: 1 },
    { field: 'address', column: 2 },
    { field: 'postalCode', column: 3 },
    { field: 'city', column: 4 },
    { field: 'countryCode', column: 5 },
    { field: 'supplierId.source', column: 6 },
  ],
};

async function importAll(path: string) {
  const imported = await importRows(path, { mapping });
  const rows: ValidatedRow[] = [];
  for await (const r of imported.rows) rows.push(r);
  return rows;
}

describe('letters lost to the encoding', () => {
  it('finds a question mark standing for a letter in a single-byte file, and leaves one that ends a word', () => {
    for (const lost of [
      '?stanbul',
      'Gda?sk',
      '?ód?',
      'A?B Trading',
      'Jean-?ric',
      'Caf\uFFFD Central',
    ])
      expect(lostLetter(lost, true), lost).toBe(true);
    for (const kept of [
      'Why? GmbH',
      'Berlin',
      'Was ist das?',
      '? & Co',
      'A ?',
      'www.example.com/?ref=list',
      'Portal (?q=steel)',
      'Tel. 030/123?4',
    ])
      expect(lostLetter(kept, true), kept).toBe(false);
  });

  it('takes no question mark for a lost letter where the file holds every letter', () => {
    for (const kept of ['?stanbul', 'Gda?sk', 'A?B Trading', 'www.example.com/?ref=list'])
      expect(lostLetter(kept, false), kept).toBe(false);
    // The replacement character is a loss in any file: bytes were not text there.
    expect(lostLetter('Caf\uFFFD Central', false)).toBe(true);
  });

  it('makes the cell of a Windows-1252 CSV with "?stanbul" a problem, with the fix, in English and German', async () => {
    const text = [
      SUPPLIER_HEADERS.join(';'),
      'S1;Anadolu Tekstil A.S.;Istiklal Cad. 1;34430;?stanbul;TR;ERP',
      'S2;Gda?sk Stocznia Sp. z o.o.;ul. Morska 2;80-001;Gdansk;PL;ERP',
      'S3;Why? GmbH;Weg 3;10115;Berlin;DE;ERP',
      // "Köln" in Windows-1252: the file is ANSI, its umlauts are there.
      'S4;Kölner Stahl GmbH;Ring 4;50667;Köln;DE;ERP',
    ].join('\r\n');
    const path = await writeText(join(dir, 'ansi.csv'), Buffer.from(text, 'latin1'));
    const rows = await importAll(path);
    const [istanbul, gdansk, why, koeln] = rows;
    expect(istanbul!.status).toBe('invalid');
    expect(istanbul!.problems.map((p) => [p.code, p.field, p.value])).toEqual([
      ['encoding_lost', 'city', '?stanbul'],
    ]);
    expect(`${istanbul!.problems[0]!.message} ${istanbul!.problems[0]!.fix}`).toContain(
      'has a question mark where the file had a letter its encoding could not hold',
    );
    expect(istanbul!.problems[0]!.fix).toContain('Save the list as "CSV UTF-8"');
    const de = problemText('de', istanbul!.problems[0]!);
    expect(de.message).toContain('hat ein Fragezeichen, wo die Datei einen Buchstaben hatte');
    expect(de.fix).toContain('„CSV UTF-8“');
    expect(gdansk!.problems.map((p) => [p.code, p.field])).toEqual([['encoding_lost', 'name']]);
    expect(why!.status).toBe('valid');
    expect(koeln!.status).toBe('valid');
    expect((koeln!.payload as { city: string }).city).toBe('Köln');
  });
});

const QUESTION_ROWS = [
  ['Q1', 'A?B Trading GmbH', 'Hafenstr. 1', '20457', 'Hamburg', 'DE', 'ERP'],
  ['Q2', 'Stahl Köln AG', 'https://example.com/?ref=supplier', '50667', 'Köln', 'DE', 'ERP'],
];

describe('question marks in files that hold every letter', () => {
  it.each([
    ['UTF-8 with BOM', '\ufeff'],
    ['UTF-8 without BOM', ''],
  ])('a %s CSV: "A?B Trading" and a web address with "/?" are valid', async (what, bom) => {
    const text = [SUPPLIER_HEADERS, ...QUESTION_ROWS].map((r) => r.join(';')).join('\r\n');
    const path = await writeText(join(dir, `utf8-${bom ? 'bom' : 'plain'}.csv`), bom + text);
    const rows = await importAll(path);
    expect(
      rows.map((r) => [r.status, r.problems.map((p) => p.code)]),
      what,
    ).toEqual([
      ['valid', []],
      ['valid', []],
    ]);
    expect((rows[0]!.payload as { name: string }).name).toBe('A?B Trading GmbH');
  });

  it('an xlsx file: the same rows are valid', async () => {
    const path = await writeWorkbook(join(dir, 'questions.xlsx'), [
      { name: 'Lieferanten', rows: [SUPPLIER_HEADERS, ...QUESTION_ROWS] },
    ]);
    const rows = await importAll(path);
    expect(rows.map((r) => r.status)).toEqual(['valid', 'valid']);
  });

  it('a Windows-1252 CSV: "A?B" between letters is a lost letter, "/?" in an address is not', async () => {
    const text = [SUPPLIER_HEADERS, ...QUESTION_ROWS].map((r) => r.join(';')).join('\r\n');
    const path = await writeText(join(dir, 'questions-ansi.csv'), Buffer.from(text, 'latin1'));
    const [ab, address] = await importAll(path);
    expect(ab!.problems.map((p) => [p.code, p.field])).toEqual([['encoding_lost', 'name']]);
    expect(address!.status).toBe('valid');
  });

  it('rows validated again (a preview, a fix typed in the app) say so only when told the file may lose letters', () => {
    const cells = ['Q1', '?stanbul Tekstil', 'Cad. 1', '34430', 'Istanbul', 'TR', 'ERP'];
    const check = (lettersMayBeLost?: boolean) =>
      validateRows([{ sourceRow: 2, cells }], mapping, [], {
        lettersMayBeLost,
      }).rows[0]!.problems.map((p) => p.code);
    expect(check(true)).toEqual(['encoding_lost']);
    expect(check(false)).toEqual([]);
    expect(check()).toEqual([]);
  });
});

describe('a retry from the results of a file that lost letters', () => {
  // The results file (xlsx, or CSV in UTF-8) holds every letter, so its question marks are not
  // checked again; the job's own problem says the letter was lost.
  const cells = ['Q1', 'Anadolu Tekstil', 'Cad. 1', '34430', '?stanbul', 'TR', 'ERP'];
  const draft = validateRows([{ sourceRow: 2, cells }], mapping, []).rows[0]!.payload!;
  const job = (problems: JobRow['problems']): JobRow => ({
    id: 1,
    sourceRow: 2,
    state: 'invalid',
    identityKey: null,
    cells,
    payload: draft as unknown as Record<string, unknown>,
    userEdits: null,
    problems,
  });
  const retried = (previous: JobRow, changed: string[]) => {
    const selector = new RetrySelector(
      { atSource: () => previous, withIdentity: () => [previous] },
      mapping,
      SUPPLIER_HEADERS,
      (row) => row,
    );
    selector.addFromResults(
      validateRows([{ sourceRow: 2, cells: changed }], mapping, []).rows[0]!,
      '2',
    );
    return selector.finish();
  };

  it('keeps the lost letter a problem while its value is unchanged, another value changed', () => {
    const lost = job([{ code: 'encoding_lost', field: 'city' }]);
    const otherFixed = cells.map((c, i) => (i === 2 ? 'Istiklal Cad. 1' : c));
    expect(retried(lost, otherFixed)).toMatchObject({ retry: [], stillInvalid: 1 });
    const cityFixed = otherFixed.map((c, i) => (i === 4 ? 'İstanbul' : c));
    expect(retried(lost, cityFixed).retry).toHaveLength(1);
  });
});
