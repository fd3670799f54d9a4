import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SCREENSHOT_DIR, startHost, type RunningHost } from './support';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(async () => {
  await host?.stop();
});

test('the app shell loads through the browser host and runs demo:ping to completion', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  await page.goto(host.launchUrl);
  await expect(page.getByRole('heading', { name: 'Supplier Onboarding' })).toBeVisible();
  // The secret leaves the address bar as soon as the page has it.
  await expect.poll(() => page.url()).not.toContain('secret=');
  await expect(page.getByTestId('app-info')).toContainText(host.dataDir);
  await expect(page.getByTestId('app-info')).toContainText('journal.sqlite');

  await page.getByRole('button', { name: 'Run check' }).click();
  await expect(page.getByTestId('ping-status')).toHaveText('Done: 5 of 5 steps');
  await expect(page.locator('progress')).toHaveAttribute('value', '5');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell.png'), fullPage: true });
  expect(problems).toEqual([]);
});

test('a page opened without the secret explains what to do instead of working', async ({
  page,
}) => {
  await page.goto(host.origin);
  await expect(page.getByTestId('problem')).toContainText('npm run host');
});
