// The platform's own base audited on the Supplier base screen in the browser: a sandbox seeded
// with a base as real ones grow (test/lists.ts AUDIT_BASE), the audit's groups shown with their
// reasons, one choice changed by keyboard, the chosen suppliers handed to a deactivation job whose
// count is typed, and the sandbox's own counts compared: each chosen supplier deactivated once,
// the kept ones untouched.
import { expect, test } from '@playwright/test';
import { AUDIT_BASE, AUDIT_GROUPS } from '../lists';
import {
  addConnection,
  jobEnded,
  openApp,
  seededSandboxPerFile,
  shot,
  useLanguage,
  watchErrors,
} from './support';

const TOKEN = 'audit-token';
const { servers, stats } = seededSandboxPerFile<{
  changesByIdentity: { deactivate: Record<string, number> };
}>(TOKEN, AUDIT_BASE);
const deactivations = async () => (await stats()).changesByIdentity.deactivate;

test('the base audited: groups with reasons, the chosen extras deactivated by a typed count', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openApp(page, servers().host);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Connection' })
    .click();
  await addConnection(page, { name: 'Company API', url: servers().api.url, token: TOKEN });
  await expect(
    page
      .getByTestId('connection')
      .filter({ hasText: 'Company API' })
      .getByTestId('connection-test')
      .locator('[data-check="token"]'),
  ).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .click();

  await page.getByTestId('open-base').click();
  await page.getByLabel('Connection').selectOption({ label: 'Company API' });
  await page.getByRole('button', { name: 'Audit the supplier base' }).click();
  const done = page.getByTestId('base-done');
  await expect(done).toContainText(
    `${AUDIT_BASE.length} active suppliers compared (connection "Company API"): 3 groups of likely duplicates, 7 suppliers in all.`,
    { timeout: 60_000 },
  );

  // The groups as the audit found them, by the suppliers' ids, each member with its reasons.
  const groups = page.getByTestId('audit-group');
  await expect(groups).toHaveCount(AUDIT_GROUPS.length);
  const shown: string[][] = [];
  for (const g of await groups.all()) {
    const ids = await g.getByTestId('audit-member').locator('td:nth-child(5)').allInnerTexts();
    shown.push(ids.map((t) => t.replace(' (ERP)', '')).sort());
  }
  expect(shown.sort()).toEqual(AUDIT_GROUPS.map((g) => [...g]));
  await expect(page.getByTestId('audit-member').first().locator('td').last()).not.toBeEmpty();

  // By default each group's first is kept: 4 to deactivate. The user keeps Harvey's second
  // instead of its first, by keyboard.
  const deactivate = page.getByTestId('audit-deactivate');
  await expect(deactivate).toHaveText('Deactivate the 4 chosen suppliers…');
  const harvey = groups.filter({ hasText: 'C3' }).getByTestId('audit-choose');
  await harvey.nth(0).focus();
  await page.keyboard.press('Space');
  // Every member of the group ticked would leave none: refused until one is kept.
  await expect(page.getByTestId('audit-emptied')).toContainText('Keep at least one.');
  await expect(deactivate).toBeDisabled();
  await harvey.nth(1).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('audit-emptied')).toHaveCount(0);
  await expect(deactivate).toHaveText('Deactivate the 4 chosen suppliers…');
  await expect(harvey.nth(1)).not.toBeChecked();
  await shot(page, 'base-audit');
  const chosen = await page
    .getByTestId('audit-member')
    .filter({ has: page.locator('input:checked') })
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-platform-id')));
  expect(chosen).toHaveLength(4);
  await deactivate.click();

  // The deactivation job: its count typed, each chosen supplier deactivated once.
  const summary = page.getByTestId('start-summary');
  await expect(summary.getByTestId('plan-deactivate')).toContainText(
    '4 suppliers will be deactivated',
    { timeout: 30_000 },
  );
  await summary.getByTestId('confirm-count').fill('4');
  await summary.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  const done2 = await deactivations();
  expect(Object.keys(done2).sort()).toEqual([...chosen].sort());
  expect(Object.values(done2).every((n) => n === 1)).toBe(true);

  // Audited again, in German: nothing left to group.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .click();
  await useLanguage(page, 'de');
  await page.getByTestId('open-base').click();
  await page.getByLabel('Verbindung').selectOption({ label: 'Company API' });
  await page.getByRole('button', { name: 'Lieferantenstamm prüfen' }).click();
  await expect(page.getByTestId('base-done')).toContainText(
    `${AUDIT_BASE.length - 4} aktive Lieferanten verglichen (Verbindung „Company API“): keine wahrscheinlichen Dubletten`,
    { timeout: 60_000 },
  );
  expect(errors).toEqual([]);
});
