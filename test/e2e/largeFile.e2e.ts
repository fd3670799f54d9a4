// A 20,000-row file: imported, scrolled from end to end in the virtualized table, and filtered.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { importFile, mapAndCreate, openApp, shot, startHost, type RunningHost } from './support';

let host: RunningHost;
let dir: string;
const ROWS = 20_000;
const BAD_EVERY = 500;

test.beforeAll(async () => {
  host = await startHost();
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-large-'));
});
test.afterAll(async () => {
  await host?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('a 20,000-row file is scrolled and filtered', async ({ page }) => {
  test.setTimeout(240_000);
  const file = path.join(dir, 'large-suppliers.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Name', 'Street', 'Postal code', 'City', 'Country']).commit();
  for (let i = 1; i <= ROWS; i++) {
    // Every 500th supplier has no city: 40 rows to fix.
    const city = i % BAD_EVERY === 0 ? '' : 'Berlin';
    ws.addRow([`L-${i}`, `Large Supplier ${i} GmbH`, `Weg ${i}`, '10115', city, 'DE']).commit();
  }
  ws.commit();
  await wb.commit();

  await openApp(page, host);
  await importFile(page, file);
  await mapAndCreate(page, 'Twenty thousand');

  const table = page.getByTestId('rows');
  await expect(table).toHaveAttribute('data-count', String(ROWS));
  await expect(table.locator('[data-source-row="2"]')).toBeVisible();
  // Only the rows in view are in the page.
  expect(await table.getByTestId('row').count()).toBeLessThan(200);

  const viewport = table.locator('.vbody > div');
  // A jump to the middle shows the rows that belong there, not the ones read last.
  await viewport.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  await expect(table.locator(`[data-source-row="${ROWS / 2 + 1}"]`)).toContainText(
    `Large Supplier ${ROWS / 2} GmbH`,
  );
  await viewport.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.locator(`[data-source-row="${ROWS + 1}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(table.locator(`[data-source-row="${ROWS + 1}"]`)).toContainText(
    `Large Supplier ${ROWS} GmbH`,
  );
  expect(await table.getByTestId('row').count()).toBeLessThan(200);
  await shot(page, 'review-large', true);

  // Filtered: the rows to fix, then a text search.
  await page.getByTestId('row-filter').selectOption('problems');
  await expect(table).toHaveAttribute('data-count', String(ROWS / BAD_EVERY));
  await expect(table.getByTestId('row').first()).toContainText(`Large Supplier ${BAD_EVERY} GmbH`);
  // The table scrolls back to the top for a new filter; scroll down once that has happened.
  const lastToFix = table.getByTestId('row').filter({ hasText: `Large Supplier ${ROWS} GmbH` });
  await expect(async () => {
    await viewport.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(lastToFix).toBeVisible({ timeout: 1_000 });
  }).toPass();

  await page.getByTestId('row-filter').selectOption('all');
  await page.getByTestId('row-search').fill('Large Supplier 12345 ');
  await expect(table.getByTestId('row')).toHaveCount(1, { timeout: 30_000 });
  await expect(table.getByTestId('row')).toContainText('L-12345');
  await shot(page, 'review-large-filtered');
});
