// A CSV saved by Excel as ANSI (Windows-1252) keeps "?stanbul" for "İstanbul": the Review screen
// names the cell as a problem of its own kind, with how to fix it, in English and German, and the
// row is sent only once the city is typed again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  hostPerFile,
  importFile,
  mapAndCreate,
  openApp,
  useLanguage,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir: string;
let file: string;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-encoding-'));
  file = path.join(dir, 'ansi.csv');
  const text = [
    'Supplier ID;Name;Street;Postal code;City;Country',
    'EL-1;Anadolu Tekstil A.S.;Istiklal Cad. 1;34430;?stanbul;TR',
    'EL-2;Kölner Stahl GmbH;Ring 4;50667;Köln;DE',
  ].join('\r\n');
  await writeFile(file, Buffer.from(text, 'latin1'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cell = (page: Page, sourceRow: number, key: string) =>
  page
    .getByTestId('rows')
    .locator(`[data-testid="row"][data-source-row="${sourceRow}"] [data-col="${key}"]`);

test('a letter lost to the file encoding is a problem of its cell, in English and German', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, 'Encoding loss');
  const kind = page
    .getByTestId('problem-kinds')
    .locator('[data-kind="problem:encoding_lost|city"]');
  await expect(kind).toContainText("A letter lost to the file's encoding · City");
  await expect(cell(page, 2, 'c4')).toHaveAttribute('data-problem', 'true');
  await expect(cell(page, 2, 'c4')).toHaveAttribute(
    'title',
    /has a question mark where the file had a letter its encoding could not hold/,
  );
  await expect(cell(page, 3, 'c4')).not.toHaveAttribute('data-problem', 'true');
  await useLanguage(page, 'de');
  await expect(kind).toContainText('Buchstabe durch die Kodierung der Datei verloren · Ort');
  await expect(cell(page, 2, 'c4')).toHaveAttribute('title', /hat ein Fragezeichen/);
  await useLanguage(page, 'en');

  // Typed again, the row is ready.
  await cell(page, 2, 'c4').dblclick();
  const editor = page.getByTestId('rows').getByTestId('cell-editor');
  await editor.fill('İstanbul');
  await page.keyboard.press('Enter');
  await expect(kind).toHaveCount(0);
  await expect(page.getByTestId('count-invalid').locator('.n')).toHaveText('0');
  expect(errors).toEqual([]);
});
