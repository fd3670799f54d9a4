// An identifiers job in the browser: a list of the practice sandbox's suppliers, each row naming
// its supplier and an identifier to add or remove (the row's own Action column); the check's own
// figures (to change, already as asked, on another supplier, not found), the start summary in
// the kind's words, and what each row's change came to, on the run and on the results.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { hostPerFile, importFile, jobEnded, openApp, shot, watchErrors } from './support';

const host = hostPerFile();
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-identifiers-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function identifierList(): Promise<string> {
  const file = path.join(dir, 'identifiers.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Identifiers');
  ws.addRow([
    'Supplier ID',
    'Source',
    'Identifier type',
    'Identifier',
    'Identifier source',
    'Action',
  ]);
  ws.addRow(['SUP-1004', 'ERP', 'Customer ID', 'CU-NEW-4', '', 'add']); // to add
  ws.addRow(['SUP-1001', 'ERP', 'Customer ID', 'CU-77', '', 'add']); // already there
  ws.addRow(['SUP-1005', 'ERP', 'Supplier ID', 'SUP-1002', 'ERP', 'add']); // SUP-1002's own
  ws.addRow(['SUP-1004', 'ERP', 'Own ID', 'PC-4', 'PLM', 'remove']); // to remove
  ws.addRow(['SUP-1006', 'ERP', 'Customer ID', 'CU-NOT-THERE', '', 'remove']); // not on it
  ws.addRow(['SUP-9999', 'ERP', 'Customer ID', 'CU-9', '', 'add']); // no such supplier
  await wb.xlsx.writeFile(file);
  return file;
}

test('an identifiers list: the check sorts the rows, the run adds and removes each once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, await identifierList(), 'identifiers');
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByTestId('map-kind')).toHaveText('Attach or remove identifiers');
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  // Each column went to its own field: the supplier's source and the identifier's are apart.
  const field = (key: string) =>
    page.locator(`[data-testid="mapping"] tr[data-field="${key}"] select`).first();
  await expect(field('supplierId.source')).toHaveValue('1');
  await expect(field('identifier.source')).toHaveValue('4');
  await expect(field('identifier.action')).toHaveValue('5');
  await shot(page, 'kind-identifiers-map');
  await page.getByTestId('job-name').fill('Customer ids');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Next: check identifiers' }).click();

  // The check's figures are the kind's own, not an onboarding's new and existing suppliers.
  const status = page.getByTestId('check-status');
  await expect(status).toContainText(
    'Check finished: 2 identifiers to add or remove, 2 already as their rows ask, 1 on another supplier, 0 ambiguous, 1 supplier not found',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('check-toChange')).toContainText('2 to add or remove');
  await expect(page.getByTestId('check-onOther')).toContainText('1 identifier on another supplier');
  await expect(page.getByTestId('check-new')).toHaveCount(0);
  await expect(page.getByTestId('start-hint')).toContainText(
    'Nothing is created: at most 2 identifiers will be added or removed',
  );
  await shot(page, 'kind-identifiers-check');

  await page.getByRole('button', { name: 'Start identifier changes' }).click();
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-identifiers')).toContainText(
    'At most 1 identifier will be added',
  );
  // The removal is listed with its supplier, and confirmed by its typed count.
  await expect(summary.getByTestId('plan-identifiers')).toContainText(
    'At most 1 identifier will be removed',
  );
  await expect(summary.getByTestId('plan-target-identifier')).toHaveCount(1);
  await expect(summary.getByTestId('plan-suppliers')).toHaveCount(0);
  await expect(summary.getByTestId('plan-duration')).toContainText('Sending 2 requests');
  const confirm = summary.getByRole('button', { name: 'Confirm and start' });
  await expect(confirm).toBeDisabled();
  await summary.getByTestId('confirm-count').fill('1');
  await confirm.click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });

  // What each row came to; the check's figures stay as they were.
  const outcomes = page.getByTestId('kind-outcomes');
  await expect(outcomes).toContainText('identifier added by this job: 1');
  await expect(outcomes).toContainText('identifier removed by this job: 1');
  await expect(outcomes).toContainText('identifier already there: 1');
  await expect(outcomes).toContainText('identifier on another supplier: 1');
  await expect(outcomes).toContainText('identifier not on the supplier: 1');
  await expect(outcomes).toContainText('not found: 1');
  await expect(status).toContainText('2 identifiers to add or remove, 2 already as their rows ask');
  await expect(page.getByTestId('log')).toContainText(
    'Start confirmed: at most 1 identifier to add and 1 to remove.',
  );
  await shot(page, 'kind-identifiers-finished', true);

  await page.getByRole('button', { name: 'Results' }).first().click();
  await expect(page.getByTestId('kind-outcomes')).toContainText('identifier added by this job: 1');
  expect(errors).toEqual([]);
});
