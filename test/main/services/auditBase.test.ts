// The platform's own base audited on the supplier-base screen, through the router as the screen
// calls it: the embedded sandbox seeded with a base as real ones grow (the same site entered twice
// by colleagues who spelled it otherwise, chains, namesakes, two trades of one family at one
// address), grouped with reasons; the suppliers chosen on the screen become a deactivation job
// that is checked, confirmed by its typed count and run; the sandbox deactivates each once, and an
// audit made again finds no group left. An ID the audit did not group is refused.
import '../../setupKinds';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { typedChange } from '../../../src-shared/contract';
import { AUDIT_BASE as BASE, AUDIT_GROUPS } from '../../lists';
import { commandCaller, jobWaiter, servicesPerFile } from './support';

const { services, connectionId: sandboxConnection } = servicesPerFile('audit-');
const call = commandCaller(services);
const { waitForJob } = jobWaiter(call);
let connectionId: string;

beforeAll(async () => {
  const core = await services().ready();
  connectionId = sandboxConnection();
  core.sandbox!.configure({ seedSuppliers: [...BASE] });
  core.sandbox!.reset();
});

/** A group by its members' supplier ids. */
const idsOf = (group: { supplierIds: string }[]) =>
  group.map((m) => m.supplierIds.replace(' (ERP)', '')).sort();

describe('the supplier base audited on the screen', () => {
  it('groups the likely duplicates with reasons, deactivates the chosen ones by a checked job, and an audit made again finds none', async () => {
    const audit = await call('base:audit', { connectionId });
    expect(audit.complete).toBe(true);
    expect(audit.suppliers).toBe(BASE.length);
    expect(audit.connection).toBe(
      (await services().ready()).journal.getConnection(connectionId)!.name,
    );
    expect(audit.shown.map(idsOf).sort()).toEqual(AUDIT_GROUPS);
    expect(audit.groups).toBe(3);
    expect(audit.inGroups).toBe(7);
    expect(audit.toDeactivate).toBe(4);
    for (const g of audit.shown) {
      // Lowest platform ID first (kept by default), every member with a reason.
      expect(g.map((m) => m.platformId)).toEqual(
        [...g.map((m) => m.platformId)].sort((a, b) => a - b),
      );
      for (const m of g) expect(m.reasons.length).toBeGreaterThan(0);
    }

    // The workbook the screen offers holds the same groups.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(audit.path);
    const sheet = book.getWorksheet('Likely duplicates')!;
    expect(sheet.getRow(1).getCell(2).text).toBe('Platform ID');
    expect(sheet.actualRowCount - 1).toBe(audit.inGroups);

    // Only IDs the audit grouped may be deactivated from it.
    const single = (await services().router.dispatch('base:deactivateAudited', {
      connectionId,
      platformIds: [999_999],
    })) as { ok: false; error: { code: string; message: string } };
    expect(single.ok).toBe(false);
    expect(single.error.code).toBe('not_found');
    expect(single.error.message).toMatch(/999999 is not in a group of the last audit/);

    // The user keeps the second of the Harvey group instead of the first: the chosen ones.
    const harvey = audit.shown.find((g) => g.length === 3)!;
    const chosen = audit.shown
      .flatMap((g) => (g === harvey ? [g[0]!, g[2]!] : g.slice(1)))
      .map((m) => m.platformId);
    const made = await call('base:deactivateAudited', { connectionId, platformIds: chosen });
    expect(made.rows).toBe(4);
    const job = await call('jobs:get', { jobId: made.jobId });
    expect(job.options.operation).toBe('deactivate');
    expect(job.name).toBe('Deactivate 4 likely duplicates from the audit');

    // The deactivation job as any: checked, its count typed, run.
    await call('jobs:check', { jobId: made.jobId });
    await waitForJob(made.jobId, ['checked', 'ready', 'needs_attention', 'validated']);
    const plan = await call('jobs:plan', { jobId: made.jobId });
    expect(typedChange(plan)?.count).toBe(4);
    await call('jobs:start', {
      jobId: made.jobId,
      confirmed: true,
      confirmedCount: typedChange(plan)?.count,
    });
    const ran = await waitForJob(made.jobId, ['finished', 'needs_attention']);
    expect(ran.opResults).toMatchObject({ deactivated: 4 });
    const deactivated = (await services().ready()).sandbox!.stats().changesByIdentity.deactivate;
    expect(Object.keys(deactivated).map(Number).sort()).toEqual([...chosen].sort());
    expect(Object.values(deactivated).every((n) => n === 1)).toBe(true);

    // The base audited again: the kept ones stand alone.
    const again = await call('base:audit', { connectionId });
    expect(again.suppliers).toBe(BASE.length - 4);
    expect(again.groups).toBe(0);
  });

  it('groups the same from a server that answers only what the spec shows (no postal codes, identifiers as foreignSystems)', async () => {
    // The spec's supplier list shows no postal code and names identifiers as foreignSystems
    // {system, id, source}: a real API may answer so. The groups must not depend on the sandbox's
    // fuller answer.
    const core = await services().ready();
    core.sandbox!.configure({ seedSuppliers: [...BASE], answers: 'spec' });
    core.sandbox!.reset();
    try {
      const audit = await call('base:audit', { connectionId });
      expect(audit.complete).toBe(true);
      expect(audit.suppliers).toBe(BASE.length);
      expect(audit.shown.map(idsOf).sort()).toEqual(AUDIT_GROUPS);
      expect(audit.shown.flat().every((m) => m.postalCode === '')).toBe(true);
    } finally {
      core.sandbox!.configure({ answers: 'full' });
    }
  });
});
