// A crash between any two journal writes of a row's life: the process dies at its k-th write,
// before committing it (that write and everything after it is lost; requests already sent
// stay sent), a new process opens the same journal and runs the job to its end. Nothing may
// be lost and nothing created twice.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { crashingJournal, duplicates, FAST, supplierRows, transitions, until } from './support';

const SETTINGS = {
  ...FAST,
  settleMs: 120,
  trackPollMs: 25,
  statusPollBaseMs: 25,
  statusPollCapMs: 100,
  leaseTtlMs: 60,
};
// Screening and validation as their own requests: all three write stages in one row's life.
const PERMISSIONS = [
  'ACCESS_PUBLIC_SUPPLIERS',
  'ACCESS_PUBLIC_CONNECT_TARGET',
  'ACCESS_PUBLIC_SCREENING_REQUEST',
  'ACCESS_PUBLIC_VALIDATION_REQUEST',
];

let sandbox: SandboxHandle;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-crash-'));
  sandbox = await startSandbox({
    processingMs: 30,
    screeningMs: 30,
    validationMs: 30,
    randomSeed: 3,
    tokens: [{ token: 'sandbox', permissions: PERMISSIONS }],
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function setUp(name: string) {
  sandbox.reset();
  const journal = openJournal({ path: path.join(dir, `${name}.sqlite`) });
  const conn = journal.createConnection({
    name: 'sandbox',
    baseUrl: sandbox.url,
    limits: { GET: [{ limit: 200, windowMs: 1_000 }], WRITE: [{ limit: 100, windowMs: 1_000 }] },
    isSandbox: true,
  });
  const secrets = new MemorySecretStore();
  await secrets.set(conn.id, 'sandbox');
  const job = journal.createJob({
    name: 'crash',
    connectionId: conn.id,
    sourcePath: 'suppliers.xlsx',
    sourceHash: 'x',
    headerRow: 1,
    headers: ['id'],
    mapping: {},
    options: { skipExisting: false, screeningPeriod: 2, validate: true },
  });
  journal.addRows(job.id, supplierRows(1));
  return { journal, secrets, jobId: job.id };
}

function engineOn(journal: Journal, secrets: MemorySecretStore) {
  return new SyncEngine({ journal, secrets, settings: SETTINGS });
}

describe('a crash between any two journal writes', () => {
  it('loses no row and creates nothing twice, whichever write was the last', async () => {
    // A life without a crash says how many writes there are to crash after.
    const clean = await setUp('clean');
    const counting = crashingJournal(clean.journal, Number.POSITIVE_INFINITY);
    expect(await engineOn(counting.journal, clean.secrets).run(clean.jobId)).toBe('finished');
    const total = counting.writes();
    clean.journal.close();
    expect(total).toBeGreaterThan(10);

    const crashedAt: number[] = [];
    let sawInDoubt = 0;
    // Timing varies a little between lives (polls), so a few more than the clean count.
    for (let k = 1; k <= total + 3; k++) {
      const { journal, secrets, jobId } = await setUp(`crash-${k}`);
      const dying = crashingJournal(journal, k);
      const first = engineOn(dying.journal, secrets);
      const run = first.run(jobId).catch(() => 'died');
      await until(() => dying.dead() || journal.getJob(jobId)?.state === 'finished', 'death');
      await first.close();
      await run;
      if (dying.dead()) crashedAt.push(k);
      if (
        journal.counts(jobId).sending +
          journal.counts(jobId).screening_sending +
          journal.counts(jobId).validation_sending >
        0
      )
        sawInDoubt++;
      // The next process: same journal file, the dead one's lease left to expire.
      await new Promise((r) => setTimeout(r, SETTINGS.leaseTtlMs + 10));
      const second = engineOn(journal, secrets);
      expect(await second.run(jobId)).toBe('finished');
      await second.close();

      const row = journal.pageRows(jobId).rows[0]!;
      const context = `crash at write ${k}: ${transitions(journal, row.id).join(' ')}`;
      expect(row.state, context).toBe('done');
      expect(duplicates(sandbox), context).toEqual([]);
      expect(sandbox.stats().suppliers, context).toBe(1);
      expect(row.platformId, context).toMatch(/^\d+$/);
      expect(['Finished', 'NoFindings', 'Aborted', 'Skipped'], context).toContain(
        row.screeningStatus,
      );
      expect(['COMPLETED', 'REJECTED'], context).toContain(row.validationStatus);
      expect(sandbox.stats().screeningRequests, context).toBeLessThanOrEqual(1);
      expect(sandbox.stats().validationRequests, context).toBeLessThanOrEqual(1);
      journal.close();
    }
    expect(crashedAt.length).toBeGreaterThanOrEqual(total - 2);
    // Some of those deaths came between an intent and its outcome: requests that had left.
    expect(sawInDoubt).toBeGreaterThan(0);
  }, 60_000);
});
