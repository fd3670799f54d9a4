// The identifiers kind of job with the real engine, over real HTTP against the sandbox: the check
// (the supplier matched, several, none; then where the identifier is: on this supplier, on
// another, nowhere), the POSTs and DELETEs under their intents, and a crash at every journal
// write of a job's life, after which no identifier is added or removed twice and every row says
// what its change came to.
import { describe, expect, it } from 'vitest';
import type { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import type { Journal, NewRow } from '../../../src-main/journal/journal';
import { crashAtEveryWrite, FAST, kindJob, kindSandbox, NAMED_SEEDS, transitions } from './support';
import { runnerFor } from '../../../src-main/kinds';

const SETTINGS = { ...FAST, settleMs: 120, leaseTtlMs: 60 };
// Besides the named ones, E holds the customer id C-E.
const E = { name: 'E', countryCode: 'DE', city: 'B', address: '5', customerIds: [{ id: 'C-E' }] };
const kinds = kindSandbox(
  [...NAMED_SEEDS, E],
  ['ACCESS_PUBLIC_SUPPLIERS', 'ACCESS_PUBLIC_CONNECT_TARGET'],
);

type Id = { type: 'SUPPLIER_ID' | 'CUSTOMER_ID' | 'OWN_ID'; id: string; source?: string };

/** A row naming its supplier by `ref` and changing `identifier` (by the job's action unless the
 *  row says its own). */
function change(
  sourceRow: number,
  ref: Record<string, unknown>,
  identifier: Id,
  action?: 'add' | 'remove',
): NewRow {
  const payload = { ...ref, identifier, ...(action ? { action } : {}) };
  return {
    sourceRow,
    cells: [],
    payload,
    identityKey: JSON.stringify({ identifier }),
    state: 'valid',
  };
}

const setUp = (name: string, rows: NewRow[]) =>
  kindJob(kinds.sandbox(), kinds.file(name), rows, {
    operation: 'identifiers',
    identifierAction: 'add',
  });

const engineOn = (journal: Journal, secrets: MemorySecretStore) =>
  new SyncEngine({ runnerFor, journal, secrets, settings: SETTINGS });

const changes = (kind: 'identifier_add' | 'identifier_remove') =>
  Object.values(kinds.sandbox().stats().changesByIdentity[kind]);

/** The platform id of the supplier holding an identifier, over HTTP; null when none does. */
async function holderOf(query: string): Promise<number | null> {
  const res = await fetch(
    `${kinds.sandbox().url}/public/v2/suppliers/sites/find-by-identifier?${query}`,
    {
      headers: { 'X-Auth-Token': 'sandbox' },
    },
  );
  if (res.status === 404) return null;
  const body = (await res.json()) as { platformTargetId: number }[] | { platformTargetId: number };
  const list = Array.isArray(body) ? body : [body];
  return list.length === 1 ? list[0]!.platformTargetId : null;
}

/** Someone else adds or removes an identifier, over HTTP; the answer's status. */
async function byHand(method: 'POST' | 'DELETE', platformId: string, body: Id): Promise<number> {
  const url = `${kinds.sandbox().url}/public/v2/suppliers/sites/identifiers?platformId=${platformId}`;
  const headers = { 'X-Auth-Token': 'sandbox', 'Content-Type': 'application/json' };
  return (await fetch(url, { method, headers, body: JSON.stringify(body) })).status;
}

const A = { supplierId: { id: 'A-1', source: 'ERP' } };
const B = { ownId: 'OWN-B' };

it('checks where each identifier is, adds or removes only what is to change, and says what each came to', async () => {
  const { journal, secrets, jobId } = await setUp('kinds', [
    change(2, A, { type: 'CUSTOMER_ID', id: 'C-NEW' }),
    change(3, B, { type: 'CUSTOMER_ID', id: 'C-A' }), // on supplier A: not B's to take
    change(4, A, { type: 'CUSTOMER_ID', id: 'C-A' }), // already there
    change(5, { supplierId: { id: 'NOPE' } }, { type: 'OWN_ID', id: 'O-5' }),
    change(6, { supplierId: { id: 'X-1' } }, { type: 'OWN_ID', id: 'O-6' }), // two suppliers
    change(7, B, { type: 'OWN_ID', id: 'OWN-B' }, 'remove'),
    change(8, A, { type: 'CUSTOMER_ID', id: 'C-E' }, 'remove'), // on supplier E, not A
    change(9, A, { type: 'OWN_ID', id: 'NOWHERE' }, 'remove'),
  ]);
  const engine = engineOn(journal, secrets);
  expect(await engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
  const checked = journal.counts(jobId);
  expect([checked.exists, checked.ambiguous, checked.skipped, checked.done]).toEqual([2, 1, 1, 3]);
  expect(checked.needs_user).toBe(1);
  // Nothing is sent by a check, and an identifiers job never creates.
  expect(checked.new + checked.queued).toBe(0);
  expect(changes('identifier_add')).toEqual([]);

  expect(await engine.run(jobId)).toBe('finished');
  await engine.close();
  const rows = journal.pageRows(jobId).rows;
  expect(rows.map((r) => [r.sourceRow, r.state, r.opResult])).toEqual([
    [2, 'done', 'added'],
    [3, 'needs_user', 'on_other_supplier'],
    [4, 'done', 'already_present'],
    [5, 'skipped', 'not_found'],
    [6, 'ambiguous', null],
    [7, 'done', 'removed'],
    [8, 'done', 'not_present'],
    [9, 'done', 'not_present'],
  ]);
  const a = rows[0]!.platformId;
  expect(rows[1]!.errorCode).toBe('api_conflict');
  expect(String(await holderOf('customerId=C-NEW'))).toBe(a);
  expect(await holderOf('ownId=OWN-B')).toBeNull();
  expect(await holderOf('customerId=C-E')).not.toBeNull();
  expect(changes('identifier_add')).toEqual([1]);
  expect(changes('identifier_remove')).toEqual([1]);
  expect(kinds.sandbox().stats().createRequestsAccepted).toBe(0);
  journal.close();
});

it('reads a 409 back: an identifier someone else added meanwhile is already present', async () => {
  const { journal, secrets, jobId } = await setUp('meanwhile', [
    change(2, A, { type: 'OWN_ID', id: 'O-LATE' }),
  ]);
  const engine = engineOn(journal, secrets);
  expect(await engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
  const platformId = journal.pageRows(jobId).rows[0]!.platformId!;
  // Someone else adds it between the check and the start.
  expect(await byHand('POST', platformId, { type: 'OWN_ID', id: 'O-LATE' })).toBe(201);
  expect(await engine.run(jobId)).toBe('finished');
  await engine.close();
  const row = journal.pageRows(jobId).rows[0]!;
  expect([row.state, row.opResult]).toEqual(['done', 'already_present']);
  expect(changes('identifier_add')).toEqual([1]);
  journal.close();
});

it('adds an identifier another supplier held once the user freed it and retried the row', async () => {
  const { journal, secrets, jobId } = await setUp('freed', [
    change(2, B, { type: 'CUSTOMER_ID', id: 'C-A' }),
  ]);
  const engine = engineOn(journal, secrets);
  expect(await engine.run(jobId)).toBe('finished');
  expect(journal.pageRows(jobId).rows[0]!.opResult).toBe('on_other_supplier');
  const a = await holderOf('customerId=C-A');
  // The user removes it from supplier A, then retries the row: checked again, then added.
  expect(await byHand('DELETE', String(a), { type: 'CUSTOMER_ID', id: 'C-A' })).toBe(204);
  expect(engine.retry(jobId)).toBe(1);
  expect(await engine.run(jobId)).toBe('finished');
  await engine.close();
  const row = journal.pageRows(jobId).rows[0]!;
  expect([row.state, row.opResult, row.errorCode]).toEqual(['done', 'added', null]);
  expect(String(await holderOf('customerId=C-A'))).toBe(row.platformId);
  journal.close();
});

describe('a crash between any two journal writes of an identifiers job', () => {
  it('adds and removes each identifier once, whichever write was the last', async () => {
    const rows = [
      change(2, A, { type: 'CUSTOMER_ID', id: 'C-NEW' }),
      change(3, B, { type: 'OWN_ID', id: 'OWN-B' }, 'remove'),
    ];
    const { total, crashed, sawIntent } = await crashAtEveryWrite(
      (name) => setUp(name, rows),
      SETTINGS,
      ['idchange_sending'],
      (journal, jobId, k) => {
        const [add, remove] = journal.pageRows(jobId).rows;
        const context = (id: number) => `crash at ${k}: ${transitions(journal, id).join(' ')}`;
        expect([add!.state, add!.opResult], context(add!.id)).toEqual(['done', 'added']);
        expect([remove!.state, remove!.opResult], context(remove!.id)).toEqual(['done', 'removed']);
        expect(changes('identifier_add'), `crash at write ${k}`).toEqual([1]);
        expect(changes('identifier_remove'), `crash at write ${k}`).toEqual([1]);
      },
    );
    expect(total).toBeGreaterThan(4);
    expect(crashed).toBeGreaterThanOrEqual(total - 1);
    // Some deaths came between an intent and its outcome: changes that had left.
    expect(sawIntent).toBeGreaterThan(0);
  }, 90_000);
});
