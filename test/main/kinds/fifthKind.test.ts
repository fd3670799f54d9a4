// A fifth kind of job, registered by this test from its own folder (./fifth: "update the
// addresses of existing suppliers", with its own write to an endpoint the test adds to the
// sandbox), run through what every kind goes through: the import of an xlsx file, validation,
// the check, the plan with its typed count, the engine over real HTTP with lost answers, a
// crash at every journal write (between an intent and its outcome among them) with no address
// written twice, the journal, the command line's plan and summary, the results workbook, and the
// command line itself (`--operation addresses`, run in this process, where the kind is registered).
// The files ./fifth holds, and the registry call below, are the plug-in surface
// (docs/architecture.md, "Adding a kind").
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { main } from '../../../src-main/cli/onboard';
import { planLines, whatNeedsConfirming } from '../../../src-main/cli/planText';
import { countsLine, summarize } from '../../../src-main/cli/summary';
import { cliWords } from '../../../src-main/cli/words';
import { KINDS, registerKind } from '../../../src-main/kinds';
import { policyTable } from '../../../src-main/kinds/policyTable';
import { openJournal, type NewRow } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { typedChange } from '../../../src-shared/contract';
import { word } from '../../../src-shared/i18n';
import { isOperation, OperationSchema } from '../../../src-shared/operations';
import { isRowState, ROW_STATES } from '../../../src-shared/rowStates';
import { crashAtEveryWrite, NAMED_SEEDS, sandboxJob, transitions } from '../engine/support';
import { commandCaller, jobWaiter, practiceSandbox } from '../services/support';
import { addressesKind, NAME, registerAddressesKind } from './fifth';
import { STAGE, STATES } from './fifth/policy';
import { addressRoute } from './fifth/route';

// Registered before anything reads a job of it: its name, traits, write states and words.
registerAddressesKind();
const route = addressRoute();

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fifth-kind-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: { ...practiceSandbox(50), extraRoutes: route.routes },
    engineSettings: { settleMs: 200 },
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

const received = () => Object.fromEntries(route.received);

it('is known once registered: its name, its states, its words, its policy lines', () => {
  expect(isOperation(NAME)).toBe(true);
  expect(OperationSchema.safeParse(NAME).success).toBe(true);
  expect(OperationSchema.safeParse('nonesuch').success).toBe(false);
  // The built-in kinds' stored names read as before.
  for (const name of ['onboard', 'identifiers', 'deactivate', 'scores'])
    expect(OperationSchema.parse(name)).toBe(name);
  expect(KINDS[NAME]).toBe(addressesKind);
  for (const s of [STATES.queued, STATES.sending, STATES.inDoubt]) expect(isRowState(s)).toBe(true);
  // Listed before the end states, as a built-in kind's are.
  expect(ROW_STATES.indexOf(STATES.inDoubt as never)).toBeLessThan(ROW_STATES.indexOf('done'));
  expect(word('de', 'rowState.address_in_doubt' as never)).toBe(
    'Adressänderung unbestätigt (wird geprüft)',
  );
  expect(policyTable()).toContain('reconcile address');
  // A name is registered once; a built-in one never.
  expect(() => registerKind({ kind: addressesKind, writeStage: STAGE })).toThrow(/known already/);
  expect(() => registerKind({ kind: { ...addressesKind, name: 'deactivate' } })).toThrow(
    /known already/,
  );
});

describe('a job of the fifth kind, from its file to its results', () => {
  it('imports, checks, plans, asks for the typed count, writes each address once despite lost answers, and exports', async () => {
    const list = path.join(dir, 'addresses.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Addresses');
    ws.addRow(['Supplier No', 'Source', 'Street', 'Postal code', 'City']);
    ws.addRow(['SUP-1001', 'ERP', 'Neue Straße 1', '10117', 'Berlin']);
    ws.addRow(['SUP-1002', 'ERP', 'Neue Straße 2', '20095', 'Hamburg']);
    ws.addRow(['SUP-1003', 'ERP', '', '', '']); // no street: invalid, the cell named
    ws.addRow(['NOPE-9', 'ERP', 'Irgendwo 9', '', '']); // no such supplier: left out
    ws.addRow(['SUP-1001', 'ERP', 'Andere Straße 3', '', '']); // the same supplier again
    await wb.xlsx.writeFile(list);
    services.grants.grantRead(list);

    const { sandbox } = await services.ready();
    const preview = await call('files:preview', { path: list });
    const conn = (await call('connections:list', {}))[0]!;
    const mapped = Object.fromEntries(
      preview.suggestion.mapping.fields.map((f) => [f.field, f.column]),
    );
    expect(mapped).toMatchObject({
      'supplierId.id': 0,
      'supplierId.source': 1,
      address: 2,
      postalCode: 3,
      city: 4,
    });
    const { jobId } = await call('jobs:create', {
      path: list,
      connectionId: conn.id,
      mapping: preview.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false, operation: NAME },
    });
    const job = await call('jobs:get', { jobId });
    expect(job.options.operation).toBe(NAME);

    // Validation: the kind's own values (rowValues) with their problems, the duplicate named.
    const imported = await call('rows:page', { jobId, limit: 10 });
    const bySource = new Map(imported.rows.map((r) => [r.sourceRow, r]));
    expect(imported.rows.map((r) => [r.sourceRow, r.state])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'invalid'],
      [5, 'valid'],
      [6, 'invalid'],
    ]);
    expect(bySource.get(4)!.problems.map((p) => [p.field, p.code])).toEqual([
      ['address', 'value_missing'],
    ]);
    expect(bySource.get(6)!.problems.map((p) => p.code)).toEqual(['duplicate_in_file']);

    // The check: one lookup per row, by the ids it names.
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready']);
    const counts = (await call('jobs:get', { jobId })).counts;
    expect([counts.exists, counts.skipped, counts.invalid]).toEqual([2, 1, 2]);
    expect(received()).toEqual({});

    // The plan: its change counted, confirmed by typing the count.
    const plan = await call('jobs:plan', { jobId });
    expect(plan).toMatchObject({ operation: NAME, creations: 0 });
    const change = typedChange(plan)!;
    expect(change).toMatchObject({ name: 'addressChanges', count: 2 });
    const w = cliWords('en');
    expect(planLines(plan, false, w)).toContain('  2 suppliers’ addresses will be changed.');
    expect(whatNeedsConfirming(plan, w)).toContain('changes the addresses of 2 suppliers');
    expect(planLines(plan, false, cliWords('de'))).toContain(
      '  Die Adressen von 2 Lieferanten werden geändert.',
    );
    const refused = await services.router.dispatch('jobs:start', { jobId, confirmed: true });
    expect(refused.ok ? 'started' : refused.error.code).toBe('plan_not_confirmed');
    expect(received()).toEqual({});

    // Every write's answer is lost after the address was set: each row is read back, never sent
    // twice.
    sandbox!.configure({ faults: { after500: 1 } });
    await call('jobs:start', { jobId, confirmed: true, confirmedCount: 2 });
    await waitForJob(jobId, ['finished', 'needs_attention']);
    sandbox!.configure({ faults: {} });
    expect(sandbox!.stats().faults.after500).toBe(2);
    const rows = (await call('rows:page', { jobId, limit: 10 })).rows;
    const a = rows.find((r) => r.sourceRow === 2)!;
    const b = rows.find((r) => r.sourceRow === 3)!;
    expect(received()).toEqual({ [a.platformId!]: 1, [b.platformId!]: 1 });
    expect(route.addresses.get(a.platformId!)).toEqual({
      address: 'Neue Straße 1',
      city: 'Berlin',
      postalCode: '10117',
    });
    expect(rows.map((r) => [r.sourceRow, r.state])).toEqual([
      [2, 'done'],
      [3, 'done'],
      [4, 'invalid'],
      [5, 'skipped'],
      [6, 'invalid'],
    ]);

    // The journal: each written row went through its kind's states, in doubt, read back.
    await services.close();
    const journal = openJournal({ path: path.join(dir, 'data', 'journal.sqlite') });
    try {
      expect(transitions(journal, a.id)).toEqual([
        'valid>exists',
        `exists>${STATES.queued}`,
        `${STATES.queued}>${STATES.sending}`,
        `${STATES.sending}>${STATES.inDoubt}`,
        `${STATES.inDoubt}>done`,
      ]);
      // The command line's summary line, as its kind counts it.
      expect(countsLine(addressesKind, summarize(journal, jobId))).toBe(
        'rows=5 invalid=2 failed=0 pending=0',
      );
    } finally {
      journal.close();
    }
    services = createAppServices({
      dataDir: path.join(dir, 'data'),
      transport: 'direct',
      secrets: new MemorySecretStore(),
      sandbox: { ...practiceSandbox(50), extraRoutes: addressRoute().routes },
    });

    // The results workbook, named by the kind.
    const exported = await call('jobs:export', { jobId, format: 'xlsx' });
    expect(path.basename(exported.path)).toBe('addresses.address-results.xlsx');
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(exported.path);
    const results = out.getWorksheet('Results')!;
    const header = (results.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    expect(header).toEqual(expect.arrayContaining(['Supplier No', 'Street']));
    const street = header.indexOf('Street');
    expect(String(results.getRow(2).getCell(street).value)).toBe('Neue Straße 1');
    expect(results.rowCount).toBe(6);
  }, 90_000);
});

describe('a crash between any two journal writes of a job of the fifth kind', () => {
  let sandbox: SandboxHandle;
  const crashRoute = addressRoute();
  beforeAll(async () => {
    sandbox = await startSandbox({
      randomSeed: 5,
      tokens: [{ token: 'sandbox', permissions: ['ACCESS_PUBLIC_SUPPLIERS'] }],
      seedSuppliers: NAMED_SEEDS,
      extraRoutes: crashRoute.routes,
    });
  });
  afterAll(() => sandbox?.close());

  const row = (sourceRow: number, ref: Record<string, unknown>, address: string): NewRow => ({
    sourceRow,
    cells: [],
    payload: { ...ref, address },
    identityKey: JSON.stringify(ref),
    state: 'valid',
  });

  it('writes each address once, whichever write was the last', async () => {
    const settings = { settleMs: 120, leaseTtlMs: 60, requestTimeoutMs: 5_000 };
    const make = (name: string) => {
      crashRoute.received.clear();
      crashRoute.addresses.clear();
      const options = { skipExisting: false, screeningPeriod: null, validate: false };
      return sandboxJob(
        sandbox,
        path.join(dir, `${name}.sqlite`),
        [
          row(2, { supplierId: { id: 'A-1', source: 'ERP' } }, 'Neue Straße 1'),
          row(3, { ownId: 'OWN-B' }, 'Neue Straße 2'),
        ],
        { ...options, operation: NAME },
        { fields: [], operation: NAME },
      );
    };
    const { total, crashed, sawIntent } = await crashAtEveryWrite(
      make,
      settings,
      [STATES.sending as never],
      (journal, jobId, k) => {
        const rows = journal.pageRows(jobId).rows;
        const context = (id: number) => `crash at ${k}: ${transitions(journal, id).join(' ')}`;
        for (const r of rows) expect(r.state, context(r.id)).toBe('done');
        // Exactly once: the route received one PUT per supplier, whichever life sent it.
        expect(
          [...crashRoute.received.values()],
          `crash at write ${k}: ${JSON.stringify(Object.fromEntries(crashRoute.received))}`,
        ).toEqual([1, 1]);
      },
    );
    expect(total).toBeGreaterThan(4);
    expect(crashed).toBeGreaterThanOrEqual(total - 1);
    // Some deaths came between an intent and its outcome: PUTs that had left.
    expect(sawIntent).toBeGreaterThan(0);
  }, 90_000);
});

/** Runs the command line in this process, where the fifth kind is registered, on a sheet of
 *  `sheet` (header first) against a sandbox with the kind's route: its exit code, every line it
 *  printed, and what the route received. */
async function runAddressesCli(name: string, sheet: string[][], operation: string[]) {
  const route = addressRoute();
  const sandbox = await startSandbox({
    randomSeed: 7,
    tokens: [{ token: 'fifth-token', permissions: ['ACCESS_PUBLIC_SUPPLIERS'] }],
    seedSuppliers: NAMED_SEEDS,
    extraRoutes: route.routes,
  });
  const list = path.join(dir, `${name}.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Addresses');
  for (const row of sheet) ws.addRow(row);
  await wb.xlsx.writeFile(list);
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void lines.push(a.join(' ')));
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((...a) => void lines.push(a.join(' ')));
  process.env.FIFTH_KIND_TOKEN = 'fifth-token';
  try {
    const code = await main([
      list,
      ...operation,
      '--base-url',
      sandbox.url,
      '--token-env',
      'FIFTH_KIND_TOKEN',
      '--data-dir',
      path.join(dir, `${name}-data`),
      '--sandbox-processing-ms',
      '50',
      '--yes',
    ]);
    return { code, lines, route };
  } finally {
    log.mockRestore();
    out.mockRestore();
    error.mockRestore();
    delete process.env.FIFTH_KIND_TOKEN;
    await sandbox.close();
  }
}

describe('the command line with the fifth kind registered', () => {
  it('takes --operation addresses: its plan, its typed count confirmed by --yes, its writes and its summary line', async () => {
    const {
      code,
      lines,
      route: cliRoute,
    } = await runAddressesCli(
      'cli-addresses',
      [
        ['Supplier No', 'Source', 'Street', 'City'],
        ['A-1', 'ERP', 'Hauptstraße 5', 'Köln'],
        ['X-1', 'ERP', 'Ringweg 7', 'Bonn'],
        ['X-1', 'SAP', '', ''], // no street: invalid
      ],
      ['--operation', NAME],
    );
    const text = lines.join('\n');
    // Its plan line and the typed count it asks for, confirmed by --yes.
    expect(text).toContain('2 suppliers’ addresses will be changed.');
    // Its suppliers listed before the count, under words of its own or of any kind's change,
    // never another kind's.
    expect(text).toContain('The 2 suppliers it changes, as the check found them:');
    expect(text).toMatch(/row 2: A \(B, DE\), platform \d+/);
    expect(text).not.toMatch(/deactivat/i);
    // Each address written once, to the supplier its row names.
    expect([...cliRoute.received.values()]).toEqual([1, 1]);
    expect([...cliRoute.addresses.values()].map((a) => a.address).sort()).toEqual([
      'Hauptstraße 5',
      'Ringweg 7',
    ]);
    // Its summary line as the kind counts it; a row invalid needs the user (exit code 1).
    expect(lines.at(-1)).toBe('rows=3 invalid=1 failed=0 pending=0');
    expect(code).toBe(1);
  }, 90_000);
});

describe('the command line with the fifth kind, on a colleague’s sheet', () => {
  it('takes a German sheet with Austrian and Swiss address forms, and --operation=addresses', async () => {
    // Headers as a German colleague types them; addresses as Vienna (stair/door numbers) and
    // Zurich (Strasse without ß, a house number with a letter) write them; an own id typed with
    // a space at its end.
    const { code, lines, route } = await runAddressesCli(
      'kollegin',
      [
        ['Lieferantennummer', 'Quelle', 'Eigene ID', 'Straße', 'PLZ', 'Ort'],
        ['A-1', 'ERP', '', 'Mariahilfer Straße 12/3/14', '1060', 'Wien'],
        ['', '', 'OWN-B ', 'Bahnhofstrasse 21a', '8001', 'Zürich'],
      ],
      [`--operation=${NAME}`],
    );
    const text = lines.join('\n');
    expect(text).toContain('2 suppliers’ addresses will be changed.');
    expect(text).not.toMatch(/deactivat/i);
    expect([...route.received.values()]).toEqual([1, 1]);
    expect([...route.addresses.values()].sort((a, b) => a.city!.localeCompare(b.city!))).toEqual([
      { address: 'Mariahilfer Straße 12/3/14', city: 'Wien', postalCode: '1060' },
      { address: 'Bahnhofstrasse 21a', city: 'Zürich', postalCode: '8001' },
    ]);
    expect(lines.at(-1)).toBe('rows=2 invalid=0 failed=0 pending=0');
    expect(code).toBe(0);
  }, 90_000);
});
