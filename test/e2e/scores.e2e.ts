// The scores kind of job in the browser: the sample scores sheet (wide, perspective 1 of the
// practice sandbox) picked on New import, its perspective's event types read, the mapping the
// headers suggest shown with the first rows (each problem with its cell), the job made and run.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hostPerFile, importFile, jobEnded, openApp, shot, watchErrors } from './support';

const host = hostPerFile();
const SCORES = path.resolve('resources/samples/scores.xlsx');

test('a scores sheet is mapped for its perspective, run, and its rows end written or to fix', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, SCORES, 'scores');
  await page.getByRole('button', { name: 'Next: Map' }).click();

  // Without a perspective nothing can be made.
  await expect(page.getByTestId('blocked-reason')).toContainText('Enter the perspective');
  await page.getByTestId('scores-perspective').fill('1');
  await page.getByRole('button', { name: 'Read the event types and the first rows' }).click();
  await expect(page.getByTestId('scores-event-types')).toContainText('3 event types');
  const mapping = page.getByTestId('scores-mapping');
  await expect(mapping.getByLabel('Column for Supplier ID', { exact: true })).toHaveValue('0');
  await expect(mapping.getByLabel('Column for Supplier audit (supplier_audit)')).toHaveValue('2');
  // The user's own choice is read back at once: without the Quality incident column, no row
  // has a quality_incident score.
  await mapping.getByLabel('Column for Quality incident (quality_incident)').selectOption('');
  await expect(page.getByTestId('scores-rows')).not.toContainText('quality_incident');
  await mapping
    .getByLabel('Column for Quality incident (quality_incident)')
    .selectOption({ label: 'D · Quality incident' });
  await expect(page.getByTestId('scores-rows')).toContainText('quality_incident 80 (D2)');
  // The decimal score is named with its cell before anything is sent.
  await expect(page.getByTestId('scores-rows')).toContainText('C5');
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  await shot(page, 'kind-scores-map', true);

  await page.getByTestId('job-name').fill('Scores sample');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('review-kind')).toContainText('Upload external scores');
  await page.getByRole('button', { name: 'Next: to the upload' }).click();
  await expect(page.getByRole('heading', { name: /^Check and run/ })).toBeVisible();
  // No identifier check: the API finds each row's supplier in the batch.
  await expect(page.getByTestId('check')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload scores' }).click();
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  // 9 rows sent (25 scores; the unknown supplier's 3 rejected), 2 to fix.
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByText('11 of 11 rows finished')).toHaveCount(0);
  await shot(page, 'kind-scores-run', true);

  // The next New import starts clean: no file, and the kind is onboarding again (Next, Next,
  // Next never makes a second scores job of the same file).
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'New import' })
    .click();
  await expect(page.getByRole('heading', { name: 'Import a supplier list' })).toBeVisible();
  await expect(page.getByTestId('preview')).toHaveCount(0);
  await expect(page.getByTestId('kind-onboard')).toBeChecked();
  expect(errors).toEqual([]);
});
