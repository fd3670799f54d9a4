// A match found by hand (issue 42), against the host's practice sandbox over real HTTP: a row
// that is like no supplier of the platform (Verde Agricola, row 13 of test/lists.ts
// writeDuplicatesList) is searched on the platform from its row panel on the Review screen (the
// list read from the platform for the search), by keyboard: Enter searches, ↓ chooses the
// supplier found, Enter attaches the row to it, Escape closes the search. The job runs; the
// sandbox's own state (read with SQLite, a second reader of its file) has no supplier created for
// the row and the row's supplier id on the supplier chosen, once.
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeDuplicatesList } from '../lists';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobEnded,
  mapAndCreate,
  openApp,
  text,
  startUpload,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir = '';
let file = '';
const VERDE = 13;
const VERDE_ID = 'DUP-012';

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-find-'));
  file = path.join(dir, 'find.xlsx');
  await writeDuplicatesList(file);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function read<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(host().dataDir, file), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

test('a row found on the platform by keyboard is attached, not created', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, 'Found by hand');

  // On the Review screen, before the check: the row's panel, Find on the platform…
  await page.getByRole('button', { name: text('en', 'rows.openRow', { row: VERDE }) }).click();
  const detail = page.getByTestId('row-detail');
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: text('en', 'find.open') }).click();
  const search = detail.getByTestId('platform-search');
  // The name field has the focus, filled with the row's name: typed over, Enter searches.
  const name = search.getByTestId('find-name');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Verde Agricola S.r.l.');
  await name.fill('Tessuti');
  await search.getByTestId('find-city').fill('');
  await name.press('Enter');
  const results = search.getByTestId('find-results');
  await expect(results.getByRole('option')).toHaveCount(1);
  const option = results.getByRole('option').first();
  await expect(option).toContainText('Tessuti Toscani S.p.A.');
  const platformId = (await option.getAttribute('data-platform-id'))!;
  // ↓ goes to the suppliers found, Enter attaches the row to the one chosen.
  await page.keyboard.press('ArrowDown');
  await expect(results).toBeFocused();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(search.getByTestId('find-attached')).toContainText(
    text('en', 'find.attached', { row: VERDE, name: 'Tessuti Toscani S.p.A.', platformId }),
  );
  await expect(detail.locator(`dd`).filter({ hasText: platformId })).toHaveCount(1);
  // Escape closes the search.
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);

  // The journal holds the decision: the row is the existing supplier, attached.
  const [held] = read<{ state: string; platform_id: string; duplicate_decision: string }>(
    'journal.sqlite',
    `SELECT r.state, r.platform_id, r.duplicate_decision FROM rows r JOIN jobs j ON j.id = r.job_id
      WHERE j.name = ? AND r.source_row = ?`,
    'Found by hand',
    VERDE,
  );
  expect(held).toEqual({ state: 'exists', platform_id: platformId, duplicate_decision: 'attach' });
  await checkIdentifiers(page);

  // The run: the rows waiting for a decision stay; the attached one gets its id on Tessuti.
  await startUpload(page);
  await expect(jobEnded(page)).toBeVisible({ timeout: 180_000 });

  // What the sandbox holds: the row's supplier id on Tessuti once, no supplier made for it.
  const ids = read<{ platform_id: number }>(
    'sandbox.sqlite',
    `SELECT platform_id FROM identifiers WHERE type = 'SUPPLIER_ID' AND id = ? AND source = 'ERP'`,
    VERDE_ID,
  );
  expect(ids.map((i) => String(i.platform_id))).toEqual([platformId]);
  const pending = read(
    'sandbox.sqlite',
    'SELECT uuid FROM pending WHERE supplier_id = ?',
    VERDE_ID,
  );
  expect(pending).toEqual([]);
  const named = read<{ n: number }>(
    'sandbox.sqlite',
    `SELECT COUNT(*) AS n FROM suppliers WHERE name = 'Verde Agricola S.r.l.'`,
  );
  expect(named[0]!.n).toBe(0);
  const [done] = read<{ state: string }>(
    'journal.sqlite',
    `SELECT r.state FROM rows r JOIN jobs j ON j.id = r.job_id WHERE j.name = ? AND r.source_row = ?`,
    'Found by hand',
    VERDE,
  );
  expect(done!.state).toBe('done');
  expect(errors).toEqual([]);
});
