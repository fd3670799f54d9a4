// Rows with problems fixed in the Review table, then sent with the others.
import { expect, test, type Page } from '@playwright/test';
import {
  SAMPLE,
  checkIdentifiers,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  shot,
  hostPerFile,
  startUpload,
} from './support';

const host = hostPerFile();

async function invalidCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('count-invalid').locator('.n').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

async function fixRow(page: Page, search: string, field: string, value: string) {
  await page.getByTestId('row-search').fill(search);
  const row = page.getByTestId('row').filter({ hasText: search });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Fix' }).click();
  const form = page.getByTestId('fix-form');
  await form.locator(`input[data-field="${field}"]`).fill(value);
  await form.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByTestId('row-detail')).toContainText('is fixed and ready');
}

test('a run with invalid rows fixed inline in the review table', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page, host());
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Fixed inline');

  const before = await invalidCount(page);
  expect(before).toBeGreaterThanOrEqual(2);
  // Only the rows that need the user.
  await page.getByTestId('row-filter').selectOption('problems');
  await expect(page.getByTestId('rows')).toHaveAttribute('data-count', String(before));
  await expect(page.getByTestId('row').first()).toHaveAttribute('data-state', 'invalid');

  // The missing city, then the unknown country: each row is validated again when saved.
  await fixRow(page, 'Schwarz Werkzeugbau', 'city', 'Hagen');
  await expect(page.getByTestId('row-edits')).toContainText('Hagen');
  await shot(page, 'review-fix', true);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await fixRow(page, 'Atlantic Isles', 'countryCode', 'GB');
  await expect.poll(() => invalidCount(page)).toBe(before - 2);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByTestId('row-search').fill('');

  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });

  // The fixed rows were created like the others.
  await page.getByRole('button', { name: 'See results' }).click();
  await page.getByTestId('row-search').fill('Schwarz Werkzeugbau');
  await expect(page.getByTestId('row').filter({ hasText: 'Schwarz' })).toHaveAttribute(
    'data-state',
    'done',
  );

  // A row still to fix is fixed on the Results screen and sent on its own.
  await page.getByTestId('row-search').fill('');
  await page.getByTestId('row-filter').selectOption('problems');
  const left = page.getByTestId('row').first();
  await expect(left).toHaveAttribute('data-state', 'invalid');
  await left.getByRole('button', { name: 'Details' }).click();
  const form = page.getByTestId('fix-form');
  // The repeated supplier id: its own field, offered at once when it is the problem.
  const idInput = form.locator('input[data-field="supplierId.id"]');
  if ((await idInput.count()) === 0) {
    await form.getByLabel('Change another field').selectOption('supplierId.id');
  }
  await idInput.fill('000104-2');
  await form.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByTestId('row-detail')).toContainText('is fixed and ready');
  await page.getByTestId('send-waiting').click();
  await expect(page.getByRole('heading', { name: /^Check and run/ })).toBeVisible();
  await expect(page.getByTestId('run-progress')).toHaveText(/^60 of 60 rows finished/, {
    timeout: 120_000,
  });
});
