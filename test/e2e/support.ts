// Starts the real browser host as a process (the way a user would) and hands its address to a test;
// plus the steps the UI tests share.
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import ExcelJS from 'exceljs';
import path from 'node:path';
import type { Operation } from '../../src-shared/operations';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fill, messages, type Lang, type MessageKey } from '../../src-shared/i18n';

export interface RunningHost {
  launchUrl: string;
  origin: string;
  dataDir: string;
  /** Stops the host process and removes its data folder. */
  stop(): Promise<void>;
  /** Stops the host process (SIGTERM, or SIGKILL for a crash) and starts a new one on the same
   *  data folder; the new host has a new address and secret. */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<RunningHost>;
}

interface Keychain {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A private, unlocked system keychain (a D-Bus session with gnome-keyring's Secret Service) for
 * the host, so that tokens are stored the way they are on a desktop. Undefined where those
 * programs are missing; the host then uses whatever keychain the machine has.
 */
async function startKeychain(): Promise<Keychain | undefined> {
  if (
    process.platform !== 'linux' ||
    !existsSync('/usr/bin/dbus-daemon') ||
    !existsSync('/usr/bin/gnome-keyring-daemon')
  )
    return undefined;
  const home = await mkdtemp(path.join(os.tmpdir(), 'e2e-keychain-'));
  await mkdir(path.join(home, '.local/share/keyrings'), { recursive: true });
  const dbus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    dbus.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    dbus.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code})`)));
  });
  const env = {
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_DATA_HOME: path.join(home, '.local/share'),
  };
  const keyring = spawn(
    'gnome-keyring-daemon',
    ['--foreground', '--unlock', '--components=secrets'],
    { env: { ...process.env, ...env, HOME: home }, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  // It prints its environment once the keyring is created and unlocked.
  const ready = new Promise<void>((resolve) => {
    keyring.stdout.once('data', () => resolve());
    setTimeout(resolve, 5_000);
  });
  keyring.stdin.end('e2e-keychain');
  await ready;
  return {
    env,
    async stop() {
      await Promise.all([endProcess(keyring), endProcess(dbus)]);
      await rm(home, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
export const SAMPLE = path.resolve('resources/samples/suppliers.xlsx');
/** `npm run host` and `npm run sandbox` as they run: the bundles `npm run test:e2e` builds first
 *  (scripts/build-cli.mjs). */
const HOST_CLI = path.resolve('out/cli/host.mjs');
const SANDBOX_CLI = path.resolve('out/cli/sandbox.mjs');

function spawnProcess(
  args: string[],
  ready: RegExp,
  what: string,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...extraEnv },
    stdio: 'pipe',
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      const m = ready.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${output}`)));
  });
}

async function endProcess(
  child: ChildProcess,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  // A host that does not finish closing in time is killed, so no test leaves a process behind.
  const timer = setTimeout(() => {
    console.warn(`process ${child.pid} did not exit within 20 s of ${signal}; killing it`);
    child.kill('SIGKILL');
  }, 20_000);
  await exited;
  clearTimeout(timer);
}

export async function startHost(
  options: { dataDir?: string; keychain?: Keychain } = {},
): Promise<RunningHost> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'e2e-data-')));
  const keychain = options.keychain ?? (await startKeychain());
  const { child, url: launchUrl } = await spawnProcess(
    [HOST_CLI, '--port', '0', '--data-dir', dataDir],
    /open (http:\/\/\S+)/,
    'browser host',
    keychain?.env,
  );
  return {
    launchUrl,
    origin: new URL(launchUrl).origin,
    dataDir,
    async stop() {
      await endProcess(child);
      await keychain?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    async restart(signal = 'SIGTERM') {
      await endProcess(child, signal);
      return startHost({ dataDir, ...(keychain ? { keychain } : {}) });
    },
  };
}

/** A standalone sandbox API (for connections other than the built-in one). */
/** One host for the tests of a file: started before the first, stopped after the last. */
export function hostPerFile(): () => RunningHost {
  let host: RunningHost | undefined;
  test.beforeAll(async () => {
    host = await startHost();
  });
  test.afterAll(async () => {
    await host?.stop();
  });
  return () => {
    if (!host) throw new Error('the host is not started yet');
    return host;
  };
}

/** A standalone sandbox API accepting `tokens`; `options` are further `npm run sandbox` options
 *  (e.g. `--seed-suppliers sample`). */
export async function startSandbox(
  tokens: string[],
  options: readonly string[] = [],
): Promise<{ url: string; stop(): Promise<void> }> {
  const { child, url } = await spawnProcess(
    [SANDBOX_CLI, '--port', '0', ...tokens.flatMap((t) => ['--token', t]), ...options],
    /sandbox listening on (http:\/\/\S+)/,
    'sandbox',
  );
  return { url, stop: () => endProcess(child) };
}

/** One host and one standalone sandbox API (accepting `tokens`, started with `options`) for the
 *  tests of a file. */
export function hostAndSandboxPerFile(
  tokens: string[],
  options: readonly string[] = [],
): () => { host: RunningHost; api: { url: string } } {
  let host: RunningHost | undefined;
  let api: Awaited<ReturnType<typeof startSandbox>> | undefined;
  test.beforeAll(async () => {
    [host, api] = await Promise.all([startHost(), startSandbox(tokens, options)]);
  });
  test.afterAll(async () => {
    await Promise.all([host?.stop(), api?.stop()]);
  });
  return () => {
    if (!host || !api) throw new Error('the host is not started yet');
    return { host, api };
  };
}

/** One host and one standalone sandbox API (accepting `token`) whose base is `suppliers` (the
 *  seed file is written now, before the file's hooks start the sandbox, and removed after the
 *  last test); `stats()` reads the sandbox's own counts. */
export function seededSandboxPerFile<Stats>(
  token: string,
  suppliers: readonly object[],
): {
  servers: () => { host: RunningHost; api: { url: string } };
  dir: string;
  stats: () => Promise<Stats>;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-seeded-'));
  const seed = path.join(dir, 'seed.json');
  writeFileSync(seed, JSON.stringify(suppliers));
  const servers = hostAndSandboxPerFile([token], ['--seed-suppliers', seed]);
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const stats = async (): Promise<Stats> => {
    const r = await fetch(`${servers().api.url}/__sandbox/stats`, {
      headers: { 'X-Auth-Token': token },
    });
    expect(r.status).toBe(200);
    return (await r.json()) as Stats;
  };
  return { servers, dir, stats };
}

/** Adds a connection on the Connection screen (open) and saves it, which tests it. The
 *  labels are those of the interface's language at the moment. */
export async function addConnection(
  page: Page,
  connection: { name: string; url: string; token: string },
  labels = {
    name: 'Name',
    url: 'Address of the API (base URL)',
    token: 'Access token',
    save: 'Save and test',
  },
): Promise<void> {
  await page.getByLabel(labels.name, { exact: true }).fill(connection.name);
  await page.getByLabel(labels.url).fill(connection.url);
  await page.getByRole('textbox', { name: labels.token }).fill(connection.token);
  await page.getByRole('button', { name: labels.save }).click();
}

type TextParams = Record<string, string | number>;

function formatParam(lang: Lang, v: string | number): string {
  return typeof v === 'number'
    ? new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB').format(v)
    : v;
}

/** The interface's text in `lang` from the catalogue, with numbers as the app formats them. */
export function text(lang: Lang, key: MessageKey, params: TextParams = {}): string {
  const formatted = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, formatParam(lang, v)]),
  );
  return fill(messages[lang][key], formatted, lang);
}

/** `s` as a pattern that matches it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The same text as a pattern: a placeholder given a RegExp matches it, one not given matches a
 *  number and is captured (in order). A count (`{n, plural, …}`) given a number is its form; one
 *  not given matches any of its forms, each form's number captured. */
export function textPattern(
  lang: Lang,
  key: MessageKey,
  params: Record<string, string | number | RegExp> = {},
): RegExp {
  // A count given a value is its form for that value; one not given is each of its forms.
  const given = Object.fromEntries(
    Object.entries(params)
      .filter((e): e is [string, string | number] => !(e[1] instanceof RegExp))
      .map(([k, v]) => [k, formatParam(lang, v)]),
  );
  const forms: string[] = [];
  const counted = messages[lang][key].replace(
    /\{(\w+), plural,((?:[^{}]|\{[^{}]*\})*)\}/g,
    (m, name: string, options: string) => {
      if (given[name] !== undefined) return fill(m, { [name]: given[name] }, lang);
      forms.push(
        [...options.matchAll(/\{([^{}]*)\}/g)]
          .map((o) => o[1]!)
          // The longer form first: "rows" before "row".
          .sort((x, y) => y.length - x.length)
          .map((o) => o.split('#').map(escapeRegExp).join('(\\d[\\d.,]*)'))
          .join('|'),
      );
      return `{#${forms.length - 1}}`;
    },
  );
  // Split on the placeholders: the even parts are text, the odd ones `{name}`.
  const parts = counted.split(/(\{(?:\w+|#\d+)\})/);
  const source = parts.map((part, i) => {
    if (i % 2 === 0) return escapeRegExp(part);
    if (part.startsWith('{#')) return `(?:${forms[Number(part.slice(2, -1))]})`;
    const v = params[part.slice(1, -1)];
    if (v === undefined) return '(\\d[\\d.,]*)';
    if (v instanceof RegExp) return `(?:${v.source})`;
    return escapeRegExp(formatParam(lang, v));
  });
  return new RegExp(source.join(''));
}

/** Switches the interface to `lang` with the language menu, whatever language it speaks now. */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  const current = (await page.locator('html').getAttribute('lang')) === 'de' ? 'de' : 'en';
  await page.getByLabel(messages[current]['header.language']).selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** A screenshot under test-results/screenshots. The README's pictures are not made here but by
 *  the tour (`npm run screenshots`, test/tour); `_docs`, which once copied the picture into
 *  docs/screenshots, is accepted and ignored. */
export async function shot(page: Page, name: string, _docs = false): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // From the top: a sticky table header of a scrolled page would sit mid-picture.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector('main')?.scrollTo(0, 0);
  });
  await page.screenshot({ path: file, fullPage: true });
}

/** Collects console errors and page errors, to assert none happened. */
export function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

export async function openApp(page: Page, host: RunningHost): Promise<void> {
  await page.goto(host.launchUrl);
  // The first answers wait for the host's services process to open the journal and start the
  // practice sandbox: on a busy machine that is longer than a look's usual wait.
  await expect(page.getByRole('heading', { name: 'Jobs', level: 2 })).toBeVisible({
    timeout: 20_000,
  });
}

/** Import → preview: picks the kind of job (an onboarding unless told) and the file with the
 *  browser's file input (uploaded in chunks). */
export async function importFile(page: Page, file: string, kind?: Operation): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'New import' })
    .click();
  await expect(page.getByRole('heading', { name: 'Import a supplier list' })).toBeVisible();
  if (kind) await page.getByTestId(`kind-${kind}`).check();
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('preview')).toBeVisible({ timeout: 30_000 });
}

/** Map → a new job with every row imported; ends on the Review screen. */
export async function mapAndCreate(page: Page, jobName: string): Promise<void> {
  await page.getByRole('button', { name: 'Next: Map' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(page.getByTestId('mapping-summary')).toBeVisible();
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  await page.getByTestId('job-name').fill(jobName);
  await page.getByRole('button', { name: 'Next: import all rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible({
    timeout: 60_000,
  });
}

/** Review → the identifier check → the run's start, waiting for the check to finish. */
export async function checkIdentifiers(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next: check identifiers' }).click();
  await expect(page.getByRole('heading', { name: /^Check and run/ })).toBeVisible();
  await expect(page.getByTestId('check-status')).toContainText('Check finished', {
    timeout: 60_000,
  });
}

/** Confirms the paid work of the summary before a start by typing its number, as a user reads
 *  it from the summary: the button stays disabled until the number typed is that one. Returns
 *  the number. */
export async function typePaidCount(summary: Locator): Promise<number> {
  const label = summary.getByTestId('plan-paid-confirm');
  const said = (await label.textContent()) ?? '';
  const n = Number(/\d[\d.,\u202f\u00a0 ]*/.exec(said)?.[0]?.replace(/\D/g, ''));
  const confirm = summary.locator('.actions button.primary');
  await expect(confirm).toBeDisabled();
  await label.getByRole('textbox').fill(String(n + 1));
  await expect(confirm).toBeDisabled();
  await label.getByRole('textbox').fill(String(n));
  await expect(confirm).toBeEnabled();
  return n;
}

/** The run's start: the summary before it (what it creates, orders, costs and takes), then
 *  its confirmation. */
export async function startUpload(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start upload' }).click();
  await expect(page.getByTestId('start-summary')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(page.getByTestId('start-summary')).toHaveCount(0);
}

export function jobState(page: Page, state: string) {
  return page.getByTestId('job-state').locator(`[data-state="${state}"]`);
}

/** The run has done all it can: finished, or waiting for the user's fixes. */
export function jobEnded(page: Page) {
  return page
    .getByTestId('job-state')
    .locator('[data-state="finished"], [data-state="needs_attention"]');
}

/** A list of `rows` suppliers in Berlin that no other list shares (ids and names from `prefix`):
 *  its run sends every row. */
export async function writeSupplierList(file: string, rows: number, prefix: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier ID', 'Name', 'Street', 'Postal code', 'City', 'Country']);
  for (let i = 1; i <= rows; i++)
    ws.addRow([
      `${prefix}-${i}`,
      `${prefix} Supplier ${i} GmbH`,
      // A street of each list's own: two lists of one file differing only in the prefix would
      // be likely duplicates of each other at the same street (names alike, same postal code).
      `${prefix}-Weg ${i}`,
      '10115',
      'Berlin',
      'DE',
    ]);
  await wb.xlsx.writeFile(file);
}
