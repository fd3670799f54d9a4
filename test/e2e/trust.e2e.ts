// Results that can be trusted, in English and German: validations the practice sandbox rejects
// (it rejects about one in five) are counted as to fix in the headline, found by the outcome
// filter and shown with their reason; times are in the user's time zone; a connection that fails
// its test does not become the one for new jobs; a job is archived and deleted after a question.
import { expect, test, type Page } from '@playwright/test';
import {
  checkIdentifiers,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  SAMPLE,
  shot,
  startHost,
  startSandbox,
  startUpload,
  watchErrors,
  type RunningHost,
} from './support';

let host: RunningHost;
let api: Awaited<ReturnType<typeof startSandbox>>;

test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-GB' });
// The last test deletes the job the first one made.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  [host, api] = await Promise.all([startHost(), startSandbox(['right-token'])]);
});
test.afterAll(async () => {
  await Promise.all([host?.stop(), api?.stop()]);
});

const SANDBOX_REASONS =
  /The address could not be verified|The site is not a legal entity|The site duplicates a site/;

function nav(page: Page, name: string) {
  return page.getByRole('navigation').getByRole('button', { name, exact: true });
}

function stat(page: Page, group: string) {
  return page.getByTestId('results-counts').locator(`[data-group="${group}"] .n`);
}

test('a rejected validation is counted as to fix, filtered by outcome and shown with its reason', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await openApp(page, host);
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Validated');
  await page.getByLabel(/Request validation of each supplier/).check();
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobEnded(page)).toBeVisible({ timeout: 240_000 });
  await page.getByRole('button', { name: 'See results' }).click();
  await expect(page.getByRole('heading', { name: /^Results/ })).toBeVisible();

  // The outcome filter says how many validations were rejected.
  const filter = page.getByTestId('row-outcome');
  const option = filter.locator('option[value="outcome:validation|REJECTED"]');
  await expect(option).toHaveCount(1);
  const rejected = Number(/\((\d+)\)/.exec((await option.textContent()) ?? '')?.[1]);
  expect(rejected).toBeGreaterThan(0);
  await expect(filter.locator('option[value="outcome:validation|COMPLETED"]')).toContainText(
    'Validation: Confirmed',
  );

  // The headline: the 3 invalid rows and the rejected validations to fix, not finished.
  await expect(stat(page, 'to_fix')).toHaveText(String(3 + rejected));
  await expect(stat(page, 'finished')).toHaveText(String(57 - rejected));
  await expect(page.getByTestId('outcomes-need-you')).toContainText(
    `The platform rejected ${rejected} validations`,
  );

  // "Show them": just those rows, each with the word, the reason and what to do.
  await page.getByTestId('outcomes-need-you').getByRole('button', { name: 'Show them' }).click();
  await expect(filter).toHaveValue('outcome:validation|REJECTED');
  const rows = page.getByTestId('rows');
  await expect(rows).toHaveAttribute('data-count', String(rejected));
  const first = rows.getByTestId('row').first();
  await expect(first.locator('[data-outcome="REJECTED"]')).toHaveText('Rejected');
  await expect(first.locator('.badge')).toContainText('Validation rejected');
  await expect(first.locator('.problem-cell')).toContainText(
    'The platform could not confirm the supplier',
  );
  await expect(first.locator('.problem-cell')).toContainText(SANDBOX_REASONS);

  // Times in the user's time zone.
  await expect(rows.getByRole('columnheader', { name: /Last update/ })).toHaveText(
    'Last update (Asia/Tokyo)',
  );
  const time = first.getByTestId('row-updated').locator('time');
  const iso = (await time.getAttribute('datetime')) ?? '';
  const inTokyo = await page.evaluate(
    (at) =>
      new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Tokyo',
      }).format(new Date(at)),
    iso,
  );
  await expect(time).toHaveText(inTokyo);

  // The row's detail explains the outcome.
  await first.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('row-outcomes')).toContainText('Rejected');
  await expect(page.getByTestId('row-outcomes')).toContainText(SANDBOX_REASONS);
  await shot(page, 'results-rejected-validations', true);
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  // The same in German.
  await page.getByTestId('language').selectOption('de');
  await expect(page.getByTestId('outcomes-need-you')).toContainText(
    `Die Plattform hat ${rejected} Validierungen abgelehnt`,
  );
  await expect(first.locator('[data-outcome="REJECTED"]')).toHaveText('Abgelehnt');
  await expect(first.locator('.badge')).toContainText('Validierung abgelehnt');
  await expect(first.locator('.problem-cell')).toContainText(
    'Die Plattform konnte den Lieferanten nicht bestätigen',
  );
  await expect(rows.getByRole('columnheader', { name: /Letzte Änderung/ })).toHaveText(
    'Letzte Änderung (Asia/Tokyo)',
  );
  await expect(filter.locator('option[value="outcome:validation|REJECTED"]')).toContainText(
    `Validierung: Abgelehnt (${rejected})`,
  );
  await page.getByTestId('language').selectOption('en');
  expect(errors).toEqual([]);
});

test('a connection that fails its test does not become the one for new jobs', async ({ page }) => {
  await openApp(page, host);
  await nav(page, 'Connection').click();
  const sandbox = page.locator('[data-testid="connection"][data-sandbox="true"]');
  await expect(sandbox.getByRole('radio')).toBeChecked();

  await page.getByLabel('Name', { exact: true }).fill('Wrong token API');
  await page.getByLabel('Address of the API (base URL)').fill(api.url);
  await page.getByRole('textbox', { name: 'Access token' }).fill('wrong-token');
  await page.getByRole('button', { name: 'Save and test' }).click();

  const bad = page.getByTestId('connection').filter({ hasText: 'Wrong token API' });
  await expect(bad.getByTestId('connection-test').locator('[data-check="token"]')).toHaveAttribute(
    'data-status',
    'failed',
  );
  await expect(page.getByTestId('connection-not-used')).toContainText(
    '"Wrong token API" did not pass its test, so new jobs keep using "Built-in sandbox (practice)"',
  );
  await expect(sandbox.getByRole('radio')).toBeChecked();
  await expect(sandbox.getByTestId('connection-default')).toBeVisible();
  await expect(bad.getByRole('radio')).not.toBeChecked();
  await expect(page.getByTestId('active-connection')).toContainText('Practice');

  // Choosing it by hand tests it again, in German too, and keeps the working one.
  await page.getByTestId('language').selectOption('de');
  await bad.getByRole('radio').check();
  await expect(page.getByTestId('connection-not-used')).toContainText(
    '„Wrong token API“ hat den Test nicht bestanden',
  );
  await expect(sandbox.getByRole('radio')).toBeChecked();
  await expect(bad.getByRole('radio')).not.toBeChecked();
  await expect(sandbox.getByTestId('connection-default')).toContainText(
    'Für neue Aufträge verwendet',
  );
  await page.getByTestId('language').selectOption('en');
});

test('a job is archived, brought back, and deleted only after confirming', async ({ page }) => {
  await openApp(page, host);
  const card = page.getByTestId('job').filter({ hasText: 'Validated' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(card).toHaveCount(0);
  await page.getByTestId('show-archived').check();
  await expect(card.getByTestId('job-archived')).toHaveText('Archived');
  await card.getByRole('button', { name: 'Bring back' }).click();
  await expect(card.getByTestId('job-archived')).toHaveCount(0);

  // Cancelled: nothing happens.
  await card.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Delete the job "Validated"?');
  await expect(dialog).toContainText('Its 60 rows and their history of requests are removed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  // In German, confirmed: the job is gone.
  await page.getByTestId('language').selectOption('de');
  await card.getByRole('button', { name: 'Löschen …' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Auftrag „Validated“ löschen?');
  await shot(page, 'job-delete-confirm');
  await dialog.getByRole('button', { name: 'Auftrag löschen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'wurde gelöscht' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aufträge', level: 2 })).toBeVisible();
  await expect(page.getByTestId('job').filter({ hasText: 'Validated' })).toHaveCount(0);
  await page.getByTestId('language').selectOption('en');
});
