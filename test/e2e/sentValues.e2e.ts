// What is sent, with the file's value beside it, the same everywhere: a Leipzig postal code typed
// as the number 4109 (Excel drops the zero) is sent as 04109. The Review grid, the Results grid
// and the results workbook all show 04109 with 4109 beside it; a country written as its name
// ("Deutschland", sent as DE) only takes another form and keeps the file's text everywhere; a
// value the user fixed shows the fix with the file's value beside it. In English and German.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  shot,
  startUpload,
  useLanguage,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir: string;
let file: string;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-sent-values-'));
  file = path.join(dir, 'leipzig.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Name', 'Street', 'Postal code', 'City', 'Country']);
  // Row 2: the postal code as a number, as Excel keeps "04109" typed without a text format.
  ws.addRow(['SV-1', 'Leipziger Messtechnik GmbH', 'Markt 1', 4109, 'Leipzig', 'Deutschland']);
  ws.addRow(['SV-2', 'Berliner Gerätebau GmbH', 'Weg 2', '10115', 'Berlin', 'DE']);
  ws.addRow(['SV-3', 'Atlantis Handel GmbH', 'Weg 3', '10115', 'Berlin', 'Atlantis']);
  await wb.xlsx.writeFile(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const grid = (page: Page) => page.getByTestId('rows');
const cell = (page: Page, sourceRow: number, key: string) =>
  grid(page).locator(`[data-testid="row"][data-source-row="${sourceRow}"] [data-col="${key}"]`);

/** Column D (Postal code) is c3, F (Country) is c5. */
async function gridShowsSent(page: Page, lang: 'en' | 'de') {
  const postal = cell(page, 2, 'c3');
  await expect(postal.locator('.text')).toHaveText('04109');
  await expect(postal.locator('.was')).toHaveText('4109');
  await expect(postal).toHaveAttribute('data-changed', 'true');
  await expect(postal).toHaveAttribute(
    'title',
    lang === 'en' ? 'Sent as shown; in the file: 4109' : 'So gesendet; in der Datei: 4109',
  );
  // Only another form of the same value: the file's text, nothing beside it.
  const country = cell(page, 2, 'c5');
  await expect(country.locator('.text')).toHaveText('Deutschland');
  await expect(country.locator('.was')).toHaveCount(0);
  await expect(country).not.toHaveAttribute('data-changed', 'true');
  // The user's fix: the value sent, the file's beside it.
  const fixed = cell(page, 4, 'c5');
  await expect(fixed.locator('.text')).toHaveText('ES');
  await expect(fixed.locator('.was')).toHaveText('Atlantis');
  await expect(fixed).toHaveAttribute('data-fixed', 'true');
}

test('the grid, the results and the workbook show what is sent, with the file value beside it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, 'Sent values');

  // Fix row 4's country in the grid.
  await cell(page, 4, 'c5').dblclick();
  const editor = grid(page).getByTestId('cell-editor');
  await editor.fill('es');
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await gridShowsSent(page, 'en');
  await shot(page, 'review-sent-values');
  // The row panel says the same: what is sent, the file's value beside it.
  await grid(page)
    .locator('[data-testid="row"][data-source-row="2"]')
    .getByRole('button', { name: /^Open row/ })
    .click();
  const values = page.getByTestId('row-values');
  await expect(values.locator('[data-column="3"]')).toHaveText(
    /^\s*04109\s*\(in the file: 4109\)\s*$/,
  );
  await expect(values.locator('[data-column="5"]')).toHaveText('Deutschland');
  await useLanguage(page, 'de');
  await expect(values.locator('[data-column="3"]')).toContainText('(in der Datei: 4109)');
  await useLanguage(page, 'en');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await useLanguage(page, 'de');
  await gridShowsSent(page, 'de');
  await useLanguage(page, 'en');

  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });
  await page.getByRole('button', { name: 'Results' }).first().click();
  await gridShowsSent(page, 'en');

  // The results workbook: the same values, the file's in the cell's note and the changes column.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const saved = test.info().outputPath('results.xlsx');
  await (await downloaded).saveAs(saved);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(saved);
  const results = wb.getWorksheet('Results')!;
  const header = (results.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = (name: string) => header.indexOf(name);
  const byId = new Map<string, ExcelJS.Row>();
  results.eachRow((row, n) => {
    if (n > 1) byId.set(row.getCell(col('Supplier ID')).text, row);
  });
  const leipzig = byId.get('SV-1')!;
  expect(leipzig.getCell(col('Postal code')).text).toBe('04109');
  expect(leipzig.getCell(col('Country')).text).toBe('Deutschland');
  const atlantis = byId.get('SV-3')!;
  expect(atlantis.getCell(col('Country')).text).toBe('ES');
  const notes = JSON.stringify(leipzig.getCell(col('Postal code')).note ?? '');
  expect(notes).toContain('4109');

  // The same list chosen again: the Import screen names the job and what it did.
  await importFile(page, file);
  const did = page.getByTestId('same-file-did');
  await expect(did).toHaveText(
    'It finished 3 of its 3 rows; 0 need fixing. It created 3 suppliers: this list again would find them existing.',
  );
  await useLanguage(page, 'de');
  await expect(did).toHaveText(
    'Er hat 3 von 3 Zeilen fertiggestellt; 0 brauchen eine Korrektur. Er hat 3 Lieferanten angelegt: Diese Liste fände sie jetzt als vorhanden.',
  );
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});
