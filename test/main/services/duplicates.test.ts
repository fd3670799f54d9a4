// Likely duplicates through the router as the UI and the command line call it: a real journal,
// the embedded sandbox over real HTTP (its supplier list answers names, streets, postal codes
// and cities), a workbook on disk. Groups within the list after the import, matches with the
// platform's suppliers after the check, each decision carried out once (also across a crash),
// compared with what the sandbox received.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandOutput } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import type { SandboxHandle } from '../../../src-main/sandbox';
import { writeDuplicatesList, type DuplicatesListTruth } from '../../lists';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
let sandbox: SandboxHandle;
let connectionId: string;
const call = commandCaller(() => services);
const { waitForJob, waitForGrouping } = jobWaiter(call);

function open(dataDir: string) {
  return createAppServices({
    dataDir,
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(100),
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dups-'));
  services = open(path.join(dir, 'data'));
  const core = await services.ready();
  sandbox = core.sandbox!;
  connectionId = core.sandboxConnectionId!;
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

async function newJob(name: string): Promise<{ jobId: string; truth: DuplicatesListTruth }> {
  const file = path.join(dir, `${name}.xlsx`);
  const truth = await writeDuplicatesList(file);
  services.grants.grantRead(file);
  const preview = await call('files:preview', { path: file });
  const { jobId } = await call('jobs:create', {
    path: file,
    name,
    connectionId,
    mapping: preview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: 5, validate: false },
  });
  return { jobId, truth };
}

const rowsOf = (g: CommandOutput<'duplicates:list'>['groups'][number]) =>
  g.rows.map((r) => r.sourceRow);
const created = (id: string) => sandbox.stats().creationsByIdentity[`${id}|ERP`] ?? 0;
const idOf = (row: number) => `DUP-${String(row - 1).padStart(3, '0')}`;

describe('likely duplicates', () => {
  it('groups the list after the import, finds platform suppliers at the check, and carries out each decision once', async () => {
    const { jobId, truth } = await newJob('dups');
    // The import answers before its list is grouped: the grouping runs in the background and
    // the figures say so until it ends.
    expect(['running', 'done']).toContain(
      (await call('duplicates:list', { jobId })).figures.grouping,
    );
    expect((await waitForGrouping(jobId)).grouping).toBe('done');
    // After the import: the groups within the list, nothing against the platform yet.
    let list = await call('duplicates:list', { jobId });
    expect(list.groups.map((g) => [g.scope, rowsOf(g)])).toEqual(
      truth.listGroups.map((rows) => ['list', rows]),
    );
    const reasons = list.groups[0]!.rows[0]!.pairs.flatMap((p) => p.reasons.map((r) => r.code));
    expect(reasons).toContain('same_postal_code');
    expect(list.figures).toMatchObject({ listGroups: 2, listRows: 5, baseRows: 0, undecided: 0 });

    // The check: rows that would be created wait; those like a platform supplier name it.
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready', 'needs_attention', 'checked']);
    list = await call('duplicates:list', { jobId });
    const base = list.groups.filter((g) => g.scope === 'base');
    expect(base.map((g) => rowsOf(g)[0])).toEqual(truth.baseMatches.map((m) => m.row));
    for (const [i, m] of truth.baseMatches.entries()) {
      expect(base[i]!.rows[0]!.base[0]!.name).toBe(m.name);
      expect(base[i]!.rows[0]!.state).toBe('duplicate');
    }
    for (const neg of truth.negatives) expect(list.groups.flatMap(rowsOf)).not.toContain(neg);
    const waiting = truth.listGroups.flat().length + truth.baseMatches.length;
    expect(list.figures.undecided).toBe(waiting);
    let plan = await call('jobs:plan', { jobId });
    expect(plan.duplicates).toMatchObject({ listGroups: 2, baseRows: 3, undecided: waiting });
    // The plan counts no creation for a row that waits.
    expect(plan.rows.new).toBe(truth.rows - waiting);

    // Decisions: the first group keeps its first row, the second keeps both; Nordwind is the
    // platform's supplier (attach), Atelier is left out, Great Lakes is created anyway.
    const [g1, g2] = truth.listGroups as [number[], number[]];
    const nordwind = base[0]!.rows[0]!.base[0]!.platformId;
    const decided = await call('duplicates:decide', {
      jobId,
      decisions: [
        { sourceRow: g1[0]!, decision: 'keep' },
        ...g1.slice(1).map((sourceRow) => ({ sourceRow, decision: 'skip' as const })),
        ...g2.map((sourceRow) => ({ sourceRow, decision: 'keep' as const })),
        { sourceRow: truth.baseMatches[0]!.row, decision: 'attach', platformId: nordwind },
        { sourceRow: truth.baseMatches[1]!.row, decision: 'skip' },
        { sourceRow: truth.baseMatches[2]!.row, decision: 'keep' },
      ],
    });
    expect(decided.refused).toEqual([]);
    expect(decided.figures).toMatchObject({ undecided: 0, keep: 4, skip: 3, attach: 1 });
    // An attach to a supplier that is no candidate is refused.
    const wrong = await call('duplicates:decide', {
      jobId,
      decisions: [{ sourceRow: truth.baseMatches[2]!.row, decision: 'attach', platformId: '1' }],
    });
    expect(wrong.refused).toEqual([
      { sourceRow: truth.baseMatches[2]!.row, reason: 'not_a_candidate' },
    ]);

    plan = await call('jobs:plan', { jobId });
    // Three rows left out and one attached would each have ordered a 5-year screening.
    expect(plan.duplicates).toMatchObject({ undecided: 0, skip: 3, attach: 1, screeningsSaved: 3 });
    expect(plan.creations).toBe(truth.rows - 4);

    await call('jobs:start', { jobId, confirmed: true, confirmedCount: plan.paidToConfirm });
    await waitForJob(jobId, ['finished', 'needs_attention']);
    // What the sandbox received: each kept row created once, the left-out ones never, the
    // attached one not created but its supplier id on Nordwind once.
    for (const row of [g1[0]!, ...g2, truth.baseMatches[2]!.row])
      expect(created(idOf(row))).toBe(1);
    for (const row of [...g1.slice(1), truth.baseMatches[1]!.row, truth.baseMatches[0]!.row])
      expect(created(idOf(row))).toBe(0);
    const adds = sandbox.stats().changesByIdentity.identifier_add;
    const key = [nordwind, 'SUPPLIER_ID', idOf(truth.baseMatches[0]!.row), 'ERP'].join('\u001f');
    expect(adds[key]).toBe(1);
    list = await call('duplicates:list', { jobId });
    const attached = list.groups.flatMap((g) => g.rows).find((r) => r.decision === 'attach')!;
    expect(attached).toMatchObject({ state: 'done', platformId: nordwind, decidable: false });
  });

  it('a grouping stopped by closing the app writes nothing: the figures say so, and the list is grouped again', async () => {
    const dataDir = path.join(dir, 'closing');
    const file = path.join(dir, 'closing.xlsx');
    const truth = await writeDuplicatesList(file, { filler: 20_000 });
    let closing = open(dataDir);
    const callClosing = commandCaller(() => closing);
    const { sandboxConnectionId } = await closing.ready();
    closing.grants.grantRead(file);
    const preview = await callClosing('files:preview', { path: file });
    const { jobId } = await callClosing('jobs:create', {
      path: file,
      connectionId: sandboxConnectionId,
      mapping: preview.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    // 20,013 rows take a while to group: closed meanwhile, it stops between two slices.
    expect((await callClosing('jobs:get', { jobId })).lookingForDuplicates).toBe(true);
    await closing.close();
    closing = open(dataDir);
    const again = await callClosing('duplicates:list', { jobId });
    expect(again.figures).toMatchObject({ grouping: 'pending', listGroups: 0, listRows: 0 });
    expect((await callClosing('jobs:plan', { jobId })).duplicates.grouping).toBe('pending');
    // Grouped again (as a check does first), the list's groups are there.
    const { onboarding } = await closing.ready();
    await onboarding.groupDuplicates(jobId);
    const grouped = await callClosing('duplicates:list', { jobId });
    expect(grouped.figures).toMatchObject({ grouping: 'done', listGroups: 2, listRows: 5 });
    expect(grouped.groups.map(rowsOf)).toEqual(truth.listGroups);
    await closing.close();
  });

  it('groups again after a fix: rows left out stay in their group, a row fixed apart leaves it', async () => {
    const { jobId, truth } = await newJob('dups-fixed');
    const [g1, g2] = truth.listGroups as [number[], number[]];
    await waitForGrouping(jobId);
    // Leave out two rows of the first group before the check.
    const out = await call('duplicates:decide', {
      jobId,
      decisions: [
        { sourceRow: g1[0]!, decision: 'keep' },
        ...g1.slice(1).map((sourceRow) => ({ sourceRow, decision: 'skip' as const })),
      ],
    });
    expect(out.refused).toEqual([]);
    // Fix the second group's second row into another company: the check groups again.
    const page = await call('rows:page', { jobId, limit: 100 });
    const fixed = page.rows.find((r) => r.sourceRow === g2[1])!;
    await call('rows:fix', { rowId: fixed.id, edits: { name: 'Weser Hafenbetriebe KG' } });
    // The groups are now those of before the fix: the figures and the plan say the check
    // groups the list again.
    expect((await call('duplicates:list', { jobId })).figures.grouping).toBe('pending');
    expect((await call('jobs:plan', { jobId })).duplicates.grouping).toBe('pending');
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready', 'needs_attention']);
    const list = await call('duplicates:list', { jobId });
    expect(list.figures.grouping).toBe('done');
    const first = list.groups.find((g) => g.scope === 'list' && rowsOf(g).includes(g1[0]!))!;
    expect(rowsOf(first)).toEqual(g1);
    expect(first.rows.map((r) => r.decision)).toEqual(['keep', 'skip', 'skip']);
    // The first test created the kept rows' suppliers (the same ids): they exist now.
    expect(first.rows.map((r) => r.state)).toEqual(['exists', 'skipped', 'skipped']);
    // The second group is gone: neither of its rows waits for a decision.
    expect(list.groups.flatMap(rowsOf)).not.toContain(g2[0]);
    expect(list.groups.flatMap(rowsOf)).not.toContain(g2[1]);
    const rows = (await call('rows:page', { jobId, limit: 100 })).rows;
    for (const r of g2) expect(rows.find((x) => x.sourceRow === r)!.state).not.toBe('duplicate');
  });
});
