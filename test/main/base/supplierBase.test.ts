// The supplier-base export and the drift report over real HTTP against the sandbox: paging,
// identifiers as text, continuation sheets, resume after an interruption (each page read once),
// a list that shifts between pages, and every kind of drift.
import { existsSync } from 'node:fs';
import {
  chown,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThrottledApi } from '../../../src-main/api';
import { driftReport } from '../../../src-main/base/drift';
import {
  checkpointKey,
  exportSupplierBase,
  type SupplierLister,
} from '../../../src-main/base/exportSuppliers';
import type { SpoolRef } from '../../../src-main/base/spool';
import { manySuppliers } from '../../../src-main/sandbox/manySuppliers';
import { driftMapping } from '../../../src-main/services/supplierBase';
import { suggestMapping } from '../../../src-main/workbook';
import { makeRig, type Rig } from '../engine/support';
import { AppFailure } from '../../../src-shared/errors';

let rig: Rig;
let api: ThrottledApi;

beforeEach(async () => {
  rig = await makeRig({ processingMs: 0 });
  api = rig.engine.runtime(rig.connectionId).api;
});
afterEach(async () => {
  await rig.close();
});

function seed(n: number) {
  rig.sandbox.configure({ seedSuppliers: manySuppliers(n) });
  rig.sandbox.reset();
}

/** The API's list, with every page number read recorded, and a hook after each read. */
function counted(after?: (page: number) => Promise<void>) {
  const pages: number[] = [];
  const lister: SupplierLister = {
    async listSuppliers(page, size, o) {
      const answer = await api.listSuppliers(page, size, o?.signal ? { signal: o.signal } : {});
      pages.push(page);
      await after?.(page);
      return answer;
    },
  };
  return { pages, lister };
}

async function sheetRows(file: string, sheet: string): Promise<ExcelJS.Row[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet(sheet);
  if (!ws) throw new Error(`no sheet ${sheet}; sheets: ${wb.worksheets.map((w) => w.name)}`);
  const rows: ExcelJS.Row[] = [];
  ws.eachRow((r, n) => {
    if (n > 1) rows.push(r);
  });
  return rows;
}

const out = () => path.join(rig.dir, 'base.xlsx');

/** The spool files beside the output (hidden, named after it). */
const spools = async () =>
  (await readdir(rig.dir)).filter((f) => f.startsWith('.base.xlsx.') && f.endsWith('.spool'));

/** An export of base.xlsx in pages of 100 through `lister`. */
const options = (lister: SupplierLister) => ({
  out: out(),
  api: lister,
  store: rig.journal,
  connectionId: rig.connectionId,
  pageSize: 100,
});

describe('supplier base export', () => {
  it('pages through a few hundred suppliers, identifiers as text cells', async () => {
    seed(350);
    const { pages, lister } = counted();
    const r = await exportSupplierBase(options(lister));
    expect(r).toMatchObject({ complete: true, suppliers: 350, pages: 4, duplicates: 0 });
    expect(pages).toEqual([0, 1, 2, 3]);
    const rows = await sheetRows(out(), 'Suppliers');
    expect(rows).toHaveLength(350);
    const platformIds = new Set(rows.map((row) => row.getCell(1).value));
    expect(platformIds.size).toBe(350);
    // Supplier 10 has a second, 15-digit ID: kept whole, as text.
    const tenth = rows.find((row) => row.getCell(7).value === 'S00000010')!;
    expect(tenth.getCell(8).value).toBe('ERP');
    expect(tenth.getCell(9).value).toBe('100000000000010 (DUNS)');
    expect(tenth.getCell(7).numFmt).toBe('@');
    expect(typeof tenth.getCell(1).value).toBe('string');
    expect(tenth.getCell(6).value).toBe('FR');
    // Nothing left behind: no spool, no checkpoint.
    expect(await spools()).toEqual([]);
    expect(rig.journal.getSetting(checkpointKey(out()))).toBeUndefined();
  });

  it('goes on to continuation sheets at the row limit', async () => {
    seed(25);
    const r = await exportSupplierBase({
      out: out(),
      api,
      store: rig.journal,
      connectionId: rig.connectionId,
      maxRowsPerSheet: 11,
    });
    expect(r.sheets).toEqual(['Suppliers', 'Suppliers (2)', 'Suppliers (3)']);
    expect((await sheetRows(out(), 'Suppliers (3)')).length).toBe(5);
  });

  it('resumes after an interruption: each page read once, the same workbook', async () => {
    seed(350);
    const { pages, lister } = counted();
    const common = options(lister);
    const first = await exportSupplierBase({ ...common, stopAfterPages: 2 });
    expect(first).toMatchObject({ complete: false, pages: 2, suppliers: 200 });
    // No half workbook in the place of the final one; the checkpoint is in the journal.
    expect(existsSync(out())).toBe(false);
    expect(rig.journal.getSetting(checkpointKey(out()))).toMatchObject({ nextPage: 2 });
    const second = await exportSupplierBase(common);
    expect(second).toMatchObject({ complete: true, suppliers: 350, resumedAtPage: 2, reads: 2 });
    expect(pages).toEqual([0, 1, 2, 3]);
    const resumed = (await sheetRows(out(), 'Suppliers')).map((row) => row.getCell(1).value);

    const fresh = path.join(rig.dir, 'fresh.xlsx');
    await exportSupplierBase({ ...common, api, out: fresh });
    expect(resumed).toEqual(
      (await sheetRows(fresh, 'Suppliers')).map((row) => row.getCell(1).value),
    );
  });

  it('a spool longer than the checkpoint (killed between the two) is cut back', async () => {
    seed(300);
    const common = options(api);
    await exportSupplierBase({ ...common, stopAfterPages: 1 });
    // A page appended to the spool whose checkpoint never came.
    const cp = rig.journal.getSetting(checkpointKey(out())) as { spool: SpoolRef };
    expect(await spools()).toEqual([cp.spool.name]);
    await writeFile(path.join(rig.dir, cp.spool.name), '[1,"x","","","","",[]]\n', { flag: 'a' });
    const r = await exportSupplierBase(common);
    expect(r.suppliers).toBe(300);
    const ids = (await sheetRows(out(), 'Suppliers')).map((row) => row.getCell(1).value);
    expect(ids).not.toContain('1');
  });

  it('a list that shifts between pages gives no duplicate and loses no supplier', async () => {
    seed(400);
    const before = new Set<number>();
    for (let p = 0; p < 4; p++) {
      const a = await api.listSuppliers(p, 100);
      if (a.kind !== 'ok') throw new Error(a.kind);
      for (const s of a.value.content) before.add(s.platformTargetId);
    }
    const removed: number[] = [];
    const { pages, lister } = counted(async (page) => {
      if (page === 0 && pages.length === 1) {
        // Two suppliers that sort first: page 0's last two slide onto page 1.
        for (const n of [1, 2]) {
          const c = await api.createSupplier({
            name: `AAA new ${n}`,
            countryCode: 'DE',
            city: 'Berlin',
            address: 'Weg 1',
            supplierId: { id: `NEW-${n}`, source: 'ERP' },
          });
          expect(c.kind).toBe('ok');
        }
        // Processed at once (processingMs 0) once the sandbox is asked again.
        await api.listPending();
      }
      if (page === 2 && removed.length === 0) {
        // Five of page 0 removed: page 2's first five slide back onto page 1, read already.
        const a = await api.listSuppliers(0, 100);
        if (a.kind !== 'ok') throw new Error(a.kind);
        for (const s of a.value.content.slice(10, 15)) {
          const d = await api.deactivateSupplier({ platformId: s.platformTargetId });
          expect(d.kind).toBe('ok');
          removed.push(s.platformTargetId);
        }
      }
    });
    const r = await exportSupplierBase(options(lister));
    expect(r.complete).toBe(true);
    expect(r.listChanged).toBe(true);
    expect(r.duplicates).toBeGreaterThan(0);
    expect(r.rereads).toBeGreaterThan(0);
    const ids = (await sheetRows(out(), 'Suppliers')).map((row) => Number(row.getCell(1).value));
    expect(new Set(ids).size).toBe(ids.length);
    // Every supplier active throughout is in the export.
    const kept = [...before].filter((id) => !removed.includes(id));
    const exported = new Set(ids);
    expect(kept.filter((id) => !exported.has(id))).toEqual([]);
  });
});

// The output's folder on a team share: another account plants links at the names the export
// used to use (`.base.xlsx.<pid>.part`, `.base.xlsx.spool`) or swaps the spool. A link is never
// followed: the user's file outside the folder keeps its bytes and its mode.
describe.runIf(process.platform !== 'win32')(
  'supplier base export in a folder others can write to',
  () => {
    const VICTIM = 'a file of the user outside the shared folder\n';
    let home: string;
    let victim: string;
    beforeEach(async () => {
      home = await mkdtemp(path.join(tmpdir(), 'base-victim-'));
      victim = path.join(home, 'victim.txt');
      await writeFile(victim, VICTIM.repeat(200), { mode: 0o644 });
    });
    afterEach(() => rm(home, { recursive: true, force: true }));

    const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
    const expectVictimUnchanged = async () => {
      expect(await readFile(victim, 'utf8')).toBe(VICTIM.repeat(200));
      expect(await modeOf(victim)).toBe(0o644);
    };
    const spoolRef = () =>
      (rig.journal.getSetting(checkpointKey(out())) as { spool: SpoolRef }).spool;
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => (e instanceof AppFailure ? e.error : undefined),
      );

    it('writes the workbook 0600 without following links at the old names', async () => {
      seed(250);
      const planted = [path.basename(`.base.xlsx.spool`)];
      await symlink(victim, path.join(rig.dir, planted[0]!));
      for (let pid = process.pid; pid < process.pid + 8; pid++) {
        const name = `.base.xlsx.${pid}.part`;
        await symlink(victim, path.join(rig.dir, name));
        planted.push(name);
      }
      const r = await exportSupplierBase(options(api));
      expect(r).toMatchObject({ complete: true, suppliers: 250 });
      await expectVictimUnchanged();
      expect(await modeOf(out())).toBe(0o600);
      expect((await sheetRows(out(), 'Suppliers')).length).toBe(250);
      // Only the planted links are left, untouched: no spool, no temporary file.
      const hidden = (await readdir(rig.dir)).filter((f) => f.startsWith('.base.xlsx'));
      expect(hidden.sort()).toEqual(planted.sort());
      for (const p of planted) expect(await readlink(path.join(rig.dir, p))).toBe(victim);
    });

    it('refuses an output that is a link before reading a page', async () => {
      seed(50);
      await symlink(victim, out());
      const { pages, lister } = counted();
      const error = await failure(exportSupplierBase(options(lister)));
      expect(error).toMatchObject({ code: 'export_failed', details: { reason: 'target_link' } });
      expect(pages).toEqual([]);
      await expectVictimUnchanged();
      expect((await lstat(out())).isSymbolicLink()).toBe(true);
    });

    it('makes its spool new, 0600, under a name nobody can guess', async () => {
      seed(300);
      await exportSupplierBase({ ...options(api), stopAfterPages: 1 });
      const ref = spoolRef();
      expect(ref.name).toMatch(/^\.base\.xlsx\.[0-9a-f]{24}\.spool$/);
      expect(await modeOf(path.join(rig.dir, ref.name))).toBe(0o600);
    });

    it('does not resume a spool swapped for a link: nothing is cut or read through it', async () => {
      seed(300);
      const { pages, lister } = counted();
      await exportSupplierBase({ ...options(lister), stopAfterPages: 1 });
      const { name } = spoolRef();
      // The victim is longer than the spool: resuming through the link would cut it back.
      await rename(path.join(rig.dir, name), path.join(home, 'moved-spool'));
      await symlink(victim, path.join(rig.dir, name));
      const r = await exportSupplierBase(options(lister));
      expect(r).toMatchObject({ complete: true, suppliers: 300, resumedAtPage: 0 });
      expect(pages).toEqual([0, 0, 1, 2]);
      await expectVictimUnchanged();
    });

    /** The spool of an export stopped after its first page replaced by `replace`; the export run
     *  again must start over and hold none of the forged suppliers. */
    async function forgedSpool(replace: (spool: string, forged: string) => Promise<void>) {
      seed(300);
      await exportSupplierBase({ ...options(api), stopAfterPages: 1 });
      const spool = path.join(rig.dir, spoolRef().name);
      const line = '[999999,"Forged Ltd","","","","DE",[]]\n';
      await replace(spool, line.repeat(Math.ceil((await stat(spool)).size / line.length)));
      const r = await exportSupplierBase(options(api));
      expect(r).toMatchObject({ complete: true, suppliers: 300, resumedAtPage: 0 });
      const ids = (await sheetRows(out(), 'Suppliers')).map((row) => row.getCell(1).value);
      expect(ids).not.toContain('999999');
    }

    it('does not resume a spool replaced by another file with suppliers of its own', async () => {
      await forgedSpool(async (spool, forged) => {
        const other = path.join(rig.dir, 'forged');
        await writeFile(other, forged);
        await rename(other, spool);
      });
    });

    it.runIf(process.getuid?.() === 0)(
      "does not resume another user's file at the spool's name, even on the spool's inode",
      async () => {
        await forgedSpool(async (spool, forged) => {
          // Removed and written again at once: the file system may well give it the same inode.
          await rm(spool);
          await writeFile(spool, forged);
          await chown(spool, 65534, 65534);
        });
      },
    );

    it('stops when the spool is swapped for a link while pages are read', async () => {
      seed(300);
      const { lister } = counted(async (page) => {
        if (page !== 1) return;
        const { name } = spoolRef();
        await rename(path.join(rig.dir, name), path.join(home, 'moved-spool'));
        await symlink(victim, path.join(rig.dir, name));
      });
      const error = await failure(exportSupplierBase(options(lister)));
      expect(error).toMatchObject({
        code: 'export_failed',
        details: { reason: 'folder_changed', name: 'base.xlsx' },
      });
      await expectVictimUnchanged();
      expect(existsSync(out())).toBe(false);
    });
  },
);

describe('drift report', () => {
  it('finds each kind of difference, compared as the import normalises', async () => {
    rig.sandbox.configure({
      seedSuppliers: [
        {
          name: 'Same GmbH',
          countryCode: 'DE',
          city: 'Köln',
          address: 'Ring 1',
          postalCode: '01067',
          supplierIds: [{ id: 'A1', source: 'ERP' }],
        },
        {
          name: 'Old Name AG',
          countryCode: 'DE',
          city: 'Bonn',
          address: 'Weg 2',
          postalCode: '53111',
          supplierIds: [{ id: 'A2', source: 'ERP' }],
        },
        {
          name: 'Addr SA',
          countryCode: 'FR',
          city: 'Lyon',
          address: '1 Rue A',
          postalCode: '69001',
          supplierIds: [{ id: 'A3', source: 'ERP' }],
        },
        {
          name: 'City Ltd',
          countryCode: 'GB',
          city: 'London',
          address: '1 High St',
          postalCode: 'SW1A 1AA',
          supplierIds: [{ id: 'A4', source: 'ERP' }],
        },
        {
          name: 'Postal KG',
          countryCode: 'DE',
          city: 'Essen',
          address: 'Str 3',
          postalCode: '45127',
          supplierIds: [{ id: 'A5', source: 'ERP' }],
        },
        {
          name: 'Country BV',
          countryCode: 'NL',
          city: 'Venlo',
          address: 'Laan 4',
          postalCode: '5911 AA',
          supplierIds: [{ id: 'A6', source: 'ERP' }],
        },
        {
          name: 'Twin One',
          countryCode: 'DE',
          city: 'Kiel',
          address: 'A 1',
          supplierIds: [{ id: 'DUP', source: 'ERP' }],
        },
        {
          name: 'Twin Two',
          countryCode: 'DE',
          city: 'Kiel',
          address: 'A 2',
          supplierIds: [{ id: 'DUP', source: 'ERP' }],
        },
      ],
    });
    rig.sandbox.reset();
    const list = path.join(rig.dir, 'list.csv');
    await writeFile(
      list,
      [
        'Supplier ID,Source,Name,Street,City,Postal code,Country',
        // Case, spaces, a country name and a postal code that lost its leading zero: the same.
        'A1,ERP,  same   gmbh ,Ring 1,KÖLN,1067,Germany',
        'A2,ERP,New Name AG,Weg 2,Bonn,53111,DE',
        'A3,ERP,Addr SA,2 Rue B,Lyon,69001,FR',
        'A4,ERP,City Ltd,1 High St,Manchester,SW1A 1AA,GB',
        'A5,ERP,Postal KG,Str 3,Essen,45128,DE',
        'A6,ERP,Country BV,Laan 4,Venlo,5911 AA,Belgium',
        'ZZ9,ERP,Missing GmbH,Weg 9,Ulm,89073,DE',
        'DUP,ERP,Twin,A 1,Kiel,24103,DE',
        ',,No Id GmbH,Weg 1,Ulm,89073,DE',
      ].join('\n'),
    );
    const headers = ['Supplier ID', 'Source', 'Name', 'Street', 'City', 'Postal code', 'Country'];
    const usable = driftMapping(suggestMapping(headers).mapping);
    const report = path.join(rig.dir, 'list.drift.xlsx');
    const r = await driftReport({
      file: list,
      mapping: usable.mapping,
      compare: usable.compare,
      out: report,
      api,
      details: api,
      store: rig.journal,
      connectionId: rig.connectionId,
    });
    expect(r.complete).toBe(true);
    expect(r.postalCodesCompared).toBe(true);
    expect(r.byStatus).toEqual({
      same: 1,
      differs: 5,
      not_found: 1,
      ambiguous: 1,
      no_identifier: 1,
    });
    expect(r.byField).toEqual({ name: 1, address: 1, city: 1, postalCode: 1, countryCode: 1 });
    const drift = await sheetRows(report, 'Drift');
    const byId = new Map(drift.map((row) => [row.getCell(2).value, row]));
    expect(byId.get('A1')!.getCell(5).value).toBe('same');
    expect(byId.get('A2')!.getCell(6).value).toBe('Name');
    expect(byId.get('A2')!.getCell(7).value).toBe('New Name AG');
    expect(byId.get('A2')!.getCell(8).value).toBe('Old Name AG');
    expect(byId.get('A3')!.getCell(6).value).toBe('Address');
    expect(byId.get('A4')!.getCell(6).value).toBe('City');
    expect(byId.get('A5')!.getCell(6).value).toBe('Postal code');
    expect(byId.get('A6')!.getCell(6).value).toBe('Country');
    expect(byId.get('A6')!.getCell(15).value).toBe('BE');
    expect(byId.get('A6')!.getCell(16).value).toBe('NL');
    const unmatched = await sheetRows(report, 'Not matched');
    expect(unmatched.map((row) => row.getCell(4).value)).toEqual([
      'not found',
      'ambiguous',
      'no supplier ID',
    ]);
    const summary = await sheetRows(report, 'Summary');
    expect(
      summary.some((row) => row.getCell(1).value === 'Rows' && row.getCell(2).value === 9),
    ).toBe(true);
  });
});
