// The disk of the data folder fills up while `onboard` sends: a real small file system (tmpfs,
// which needs root to mount; elsewhere this test says why it is skipped, and
// test/main/engine/diskFull.test.ts covers the same path with SQLite's own page limit) is filled
// to the last byte once creates are on their way. The command must pause with a sentence naming
// the folder and saying to free space, print its summary, and leave no stack trace; after the
// space is freed, `--resume` creates every supplier exactly once. The API is a sandbox over real
// HTTP.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { jsonLine, saveConnection, startCli, tempDir, writeSupplierList } from './cli';

const TOKEN = 'disk-full-token';
const ROWS = 200;
const env = { ONBOARD_TOKEN: TOKEN };

/** Mounts a tmpfs of `size` at `dir`; the reason when it cannot (not root, no mount). */
function mountTmpfs(dir: string, size: string): string | undefined {
  if (process.platform !== 'linux') return 'tmpfs is Linux only';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (e) {
    return `mount failed: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** Writes a file until the file system refuses another byte. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw e;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let mnt: string;
let skipReason: string | undefined;

beforeEach(async () => {
  tmp = await tempDir('onboard-disk-full-');
  mnt = path.join(tmp.dir, 'disk');
  mkdirSync(mnt);
  skipReason = mountTmpfs(mnt, '16m');
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 200,
    limits: { GET: [{ limit: 300, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
  });
});

afterEach(async () => {
  await sandbox?.close();
  if (!skipReason) execFileSync('umount', ['-l', mnt]);
  await tmp?.remove();
});

it('a full disk pauses the command with the folder and what to do; --resume after freeing space creates every supplier once', async (ctx) => {
  if (skipReason) {
    console.warn(`skipped: ${skipReason}`);
    ctx.skip();
  }
  const dataDir = path.join(mnt, 'data');
  const list = path.join(tmp.dir, 'list.xlsx');
  const ids = await writeSupplierList(list, ROWS);
  await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 300, WRITE: 50 });
  const common = [
    '--data-dir',
    dataDir,
    '--token-env',
    'ONBOARD_TOKEN',
    '--sandbox-processing-ms',
    '200',
    '--json',
  ];
  const run = startCli([list, '--base-url', sandbox.url, ...common], env);
  await run.waitForLine((l) => jsonLine(l)?.type === 'progress');
  while (sandbox.stats().createRequestsAccepted < 10) await new Promise((r) => setTimeout(r, 5));
  const filler = path.join(mnt, 'filler.bin');
  fillDisk(filler);

  const first = await run.done;
  const all = first.stdout + first.stderr;
  expect(first.code, all).toBe(4);
  expect(all).not.toMatch(/SqliteError|Unhandled|at .*\.ts:\d+/);
  const messages = first.lines.map(jsonLine).map((p) => String(p?.message ?? ''));
  const full = messages.find((m) => /disk is full/i.test(m));
  expect(full, all).toBeDefined();
  expect(full).toContain(dataDir);
  expect(full).toMatch(/free some space/i);
  const hint = messages.find((m) => m.includes('continue with: npm run onboard -- --resume'));
  expect(hint, all).toBeDefined();
  const summary = jsonLine(first.lines.filter((l) => l.trim() !== '').at(-1)!)!;
  expect(summary).toMatchObject({ type: 'summary', rows: ROWS, failed: 0, rejected: 0 });
  expect(summary.pending as number).toBeGreaterThan(0);
  // The job is paused, though the full disk left no room to write that: the last lines say
  // paused, never running.
  expect(summary.state).toBe('paused');
  expect(
    messages.find((m) => /^Job \S+ after /.test(m)),
    all,
  ).toMatch(/^Job paused after /);
  expect(all).not.toMatch(/Job running/);

  // Still full: resuming says so again, and sends nothing.
  const writes = sandbox.stats().requests.WRITE;
  const stillFull = await startCli(['--resume', ...common], env).done;
  expect(stillFull.code, stillFull.stdout + stillFull.stderr).toBe(4);
  expect(stillFull.stdout + stillFull.stderr).toMatch(/disk is full/i);
  expect(stillFull.stdout + stillFull.stderr).not.toMatch(/SqliteError|inside the app/);
  expect(sandbox.stats().requests.WRITE).toBe(writes);

  rmSync(filler);
  const second = await startCli(['--resume', ...common], env).done;
  expect(second.code, second.stdout + second.stderr).toBe(0);
  const done = jsonLine(second.lines.filter((l) => l.trim() !== '').at(-1)!)!;
  expect(done).toMatchObject({ type: 'summary', rows: ROWS, failed: 0, pending: 0 });
  const byIdentity = sandbox.stats().creationsByIdentity;
  expect(Object.keys(byIdentity).sort()).toEqual(ids.map((id) => `${id}|ERP`).sort());
  expect(Object.entries(byIdentity).filter(([, n]) => n !== 1)).toEqual([]);
  const journal = openJournal({ path: path.join(dataDir, 'journal.sqlite') });
  try {
    expect(journal.getJob(String(summary.jobId))?.state).toBe('finished');
  } finally {
    journal.close();
  }
}, 120_000);
