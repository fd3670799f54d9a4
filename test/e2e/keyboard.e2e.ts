// The keyboard, in English and German: an import to a confirmed start with the keys alone, key
// presses counted (the issue counted about 120, 36 Tabs to Next on Import and 41 on Map). Each
// screen's primary action has its shortcut (Ctrl+Enter) shown on its button and in its
// aria-keyshortcuts; on Map ↑ and ↓ walk the fields' column choosers and a column is chosen by
// its letter. The shortcut does not act in a text box where Enter is the box's own, and never
// skips a confirmation: the typed number of a paid start must still be typed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Lang, MessageKey } from '../../src-shared/i18n';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobState,
  openApp,
  text,
  textPattern,
  useLanguage,
  watchErrors,
  writeSupplierList,
} from './support';

const host = hostPerFile();
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-keyboard-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The most key presses an import to its start may take. */
const BOUND = 40;

/** Key presses, counted: a chord (Control+Enter) is one. */
class Keys {
  n = 0;
  log: string[] = [];
  constructor(private page: Page) {}
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      this.n++;
      this.log.push(key);
      await this.page.keyboard.press(key);
    }
  }
}

/** The focused element's test id, data-field of its row, or tag and text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      field: el?.closest('tr')?.getAttribute('data-field') ?? null,
      chooser: el?.hasAttribute('data-chooser') ?? false,
      text: el?.textContent?.trim() ?? '',
    };
  });
}

/** The primary button shows its shortcut in the language's words after its own (drawn, so its
 *  name stays its words alone), and says the keys to assistive technology. */
async function showsShortcut(page: Page, lang: Lang, name: string) {
  const button = page
    .locator('main')
    .getByRole('button', { name, exact: true })
    .and(page.locator('[aria-keyshortcuts]'));
  await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
  await expect(button).toHaveAttribute('data-keyhint', text(lang, 'keys.primary'));
  await expect(button).toHaveText(name);
  const drawn = await button.evaluate((el) => {
    const after = getComputedStyle(el, '::after');
    return { content: after.content, display: after.display, width: after.width };
  });
  expect(drawn.display).not.toBe('none');
  expect(drawn.content).not.toBe('none');
  // The words drawn, and none for assistive technology (which reads aria-keyshortcuts).
  expect(drawn.content).toBe(`"${text(lang, 'keys.primary')}" / ""`);
}

for (const lang of ['en', 'de'] as const) {
  test(`an import to its start by keyboard alone, in far fewer than 120 key presses (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    const t = (key: MessageKey, params?: Record<string, string | number>) =>
      text(lang, key, params);
    const file = path.join(dir, `keys-${lang}.xlsx`);
    await writeSupplierList(file, 12, `KEYS-${lang.toUpperCase()}-${Date.now() % 100000}`);
    await page.setViewportSize({ width: 1024, height: 768 });
    await openApp(page, host());
    await useLanguage(page, lang);
    const keys = new Keys(page);

    // Jobs: the shortcut starts a new import.
    await showsShortcut(page, lang, t('jobs.new'));
    await keys.press('Control+Enter');
    await expect(page.getByRole('heading', { name: t('import.title') })).toBeVisible();

    // Import: the shortcut chooses the file; its preview comes into view, its heading focused.
    const chooser = page.waitForEvent('filechooser');
    await keys.press('Control+Enter');
    await (await chooser).setFiles(file);
    await expect(page.getByTestId('preview')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#preview-title')).toBeFocused();
    const toMap = `${t('common.next')}: ${t('step.map')}`;
    await showsShortcut(page, lang, toMap);
    await keys.press('Control+Enter');

    // Map: one Tab to the first field's column chooser, then ↑ and ↓ from field to field.
    await expect(page.getByRole('heading', { name: t('map.title') })).toBeVisible();
    await expect(page.getByTestId('mapping-summary')).toBeVisible();
    await expect(page.getByTestId('map-keys')).toHaveText(t('map.keysHint'));
    const fields = await page
      .locator('[data-testid="mapping"] tbody tr[data-field]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field')));
    expect(fields.length).toBeGreaterThan(5);
    // The first field is the supplier's name; a column is chosen by its letter: C, and back to B.
    expect(fields[0]).toBe('name');
    await keys.press('Tab');
    expect(await focused(page)).toMatchObject({ chooser: true, field: 'name' });
    const nameChooser = page.locator('tr[data-field="name"] select[data-chooser]');
    await expect(nameChooser).toHaveValue('1');
    await keys.press('c');
    await expect(nameChooser).toHaveValue('2');
    await expect(page.locator('tr[data-field="name"] .samples')).toContainText('Weg 1');
    // (Letters typed within a second make one word to look for.)
    await page.waitForTimeout(1_200);
    await keys.press('b');
    await expect(nameChooser).toHaveValue('1');
    await expect(page.locator('tr[data-field="name"] .samples')).not.toContainText('Weg 1');
    // ↓ walks every field's chooser, and past the last stays there; ↑ walks back. The arrows
    // move, they choose nothing.
    const before = await page
      .locator('[data-testid="mapping"] select[data-chooser]')
      .evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value));
    for (let i = 1; i < fields.length; i++) {
      await keys.press('ArrowDown');
      expect(await focused(page), `↓ to field ${i}`).toMatchObject({
        chooser: true,
        field: fields[i],
      });
    }
    await keys.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ chooser: true, field: fields.at(-1) });
    await keys.press('ArrowUp');
    expect(await focused(page)).toMatchObject({ chooser: true, field: fields.at(-2) });
    const after = await page
      .locator('[data-testid="mapping"] select[data-chooser]')
      .evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value));
    expect(after).toEqual(before);
    await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
    await showsShortcut(page, lang, t('map.next'));
    await keys.press('Control+Enter');

    // Review: the shortcut checks the identifiers.
    await expect(page.getByRole('heading', { name: t('review.title') })).toBeVisible({
      timeout: 60_000,
    });
    await showsShortcut(page, lang, t('review.next'));
    await keys.press('Control+Enter');

    // Check and run: once the check has finished, the shortcut opens the summary of the start.
    await expect(
      page.getByRole('heading', { name: textPattern(lang, 'run.title', { name: /.+/ }) }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('start-run')).toBeEnabled({ timeout: 60_000 });
    await showsShortcut(page, lang, t('run.start'));
    await keys.press('Control+Enter');
    const summary = page.getByTestId('start-summary');
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('heading', { name: t('plan.title') })).toBeFocused();
    // The summary is confirmed with its own button: two Tabs (Back, Confirm) and Enter.
    await keys.press('Tab', 2);
    await expect(summary.getByRole('button', { name: t('plan.confirm') })).toBeFocused();
    await keys.press('Enter');
    await expect(summary).toHaveCount(0);
    await expect(
      page.getByTestId('job-state').locator('[data-state="running"], [data-state="finished"]'),
    ).toHaveCount(1, { timeout: 60_000 });

    console.log(
      `${lang}: ${keys.n} key presses from Jobs to a confirmed start: ${keys.log.join(' ')}`,
    );
    expect(keys.n).toBeLessThanOrEqual(BOUND);
    expect(errors).toEqual([]);
  });
}

test('the shortcut leaves Enter to text boxes and never skips the typed confirmation of paid work', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const file = path.join(dir, 'paid.xlsx');
  await writeSupplierList(file, 6, `KEYS-PAID-${Date.now() % 100000}`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page, host());
  await importFile(page, file);

  // Import: in the header row's box Enter applies the row; the shortcut does nothing there.
  await page.getByTestId('header-row').focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Import a supplier list' })).toBeVisible();
  await page.getByRole('button', { name: 'Next: Map' }).click();

  // Map: nor in the box naming a saved mapping, nor in a fixed value; in the job's name it
  // imports (Enter has no other use there).
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await page.getByLabel('Name for this mapping').focus();
  await page.keyboard.press('Control+Enter');
  await page.getByLabel('Fixed value for City').focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await page.getByTestId('job-name').fill('Paid by keys');
  await page.getByTestId('job-name').press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });

  // Review: a screening orders paid work, which the start must confirm by its number.
  await page.getByRole('radio', { name: '2 years' }).check();
  await expect(page.getByTestId('cost-warning')).toBeVisible();
  await checkIdentifiers(page);
  await page.keyboard.press('Control+Enter');
  const summary = page.getByTestId('start-summary');
  await expect(summary).toBeVisible();
  const count = summary.getByTestId('plan-paid-confirm').getByRole('textbox');
  await expect(count).toBeVisible();
  const confirm = summary.getByRole('button', { name: 'Confirm and start' });
  await expect(confirm).toBeDisabled();

  // Neither from the summary's heading nor from the number's box does the shortcut start it.
  await page.keyboard.press('Control+Enter');
  await count.focus();
  await page.keyboard.press('Control+Enter');
  await count.fill('1');
  await page.keyboard.press('Control+Enter');
  await expect(summary).toBeVisible();
  await expect(jobState(page, 'running')).toHaveCount(0);
  await expect(confirm).toBeDisabled();
  expect(errors).toEqual([]);
});
