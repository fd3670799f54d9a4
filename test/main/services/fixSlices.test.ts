// A fix of 10,000 rows, its undo and a find-and-replace count run a slice at a time on a real
// journal: other commands are answered between slices, the work shows its progress (rows:work)
// and can be cancelled (rows:cancelWork) with the rows left as they were, a second fix of the
// same job is refused while one runs, and a journal as a crash between two slices leaves it holds
// the batch of the rows written so far, undone as one.
import { copyFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, RowView, RowsWork } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { openJournal, type JournalRow } from '../../../src-main/journal/journal';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { importSuggested, commandCaller } from './support';

const ROWS = 10_000;

let dir: string;
let services: AppServices;
let jobId: string;
const call = commandCaller(() => services);
let works: RowsWork[] = [];

/** ROWS suppliers, every one in "Atlantis" (not a country: all to fix), the street "Ringweg". */
async function workbook(): Promise<string> {
  const file = path.join(dir, 'Lieferanten.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(['Lieferanten-Nr.', 'Name', 'Straße', 'PLZ', 'Ort', 'Land']);
  for (let i = 1; i <= ROWS; i++)
    ws.addRow([`L-${i}`, `Lieferant ${i} GmbH`, `Ringweg ${i}`, '10115', 'Berlin', 'Atlantis']);
  await wb.xlsx.writeFile(file);
  return file;
}

async function allRows(): Promise<RowView[]> {
  const out: RowView[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await call('rows:page', { jobId, limit: 500, ...(after ? { after } : {}) });
    out.push(...page.rows);
    if (page.nextCursor === null) return out;
    after = page.nextCursor;
  }
}

const snapshot = (rows: RowView[]) =>
  rows.map((r) => ({
    id: r.id,
    state: r.state,
    edits: r.edits,
    payload: r.payload,
    problems: r.problems,
    identity: r.identity,
  }));

const fixAll: CommandInput<'rows:fixMany'> = {
  jobId: '',
  field: 'countryCode',
  find: 'Atlantis',
  replace: 'DE',
  whole: true,
  apply: true,
};

/** A macrotask, as a command from a window arrives: answered only when the loop is free. */
const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Sends `rows:page` one after another (each as its own task) until `work` settles: the phases
 *  of the work during which one was answered. */
async function probeDuring(
  work: Promise<unknown>,
): Promise<{ answered: number; phases: string[] }> {
  let settled = false;
  const done = work.then(
    () => (settled = true),
    () => (settled = true),
  );
  let answered = 0;
  const phases: string[] = [];
  while (!settled) {
    await macrotask();
    await call('rows:page', { jobId, limit: 100 });
    if (!settled) {
      answered++;
      const last = works.at(-1);
      if (last && !last.finished) phases.push(last.work);
    }
  }
  await done;
  return { answered, phases };
}

/** The events of one work: each phase's done never goes back, one `finished`, the last. */
function expectWellFormed(events: RowsWork[]) {
  const byPhase = new Map<string, number>();
  for (const e of events) {
    expect(e.jobId).toBe(jobId);
    expect(e.done).toBeLessThanOrEqual(e.total);
    expect(e.done).toBeGreaterThanOrEqual(byPhase.get(e.work) ?? 0);
    byPhase.set(e.work, e.done);
  }
  expect(events.filter((e) => e.finished)).toHaveLength(1);
  expect(events.at(-1)!.finished).toBe(true);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fix-slices-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
  });
  services.bus.subscribe((event, payload) => {
    if (event === 'rows:work') works.push(payload as RowsWork);
  });
  const file = await workbook();
  services.grants.grantRead(file);
  const created = await importSuggested(call, file);
  jobId = created.jobId;
  fixAll.jobId = jobId;
  expect(created.summary).toMatchObject({ rows: ROWS, invalid: ROWS });
}, 120_000);

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

describe('long fixes in slices', () => {
  it('answers other commands while it counts, fixes and undoes 10,000 rows, with progress', async () => {
    const before = snapshot(await allRows());

    works = [];
    const count = call('rows:fixMany', { ...fixAll, apply: false });
    await probeDuring(count);
    expect((await count).rows).toBe(ROWS);
    expectWellFormed(works);
    expect(works.every((e) => e.work === 'count' && e.total === ROWS)).toBe(true);

    works = [];
    const fix = call('rows:fixMany', fixAll);
    const during = await probeDuring(fix);
    const fixed = await fix;
    expect(fixed.rows).toBe(ROWS);
    // The grid's pages were answered while the fixes were being written, between slices.
    expect(during.phases.filter((p) => p === 'fix').length).toBeGreaterThan(1);
    expectWellFormed(works);
    expect(works.filter((e) => e.work === 'fix').every((e) => e.total === ROWS)).toBe(true);
    expect(works.some((e) => e.work === 'fix' && e.done > 0 && e.done < ROWS)).toBe(true);
    expect(works.at(-1)).toMatchObject({ work: 'fix', done: ROWS, finished: true });
    // However many slices wrote it, it is one batch.
    const stack = await call('rows:fixes', { jobId });
    expect(stack[0]).toMatchObject({ id: fixed.batch!.id, rows: ROWS, kind: 'same_value' });
    expect(stack).toHaveLength(1);
    const rows = await allRows();
    expect(rows.every((r) => r.edits.countryCode === 'DE' && r.state === 'valid')).toBe(true);

    works = [];
    const undo = call('rows:undo', { jobId, batchId: fixed.batch!.id });
    const undoing = await probeDuring(undo);
    expect((await undo).rows).toBe(ROWS);
    expect(undoing.phases.filter((p) => p === 'undo').length).toBeGreaterThan(1);
    expectWellFormed(works);
    expect(works.every((e) => e.work === 'undo' && e.total === ROWS)).toBe(true);
    expect(snapshot(await allRows())).toEqual(before);
    expect(await call('rows:fixes', { jobId })).toEqual([]);
  }, 120_000);

  it('refuses a second fix or undo of the job while one is being written', async () => {
    const fix = call('rows:fixMany', fixAll);
    // Once the first slice is written.
    works = [];
    while (!works.some((e) => e.work === 'fix' && e.done > 0)) await macrotask();
    await expect(call('rows:fixMany', { ...fixAll, replace: 'AT' })).rejects.toThrow(
      /work_running/,
    );
    const [someRow] = (await call('rows:page', { jobId, limit: 1 })).rows;
    await expect(
      call('rows:fix', { rowId: someRow!.id, edits: { city: 'Hagen' } }),
    ).rejects.toThrow(/work_running/);
    // Counting is no write: it goes on beside.
    expect(
      (await call('rows:fixMany', { ...fixAll, find: 'Berlin', field: 'city', apply: false })).rows,
    ).toBe(ROWS);
    const done = await fix;
    await call('rows:undo', { jobId, batchId: done.batch!.id });
  }, 120_000);

  it('cancelled, takes back what it wrote and answers that it was cancelled', async () => {
    const before = snapshot(await allRows());
    const stackBefore = await call('rows:fixes', { jobId });

    works = [];
    let cancelledAt = -1;
    const stop = services.bus.subscribe((event, payload) => {
      const p = payload as RowsWork;
      if (event === 'rows:work' && p.work === 'fix' && p.done > 0 && cancelledAt < 0) {
        cancelledAt = p.done;
        void call('rows:cancelWork', { jobId });
      }
    });
    await expect(call('rows:fixMany', fixAll)).rejects.toThrow(/work_cancelled/);
    stop();
    // Slices had been written: they were taken back.
    expect(cancelledAt).toBeGreaterThan(0);
    expect(works.some((e) => e.work === 'undo')).toBe(true);
    expectWellFormed(works);
    expect(snapshot(await allRows())).toEqual(before);
    expect(await call('rows:fixes', { jobId })).toEqual(stackBefore);
    expect(await call('rows:cancelWork', { jobId })).toEqual({ cancelled: false });

    // A count cancelled.
    let countCancel: Promise<{ cancelled: boolean }> | undefined;
    const stopCount = services.bus.subscribe((event) => {
      if (event === 'rows:work' && !countCancel) countCancel = call('rows:cancelWork', { jobId });
    });
    await expect(call('rows:fixMany', { ...fixAll, apply: false })).rejects.toThrow(
      /work_cancelled/,
    );
    stopCount();
    expect(await countCancel).toEqual({ cancelled: true });

    // An undo cancelled: the rows keep the fix, which can still be undone.
    const fixed = await call('rows:fixMany', fixAll);
    const afterFix = snapshot(await allRows());
    let undoCancelled = false;
    const stopUndo = services.bus.subscribe((event, payload) => {
      const p = payload as RowsWork;
      if (event === 'rows:work' && p.work === 'undo' && p.done > 0 && !undoCancelled) {
        undoCancelled = true;
        void call('rows:cancelWork', { jobId });
      }
    });
    await expect(call('rows:undo', { jobId, batchId: fixed.batch!.id })).rejects.toThrow(
      /work_cancelled/,
    );
    stopUndo();
    expect(undoCancelled).toBe(true);
    expect(snapshot(await allRows())).toEqual(afterFix);
    expect((await call('rows:fixes', { jobId }))[0]).toMatchObject({
      id: fixed.batch!.id,
      rows: ROWS,
    });
    await call('rows:undo', { jobId, batchId: fixed.batch!.id });
    expect(snapshot(await allRows())).toEqual(before);
  }, 120_000);

  it('after a crash between slices, holds the rows written so far as one batch, undone as one', async () => {
    const journalFile = path.join(dir, 'data', 'journal.sqlite');
    const crashed = path.join(dir, 'crashed.sqlite');
    let copiedAt = -1;
    // What is on disk between two slices: a crash there leaves exactly this.
    const stop = services.bus.subscribe((event, payload) => {
      const p = payload as RowsWork;
      if (event !== 'rows:work' || p.work !== 'fix' || p.done === 0 || copiedAt >= 0) return;
      if (p.done >= p.total) return;
      copiedAt = p.done;
      copyFileSync(journalFile, crashed);
      if (existsSync(`${journalFile}-wal`)) copyFileSync(`${journalFile}-wal`, `${crashed}-wal`);
    });
    const fixed = await call('rows:fixMany', fixAll);
    stop();
    expect(copiedAt).toBeGreaterThan(0);
    expect(copiedAt).toBeLessThan(ROWS);
    await call('rows:undo', { jobId, batchId: fixed.batch!.id });

    const journal = openJournal({ path: crashed });
    try {
      const [batch, ...older] = journal.fixes.undoable(jobId);
      expect(older).toEqual([]);
      expect(batch).toMatchObject({ id: fixed.batch!.id, kind: 'same_value', rows: copiedAt });
      const rows: JournalRow[] = [];
      for (let after: number | null = 0; after !== null;) {
        const page = journal.pageRows(jobId, { after, limit: 500 });
        rows.push(...page.rows);
        after = page.nextCursor;
      }
      expect(rows).toHaveLength(ROWS);
      const fixedRows = rows.filter((r) => r.userEdits?.countryCode === 'DE');
      expect(fixedRows).toHaveLength(copiedAt);
      const { rowIds } = journal.fixes.undo(jobId, batch!.id);
      expect(rowIds).toHaveLength(copiedAt);
      expect(journal.fixes.undoable(jobId)).toEqual([]);
      const back = journal.getRows(rows.map((r) => r.id));
      expect(back.every((r) => r.userEdits === null && r.state === 'invalid')).toBe(true);
    } finally {
      journal.close();
    }
  }, 120_000);
});
