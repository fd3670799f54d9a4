// The tour of the README (`npm run screenshots`): the app walked against the built-in practice
// sandbox, from the current build, with a picture of every state the README shows. The same walk
// runs once per language (the projects of ./playwright.config.ts), each on a host of its own, so
// the pictures of docs/screenshots/en and docs/screenshots/de show the same states. Each test
// makes its own jobs; the last pictures the Jobs screen with the jobs the others left.
import ExcelJS from 'exceljs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  SAMPLE,
  addConnection,
  hostAndSandboxPerFile,
  jobEnded,
  jobState,
  startSandbox,
  textPattern,
  typePaidCount,
  watchErrors,
  writeSupplierList,
} from '../e2e/support';
import { AUDIT_BASE, AUDIT_GROUPS, writeDuplicatesList, writePaidList } from '../lists';
import { expect, openIn, picture, steps, test, wordsFor } from './pictures';

const servers = hostAndSandboxPerFile(['right-token']);
const SCORES = path.resolve('resources/samples/scores.xlsx');
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tour-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = watchErrors(page);
});
test.afterEach(() => {
  expect(errors, 'no console or page errors').toEqual([]);
});

test('connection: the practice sandbox, and a token the API refuses', async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  const { host, api } = servers();
  const go = steps(page, lang);
  await openIn(page, host, lang, errors);
  await go.nav('nav.connection').click();
  const sandbox = page.locator('[data-testid="connection"][data-sandbox="true"]');
  await expect(sandbox.getByRole('radio')).toBeChecked();
  await sandbox.getByRole('button', { name: t('connection.test') }).click();
  await expect(
    sandbox.getByTestId('connection-test').locator('[data-check="token"]'),
  ).toHaveAttribute('data-status', 'ok');
  await picture(page, lang, 'connection');

  // A connection whose token the API refuses: its test fails and says why, and the practice
  // connection stays the one for new jobs. (The screen opened again, without the test above.)
  await go.nav('nav.jobs').click();
  await go.nav('nav.connection').click();
  await expect(sandbox.getByRole('radio')).toBeChecked();

  const name = lang === 'de' ? 'Firmen-API' : 'Company API';
  await addConnectionIn(page, lang, { name, url: api.url, token: 'wrong-token' });
  const bad = page.getByTestId('connection').filter({ hasText: name });
  await expect(bad.getByTestId('connection-test').locator('[data-check="token"]')).toHaveAttribute(
    'data-status',
    'failed',
  );
  await expect(page.getByTestId('connection-not-used')).toBeVisible();
  await expect(sandbox.getByRole('radio')).toBeChecked();
  await picture(page, lang, 'connection-bad-token', { showsError: true });
});

test('the sample from import to results, with validation', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  await openIn(page, servers().host, lang, errors);

  // Import: the header row found below the title.
  await go.importFile(SAMPLE);
  await expect(page.getByTestId('header-marked')).toContainText('Lieferanten-Nr.');
  await expect(page.getByTestId('preview')).toContainText('Müller Präzisionsteile GmbH');
  await picture(page, lang, 'import');

  // Map: the suggestions with their samples, also at the smallest window the app fits.
  await go.toMap();
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  const citySamples = page.locator('tr[data-field="city"] .samples .after');
  await expect(citySamples.first()).toHaveText('Dresden');
  await picture(page, lang, 'map');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await picture(page, lang, 'map-1024x768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The field settings: the city in capitals, supplier ids of eight digits.
  await page.getByTestId('transform-city').locator('select').selectOption('upper');
  await expect(citySamples.first()).toHaveText('DRESDEN');
  const pad = page.getByTestId('transform-supplierId.id').locator('input[type="number"]');
  await pad.fill('8');
  await pad.blur();
  await expect(page.locator('tr[data-field="supplierId.id"] .samples .after').first()).toHaveText(
    '00000101',
  );
  await picture(page, lang, 'map-settings', { at: page.locator('tr[data-field="city"]') });
  await go.create(lang === 'de' ? 'Musterliste' : 'Sample list');

  // Review: screening chosen, with its cost warning.
  await expect(page.getByTestId('count-invalid')).not.toContainText(/^0/);
  await page.getByLabel(t('review.years', { n: 2 })).check();
  await expect(page.getByTestId('cost-warning')).toBeVisible();
  await picture(page, lang, 'review');
  await page.getByLabel(t('review.noScreening')).check();
  await expect(page.getByTestId('cost-warning')).toHaveCount(0);

  // A row fixed in its panel: the missing city.
  await page.getByTestId('row-search').fill('Schwarz Werkzeugbau');
  const row = page.getByTestId('row').filter({ hasText: 'Schwarz Werkzeugbau' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: t('rows.fix'), exact: true }).click();
  const form = page.getByTestId('fix-form');
  await form.locator('input[data-field="city"]').fill('Hagen');
  await form.getByRole('button', { name: t('detail.saveFix') }).click();
  const detail = page.getByTestId('row-detail');
  await expect(detail).toContainText(textPattern(lang, 'detail.fixedOk', { row: /\d+/ }));
  await expect(page.getByTestId('row-edits')).toContainText('Hagen');
  await picture(page, lang, 'review-fix', { at: detail, block: 'end' });
  await detail.getByRole('button', { name: t('common.close'), exact: true }).click();
  await page.getByTestId('row-search').fill('');

  // The problems by kind; one kind shows just its rows.
  const kinds = page.getByTestId('problem-kinds');
  await kinds
    .getByRole('button')
    .filter({ hasText: t('problemKind.country_unknown') })
    .click();
  await expect(page.getByTestId('rows')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('row').first()).toContainText('Atlantis');
  await picture(page, lang, 'review-kinds', { at: kinds });

  // Validation requested; the check; the start confirmed by the number of validations.
  await page.getByLabel(t('review.validate')).check();
  await go.check();
  await expect(page.getByTestId('check-new')).not.toContainText(/^0/);
  await picture(page, lang, 'check');
  const summary = await go.summary();
  expect(await typePaidCount(summary)).toBeGreaterThan(0);
  await go.confirm(summary);
  await expect(jobEnded(page)).toBeVisible({ timeout: 300_000 });
  await expect(page.getByTestId('stuck')).toBeVisible();
  await expect(page.getByTestId('log')).toBeVisible();
  await picture(page, lang, 'run-finished');
  // The run so far: its chart and figures in words, and the log.
  const chart = page.getByTestId('run-chart');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(page.getByTestId('run-chart-text')).toBeVisible();
  await picture(page, lang, 'run-chart', { at: page.getByTestId('run-picture') });

  // Results: the counts, the rejected validations with their reason, a row's history.
  await page.getByRole('button', { name: t('run.results') }).click();
  await expect(
    page.getByRole('heading', { name: textPattern(lang, 'results.title', { name: /.+/ }) }),
  ).toBeVisible();
  await expect(page.getByTestId('rows').getByTestId('row').first()).toBeVisible();
  const needYou = page.getByTestId('outcomes-need-you');
  await expect(needYou).toBeVisible();
  await picture(page, lang, 'results');
  await needYou.getByRole('button', { name: t('results.showRejected') }).click();
  await expect(page.getByTestId('row-outcome')).toHaveValue('outcome:validation|REJECTED');
  const rejected = page.getByTestId('rows').getByTestId('row').first();
  await expect(rejected.locator('[data-outcome="REJECTED"]')).toBeVisible();
  await expect(rejected.locator('.problem-cell')).toContainText(
    t('outcome.validation.REJECTED.help'),
  );
  // The grid scrolled sideways to the rows' reasons.
  await rejected.locator('.problem-cell').scrollIntoViewIfNeeded();
  await picture(page, lang, 'results-rejected-validations', { at: needYou });
  await page.getByTestId('row-outcome').selectOption('all');
  const done = page.locator('[data-testid="row"][data-state="done"]').first();
  await done.getByRole('button', { name: textPattern(lang, 'rows.openRow') }).click();
  await expect(page.getByTestId('row-history').locator('li').first()).toBeVisible();
  await picture(page, lang, 'results-row', { at: page.getByTestId('row-detail'), block: 'end' });
});

test('a run live, then paused', async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  // Enough rows that the run is still going while it is pictured.
  const file = path.join(dir, `${lang}-pause.xlsx`);
  await writeSupplierList(file, 150, lang === 'de' ? 'PAUSE-DE' : 'PAUSE-EN');
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file);
  await go.toMap();
  await go.create(lang === 'de' ? 'Neue Lieferanten Berlin' : 'New suppliers Berlin');
  await go.check();
  await go.confirm(await go.summary());
  await expect(jobState(page, 'running')).toBeVisible();
  // Live figures: a rate, some rows sent.
  const figures = page.getByTestId('figures');
  await expect(figures.locator('dd').first()).toHaveText(/\d/, { timeout: 60_000 });
  await expect(page.getByTestId('network')).toBeVisible();
  await expect(
    page.locator(
      // A finished row is counted by what it came to (outcome-counts), no longer by its state.
      [
        '[data-testid="state-counts"] li:is([data-state="accepted"], [data-state="screening_requested"])',
        '[data-testid="outcome-counts"] li:is([data-outcome="done"], [data-outcome="findings"], [data-outcome="platform"])',
      ].join(', '),
    ),
  ).not.toHaveCount(0, { timeout: 60_000 });
  // Some rows finished already (the platform has processed them).
  await expect(page.getByTestId('run-progress')).not.toHaveText(/^0\D/, { timeout: 90_000 });
  await expect(jobState(page, 'running')).toBeVisible();
  await picture(page, lang, 'run-live');
  await page.getByRole('button', { name: t('run.pause'), exact: true }).click();
  await expect(jobState(page, 'paused')).toBeVisible({ timeout: 60_000 });
  await picture(page, lang, 'run-paused');
});

test('the summary before a start: suppliers that exist already, screened again', async ({
  page,
  lang,
}) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const prefix = `SUM-${lang.toUpperCase()}`;
  const first = path.join(dir, `${lang}-first.xlsx`);
  const again = path.join(dir, `${lang}-again.xlsx`);
  await writeSupplierList(first, 6, prefix);
  await writeSupplierList(again, 60, prefix);
  await openIn(page, servers().host, lang, errors);

  // Six suppliers are sent first; then the same six and 54 more, with screening.
  await go.importFile(first);
  await go.toMap();
  await go.create(lang === 'de' ? 'Erste sechs' : 'First six');
  await go.check();
  await go.confirm(await go.summary());
  await expect(jobEnded(page)).toBeVisible({ timeout: 120_000 });

  await go.importFile(again);
  await go.toMap();
  await go.create(lang === 'de' ? 'Alle sechzig' : 'All sixty');
  await page.getByLabel(t('review.years', { n: 5 })).check();
  const skip = page.getByRole('checkbox', { name: t('review.skipExisting') });
  await expect(skip).toBeChecked();
  await skip.uncheck();
  await go.check();
  const summary = await go.summary();
  await expect(summary.getByTestId('plan-suppliers')).toHaveText(
    t('plan.suppliers', { new: 54, existing: 6 }),
  );
  await expect(summary.getByTestId('plan-screening-existing')).toHaveText(
    t('plan.screeningExisting', { n: 6 }),
  );
  await expect(summary.getByTestId('plan-duration')).toBeVisible();
  await picture(page, lang, 'start-summary', { at: summary });
  await summary.getByRole('button', { name: t('plan.back'), exact: true }).click();
  await expect(summary).toHaveCount(0);
});

test("paid work the list's own columns order", async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const file = path.join(dir, `${lang}-lieferanten-bezahlt.xlsx`);
  await writePaidList(file, 8, lang === 'de' ? 900 : 800);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file);
  await go.toMap();
  const row = (key: string) => page.locator(`[data-testid="mapping"] tr[data-paid-field="${key}"]`);
  await expect(row('screeningPeriodInYears').getByTestId('map-paid')).toBeVisible();
  await expect(row('requestValidationOnCreate').getByTestId('map-paid')).toBeVisible();
  await picture(page, lang, 'map-paid', { at: row('screeningPeriodInYears'), block: 'center' });

  await go.create(lang === 'de' ? 'Bezahlte Spalten' : 'Paid columns');
  await go.check();
  const summary = await go.summary();
  await expect(summary.getByTestId('plan-screening-period')).toHaveCount(3);
  await expect(summary.getByTestId('plan-validation-column')).toBeVisible();
  // The start waits for the number of paid orders: 6 screenings and 3 validations.
  expect(await typePaidCount(summary)).toBe(9);
  await picture(page, lang, 'start-summary-paid', { at: summary });
  await summary.getByRole('button', { name: t('plan.back'), exact: true }).click();
  await expect(summary).toHaveCount(0);
});

test('the review grid: one fix, the same for every row with the value', async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  // 40 suppliers: 14 in "Atlantis", two without a city, a remark no field is mapped to.
  const file = path.join(dir, `${lang}-sap-export.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land', 'Bemerkung']);
  for (let i = 1; i <= 40; i++)
    ws.addRow([
      `L-${i}`,
      `Lieferant ${i} GmbH`,
      `Hauptstr. ${i}`,
      '10115',
      i === 12 || i === 21 ? '' : 'Berlin',
      i % 3 === 1 ? 'Atlantis' : 'Deutschland',
      `Einkauf ${i}`,
    ]);
  await wb.xlsx.writeFile(file);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file);
  await go.toMap();
  await go.create(lang === 'de' ? 'SAP-Export' : 'SAP export');

  const grid = page.getByTestId('rows');
  const cell = (sourceRow: number, key: string) =>
    grid.locator(`[data-testid="row"][data-source-row="${sourceRow}"] [data-col="${key}"]`);
  // Row 11's country (column F, c5) edited in place.
  await expect(cell(11, 'c5')).toHaveAttribute('data-problem', 'true');
  await cell(11, 'c5').dblclick();
  const editor = grid.getByTestId('cell-editor');
  await editor.fill('ES');
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(cell(11, 'c5')).toHaveAttribute('data-fixed', 'true');
  // The same fix for the 13 other rows with "Atlantis".
  const offer = page.getByTestId('same-offer');
  await expect(offer).toBeVisible();
  await offer.getByRole('button').first().click();
  await expect(page.getByTestId('grid-note')).toContainText(
    t('grid.applied', { n: 13, column: 'Land' }),
  );
  await expect(cell(2, 'c5')).toHaveAttribute('data-fixed', 'true');
  await expect(page.getByTestId('undo')).toBeEnabled();
  await picture(page, lang, 'review-grid-bulk', { at: page.getByTestId('row-filter'), margin: 48 });
});

test('an identifiers job, run', async ({ page, lang }) => {
  const go = steps(page, lang);
  const file = path.join(dir, `${lang}-identifiers.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Identifiers');
  ws.addRow([
    'Supplier ID',
    'Source',
    'Identifier type',
    'Identifier',
    'Identifier source',
    'Action',
  ]);
  ws.addRow(['SUP-1004', 'ERP', 'Customer ID', 'CU-NEW-4', '', 'add']); // to add
  ws.addRow(['SUP-1001', 'ERP', 'Customer ID', 'CU-77', '', 'add']); // already there
  ws.addRow(['SUP-1005', 'ERP', 'Supplier ID', 'SUP-1002', 'ERP', 'add']); // SUP-1002's own
  ws.addRow(['SUP-1004', 'ERP', 'Own ID', 'PC-4', 'PLM', 'remove']); // to remove
  ws.addRow(['SUP-1006', 'ERP', 'Customer ID', 'CU-NOT-THERE', '', 'remove']); // not on it
  ws.addRow(['SUP-9999', 'ERP', 'Customer ID', 'CU-9', '', 'add']); // no such supplier
  await wb.xlsx.writeFile(file);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file, 'identifiers');
  await go.toMap();
  await go.create(lang === 'de' ? 'Kundennummern' : 'Customer ids');
  await go.check();
  await expect(page.getByTestId('check-toChange')).toBeVisible();
  // Its one removal (PC-4) is confirmed by its number.
  const summary = await go.summary();
  await summary.getByTestId('confirm-count').fill('1');
  await go.confirm(summary);
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 120_000 });
  await expect(page.getByTestId('kind-outcomes').locator('li')).toHaveCount(6);
  await expect(page.getByTestId('log')).toBeVisible();
  await picture(page, lang, 'kind-identifiers-finished');
});

test('a deactivate job: checked, and its count typed to start', async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const file = path.join(dir, `${lang}-deactivate.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Deactivate');
  ws.addRow(['Supplier ID', 'Source', 'Name']);
  ws.addRow(['SUP-1002', 'ERP', 'Atelier Lumière SARL']);
  ws.addRow(['SUP-1003', 'ERP', 'Tessuti Toscani S.p.A.']);
  ws.addRow(['SUP-9999', 'ERP', 'Nobody GmbH']);
  await wb.xlsx.writeFile(file);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file, 'deactivate');
  await go.toMap();
  await go.create(lang === 'de' ? 'Drei deaktivieren' : 'Deactivate three');
  await go.check();
  await expect(page.getByTestId('check-toChange')).toBeVisible();
  await expect(page.getByTestId('start-hint')).toBeVisible();
  await picture(page, lang, 'kind-deactivate-check');

  const summary = await go.summary();
  await expect(summary.getByTestId('plan-deactivate')).toBeVisible();
  const confirm = summary.getByRole('button', { name: t('plan.confirm') });
  await summary.getByTestId('confirm-count').fill('2');
  await expect(confirm).toBeEnabled();
  await picture(page, lang, 'kind-deactivate-confirm', { at: summary });
  await summary.getByRole('button', { name: t('plan.back'), exact: true }).click();
  await expect(summary).toHaveCount(0);
});

test('a scores sheet on the Map step', async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(SCORES, 'scores');
  await go.toMap();
  await page.getByTestId('scores-perspective').fill('1');
  await page.getByRole('button', { name: t('scoresMap.read') }).click();
  await expect(page.getByTestId('scores-event-types')).toBeVisible({ timeout: 30_000 });
  // The decimal score is named with its cell before anything is sent.
  await expect(page.getByTestId('scores-rows')).toContainText('C5');
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  await picture(page, lang, 'kind-scores-map', { at: page.getByTestId('scores-event-types') });
});

test("the supplier base: a list compared with the platform's", async ({ page, lang }) => {
  const { t } = wordsFor(lang);
  await openIn(page, servers().host, lang, errors);
  await page.getByTestId('open-base').click();
  await expect(page.getByRole('heading', { name: t('base.title'), level: 2 })).toBeVisible();

  // The export of every active supplier, downloaded ...
  await page.getByRole('button', { name: t('base.export.start') }).click();
  const download = page.getByRole('button', { name: t('base.download') });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const base = new ExcelJS.Workbook();
  await base.xlsx.readFile(await file.path());
  // ... with two cities changed, as the list to compare.
  const exported = base.getWorksheet('Suppliers')!;
  const cityColumn = (exported.getRow(1).values as unknown[]).map(String).indexOf('City');
  const edited = new ExcelJS.Workbook();
  const sheet = edited.addWorksheet('Suppliers');
  exported.eachRow((row, n) => {
    const values = (row.values as unknown[]).slice(1).map((v) => (v === undefined ? '' : v));
    if (n === 2 || n === 3) values[cityColumn - 1] = `${row.getCell(cityColumn).text} Süd`;
    sheet.addRow(values);
  });
  const list = path.join(dir, `${lang}-supplier-base-edited.xlsx`);
  await edited.xlsx.writeFile(list);
  await page.getByTestId('drift-file').setInputFiles(list);
  const table = page.getByTestId('drift-rows');
  await expect(table.getByTestId('drift-row')).toHaveCount(2, { timeout: 60_000 });
  await expect(table.locator('[data-field="city"] .platform').first()).toBeVisible();
  await picture(page, lang, 'base-drift', { at: page.getByTestId('base-done') });
});

test('likely duplicates: the groups within the list, and rows like a platform supplier', async ({
  page,
  lang,
}) => {
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const file = path.join(dir, `${lang}-duplicates.xlsx`);
  const truth = await writeDuplicatesList(file);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file);
  await go.toMap();
  await go.create(lang === 'de' ? 'Lieferanten mit Dubletten' : 'Suppliers with duplicates');

  // Review: the groups within the list, side by side with their reasons; the first decided by
  // its key (S: its first row kept, the others left out would also do; K keeps all).
  const tile = page.getByTestId('dup-tile');
  await expect(tile.getByTestId('dup-tile-list')).toHaveText(
    t('dup.tile.list', { groups: truth.listGroups.length, rows: truth.listGroups.flat().length }),
  );
  await tile.click();
  const panel = page.getByTestId('dup-panel');
  const first = panel.locator('[data-testid="dup-group"][data-group="1"]');
  await expect(first).toBeFocused();
  await page.keyboard.press('k');
  await expect(first.getByTestId('dup-group-waiting')).toHaveCount(0);
  await first.focus();
  await picture(page, lang, 'duplicates', { at: tile, margin: 24 });

  // The check: rows like a supplier of the platform, its fields beside theirs.
  await go.check();
  await expect(tile.getByTestId('dup-tile-base')).toBeVisible();
  await tile.click();
  await panel.getByTestId('dup-filter').selectOption('base');
  const base = panel.locator('[data-testid="dup-group"][data-scope="base"]').first();
  await base.focus();
  await expect(base.getByTestId('dup-platform-name').first()).toHaveText(
    truth.baseMatches[0]!.name,
  );
  await picture(page, lang, 'duplicates-platform', { at: base, margin: 220 });
});

test('a duplicate decision remembered from an earlier job, which the user can take back', async ({
  page,
  lang,
}) => {
  // The test before kept the first group's rows: the same list next month, a job of its own,
  // carries that decision out at the check and says where it was made.
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const file = path.join(dir, `${lang}-duplicates-next-month.xlsx`);
  await writeDuplicatesList(file);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file);
  await go.toMap();
  await go.create(lang === 'de' ? 'Dieselbe Liste im nächsten Monat' : 'The same list next month');
  await go.check();
  const tile = page.getByTestId('dup-tile');
  await tile.click();
  const panel = page.getByTestId('dup-panel');
  const remembered = panel.getByTestId('dup-remembered').first();
  await expect(remembered).toBeVisible();
  await expect(remembered.getByTestId('dup-ask-again')).toHaveText(t('dup.askAgain'));
  const group = panel
    .locator('[data-testid="dup-group"]')
    .filter({ has: page.getByTestId('dup-remembered') })
    .first();
  await group.focus();
  await picture(page, lang, 'duplicates-remembered', { at: group, margin: 24 });
});

test("a row's supplier found on the platform by hand", async ({ page, lang }) => {
  // Verde Agricola (row 13 of writeDuplicatesList) is like no supplier of the platform; the user
  // knows it as another supplier and finds it by name from the row's panel.
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const file = path.join(dir, `${lang}-find.xlsx`);
  await writeDuplicatesList(file);
  await openIn(page, servers().host, lang, errors);
  await go.importFile(file);
  await go.toMap();
  await go.create(lang === 'de' ? 'Von Hand gefunden' : 'Found by hand');
  await page.getByRole('button', { name: t('rows.openRow', { row: 13 }) }).click();
  const detail = page.getByTestId('row-detail');
  await detail.getByRole('button', { name: t('find.open') }).click();
  const search = detail.getByTestId('platform-search');
  await search.getByTestId('find-name').fill('Tessuti');
  await search.getByTestId('find-city').fill('');
  await search.getByTestId('find-name').press('Enter');
  await expect(search.getByTestId('find-results').getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await picture(page, lang, 'find-on-platform', { at: search, block: 'end' });
});

/** Adds a connection on the open Connection screen, its labels in `lang`. */
function addConnectionIn(
  page: Parameters<typeof addConnection>[0],
  lang: Parameters<typeof wordsFor>[0],
  connection: Parameters<typeof addConnection>[1],
): Promise<void> {
  const { t } = wordsFor(lang);
  return addConnection(page, connection, {
    name: t('connection.name'),
    url: t('connection.baseUrl'),
    token: t('connection.token'),
    save: t('connection.saveAndTest'),
  });
}

test("the platform's own base audited for likely duplicates", async ({ page, lang }) => {
  // A base as real ones grow (test/lists.ts AUDIT_BASE), on an API of its own.
  const { t } = wordsFor(lang);
  const go = steps(page, lang);
  const seed = path.join(dir, `${lang}-audit-seed.json`);
  await writeFile(seed, JSON.stringify(AUDIT_BASE));
  const api = await startSandbox(['audit-token'], ['--seed-suppliers', seed]);
  try {
    await openIn(page, servers().host, lang, errors);
    await go.nav('nav.connection').click();
    const name = lang === 'de' ? 'Lieferantenstamm' : 'Supplier master';
    await addConnectionIn(page, lang, { name, url: api.url, token: 'audit-token' });
    const added = page.getByTestId('connection').filter({ hasText: name });
    await expect(
      added.getByTestId('connection-test').locator('[data-check="token"]'),
    ).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
    await go.nav('nav.jobs').click();
    await page.getByTestId('open-base').click();
    await page.getByLabel(t('base.connection')).selectOption({ label: name });
    await page.getByRole('button', { name: t('base.audit.start') }).click();
    await expect(page.getByTestId('audit-group')).toHaveCount(AUDIT_GROUPS.length, {
      timeout: 60_000,
    });
    await picture(page, lang, 'base-audit', { at: page.getByTestId('audit-groups'), margin: 24 });
    // The practice sandbox is the connection of new jobs again, as the other pictures show.
    await go.nav('nav.connection').click();
    await page
      .locator('[data-testid="connection"][data-sandbox="true"]')
      .getByRole('radio')
      .check();
  } finally {
    await api.stop();
  }
});

test('the Jobs screen, with the jobs of the tour', async ({ page, lang }) => {
  await openIn(page, servers().host, lang, errors);
  // The jobs the tests before made on this host (a failed test before starts a new host).
  await expect(page.getByTestId('job'), 'the jobs of the tour').not.toHaveCount(0);
  await picture(page, lang, 'jobs');
});
