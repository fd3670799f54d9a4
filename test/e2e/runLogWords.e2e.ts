// The Run screen's "What happened" log says what happened, once and in order, in English and
// German: a check says the check runs (it sends nothing), a pause does not say "Paused" twice,
// and the user's start comes before what the run did after it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import {
  checkIdentifiers,
  hostPerFile,
  importFile,
  jobState,
  mapAndCreate,
  openApp,
  startUpload,
  text,
  useLanguage,
  watchErrors,
  writeSupplierList,
} from './support';

const host = hostPerFile();
let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-run-log-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The log's lines, newest first, without their times. */
async function lines(log: Locator): Promise<string[]> {
  return (await log.locator('li').allTextContents()).map((l) =>
    l
      .replace(/^\s*\S+\s*[●ℹ⚠]?\s*/u, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

test('the log says a check runs, a pause once, and the start before the run', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const file = path.join(dir, 'logged.xlsx');
  await writeSupplierList(file, 60, 'LOGGED');
  await openApp(page, host());
  await importFile(page, file);
  await mapAndCreate(page, 'Logged run');
  await checkIdentifiers(page);

  // The check sent nothing: its line says the check runs, not that the job runs.
  const log = page.getByTestId('log');
  await expect(log).toContainText(text('en', 'log.checking'));
  expect((await lines(log)).join('\n')).not.toContain(
    text('en', 'log.state', { state: text('en', 'jobState.running') }),
  );

  await startUpload(page);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(jobState(page, 'paused')).toBeVisible({ timeout: 30_000 });
  // The state line and its reason, the reason's "Paused" not said a second time.
  const paused = `${text('en', 'log.state', { state: 'Paused' })} Resume the job to continue where it stopped.`;
  await expect(log).toContainText(paused);
  await expect(log).not.toContainText('Paused. Paused.');

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(jobState(page, 'finished')).toBeVisible({ timeout: 180_000 });

  // In the order things happened (newest first): the user's start before the run it started.
  const order = async (lang: 'en' | 'de') => {
    const all = await lines(log);
    const started = all.lastIndexOf(text(lang, 'log.started'));
    const running = all.lastIndexOf(
      text(lang, 'log.state', { state: text(lang, 'jobState.running') }),
    );
    const finished = all.indexOf(
      text(lang, 'log.state', { state: text(lang, 'jobState.finished') }),
    );
    expect(started, all.join('\n')).toBeGreaterThan(-1);
    expect(running, all.join('\n')).toBeGreaterThan(-1);
    expect(started, all.join('\n')).toBeGreaterThan(running);
    expect(running, all.join('\n')).toBeGreaterThan(finished);
    expect(all.indexOf(text(lang, 'log.checking')), all.join('\n')).toBeGreaterThan(started);
  };
  await order('en');

  await useLanguage(page, 'de');
  await expect(log).toContainText(text('de', 'log.checking'));
  await expect(log).toContainText(
    'Auftrag ist jetzt: Pausiert. Setzen Sie den Auftrag fort, um dort weiterzumachen, wo er stand.',
  );
  await expect(log).not.toContainText('Pausiert. Angehalten.');
  await order('de');
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});
