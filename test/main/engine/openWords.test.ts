// Jobs against a sandbox whose foreignSystems `system` holds the source system's name, with the
// list's pages counted (the check reads the list) or not (it asks find-by-identifier per row):
// the suppliers an earlier job created are recognised, none is created twice, and the words are
// named once per check. Where the name stands without the source, a list that shows a row's id
// under it without the row's source stops the job with the sentence; without a counted list the
// server's own find answers, and nothing is in doubt. The supplier-base export keeps such ids.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { exportSupplierBase } from '../../../src-main/base/exportSuppliers';
import type { SandboxOptions } from '../../../src-main/sandbox';
import { duplicates, makeRig, NAMED_SEEDS, supplierRows, type Rig } from './support';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const wordNotes = (r: Rig) =>
  r.events.filter((e) => e.type === 'warning' && e.code === 'identifier_system_unknown');

describe.each([
  // The spec's kinds, checked by find-by-identifier: the lean supplier found is all there is.
  ['kind', 'counted', 'lookup'],
  ['source-name', 'counted', 'auto'],
  ['source-name', 'uncounted', 'auto'],
  // No source beside the word: the list leaves each row in doubt, the API's find decides.
  ['source-name-only', 'counted', 'auto'],
  ['source-name-only', 'uncounted', 'auto'],
] as const)("foreignSystems' system %s, list pages %s, check %s", (system, paging, strategy) => {
  it('recognises the suppliers an earlier job created and creates only the new ones', async () => {
    const options: Partial<SandboxOptions> = { answers: 'spec', system, paging };
    rig = await makeRig(options, { checkStrategy: strategy });
    expect(await rig.engine.run(rig.newJob(supplierRows(4)))).toBe('finished');
    const again = rig.newJob(supplierRows(6));
    expect(await rig.engine.run(again, { mode: 'check', wait: true })).toBe('checked');
    expect(rig.journal.counts(again)).toMatchObject({ exists: 4, new: 2 });
    expect(await rig.engine.run(again)).toBe('finished');
    expect(rig.journal.counts(again).done).toBe(6);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(6);
    expect(duplicates(rig.sandbox)).toEqual([]);
    // Named once per check, whichever answer showed it (the list, or a supplier found).
    const notes = wordNotes(rig);
    if (system === 'kind') return expect(notes).toEqual([]);
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect(notes.length).toBeLessThanOrEqual(3);
    expect(notes[0]!.type === 'warning' && notes[0]!.message).toContain('"SAP"');
  });
});

describe("foreignSystems' system holds the source name and no source, the list counted", () => {
  it('stops the check with the sentence naming system where the API finds none, and creates nothing', async () => {
    // The platform has S-00001 from another source; the list shows it under that source's name
    // without the source, and the API finds no S-00001 from SAP: the app cannot tell.
    const seed = { name: 'Elsewhere', countryCode: 'DE', city: 'Ulm', address: 'Weg 1' };
    rig = await makeRig({
      answers: 'spec',
      system: 'source-name-only',
      seedSuppliers: [{ ...seed, supplierIds: [{ id: 'S-00001', source: 'ERP' }] }],
    });
    const again = rig.newJob(supplierRows(6));
    expect(await rig.engine.run(again)).toBe('access_denied');
    const job = rig.journal.getJob(again)!;
    expect(job.state).toBe('paused');
    expect(job.stateReason).toMatchObject({ code: 'identifier_system_unknown' });
    expect(job.stateReason?.message).toMatch(
      /^Paused: the API names the kind of its identifiers \(foreignSystems' `system`\) with "ERP", which the app does not know; the supplier id S-00001 of row 2 is there without a source, and the API finds no supplier with it and the source "SAP"\./,
    );
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(0);
  });
});

describe("the supplier-base export against source names in foreignSystems' system", () => {
  it('lists the ids of a kind the app does not know, not a base without supplier ids', async () => {
    rig = await makeRig({ answers: 'spec', system: 'source-name', seedSuppliers: NAMED_SEEDS });
    const out = path.join(rig.dir, 'base.xlsx');
    const exported = await exportSupplierBase({
      out,
      api: rig.engine.runtime(rig.connectionId).api,
      store: rig.journal,
      connectionId: rig.connectionId,
      pageSize: 3,
    });
    expect(exported).toMatchObject({ complete: true, suppliers: NAMED_SEEDS.length });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const cells: unknown[][] = [];
    wb.getWorksheet('Suppliers')!.eachRow((row, n) => {
      if (n > 1) cells.push([row.getCell(7).value, row.getCell(8).value]);
    });
    expect(cells).toContainEqual(['A-1', 'ERP']);
  });
});
