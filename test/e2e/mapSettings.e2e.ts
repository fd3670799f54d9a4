// The Map screen's per-field settings and saved mappings, and the Review screen's problem kinds:
// counted from the journal, used as filters, and kept true after fixes and after reopening.
import { expect, test } from '@playwright/test';
import { SAMPLE, importFile, openApp, shot, hostPerFile } from './support';

const host = hostPerFile();

test('field settings change the values, a saved mapping is picked again, problems are counted by kind', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page, host());
  await importFile(page, SAMPLE);
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  const citySamples = page.locator('tr[data-field="city"] .samples .after');
  await expect(citySamples.first()).toHaveText('Dresden');

  // Letters of the city in capitals: the sample's "after" follows.
  await page.getByLabel('Letters of City').selectOption('upper');
  await expect(citySamples.first()).toHaveText('DRESDEN');
  // Supplier ids padded to eight digits.
  await page.getByLabel('Fill Supplier ID with leading zeros to this many digits').fill('8');
  await page.getByLabel('Fill Supplier ID with leading zeros to this many digits').press('Tab');
  await expect(page.locator('tr[data-field="supplierId.id"] .samples .after').first()).toHaveText(
    '00000101',
  );
  await shot(page, 'map-settings', true);
  // A setting out of range is refused with a sentence, and the last good value stays.
  const pad = page.getByLabel('Fill Supplier ID with leading zeros to this many digits');
  await pad.fill('50');
  await pad.press('Tab');
  await expect(page.getByTestId('transform-supplierId.id').getByRole('alert')).toContainText(
    'from 2 to 20',
  );
  await expect(pad).toHaveValue('8');
  // Fields without settings say what the app does to their values.
  await expect(page.getByTestId('transform-countryCode')).toContainText('Deutschland → DE');

  // Saved, then picked from the list after the mapping was changed.
  await page.getByLabel('Name for this mapping').fill('SAP Kreditoren');
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText('The mapping "SAP Kreditoren" was saved.')).toBeVisible();
  await page.getByLabel('Letters of City').selectOption('keep');
  await page.getByLabel('Column for Name').selectOption('');
  await expect(page.getByTestId('blocked-reason')).toContainText('Name');
  await expect(page.getByTestId('template-choice')).toHaveValue('SAP Kreditoren');
  await expect(page.getByTestId('template-choice').locator('option:checked')).toHaveText(
    'SAP Kreditoren (made for these columns)',
  );
  await page.getByRole('button', { name: 'Use this mapping' }).click();
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  await expect(page.getByLabel('Letters of City')).toHaveValue('upper');
  await expect(citySamples.first()).toHaveText('DRESDEN');

  await page.getByTestId('job-name').fill('Settings and kinds');
  // The connection changed on the way: back on the Map step, the file, its mapping and the job's
  // name are as they were.
  await page.getByTestId('map-change-connection').click();
  await expect(page.getByRole('heading', { name: 'Connection', level: 2 })).toBeVisible();
  await page.getByTestId('back-to-map').click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(page.getByLabel('Letters of City')).toHaveValue('upper');
  await expect(pad).toHaveValue('8');
  await expect(page.getByTestId('job-name')).toHaveValue('Settings and kinds');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });

  // The problems by kind, from the journal.
  const kinds = page.getByTestId('problem-kinds');
  await expect(kinds).toContainText('Country not known · Country');
  await expect(kinds).toContainText('Value missing · City');
  await expect(kinds).toContainText('Supplier ID used twice in the file · Supplier ID');
  await expect(page.getByTestId('count-duplicate').locator('.n')).toHaveText('1');
  await expect(page.getByTestId('count-empty').locator('.n')).toHaveText('0');
  // A kind shows just its rows.
  await kinds.getByRole('button', { name: /Country not known/ }).click();
  await expect(page.getByTestId('rows')).toHaveAttribute('data-count', '1');
  const row = page.getByTestId('row').first();
  await expect(row).toContainText('Atlantis');
  await shot(page, 'review-kinds', true);

  // Fixed: the kind is gone, the others stay.
  await row.getByRole('button', { name: 'Fix' }).click();
  const form = page.getByTestId('fix-form');
  // The settings went into the job: the row's city is in capitals, its id padded.
  await form.getByLabel('Change another field').selectOption('city');
  await expect(form.locator('input[data-field="city"]')).toHaveValue('PORT ROYAL');
  await form.locator('input[data-field="countryCode"]').fill('GB');
  await form.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByTestId('row-detail')).toContainText('is fixed and ready');
  await expect(kinds).not.toContainText('Country not known');
  await expect(kinds).toContainText('Value missing · City');

  // Reopened later from the Jobs screen: the same counts, from the journal.
  await page.getByRole('navigation').getByRole('button', { name: 'Jobs' }).click();
  const card = page.getByTestId('job').filter({ hasText: 'Settings and kinds' });
  await card.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible();
  await expect(page.getByTestId('count-duplicate').locator('.n')).toHaveText('1');
  await expect(page.getByTestId('problem-kinds')).toContainText('Value missing · City');
  await expect(page.getByTestId('problem-kinds')).not.toContainText('Country not known');
});
