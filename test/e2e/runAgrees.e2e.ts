// The Run screen agrees with itself: the run chart's caption and line say the same rows finished
// as the progress bar above them, while the run goes and after it, with the run's own elapsed
// time (seconds for a short run), in English and German.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  SAMPLE,
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  startUpload,
  useLanguage,
  watchErrors,
  writeSupplierList,
} from './support';

const host = hostPerFile();
let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-run-agrees-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The progress bar's and the chart caption's rows finished, read in the same frame. */
async function bothFigures(page: Page): Promise<{ bar: string; chart: string }> {
  return page.evaluate(() => {
    const pick = (id: string) =>
      /(\d[\d.,]*)/.exec(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')?.[1] ??
      '';
    const caption = document.querySelector('[data-testid="run-chart-text"]')?.textContent ?? '';
    // The caption's rows: "… 9 of 60 rows finished in 12 s." — the figure before "of"/"von".
    const rows = /(\d[\d.,]*) (?:of|von) \d[\d.,]* (?:rows|Zeilen)/.exec(caption)?.[1] ?? '';
    return { bar: pick('run-progress'), chart: rows };
  });
}

test('the run chart says the progress bar figures and the run real time', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Chart agrees');
  await checkIdentifiers(page);
  await startUpload(page);

  // While the run goes: whenever the chart shows a figure, it is the progress bar's.
  const caption = page.getByTestId('run-chart-text');
  await expect(caption).toHaveText(/rows finished in/, { timeout: 30_000 });
  for (let i = 0; i < 5; i++) {
    const f = await bothFigures(page);
    if (f.chart) expect(f.chart).toBe(f.bar);
    await page.waitForTimeout(700);
  }
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });

  const done = /(\d+) of (\d+)/.exec((await page.getByTestId('run-progress').textContent()) ?? '');
  expect(done).not.toBeNull();
  const [, finished, total] = done!;
  // The run's time as a duration ("45 s", "1 min 5 s"), never a number of whole minutes.
  const time = '(?:\\d+ min )?\\d+ s';
  await expect(caption).toContainText(
    new RegExp(`${finished} of ${total} rows finished in ${time}\\.`),
  );
  expect(await bothFigures(page)).toEqual({ bar: finished, chart: finished });

  await useLanguage(page, 'de');
  await expect(caption).toContainText(
    new RegExp(`${finished} von ${total} Zeilen fertig in ${time}\\.`),
  );
  await expect(page.getByTestId('run-progress')).toContainText(`${finished} von ${total}`);
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});

test('a reload during a run keeps the run on screen, in English and German', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const file = path.join(dir, 'reloaded.xlsx');
  await writeSupplierList(file, 80, 'RELOAD');
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, 'Reloaded run');
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(page.getByTestId('figures')).toBeVisible();

  // F5 while the job runs: the same job's Run screen, still running, not the Jobs list.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check and run: Reloaded run' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jobs', level: 2 })).toHaveCount(0);
  await expect(page.getByTestId('figures')).toBeVisible();

  // In German as well; the language and the screen both survive.
  await useLanguage(page, 'de');
  await page.reload();
  await expect(page.getByRole('heading', { name: /Reloaded run/, level: 2 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });

  // The results of the job, reloaded: still its results.
  await page.getByRole('button', { name: 'Ergebnisse' }).last().click();
  await expect(page.getByRole('heading', { name: /^Ergebnisse/, level: 2 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Ergebnisse/, level: 2 })).toBeVisible();

  // The Jobs list chosen by the user is what a reload shows then.
  await page.getByRole('navigation').first().getByRole('button', { name: 'Aufträge' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aufträge', level: 2 })).toBeVisible();
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});
