// A run paused, the app restarted, and the job resumed to the end from where it stopped.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  checkIdentifiers,
  importFile,
  jobState,
  mapAndCreate,
  openApp,
  shot,
  startHost,
  type RunningHost,
  startUpload,
  writeSupplierList,
} from './support';

let host: RunningHost;
let dir: string;
// Enough rows that the run is still going when it is paused or killed.
const ROWS = 60;

test.beforeAll(async () => {
  host = await startHost();
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-resume-'));
});
test.afterAll(async () => {
  await host?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('a run paused, the host restarted, and the job resumed to the end', async ({ page }) => {
  test.setTimeout(300_000);
  const file = path.join(dir, 'resume-suppliers.xlsx');
  await writeSupplierList(file, ROWS, 'PAUSE');

  await openApp(page, host);
  await importFile(page, file);
  await mapAndCreate(page, 'Paused and resumed');
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobState(page, 'running')).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(jobState(page, 'paused')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'run-paused', true);

  // The app closes and starts again on the same data folder, at a new address.
  host = await host.restart();
  await openApp(page, host);
  const card = page.getByTestId('job').filter({ hasText: 'Paused and resumed' });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-state', 'paused');
  await shot(page, 'jobs-after-restart');
  await card.getByRole('button', { name: 'Resume' }).click();

  await expect(page.getByRole('heading', { name: /^Check and run/ })).toBeVisible();
  await expect(jobState(page, 'finished')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('run-progress')).toHaveText(`${ROWS} of ${ROWS} rows finished`);
});

test('a job stopped by a crash is offered for resuming at once', async ({ page }) => {
  test.setTimeout(300_000);
  const file = path.join(dir, 'crash-suppliers.xlsx');
  await writeSupplierList(file, ROWS, 'CRASH');
  await openApp(page, host);
  await importFile(page, file);
  await mapAndCreate(page, 'Interrupted');
  await checkIdentifiers(page);
  await startUpload(page);
  await expect(jobState(page, 'running')).toBeVisible();
  // Live figures while it runs: speed against the ceiling, time left, API limit, network.
  await expect(page.getByTestId('figures')).toContainText('allowed');
  await expect(page.getByTestId('network')).toContainText('Connected');
  await shot(page, 'run-live', true);

  host = await host.restart('SIGKILL');
  await openApp(page, host);
  const notice = page.getByTestId('interrupted').filter({ hasText: 'Interrupted' });
  await expect(notice).toBeVisible();
  await shot(page, 'jobs-interrupted', true);
  await notice.getByRole('button', { name: 'Resume now' }).click();
  await expect(jobState(page, 'finished')).toBeVisible({ timeout: 240_000 });
});
