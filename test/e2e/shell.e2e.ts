import { expect, test } from '@playwright/test';
import { openApp, shot, hostPerFile, watchErrors } from './support';

const host = hostPerFile();

test('the app loads through the browser host, on the Jobs screen, and its services answer', async ({
  page,
}) => {
  const problems = watchErrors(page);
  await openApp(page, host());
  // The secret leaves the address bar as soon as the page has it.
  await expect.poll(() => page.url()).not.toContain('secret=');

  // Keyboard: the skip link comes first, and the navigation works with Enter.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Connection' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Connection', level: 2 })).toBeFocused();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 2 })).toBeFocused();

  // Where the data lives, and the check that the services answer, are in the About dialog.
  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByTestId('app-info')).toContainText(host().dataDir);
  await expect(page.getByTestId('app-info')).toContainText('journal.sqlite');
  await page.getByRole('button', { name: 'Check that the app responds' }).click();
  await expect(page.getByTestId('ping-status')).toHaveText('Done: 5 of 5 steps');
  await shot(page, 'shell');
  expect(problems).toEqual([]);
});

test('the whole interface switches to German and back', async ({ page }) => {
  await openApp(page, host());
  await page.getByTestId('language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Aufträge', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await shot(page, 'jobs-german');
  // The choice is remembered across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aufträge', level: 2 })).toBeVisible();
  await page.getByTestId('language').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 2 })).toBeVisible();
});

test('a page opened without the secret explains what to do instead of working', async ({
  page,
}) => {
  await page.goto(host().origin);
  await expect(page.getByTestId('problem')).toContainText('npm run host');
});
