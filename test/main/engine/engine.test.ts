import { afterEach, describe, expect, it } from 'vitest';
import { makeRig, supplierRows, type Rig } from './support';
import { runnerFor } from '../../../src-main/kinds';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

function creationsOk(r: Rig) {
  const stats = r.sandbox.stats();
  const duplicates = Object.entries(stats.creationsByIdentity).filter(([, n]) => n > 1);
  return { stats, duplicates };
}

describe('sync engine against the sandbox', () => {
  it('creates every new supplier exactly once and follows it to created', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(12));
    const exit = await rig.engine.run(jobId);
    expect(exit).toBe('finished');
    const counts = rig.journal.counts(jobId);
    expect(counts.done).toBe(12);
    const { stats, duplicates } = creationsOk(rig);
    expect(duplicates).toEqual([]);
    expect(Object.keys(stats.creationsByIdentity)).toHaveLength(12);
    const row = rig.journal.pageRows(jobId).rows[0]!;
    expect(row.platformId).toMatch(/^\d+$/);
    expect(row.creationUuid).toBeTruthy();
    expect(rig.journal.getJob(jobId)?.state).toBe('finished');
  });

  it('checks first: existing suppliers are not created again, and are skipped when asked', async () => {
    rig = await makeRig();
    const first = rig.newJob(supplierRows(5));
    expect(await rig.engine.run(first)).toBe('finished');
    const again = rig.newJob(supplierRows(8), { skipExisting: true });
    expect(await rig.engine.run(again)).toBe('finished');
    const counts = rig.journal.counts(again);
    expect(counts.skipped).toBe(5);
    expect(counts.done).toBe(3);
    expect(creationsOk(rig).duplicates).toEqual([]);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(8);
  });

  it('check-only reports new and existing rows without creating anything', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(supplierRows(3)))).toBe('finished');
    const job = rig.newJob(supplierRows(6));
    expect(await rig.engine.run(job, { mode: 'check', wait: true })).toBe('checked');
    expect(rig.journal.counts(job)).toMatchObject({ exists: 3, new: 3 });
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(3);
  });

  it('rejects a row the API refuses, keeping its message, and finishes the rest', async () => {
    rig = await makeRig();
    const rows = supplierRows(3);
    (rows[1]!.payload as Record<string, unknown>).countryCode = 'XX';
    const jobId = rig.newJob(rows);
    expect(await rig.engine.run(jobId)).toBe('finished');
    const counts = rig.journal.counts(jobId);
    expect(counts.done).toBe(2);
    expect(counts.rejected).toBe(1);
    const rejected = rig.journal.pageRows(jobId, { states: ['rejected'] }).rows[0]!;
    expect(rejected.errorMessage).toMatch(/country/i);
    expect(rig.journal.getJob(jobId)?.state).toBe('needs_attention');
  });

  it('requests screening and validation, on create where entitled, and records the outcomes', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(4), { screeningPeriod: 5, validate: true });
    expect(await rig.engine.run(jobId)).toBe('finished');
    const rows = rig.journal.pageRows(jobId).rows;
    for (const row of rows) {
      expect(row.state).toBe('done');
      expect(['Finished', 'NoFindings', 'Aborted', 'Skipped']).toContain(row.screeningStatus);
      expect(['COMPLETED', 'REJECTED']).toContain(row.validationStatus);
    }
  });

  it('without the on-create entitlements, sends screening as a separate request', async () => {
    rig = await makeRig(
      {
        tokens: [
          {
            token: 'limited',
            permissions: [
              'ACCESS_PUBLIC_SUPPLIERS',
              'ACCESS_PUBLIC_CONNECT_TARGET',
              'ACCESS_PUBLIC_SCREENING_REQUEST',
              'ACCESS_PUBLIC_VALIDATION_REQUEST',
            ],
          },
        ],
      },
      {},
      'limited',
    );
    const jobId = rig.newJob(supplierRows(3), { screeningPeriod: 2 });
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(3);
    expect(rig.sandbox.stats().screeningRequests).toBeGreaterThanOrEqual(3);
    expect(creationsOk(rig).duplicates).toEqual([]);
  });

  it('pauses the job on a bad token without failing any row', async () => {
    rig = await makeRig({}, {}, 'not-a-valid-token');
    const jobId = rig.newJob(supplierRows(3));
    expect(await rig.engine.run(jobId)).toBe('access_denied');
    const job = rig.journal.getJob(jobId)!;
    expect(job.state).toBe('paused');
    expect(job.stateReason?.message).toMatch(/token/i);
    expect(rig.journal.counts(jobId).valid).toBe(3);
  });

  it('survives server faults without losing a row or creating a duplicate', async () => {
    rig = await makeRig({ faults: { before500: 0.15, after500: 0.15, drop: 0.1 } });
    const jobId = rig.newJob(supplierRows(30));
    expect(await rig.engine.run(jobId)).toBe('finished');
    const counts = rig.journal.counts(jobId);
    expect(counts.done).toBe(30);
    const { stats, duplicates } = creationsOk(rig);
    expect(duplicates).toEqual([]);
    expect(Object.keys(stats.creationsByIdentity)).toHaveLength(30);
  });
});

describe('a wrong base URL', () => {
  it('stops the job with a sentence about the address instead of waiting for a network', async () => {
    rig = await makeRig();
    rig.journal.updateConnection(rig.connectionId, { baseUrl: `${rig.sandbox.url}/not-the-api` });
    rig.engine.resetConnection(rig.connectionId);
    const jobId = rig.newJob(supplierRows(3));
    expect(await rig.engine.run(jobId)).toBe('access_denied');
    const job = rig.journal.getJob(jobId)!;
    expect(job.state).toBe('paused');
    expect(job.stateReason?.message).toMatch(/base URL/);
    expect(rig.journal.counts(jobId).valid).toBe(3);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(0);
  });
});

describe('an injected transport', () => {
  it('carries every request of a job', async () => {
    const seen: string[] = [];
    rig = await makeRig();
    const { SyncEngine } = await import('../../../src-main/engine/syncEngine');
    const engine = new SyncEngine({
      runnerFor,
      journal: rig.journal,
      secrets: rig.secrets,
      settings: rig.engine.settings,
      fetch: (input, init) => {
        seen.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
    const jobId = rig.newJob(supplierRows(3));
    expect(await engine.run(jobId)).toBe('finished');
    await engine.close();
    expect(seen.filter((s) => s === 'POST /public/v2/suppliers/sites')).toHaveLength(3);
    expect(seen.some((s) => s.startsWith('GET /public/v2/suppliers/sites/pending'))).toBe(true);
  });
});
