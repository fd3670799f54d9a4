// Runs `onboard` as the user does: a separate Node process, its own data folder, its output read
// line by line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src-main/sandbox';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices } from '../../../src-main/services/appServices';
import { DEFAULT_CONNECTION_SETTING } from '../../../src-main/services/onboarding/connections';
import { parse } from '../../../src-main/cli/args';
import type { UsageError } from '../../../src-main/cli/words';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SAMPLE = path.join(ROOT, 'resources/samples/suppliers.xlsx');
/** `npm run onboard` as it runs: the bundle the global setup built (scripts/build-cli.mjs). */
export const ONBOARD = path.join(ROOT, 'out/cli/onboard.mjs');
export const SUMMARY =
  /^rows=\d+ created=\d+ existing=\d+ invalid=\d+ rejected=\d+ failed=\d+ pending=\d+ validation_rejected=\d+ screening_aborted=\d+ screening_findings=\d+ needs_review=\d+$/;

/** The exit code a run's key line calls for: 1 when a row needs the user (a problem, a failure,
 *  a rejected validation, a stopped screening, findings to review, a status to review), else 0.
 *  For runs whose screening or validation outcomes the sandbox draws by chance. */
export function exitForKeyLine(line: string): number {
  const n = (k: string) => Number(new RegExp(`\\b${k}=(\\d+)`).exec(line)?.[1] ?? NaN);
  const needYou = [
    'invalid',
    'rejected',
    'failed',
    'validation_rejected',
    'screening_aborted',
    'screening_findings',
    'needs_review',
  ].reduce((a, k) => a + n(k), 0);
  if (Number.isNaN(needYou)) throw new Error(`not a key line: ${line}`);
  return needYou > 0 ? 1 : 0;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

export interface CliRun {
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** Resolves with the first stdout line `pred` accepts (rejects if the process ends first). */
  waitForLine(pred: (line: string) => boolean): Promise<string>;
  done: Promise<CliResult>;
}

export function startCli(args: string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, [ONBOARD, ...args], {
    cwd: ROOT,
    // English unless a test asks for another language: the machine's locale does not decide.
    env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stdout = '';
  let stderr = '';
  let partial = '';
  const waiters: Array<{ pred: (l: string) => boolean; resolve: (l: string) => void }> = [];
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    stdout += chunk;
    partial += chunk;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.pred(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (partial) lines.push(partial);
      resolve({ code, signal, stdout, stderr, lines: [...lines] });
    });
  });
  return {
    child,
    lines,
    waitForLine(pred) {
      const seen = lines.find(pred);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        waiters.push({ pred, resolve });
        void done.then((r) =>
          reject(
            new Error(
              `the command ended (code ${r.code}, signal ${r.signal}) before the line awaited\n${r.stdout}\n${r.stderr}`,
            ),
          ),
        );
      });
    },
    done,
  };
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return startCli(args, env).done;
}

export function lastLine(r: CliResult): string {
  return r.lines.filter((l) => l.trim() !== '').at(-1) ?? '';
}

/** A line of `--json` output as an object, or null when the line is not JSON. */
export function jsonLine(line: string): (Record<string, unknown> & { type: string }) | null {
  try {
    return JSON.parse(line) as Record<string, unknown> & { type: string };
  } catch {
    return null;
  }
}

export function parseSummary(line: string): Record<string, number> {
  return Object.fromEntries(
    line.split(' ').map((kv) => {
      const [k, v] = kv.split('=');
      return [k!, Number(v)];
    }),
  );
}

export async function tempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A plain supplier list of `n` valid rows, ids starting at `first`. */
export async function writeSupplierList(file: string, n: number, first = 1): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source']);
  const ids: string[] = [];
  const cities = [
    ['Berlin', 'DE', '10115'],
    ['Lyon', 'FR', '69001'],
    ['Milano', 'IT', '20121'],
    ['Wien', 'AT', '1010'],
  ] as const;
  for (let i = 0; i < n; i++) {
    const id = `T${String(first + i).padStart(6, '0')}`;
    const [city, country, zip] = cities[i % cities.length]!;
    ids.push(id);
    ws.addRow([
      id,
      `Test Supplier ${first + i} GmbH`,
      `Street ${i + 1}`,
      zip,
      city,
      country,
      'ERP',
    ]);
  }
  await wb.xlsx.writeFile(file);
  return ids;
}

export { writePaidList, type PaidColumns } from '../../lists';

/** What a sandbox received since `before`: screenings per period, validations, creations and
 *  write requests (a plan compared with what was sent). */
export function paidSentSince(
  before: ReturnType<SandboxHandle['stats']>,
  after: ReturnType<SandboxHandle['stats']>,
) {
  const by = (s: typeof after, p: string) => s.screeningsByPeriod[p] ?? 0;
  return {
    screeningsByPeriod: {
      '2': by(after, '2') - by(before, '2'),
      '5': by(after, '5') - by(before, '5'),
      '10': by(after, '10') - by(before, '10'),
    },
    validations: after.validationRequests - before.validationRequests,
    creations: after.createRequestsAccepted - before.createRequestsAccepted,
    writes: after.requests.WRITE - before.requests.WRITE,
  };
}

export interface SheetData {
  name: string;
  rows: unknown[][];
}

/** Every sheet of a workbook as arrays of plain cell values (row 1 first, column A first). */
export async function readWorkbook(file: string): Promise<SheetData[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as unknown[];
      // Trailing empty cells are missing from `values`: every row gets the sheet's width.
      const width = Math.max(ws.columnCount, values.length - 1);
      rows.push(Array.from({ length: width }, (_, i) => values[i + 1] ?? null));
    });
    return { name: ws.name, rows };
  });
}

/** Saves a connection in the data folder's journal, as the desktop app would: the API's address
 *  and the limits of its contract. The token stays out of it (the command gets it by --token-env). */
export async function saveConnection(
  dataDir: string,
  name: string,
  baseUrl: string,
  perSecond: { GET: number; WRITE: number },
  /** Made the active connection too, as the app's "Use" does once its test passes. */
  active = false,
): Promise<void> {
  const services = createAppServices({
    dataDir,
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: false,
  });
  try {
    const { onboarding, journal } = await services.ready();
    const saved = await onboarding.saveConnection({
      name,
      baseUrl,
      limits: {
        GET: [{ limit: perSecond.GET, windowMs: 1_000 }],
        WRITE: [{ limit: perSecond.WRITE, windowMs: 1_000 }],
      },
    });
    if (active) journal.setSetting(DEFAULT_CONNECTION_SETTING, saved.id);
  } finally {
    await services.close();
  }
}

/** For each test of a file: a sandbox over real HTTP with `token` and `seeds`, a temporary
 *  folder, and a data folder with the sandbox saved as the connection "local sandbox"; `where`
 *  is the options that run against it with the token from ONBOARD_TOKEN. */
export function sandboxPerTest(
  token: string,
  seeds: NonNullable<SandboxOptions['seedSuppliers']>,
  prefix: string,
): {
  sandbox: () => SandboxHandle;
  dir: () => string;
  dataDir: () => string;
  where: () => string[];
} {
  let sandbox: SandboxHandle | undefined;
  let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
  let dataDir = '';
  beforeEach(async () => {
    sandbox = await startSandbox({
      tokens: [{ token }],
      processingMs: 100,
      limits: { GET: [{ limit: 300, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
      seedSuppliers: seeds,
    });
    tmp = await tempDir(prefix);
    dataDir = path.join(tmp.dir, 'data');
    await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 300, WRITE: 50 });
  });
  afterEach(async () => {
    await sandbox?.close();
    await tmp?.remove();
  });
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the sandbox is not started yet');
    return v;
  };
  return {
    sandbox: () => started(sandbox),
    dir: () => started(tmp).dir,
    dataDir: () => dataDir,
    where: () => [
      '--connection',
      'local sandbox',
      '--token-env',
      'ONBOARD_TOKEN',
      '--data-dir',
      dataDir,
      '--sandbox-processing-ms',
      '100',
    ],
  };
}

/** What parsing `argv` comes to: `parsed`, or the catalogue key of its usage error. */
export function usageKey(argv: string[]): string {
  try {
    parse(argv);
    return 'parsed';
  } catch (e) {
    return (e as UsageError).key;
  }
}

/** What the built-in sandbox of the data folder `home` holds, from its state file (the command
 *  has ended). */
export async function builtInSandboxStats(home: string) {
  const sandbox = await startSandbox({ statePath: path.join(home, 'sandbox.sqlite') });
  try {
    return sandbox.stats();
  } finally {
    await sandbox.close();
  }
}

/** The Results sheet of a results workbook as objects keyed by header. */
export async function resultRows(file: string): Promise<Record<string, unknown>[]> {
  const sheet = (await readWorkbook(file)).find((s) => s.name === 'Results')!;
  const [header, ...body] = sheet.rows;
  return body
    .filter((r) => r.some((v) => v !== null))
    .map((r) => Object.fromEntries(header!.map((h, i) => [String(h), r[i] ?? null])));
}

/** Runs `onboard` on a terminal (a pseudo-terminal from `script`), typing `answer` once the
 *  question ending in `prompt` appears. */
export function runOnTerminal(
  args: string[],
  prompt: string,
  answer: string,
  env: Record<string, string> = {},
): Promise<string> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, ONBOARD, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...process.env, ...env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let typed = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    if (!typed && out.includes(prompt)) {
      typed = true;
      child.stdin.write(`${answer}\r`);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(out.replace(/\r/g, '')));
  });
}
