// The deactivate kind of job with the real engine, over real HTTP against the sandbox: the check
// by any identifier (matched, several, none), the DELETEs under their intents, and a crash at
// every journal write of a job's life, after which nothing is deactivated twice and every row
// says what its DELETE came to.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import { openJournal, type Journal, type NewRow } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { crashingJournal, FAST, transitions, until } from './support';

const SETTINGS = { ...FAST, settleMs: 120, leaseTtlMs: 60 };
const PERMISSIONS = [
  'ACCESS_PUBLIC_SUPPLIERS',
  'ACCESS_PUBLIC_CONNECT_TARGET',
  'ACCESS_PUBLIC_REMOVE_TARGET',
];
const SEEDS = [
  {
    name: 'A',
    countryCode: 'DE',
    city: 'B',
    address: '1',
    supplierIds: [{ id: 'A-1', source: 'ERP' }],
  },
  { name: 'B', countryCode: 'DE', city: 'B', address: '2', ownIds: [{ id: 'OWN-B' }] },
  // Two suppliers share the id X-1 under different sources: without a source it names both.
  {
    name: 'C',
    countryCode: 'DE',
    city: 'B',
    address: '3',
    supplierIds: [{ id: 'X-1', source: 'ERP' }],
  },
  {
    name: 'D',
    countryCode: 'DE',
    city: 'B',
    address: '4',
    supplierIds: [{ id: 'X-1', source: 'SAP' }],
  },
];

let sandbox: SandboxHandle;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-operations-'));
  sandbox = await startSandbox({
    randomSeed: 5,
    tokens: [{ token: 'sandbox', permissions: PERMISSIONS }],
    seedSuppliers: SEEDS,
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

function named(sourceRow: number, payload: Record<string, unknown>): NewRow {
  return { sourceRow, cells: [], payload, identityKey: JSON.stringify(payload), state: 'valid' };
}

async function setUp(name: string, rows: NewRow[]) {
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
    name,
    connectionId: conn.id,
    sourcePath: 'off.csv',
    sourceHash: 'x',
    headerRow: 1,
    headers: ['id'],
    mapping: { fields: [], operation: 'deactivate' },
    options: {
      skipExisting: false,
      screeningPeriod: null,
      validate: false,
      operation: 'deactivate',
    },
  });
  journal.addRows(job.id, rows);
  return { journal, secrets, jobId: job.id };
}

const engineOn = (journal: Journal, secrets: MemorySecretStore) =>
  new SyncEngine({ journal, secrets, settings: SETTINGS });

const deactivations = () => Object.values(sandbox.stats().changesByIdentity.deactivate);

it('checks by any identifier, deactivates the matched suppliers and says what each came to', async () => {
  const { journal, secrets, jobId } = await setUp('kinds', [
    named(2, { supplierId: { id: 'A-1', source: 'ERP' } }),
    named(3, { ownId: 'OWN-B' }),
    named(4, { supplierId: { id: 'X-1' } }),
    named(5, { supplierId: { id: 'NOPE' } }),
  ]);
  const engine = engineOn(journal, secrets);
  expect(await engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
  const checked = journal.counts(jobId);
  expect([checked.exists, checked.ambiguous, checked.skipped]).toEqual([2, 1, 1]);
  // A deactivate job never creates: nothing is new or queued for a create.
  expect(checked.new + checked.queued).toBe(0);
  expect(sandbox.stats().suppliers).toBe(4);

  expect(await engine.run(jobId)).toBe('finished');
  await engine.close();
  const rows = journal.pageRows(jobId).rows;
  expect(rows.map((r) => [r.sourceRow, r.state, r.opResult])).toEqual([
    [2, 'done', 'deactivated'],
    [3, 'done', 'deactivated'],
    [4, 'ambiguous', null],
    [5, 'skipped', 'not_found'],
  ]);
  const stats = sandbox.stats();
  expect(stats.suppliers).toBe(2);
  expect(stats.createRequestsAccepted).toBe(0);
  expect(deactivations()).toEqual([1, 1]);
  journal.close();
});

it('answers 404 for a supplier deactivated meanwhile: already inactive, nothing repeated', async () => {
  const { journal, secrets, jobId } = await setUp('meanwhile', [
    named(2, { supplierId: { id: 'A-1', source: 'ERP' } }),
  ]);
  const engine = engineOn(journal, secrets);
  expect(await engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
  // Someone else deactivates it between the check and the start.
  const platformId = journal.pageRows(jobId).rows[0]!.platformId!;
  const off = await fetch(`${sandbox.url}/public/v2/suppliers/sites?platformId=${platformId}`, {
    method: 'DELETE',
    headers: { 'X-Auth-Token': 'sandbox' },
  });
  expect(off.status).toBe(204);
  expect(await engine.run(jobId)).toBe('finished');
  await engine.close();
  const row = journal.pageRows(jobId).rows[0]!;
  expect([row.state, row.opResult]).toEqual(['done', 'already_inactive']);
  expect(deactivations()).toEqual([1]);
  journal.close();
});

describe('a crash between any two journal writes of a deactivate job', () => {
  it('deactivates each supplier once, whichever write was the last', async () => {
    const rows = [
      named(2, { supplierId: { id: 'A-1', source: 'ERP' } }),
      named(3, { ownId: 'OWN-B' }),
    ];
    const clean = await setUp('clean', rows);
    const counting = crashingJournal(clean.journal, Number.POSITIVE_INFINITY);
    expect(await engineOn(counting.journal, clean.secrets).run(clean.jobId)).toBe('finished');
    const total = counting.writes();
    clean.journal.close();
    expect(total).toBeGreaterThan(4);

    let crashed = 0;
    let sawIntent = 0;
    for (let k = 1; k <= total + 2; k++) {
      const { journal, secrets, jobId } = await setUp(`crash-${k}`, rows);
      const dying = crashingJournal(journal, k);
      const first = engineOn(dying.journal, secrets);
      const run = first.run(jobId).catch(() => 'died');
      await until(() => dying.dead() || journal.getJob(jobId)?.state === 'finished', 'death');
      await first.close();
      await run;
      if (dying.dead()) crashed++;
      if (journal.counts(jobId).deactivate_sending > 0) sawIntent++;
      await new Promise((r) => setTimeout(r, SETTINGS.leaseTtlMs + 10));
      const second = engineOn(journal, secrets);
      expect(await second.run(jobId)).toBe('finished');
      await second.close();
      for (const row of journal.pageRows(jobId).rows) {
        const context = `crash at write ${k}: ${transitions(journal, row.id).join(' ')}`;
        expect([row.state, row.opResult], context).toEqual(['done', 'deactivated']);
      }
      expect(sandbox.stats().suppliers, `crash at write ${k}`).toBe(2);
      expect(deactivations(), `crash at write ${k}`).toEqual([1, 1]);
      journal.close();
    }
    expect(crashed).toBeGreaterThanOrEqual(total - 1);
    // Some deaths came between an intent and its outcome: DELETEs that had left.
    expect(sawIntent).toBeGreaterThan(0);
  }, 60_000);
});
