// An onboarding row whose customer id the practice sandbox has on another supplier, in the
// browser: the results file, corrected on its Errors sheet and brought back on the Results
// screen, offers the identifiers job of the corrected id as a button; the job is checked before
// its summary, and adds the id once.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { correctOnErrorsSheet, writeCustomerIdList } from '../lists';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  startUpload,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-id-fixes-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a corrected customer id brought back on the Results screen is added by an identifiers job', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const file = path.join(dir, 'fixes.xlsx');
  // CU-77 belongs to a supplier of the practice sandbox's base.
  await writeCustomerIdList(file, [
    ['FXE-1', 'Fixwerk E GmbH', 'CU-77'],
    ['FXE-2', 'Zweitwerk E GmbH', 'CU-E2'],
  ]);
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, 'Ids elsewhere');
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 120_000 });

  await page.getByRole('button', { name: 'Results' }).first().click();
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const exported = (await page.getByTestId('export-path').textContent())?.trim() ?? '';
  const cells = await correctOnErrorsSheet(
    exported,
    { column: 'Supplier No', value: 'FXE-1' },
    'Customer ID',
    'CU-E9',
  );
  expect(cells?.join(' ')).toContain('correct it here and bring this file back');

  const bringBack = page.getByTestId('retry-from-file');
  await bringBack.locator('summary').click();
  await bringBack.getByTestId('retry-file-input').setInputFiles(exported);
  await expect(bringBack.getByTestId('retry-file-id-fixes')).toContainText(
    'Row 2 brings back a corrected id where the platform had the id on another supplier',
    { timeout: 30_000 },
  );
  await expect(bringBack.getByTestId('retry-file-nothing')).toHaveCount(0);
  await bringBack.getByTestId('retry-file-id-fix-job').click();

  // Checked first, then its summary: one add, nothing to remove, no count to type.
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-change-identifierAdds')).toContainText(
    'At most 1 identifier will be added',
    { timeout: 60_000 },
  );
  await expect(summary.getByTestId('plan-change-identifierRemovals')).toContainText(
    'At most 0 identifiers will be removed',
  );
  await expect(summary.getByTestId('confirm-count')).toHaveCount(0);
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByTestId('kind-outcomes')).toContainText('identifier added by this job: 1');
  expect(errors).toEqual([]);
});
