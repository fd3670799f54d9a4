// Finding a job on the Jobs list: a search box (part of the job's name or file name), filters by
// kind and state, and an order (newest, oldest, latest activity, name), every control labelled and
// reached with the keyboard, in English and German.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  SAMPLE,
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobState,
  mapAndCreate,
  openApp,
  startUpload,
  useLanguage,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-jobs-find-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function identifierList(): Promise<string> {
  const file = path.join(dir, 'customer-ids.xlsx');
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
  ws.addRow(['SUP-1004', 'ERP', 'Customer ID', 'CU-NEW-4', '', 'add']);
  await wb.xlsx.writeFile(file);
  return file;
}

const names = (page: Page) => page.getByTestId('job').locator('h3');

test('jobs are found by name, file, kind and state, and sorted, in English and German', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Three jobs: an onboarding left before its check, one paused during its run, and an
  // identifiers job.
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Zeta suppliers');
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'alpha list');
  await checkIdentifiers(page);
  await startUpload(page);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(jobState(page, 'paused')).toBeVisible({ timeout: 30_000 });
  await importFile(page, await identifierList(), 'identifiers');
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await page.getByTestId('job-name').fill('Middle ids');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await nav.getByRole('button', { name: 'Jobs' }).click();

  const shown = page.getByTestId('jobs-shown');
  await expect(shown).toHaveText('3 of 3 jobs shown');
  // Newest first by default.
  await expect(names(page)).toHaveText(['Middle ids', 'alpha list', 'Zeta suppliers']);

  // The search box, by its label, typed into from the keyboard.
  const search = page.getByRole('searchbox', { name: 'Name or file', exact: true });
  await search.focus();
  await page.keyboard.type('ALPHA');
  await expect(names(page)).toHaveText(['alpha list']);
  await expect(shown).toHaveText('1 of 3 jobs shown');
  // A file name finds its job too.
  await search.fill('customer-ids');
  await expect(names(page)).toHaveText(['Middle ids']);
  await search.fill('');

  // The filters come next in the keyboard's order, each with its label.
  await search.focus();
  await page.keyboard.press('Tab');
  const kind = page.getByRole('combobox', { name: 'Kind' });
  await expect(kind).toBeFocused();
  await kind.selectOption({ label: 'Attach or remove identifiers' });
  await expect(names(page)).toHaveText(['Middle ids']);
  await kind.selectOption({ label: 'All' });
  const state = page.getByRole('combobox', { name: 'State' });
  await state.selectOption({ label: 'Paused' });
  await expect(names(page)).toHaveText(['alpha list']);
  await state.selectOption({ label: 'Finished' });
  await expect(names(page)).toHaveCount(0);
  await expect(page.getByTestId('jobs-no-match')).toContainText(
    'No job matches the search and filters.',
  );
  await page.getByRole('button', { name: 'Show all jobs' }).click();
  await expect(shown).toHaveText('3 of 3 jobs shown');
  await expect(state).toHaveValue('');

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Name (A–Z)' });
  await expect(names(page)).toHaveText(['alpha list', 'Middle ids', 'Zeta suppliers']);
  await sort.selectOption({ label: 'Oldest first' });
  await expect(names(page)).toHaveText(['Zeta suppliers', 'alpha list', 'Middle ids']);

  // German: the same controls in German words.
  await useLanguage(page, 'de');
  await expect(shown).toHaveText('3 von 3 Aufträgen angezeigt');
  await page.getByRole('searchbox', { name: 'Name oder Datei', exact: true }).fill('zeta');
  await expect(names(page)).toHaveText(['Zeta suppliers']);
  await expect(shown).toHaveText('1 von 3 Aufträgen angezeigt');
  await page.getByRole('searchbox', { name: 'Name oder Datei', exact: true }).fill('');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Pausiert' });
  await expect(names(page)).toHaveText(['alpha list']);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Alle' });
  await page
    .getByRole('combobox', { name: 'Art' })
    .selectOption({ label: 'Kennungen anhängen oder entfernen' });
  await expect(names(page)).toHaveText(['Middle ids']);
  await page.getByRole('combobox', { name: 'Art' }).selectOption({ label: 'Alle' });
  await page
    .getByRole('combobox', { name: 'Sortieren nach' })
    .selectOption({ label: 'Name (A–Z)' });
  await expect(names(page)).toHaveText(['alpha list', 'Middle ids', 'Zeta suppliers']);
  await expect(page.getByRole('search', { name: 'Aufträge finden' })).toBeVisible();
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});
