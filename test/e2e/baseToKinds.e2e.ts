// The app's own supplier-base export, edited by the user, as a deactivate job and as an
// identifiers job in the browser, with no mapping made by hand: the export downloaded from the
// Supplier base screen, the other rows deleted and a column added with exceljs, the workbook
// imported as the kind, the Map screen ready as it opens (the Platform ID column mapped, Next
// enabled), the job run, and the sandbox's own counts compared with the rows: each change once.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SAMPLE_SUPPLIERS } from '../../src-main/sandbox/sampleSuppliers';
import {
  addConnection,
  importFile,
  jobEnded,
  openApp,
  seededSandboxPerFile,
  shot,
  useLanguage,
  watchErrors,
} from './support';

const TOKEN = 'base-kinds-token';
// A sandbox of its own, read back by its stats: the practice base (SUP-1001 … SUP-1010) and a
// supplier the platform kept with a country code no list knows any more (Netherlands Antilles),
// which a job naming suppliers by their identifiers never reads. The seed file is written before
// the sandbox starts (its hook runs first).
interface SandboxStats {
  suppliers: number;
  createRequestsAccepted: number;
  changesByIdentity: {
    deactivate: Record<string, number>;
    identifier_add: Record<string, number>;
    identifier_remove: Record<string, number>;
  };
}
const SEEDED = SAMPLE_SUPPLIERS.length + 1;
const {
  servers,
  dir,
  stats: sandboxStats,
} = seededSandboxPerFile<SandboxStats>(TOKEN, [
  ...SAMPLE_SUPPLIERS,
  {
    name: 'Antillen Handel N.V.',
    countryCode: 'AN',
    city: 'Willemstad',
    address: 'Handelskade 1',
    supplierIds: [{ id: 'SUP-2001', source: 'ERP' }],
  },
]);

/** The sandbox as the app's connection "Company API" (tested, so new jobs use it), added unless
 *  a test before added it. */
async function connect(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Connection' })
    .click();
  await expect(page.locator('[data-testid="connection"][data-sandbox="true"]')).toBeVisible();
  const conn = page.getByTestId('connection').filter({ hasText: 'Company API' });
  if ((await conn.count()) === 0) {
    await addConnection(page, { name: 'Company API', url: servers().api.url, token: TOKEN });
    await expect(
      conn.getByTestId('connection-test').locator('[data-check="token"]'),
    ).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  }
  await expect(page.getByText('Connection: Company API')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .click();
}

/** The Supplier base screen's export of the connection, downloaded; its workbook's file. */
async function exportBase(page: Page, name: string, suppliers: number): Promise<string> {
  await page.getByTestId('open-base').click();
  await expect(page.getByRole('heading', { name: 'Supplier base', level: 2 })).toBeVisible();
  await page.getByLabel('Connection').selectOption({ label: 'Company API' });
  await page.getByRole('button', { name: /^(Export to a workbook…|Continue the export)/ }).click();
  await expect(page.getByTestId('base-done')).toContainText(`${suppliers} suppliers exported to`, {
    timeout: 60_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the workbook' }).click(),
  ]);
  const file = path.join(dir, name);
  await download.saveAs(file);
  await page.getByRole('button', { name: 'Back to jobs' }).click();
  return file;
}

/**
 * The user's edit of the export: only the rows of the supplier ids in `changes` stay, and the
 * `added` columns get each row's cells. Returns the edited workbook and the platform id of each
 * supplier id kept.
 */
async function editExport(
  file: string,
  added: readonly string[],
  changes: Record<string, readonly string[]>,
): Promise<{ file: string; platformIds: Record<string, string> }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.getWorksheet('Suppliers')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header[0]).toBe('Platform ID');
  const supplierIdColumn = header.indexOf('Supplier ID') + 1;
  expect(supplierIdColumn).toBeGreaterThan(1);
  for (let n = sheet.rowCount; n >= 2; n--) {
    if (!(sheet.getRow(n).getCell(supplierIdColumn).text in changes)) sheet.spliceRows(n, 1);
  }
  const platformIds: Record<string, string> = {};
  added.forEach((h, i) => (sheet.getRow(1).getCell(header.length + 1 + i).value = h));
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const supplierId = row.getCell(supplierIdColumn).text;
    platformIds[supplierId] = row.getCell(1).text;
    changes[supplierId]!.forEach((v, i) => (row.getCell(header.length + 1 + i).value = v));
  }
  expect(Object.keys(platformIds).sort()).toEqual(Object.keys(changes).sort());
  const edited = file.replace(/\.xlsx$/, '.edited.xlsx');
  await book.xlsx.writeFile(edited);
  return { file: edited, platformIds };
}

/** The Map screen as it opens: nothing to map by hand; `expected` fields and their columns. */
async function mappedByItself(page: Page, expected: Record<string, number>): Promise<void> {
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  // The job goes to the sandbox the export came from.
  await expect(page.getByText('Connection: Company API')).toBeVisible();
  for (const [field, column] of Object.entries(expected)) {
    const row = page.locator(`[data-testid="mapping"] tr[data-field="${field}"]`);
    await expect(row.locator('select').first(), field).toHaveValue(String(column));
    // Suggested, not picked by the user.
    await expect(row.locator('td').nth(1), field).toContainText(/%/);
  }
  await expect(page.getByRole('button', { name: 'Next: import all rows' })).toBeEnabled();
}

test('the exported base with an Action column runs as a deactivate job, mapped by itself', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, servers().host);
  await connect(page);
  const before = await sandboxStats();
  expect(before.suppliers).toBe(SEEDED);

  const exported = await exportBase(page, 'base-1.xlsx', SEEDED);
  const { file, platformIds } = await editExport(exported, ['Action'], {
    'SUP-1002': ['deactivate'],
    'SUP-2001': ['deactivate'],
  });
  await importFile(page, file, 'deactivate');
  await mappedByItself(page, { platformId: 0, 'supplierId.id': 6, 'supplierId.source': 7 });
  await expect(page.getByTestId('map-kind')).toHaveText('Deactivate suppliers');
  await shot(page, 'base-to-deactivate-map');
  await page.getByTestId('job-name').fill('Deactivate from the export');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Next: check identifiers' }).click();
  await expect(page.getByTestId('check-status')).toContainText(
    'Check finished: 2 suppliers found to deactivate, 0 ambiguous, 0 not found',
    { timeout: 60_000 },
  );
  await page.getByTestId('start-run').click();
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-deactivate')).toContainText(
    '2 suppliers will be deactivated',
  );
  // Whom, before the number is typed: as the check found them on the platform.
  const targets = summary.getByTestId('plan-targets');
  await expect(targets.locator('caption')).toHaveText(
    'The 2 suppliers to deactivate, as the check found them',
  );
  const listed = targets.getByTestId('plan-target');
  await expect(listed).toHaveCount(2);
  expect(
    (
      await listed.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-platform-id')))
    ).sort(),
  ).toEqual([platformIds['SUP-1002']!, platformIds['SUP-2001']!].sort());
  for (const cells of await listed.evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
  ))
    expect(cells.slice(1, 4).every((c) => c !== '' && c !== '–')).toBe(true);
  await shot(page, 'deactivate-targets');
  await useLanguage(page, 'de');
  await expect(targets.locator('caption')).toHaveText(
    'Die 2 zu deaktivierenden Lieferanten, wie die Prüfung sie gefunden hat',
  );
  await expect(targets.locator('th').nth(4)).toHaveText('Plattform-ID');
  await useLanguage(page, 'en');
  await summary.getByTestId('confirm-count').fill('2');
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByTestId('kind-outcomes')).toContainText('deactivated by this job: 2');

  // The sandbox deactivated those two, once each, by the platform ids of the export.
  const after = await sandboxStats();
  expect(after.suppliers).toBe(SEEDED - 2);
  expect(after.changesByIdentity.deactivate).toEqual({
    [platformIds['SUP-1002']!]: 1,
    [platformIds['SUP-2001']!]: 1,
  });
  expect(after.createRequestsAccepted).toBe(before.createRequestsAccepted);
  expect(errors).toEqual([]);
});

test('the exported base with identifier columns runs as an identifiers job, mapped by itself', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, servers().host);
  await connect(page);
  const before = await sandboxStats();
  const exported = await exportBase(page, 'base-2.xlsx', before.suppliers);
  const { file, platformIds } = await editExport(
    exported,
    ['Identifier type', 'Identifier', 'Action'],
    {
      'SUP-1004': ['Customer ID', 'CU-NEW-4', 'add'],
      'SUP-1005': ['Own ID', 'OWN-5', 'add'],
      'SUP-1001': ['Customer ID', 'CU-77', 'remove'],
    },
  );
  await importFile(page, file, 'identifiers');
  await mappedByItself(page, {
    platformId: 0,
    'identifier.type': 9,
    'identifier.id': 10,
    'identifier.action': 11,
  });
  await expect(page.getByTestId('map-kind')).toHaveText('Attach or remove identifiers');
  await shot(page, 'base-to-identifiers-map');
  await page.getByTestId('job-name').fill('Identifiers from the export');
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Next: check identifiers' }).click();
  await expect(page.getByTestId('check-status')).toContainText(
    'Check finished: 3 identifiers to add or remove, 0 already as their rows ask, 0 on another supplier, 0 ambiguous, 0 suppliers not found',
    { timeout: 60_000 },
  );
  await page.getByTestId('start-run').click();
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-identifiers')).toContainText(
    'At most 2 identifiers will be added',
  );
  await expect(summary.getByTestId('plan-identifiers')).toContainText(
    'At most 1 identifier will be removed',
  );
  await summary.getByTestId('confirm-count').fill('1');
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  const outcomes = page.getByTestId('kind-outcomes');
  await expect(outcomes).toContainText('identifier added by this job: 2');
  await expect(outcomes).toContainText('identifier removed by this job: 1');

  // Each identifier changed once, on the supplier of its row's platform id.
  const stats = await sandboxStats();
  const key = (...parts: string[]) => parts.join('\u001f');
  expect(stats.changesByIdentity.identifier_add).toEqual({
    [key(platformIds['SUP-1004']!, 'CUSTOMER_ID', 'CU-NEW-4', '')]: 1,
    [key(platformIds['SUP-1005']!, 'OWN_ID', 'OWN-5', '')]: 1,
  });
  expect(stats.changesByIdentity.identifier_remove).toEqual({
    [key(platformIds['SUP-1001']!, 'CUSTOMER_ID', 'CU-77', '')]: 1,
  });
  expect(stats.suppliers).toBe(before.suppliers);
  expect(stats.changesByIdentity.deactivate).toEqual(before.changesByIdentity.deactivate);
  expect(errors).toEqual([]);
});
