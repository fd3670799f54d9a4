// Likely duplicates in the app (issue 30), against the host's practice sandbox over real HTTP: a
// list with two groups of one site spelt several ways and three rows that are sample suppliers
// of the platform under another spelling (test/lists.ts writeDuplicatesList). The Review tile
// counts the groups within the list; the groups are shown side by side with their reasons (in
// English and German) and decided by keyboard and by buttons; after the identifier check the
// rows like a platform supplier show that supplier's name beside theirs and are decided (one
// attached, one left out, one created anyway); the summary before the start says what the
// decisions do and save; after the run, every figure and every row's state and decision the
// screen shows is compared with what the journal holds (read with SQLite, a second reader of
// the same file). The panel passes axe's WCAG 2.1 A and AA rules in both languages.
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Lang } from '../../src-shared/i18n';
import { writeDuplicatesList, type DuplicatesListTruth } from '../lists';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  text,
  typePaidCount,
  useLanguage,
  watchErrors,
} from './support';

const host = hostPerFile();
const JOB = 'Likely duplicates';
let dir = '';
let file = '';
let truth: DuplicatesListTruth;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-duplicates-'));
  file = path.join(dir, 'duplicates.xlsx');
  truth = await writeDuplicatesList(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Figures {
  listGroups: number;
  listRows: number;
  baseRows: number;
  undecided: number;
  keep: number;
  skip: number;
  attach: number;
}

/** The decisions of a job carried out from an earlier job of the connection, by decision. */
type Remembered = Record<'keep' | 'skip' | 'attach', number>;

/** The job's likely duplicates as the journal's rows hold them, read by a reader of its own. */
function journal(jobName = JOB): {
  figures: Figures;
  remembered: Remembered;
  rows: Map<number, { state: string; decision: string | null }>;
} {
  const db = new Database(path.join(host().dataDir, 'journal.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const job = db.prepare('SELECT id FROM jobs WHERE name = ?').get(jobName) as { id: string };
    const rows = db
      .prepare(
        `SELECT source_row AS sourceRow, state, duplicate_decision AS decision, duplicates
           FROM rows WHERE job_id = ? ORDER BY source_row`,
      )
      .all(job.id) as Array<{
      sourceRow: number;
      state: string;
      decision: string | null;
      duplicates: string | null;
    }>;
    const withDuplicates = rows.filter((r) => r.duplicates !== null);
    const parsed = withDuplicates.map((r) => ({
      ...r,
      d: JSON.parse(r.duplicates!) as {
        group?: number;
        base?: unknown[];
        remembered?: { decision: keyof Remembered };
      },
    }));
    const remembered: Remembered = { keep: 0, skip: 0, attach: 0 };
    for (const r of parsed) if (r.d.remembered) remembered[r.d.remembered.decision]++;
    const figures: Figures = {
      listGroups: new Set(parsed.flatMap((r) => (r.d.group === undefined ? [] : [r.d.group]))).size,
      listRows: parsed.filter((r) => r.d.group !== undefined).length,
      baseRows: parsed.filter((r) => r.d.base !== undefined).length,
      undecided: withDuplicates.filter((r) => r.state === 'duplicate').length,
      keep: withDuplicates.filter((r) => r.decision === 'keep').length,
      skip: withDuplicates.filter((r) => r.decision === 'skip').length,
      attach: withDuplicates.filter((r) => r.decision === 'attach').length,
    };
    return {
      figures,
      remembered,
      rows: new Map(rows.map((r) => [r.sourceRow, { state: r.state, decision: r.decision }])),
    };
  } finally {
    db.close();
  }
}

async function audit(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations.map(
    (v) =>
      `${what}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(found).toEqual([]);
}

/** The tile says what the journal holds: its groups and rows within the list, the rows like a
 *  platform supplier (after the check), those waiting and the decisions made. */
async function tileAgrees(page: Page, lang: Lang, where: 'review' | 'check'): Promise<Figures> {
  const tile = page.getByTestId('dup-tile');
  let held: Figures | undefined;
  await expect
    .poll(
      async () => {
        held = journal().figures;
        const shown = await tile.evaluate((el) => ({
          list: el.querySelector('[data-testid="dup-tile-list"]')?.textContent?.trim() ?? '',
          base: el.querySelector('[data-testid="dup-tile-base"]')?.textContent?.trim() ?? '',
          waiting: el.querySelector('[data-testid="dup-tile-waiting"]')?.textContent?.trim() ?? '',
          decided: el.querySelector('[data-testid="dup-tile-decided"]')?.textContent?.trim() ?? '',
        }));
        const f = held;
        const want = {
          list: f.listGroups
            ? text(lang, 'dup.tile.list', { groups: f.listGroups, rows: f.listRows })
            : '',
          base: f.baseRows ? text(lang, 'dup.tile.base', { n: f.baseRows }) : '',
          waiting: f.undecided ? `⚠ ${text(lang, 'dup.tile.waiting', { n: f.undecided })}` : '',
          decided:
            f.keep + f.skip + f.attach
              ? text(lang, 'dup.tile.decided', { keep: f.keep, skip: f.skip, attach: f.attach })
              : '',
        };
        return JSON.stringify(shown) === JSON.stringify(want) ? 'same' : { shown, want };
      },
      { message: `the ${where} tile agrees with the journal`, timeout: 10_000 },
    )
    .toBe('same');
  return held!;
}

/** Each row the panel shows has the state and decision the journal holds. */
async function panelAgrees(panel: Locator, step: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const held = journal().rows;
        const shown = await panel.locator('[data-testid="dup-row"]').evaluateAll((trs) =>
          trs.map((tr) => ({
            row: Number(tr.getAttribute('data-source-row')),
            state: tr.getAttribute('data-state'),
            decision: tr.getAttribute('data-decision') || null,
            badge: tr.querySelector('.badge')?.getAttribute('data-state') ?? null,
          })),
        );
        return shown
          .filter((s) => {
            const h = held.get(s.row);
            return !h || h.state !== s.state || h.state !== s.badge || h.decision !== s.decision;
          })
          .map(
            (s) =>
              `row ${s.row}: screen ${s.state}/${s.decision}, journal ${JSON.stringify(held.get(s.row))}`,
          );
      },
      { message: `the panel's rows agree with the journal after ${step}`, timeout: 10_000 },
    )
    .toEqual([]);
}

const group = (panel: Locator, id: number) =>
  panel.locator(`[data-testid="dup-group"][data-group="${id}"]`);
const row = (scope: Locator, sourceRow: number) =>
  scope.locator(`[data-testid="dup-row"][data-source-row="${sourceRow}"]`);

test('likely duplicates: the groups, decided by keyboard and by buttons, agree with the journal', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  const [g1Rows, g2Rows] = truth.listGroups as [number[], number[]];
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, JOB);

  // Review: the tile counts the groups within the list, as the journal holds them, once the
  // grouping after the import (in the background) has ended and the screen was told.
  const tile = page.getByTestId('dup-tile');
  await expect(tile).toBeVisible();
  await expect(tile.getByTestId('dup-tile-list')).toBeVisible();
  await expect(tile.getByTestId('dup-tile-grouping')).toHaveCount(0);
  const before = await tileAgrees(page, 'en', 'review');
  expect(before).toMatchObject({ listGroups: 2, listRows: 5, baseRows: 0, undecided: 0 });

  // In German: the tile and a group's reasons.
  await useLanguage(page, 'de');
  await expect(tile.getByTestId('dup-tile-list')).toHaveText(
    text('de', 'dup.tile.list', { groups: 2, rows: 5 }),
  );
  await tile.click();
  const panel = page.getByTestId('dup-panel');
  await expect(panel).toBeVisible();
  const g1 = group(panel, 1);
  const g2 = group(panel, 2);
  const pair = (lang: Lang) =>
    g1.locator(`[data-pair="${g1Rows[0]}-${g1Rows[1]}"]`).filter({
      hasText: text(lang, 'dup.pair', { a: g1Rows[0]!, b: g1Rows[1]! }),
    });
  await expect(pair('de')).toContainText(
    text('de', 'dup.reason.name_equal_after_legal_form', { a: 'GmbH & Co. KG', b: 'GmbH' }),
  );
  await expect(pair('de')).toContainText(text('de', 'dup.reason.same_postal_code'));
  await expect(pair('de')).toContainText(
    text('de', 'dup.reason.street_equal', { a: 'Hauptstraße 5', b: 'Hauptstr. 5' }),
  );
  await expect(g1.getByRole('heading', { level: 4 })).toHaveText(
    text('de', 'dup.group.list', { id: 1, n: 3 }),
  );
  await audit(page, 'the groups (German)');

  // In English: the same group side by side.
  await useLanguage(page, 'en');
  await expect(pair('en')).toContainText(
    'name equal after legal form (GmbH & Co. KG / GmbH); same postal code; same city; street ‘Hauptstraße 5’ = ‘Hauptstr. 5’',
  );
  for (const [r, name] of [
    [2, 'Müller Holzbau GmbH & Co. KG'],
    [5, 'Mueller Holzbau GmbH'],
    [11, 'MULLER HOLZBAU GMBH'],
  ] as const)
    await expect(row(g1, r).getByTestId('dup-name')).toHaveText(name);
  await expect(row(g1, 5)).toContainText('Hauptstr. 5');
  await expect(row(g1, 5)).toContainText('70173');
  await expect(row(g1, 5)).toContainText('Stuttgart');
  await expect(row(g1, 5)).toContainText('DUP-004');
  await audit(page, 'the groups');

  // By keyboard: the groups in turn, then K on the first: all of its rows kept; the focus
  // moves on to the next group.
  await g1.focus();
  await expect(panel.getByTestId('dup-keys')).toContainText(
    'keep the first row, leave out the others',
  );
  await expect(panel.getByTestId('dup-position')).toHaveText('Group 1 of 2');
  await page.keyboard.press('ArrowDown');
  await expect(g2).toBeFocused();
  await expect(panel.getByTestId('dup-position')).toHaveText('Group 2 of 2');
  await page.keyboard.press('p');
  await expect(g1).toBeFocused();
  await page.keyboard.press('k');
  for (const r of g1Rows) await expect(row(g1, r)).toHaveAttribute('data-decision', 'keep');
  await expect(g2).toBeFocused();
  await expect(panel.getByTestId('dup-said')).toContainText('3 decisions saved.');

  // By buttons: the second group kept whole; one row of the first left out and kept again.
  await g2.getByRole('button', { name: 'Keep all' }).click();
  for (const r of g2Rows) await expect(row(g2, r)).toHaveAttribute('data-decision', 'keep');
  await g1.getByRole('button', { name: `Leave out row ${g1Rows[2]}` }).click();
  await expect(row(g1, g1Rows[2]!)).toHaveAttribute('data-decision', 'skip');
  await expect(g1.getByRole('button', { name: `Leave out row ${g1Rows[2]}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await tileAgrees(page, 'en', 'review');
  // The review's counts follow: the row left out is counted as skipped.
  await expect(
    page.locator('[data-testid="row-outcome"] option[value="state:skipped"]'),
  ).toHaveText(/\(1\)$/);
  await g1.getByRole('button', { name: `Keep row ${g1Rows[2]}` }).click();
  await expect(row(g1, g1Rows[2]!)).toHaveAttribute('data-decision', 'keep');
  await expect(g1.getByTestId('dup-group-waiting')).toHaveCount(0);
  const decided = await tileAgrees(page, 'en', 'review');
  expect(decided).toMatchObject({ keep: 5, skip: 0, attach: 0, undecided: 0 });
  await panelAgrees(panel, 'the decisions within the list');
  await expect(
    page.locator('[data-testid="row-outcome"] option[value="state:skipped"]'),
  ).toHaveCount(0);

  // Screening chosen (paid): what the decisions save shows in the summary.
  await page.getByLabel(text('en', 'review.years', { n: 5 })).check();

  // The check: the rows like a supplier of the platform wait, with its name beside theirs.
  await checkIdentifiers(page);
  await expect(page.getByTestId('check-duplicate')).toContainText(String(truth.baseMatches.length));
  const checked = await tileAgrees(page, 'en', 'check');
  expect(checked).toMatchObject({ listGroups: 2, listRows: 5, baseRows: 3, undecided: 3, keep: 5 });
  await tile.click();
  await expect(panel).toBeVisible();
  await panelAgrees(panel, 'the check');
  const baseGroup = (sourceRow: number) =>
    panel
      .locator('[data-testid="dup-group"][data-scope="base"]')
      .filter({ has: page.locator(`[data-testid="dup-row"][data-source-row="${sourceRow}"]`) });
  for (const m of truth.baseMatches)
    await expect(baseGroup(m.row).getByTestId('dup-platform-name').first()).toHaveText(m.name);
  const [nordwind, atelier, lakes] = truth.baseMatches as [
    DuplicatesListTruth['baseMatches'][number],
    DuplicatesListTruth['baseMatches'][number],
    DuplicatesListTruth['baseMatches'][number],
  ];
  await expect(row(baseGroup(nordwind.row), nordwind.row).getByTestId('dup-name')).toHaveText(
    'NORDWIND STAHLBAU GMBH',
  );
  // The first group waiting has the focus.
  await expect(baseGroup(nordwind.row)).toBeFocused();
  await expect(panel.getByTestId('dup-keys')).toContainText('create anyway');
  await audit(page, 'the platform matches');

  // The first group, by keyboard (Home, then S): its first row kept, the others left out.
  await page.keyboard.press('Home');
  await expect(g1).toBeFocused();
  await page.keyboard.press('s');
  await expect(row(g1, g1Rows[0]!)).toHaveAttribute('data-decision', 'keep');
  for (const r of g1Rows.slice(1))
    await expect(row(g1, r)).toHaveAttribute('data-decision', 'skip');
  await expect(g2).toBeFocused();

  // Nordwind is the platform's supplier: attached by its button.
  const nordwindId = await baseGroup(nordwind.row)
    .getByTestId('dup-platform')
    .first()
    .getAttribute('data-platform-id');
  await baseGroup(nordwind.row)
    .getByRole('button', { name: text('en', 'dup.attach', { id: nordwindId! }) })
    .click();
  await expect(row(panel, nordwind.row)).toHaveAttribute('data-decision', 'attach');
  await expect(row(panel, nordwind.row).getByTestId('dup-decision')).toHaveText(
    text('en', 'dup.decision.attach', { id: nordwindId! }),
  );
  // Atelier left out by keyboard (the next group, S); Great Lakes created anyway by its button.
  await page.keyboard.press('n');
  await expect(baseGroup(atelier.row)).toBeFocused();
  await page.keyboard.press('s');
  await expect(row(panel, atelier.row)).toHaveAttribute('data-decision', 'skip');
  await expect(baseGroup(lakes.row)).toBeFocused();
  await baseGroup(lakes.row).getByRole('button', { name: 'Create anyway' }).click();
  await expect(row(panel, lakes.row)).toHaveAttribute('data-decision', 'keep');
  const after = await tileAgrees(page, 'en', 'check');
  expect(after).toMatchObject({ undecided: 0, keep: 4, skip: 3, attach: 1 });
  await panelAgrees(panel, 'the decisions after the check');
  await expect(page.getByTestId('check-duplicate')).toHaveCount(0);

  // The summary: what the decisions do and save, from jobs:plan.
  await page.getByRole('button', { name: 'Start upload' }).click();
  const summary = page.getByTestId('start-summary');
  await expect(summary).toBeVisible();
  const plan = summary.getByTestId('plan-duplicates');
  await expect(plan.getByTestId('plan-dup-base')).toHaveText(text('en', 'dup.plan.base', { n: 3 }));
  await expect(plan.getByTestId('plan-dup-list')).toHaveText(
    text('en', 'dup.plan.list', { rows: 5, groups: 2 }),
  );
  await expect(plan.getByTestId('plan-dup-undecided')).toHaveCount(0);
  await expect(plan.getByTestId('plan-dup-keep')).toHaveText(text('en', 'dup.plan.keep', { n: 4 }));
  await expect(plan.getByTestId('plan-dup-skip')).toHaveText(text('en', 'dup.plan.skip', { n: 3 }));
  await expect(plan.getByTestId('plan-dup-attach')).toHaveText(
    text('en', 'dup.plan.attach', { n: 1 }),
  );
  // Three rows left out and one attached (existing suppliers are skipped) order no screening.
  await expect(plan.getByTestId('plan-dup-saved')).toHaveText(
    text('en', 'dup.plan.saved', { screenings: 4, validations: 0 }),
  );
  const said = {
    keep: 4,
    skip: 3,
    attach: 1,
  };
  await audit(page, 'the summary with likely duplicates');
  await typePaidCount(summary);
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(summary).toHaveCount(0);
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });

  // At the end: what the screen said is what the journal holds.
  const end = journal();
  expect(end.figures).toMatchObject(said);
  expect(end.figures.undecided).toBe(0);
  const decisions = Object.fromEntries([...end.rows].map(([r, v]) => [r, v.decision]));
  expect(decisions).toMatchObject({
    [g1Rows[0]!]: 'keep',
    [g1Rows[1]!]: 'skip',
    [g1Rows[2]!]: 'skip',
    [g2Rows[0]!]: 'keep',
    [g2Rows[1]!]: 'keep',
    [nordwind.row]: 'attach',
    [atelier.row]: 'skip',
    [lakes.row]: 'keep',
  });
  for (const r of [g1Rows[1]!, g1Rows[2]!, atelier.row])
    expect(end.rows.get(r)?.state).toBe('skipped');
  for (const r of [g1Rows[0]!, ...g2Rows, lakes.row, nordwind.row])
    expect(end.rows.get(r)?.state).toBe('done');
  await tileAgrees(page, 'en', 'check');
  await panelAgrees(panel, 'the run');
  // The rows sent can no longer be decided.
  await expect(row(panel, lakes.row).getByTestId('dup-keep')).toBeDisabled();

  // German once more, after the run: the tile and a platform match's reasons.
  await useLanguage(page, 'de');
  await tileAgrees(page, 'de', 'check');
  await expect(
    baseGroup(nordwind.row).locator(
      `[data-testid="dup-reasons"][data-platform-id="${nordwindId}"]`,
    ),
  ).toContainText(text('de', 'dup.reason.same_postal_code'));
  await expect(row(panel, nordwind.row).getByTestId('dup-decision')).toContainText(
    text('de', 'dup.decision.attach', { id: nordwindId! }),
  );
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});

test('a row left out before the check keeps its group, and the row kept its decision', async ({
  page,
}) => {
  // Rows left out as duplicates stay in their group when the list is grouped again
  // (journal/duplicates.ts IN_GROUPED): the row kept keeps its group and its decision.
  test.setTimeout(180_000);
  const name = 'Left out before the check';
  const [g1Rows] = truth.listGroups as [number[]];
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, name);
  await expect(page.getByTestId('dup-tile-list')).toBeVisible();
  await page.getByTestId('dup-tile').click();
  const panel = page.getByTestId('dup-panel');
  await group(panel, 1).focus();
  await page.keyboard.press('s');
  await expect(row(panel, g1Rows[1]!)).toHaveAttribute('data-decision', 'skip');
  await checkIdentifiers(page);
  await page.getByTestId('dup-tile').click();
  const g1 = group(panel, 1);
  await expect(g1.getByTestId('dup-row')).toHaveCount(g1Rows.length);
  for (const r of g1Rows) await expect(row(g1, r)).toHaveCount(1);
  await expect(row(g1, g1Rows[0]!)).toHaveAttribute('data-decision', 'keep');
  // A row decided in an earlier test's job (the connection remembers it) is decided again here
  // without asking: counted apart.
  const { figures, remembered } = journal(name);
  expect(figures).toMatchObject({
    listGroups: 2,
    listRows: 5,
    keep: 1 + remembered.keep,
    skip: 2 + remembered.skip,
  });
});

test('a decision remembered from an earlier job is said on its row and can be taken back', async ({
  page,
}) => {
  // The tests before decided rows of this list on this connection: a new job of the same list
  // carries those decisions out and says where they were made; "Ask me again" takes one back,
  // the row waits, and the journal agrees.
  test.setTimeout(180_000);
  const name = 'Remembered, then asked again';
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, name);
  await checkIdentifiers(page);
  const before = journal(name);
  const remembered = before.remembered.keep + before.remembered.skip + before.remembered.attach;
  expect(remembered).toBeGreaterThan(0);
  await page.getByTestId('dup-tile').click();
  const panel = page.getByTestId('dup-panel');
  const said = panel.getByTestId('dup-remembered');
  await expect(said).toHaveCount(remembered);
  await expect(said.first()).toContainText(/Decided on .+ in the job ".+", not asked again\./);
  const taken = panel.getByTestId('dup-row').filter({ has: page.getByTestId('dup-ask-again') });
  const sourceRow = Number(await taken.first().getAttribute('data-source-row'));
  await taken.first().getByTestId('dup-ask-again').click();
  await expect(panel.getByTestId('dup-said')).toContainText(
    '1 row waits for your decision again; the remembered decision is forgotten.',
  );
  await expect(row(panel, sourceRow)).toHaveAttribute('data-state', 'duplicate');
  await expect(row(panel, sourceRow)).toHaveAttribute('data-decision', '');
  await expect(row(panel, sourceRow).getByTestId('dup-remembered')).toHaveCount(0);
  const after = journal(name);
  expect(after.rows.get(sourceRow)).toEqual({ state: 'duplicate', decision: null });
  expect(after.figures.undecided).toBe(before.figures.undecided + 1);
});

test('a long list is shown at once, and the tile says its likely duplicates are looked for until they are found', async ({
  page,
}) => {
  // The import answers once the rows are in the journal; the list is grouped in the background
  // (50,000 rows take a moment), the screens told when it ends.
  test.setTimeout(300_000);
  const name = 'Long list';
  const long = path.join(dir, 'long.xlsx');
  const longTruth = await writeDuplicatesList(long, { filler: 50_000 });
  await openApp(page, host());
  await importFile(page, long);
  await mapAndCreate(page, name);
  const tile = page.getByTestId('dup-tile');
  await expect(tile.getByTestId('dup-tile-grouping')).toHaveAttribute('data-grouping', 'running');
  await expect(tile.getByTestId('dup-tile-grouping')).toHaveText(
    text('en', 'dup.tile.running', {}),
  );
  // Meanwhile the rows are there to read.
  await expect(page.locator('#rows-table')).toBeVisible();
  // The end is told: the line goes and the groups are those the journal holds.
  await expect(tile.getByTestId('dup-tile-grouping')).toHaveCount(0, { timeout: 120_000 });
  await expect(tile.getByTestId('dup-tile-list')).toHaveText(
    text('en', 'dup.tile.list', { groups: 2, rows: 5 }),
  );
  expect(journal(name).figures).toMatchObject({
    listGroups: longTruth.listGroups.length,
    listRows: longTruth.listGroups.flat().length,
  });
});
