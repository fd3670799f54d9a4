// Connections: the practice sandbox by default; a connection whose token the API refuses is
// explained in plain words, and its token is never shown again.
import { expect, test } from '@playwright/test';
import { openApp, shot, startHost, startSandbox, type RunningHost } from './support';

let host: RunningHost;
let api: Awaited<ReturnType<typeof startSandbox>>;

test.beforeAll(async () => {
  [host, api] = await Promise.all([startHost(), startSandbox(['right-token'])]);
});
test.afterAll(async () => {
  await Promise.all([host?.stop(), api?.stop()]);
});

test('the practice connection is the default and passes its test', async ({ page }) => {
  await openApp(page, host);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Connection' })
    .click();
  const sandbox = page.locator('[data-testid="connection"][data-sandbox="true"]');
  await expect(sandbox).toContainText('Practice');
  await expect(sandbox.getByRole('radio')).toBeChecked();
  await sandbox.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    sandbox.getByTestId('connection-test').locator('[data-check="token"]'),
  ).toHaveAttribute('data-status', 'ok');
  // The new connection's identifier type names start at the API's usual ones, each labelled.
  await expect(page.getByLabel('Customer id', { exact: true })).toHaveValue('CUSTOMER_ID');
  await expect(page.getByTestId('connection-identifier-type-own')).toHaveValue('OWN_ID');
  await shot(page, 'connection', true);
});

test('a connection with a bad token says so, and the token is never shown again', async ({
  page,
}) => {
  await openApp(page, host);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Connection' })
    .click();
  await page.getByLabel('Name', { exact: true }).fill('Company API');
  await page.getByLabel('Address of the API (base URL)').fill(api.url);
  await page.getByRole('textbox', { name: 'Access token' }).fill('wrong-token');
  await page.getByRole('button', { name: 'Save and test' }).click();

  const conn = page.getByTestId('connection').filter({ hasText: 'Company API' });
  await expect(conn).toContainText('access token stored');
  const result = conn.getByTestId('connection-test');
  await expect(result.locator('[data-check="token"]')).toHaveAttribute('data-status', 'failed');
  await expect(result.locator('[data-check="token"]')).toContainText('Failed');
  // The token field is empty again and the page holds the token nowhere.
  await expect(page.getByRole('textbox', { name: 'Access token' })).toHaveValue('');
  expect(await page.content()).not.toContain('wrong-token');
  await shot(page, 'connection-bad-token', true);

  // A new token replaces the stored one, and the same connection then passes.
  await conn.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Change the connection' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Access token' }).fill('right-token');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(result.locator('[data-check="token"]')).toHaveAttribute('data-status', 'ok');
  // The test sends no write: creating is confirmed by the first real creation.
  await expect(result.locator('[data-check="create"]')).toHaveAttribute('data-status', 'unknown');
  await expect(result.locator('[data-check="create"]')).toContainText(
    'Unknown until the first create',
  );
  // What the answers looked like, for a support call: field names, never the token.
  const answers = conn.getByTestId('connection-answers');
  await answers.getByText("What the API's answers looked like").click();
  await expect(answers).toContainText('GET /public/v2/suppliers/sites answered 200 (ok)');
  await expect(answers).toContainText('Paging fields of the supplier list:');
  await expect(answers.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await page.content()).not.toContain('right-token');
});
