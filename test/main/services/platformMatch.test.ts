// A row's supplier found on the platform by hand, through the router as the screens call it: the
// embedded sandbox over real HTTP (its sample base), a real journal, a workbook on disk. The
// search reads the list the check read (or reads it again), finds by name, city, postal code and
// id; the attach verifies the supplier, creates nothing, lands the row's id on that supplier
// once, and is remembered for the next list of the connection.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachSentences } from '../../../src-shared/retryWords';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import type { SandboxHandle } from '../../../src-main/sandbox';
import { writeDuplicatesList } from '../../lists';
import { commandCaller, importSuggested, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
let sandbox: SandboxHandle;
const call = commandCaller(() => services);
const { waitForJob, waitForGrouping } = jobWaiter(call);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'platform-match-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(100),
  });
  const core = await services.ready();
  sandbox = core.sandbox!;
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

async function newJob(name: string) {
  const file = path.join(dir, `${name}.xlsx`);
  await writeDuplicatesList(file);
  services.grants.grantRead(file);
  const { jobId } = await importSuggested(call, file);
  await waitForGrouping(jobId);
  return jobId;
}

const rowAt = async (jobId: string, sourceRow: number) =>
  (await call('rows:page', { jobId, limit: 100 })).rows.find((r) => r.sourceRow === sourceRow)!;
const q = (query: Record<string, string>) => ({
  name: '',
  city: '',
  postalCode: '',
  id: '',
  ...query,
});

// Row 13 of the list: Verde Agricola S.r.l., Verona, DUP-012 — like no supplier of the base.
const VERDE = 13;

describe('a match found by hand', () => {
  it('searches the base by name, city, postal code and id; attaches the row; nothing is created', async () => {
    const jobId = await newJob('by-hand');
    // Before any check of the connection kept a list, the search reads it (every page).
    const first = await call('duplicates:searchPlatform', {
      jobId,
      query: q({ name: 'tessuti toscani' }),
    });
    expect(first.readNow).toBe(true);
    expect(first.suppliers.map((s) => s.name)).toEqual(['Tessuti Toscani S.p.A.']);
    const tessuti = first.suppliers[0]!;
    expect(tessuti).toMatchObject({ city: 'Prato', postalCode: '59100', countryCode: 'IT' });
    expect(tessuti.supplierIds).toEqual(['SUP-1003 (ERP)']);

    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready', 'needs_attention', 'checked']);
    expect((await rowAt(jobId, VERDE)).state).toBe('new');

    // The list the check read is searched, not read again; each field finds the supplier.
    for (const query of <Record<string, string>[]>[
      { name: 'Toscani Tessuti' }, // words in another order
      { name: 'Tesuti Toscanni' }, // misspelt
      { city: 'prato' },
      { postalCode: '591' },
      { id: 'sup-1003' },
      { id: tessuti.platformId },
      { name: 'Tessuti', city: 'Prato', postalCode: '59100' },
    ]) {
      const found = await call('duplicates:searchPlatform', { jobId, query: q(query) });
      expect(found.readNow, JSON.stringify(query)).toBe(false);
      expect(found.suppliers[0]?.platformId, JSON.stringify(query)).toBe(tessuti.platformId);
    }
    // Every field given must agree; nothing asked finds nothing.
    const other = await call('duplicates:searchPlatform', {
      jobId,
      query: q({ name: 'Tessuti', city: 'Hamburg' }),
    });
    expect(other.suppliers).toEqual([]);
    expect((await call('duplicates:searchPlatform', { jobId, query: q({}) })).matches).toBe(0);
    const fresh = await call('duplicates:searchPlatform', {
      jobId,
      query: q({ name: 'Nordwind' }),
      fresh: true,
    });
    expect(fresh.readNow).toBe(true);
    expect(fresh.suppliers[0]?.name).toBe('Nordwind Stahlbau GmbH');

    // A platform id no active supplier has is refused, and the row stays as it was.
    const unknown = await services.router.dispatch('duplicates:attachFound', {
      jobId,
      sourceRow: VERDE,
      platformId: '99999999',
    });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.code).toBe('api_not_found');
    expect((await rowAt(jobId, VERDE)).state).toBe('new');

    const attached = await call('duplicates:attachFound', {
      jobId,
      sourceRow: VERDE,
      platformId: tessuti.platformId,
    });
    expect(attached).toMatchObject({
      platformId: tessuti.platformId,
      name: 'Tessuti Toscani S.p.A.',
    });
    expect(await rowAt(jobId, VERDE)).toMatchObject({
      state: 'exists',
      platformId: tessuti.platformId,
    });

    // Another list of the connection with the same row, checked before this one is sent:
    // attached by its check, as remembered (a decision by hand, whatever its candidates).
    const again = await newJob('by-hand-again');
    await call('jobs:check', { jobId: again });
    await waitForJob(again, ['ready', 'needs_attention', 'checked']);
    const row = await rowAt(again, VERDE);
    expect(row).toMatchObject({ state: 'exists', platformId: tessuti.platformId });
    const history = await call('rows:events', { rowId: row.id });
    expect(JSON.stringify(history)).toContain('duplicate_remembered_attach');
    // Decide the held rows so the job can run: keep them all.
    const held = (await call('duplicates:list', { jobId })).groups.flatMap((g) => g.rows);
    await call('duplicates:decide', {
      jobId,
      decisions: held
        .filter((r) => r.state === 'duplicate')
        .map((r) => ({ sourceRow: r.sourceRow, decision: 'keep' as const })),
    });
    const plan = await call('jobs:plan', { jobId });
    await call('jobs:start', { jobId, confirmed: true, confirmedCount: plan.paidToConfirm });
    await waitForJob(jobId, ['finished', 'needs_attention']);
    const stats = sandbox.stats();
    expect(stats.creationsByIdentity['DUP-012|ERP'] ?? 0).toBe(0);
    const key = [tessuti.platformId, 'SUPPLIER_ID', 'DUP-012', 'ERP'].join('\u001f');
    expect(stats.changesByIdentity.identifier_add[key]).toBe(1);
    expect(await rowAt(jobId, VERDE)).toMatchObject({
      state: 'done',
      platformId: tessuti.platformId,
    });

    // A row something was sent for can no longer be attached.
    const late = await services.router.dispatch('duplicates:attachFound', {
      jobId,
      sourceRow: VERDE,
      platformId: tessuti.platformId,
    });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('invalid_input');
  }, 120_000);

  it('a results file with platform ids typed into Attach to platform ID makes a retry job that attaches those rows, said in English and German', async () => {
    // A list of its own (the first test created the rows of the other): two rows like
    // platform suppliers, held for a decision.
    const file = path.join(dir, 'typed.csv');
    await writeFile(
      file,
      [
        'Supplier ID,Source,Name,Street,Postal code,City,Country',
        'TYP-1,ERP,NORDWIND STAHLBAU GMBH,Am Sandtorkai 12,20457,Hamburg,DE',
        'TYP-2,ERP,"Great Lakes Packaging, Inc.",1200 Lakeside Ave,44114,Cleveland,US',
      ].join('\n') + '\n',
    );
    services.grants.grantRead(file);
    const { jobId } = await importSuggested(call, file);
    await waitForGrouping(jobId);
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready', 'needs_attention', 'checked']);
    const base = (await call('duplicates:list', { jobId })).groups.filter(
      (g) => g.scope === 'base',
    );
    const nordwind = base.find((g) => g.rows[0]!.sourceRow === 2)!.rows[0]!.base[0]!;
    const { path: results } = await call('jobs:export', { jobId, format: 'xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const ws = wb.getWorksheet('Results')!;
    const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const attachAt = headers.indexOf('Attach to platform ID');
    const sourceAt = headers.indexOf('Source row');
    ws.eachRow((row) => {
      const n = Number(row.getCell(sourceAt).value);
      if (n === 2) row.getCell(attachAt).value = Number(nordwind.platformId);
      if (n === 3) row.getCell(attachAt).value = '999999';
    });
    await wb.xlsx.writeFile(results);

    const r = await call('jobs:retryFromResults', { path: results, jobId });
    expect(r.attach).toEqual({
      rows: [{ sourceRow: 2, platformId: nordwind.platformId, name: nordwind.name }],
      unknown: [{ sourceRow: 3, platformId: '999999' }],
      done: [],
    });
    // Sent again unchanged because of the id typed: only those two rows.
    expect(r.retry).toBe(2);
    expect(attachSentences('en', r.attach)).toEqual([
      `1 row will be attached to an existing supplier: row 2 → platform ${nordwind.platformId} (${nordwind.name}). Their ids are added there (Attach to platform ID); nothing is created for it.`,
      'No active supplier on the platform has the platform id typed in Attach to platform ID for row 3 (999999): nothing is sent for it. Check the id, or empty the cell to create the row.',
    ]);
    expect(attachSentences('de', r.attach)[0]).toBe(
      `1 Zeile wird einem vorhandenen Lieferanten zugeordnet: Zeile 2 → Plattform ${nordwind.platformId} (${nordwind.name}). Ihre Kennungen werden dort hinzugefügt (An Plattform-ID anhängen); angelegt wird für sie nichts.`,
    );
    const retry = r.jobId!;
    expect(await rowAt(retry, 2)).toMatchObject({
      state: 'exists',
      platformId: nordwind.platformId,
    });
    const unknown = await rowAt(retry, 3);
    expect(unknown).toMatchObject({ state: 'invalid', errorCode: 'api_not_found' });
    expect(unknown.errorMessage).toContain('platform id 999999');
  }, 120_000);
});
