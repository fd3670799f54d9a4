// The words of a small list, in English and German: counts of one say one ("1 row", "1 Zeile"),
// the Map screen's sample shows a yes as a yes of the user's language (not `true`), the check is
// dated as the language says it ("Die Prüfung vom …"), and the summary before a start warns of
// paid work (€) only when some is ordered, with its number.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Lang, MessageKey } from '../../src-shared/i18n';
import {
  hostPerFile,
  importFile,
  jobEnded,
  openApp,
  text,
  useLanguage,
  watchErrors,
} from './support';
import { writePaidList } from '../lists';

const host = hostPerFile();
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-words-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Import → Map → Review in `lang`, for a list already chosen on the Import screen. */
async function toReview(page: Page, lang: Lang, name: string) {
  const t = (key: MessageKey, params?: Record<string, string | number>) => text(lang, key, params);
  await page.getByRole('button', { name: `${t('common.next')}: ${t('step.map')}` }).click();
  await expect(page.getByRole('heading', { name: t('map.title') })).toBeVisible();
  await page.getByTestId('job-name').fill(name);
  await page.getByRole('button', { name: t('map.next') }).click();
  await expect(page.getByRole('heading', { name: t('review.title') })).toBeVisible({
    timeout: 60_000,
  });
}

for (const lang of ['en', 'de'] as const) {
  test(`a one-row list is worded in the singular, its yes as a yes, its paid work only when ordered (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const t = (key: MessageKey, params?: Record<string, string | number>) =>
      text(lang, key, params);
    // One supplier whose own columns order a screening of 2 years and a validation ("ja").
    const file = path.join(dir, `${lang}-one.xlsx`);
    const ordered = await writePaidList(file, 1, lang === 'en' ? 2901 : 2951);
    expect(ordered).toEqual({ screeningsByPeriod: { '2': 1, '5': 0, '10': 0 }, validations: 1 });
    await openApp(page, host());
    await importFile(page, file);
    await useLanguage(page, lang);

    // Map: the validation column's "ja" becomes a yes of the user's language, and one row is one.
    await page.getByRole('button', { name: `${t('common.next')}: ${t('step.map')}` }).click();
    await expect(page.getByRole('heading', { name: t('map.title') })).toBeVisible();
    const validation = page.locator(
      '[data-testid="mapping"] tr[data-field="requestValidationOnCreate"]',
    );
    const paid = page.locator(
      '[data-testid="mapping"] tr[data-paid-field="requestValidationOnCreate"]',
    );
    await expect(validation.locator('.samples .before').first()).toHaveText('ja');
    await expect(validation.locator('.samples .after').first()).toHaveText(t('map.value.true'));
    await expect(validation.locator('.samples')).not.toContainText('true');
    await expect(paid.getByTestId('map-paid')).toContainText(
      t('map.paidSample', { rows: 1, n: 1 }),
    );
    await expect(page.getByTestId('mapping')).not.toContainText(
      lang === 'en' ? '1 rows' : '1 Zeilen',
    );

    // The first job: one supplier created, one screening and one validation confirmed.
    await page.getByTestId('job-name').fill(`${lang} one`);
    await page.getByRole('button', { name: t('map.next') }).click();
    await expect(page.getByRole('heading', { name: t('review.title') })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: t('review.next') }).click();
    await expect(page.getByTestId('check-status')).toContainText(t('run.checkDone'), {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: t('run.start') }).click();
    const summary = page.getByTestId('start-summary');
    await expect(summary.getByTestId('plan-suppliers')).toHaveText(
      t('plan.suppliers', { new: 1, existing: 0 }),
    );
    await expect(summary.getByTestId('plan-screening-period')).toHaveText(
      t('plan.screening', { n: 1, years: 2 }),
    );
    await expect(summary.getByTestId('plan-validation')).toContainText(
      t('plan.validation', { n: 1, existing: 0 }),
    );
    await expect(summary).not.toContainText(lang === 'en' ? '1 screenings' : '1 Screenings');
    const typed = summary.getByTestId('plan-paid-confirm');
    await expect(typed).toContainText(t('plan.typePaid', { n: 2 }));
    await typed.getByRole('textbox').fill('2');
    await summary.getByRole('button', { name: t('plan.confirm') }).click();
    await expect(jobEnded(page)).toBeVisible({ timeout: 120_000 });
    // The check is dated as the language says it.
    const status = page.getByTestId('check-status');
    await expect(status).toContainText(
      lang === 'en'
        ? /^✓\s*The check of .+ found 1 new supplier, 0 existing/
        : /^✓\s*Die Prüfung vom \d/,
    );
    if (lang === 'de') await expect(status).toContainText('1 neuen Lieferanten');

    // The same list again, with a screening period chosen: its one supplier exists and is
    // skipped, so nothing paid is ordered and no € warning is shown.
    // (The import helper reads the English screen.)
    await useLanguage(page, 'en');
    await importFile(page, file);
    await useLanguage(page, lang);
    await toReview(page, lang, `${lang} again`);
    await page.getByLabel(t('review.years', { n: 2 })).check();
    await expect(page.getByRole('checkbox', { name: t('review.skipExisting') })).toBeChecked();
    await page.getByRole('button', { name: t('review.next') }).click();
    await expect(page.getByTestId('check-status')).toContainText(t('run.checkDone'), {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: t('run.start') }).click();
    await expect(summary.getByTestId('plan-suppliers')).toHaveText(
      t('plan.suppliers', { new: 0, existing: 1 }),
    );
    await expect(summary.getByTestId('plan-screening')).toHaveText(t('plan.noScreening'));
    await expect(summary.getByTestId('plan-validation')).toHaveText(t('plan.noValidation'));
    await expect(summary.getByTestId('plan-screening-period')).toHaveCount(0);
    await expect(summary.getByTestId('plan-paid-confirm')).toHaveCount(0);
    await expect(summary.locator('.notice.warn .icon', { hasText: '€' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
