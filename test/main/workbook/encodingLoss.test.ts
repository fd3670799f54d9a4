// Letters a file's encoding could not hold: a CSV saved by Excel as ANSI (Windows-1252) keeps a
// question mark for "İ" of İstanbul, "ń" of Gdańsk or "ł" of Łódź. Such a value is a problem of
// its cell, named with how to fix it (in English and German), never created as it is; a question
// mark that ends a word is left alone.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRows, type Mapping, type ValidatedRow } from '../../../src-main/workbook';
import { lostLetter } from '../../../src-main/workbook/rowValidator';
import { problemText } from '../../../src-shared/i18n/importText';
import { makeTempDir, SUPPLIER_HEADERS, writeText } from './helpers';

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
  it('finds a question mark standing for a letter, and leaves one that ends a word', () => {
    for (const lost of ['?stanbul', 'Gda?sk', '?ód?', 'Caf\uFFFD Central'])
      expect(lostLetter(lost), lost).toBe(true);
    for (const kept of ['Why? GmbH', 'Berlin', 'Was ist das?', '? & Co', 'A ?'])
      expect(lostLetter(kept), kept).toBe(false);
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
