// A find and replace of 20,000 rows shows how far it is, in English and in German, and its
// Cancel leaves the rows as they were, with a note saying so; the grid answers meanwhile.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hostPerFile, importFile, mapAndCreate, openApp, textPattern } from './support';

const ROWS = 20_000;
const host = hostPerFile();
let dir: string;
let file: string;

/** ROWS suppliers, every one in "Atlantis" (not a country, so every row is to fix). */
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-fix-progress-'));
  file = path.join(dir, 'lieferanten.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land']);
  for (let i = 1; i <= ROWS; i++)
    ws.addRow([`L-${i}`, `Lieferant ${i} GmbH`, `Ringweg ${i}`, '10115', 'Berlin', 'Atlantis']);
  await wb.xlsx.writeFile(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const lang of ['en', 'de'] as const) {
  test(`a long find and replace shows its progress and can be cancelled (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openApp(page, host());
    await importFile(page, file);
    await mapAndCreate(page, `Progress ${lang}`);
    if (lang === 'de') await page.getByLabel('Language').selectOption('de');
    const grid = page.getByTestId('rows');
    await expect(grid).toHaveAttribute('data-count', String(ROWS), { timeout: 30_000 });

    await page.getByTestId('find-replace-toggle').click();
    await page.getByTestId('fr-column').selectOption('c5');
    await page.getByTestId('fr-find').fill('Atlantis');
    await page.getByTestId('fr-replace').fill('DE');
    await page.getByTestId('fr-whole').check();
    await page.getByTestId('fr-count').click();
    await expect(page.getByTestId('fr-result')).toContainText(/20[.,]000/, { timeout: 30_000 });
    await page.getByTestId('fr-apply').click();

    // "Fixing 3,000 of 10,000 rows…", from the catalogue.
    const work = page.getByTestId('row-work');
    await expect(page.getByTestId('row-work-text')).toHaveText(
      textPattern(lang, 'grid.workFix', { total: ROWS }),
      { timeout: 30_000 },
    );
    // The grid answers meanwhile: another value filter is served while the rows are fixed.
    await expect(work).toBeVisible();
    await page.getByTestId('row-search').fill('Lieferant 77 GmbH');
    await expect(grid).toHaveAttribute('data-count', '1');
    await page.getByTestId('row-search').fill('');
    await work.getByRole('button', { name: lang === 'de' ? 'Abbrechen' : 'Cancel' }).click();
    await expect(work).toBeHidden({ timeout: 60_000 });

    // Cancelled: a note says so, and every row still has its value.
    await expect(page.getByTestId('grid-note')).toContainText(
      lang === 'de' ? 'Abgebrochen' : 'Cancelled',
    );
    await page.getByTestId('row-value-column').selectOption('c5');
    await page.getByTestId('row-value').fill('DE');
    await expect(grid).toHaveAttribute('data-count', '0', { timeout: 30_000 });
    await page.getByTestId('row-value').fill('Atlantis');
    await expect(grid.getByTestId('row').first()).toContainText('Atlantis');
    await expect(page.getByTestId('undo')).toBeDisabled();
  });
}
