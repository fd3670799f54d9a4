// The layout at 1024×768, in English and German, and still at 1280×800 and 1920×1080: the page
// never scrolls sideways; the side navigation keeps its words; a file chosen on Import brings
// its preview into view with Next reachable; every column of the Map screen's table, the
// samples as sent included, is inside the window; the row panel of Review opens in view.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MessageKey } from '../../src-shared/i18n';
import { hostPerFile, openApp, shot, text, useLanguage, watchErrors } from './support';

const host = hostPerFile();
let dir = '';
let file = '';

/** 30 suppliers, every third in "Atlantis" (rows 2, 5, …): rows with a problem to fix. */
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-layout-'));
  file = path.join(dir, 'lieferanten.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land']);
  for (let i = 1; i <= 30; i++)
    ws.addRow([
      `LAY-${i}`,
      `Lieferant ${i} Präzisionsteile und Kunststofftechnik GmbH`,
      `Industriestraße ${i}`,
      '10115',
      'Berlin',
      i % 3 === 1 ? 'Atlantis' : 'Deutschland',
    ]);
  await wb.xlsx.writeFile(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SMALL = { width: 1024, height: 768 };
const LARGER = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  await settle(page);
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll, `${where}: the page does not scroll sideways`).toBeLessThanOrEqual(inner);
}

/** Wholly inside the window, and not hidden under anything (the sticky bar of actions). */
async function inView(target: Locator, what: string): Promise<void> {
  await expect(target, `${what} is in the window`).toBeInViewport({ ratio: 1 });
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (el === hit || el.contains(hit));
  });
  expect(onTop, `${what} is not covered`).toBe(true);
}

/** The Map table: each of its columns ends inside its card (nothing cut off or scrolled away),
 *  and each field's samples (the values as sent) are inside the window. */
async function mapFits(page: Page, where: string): Promise<void> {
  await settle(page);
  const fit = await page.evaluate(() => {
    const table = document.querySelector<HTMLElement>('[data-testid="mapping"]')!;
    const card = table.parentElement!;
    const right = Math.min(card.getBoundingClientRect().right, window.innerWidth);
    return {
      cardScrolls: card.scrollWidth - card.clientWidth,
      headers: [...table.querySelectorAll('thead th')].map((th) => ({
        text: th.textContent?.trim(),
        past: th.getBoundingClientRect().right - right,
      })),
      samples: [...table.querySelectorAll('tr[data-field] .samples')]
        .filter((s) => s.querySelector('.after'))
        .map((s) => {
          const r = s.getBoundingClientRect();
          return {
            field: s.closest('tr')?.getAttribute('data-field'),
            left: r.left,
            past: r.right - right,
            width: r.width,
          };
        }),
    };
  });
  expect(fit.cardScrolls, `${where}: the table fits its card`).toBeLessThanOrEqual(1);
  for (const h of fit.headers)
    expect(h.past, `${where}: column "${h.text}" ends inside`).toBeLessThanOrEqual(1);
  expect(fit.samples.length, `${where}: samples are shown`).toBeGreaterThan(4);
  for (const s of fit.samples) {
    expect(s.past, `${where}: the samples of ${s.field} end inside`).toBeLessThanOrEqual(1);
    expect(s.left, `${where}: the samples of ${s.field} start inside`).toBeGreaterThanOrEqual(0);
    expect(s.width, `${where}: the samples of ${s.field} have room`).toBeGreaterThan(60);
  }
}

for (const lang of ['en', 'de'] as const) {
  test(`the screens at 1024×768 (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    const t = (key: MessageKey, params?: Record<string, string | number>) =>
      text(lang, key, params);
    await page.setViewportSize(SMALL);
    await openApp(page, host());
    await useLanguage(page, lang);
    await noSidewaysScroll(page, 'Jobs');

    // The side navigation keeps its words, each on the screen in full.
    const nav = page.getByRole('navigation', { name: t('nav.label') });
    for (const key of ['nav.jobs', 'nav.newImport', 'nav.connection'] as const) {
      const label = nav.getByRole('button', { name: t(key) }).locator('.navlabel');
      await expect(label).toHaveText(t(key));
      await expect(label).toBeInViewport({ ratio: 1 });
      const box = (await label.boundingBox())!;
      expect(box.width, `${t(key)} is readable`).toBeGreaterThan(25);
      expect(box.height).toBeGreaterThan(10);
      const clipped = await label.evaluate(
        (el) => getComputedStyle(el).clip !== 'auto' || el.scrollWidth > el.clientWidth + 1,
      );
      expect(clipped, `${t(key)} is not cut off`).toBe(false);
    }

    // Import: a file chosen brings its preview into view, its heading focused, Next reachable.
    await nav.getByRole('button', { name: t('nav.newImport') }).click();
    await expect(page.getByRole('heading', { name: t('import.title') })).toBeVisible();
    await page.getByTestId('file-input').setInputFiles(file);
    await expect(page.getByTestId('preview')).toBeVisible({ timeout: 30_000 });
    const previewHeading = page.getByTestId('preview').getByRole('heading', {
      name: 'lieferanten.xlsx',
    });
    await expect(previewHeading).toBeFocused();
    await inView(previewHeading, 'the preview heading');
    const toMap = page
      .locator('main')
      .getByRole('button', { name: `${t('common.next')}: ${t('step.map')}` });
    await inView(toMap, 'Next');
    await noSidewaysScroll(page, 'Import');
    await shot(page, `layout-${lang}-import-1024`);

    // Map: every column inside the window, the values as sent included.
    await toMap.click();
    await expect(page.getByRole('heading', { name: t('map.title') })).toBeVisible();
    await expect(page.getByTestId('mapping-summary')).toBeVisible();
    await expect(page.locator('tr[data-field="name"] .samples .after').first()).toBeVisible();
    await noSidewaysScroll(page, 'Map');
    await mapFits(page, 'Map at 1024');
    await inView(page.locator('main').getByRole('button', { name: t('map.next') }), 'Map: Next');
    await shot(page, `layout-${lang}-map-1024`);
    for (const size of LARGER) {
      await page.setViewportSize(size);
      await noSidewaysScroll(page, `Map at ${size.width}`);
      await mapFits(page, `Map at ${size.width}`);
    }
    await page.setViewportSize(SMALL);

    // Review: the row panel opens in view, from a row's Fix button and from its number.
    await page.getByTestId('job-name').fill(`Layout ${lang}`);
    await page
      .locator('main')
      .getByRole('button', { name: t('map.next') })
      .click();
    await expect(page.getByRole('heading', { name: t('review.title') })).toBeVisible({
      timeout: 60_000,
    });
    await noSidewaysScroll(page, 'Review');
    const grid = page.getByTestId('rows');
    const row = (n: number) => grid.locator(`[data-testid="row"][data-source-row="${n}"]`);
    await expect(row(2)).toBeVisible();
    await inView(
      page.locator('main').getByRole('button', { name: t('review.next') }),
      'Review: Next',
    );
    const detail = page.getByTestId('row-detail');
    await row(2)
      .getByRole('button', { name: t('rows.fix') })
      .click();
    await expect(detail).toBeVisible();
    await expect(
      detail.getByRole('heading', { name: t('detail.title', { row: 2 }) }),
    ).toBeFocused();
    await inView(detail.getByRole('heading', { name: t('detail.title', { row: 2 }) }), 'panel');
    await expect(detail).toBeInViewport({ ratio: 1 });
    await noSidewaysScroll(page, 'Review with the row panel');
    await shot(page, `layout-${lang}-review-1024`);
    await detail.getByRole('button', { name: t('common.close'), exact: true }).click();
    await expect(detail).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await row(3)
      .getByRole('button', { name: t('rows.openRow', { row: 3 }) })
      .click();
    await expect(
      detail.getByRole('heading', { name: t('detail.title', { row: 3 }) }),
    ).toBeFocused();
    await expect(detail).toBeInViewport({ ratio: 1 });

    // Larger windows: beside the grid where both fit, else below it; in view either way.
    for (const size of LARGER) {
      await page.setViewportSize(size);
      await detail.getByRole('button', { name: t('common.close'), exact: true }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await row(5)
        .getByRole('button', { name: t('rows.fix') })
        .click();
      await expect(
        detail.getByRole('heading', { name: t('detail.title', { row: 5 }) }),
      ).toBeFocused();
      await expect(detail, `the panel at ${size.width}`).toBeInViewport({ ratio: 1 });
      await noSidewaysScroll(page, `Review at ${size.width}`);
      if (size.width >= 1500) {
        const g = (await grid.boundingBox())!;
        const d = (await detail.boundingBox())!;
        expect(d.x, 'beside the grid').toBeGreaterThanOrEqual(g.x + g.width - 1);
      }
    }
    expect(errors).toEqual([]);
  });
}
