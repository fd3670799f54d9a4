// A first run with the shipped sample, against the built-in practice sandbox: import, map,
// review, check, run, results, export.
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  SAMPLE,
  checkIdentifiers,
  importFile,
  jobEnded,
  openApp,
  shot,
  hostPerFile,
  watchErrors,
  startUpload,
} from './support';

const host = hostPerFile();

test('a first run: the shipped sample from import to an exported workbook', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchErrors(page);
  await openApp(page, host());
  await expect(page.getByTestId('no-jobs')).toBeVisible();
  // The practice sandbox is the connection of a first run.
  await expect(page.getByTestId('active-connection')).toContainText('Practice');
  await shot(page, 'jobs-empty');

  // Import: the title above the table is skipped and the header row is found and marked.
  await importFile(page, SAMPLE);
  await expect(page.getByTestId('header-marked')).toContainText('Lieferanten-Nr.');
  await expect(page.getByTestId('preview')).toContainText('Müller Präzisionsteile GmbH');
  await shot(page, 'import', true);
  // The header row can be moved, and moved back.
  await page.getByRole('button', { name: 'Header one row down' }).click();
  await expect(page.getByTestId('header-marked')).toContainText('Header: row 4');
  await expect(page.getByTestId('header-marked')).toContainText('Müller Präzisionsteile GmbH');
  await page.getByRole('button', { name: 'Header one row up' }).click();
  await expect(page.getByTestId('header-marked')).toContainText('Header: row 3');
  await expect(page.getByTestId('header-marked')).toContainText('Lieferanten-Nr.');

  // Map: every required field has a suggested column; taking one away blocks the next step.
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  const nameColumn = page.getByLabel('Column for Name');
  const suggested = await nameColumn.inputValue();
  expect(suggested).not.toBe('');
  await nameColumn.selectOption('');
  await expect(page.getByTestId('blocked-reason')).toContainText('Name');
  await expect(page.getByRole('button', { name: 'Next: import all rows' })).toBeDisabled();
  await shot(page, 'map-blocked');
  await nameColumn.selectOption(suggested);
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  // Sample values before → after.
  await expect(page.locator('tr[data-field="name"] .samples')).toContainText('Müller');
  await shot(page, 'map', true);
  await page.getByTestId('job-name').fill('First run');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();

  // Review: counts, the table of all rows, the options with the cost warning.
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('count-invalid')).not.toContainText(/^0/);
  await expect(page.getByTestId('rows').getByTestId('row').first()).toBeVisible();
  await page.getByLabel('2 years').check();
  await expect(page.getByTestId('cost-warning')).toBeVisible();
  await shot(page, 'review', true);
  await page.getByLabel('No screening').check();
  await expect(page.getByTestId('cost-warning')).toHaveCount(0);

  // Check: the outcome is shown before anything is created.
  await checkIdentifiers(page);
  await expect(page.getByTestId('check-new')).not.toContainText(/^0/);
  await shot(page, 'check', true);

  // Run to the end.
  await startUpload(page);
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });
  // The three rows with problems in the sample were never sent; the job says they need the user.
  await expect(page.getByTestId('run-progress')).toHaveText(/^57 of 60 rows finished/);
  await expect(page.getByTestId('stuck')).toContainText('3 rows need you');
  await expect(page.getByTestId('check-status')).toContainText(
    'found 57 new suppliers, 0 existing',
  );
  await shot(page, 'run-finished', true);

  // Results: the request history of a row, and the export.
  await page.getByRole('button', { name: 'See results' }).click();
  await expect(page.getByRole('heading', { name: /^Results/ })).toBeVisible();
  const finishedRow = page.locator('[data-testid="row"][data-state="done"]').first();
  await expect(finishedRow).toBeVisible();
  await finishedRow.getByRole('button', { name: /^Open row/ }).click();
  await expect(page.getByTestId('row-history').locator('li').first()).toBeVisible();
  await shot(page, 'results-row', true);
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  // The export is written beside the job's file and, in a browser, downloaded as well.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const exported = (await page.getByTestId('export-path').textContent())?.trim() ?? '';
  expect(exported).toMatch(/\.xlsx$/);
  expect(existsSync(exported)).toBe(true);
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(path.basename(exported));
  const saved = test.info().outputPath('downloaded.xlsx');
  await download.saveAs(saved);
  for (const file of [exported, saved]) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const text = wb.worksheets.map((ws) => JSON.stringify(ws.getSheetValues())).join('\n');
    expect(text).toContain('Müller Präzisionsteile GmbH');
  }
  // Asked again, it comes again (each address is good for one download).
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download again' }).click();
  expect((await again).suggestedFilename()).toBe(path.basename(exported));
  await shot(page, 'results', true);

  // The home screen lists the finished job.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .click();
  const card = page.getByTestId('job').filter({ hasText: 'First run' });
  await expect(card).toHaveAttribute('data-state', 'needs_attention');
  await expect(card).toContainText('57 of 60 rows finished');
  await shot(page, 'jobs', true);
  expect(problems).toEqual([]);
});
