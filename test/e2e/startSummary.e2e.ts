// The summary before a start, in English and in German: a list sent before is imported again
// with screening (the existing suppliers, screened again, are named with the cost), and a third
// job on the same list meets the second one, paused with rows still to send: the warning names
// it, and the shared rows are left out and stay visible as such in the exported results.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { messages, type MessageKey } from '../../src-shared/i18n';
import {
  checkIdentifiers,
  escapeRegExp,
  hostPerFile,
  importFile,
  jobEnded,
  jobState,
  mapAndCreate,
  openApp,
  shot,
  startUpload,
  text,
  useLanguage,
  watchErrors,
  typePaidCount,
} from './support';

const host = hostPerFile();
let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-summary-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeList(file: string, from: number, to: number, prefix: string) {
  // Each language's list in a city of its own: rows of the other language's list at the same
  // street and postal code would be likely duplicates of its suppliers (and wait for a decision).
  const [postalCode, city] = prefix.endsWith('DE') ? ['80331', 'München'] : ['10115', 'Berlin'];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Name', 'Street', 'Postal code', 'City', 'Country']);
  for (let i = from; i <= to; i++)
    ws.addRow([
      `${prefix}-${i}`,
      `${prefix} Supplier ${i} GmbH`,
      `Weg ${i}`,
      postalCode,
      city,
      'DE',
    ]);
  await wb.xlsx.writeFile(file);
}

for (const lang of ['en', 'de'] as const) {
  test(`the summary before a start, in ${lang === 'en' ? 'English' : 'German'}`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const problems = watchErrors(page);
    const prefix = `SUM${lang.toUpperCase()}`;
    const first = path.join(dir, `${lang}-first.xlsx`);
    const again = path.join(dir, `${lang}-again.xlsx`);
    await writeList(first, 1, 6, prefix);
    await writeList(again, 1, 60, prefix);
    await openApp(page, host());

    // Six suppliers are sent first.
    await importFile(page, first);
    await mapAndCreate(page, `${lang} sent before`);
    await checkIdentifiers(page);
    await startUpload(page);
    await expect(jobEnded(page)).toBeVisible({ timeout: 120_000 });

    // The same six and 54 more, with screening.
    await importFile(page, again);
    await mapAndCreate(page, `${lang} again`);
    await useLanguage(page, lang);
    const t = (key: MessageKey, params?: Record<string, string | number>) =>
      text(lang, key, params);
    await page.getByLabel(t('review.years', { n: 5 })).check();
    // Screening may cost money: existing suppliers are skipped by default once it is chosen ...
    const skip = page.getByRole('checkbox', { name: t('review.skipExisting') });
    await expect(skip).toBeChecked();
    // ... here the user turns that off, as in the list sent again.
    await skip.uncheck();
    await expect(skip).not.toBeChecked();
    await page.getByRole('button', { name: t('review.next') }).click();
    await expect(page.getByTestId('check-status')).toContainText(t('run.checkDone'), {
      timeout: 60_000,
    });

    await page.getByRole('button', { name: t('run.start') }).click();
    const summary = page.getByTestId('start-summary');
    await expect(summary.getByRole('heading', { name: t('plan.title') })).toBeFocused();
    await expect(summary.getByTestId('plan-suppliers')).toHaveText(
      t('plan.suppliers', { new: 54, existing: 6 }),
    );
    await expect(summary.getByTestId('plan-follow-existing')).toHaveText(t('plan.followExisting'));
    await expect(summary.getByTestId('plan-screening')).toContainText(
      t('plan.screening', { n: 60, years: 5 }),
    );
    await expect(summary.getByTestId('plan-screening-existing')).toHaveText(
      t('plan.screeningExisting', { n: 6 }),
    );
    await expect(summary.getByTestId('plan-validation')).toHaveText(t('plan.noValidation'));
    // The duration, from the connection's limits: 54 creations and 6 screenings to send.
    const duration = summary.getByTestId('plan-duration');
    await expect(duration).toContainText(t('plan.duration', { total: '' }).split(':')[0]!);
    await expect(duration).toContainText(
      t('plan.durationSend', { n: 60, rate: 98, time: '' }).split(':')[0]!,
    );
    await expect(summary.getByTestId('plan-overlap')).toHaveCount(0);
    if (lang === 'en') await shot(page, 'start-summary', true);
    else await shot(page, 'start-summary-de');

    // Confirmed by typing the number of paid orders (the 60 screenings): the job runs; paused
    // once it has sent something, it still holds the rest.
    expect(await typePaidCount(summary)).toBe(60);
    await summary.getByRole('button', { name: t('plan.confirm') }).click();
    await expect(jobState(page, 'running')).toBeVisible();
    await expect(
      page.locator(
        // A finished row is counted by what it came to (outcome-counts), no longer by its state.
        [
          '[data-testid="state-counts"] li:is([data-state="accepted"], [data-state="screening_requested"])',
          '[data-testid="outcome-counts"] li:is([data-outcome="done"], [data-outcome="findings"], [data-outcome="platform"])',
        ].join(', '),
      ),
    ).not.toHaveCount(0);
    await page.getByRole('button', { name: t('run.pause') }).click();
    await expect(jobState(page, 'paused')).toBeVisible({ timeout: 30_000 });

    // A third job on the same list, while the second is unfinished.
    await useLanguage(page, 'en');
    await importFile(page, again);
    await mapAndCreate(page, `${lang} third`);
    await useLanguage(page, lang);
    await page.getByRole('button', { name: t('review.next') }).click();
    await expect(page.getByTestId('check-status')).toContainText(t('run.checkDone'), {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: t('run.start') }).click();
    const overlap = page.getByTestId('plan-overlap');
    await expect(overlap).toBeVisible();
    await expect(overlap).toContainText(t('plan.overlapTitle'));
    const said = (await overlap.textContent()) ?? '';
    const expected = new RegExp(
      escapeRegExp(
        text(lang, 'plan.overlap', {
          name: `${lang} again`,
          state: messages[lang]['jobState.paused'],
          n: 'NUMBER',
          examples: 'EXAMPLES',
        }),
      )
        .replace('NUMBER', '(\\d+)')
        .replace('EXAMPLES', `${prefix}-\\d+.*`),
    );
    const held = Number(expected.exec(said)?.[1]);
    expect(held, said).toBeGreaterThan(0);
    const leaveOut = page.getByRole('radio', { name: t('plan.leaveOut', { n: held }) });
    await expect(leaveOut).toBeChecked();
    if (lang === 'en') await shot(page, 'start-summary-overlap');
    await page.getByRole('button', { name: t('plan.confirm') }).click();
    await expect(jobEnded(page)).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('log')).toContainText(t('log.leftOut', { n: held }));

    // The rows left out are in the results as skipped, with the other job named.
    await page.getByRole('button', { name: t('run.results') }).click();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: t('export.xlsx') }).click();
    const saved = test.info().outputPath(`${lang}-third.xlsx`);
    await (await downloaded).saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    const results = wb.getWorksheet('Results')!;
    const header = (results.getRow(1).values as unknown[]).map(String);
    const left: Array<[string, string]> = [];
    results.eachRow((row, n) => {
      if (n === 1) return;
      const v = row.values as unknown[];
      // The code stands in brackets beside its words.
      if (String(v[header.indexOf('Error code')]).endsWith('(held_by_other_job)'))
        left.push([
          String(v[header.indexOf('Status')]),
          String(v[header.indexOf('Error message')]),
        ]);
    });
    expect(left).toHaveLength(held);
    for (const [status, message] of left) {
      expect(status).toBe('Skipped');
      expect(message).toContain(`"${lang} again"`);
    }
    expect(problems).toEqual([]);
  });
}
