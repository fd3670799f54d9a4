// Moving a job to another connection from its card: a second connection added in the app, the
// job moved to it before anything was sent, and back to the practice connection.
import { expect, test } from '@playwright/test';
import {
  SAMPLE,
  addConnection,
  hostAndSandboxPerFile,
  importFile,
  mapAndCreate,
  openApp,
  watchErrors,
} from './support';

const servers = hostAndSandboxPerFile(['right-token']);

test('a job is moved to a connection added in the app, and back', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const { host, api } = servers();
  await openApp(page, host);

  // A job on the practice connection, its identifiers not checked yet.
  await importFile(page, SAMPLE);
  await mapAndCreate(page, 'Moving job');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // A second connection, added and tested in the app.
  await nav.getByRole('button', { name: 'Connection' }).click();
  await addConnection(page, { name: 'Company API', url: api.url, token: 'right-token' });
  const conn = page.getByTestId('connection').filter({ hasText: 'Company API' });
  await expect(conn.getByTestId('connection-test').locator('[data-check="token"]')).toHaveAttribute(
    'data-status',
    'ok',
  );

  // The job's card offers the other connection; the move is confirmed on the card.
  await nav.getByRole('button', { name: 'Jobs' }).click();
  const card = page.getByTestId('job').filter({ hasText: 'Moving job' });
  await expect(card).toContainText('suppliers.xlsx on Built-in sandbox (practice)');
  const moveTo = card.getByTestId('move-to');
  await expect(moveTo.locator('option')).toHaveText(['–', 'Company API']);
  await moveTo.selectOption({ label: 'Company API' });
  await card.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The job now uses' })).toContainText(
    'The job now uses "Company API". Resume it to go on.',
  );
  await expect(card).toContainText('suppliers.xlsx on Company API');
  await expect(page.getByTestId('jobs-problem')).toHaveCount(0);

  // The services keep the move: after a reload the card still names the new connection.
  await page.reload();
  const again = page.getByTestId('job').filter({ hasText: 'Moving job' });
  await expect(again).toContainText('suppliers.xlsx on Company API');

  // And back to the practice connection, named as the app names it.
  await again.getByTestId('move-to').selectOption({ label: 'Built-in sandbox (practice)' });
  await again.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(again).toContainText('suppliers.xlsx on Built-in sandbox (practice)');
  expect(errors).toEqual([]);
});
