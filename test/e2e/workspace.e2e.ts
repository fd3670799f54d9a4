// The workspace at the sizes procurement staff use, from 1024×768 to 1920×1080, in English and
// German: every screen fits the window's width (no horizontal page scrolling), the run's
// picture (its chart with the figures as text) and its "What happened" log survive a reload,
// and the developer details live in an About dialog reached with the keyboard.
import { expect, test, type Page } from '@playwright/test';
import {
  SAMPLE,
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  shot,
  startUpload,
  watchErrors,
} from './support';

const host = hostPerFile();
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** At every size: no horizontal page overflow, and a full-page screenshot. */
async function atEverySize(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Let the layout settle after the resize.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const fit = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(fit.scrollWidth, `${name} at ${size.width}×${size.height}`).toBeLessThanOrEqual(
      fit.innerWidth,
    );
    const file = `${name}-${size.width}x${size.height}`;
    await shot(page, file);
  }
  await page.setViewportSize(SIZES[1]);
}

function nav(page: Page, name: string | RegExp) {
  return page.getByRole('navigation').first().getByRole('button', { name });
}

test('every screen fits from 1024×768 to 1920×1080; the run picture and log survive a reload', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.setViewportSize(SIZES[1]);
  await openApp(page, host());
  // No developer details on the home screen: they are in the About dialog.
  await expect(page.getByTestId('app-info')).toHaveCount(0);
  await atEverySize(page, 'en-jobs-empty');
  await nav(page, 'Connection').click();
  await expect(page.getByRole('heading', { name: /connection/i, level: 2 })).toBeVisible();
  await atEverySize(page, 'en-connection');

  await importFile(page, SAMPLE);
  await atEverySize(page, 'en-import');
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await atEverySize(page, 'en-map');
  await page.getByRole('button', { name: 'Back' }).click();
  await mapAndCreate(page, 'Workspace');
  await atEverySize(page, 'en-review');
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(page.getByTestId('figures')).toBeVisible();
  await atEverySize(page, 'en-run-live');
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });

  // The run's picture: the chart, and its figures as text for those who cannot see it.
  const chart = page.getByTestId('run-chart');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart.getByRole('img')).toHaveAccessibleName(/write requests per minute/i);
  await expect(page.getByTestId('run-chart-text')).toContainText('57 of 60 rows finished');
  await expect(page.getByTestId('run-chart-text')).toContainText('limit of 100 per minute');
  const log = page.getByTestId('log');
  await expect(log).toContainText('Job is now: Needs attention.');
  const before = await log.locator('li').count();
  await atEverySize(page, 'en-run-ended');

  // A reload keeps the run on screen; the log and the chart come back from the journal.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Check and run/ })).toBeVisible();
  await expect(page.getByTestId('log')).toContainText('Job is now: Needs attention.');
  await expect(page.getByTestId('log')).toContainText('Job is now: Running.');
  await expect(page.getByTestId('log')).toContainText('Identifier check finished: 57 new');
  await expect(page.getByTestId('log')).toContainText('Start confirmed: 57 creations');
  // Every line from the journal is back; only this page's own notes ("Upload started") are not.
  expect(await page.getByTestId('log').locator('li').count()).toBeGreaterThanOrEqual(before - 2);
  await expect(page.getByTestId('run-chart-text')).toContainText('57 of 60 rows finished');

  await page.getByRole('button', { name: 'Results' }).last().click();
  await expect(page.getByRole('heading', { name: /^Results/ })).toBeVisible();
  await atEverySize(page, 'en-results');
  await nav(page, 'Jobs').click();
  await atEverySize(page, 'en-jobs');

  // The About dialog: opened and closed with the keyboard, the focus back on its button.
  const about = page.getByRole('button', { name: 'About' });
  await about.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'About this installation' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('app-info')).toContainText('journal.sqlite');
  await atEverySize(page, 'en-about');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(about).toBeFocused();

  // German: the same screens, the same fit.
  await page.getByTestId('language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Aufträge', level: 2 })).toBeVisible();
  await atEverySize(page, 'de-jobs');
  await page.getByRole('button', { name: 'Über' }).click();
  const dialogDe = page.getByRole('dialog', { name: 'Über diese Installation' });
  await expect(dialogDe).toBeVisible();
  await dialogDe.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialogDe).toBeHidden();
  await nav(page, 'Verbindung').click();
  await atEverySize(page, 'de-connection');
  await nav(page, 'Aufträge').click();
  await page
    .getByTestId('job')
    .filter({ hasText: 'Workspace' })
    .getByRole('button', { name: 'Öffnen' })
    .click();
  await expect(page.getByTestId('run-chart').getByRole('img')).toHaveAccessibleName(
    /Schreibanfragen pro Minute/,
  );
  await expect(page.getByTestId('run-chart-text')).toContainText('57 von 60 Zeilen fertig');
  await expect(page.getByTestId('log')).toContainText('Auftrag ist jetzt:');
  await atEverySize(page, 'de-run-ended');
  await page.getByRole('button', { name: 'Ergebnisse' }).last().click();
  await atEverySize(page, 'de-results');
  expect(errors).toEqual([]);
});
