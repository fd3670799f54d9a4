// The kinds of job in the browser: a deactivate list picked on New import, mapped by its
// supplier ids, checked, its count typed to confirm the start, and run; and the undo of an
// onboarding job, which deactivates exactly the suppliers that job created.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  SAMPLE,
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
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-kinds-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A list of suppliers of the practice sandbox to deactivate: two it has, one it does not. */
async function deactivateList(): Promise<string> {
  const file = path.join(dir, 'deactivate.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Deactivate');
  ws.addRow(['Supplier ID', 'Source', 'Name']);
  ws.addRow(['SUP-1002', 'ERP', 'Atelier Lumière SARL']);
  ws.addRow(['SUP-1003', 'ERP', 'Tessuti Toscani S.p.A.']);
  ws.addRow(['SUP-9999', 'ERP', 'Nobody GmbH']);
  await wb.xlsx.writeFile(file);
  return file;
}

test('a deactivate list: the count is typed to confirm, then each supplier is deactivated once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, await deactivateList(), 'deactivate');
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByTestId('map-kind')).toHaveText('Deactivate suppliers');
  // Only the fields that name a supplier are offered; none is required on its own.
  await expect(page.locator('[data-testid="mapping"] tr[data-field="name"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="mapping"] tr[data-field="platformId"]')).toHaveCount(1);
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  await shot(page, 'kind-deactivate-map');
  await page.getByTestId('job-name').fill('Deactivate three');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('review-kind')).toContainText('Deactivate suppliers');
  await expect(page.getByTestId('options')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next: check identifiers' }).click();
  // The check's figures are the kind's: two to deactivate, one not found.
  await expect(page.getByTestId('check-status')).toContainText(
    'Check finished: 2 suppliers found to deactivate, 0 ambiguous, 1 not found',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('check-toChange')).toContainText('2 to deactivate');
  // Under the start button, the kind's own words: nothing is created.
  await expect(page.getByTestId('start-hint')).toHaveText(
    'Nothing is created: 2 suppliers will be deactivated, and you confirm that number before anything is sent.',
  );
  await shot(page, 'kind-deactivate-check', true);

  // The summary says how many will be deactivated; the start waits for that number.
  await page.getByRole('button', { name: 'Start deactivation' }).click();
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-deactivate')).toContainText(
    '2 suppliers will be deactivated',
  );
  const confirm = summary.getByRole('button', { name: 'Confirm and start' });
  await expect(confirm).toBeDisabled();
  await summary.getByTestId('confirm-count').fill('3');
  await expect(confirm).toBeDisabled();
  await summary.getByTestId('confirm-count').fill('2');
  await shot(page, 'kind-deactivate-confirm', true);
  await confirm.click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByTestId('check-status')).toContainText(
    '2 suppliers found to deactivate, 0 ambiguous, 1 not found',
  );
  await shot(page, 'kind-deactivate-finished');
  expect(errors).toEqual([]);
});

test('undo of an onboarding job deactivates exactly the suppliers it created', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Onboard then undo');
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 120_000 });

  await page.getByRole('button', { name: 'Results' }).first().click();
  await page.getByTestId('undo-job').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('none that existed before it');
  await dialog.getByRole('button', { name: 'Make the undo job' }).click();

  // The undo is checked first, then its summary: the 57 suppliers the job created, confirmed
  // by number.
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-deactivate')).toContainText(
    '57 suppliers will be deactivated',
    { timeout: 30_000 },
  );
  await expect(summary.getByTestId('plan-undo')).toBeVisible();
  // Checked before it asks: the 57 are listed by name.
  await expect(summary.getByTestId('plan-target')).toHaveCount(57);
  await summary.getByTestId('confirm-count').fill('57');
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 120_000 });
  await shot(page, 'kind-undo-finished');

  // The same list onboarded again: the check does not find the 57 deactivated suppliers, and
  // Before you start names them, with the undo job that deactivated them, in English and German.
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Onboard again');
  await checkIdentifiers(page);
  await page.getByRole('button', { name: 'Start upload' }).click();
  const again = page.getByTestId('start-summary').getByTestId('plan-deactivated');
  await expect(again).toContainText('Suppliers deactivated before will be created again');
  await expect(again).toContainText(
    /The job "Onboard then undo · undo" deactivated 57 of the suppliers this job creates, on .+ \(same supplier ID and source\), for example .+\. The check does not find a deactivated supplier: they are created again as new\./,
  );
  await shot(page, 'deactivated-before');
  await useLanguage(page, 'de');
  await expect(again).toContainText('Früher deaktivierte Lieferanten werden neu angelegt');
  await expect(again).toContainText(/hat am .+ 57 der Lieferanten deaktiviert/);
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});
