// What screenings and validations came to agrees with the journal on every screen, in English
// and in German: a job of 24 suppliers and 2 invalid rows runs on the practice sandbox with a
// screening of 2 years and a validation (its odds give findings, stopped screenings and rejected
// validations), and every number of the Run screen, the Results screen (tiles, outcomes, notices,
// filters) and the job's card is compared with the journal, read by a SQLite reader of its own
// that works out each row's outcome from its own columns. A screening that found something is
// its own outcome: its row is never shown as done, and says to review the findings even where
// the validation was confirmed. The results workbook is checked in tests of their own, so that
// the screens' checks stand alone: a row with findings is not worded as a clean one, nor as a
// stopped screening, and the German Summary sheet shows no raw codes.
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { word, type Lang, type MessageKey } from '../../src-shared/i18n';
import {
  differences,
  journalFigures,
  journalGroupRows,
  onTheirWay,
  type JournalFigures,
} from './journalFigures';
import {
  hostPerFile,
  importFile,
  jobEnded,
  openApp,
  text,
  typePaidCount,
  useLanguage,
  watchErrors,
} from './support';

const host = hostPerFile();
// Tall enough for every row of the job in the grid at once (it draws only the rows in view).
test.use({ viewport: { width: 1600, height: 2200 } });

const SUPPLIERS = 24;
const INVALID = 2;
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-outcomes-agree-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LANGS = [
  ['en', 'English'],
  ['de', 'German'],
] as const;
const jobName = (lang: Lang) => (lang === 'en' ? 'Outcomes agree' : 'Ergebnisse stimmen');

/** 24 suppliers, then one in "Atlantis" and one without a city. Each language's list in a city
 *  and on streets of its own, so that no row is a likely duplicate of another list's. */
async function writeList(file: string, lang: Lang): Promise<void> {
  const prefix = `OA${lang.toUpperCase()}`;
  const [postalCode, city] = lang === 'de' ? ['80331', 'München'] : ['10115', 'Berlin'];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Name', 'Street', 'Postal code', 'City', 'Country']);
  for (let i = 1; i <= SUPPLIERS + INVALID; i++)
    ws.addRow([
      `${prefix}-${i}`,
      `${prefix} Supplier ${i} GmbH`,
      `${prefix}-Weg ${i}`,
      postalCode,
      i === SUPPLIERS + 2 ? '' : city,
      i === SUPPLIERS + 1 ? 'Atlantis' : 'DE',
    ]);
  await wb.xlsx.writeFile(file);
}

/** Import, map (in `lang`), screening of 2 years and validation, the check, the start confirmed
 *  by the number of paid orders, and the run to its end; ends on the Run screen. */
async function walkJob(page: Page, lang: Lang): Promise<void> {
  const t = (key: MessageKey, params?: Record<string, string | number>) => text(lang, key, params);
  const file = path.join(dir, `${lang}-${Date.now()}.xlsx`);
  await writeList(file, lang);
  await openApp(page, host());
  // The import helper reads the English screen; the job is made in `lang` (its workbook's words).
  await importFile(page, file);
  await useLanguage(page, lang);
  await page.getByRole('button', { name: `${t('common.next')}: ${t('step.map')}` }).click();
  await expect(page.getByRole('heading', { name: t('map.title') })).toBeVisible();
  await page.getByTestId('job-name').fill(jobName(lang));
  await page.getByRole('button', { name: t('map.next') }).click();
  await expect(page.getByRole('heading', { name: t('review.title') })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel(t('review.years', { n: 2 })).check();
  await page.getByLabel(t('review.validate')).check();
  await page.getByRole('button', { name: t('review.next') }).click();
  await expect(page.getByTestId('check-status')).toContainText(t('run.checkDone'), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: t('run.start') }).click();
  const summary = page.getByTestId('start-summary');
  // A screening and a validation of each valid supplier: the paid orders typed to confirm them.
  expect(await typePaidCount(summary)).toBe(2 * SUPPLIERS);
  await summary.getByRole('button', { name: t('plan.confirm') }).click();
  await expect(summary).toHaveCount(0);
  await expect(jobEnded(page)).toBeVisible({ timeout: 300_000 });
}

/** The number at the end of a text ("Done 12", "Need you: 3", "All rows (26)"). */
const last = (s: string | null | undefined): number =>
  Number(/(\d[\d.,]*)\D*$/.exec(s ?? '')?.[1]?.replace(/[.,]/g, '') ?? NaN);

type Items = Array<{ key: string; text: string }>;
const byKey = (items: Items) => Object.fromEntries(items.map((i) => [i.key, last(i.text)]));

/** Polls `check` (a list of disagreements) until it is empty: the screen may still be reading
 *  the job's last figures when it first shows. */
async function agrees(
  what: string,
  check: (j: JournalFigures) => Promise<string[]>,
  lang: Lang,
): Promise<void> {
  await expect
    .poll(async () => check(journalFigures(host().dataDir, jobName(lang))), {
      message: `${what} agrees with the journal`,
      timeout: 15_000,
    })
    .toEqual([]);
}

/** The journal's finished rows with findings: source row and validation status. */
function findingsRows(lang: Lang): Array<{ sourceRow: number; validation: string | null }> {
  const db = new Database(path.join(host().dataDir, 'journal.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db
      .prepare(
        `SELECT r.source_row AS sourceRow, r.validation_status AS validation
           FROM rows r JOIN jobs j ON j.id = r.job_id
          WHERE j.name = ? AND r.state = 'done' AND r.screening_status = 'Finished'
          ORDER BY 1`,
      )
      .all(jobName(lang)) as Array<{ sourceRow: number; validation: string | null }>;
  } finally {
    db.close();
  }
}

/** Results workbooks exported by the screen tests, by language (read again by the workbook
 *  tests when they run in the same worker). */
const exported: Partial<Record<Lang, string>> = {};

async function exportWorkbook(page: Page, lang: Lang): Promise<string> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: text(lang, 'export.xlsx') }).click();
  const file = path.join(dir, `${lang}-results.xlsx`);
  await (await downloaded).saveAs(file);
  exported[lang] = file;
  return file;
}

for (const [lang, language] of LANGS) {
  test(`every number of Run, Results and the job list agrees with the journal, findings apart (${language})`, async ({
    page,
  }) => {
    test.setTimeout(480_000);
    const errors = watchErrors(page);
    const t = (key: MessageKey, params?: Record<string, string | number>) =>
      text(lang, key, params);
    await walkJob(page, lang);

    // The Run screen: its progress, what the rows came to, the rows still on their way.
    await agrees(
      'the Run screen',
      async (j) => {
        const shown = await page.evaluate(() => {
          const items = (sel: string, attr: string) =>
            [...document.querySelectorAll(`[data-testid="${sel}"] li`)].map((li) => ({
              key: li.getAttribute(attr) ?? '',
              text: li.textContent ?? '',
            }));
          return {
            progress: document.querySelector('[data-testid="run-progress"]')?.textContent ?? '',
            stuck: document.querySelector('[data-testid="stuck"]')?.textContent ?? null,
            outcomes: items('outcome-counts', 'data-outcome'),
            states: items('state-counts', 'data-state'),
          };
        });
        const progress = t('jobs.progress', { done: j.groups.finished, total: j.total });
        return [
          ...(shown.progress.trim() === progress
            ? []
            : [`progress: screen "${shown.progress}", journal "${progress}"`]),
          ...differences('outcome', byKey(shown.outcomes), j.outcomes),
          ...differences('state', byKey(shown.states), onTheirWay(j.states)),
          // A run that can go no further without the user says how many rows need them.
          ...(shown.stuck === null || shown.stuck.includes(t('run.stuck', { n: j.groups.to_fix }))
            ? []
            : [`stuck notice: screen "${shown.stuck.trim()}", journal ${j.groups.to_fix}`]),
        ];
      },
      lang,
    );
    // The invalid rows at least need the user: the run says so (and its number was compared).
    await expect(page.getByTestId('stuck')).toBeVisible();
    const j = journalFigures(host().dataDir, jobName(lang));
    // Every kind of ending the sandbox's odds give, so that each is compared.
    expect(j.total).toBe(SUPPLIERS + INVALID);
    expect(j.states.invalid).toBe(INVALID);
    expect(j.screening.Finished ?? 0).toBeGreaterThan(0);
    expect(j.validation.REJECTED ?? 0).toBeGreaterThan(0);
    expect(j.outcomes.findings ?? 0).toBeGreaterThan(0);
    expect(j.outcomes.platform ?? 0).toBeGreaterThan(0);

    // The Results screen: the tiles, what the rows came to, the notices, the filters.
    await page.getByRole('button', { name: t('run.results') }).click();
    await expect(
      page.getByRole('heading', { name: t('results.title', { name: jobName(lang) }) }),
    ).toBeVisible();
    await agrees(
      'the Results screen',
      async (j) => {
        const shown = await page.evaluate(() => {
          const q = (sel: string) => document.querySelector(sel)?.textContent ?? '';
          const options = (sel: string) =>
            [...document.querySelectorAll<HTMLOptionElement>(`${sel} option`)].map((o) => ({
              key: o.value,
              text: o.textContent ?? '',
            }));
          return {
            groups: [
              ...document.querySelectorAll('[data-testid="results-counts"] [data-group]'),
            ].map((g) => ({
              key: g.getAttribute('data-group') ?? '',
              text: g.querySelector('.n')?.textContent ?? '',
            })),
            outcomes: [...document.querySelectorAll('[data-testid="outcome-counts"] li')].map(
              (li) => ({ key: li.getAttribute('data-outcome') ?? '', text: li.textContent ?? '' }),
            ),
            findings: q('[data-testid="findings-need-you"]'),
            rejected: q('[data-testid="outcomes-need-you"]'),
            show: options('[data-testid="row-filter"]'),
            outcome: options('[data-testid="row-outcome"]'),
          };
        });
        const wrong = [
          ...differences('tile', byKey(shown.groups), j.groups),
          ...differences('outcome', byKey(shown.outcomes), j.outcomes),
        ];
        const notice = (what: string, said: string, key: MessageKey, n: number) => {
          const expected = n > 0 ? t(key, { n }) : '';
          if (!said.includes(expected) || (n === 0 && said !== ''))
            wrong.push(`${what}: screen "${said.trim()}", journal ${n}`);
        };
        notice(
          'findings notice',
          shown.findings,
          'results.findingsNeedYou',
          j.screening.Finished ?? 0,
        );
        notice(
          'rejected notice',
          shown.rejected,
          'results.outcomesNeedYou',
          j.validation.REJECTED ?? 0,
        );
        const show = Object.fromEntries(shown.show.map((o) => [o.key, o.text]));
        if (show.all !== t('rows.all', { n: j.total }))
          wrong.push(`Show all: screen "${show.all}", journal ${j.total}`);
        if (show.problems !== t('rows.problemsOnly', { n: j.groups.to_fix }))
          wrong.push(
            `Show rows that need you: screen "${show.problems}", journal ${j.groups.to_fix}`,
          );
        const filters = (prefix: string) =>
          byKey(
            shown.outcome
              .filter((o) => o.key.startsWith(prefix))
              .map((o) => ({ key: o.key.slice(prefix.length), text: o.text })),
          );
        wrong.push(...differences('filter group', filters('group:'), j.groups));
        wrong.push(...differences('filter state', filters('state:'), j.states));
        wrong.push(...differences('filter screening', filters('outcome:screening|'), j.screening));
        wrong.push(
          ...differences('filter validation', filters('outcome:validation|'), j.validation),
        );
        return wrong;
      },
      lang,
    );
    // The findings' filter option is worded as an outcome to review, in the language.
    await expect(
      page.getByTestId('row-outcome').locator('option[value="outcome:screening|Finished"]'),
    ).toHaveText(
      t('rows.outcomeOption', {
        stage: t('rows.screening'),
        outcome: t('outcome.screening.Finished'),
        n: j.screening.Finished!,
      }),
    );

    // The workbook now, before the grid is filtered: its checks are tests of their own. The
    // export's note counts its rows and those that need the user.
    await exportWorkbook(page, lang);
    const exportNote = page.getByTestId('export-result');
    await expect(exportNote).toContainText(t('export.done', { rows: j.total }));
    await expect(exportNote).toContainText(t('export.attention', { n: j.groups.to_fix }));

    // The rows with findings, as "Show them" lists them: amber, never done, and each says to
    // review the findings, also where the platform confirmed the supplier.
    const findings = findingsRows(lang);
    await page
      .getByTestId('findings-need-you')
      .getByRole('button', { name: t('results.showFindings') })
      .click();
    await expect(page.getByTestId('row-outcome')).toHaveValue('outcome:screening|Finished');
    const grid = page.getByTestId('rows');
    await expect(grid).toHaveAttribute('data-count', String(findings.length));
    await expect(grid.getByTestId('row')).toHaveCount(findings.length);
    const shownRows = await grid.getByTestId('row').evaluateAll((rows) =>
      rows.map((r) => {
        const badge = r.querySelector('[data-col="status"] .badge');
        return {
          sourceRow: Number(r.getAttribute('data-source-row')),
          badge: badge?.getAttribute('data-state') ?? '',
          tone: [...(badge?.classList ?? [])].find((c) => c.startsWith('tone-')) ?? '',
          validation:
            r
              .querySelector('[data-col="validation"] [data-outcome]')
              ?.getAttribute('data-outcome') ?? null,
          reason: r.querySelector('[data-col="problem"]')?.textContent ?? '',
        };
      }),
    );
    expect(shownRows.map((r) => r.sourceRow).sort((a, b) => a - b)).toEqual(
      findings.map((f) => f.sourceRow),
    );
    for (const r of shownRows) {
      const held = findings.find((f) => f.sourceRow === r.sourceRow)!;
      expect(r.validation, `row ${r.sourceRow}'s validation`).toBe(held.validation);
      // Findings first, in amber, also where the validation was rejected (the reason says both).
      expect(r.badge, `row ${r.sourceRow}'s badge`).toBe('screening_findings');
      expect(r.tone, `row ${r.sourceRow}'s colour`).toBe('tone-review');
      expect(r.reason, `row ${r.sourceRow}'s reason`).toContain(
        t('outcome.screening.Finished.help'),
      );
    }
    // Findings beside a confirmed validation: the confirmation hides nothing.
    const confirmed = shownRows.filter((r) => r.validation === 'COMPLETED');
    expect(confirmed.length).toBeGreaterThan(0);
    for (const r of confirmed) expect(r.badge).not.toBe('done');

    // The filters list the rows their counts name: "Rows that need you", then each group.
    const groupRows = journalGroupRows(host().dataDir, jobName(lang));
    const listed = () =>
      grid
        .getByTestId('row')
        .evaluateAll((rows) =>
          rows.map((r) => Number(r.getAttribute('data-source-row'))).sort((a, b) => a - b),
        );
    const outcomeFilter = page.getByTestId('row-outcome');
    await outcomeFilter.selectOption('all');
    await page.getByTestId('row-filter').selectOption('problems');
    await expect.poll(listed, { message: 'the rows that need you' }).toEqual(groupRows.to_fix);
    await page.getByTestId('row-filter').selectOption('all');
    for (const g of ['to_fix', 'waiting', 'in_progress', 'finished'] as const) {
      await outcomeFilter.selectOption(`group:${g}`);
      await expect.poll(listed, { message: `the rows of the group ${g}` }).toEqual(groupRows[g]);
    }

    // The job's card on the Jobs screen: its progress and its four groups.
    await page
      .getByRole('navigation', { name: t('nav.label') })
      .getByRole('button', { name: t('nav.jobs') })
      .click();
    const card = page.getByTestId('job').filter({
      has: page.getByRole('heading', { name: jobName(lang), exact: true }),
    });
    await expect(card).toHaveCount(1);
    await agrees(
      'the job card',
      async (j) => {
        const progress = (await card.locator('.progress span').textContent()) ?? '';
        const counts = await card.locator('.counts span').allTextContents();
        const expected = [
          `⚠ ${t('group.to_fix')}: ${j.groups.to_fix}`,
          `○ ${t('group.waiting')}: ${j.groups.waiting}`,
          `↻ ${t('group.in_progress')}: ${j.groups.in_progress}`,
          `✓ ${t('group.finished')}: ${j.groups.finished}`,
        ];
        const wanted = t('jobs.progress', { done: j.groups.finished, total: j.total });
        return [
          ...(progress.trim() === wanted ? [] : [`card progress: "${progress}", "${wanted}"`]),
          ...expected
            .filter((e, i) => counts[i]?.trim() !== e)
            .map((e) => `card: screen "${counts.join(' | ')}", journal "${e}"`),
        ];
      },
      lang,
    );
    expect(errors).toEqual([]);
  });
}

/** The sheet of `name` as rows of header → cell text. */
function sheetRows(wb: ExcelJS.Workbook, name: string): Array<Record<string, string>> {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet "${name}" in ${wb.worksheets.map((w) => w.name).join(', ')}`);
  const header: string[] = [];
  ws.getRow(1).eachCell((cell, i) => (header[i] = cell.text));
  const rows: Array<Record<string, string>> = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const line: Record<string, string> = {};
    header.forEach((h, i) => (line[h] = row.getCell(i).text));
    rows.push(line);
  });
  return rows;
}

/** Raw codes of the app and the API a German reader should never meet alone on the Summary
 *  sheet; an API word in brackets beside a German word is fine. */
const RAW_CODES = [
  'done',
  'screening_aborted',
  'screening_findings',
  'validation_rejected',
  'invalid',
  'NoFindings',
  'COMPLETED',
  'REJECTED',
  'Finished',
  'Aborted',
];

for (const [lang, language] of LANGS) {
  test(`the results workbook words findings apart from clean and stopped screenings (${language})`, async ({
    page,
  }) => {
    test.setTimeout(480_000);
    // The screen test's workbook when it ran in this worker; a job of its own otherwise.
    let file = exported[lang];
    if (!file) {
      await walkJob(page, lang);
      await page.getByRole('button', { name: text(lang, 'run.results') }).click();
      file = await exportWorkbook(page, lang);
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const w = (key: MessageKey) => word(lang, key);
    const results = sheetRows(wb, w('results.sheet.results'));
    expect(results).toHaveLength(SUPPLIERS + INVALID);
    const [statusCol, screeningCol, validationCol, sourceCol] = [
      word(lang, 'results.column.status'),
      word(lang, 'results.column.screening'),
      word(lang, 'results.column.validation'),
      word(lang, 'results.column.sourceRow'),
    ];
    // The journal says which rows are which: findings, stopped, clean.
    const findings = new Set(findingsRows(lang).map((f) => f.sourceRow));
    const db = new Database(path.join(host().dataDir, 'journal.sqlite'), {
      readonly: true,
      fileMustExist: true,
    });
    const held = new Map(
      (
        db
          .prepare(
            `SELECT r.source_row AS sourceRow, r.state, r.screening_status AS screening,
                    r.validation_status AS validation
               FROM rows r JOIN jobs j ON j.id = r.job_id WHERE j.name = ?`,
          )
          .all(jobName(lang)) as Array<{
          sourceRow: number;
          state: string;
          screening: string | null;
          validation: string | null;
        }>
      ).map((r) => [r.sourceRow, r]),
    );
    db.close();
    const statusOf = (pick: (r: NonNullable<ReturnType<typeof held.get>>) => boolean) =>
      new Set(
        results
          .filter((r) => {
            const h = held.get(Number(r[sourceCol]));
            return h !== undefined && pick(h);
          })
          .map((r) => r[statusCol]),
      );
    const clean = statusOf(
      (h) =>
        h.state === 'done' &&
        h.validation === 'COMPLETED' &&
        ['NoFindings', 'Skipped'].includes(h.screening ?? ''),
    );
    const withFindings = statusOf((h) => findings.has(h.sourceRow) && h.validation !== 'REJECTED');
    const stopped = statusOf(
      (h) => h.state === 'done' && h.screening === 'Aborted' && h.validation !== 'REJECTED',
    );
    expect(clean.size, 'clean rows in the workbook').toBeGreaterThan(0);
    expect(withFindings.size, 'rows with findings in the workbook').toBeGreaterThan(0);
    // Nor worded as a stopped screening: by the stopped rows of this job (when the odds gave
    // some), and by that outcome's own code and word.
    const stoppedWords = new Set([
      ...stopped,
      'screening_aborted',
      word('en', 'rowState.screening_aborted'),
      word(lang, 'rowState.screening_aborted'),
    ]);
    for (const s of withFindings) {
      expect
        .soft(clean, `a row with findings has the Status "${s}" of a clean one`)
        .not.toContain(s);
      expect
        .soft(stoppedWords, `a row with findings has the Status "${s}" of a stopped screening`)
        .not.toContain(s);
    }
    // Every row's screening and validation columns are there (the journal's statuses).
    for (const r of results) {
      const h = held.get(Number(r[sourceCol]));
      if (h?.state === 'done') {
        expect.soft(r[screeningCol], `row ${h.sourceRow}'s screening`).not.toBe('');
        expect.soft(r[validationCol], `row ${h.sourceRow}'s validation`).not.toBe('');
      }
    }

    if (lang === 'de') {
      // The German Summary sheet: words, no raw codes standing alone (a code in brackets beside
      // a German word is the API's own word, named for reference).
      const summary = wb.getWorksheet(w('results.sheet.summary'));
      expect(summary, 'the Summary sheet').toBeDefined();
      const raw: string[] = [];
      summary!.eachRow((row) => {
        for (const cell of (row.values as unknown[]).slice(1)) {
          const said = String(cell ?? '').replace(/\([^()]*\)/g, '');
          for (const code of RAW_CODES)
            if (new RegExp(`(^|[^\\w])${code}($|[^\\w])`).test(said))
              raw.push(`"${String(cell)}" (${code})`);
        }
      });
      expect.soft(raw, 'raw codes on the German Summary sheet').toEqual([]);
    }
  });
}
