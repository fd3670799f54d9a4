// Rows attached by hand across crashes: one row attached to a supplier found by a search of the
// platform's base (services/onboarding/platformMatch.ts), one as a results file's Attach to
// platform ID attaches it (retryAttach.ts), one plain new row; then the process dies at its k-th
// journal write of the run, a new one opens the same journal and runs the job to its end. The
// attached rows are never created and their supplier ids land on the chosen suppliers once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityKey } from '../../../src-shared/supplier';
import { runnerFor } from '../../../src-main/kinds';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import type { Journal, NewRow } from '../../../src-main/journal/journal';
import type { Ctx } from '../../../src-main/services/onboarding/context';
import {
  attachFound,
  attachOutcome,
  searchPlatform,
} from '../../../src-main/services/onboarding/platformMatch';
import { systemClock } from '../../../src-main/util/clock';
import { ATTACH_CRASH_SETTINGS, crashAtEveryWrite, sampleBasePerFile, sandboxJob } from './support';

const SETTINGS = ATTACH_CRASH_SETTINGS;
const base = sampleBasePerFile('attach-crash-');

function row(sourceRow: number, id: string, name: string, city: string, country: string): NewRow {
  const supplierId = { id, source: 'ERP' };
  return {
    sourceRow,
    cells: [id, name],
    payload: { name, address: 'Hauptweg 1', city, countryCode: country, supplierId },
    identityKey: identityKey(supplierId),
    state: 'valid',
  };
}

const ROWS = [
  row(2, 'HAND-1', 'Verde Agricola S.r.l.', 'Verona', 'IT'),
  row(3, 'FILE-1', 'Fjord Marine AS', 'Bergen', 'NO'),
  row(4, 'NEW-1', 'Ostwind Spedition', 'Kiel', 'DE'),
];

const ids = { tessuti: '', polar: '' };

async function setUp(name: string) {
  const made = await sandboxJob(
    base.sandbox(),
    path.join(base.dir(), `${name}.sqlite`),
    ROWS,
    {
      skipExisting: false,
      screeningPeriod: null,
      validate: false,
    },
    { fields: [] },
  );
  const { journal, secrets, jobId } = made;
  const engine = new SyncEngine({ runnerFor, journal, secrets, settings: SETTINGS });
  const ctx = { journal, engine, clock: systemClock } as unknown as Ctx;
  try {
    const query = { name: '', city: '', postalCode: '', id: 'SUP-1003' };
    const found = await searchPlatform(ctx, { jobId, query });
    ids.tessuti = found.suppliers[0]!.platformId;
    const polar = await searchPlatform(ctx, { jobId, query: { ...query, id: '', name: 'Polar' } });
    ids.polar = polar.suppliers[0]!.platformId;
    await attachFound(ctx, { jobId, sourceRow: 2, platformId: ids.tessuti });
  } finally {
    await engine.close();
  }
  // As a results file's Attach to platform ID does it (the supplier verified before).
  journal.recordOutcomes([
    attachOutcome(journal.rowAtSource(jobId, 3)!, ids.polar, 'attached_from_results'),
  ]);
  return made;
}

/** Each attached row's id on its supplier once, none of them created, the new row created once. */
function attachedOnce(journal: Journal, jobId: string, ctx: string): void {
  const stats = base.sandbox().stats();
  expect(stats.creationsByIdentity['HAND-1|ERP'] ?? 0, ctx).toBe(0);
  expect(stats.creationsByIdentity['FILE-1|ERP'] ?? 0, ctx).toBe(0);
  expect(stats.creationsByIdentity['NEW-1|ERP'], ctx).toBe(1);
  const adds = stats.changesByIdentity.identifier_add;
  expect(adds[[ids.tessuti, 'SUPPLIER_ID', 'HAND-1', 'ERP'].join('\u001f')], ctx).toBe(1);
  expect(adds[[ids.polar, 'SUPPLIER_ID', 'FILE-1', 'ERP'].join('\u001f')], ctx).toBe(1);
  const states = journal.pageRows(jobId).rows.map((r) => [r.sourceRow, r.state]);
  expect(states, ctx).toEqual([
    [2, 'done'],
    [3, 'done'],
    [4, 'done'],
  ]);
  expect(journal.rowAtSource(jobId, 2)!.platformId, ctx).toBe(ids.tessuti);
  expect(journal.rowAtSource(jobId, 3)!.platformId, ctx).toBe(ids.polar);
}

describe('rows attached by hand and a crash', () => {
  it('attaches each row once and creates none of them, whichever write was the last before the crash', async () => {
    const { total, crashed } = await crashAtEveryWrite(
      setUp,
      SETTINGS,
      ['sending', 'identifiers_sending'],
      (journal, jobId, k) => attachedOnce(journal, jobId, `crash at write ${k}`),
    );
    expect(total).toBeGreaterThan(4);
    expect(crashed).toBeGreaterThan(4);
  }, 300_000);

  it('attaches each row once when the answer of every write is lost (applied, then 500)', async () => {
    const { journal, secrets, jobId } = await setUp('lost-answers');
    base.sandbox().configure({ faults: { after500: 1 } });
    try {
      const engine = new SyncEngine({ runnerFor, journal, secrets, settings: SETTINGS });
      const ended = await engine.run(jobId);
      await engine.close();
      expect(ended).toBe('finished');
      // The two attachments and the creation each lost their answer at least once.
      expect(base.sandbox().stats().faults.after500).toBeGreaterThanOrEqual(3);
      attachedOnce(journal, jobId, 'answers lost');
    } finally {
      base.sandbox().configure({ faults: {} });
      journal.close();
    }
  }, 120_000);
});
