// State that survives a restart (SQLite file), seed files in JSON and CSV, and the lifecycle on
// the real clock with short times.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src-main/util/clock';
import { StateFileError, startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { SEEDS, SITES, clientFor, supplierPayload } from './client';

let dir: string;
const open: SandboxHandle[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startSandbox>[0]) {
  const sb = await startSandbox(options);
  open.push(sb);
  return { sb, api: clientFor(sb.url) };
}

describe('persistence', () => {
  it('continues after a restart: suppliers, pending creations, requests, identifiers, counters', async () => {
    const statePath = join(dir, 'sandbox.sqlite');
    const clock = new FakeClock();
    const options = {
      statePath,
      clock,
      seedSuppliers: SEEDS,
      randomSeed: 3,
      processingMs: 1000,
      screeningMs: 1000,
      validationMs: 1000,
      screeningOdds: { Finished: 1, NoFindings: 0, Aborted: 0 },
    };
    const first = await start(options);
    await first.api.post(SITES, supplierPayload('KEEP-1'));
    await clock.advance(1000);
    const created = (await first.api.get(`${SITES}/find-by-identifier?supplierId=KEEP-1`)).body;
    const pending = await first.api.post(
      SITES,
      supplierPayload('KEEP-2', { screeningPeriodInYears: 2 }),
    );
    await first.api.post(`${SITES}/identifiers?platformId=501`, {
      type: 'CUSTOMER_ID',
      id: 'CU-5',
    });
    await first.api.post(`${SITES}/screening`, {
      identifier: { platformId: 500 },
      options: { periodInYears: 5 },
    });
    await first.api.delete(`${SITES}?platformId=502`);
    await first.sb.close();

    const second = await start(options);
    const api = second.api;
    // The creation still pending before the restart is still pending, and completes on time.
    expect((await api.get(`${SITES}/pending`)).body.map((p: { uuid: string }) => p.uuid)).toEqual([
      pending.body.uuid,
    ]);
    expect((await api.post(SITES, supplierPayload('KEEP-2'))).status).toBe(409);
    expect(
      (await api.get(`${SITES}/find-by-identifier?customerId=CU-5`)).body.platformTargetId,
    ).toBe(501);
    expect((await api.get(`${SITES}/find-by-identifier?platformId=502`)).status).toBe(404);
    expect((await api.get(`${SITES}/screening?platformId=500`)).body.status).toBe('New');
    await clock.advance(1000);
    expect((await api.get(`${SITES}/pending`)).body).toEqual([]);
    const later = (await api.get(`${SITES}/find-by-identifier?supplierId=KEEP-2`)).body;
    expect(later.platformTargetId).toBeGreaterThan(created.platformTargetId);
    expect((await api.get(`${SITES}/screening?supplierId=KEEP-2`)).body).toMatchObject({
      status: 'New',
      periodInYears: 2,
    });
    expect((await api.get(`${SITES}/screening?platformId=500`)).body.status).toBe('Finished');
    expect(second.sb.stats()).toMatchObject({
      creationsByIdentity: { 'KEEP-1|ERP': 1, 'KEEP-2|ERP': 1 },
      createRequestsAccepted: 2,
      suppliers: 4,
      screeningRequests: 2,
    });
  });

  it('keeps a persisted state instead of reseeding it, and reset reseeds', async () => {
    const statePath = join(dir, 'state.sqlite');
    const first = await start({ statePath, seedSuppliers: SEEDS });
    await first.api.delete(`${SITES}?platformId=500`);
    await first.sb.close();
    const second = await start({ statePath, seedSuppliers: SEEDS });
    expect(second.sb.stats().suppliers).toBe(2);
    second.sb.reset();
    expect(second.sb.stats().suppliers).toBe(3);
  });
});

describe('seed files', () => {
  it('loads JSON and CSV, shared identifiers included', async () => {
    const json = join(dir, 'seed.json');
    writeFileSync(json, JSON.stringify({ suppliers: SEEDS }));
    const fromJson = await start({ seedSuppliers: json });
    expect((await fromJson.api.get(`${SITES}/find-by-identifier?supplierId=SHARED`)).status).toBe(
      400,
    );
    expect(fromJson.sb.stats().suppliers).toBe(3);

    const csv = join(dir, 'seed.csv');
    writeFileSync(
      csv,
      [
        'name;countryCode;city;address;postalCode;platformTargetId;supplierId;supplierIdSource;customerId;customerIdSource;ownId;ownIdSource',
        'Delta GmbH;DE;Bonn;Allee 4;53111;700;D-1|D-2;ERP;;;;',
        'Echo SARL;FR;Paris;Quai 5;;;D-2;ERP;K-1;CRM;;',
      ].join('\n'),
    );
    const fromCsv = await start({ seedSuppliers: csv, findByIdentifierForm: 'list' });
    const delta = (await fromCsv.api.get(`${SITES}/find-by-identifier?supplierId=D-1`)).body;
    expect(delta).toEqual([
      expect.objectContaining({
        platformTargetId: 700,
        postalCode: '53111',
        supplierIds: [
          { id: 'D-1', source: 'ERP' },
          { id: 'D-2', source: 'ERP' },
        ],
      }),
    ]);
    expect((await fromCsv.api.get(`${SITES}/find-by-identifier?supplierId=D-2`)).body).toHaveLength(
      2,
    );
    const echo = (await fromCsv.api.get(`${SITES}/find-by-identifier?customerId=K-1&source=CRM`))
      .body;
    expect(echo[0].platformTargetId).toBeGreaterThan(700);
  });

  it('has a built-in sample base with an ambiguous id', async () => {
    const { sb, api } = await start({ seedSuppliers: 'sample' });
    expect(sb.stats().suppliers).toBeGreaterThan(5);
    expect((await api.get(`${SITES}/find-by-identifier?supplierId=SUP-2000`)).status).toBe(400);
    expect(
      (await api.get(`${SITES}/find-by-identifier?supplierId=SUP-2000&source=WMS`)).status,
    ).toBe(200);
  });

  it('refuses a state file it cannot use', async () => {
    const garbage = join(dir, 'garbage.sqlite');
    writeFileSync(
      garbage,
      'this is not a database, just text that is long enough to be read'.repeat(20),
    );
    await expect(startSandbox({ statePath: garbage })).rejects.toThrow(StateFileError);
  });

  it('refuses a bad seed with a sentence naming the place', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'name,countryCode,city,address\nFoxtrot,de,Rome,Via 1\n');
    await expect(startSandbox({ seedSuppliers: bad })).rejects.toThrow(/row 2: countryCode/);
    await expect(startSandbox({ seedSuppliers: join(dir, 'missing.json') })).rejects.toThrow(
      /cannot be read/,
    );
    await expect(
      startSandbox({ seedSuppliers: [{ name: 'x', countryCode: 'DE', city: ' ', address: 'a' }] }),
    ).rejects.toThrow(/city/);
  });
});

describe('real clock', () => {
  it('completes a creation, a screening and a validation within short configured times', async () => {
    const { api } = await start({
      processingMs: 30,
      screeningMs: 30,
      validationMs: 30,
      screeningOdds: { Finished: 0, NoFindings: 1, Aborted: 0 },
      validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0 },
    });
    const created = await api.post(
      SITES,
      supplierPayload('RT-1', { screeningPeriodInYears: 2, requestValidationOnCreate: true }),
    );
    expect(created.status).toBe(202);
    const waitFor = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the sandbox did not reach the expected state');
    };
    await waitFor(async () => (await api.get(`${SITES}/pending`)).body.length === 0);
    expect((await api.get(`${SITES}/find-by-identifier?supplierId=RT-1`)).status).toBe(200);
    await waitFor(
      async () =>
        (await api.get(`${SITES}/screening?supplierId=RT-1`)).body.status === 'NoFindings',
    );
    await waitFor(
      async () =>
        (await api.get(`${SITES}/validation?supplierId=RT-1`)).body.status === 'COMPLETED',
    );
  });
});
