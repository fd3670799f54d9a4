// Every count on the screen agrees with the journal: after a cell fix, a fix of many rows, its
// undo, a reload, a run step and a reload during the results, the Review screen's tiles, its
// "What needs fixing" list and the grid's filter labels, and the Run screen's progress, chart
// caption, what the rows came to and the rows still on their way are compared with what the
// journal's own tables hold (read here with SQLite, a second reader of the same file, each row's
// outcome worked out there from its own columns), and any disagreement fails. One fix turns a row's
// problem into another ("Country not known" into a postal code problem) without changing how many
// rows need fixing: the list of what needs fixing must follow it.
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PROBLEM_STATES } from '../../src-shared/rowStates';
import { differences, journalFigures, onTheirWay, type JournalFigures } from './journalFigures';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  startUpload,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir: string;
let file: string;
const JOB = 'Counts agree';

/** 20 suppliers: rows 2, 7, 12 and 17 in "Atlantis"; row 9 without a city; row 14 in "Atlantis"
 *  with a postal code no German one can be, which only shows once its country is known. */
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-counts-agree-'));
  file = path.join(dir, 'counts.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Name', 'Street', 'Postal code', 'City', 'Country']);
  for (let i = 1; i <= 20; i++)
    ws.addRow([
      `CA-${i}`,
      `Counts Agree ${i} GmbH`,
      `Weg ${i}`,
      i === 13 ? 'ABCDEFG' : '10115',
      i === 8 ? '' : 'Berlin',
      i % 5 === 1 || i === 13 ? 'Atlantis' : 'DE',
    ]);
  await wb.xlsx.writeFile(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type JournalCounts = JournalFigures;

/** The job's counts as the journal's rows hold them, read from the file by a reader of its own;
 *  a finished row whose screening or validation ended in a way that needs the user (findings, a
 *  stopped screening, a rejected validation) is one to fix there, on every screen. */
function journal(jobName: string): JournalCounts {
  return journalFigures(host().dataDir, jobName);
}

const figure = (text: string | null | undefined): number =>
  Number(/\((\d[\d,]*)\)\s*$/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
const whole = (text: string | null | undefined): number =>
  Number((text ?? '').replace(/[^\d]/g, ''));

/** What the Review screen says, read in one frame. */
async function reviewShows(page: Page) {
  return page.evaluate(() => {
    const q = (sel: string) => document.querySelector(sel)?.textContent ?? '';
    const options = (sel: string) =>
      [...document.querySelectorAll<HTMLOptionElement>(`${sel} option`)].map((o) => ({
        value: o.value,
        text: o.textContent ?? '',
      }));
    return {
      valid: q('[data-testid="count-valid"] .n'),
      invalid: q('[data-testid="count-invalid"] .n'),
      kinds: [...document.querySelectorAll('[data-testid="problem-kinds"] [data-kind]')].map(
        (b) => ({
          kind: b.getAttribute('data-kind') ?? '',
          n: b.querySelector('.n')?.textContent ?? '',
        }),
      ),
      show: options('[data-testid="row-filter"]'),
      outcome: options('[data-testid="row-outcome"]'),
    };
  });
}

/** Fails on any count of the Review screen the journal does not hold. */
async function reviewAgrees(page: Page, step: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const j = journal(JOB);
        const s = await reviewShows(page);
        const wrong: string[] = [];
        const same = (what: string, shown: number, held: number) => {
          if (shown !== held) wrong.push(`${what}: screen ${shown}, journal ${held}`);
        };
        const invalid = j.states.invalid ?? 0;
        same('tile with problems', whole(s.invalid), invalid);
        same('tile ready', whole(s.valid), j.total - invalid - (j.states.draft ?? 0));
        const shownKinds = Object.fromEntries(s.kinds.map((k) => [k.kind, whole(k.n)]));
        for (const k of new Set([...Object.keys(shownKinds), ...Object.keys(j.kinds)]))
          same(`needs fixing ${k}`, shownKinds[k] ?? 0, j.kinds[k] ?? 0);
        for (const o of s.show) {
          if (o.value === 'all') same('filter all rows', figure(o.text), j.total);
          else if (o.value === 'problems')
            same(
              'filter rows that need you',
              figure(o.text),
              PROBLEM_STATES.reduce((a, st) => a + (j.states[st] ?? 0), 0),
            );
          else if (o.value.startsWith('problem:'))
            same(`filter ${o.value}`, figure(o.text), j.kinds[o.value] ?? 0);
        }
        const kindFilters = s.show.filter((o) => o.value.startsWith('problem:')).length;
        same('filters by problem', kindFilters, Object.keys(j.kinds).length);
        for (const o of s.outcome) {
          if (o.value.startsWith('group:'))
            same(
              `filter ${o.value}`,
              figure(o.text),
              j.groups[o.value.slice(6) as keyof JournalCounts['groups']] ?? 0,
            );
          else if (o.value.startsWith('state:'))
            same(`filter ${o.value}`, figure(o.text), j.states[o.value.slice(6)] ?? 0);
        }
        const stateFilters = s.outcome.filter((o) => o.value.startsWith('state:')).length;
        same('filters by state', stateFilters, Object.keys(j.states).length);
        return wrong;
      },
      { message: `the Review screen agrees with the journal after ${step}`, timeout: 10_000 },
    )
    .toEqual([]);
}

/** Fails on any count of the Run screen the journal does not hold. */
async function runAgrees(page: Page, step: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const j = journal(JOB);
        const wrong: string[] = [];
        const shown = await page.evaluate(() => ({
          progress: document.querySelector('[data-testid="run-progress"]')?.textContent ?? '',
          chart: document.querySelector('[data-testid="run-chart-text"]')?.textContent ?? '',
          states: [...document.querySelectorAll('[data-testid="state-counts"] li')].map((li) => ({
            key: li.getAttribute('data-state') ?? '',
            text: li.textContent ?? '',
          })),
          outcomes: [...document.querySelectorAll('[data-testid="outcome-counts"] li')].map(
            (li) => ({ key: li.getAttribute('data-outcome') ?? '', text: li.textContent ?? '' }),
          ),
        }));
        const bar = /(\d+) of (\d+)/.exec(shown.progress);
        if (!bar) wrong.push(`progress unreadable: ${shown.progress}`);
        else {
          if (Number(bar[1]) !== j.groups.finished)
            wrong.push(`progress finished: screen ${bar[1]}, journal ${j.groups.finished}`);
          if (Number(bar[2]) !== j.total)
            wrong.push(`progress total: screen ${bar[2]}, journal ${j.total}`);
        }
        const chart = /(\d+) of (\d+) rows/.exec(shown.chart);
        if (chart && Number(chart[1]) !== j.groups.finished)
          wrong.push(`chart finished: screen ${chart[1]}, journal ${j.groups.finished}`);
        const read = (items: Array<{ key: string; text: string }>) =>
          Object.fromEntries(items.map((s) => [s.key, whole(/(\d[\d,]*)\s*$/.exec(s.text)?.[1])]));
        // The rows still on their way by step; every row by what it came to.
        wrong.push(...differences('state', read(shown.states), onTheirWay(j.states)));
        wrong.push(...differences('outcome', read(shown.outcomes), j.outcomes));
        return wrong;
      },
      { message: `the Run screen agrees with the journal after ${step}`, timeout: 10_000 },
    )
    .toEqual([]);
}

const grid = (page: Page) => page.getByTestId('rows');
const cell = (page: Page, sourceRow: number, key: string) =>
  grid(page).locator(`[data-testid="row"][data-source-row="${sourceRow}"] [data-col="${key}"]`);

test('every count on Review and Run agrees with the journal after each step', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, JOB);
  await reviewAgrees(page, 'the import');
  const kinds = page.getByTestId('problem-kinds');
  await expect(kinds.locator('[data-kind="problem:country_unknown|countryCode"] .n')).toHaveText(
    '5',
  );

  // A cell fix that turns row 14's unknown country into a postal code problem: as many rows need
  // fixing as before, and the list of what needs fixing follows.
  const editor = grid(page).getByTestId('cell-editor');
  await cell(page, 14, 'c5').dblclick();
  await editor.fill('DE');
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(kinds.locator('[data-kind="problem:country_unknown|countryCode"] .n')).toHaveText(
    '4',
  );
  await expect(kinds.locator('[data-kind^="problem:"][data-kind$="|postalCode"]')).toHaveCount(1);
  await reviewAgrees(page, 'a cell fix');

  // A fix of many rows: row 2's country, then the same for the other rows with it.
  await cell(page, 2, 'c5').dblclick();
  await editor.fill('ES');
  await page.keyboard.press('Enter');
  await reviewAgrees(page, 'a second cell fix');
  const offer = page.getByTestId('same-offer');
  await expect(offer).toContainText('3 more rows');
  await offer.getByRole('button').first().click();
  await expect(page.getByTestId('grid-note')).toContainText('3 rows fixed');
  await reviewAgrees(page, 'a fix of many rows');
  await expect(kinds.locator('[data-kind="problem:country_unknown|countryCode"]')).toHaveCount(0);

  await page.getByTestId('undo').click();
  await expect(page.getByTestId('grid-note')).toContainText('Undone');
  await reviewAgrees(page, 'an undo');
  await expect(kinds.locator('[data-kind="problem:country_unknown|countryCode"] .n')).toHaveText(
    '3',
  );

  await page.reload();
  await expect(page.getByTestId('review-counts')).toBeVisible({ timeout: 20_000 });
  await reviewAgrees(page, 'a reload');

  // A run step: the check, then the upload of the valid rows to its end, and a reload.
  await checkIdentifiers(page);
  await runAgrees(page, 'the identifier check');
  await startUpload(page);
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });
  await runAgrees(page, 'the run');
  await page.reload();
  await expect(page.getByTestId('run-progress')).toBeVisible({ timeout: 20_000 });
  await runAgrees(page, 'a reload after the run');
  expect(errors).toEqual([]);
});
