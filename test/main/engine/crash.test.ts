// A crash between any two journal writes of a row's life: the process dies at its k-th write,
// before committing it (that write and everything after it is lost; requests already sent
// stay sent), a new process opens the same journal and runs the job to its end. Nothing may
// be lost and nothing created twice.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import {
  crashAtEveryWrite,
  duplicates,
  FAST,
  sandboxJob,
  supplierRows,
  transitions,
} from './support';

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

const setUp = (name: string) =>
  sandboxJob(sandbox, path.join(dir, `${name}.sqlite`), supplierRows(1), {
    skipExisting: false,
    screeningPeriod: 2,
    validate: true,
  });

describe('a crash between any two journal writes', () => {
  it('loses no row and creates nothing twice, whichever write was the last', async () => {
    const { total, crashed, sawIntent } = await crashAtEveryWrite(
      setUp,
      SETTINGS,
      ['sending', 'screening_sending', 'validation_sending'],
      (journal, jobId, k) => {
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
      },
      3,
    );
    // A life without a crash says how many writes there are to crash after.
    expect(total).toBeGreaterThan(10);
    expect(crashed).toBeGreaterThanOrEqual(total - 2);
    // Some of those deaths came between an intent and its outcome: requests that had left.
    expect(sawIntent).toBeGreaterThan(0);
  }, 240_000);
});
