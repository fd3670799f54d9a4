// Attaching the mapped customer and own ids over real HTTP with the sandbox: to suppliers the job
// created and to ones that existed before; an id already there; an id of another supplier; an
// answer lost in flight and a crash after the intent, each settled by reading the id back
// without sending it a second time.
import { afterEach, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import { identifiersText } from '../../../src-shared/identifierWords';
import { word } from '../../../src-shared/i18n';
import type { NewRow } from '../../../src-main/journal/journal';
import { makeRig, supplierRows, type Rig } from './support';
import { runnerFor } from '../../../src-main/kinds';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const IDS_PATH = '/public/v2/suppliers/sites/identifiers';

/** Rows `from`..`from+n-1` with customer id C-k and own id O-k in their payload. */
function withIds(n: number, from = 1): NewRow[] {
  return supplierRows(n, 'S', from).map((r, i) => ({
    ...r,
    payload: { ...r.payload, customerId: `C-${from + i}`, ownId: `O-${from + i}` },
  }));
}

/** An engine on the rig's journal whose requests are counted by method and path. */
function countingEngine(r: Rig): { engine: SyncEngine; posts: () => string[] } {
  const seen: string[] = [];
  const engine = new SyncEngine({
    runnerFor,
    journal: r.journal,
    secrets: r.secrets,
    settings: r.engine.settings,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      if ((init?.method ?? 'GET') === 'POST' && url.pathname === IDS_PATH) {
        seen.push(`${url.searchParams.get('platformId')} ${String(init?.body)}`);
      }
      return fetch(input, init);
    },
  });
  return { engine, posts: () => seen };
}

/** Who holds an id on the sandbox (find-by-identifier), as platform ids. */
async function holders(r: Rig, kind: 'customerId' | 'ownId', id: string): Promise<string[]> {
  const res = await fetch(
    `${r.sandbox.url}/public/v2/suppliers/sites/find-by-identifier?${kind}=${encodeURIComponent(id)}`,
    { headers: { 'X-Auth-Token': 'sandbox' } },
  );
  if (res.status === 404) return [];
  const body = (await res.json()) as unknown;
  const list = Array.isArray(body) ? body : [body];
  return list.map((s) => String((s as { platformTargetId: number }).platformTargetId));
}

function results(r: Rig, jobId: string): Array<{ row: number; ids: string[] }> {
  return r.journal.pageRows(jobId).rows.map((row) => ({
    row: row.sourceRow,
    ids: (row.identifiers ?? []).map((i) => `${i.type} ${i.id} ${i.result}`),
  }));
}

describe('attaching customer and own ids', () => {
  it('adds them to created and to existing suppliers, once each', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(supplierRows(2)))).toBe('finished');
    const { engine, posts } = countingEngine(rig);
    const jobId = rig.newJob(withIds(4), { validate: true });
    expect(await engine.run(jobId)).toBe('finished');
    await engine.close();
    expect(rig.journal.counts(jobId).done).toBe(4);
    for (const { row, ids } of results(rig, jobId)) {
      const k = row - 1;
      expect(ids).toEqual([`CUSTOMER_ID C-${k} added`, `OWN_ID O-${k} added`]);
    }
    expect(posts()).toHaveLength(8);
    for (const row of rig.journal.pageRows(jobId).rows) {
      const k = row.sourceRow - 1;
      expect(await holders(rig, 'customerId', `C-${k}`)).toEqual([row.platformId]);
      expect(await holders(rig, 'ownId', `O-${k}`)).toEqual([row.platformId]);
    }
    // The ids went before the follow-up: the row passed through the stage, then validation.
    const moves = rig.journal.rowEvents(rig.journal.pageRows(jobId).rows[0]!.id, { limit: 200 });
    // A move is in a transition event, or rides in the response event of the answer that made it.
    const states = moves.filter((e) => e.detail.to !== undefined).map((e) => e.detail.to);
    expect(states).toContain('identifiers_queued');
    expect(states.indexOf('identifiers_queued')).toBeLessThan(states.indexOf('validation_queued'));
  });

  it('adds them to existing suppliers the job skips too, and orders nothing more for them', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(supplierRows(2)))).toBe('finished');
    const before = rig.sandbox.stats();
    // Suppliers 1 and 2 exist; 3 and 4 are new. Existing ones are skipped (no screening).
    const jobId = rig.newJob(withIds(4), { skipExisting: true, screeningPeriod: 2 });
    expect(await rig.engine.run(jobId)).toBe('finished');
    for (const { row, ids } of results(rig, jobId)) {
      const k = row - 1;
      expect(ids).toEqual([`CUSTOMER_ID C-${k} added`, `OWN_ID O-${k} added`]);
    }
    for (const row of rig.journal.pageRows(jobId).rows) {
      const k = row.sourceRow - 1;
      expect(await holders(rig, 'customerId', `C-${k}`)).toEqual([row.platformId]);
    }
    // Only the two new suppliers were screened.
    expect(rig.sandbox.stats().screeningRequests - before.screeningRequests).toBe(2);
  });

  it('says when an id is there already, and when another supplier has it', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(withIds(2)))).toBe('finished');
    // Row 3 (supplier 2 of the list) asks for customer id C-1, which supplier 1 holds.
    const rows = withIds(2);
    rows.push({
      ...supplierRows(1, 'S', 3)[0]!,
      payload: { ...supplierRows(1, 'S', 3)[0]!.payload, customerId: 'C-1' },
    });
    const jobId = rig.newJob(rows);
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(results(rig, jobId)).toEqual([
      { row: 2, ids: ['CUSTOMER_ID C-1 present', 'OWN_ID O-1 present'] },
      { row: 3, ids: ['CUSTOMER_ID C-2 present', 'OWN_ID O-2 present'] },
      { row: 4, ids: ['CUSTOMER_ID C-1 other'] },
    ]);
    // The id on another supplier needs the user: the job is not simply finished.
    expect(rig.journal.getJob(jobId)?.state).toBe('needs_attention');
    expect(rig.journal.doneIdsOnOther(jobId)).toBe(1);
    const holder = rig.journal.pageRows(jobId).rows[0]!.platformId;
    expect(rig.journal.pageRows(jobId).rows[2]!.identifiers?.[0]?.holder).toBe(holder);
    // The Identifiers column of the results, in English and German.
    const [first, , third] = rig.journal.pageRows(jobId).rows;
    expect(identifiersText(first!.identifiers, (k, p) => word('en', k, p))).toBe(
      'Customer ID C-1: already there; Own ID O-1: already there',
    );
    expect(identifiersText(third!.identifiers, (k, p) => word('de', k, p))).toBe(
      `Kundennummer C-1: gehört einem anderen Lieferanten (${holder})`,
    );
    expect(rig.journal.counts(jobId).done).toBe(3);
  });

  it('settles an answer lost in flight by reading the id back, without a second request', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(supplierRows(3)))).toBe('finished');
    // Every write is applied, then answered 500.
    rig.sandbox.configure({ faults: { before500: 0, after500: 1, drop: 0 } });
    const { engine, posts } = countingEngine(rig);
    const jobId = rig.newJob(withIds(3));
    expect(await engine.run(jobId)).toBe('finished');
    await engine.close();
    expect(posts()).toHaveLength(6);
    for (const { ids } of results(rig, jobId))
      expect(ids.every((i) => i.endsWith(' added'))).toBe(true);
    expect(
      rig.journal
        .jobEvents(jobId, { limit: 1000 })
        .some((e) => e.detail.to === 'identifiers_in_doubt'),
    ).toBe(true);
  });

  it('after a crash past the intent, reads the id back: sent once whether it landed or not', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(supplierRows(2)))).toBe('finished');
    const jobId = rig.newJob(withIds(2));
    expect(await rig.engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
    const { journal } = rig;
    while (journal.moveRows(jobId, 'exists', 'identifiers_queued', { attaching: true }) > 0);
    const [landed, lost] = journal.pageRows(jobId).rows;
    // The process died after both intents; row 1's request reached the server, row 2's did not.
    journal.markSending([landed!.id, lost!.id], Date.now(), { stage: 'identifiers' });
    const res = await fetch(`${rig.sandbox.url}${IDS_PATH}?platformId=${landed!.platformId}`, {
      method: 'POST',
      headers: { 'X-Auth-Token': 'sandbox', 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'CUSTOMER_ID', id: 'C-1' }),
    });
    expect(res.status).toBe(201);
    const { engine, posts } = countingEngine(rig);
    expect(await engine.run(jobId)).toBe('finished');
    await engine.close();
    expect(results(rig, jobId)).toEqual([
      { row: 2, ids: ['CUSTOMER_ID C-1 added', 'OWN_ID O-1 added'] },
      { row: 3, ids: ['CUSTOMER_ID C-2 added', 'OWN_ID O-2 added'] },
    ]);
    // C-1 was read back, not sent again; C-2 was found nowhere, so sent once.
    expect(posts().filter((p) => p.includes('"C-1"'))).toEqual([]);
    expect(posts().filter((p) => p.includes('"C-2"'))).toHaveLength(1);
    expect(posts()).toHaveLength(3);
  });
});
