// The deactivate kind of job with the real engine, over real HTTP against the sandbox: the check
// by any identifier (matched, several, none), the DELETEs under their intents, and a crash at
// every journal write of a job's life, after which nothing is deactivated twice and every row
// says what its DELETE came to.
import { describe, expect, it } from 'vitest';
import type { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import type { Journal, NewRow } from '../../../src-main/journal/journal';
import { crashAtEveryWrite, FAST, kindJob, kindSandbox, NAMED_SEEDS, transitions } from './support';
import { runnerFor } from '../../../src-main/kinds';

const SETTINGS = { ...FAST, settleMs: 120, leaseTtlMs: 60 };
const kinds = kindSandbox(NAMED_SEEDS, [
  'ACCESS_PUBLIC_SUPPLIERS',
  'ACCESS_PUBLIC_CONNECT_TARGET',
  'ACCESS_PUBLIC_REMOVE_TARGET',
]);

function named(sourceRow: number, payload: Record<string, unknown>): NewRow {
  return { sourceRow, cells: [], payload, identityKey: JSON.stringify(payload), state: 'valid' };
}

const setUp = (name: string, rows: NewRow[]) =>
  kindJob(kinds.sandbox(), kinds.file(name), rows, { operation: 'deactivate' });

const engineOn = (journal: Journal, secrets: MemorySecretStore) =>
  new SyncEngine({ runnerFor, journal, secrets, settings: SETTINGS });

const deactivations = () => Object.values(kinds.sandbox().stats().changesByIdentity.deactivate);

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
  expect(kinds.sandbox().stats().suppliers).toBe(4);

  expect(await engine.run(jobId)).toBe('finished');
  await engine.close();
  const rows = journal.pageRows(jobId).rows;
  expect(rows.map((r) => [r.sourceRow, r.state, r.opResult])).toEqual([
    [2, 'done', 'deactivated'],
    [3, 'done', 'deactivated'],
    [4, 'ambiguous', null],
    [5, 'skipped', 'not_found'],
  ]);
  const stats = kinds.sandbox().stats();
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
  const off = await fetch(
    `${kinds.sandbox().url}/public/v2/suppliers/sites?platformId=${platformId}`,
    {
      method: 'DELETE',
      headers: { 'X-Auth-Token': 'sandbox' },
    },
  );
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
    const { total, crashed, sawIntent } = await crashAtEveryWrite(
      (name) => setUp(name, rows),
      SETTINGS,
      ['deactivate_sending'],
      (journal, jobId, k) => {
        for (const row of journal.pageRows(jobId).rows) {
          const context = `crash at write ${k}: ${transitions(journal, row.id).join(' ')}`;
          expect([row.state, row.opResult], context).toEqual(['done', 'deactivated']);
        }
        expect(kinds.sandbox().stats().suppliers, `crash at write ${k}`).toBe(2);
        expect(deactivations(), `crash at write ${k}`).toEqual([1, 1]);
      },
    );
    expect(total).toBeGreaterThan(4);
    expect(crashed).toBeGreaterThanOrEqual(total - 1);
    // Some deaths came between an intent and its outcome: DELETEs that had left.
    expect(sawIntent).toBeGreaterThan(0);
  }, 60_000);
});
