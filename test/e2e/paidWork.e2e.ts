// Paid work the list itself orders, in the browser: a German list whose own columns order
// screening ("Screening (Jahre)") and validation ("Validierung"). The Map screen marks both
// columns as ordering paid work, with how many rows shown order it; the summary before the start
// counts the screenings per period and the validations, says which column orders them, and the
// start waits for their number to be typed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  openApp,
  shot,
  typePaidCount,
  watchErrors,
} from './support';
import { writePaidList } from '../lists';

const host = hostPerFile();
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-paid-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Eight suppliers: periods 2, 5, 10 and none in turn (two of each), validation ja, nein and
 *  none in turn (three "ja"). */
async function paidList(): Promise<string> {
  const file = path.join(dir, 'lieferanten-bezahlt.xlsx');
  const ordered = await writePaidList(file, 8, 800);
  expect(ordered).toEqual({ screeningsByPeriod: { '2': 2, '5': 2, '10': 2 }, validations: 3 });
  return file;
}

test("a list's own screening and validation columns are shown, counted and confirmed by number", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, await paidList());
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();

  // Both columns are mapped by the app, and each is marked as ordering paid work.
  const row = (key: string) => page.locator(`[data-testid="mapping"] tr[data-paid-field="${key}"]`);
  await expect(row('screeningPeriodInYears').getByTestId('map-paid')).toContainText(
    'Orders paid screening',
  );
  await expect(row('screeningPeriodInYears').getByTestId('map-paid')).toContainText(
    'In the 8 rows shown: 6 order it.',
  );
  await expect(row('requestValidationOnCreate').getByTestId('map-paid')).toContainText(
    'In the 8 rows shown: 3 order it.',
  );
  await shot(page, 'map-paid', true);

  await page.getByTestId('job-name').fill('Paid columns');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await checkIdentifiers(page);
  await page.getByRole('button', { name: 'Start upload' }).click();
  const summary = page.getByTestId('start-summary');
  // No job option orders anything: the summary counts what the columns order, per period.
  const periods = summary.getByTestId('plan-screening-period');
  await expect(periods).toHaveCount(3);
  for (const years of [2, 5, 10])
    await expect(summary.locator(`[data-years="${years}"]`)).toContainText(
      `2 screenings for ${years} years will be ordered`,
    );
  await expect(summary.getByTestId('plan-screening-column')).toContainText(
    '6 of them are ordered by the list\'s own column "Screening (Jahre)"',
  );
  await expect(summary.getByTestId('plan-validation')).toContainText(
    'A validation is requested for 3 suppliers',
  );
  await expect(summary.getByTestId('plan-validation-column')).toContainText('"Validierung"');
  await shot(page, 'start-summary-paid', true);
  // The start waits for the number of paid orders: 6 screenings and 3 validations.
  expect(await typePaidCount(summary)).toBe(9);
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(summary).toHaveCount(0);
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 120_000 });
  expect(errors).toEqual([]);
});
