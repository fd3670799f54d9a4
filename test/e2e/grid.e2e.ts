// The Review grid, in English and German: every column, filters by state and by a column's
// value, F8 from problem to problem, a cell fixed in place, the same fix for every row with the
// value and its undo, a saved fix that is still wrong, columns hidden and resized and remembered,
// and three window sizes without the page scrolling sideways.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hostPerFile, importFile, mapAndCreate, openApp, shot } from './support';

const host = hostPerFile();
let dir: string;
let file: string;

/** 40 suppliers: 14 in "Atlantis" (rows 2, 5, ... 41), two without a city (rows 13 and 22),
 *  and a remark column no field is mapped to. */
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-grid-'));
  file = path.join(dir, 'sap-export.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land', 'Bemerkung']);
  for (let i = 1; i <= 40; i++) {
    ws.addRow([
      `L-${i}`,
      `Lieferant ${i} GmbH`,
      `Hauptstr. ${i}`,
      '10115',
      i === 12 || i === 21 ? '' : 'Berlin',
      i % 3 === 1 ? 'Atlantis' : 'Deutschland',
      `Einkauf ${i}`,
    ]);
  }
  await wb.xlsx.writeFile(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TEXT = {
  en: {
    undo: 'Undo: Country "Atlantis" → "ES" in 13 rows',
    undone: 'Undone',
    kind: 'Country not known:',
    fixedFrom: 'Fixed; in the file: Atlantis',
    applied: '13 rows fixed in Land',
    offer: '13 more rows have Land "Atlantis".',
    still: 'was saved but still has problems',
    next: 'Next problem (F8)',
  },
  de: {
    undo: 'Rückgängig: Land „Atlantis“ → „ES“ in 13 Zeilen',
    undone: 'Rückgängig gemacht',
    kind: 'Land unbekannt:',
    fixedFrom: 'Korrigiert; in der Datei: Atlantis',
    applied: '13 Zeilen in Land korrigiert',
    offer: '13 weitere Zeilen haben Land „Atlantis“.',
    still: 'wurde gespeichert, hat aber noch Probleme',
    next: 'Nächstes Problem (F8)',
  },
};

async function invalidCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('count-invalid').locator('.n').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

const grid = (page: Page) => page.getByTestId('rows');
const row = (page: Page, sourceRow: number) =>
  grid(page).locator(`[data-testid="row"][data-source-row="${sourceRow}"]`);
/** Column F of the file ("Land") is c5, G ("Bemerkung") is c6. */
const cell = (page: Page, sourceRow: number, key: string) =>
  row(page, sourceRow).locator(`[data-col="${key}"]`);

/** The value a cell shows (without the words for screen readers). */
const value = (page: Page, sourceRow: number, key: string) =>
  cell(page, sourceRow, key).locator('.text');

async function noSidewaysScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(inner);
}

for (const lang of ['en', 'de'] as const) {
  test(`the review grid (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const words = TEXT[lang];
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openApp(page, host());
    await importFile(page, file);
    await mapAndCreate(page, `Grid ${lang}`);
    if (lang === 'de') await page.getByLabel('Language').selectOption('de');
    await expect(page.getByTestId('next-problem')).toHaveText(words.next);

    // Every column of the file, also the one no field is mapped to, and many rows at once.
    const headers = grid(page).getByRole('columnheader');
    await expect(headers.filter({ hasText: 'Bemerkung' })).toHaveCount(1);
    await expect(headers.filter({ hasText: 'Land' })).toHaveCount(1);
    await expect(value(page, 5, 'c6')).toHaveText('Einkauf 4');
    expect(await grid(page).getByTestId('row').count()).toBeGreaterThanOrEqual(20);
    await expect(cell(page, 2, 'c5')).toHaveAttribute('data-problem', 'true');
    await expect(row(page, 2).locator('.problem-cell')).toContainText(words.kind);
    // The problem leads with the value, quoted as the language quotes.
    await expect(row(page, 2).locator('.problem-cell')).toContainText(
      lang === 'de' ? '„Atlantis“' : '"Atlantis"',
    );
    const before = await invalidCount(page);
    expect(before).toBe(16);

    // Filters: by state, by a column's value, and both with a kind of problem.
    await page.getByTestId('row-outcome').selectOption('state:invalid');
    await expect(grid(page)).toHaveAttribute('data-count', '16');
    await page.getByTestId('row-value-column').selectOption('c5');
    await page.getByTestId('row-value').fill('Atlantis');
    await expect(grid(page)).toHaveAttribute('data-count', '14');
    await page.getByTestId('row-value').fill('Deutschland');
    await expect(grid(page)).toHaveAttribute('data-count', '2');
    await expect(grid(page).getByTestId('row').first()).toHaveAttribute('data-source-row', '13');
    await page.getByTestId('row-value-column').selectOption('');
    await page.getByTestId('row-outcome').selectOption('all');
    await expect(grid(page)).toHaveAttribute('data-count', '40');

    // F8 from a valid row to the next problem, into the cell that has it; Shift+F8 back.
    await cell(page, 3, 'c1').click();
    await page.keyboard.press('F8');
    // Rows 5, 8 and 11 are in Atlantis; row 13 has no city (cells are numbered from 0).
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '3:c5');
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '11:c4');
    await page.keyboard.press('Shift+F8');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '9:c5');
    // Arrow keys between cells.
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '9:c4');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '8:c4');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '9:c5');

    // Edited in place: Escape cancels, Enter saves; the fixed value is shown and marked.
    await page.keyboard.press('Enter');
    const editor = grid(page).getByTestId('cell-editor');
    await editor.fill('XX');
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(value(page, 11, 'c5')).toHaveText('Atlantis');
    await page.keyboard.press('F2');
    await editor.fill('ES');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect(value(page, 11, 'c5')).toContainText('ES');
    await expect(cell(page, 11, 'c5')).toHaveAttribute('data-fixed', 'true');
    await expect(cell(page, 11, 'c5')).not.toHaveAttribute('data-problem', 'true');
    await expect(cell(page, 11, 'c5')).toHaveAttribute('title', words.fixedFrom);
    await expect(cell(page, 11, 'c5').locator('.sr-only')).toHaveText(words.fixedFrom);
    await expect(row(page, 11)).toHaveAttribute('data-state', 'valid');
    await expect.poll(() => invalidCount(page)).toBe(15);

    // The same fix for the 13 other rows with "Atlantis", counted before, then undone.
    const offer = page.getByTestId('same-offer');
    await expect(offer).toContainText(words.offer);
    await offer.getByRole('button').first().click();
    await expect(page.getByTestId('grid-note')).toContainText(words.applied);
    await expect.poll(() => invalidCount(page)).toBe(2);
    await expect(cell(page, 2, 'c5')).toHaveAttribute('data-fixed', 'true');
    await expect(row(page, 2)).toHaveAttribute('data-state', 'valid');
    await shot(page, `review-grid-bulk-${lang}`, lang === 'en');
    const undo = page.getByTestId('undo');
    await expect(undo).toHaveText(words.undo);
    await undo.click();
    await expect(page.getByTestId('grid-note')).toContainText(words.undone);
    await expect.poll(() => invalidCount(page)).toBe(15);
    await expect(cell(page, 2, 'c5')).not.toHaveAttribute('data-fixed', 'true');
    await expect(value(page, 2, 'c5')).toHaveText('Atlantis');
    await expect(value(page, 11, 'c5')).toContainText('ES');
    // Ctrl+Z in the grid undoes the fix of the one row.
    await cell(page, 11, 'c5').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => invalidCount(page)).toBe(16);
    await expect(value(page, 11, 'c5')).toHaveText('Atlantis');
    await expect(undo).toBeDisabled();

    // A fix that is saved but still wrong stays a problem: marked fixed, never green.
    await cell(page, 5, 'c5').dblclick();
    await editor.fill('Atlantica');
    await page.keyboard.press('Enter');
    await expect(cell(page, 5, 'c5')).toHaveAttribute('data-fixed', 'true');
    await expect(cell(page, 5, 'c5')).toHaveAttribute('data-problem', 'true');
    await expect(row(page, 5)).toHaveAttribute('data-state', 'invalid');
    await expect(page.getByTestId('grid-note')).toHaveClass(/warn/);
    await expect(page.getByTestId('grid-note')).toContainText(words.still);
    await expect(page.getByTestId('same-offer')).toContainText(
      lang === 'en' ? '13 more rows' : '13 weitere Zeilen',
    );
    await page.getByTestId('undo').click();
    await expect(value(page, 5, 'c5')).toHaveText('Atlantis');

    // Find and replace within a column, counted first.
    await page.getByTestId('find-replace-toggle').click();
    await page.getByTestId('fr-column').selectOption('c2');
    await page.getByTestId('fr-find').fill('Hauptstr.');
    await page.getByTestId('fr-replace').fill('Hauptstraße');
    await page.getByTestId('fr-count').click();
    await expect(page.getByTestId('fr-result')).toContainText('40');
    await page.getByTestId('fr-apply').click();
    await expect(value(page, 2, 'c2')).toContainText('Hauptstraße 1');
    await page.getByTestId('undo').click();
    await expect(value(page, 2, 'c2')).toHaveText('Hauptstr. 1');
    await page.getByTestId('find-replace-toggle').click();

    // A column hidden, another resized: remembered when the job is opened again.
    await page.getByTestId('columns-menu').locator('summary').click();
    await page.getByTestId('columns-menu').locator('input[data-column="c6"]').uncheck();
    await page.getByTestId('columns-menu').locator('summary').click();
    await expect(headers.filter({ hasText: 'Bemerkung' })).toHaveCount(0);
    const handle = grid(page).getByTestId('resize-c5');
    const width0 = Number(await handle.getAttribute('aria-valuenow'));
    await handle.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(width0 + 60));
    await page.reload();
    await page
      .getByRole('navigation')
      .getByRole('button', { name: lang === 'en' ? 'Jobs' : 'Aufträge' })
      .click();
    await page
      .getByTestId('job')
      .filter({ hasText: `Grid ${lang}` })
      .getByRole('button', { name: lang === 'en' ? 'Open' : 'Öffnen' })
      .click();
    await expect(grid(page)).toHaveAttribute('data-count', '40');
    await expect(headers.filter({ hasText: 'Bemerkung' })).toHaveCount(0);
    await expect(grid(page).getByTestId('resize-c5')).toHaveAttribute(
      'aria-valuenow',
      String(width0 + 60),
    );
    const box = await cell(page, 2, 'c5').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(width0 + 60);

    // Three window sizes: the grid scrolls, the page never sideways; the fix panel sits below
    // the grid where both do not fit side by side.
    await row(page, 2)
      .getByRole('button', { name: lang === 'en' ? 'Fix' : 'Korrigieren' })
      .click();
    for (const [width, height] of [
      [1920, 1080],
      [1280, 800],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(page.getByTestId('row-detail')).toBeVisible();
      await noSidewaysScroll(page);
      const gridBox = await grid(page).boundingBox();
      const detailBox = await page.getByTestId('row-detail').boundingBox();
      if (width < 1500) {
        // Below the grid, which keeps its whole width.
        expect(detailBox!.y).toBeGreaterThan(gridBox!.y + gridBox!.height - 1);
      }
      // The grid scrolls sideways to its last column.
      const fix = row(page, 2).locator('.problem-cell button');
      await fix.scrollIntoViewIfNeeded();
      await expect(fix).toBeInViewport();
      // The column headers follow the rows to the far right.
      await page.evaluate(() => {
        const rows = document.querySelector('[data-testid="rows"] .vbody > div');
        rows?.scrollTo({ left: rows.scrollWidth });
      });
      await expect
        .poll(() =>
          page.evaluate(() => {
            const rows = document.querySelector('[data-testid="rows"] .vbody > div');
            const head = document.querySelector('[data-testid="rows"] .ghead');
            return rows && head && rows.scrollLeft > 0 ? head.scrollLeft - rows.scrollLeft : -1;
          }),
        )
        .toBe(0);
      await page.evaluate(() =>
        document.querySelector('[data-testid="rows"] .vbody > div')?.scrollTo({ left: 0 }),
      );
      if (lang === 'en') await shot(page, `review-grid-${width}`, true);
    }
  });
}
