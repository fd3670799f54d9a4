// Results that can be trusted, in English and German: validations the practice sandbox rejects
// (it rejects about one in five) are counted as to fix in the headline, found by the outcome
// filter and shown with their reason; times are in the user's time zone; a connection that fails
// its test does not become the one for new jobs; a job is archived and deleted after a question.
// Each language runs the three tests on its own job and connection; every text looked for is the
// catalogue's in that language.
import { expect, test, type Page } from '@playwright/test';
import type { MessageKey } from '../../src-shared/i18n';
import { REJECTION_REASONS } from '../../src-main/sandbox/stateSchema';
import {
  escapeRegExp,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  SAMPLE,
  shot,
  startHost,
  startSandbox,
  text,
  textPattern,
  useLanguage,
  watchErrors,
  type RunningHost,
  typePaidCount,
} from './support';

let host: RunningHost;
let api: Awaited<ReturnType<typeof startSandbox>>;

test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-GB' });
// The last test of a language deletes the job its first one made.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  [host, api] = await Promise.all([startHost(), startSandbox(['right-token'])]);
});
test.afterAll(async () => {
  await Promise.all([host?.stop(), api?.stop()]);
});

// The platform's own words (the sandbox's), in no language of the app's.
const SANDBOX_REASONS = new RegExp(REJECTION_REASONS.map(escapeRegExp).join('|'));

function stat(page: Page, group: string) {
  return page.getByTestId('results-counts').locator(`[data-group="${group}"] .n`);
}

for (const lang of ['en', 'de'] as const) {
  const language = lang === 'en' ? 'English' : 'German';
  const t = (key: MessageKey, params?: Record<string, string | number>) => text(lang, key, params);
  const jobName = `Validated ${lang}`;

  test(`a rejected validation is counted as to fix, filtered by outcome and shown with its reason (${language})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await openApp(page, host);
    await importFile(page, SAMPLE);
    await mapAndCreate(page, jobName);
    await useLanguage(page, lang);
    await page.getByLabel(t('review.validate')).check();
    await page.getByRole('button', { name: t('review.next') }).click();
    await expect(page.getByTestId('check-status')).toContainText(t('run.checkDone'), {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: t('run.start') }).click();
    // Validations are paid work: their number is typed to confirm them.
    const summary = page.getByTestId('start-summary');
    expect(await typePaidCount(summary)).toBeGreaterThan(0);
    await summary.getByRole('button', { name: t('plan.confirm') }).click();
    await expect(page.getByTestId('start-summary')).toHaveCount(0);
    await expect(jobEnded(page)).toBeVisible({ timeout: 240_000 });
    await page.getByRole('button', { name: t('run.results') }).click();
    await expect(
      page.getByRole('heading', { name: t('results.title', { name: jobName }) }),
    ).toBeVisible();

    // The outcome filter says how many validations were rejected.
    const filter = page.getByTestId('row-outcome');
    const option = filter.locator('option[value="outcome:validation|REJECTED"]');
    await expect(option).toHaveCount(1);
    const rejectedOption = textPattern(lang, 'rows.outcomeOption', {
      stage: t('rows.validation'),
      outcome: t('outcome.validation.REJECTED'),
    });
    await expect(option).toHaveText(rejectedOption);
    const rejected = Number(rejectedOption.exec((await option.textContent()) ?? '')?.[1]);
    expect(rejected).toBeGreaterThan(0);
    await expect(filter.locator('option[value="outcome:validation|COMPLETED"]')).toHaveText(
      textPattern(lang, 'rows.outcomeOption', {
        stage: t('rows.validation'),
        outcome: t('outcome.validation.COMPLETED'),
      }),
    );

    // The headline: the 3 invalid rows and the rejected validations to fix, not finished.
    await expect(stat(page, 'to_fix')).toHaveText(String(3 + rejected));
    await expect(stat(page, 'finished')).toHaveText(String(57 - rejected));
    const needYou = page.getByTestId('outcomes-need-you');
    await expect(needYou).toContainText(t('results.outcomesNeedYou', { n: rejected }));

    // "Show them": just those rows, each with the word, the reason and what to do.
    await needYou.getByRole('button', { name: t('results.showRejected') }).click();
    await expect(filter).toHaveValue('outcome:validation|REJECTED');
    const rows = page.getByTestId('rows');
    await expect(rows).toHaveAttribute('data-count', String(rejected));
    const first = rows.getByTestId('row').first();
    await expect(first.locator('[data-outcome="REJECTED"]')).toHaveText(
      t('outcome.validation.REJECTED'),
    );
    await expect(first.locator('.badge')).toContainText(t('rowState.validation_rejected'));
    const reason = first.locator('.problem-cell');
    await expect(reason).toContainText(t('outcome.validation.REJECTED.help'));
    await expect(reason).toContainText(
      textPattern(lang, 'outcome.reason', { reason: SANDBOX_REASONS }),
    );

    // Times in the user's time zone.
    await expect(
      rows.getByRole('columnheader', { name: textPattern(lang, 'rows.updated', { zone: /.+/ }) }),
    ).toHaveText(t('rows.updated', { zone: 'Asia/Tokyo' }));
    const time = first.getByTestId('row-updated').locator('time');
    const iso = (await time.getAttribute('datetime')) ?? '';
    const inTokyo = await page.evaluate(
      ([at, locale]) =>
        new Intl.DateTimeFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Asia/Tokyo',
        }).format(new Date(at)),
      [iso, lang === 'de' ? 'de-DE' : 'en-GB'] as const,
    );
    await expect(time).toHaveText(inTokyo);

    // The row's detail explains the outcome.
    await first.getByRole('button', { name: t('rows.details') }).click();
    const outcomes = page.getByTestId('row-outcomes');
    await expect(outcomes).toContainText(t('outcome.validation.REJECTED'));
    await expect(outcomes).toContainText(
      textPattern(lang, 'outcome.reason', { reason: SANDBOX_REASONS }),
    );
    if (lang === 'en') await shot(page, 'results-rejected-validations', true);
    else await shot(page, 'results-rejected-validations-de');
    await page.getByRole('button', { name: t('common.close'), exact: true }).click();
    expect(errors).toEqual([]);
  });

  test(`a connection that fails its test does not become the one for new jobs (${language})`, async ({
    page,
  }) => {
    const name = `Wrong token API ${lang}`;
    await openApp(page, host);
    await useLanguage(page, lang);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: t('nav.connection'), exact: true })
      .click();
    const sandbox = page.locator('[data-testid="connection"][data-sandbox="true"]');
    await expect(sandbox.getByRole('radio')).toBeChecked();

    await page.getByLabel(t('connection.name'), { exact: true }).fill(name);
    await page.getByLabel(t('connection.baseUrl')).fill(api.url);
    await page.getByRole('textbox', { name: t('connection.token') }).fill('wrong-token');
    await page.getByRole('button', { name: t('connection.saveAndTest') }).click();

    const bad = page.getByTestId('connection').filter({ hasText: name });
    await expect(
      bad.getByTestId('connection-test').locator('[data-check="token"]'),
    ).toHaveAttribute('data-status', 'failed');
    const notUsed = t('connection.notUsed', { name, current: t('connection.practiceName') });
    await expect(page.getByTestId('connection-not-used')).toContainText(notUsed);
    await expect(sandbox.getByRole('radio')).toBeChecked();
    await expect(sandbox.getByTestId('connection-default')).toContainText(t('connection.default'));
    await expect(bad.getByRole('radio')).not.toBeChecked();
    await expect(page.getByTestId('active-connection')).toContainText(t('connection.practice'));

    // Choosing it by hand tests it again, and keeps the working one. A click, not check(): the
    // app puts the choice back once the test fails, which may come before check() looks.
    await bad.getByRole('radio').click();
    await expect(page.getByTestId('connection-not-used')).toContainText(notUsed);
    await expect(sandbox.getByRole('radio')).toBeChecked();
    await expect(bad.getByRole('radio')).not.toBeChecked();
    await expect(sandbox.getByTestId('connection-default')).toContainText(t('connection.default'));
  });

  test(`a job is archived, brought back, and deleted only after confirming (${language})`, async ({
    page,
  }) => {
    await openApp(page, host);
    await useLanguage(page, lang);
    const card = page.getByTestId('job').filter({ hasText: jobName });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: t('jobs.archive') }).click();
    await expect(card).toHaveCount(0);
    await page.getByTestId('show-archived').check();
    await expect(card.getByTestId('job-archived')).toHaveText(t('jobs.archived'));
    await card.getByRole('button', { name: t('jobs.unarchive') }).click();
    await expect(card.getByTestId('job-archived')).toHaveCount(0);

    // Cancelled: nothing happens.
    await card.getByRole('button', { name: t('jobs.delete') }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(t('jobs.deleteTitle', { name: jobName }));
    await expect(dialog).toContainText(t('jobs.deleteText', { rows: 60 }));
    await dialog.getByRole('button', { name: t('common.cancel') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();

    // Confirmed: the job is gone, also after a reload.
    await card.getByRole('button', { name: t('jobs.delete') }).click();
    await expect(dialog.getByRole('heading')).toHaveText(t('jobs.deleteTitle', { name: jobName }));
    if (lang === 'de') await shot(page, 'job-delete-confirm');
    await dialog.getByRole('button', { name: t('jobs.deleteConfirm') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: t('jobs.deleted', { name: jobName }) }),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: t('jobs.title'), level: 2 })).toBeVisible();
    await expect(page.getByTestId('job').filter({ hasText: jobName })).toHaveCount(0);
  });
}
