// The German interface speaks German everywhere: the screens the other browser tests visit,
// walked in German (jobs, a connection whose test fails, an import with notes and row problems,
// the map, the grid with a row's panel, the summary before the start, the run and its log, the
// results with a row's history, About, and an error), with no English sentence on any of them.
// English is found two ways: the catalogue's English sentences (placeholders as wildcards, those
// the same in both languages left out) and English function words. The user's data (the file's
// cells, the names given here) is left out of what is read, and so are identifiers shown as code.
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../src-shared/i18n';
import {
  SAMPLE,
  addConnection,
  hostAndSandboxPerFile,
  jobEnded,
  openApp,
  shot,
  watchErrors,
} from './support';

const servers = hostAndSandboxPerFile(['right-token']);

/** Where the user's own data stands: the file's cells and values, what the user typed. */
const USER_DATA = [
  'input',
  'textarea',
  'select',
  '[data-testid="preview"] td',
  '[data-testid="preview"] th > :not(.badge)',
  '[data-col^="c"]',
  '[data-col^="f:"]',
  '.values dd',
  '.samples',
  '[data-testid="app-info"] dd',
  // The API's own field names (city, address), the same in every language.
  'code',
  'script',
  'style',
].join(', ');

/** English words German never uses ("was" is German too, so it is left out). */
const FUNCTION_WORDS = / (the|and|is|to|of|not) |(^|[.:!?] )(The|And|Is|To|Of|Not) /;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogue's English sentences that differ in German: long ones anywhere in a text,
 *  short ones (one or two words, no placeholder) as a whole text. */
const ENGLISH = Object.entries(messages.en).flatMap(([key, en]) => {
  const de = messages.de[key as keyof typeof messages.de];
  if (en === de) return [];
  const words = en
    .replace(/\{\w+\}/g, ' ')
    .split(/\s+/)
    .filter((w) => /[a-z]{2,}/i.test(w));
  // A short entry with placeholders ("{file} on {connection}") would match any text.
  if (words.length === 0 || (words.length < 3 && /\{\w+\}/.test(en))) return [];
  const body = en
    .split(/\{\w+\}/)
    .map(escape)
    .join('.*?');
  return [{ key, re: new RegExp(words.length >= 3 ? body : `^${body}$`) }];
});

/** Every visible piece of text on the page, outside the user's data. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate((skip) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.replace(/\s+/g, ' ').trim();
      if (!el || !text || el.closest(skip)) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    return out;
  }, USER_DATA);
}

interface Finding {
  screen: string;
  text: string;
  why: string;
}
const findings: Finding[] = [];

/** Reads the screen and notes each English text on it. */
async function noEnglish(page: Page, screen: string): Promise<void> {
  const texts = await visibleTexts(page);
  for (const { key, re } of ENGLISH) {
    const hit = texts.find((t) => re.test(t));
    if (hit) findings.push({ screen, text: hit, why: `catalogue ${key}` });
  }
  for (const text of texts)
    if (FUNCTION_WORDS.test(` ${text} `)) findings.push({ screen, text, why: 'English words' });
  expect(texts.length, `${screen}: some text is read`).toBeGreaterThan(0);
}

test('the German interface shows no English on any screen', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  const { host, api } = servers();
  await openApp(page, host);
  await page.getByTestId('language').selectOption('de');
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name, exact: true });
  await expect(page.getByRole('heading', { name: 'Aufträge', level: 2 })).toBeVisible();
  await noEnglish(page, 'jobs (empty)');

  // A connection whose token the API refuses: its test fails, and says why.
  await page.getByRole('navigation').first().getByRole('button', { name: 'Verbindung' }).click();
  await addConnection(
    page,
    { name: 'Firmenschnittstelle', url: api.url, token: 'falsches-token' },
    {
      name: 'Name',
      url: 'Adresse der API (Basis-URL)',
      token: 'Zugangstoken',
      save: 'Speichern und testen',
    },
  );
  const bad = page.getByTestId('connection').filter({ hasText: 'Firmenschnittstelle' });
  await expect(bad.getByTestId('connection-test').locator('[data-check="token"]')).toHaveAttribute(
    'data-status',
    'failed',
  );
  await expect(page.getByTestId('connection-not-used')).toBeVisible();
  await page.locator('[data-testid="connection"][data-sandbox="true"]').getByRole('button').click();
  await expect(
    page.locator('[data-testid="connection"][data-sandbox="true"] [data-testid="connection-test"]'),
  ).toBeVisible();
  await noEnglish(page, 'connection (a failed test)');
  await shot(page, 'de-connection-failed');

  // An import with notes (the title above the table, the note below it) and row problems.
  await page.getByRole('navigation').first().getByRole('button', { name: 'Neuer Import' }).click();
  await expect(page.getByRole('heading', { name: 'Lieferantenliste importieren' })).toBeVisible();
  await page.getByTestId('file-input').setInputFiles(SAMPLE);
  await expect(page.getByTestId('preview')).toBeVisible({ timeout: 30_000 });
  await noEnglish(page, 'import');

  await page.getByRole('button', { name: 'Weiter: Zuordnen' }).click();
  await expect(page.getByRole('heading', { name: 'Spalten zuordnen' })).toBeVisible();
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await noEnglish(page, 'map');
  await page.getByTestId('job-name').fill('Probelauf');
  await page.getByRole('button', { name: 'Weiter: alle Zeilen importieren' }).click();

  // The grid with its row problems, and a row's panel.
  await expect(page.getByRole('heading', { name: 'Zeilen prüfen' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByTestId('row-filter').selectOption('problems');
  const problemRow = page.locator('[data-testid="row"][data-state="invalid"]').first();
  await expect(problemRow).toBeVisible();
  await noEnglish(page, 'review (grid)');
  await problemRow.getByRole('button', { name: /^Zeile \d+ öffnen/ }).click();
  await expect(page.getByTestId('row-problems')).toBeVisible();
  await noEnglish(page, 'review (row panel)');
  await page.getByTestId('row-detail').getByRole('button', { name: 'Schließen' }).click();

  // The check, the summary before the start, the run and its log.
  await page.getByRole('button', { name: 'Weiter: Kennungen abgleichen' }).click();
  await expect(page.getByTestId('check-status')).toContainText('Abgleich fertig', {
    timeout: 60_000,
  });
  await noEnglish(page, 'check');
  await page.getByRole('button', { name: 'Senden starten' }).click();
  await expect(page.getByTestId('start-summary')).toBeVisible();
  await noEnglish(page, 'start summary');
  await page.getByRole('button', { name: 'Bestätigen und starten' }).click();
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('log')).toContainText('Auftrag ist jetzt:');
  await noEnglish(page, 'run (ended) and its log');
  await shot(page, 'de-run-ended');

  // The results, and a sent row's history.
  await page.getByRole('button', { name: 'Ergebnisse ansehen' }).click();
  await expect(page.getByRole('heading', { name: /^Ergebnisse/ })).toBeVisible();
  await noEnglish(page, 'results');
  const doneRow = page.locator('[data-testid="row"][data-state="done"]').first();
  await doneRow.getByRole('button', { name: /^Zeile \d+ öffnen/ }).click();
  await expect(page.getByTestId('row-history').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('row-supplier-origin')).toHaveText('Von diesem Auftrag angelegt');
  await noEnglish(page, 'results (row panel and history)');
  await shot(page, 'de-results-row');
  await page.getByTestId('row-detail').getByRole('button', { name: 'Schließen' }).click();

  // About.
  await page.getByRole('button', { name: 'Über', exact: true }).click();
  const about = page.getByRole('dialog', { name: 'Über diese Installation' });
  await expect(about).toBeVisible();
  await noEnglish(page, 'about');
  await about.getByRole('button', { name: 'Schließen' }).click();

  // An error: the job sent its rows on the practice connection, so it cannot move to another.
  await nav('Aufträge').click();
  const card = page.getByTestId('job').filter({ hasText: 'Probelauf' });
  await card.getByTestId('move-to').selectOption({ label: 'Firmenschnittstelle' });
  await card.getByRole('button', { name: 'Verschieben', exact: true }).click();
  await expect(page.getByTestId('jobs-problem')).toBeVisible();
  await noEnglish(page, 'jobs (a refused move)');
  await shot(page, 'de-jobs-error');

  const report = findings.map((f) => `${f.screen}: "${f.text}" (${f.why})`).join('\n');
  if (report) console.log(`English in the German interface:\n${report}`);
  expect(findings, report).toEqual([]);
  expect(errors).toEqual([]);
});
