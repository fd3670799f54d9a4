// An API that calls the customer id and the own id by other names than CUSTOMER_ID and OWN_ID
// (api-spec.md shows only SUPPLIER_ID): the real sandbox accepting only CUST and OWN refuses the
// default names with 400. The rows say which type was refused and how to set the connection's
// names, in English and German; once the connection's names are set, the same job runs through.
import { afterEach, describe, expect, it } from 'vitest';
import { word } from '../../../src-shared/i18n';
import type { Params } from '../../../src-shared/i18n';
import type { NewRow } from '../../../src-main/journal/journal';
import { makeRig, supplierRows, type Rig } from './support';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const THEIRS = { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' };

/** Rows with customer id C-k and own id O-k besides their supplier. */
function withIds(n: number): NewRow[] {
  return supplierRows(n).map((r, i) => ({
    ...r,
    payload: { ...r.payload, customerId: `C-${i + 1}`, ownId: `O-${i + 1}` },
  }));
}

/** An identifiers job's row adding `customerId` to the supplier with supplier id `supplier`
 *  (source SAP, as supplierRows makes them). */
function addCustomerId(sourceRow: number, supplier: string, customerId: string): NewRow {
  const identifier = { type: 'CUSTOMER_ID', id: customerId };
  return {
    sourceRow,
    cells: [],
    payload: { supplierId: { id: supplier, source: 'SAP' }, identifier },
    identityKey: JSON.stringify({ identifier }),
    state: 'valid',
  };
}

/** The platform ids holding a customer id on the sandbox (find-by-identifier). */
async function holders(r: Rig, customerId: string): Promise<string[]> {
  const res = await fetch(
    `${r.sandbox.url}/public/v2/suppliers/sites/find-by-identifier?customerId=${customerId}`,
    { headers: { 'X-Auth-Token': 'sandbox' } },
  );
  if (res.status === 404) return [];
  const body = (await res.json()) as unknown;
  const list = Array.isArray(body) ? body : [body];
  return list.map((s) => String((s as { platformTargetId: number }).platformTargetId));
}

/** The row's problem in both languages, from its code and params as the UI and export word it. */
function problem(r: Rig, jobId: string, sourceRow: number) {
  const row = r.journal.pageRows(jobId).rows.find((x) => x.sourceRow === sourceRow)!;
  const params = (row.errorParams ?? {}) as Params;
  const key = `failure.${row.errorCode}.${String(params.reason)}` as const;
  return {
    state: row.state,
    code: row.errorCode,
    params,
    en: word('en', key as Parameters<typeof word>[1], params),
    de: word('de', key as Parameters<typeof word>[1], params),
  };
}

/** The connection takes the API's names; the refused rows go again (as the CLI's --resume
 *  --identifier-types and the Connection screen's save and retry do). */
function setNames(r: Rig, jobId: string): number {
  r.journal.updateConnection(r.connectionId, { identifierTypes: THEIRS });
  r.engine.resetConnection(r.connectionId);
  return r.engine.retry(jobId, ['needs_user']);
}

function expectRefusalSaid(p: ReturnType<typeof problem>, sent: string) {
  expect(p).toMatchObject({
    state: 'needs_user',
    code: 'api_row_rejected',
    params: { reason: 'identifier_type', sent },
  });
  expect(p.en).toContain(`refused the identifier type ${sent}`);
  expect(p.en).toContain('Identifier type names');
  expect(p.en).toContain('--identifier-types CUSTOMER_ID=<name>,OWN_ID=<name>');
  expect(p.de).toContain(`Kennungstyp ${sent}`);
  expect(p.de).toContain('„Namen der Kennungstypen“');
  expect(p.de).toContain('--identifier-types CUSTOMER_ID=<Name>,OWN_ID=<Name>');
  // The API's own words are kept in the sentence.
  expect(p.en).toContain('type must be one of SUPPLIER_ID, CUST, OWN');
}

describe('an API that calls the identifier types differently', () => {
  it('attaching ids after creation: the rows say the type was refused; with the names set, the job runs', async () => {
    rig = await makeRig({ identifierTypes: THEIRS });
    const jobId = rig.newJob(withIds(2));
    await rig.engine.run(jobId);
    // The suppliers were created; their customer ids were refused by type, not attached.
    for (const sourceRow of [2, 3])
      expectRefusalSaid(problem(rig, jobId, sourceRow), 'CUSTOMER_ID');
    for (const row of rig.journal.pageRows(jobId).rows) {
      expect(row.platformId).toBeTruthy();
      expect(row.identifiers ?? []).toEqual([]);
    }
    expect(await holders(rig, 'C-1')).toEqual([]);

    expect(setNames(rig, jobId)).toBe(2);
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(2);
    for (const row of rig.journal.pageRows(jobId).rows) {
      const k = row.sourceRow - 1;
      expect((row.identifiers ?? []).map((i) => `${i.type} ${i.id} ${i.result}`)).toEqual([
        `CUSTOMER_ID C-${k} added`,
        `OWN_ID O-${k} added`,
      ]);
      expect(await holders(rig, `C-${k}`)).toEqual([row.platformId]);
    }
    // Each supplier was created once: the retry found the ones the job had made.
    expect(rig.sandbox.stats().suppliers).toBe(2);
  });

  it('an identifiers job: the rows say the type was refused; with the names set, the ids are added', async () => {
    rig = await makeRig({ identifierTypes: THEIRS });
    expect(await rig.engine.run(rig.newJob(supplierRows(2)))).toBe('finished');
    const jobId = rig.newJob(
      [addCustomerId(2, 'S-00001', 'C-NEW-1'), addCustomerId(3, 'S-00002', 'C-NEW-2')],
      {
        operation: 'identifiers',
        identifierAction: 'add',
      },
    );
    await rig.engine.run(jobId);
    for (const sourceRow of [2, 3])
      expectRefusalSaid(problem(rig, jobId, sourceRow), 'CUSTOMER_ID');

    expect(setNames(rig, jobId)).toBe(2);
    expect(await rig.engine.run(jobId)).toBe('finished');
    const rows = rig.journal.pageRows(jobId).rows;
    expect(rows.map((r) => [r.state, r.opResult])).toEqual([
      ['done', 'added'],
      ['done', 'added'],
    ]);
    expect(await holders(rig, 'C-NEW-1')).toEqual([rows[0]!.platformId]);
  });

  it('with the default names on an API that uses them, nothing is refused', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(withIds(1));
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.pageRows(jobId).rows[0]!.identifiers?.map((i) => i.result)).toEqual([
      'added',
      'added',
    ]);
  });
});
