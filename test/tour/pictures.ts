// What the tour's walk is made of: the language of the walk (a project option), the pictures it
// takes, and the steps of a job in the interface's own words for that language (the catalogue's,
// so the same steps walk the English and the German interface).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import type { Lang, MessageKey } from '../../src-shared/i18n';
import type { Operation } from '../../src-shared/operations';
import { openApp, text, textPattern, useLanguage, type RunningHost } from '../e2e/support';

export interface TourOptions {
  /** The language of the interface for this walk; its pictures go to docs/screenshots/<lang>/. */
  lang: Lang;
}

export const test = base.extend<TourOptions>({
  lang: ['en', { option: true }],
});
export { expect };

/** Where the README's pictures are (from the project's folder, where npm runs the tour). */
export const PICTURES_DIR = path.resolve('docs/screenshots');

/** The interface's words in `lang`, and the steps of the walk in them. */
export function wordsFor(lang: Lang) {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    text(lang, key, params);
  return { t, pattern: (key: MessageKey) => textPattern(lang, key) };
}

export interface PictureOptions {
  /** What the picture shows: the top of the screen (the default), or this part of it brought
   *  into view (at the top of the window unless `block` says otherwise). */
  at?: Locator;
  block?: 'start' | 'center' | 'end' | 'nearest';
  /** Room between that part and the window's edge, in pixels (16 unless told). */
  margin?: number;
  /** The picture is of an error the app shows (otherwise an error banner fails the tour). */
  showsError?: boolean;
}

/**
 * A viewport picture of what the window shows now, written to docs/screenshots/<lang>/<name>.png.
 * The walk has waited for the screen's state before; this waits for the screen to be at rest:
 * no error banner, nothing loading, fonts loaded, a frame drawn after the scroll.
 */
export async function picture(
  page: Page,
  lang: Lang,
  name: string,
  options: PictureOptions = {},
): Promise<void> {
  if (!options.showsError) await expect(page.locator('.notice.error:visible')).toHaveCount(0);
  await expect(page.getByText(text(lang, 'app.loading'), { exact: true })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // No hover look on the last button clicked.
  await page.mouse.move(0, 0);
  if (options.at) {
    // A little room above (or below) the part, so that it does not touch the window's edge.
    await options.at.evaluate(
      (el, [block, margin]) => {
        (el as HTMLElement).style.scrollMargin = `${margin}px`;
        el.scrollIntoView({ block, inline: 'nearest' });
      },
      [options.block ?? 'start', options.margin ?? 16] as const,
    );
  } else {
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      document.querySelector('main')?.scrollTo(0, 0);
    });
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  const file = path.join(PICTURES_DIR, lang, `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  console.log(`picture ${path.relative(process.cwd(), file)}`);
}

/** The app opened on its Jobs screen, in the walk's language. Opened again if the page came
 *  up without its scripts (the renderer's files replaced by a build meanwhile); `errors` (of
 *  `watchErrors`) then forgets that failed load. */
export async function openIn(
  page: Page,
  host: RunningHost,
  lang: Lang,
  errors?: string[],
): Promise<void> {
  await expect(async () => {
    if (errors) errors.length = 0;
    await openApp(page, host);
  }).toPass({ timeout: 120_000 });
  await useLanguage(page, lang);
  await expect(
    page.getByRole('heading', { name: text(lang, 'jobs.title'), level: 2, exact: true }),
  ).toBeVisible();
}

/** The steps of a job, in the interface's words in `lang` (as test/e2e/support.ts's English
 *  importFile, mapAndCreate, checkIdentifiers and startUpload). */
export function steps(page: Page, lang: Lang) {
  const { t } = wordsFor(lang);
  const nav = (key: MessageKey) =>
    page
      .getByRole('navigation')
      .first()
      .getByRole('button', { name: t(key), exact: true });
  return {
    nav,
    /** Import → preview: the kind of job (an onboarding unless told) and the file. */
    async importFile(file: string, kind?: Operation) {
      await nav('nav.newImport').click();
      await expect(page.getByRole('heading', { name: t('import.title'), level: 2 })).toBeVisible();
      if (kind) await page.getByTestId(`kind-${kind}`).check();
      await page.getByTestId('file-input').setInputFiles(file);
      await expect(page.getByTestId('preview')).toBeVisible({ timeout: 30_000 });
    },
    /** Preview → Map. */
    async toMap() {
      await page.getByRole('button', { name: `${t('common.next')}: ${t('step.map')}` }).click();
      await expect(page.getByRole('heading', { name: t('map.title'), level: 2 })).toBeVisible();
    },
    /** Map → a new job of every row; ends on the Review screen. */
    async create(jobName: string) {
      await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
      await page.getByTestId('job-name').fill(jobName);
      await page.getByRole('button', { name: t('map.next') }).click();
      await expect(page.getByRole('heading', { name: t('review.title'), level: 2 })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByTestId('rows').getByTestId('row').first()).toBeVisible();
    },
    /** Review → the identifier check, waiting for it to finish: the start waits for it. */
    async check() {
      await page.getByRole('button', { name: t('review.next') }).click();
      await expect(page.getByTestId('check-status')).toBeVisible();
      await expect(page.getByTestId('start-run')).toBeEnabled({ timeout: 60_000 });
    },
    /** The run's start: its summary, shown. */
    async summary(): Promise<Locator> {
      await page.getByTestId('start-run').click();
      const summary = page.getByTestId('start-summary');
      await expect(summary).toBeVisible({ timeout: 30_000 });
      return summary;
    },
    /** The summary confirmed: the run starts. */
    async confirm(summary: Locator) {
      await summary.getByRole('button', { name: t('plan.confirm') }).click();
      await expect(summary).toHaveCount(0);
    },
  };
}
