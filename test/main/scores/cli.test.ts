// The scores job end to end on the command line, over real HTTP against a sandbox started here:
// wide and long sheets, partial errors landing on their row and cell, the batch limits, a lost
// answer settled without a double write, and the 403 of a feature not enabled.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manySuppliers } from '../../../src-main/sandbox/manySuppliers';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { lastLine, runCli, tempDir } from '../cli/cli';

const TOKEN = 'scores-test-token';
const env = { SCORES_TOKEN: TOKEN };
let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
const sid = (k: number) => `S${String(k).padStart(8, '0')}`;

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    seedSuppliers: manySuppliers(300),
    limits: { GET: [{ limit: 500, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
    randomSeed: 7,
  });
  tmp = await tempDir('scores-cli-');
});

afterAll(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

beforeEach(() => {
  sandbox.configure({ faults: {}, externalScores: true });
  sandbox.reset();
});

async function writeSheet(name: string, rows: (string | number)[][]): Promise<string> {
  const file = path.join(tmp.dir, name);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Scores');
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return file;
}

async function readResults(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return out;
}

function args(file: string, dir: string, more: string[] = []): string[] {
  return [
    file,
    '--operation',
    'scores',
    '--perspective',
    '1',
    '--base-url',
    sandbox.url,
    '--token-env',
    'SCORES_TOKEN',
    '--data-dir',
    path.join(tmp.dir, dir),
    ...more,
  ];
}

const maxWrites = () => Math.max(0, ...Object.values(sandbox.stats().scoreWrites));

describe('the scores job on the command line', () => {
  it('a wide sheet: valid scores written, bad cells named with their fix, unknown suppliers rejected on their cell', async () => {
    const file = await writeSheet('wide.xlsx', [
      ['Supplier ID', 'Source', 'Supplier audit', 'delivery_performance'],
      [sid(1), 'ERP', '85.0', 40],
      [sid(2), 'ERP', '85.5', 10],
      [sid(3), 'ERP', '', 77],
      ['NOPE-1', 'ERP', 50, ''],
    ]);
    const r = await runCli(args(file, 'wide'), env);
    expect(lastLine(r), r.stdout + r.stderr).toBe(
      'rows=4 scores=4 written=3 rejected=1 invalid=1 unsent=0',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Cell C3: "85.5" is not a score\. Enter a whole number from 1 to 100/);
    const results = await readResults(path.join(tmp.dir, 'wide.score-results.xlsx'));
    const rejected = results.find((row) => row[6] === 'rejected')!;
    expect(rejected.slice(0, 5)).toEqual([
      '5',
      'supplierId=NOPE-1 source=ERP',
      'supplier_audit',
      'C5',
      '50',
    ]);
    expect(rejected[7]).toMatch(/No supplier matches this identifier\. Check the identifier in C5/);
    expect(results.filter((row) => row[6] === 'written')).toHaveLength(3);
    expect(sandbox.stats().requests.WRITE).toBe(1);
    expect(maxWrites()).toBe(1);
  });

  it('a long sheet: rows of one supplier share an entry; the comment is sent', async () => {
    const file = await writeSheet('long.xlsx', [
      ['Supplier ID', 'Source', 'Event type', 'Score', 'Comment'],
      [sid(10), 'ERP', 'supplier_audit', 90, 'Audit 2026'],
      [sid(10), 'ERP', 'quality_incident', 20, ''],
      [sid(11), 'ERP', 'esg_rating', 30, ''],
      [sid(12), 'ERP', 'supplier_audit', 101, ''],
    ]);
    const r = await runCli(args(file, 'long', ['--layout', 'long']), env);
    expect(lastLine(r), r.stdout + r.stderr).toBe(
      'rows=4 scores=2 written=2 rejected=0 invalid=2 unsent=0',
    );
    expect(r.stdout).toMatch(/Cell C4: "esg_rating" is not an event type of perspective 1/);
    expect(r.stdout).toMatch(/Cell D5: 101 is outside the scores the API takes/);
    expect(Object.keys(sandbox.stats().scoreWrites)).toHaveLength(2);
  });

  it('250 suppliers go in 3 batches (100 entries at most each), each score written once', async () => {
    const rows: (string | number)[][] = [['Supplier ID', 'Source', 'supplier_audit']];
    for (let k = 1; k <= 250; k++) rows.push([sid(k), 'ERP', (k % 100) + 1]);
    const file = await writeSheet('many.xlsx', rows);
    const r = await runCli(args(file, 'many'), env);
    expect(lastLine(r), r.stdout + r.stderr).toBe(
      'rows=250 scores=250 written=250 rejected=0 invalid=0 unsent=0',
    );
    expect(r.code).toBe(0);
    expect(sandbox.stats().requests.WRITE).toBe(3);
    expect(Object.keys(sandbox.stats().scoreWrites)).toHaveLength(250);
    expect(maxWrites()).toBe(1);
  });

  it('a lost answer (written, then 500) is settled by reading the history, never sent twice', async () => {
    sandbox.configure({ faults: { after500: 1 } });
    const rows: (string | number)[][] = [
      ['Supplier ID', 'Source', 'supplier_audit', 'quality_incident'],
    ];
    for (let k = 1; k <= 120; k++) rows.push([sid(k), 'ERP', 60, 70]);
    const file = await writeSheet('lost.xlsx', rows);
    const r = await runCli(args(file, 'lost', ['--sandbox-processing-ms', '500']), env);
    expect(lastLine(r), r.stdout + r.stderr).toBe(
      'rows=120 scores=240 written=240 rejected=0 invalid=0 unsent=0',
    );
    const stats = sandbox.stats();
    expect(stats.faults.after500).toBe(2);
    expect(stats.requests.WRITE).toBe(2);
    expect(Object.keys(stats.scoreWrites)).toHaveLength(240);
    expect(maxWrites()).toBe(1);
    // The sandbox's settle delay (0.5 s, not the API's 45 s) passed before the history was read.
  }, 30_000);

  it('a batch refused with 429 goes again under the same intent, and the job ends', async () => {
    // The API allows one write per 2 s, fewer than the connection's limiter assumes: the
    // batches sent together meet 429s and are sent again when the API says.
    sandbox.configure({
      limits: { GET: [{ limit: 500, windowSeconds: 1 }], WRITE: [{ limit: 1, windowSeconds: 2 }] },
    });
    try {
      const rows: (string | number)[][] = [['Supplier ID', 'Source', 'supplier_audit']];
      for (let k = 1; k <= 250; k++) rows.push([sid(k), 'ERP', 40]);
      const file = await writeSheet('throttled.xlsx', rows);
      const r = await runCli(args(file, 'throttled'), env);
      expect(lastLine(r), r.stdout + r.stderr).toBe(
        'rows=250 scores=250 written=250 rejected=0 invalid=0 unsent=0',
      );
      const stats = sandbox.stats();
      expect(stats.throttled.WRITE).toBeGreaterThan(0);
      expect(Object.keys(stats.scoreWrites)).toHaveLength(250);
      expect(maxWrites()).toBe(1);
    } finally {
      sandbox.configure({
        limits: {
          GET: [{ limit: 500, windowSeconds: 1 }],
          WRITE: [{ limit: 50, windowSeconds: 1 }],
        },
      });
    }
  }, 60_000);

  it('external scores not enabled (403): the job pauses with a sentence, no row fails', async () => {
    sandbox.configure({ externalScores: false });
    const file = await writeSheet('denied.xlsx', [
      ['Supplier ID', 'Source', 'supplier_audit'],
      [sid(1), 'ERP', 50],
    ]);
    const r = await runCli(args(file, 'denied'), env);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/External scores are not enabled for this organisation/);
    expect(maxWrites()).toBe(0);
  });
});
