// Likely duplicates across crashes: the check holds the rows that look like a supplier of the
// platform (the sandbox's sample base, read whole over real HTTP); the user's decisions are
// carried out (attach, leave out, keep); then the process dies at its k-th journal write of the
// run, a new one opens the same journal and runs the job to its end. Each decision is carried
// out once: the attached supplier id lands on the existing supplier once, the kept row is
// created once, the left-out row never.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityKey } from '../../../src-shared/supplier';
import { runnerFor } from '../../../src-main/kinds';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import type { NewRow } from '../../../src-main/journal/journal';
import { decideDuplicates } from '../../../src-main/services/onboarding/duplicates';
import type { Ctx } from '../../../src-main/services/onboarding/context';
import { ATTACH_CRASH_SETTINGS, crashAtEveryWrite, sampleBasePerFile, sandboxJob } from './support';

const SETTINGS = ATTACH_CRASH_SETTINGS;
const base = sampleBasePerFile('dup-crash-');

function row(
  sourceRow: number,
  id: string,
  name: string,
  address: string,
  postalCode: string,
  city: string,
  countryCode: string,
): NewRow {
  const supplierId = { id, source: 'ERP' };
  return {
    sourceRow,
    cells: [id, name],
    payload: { name, address, postalCode, city, countryCode, supplierId },
    identityKey: identityKey(supplierId),
    state: 'valid',
  };
}

// Each like a supplier of the sample base under another supplier id.
const ROWS = [
  row(2, 'DUP-A', 'NORDWIND STAHLBAU GMBH', 'Am Sandtorkai 12', '20457', 'Hamburg', 'DE'),
  row(3, 'DUP-B', 'Atelier Lumiere S.A.R.L.', '14 rue de la Republique', '69002', 'Lyon', 'FR'),
  row(4, 'DUP-C', 'Great Lakes Packaging, Inc.', '1200 Lakeside Ave', '44114', 'Cleveland', 'US'),
];

async function setUp(name: string) {
  const made = await sandboxJob(base.sandbox(), path.join(base.dir(), `${name}.sqlite`), ROWS, {
    skipExisting: false,
    screeningPeriod: null,
    validate: false,
  });
  const { journal, secrets, jobId } = made;
  const engine = new SyncEngine({ runnerFor, journal, secrets, settings: SETTINGS });
  await engine.run(jobId, { mode: 'check', wait: true });
  await engine.close();
  const held = journal.pageRows(jobId).rows;
  if (held.some((r) => r.state !== 'duplicate'))
    throw new Error(`not all held: ${held.map((r) => r.state).join(' ')}`);
  const nordwind = journal.rowAtSource(jobId, 2)!.duplicates!.base![0]!.platformId;
  const ctx = { journal } as unknown as Ctx;
  const out = decideDuplicates(ctx, {
    jobId,
    decisions: [
      { sourceRow: 2, decision: 'attach', platformId: nordwind },
      { sourceRow: 3, decision: 'skip' },
      { sourceRow: 4, decision: 'keep' },
    ],
  });
  if (out.applied !== 3) throw new Error(`decisions applied: ${out.applied}`);
  return { ...made, nordwind };
}

describe('likely duplicates and a crash', () => {
  it('carries each decision out once, whichever write was the last before the crash', async () => {
    let nordwind = '';
    const { total, crashed } = await crashAtEveryWrite(
      async (name) => {
        const made = await setUp(name);
        nordwind = made.nordwind;
        return made;
      },
      SETTINGS,
      ['sending', 'identifiers_sending'],
      (journal, jobId, k) => {
        const stats = base.sandbox().stats();
        const ctx = `crash at write ${k}`;
        expect(stats.creationsByIdentity['DUP-C|ERP'], ctx).toBe(1);
        expect(stats.creationsByIdentity['DUP-A|ERP'] ?? 0, ctx).toBe(0);
        expect(stats.creationsByIdentity['DUP-B|ERP'] ?? 0, ctx).toBe(0);
        const key = [nordwind, 'SUPPLIER_ID', 'DUP-A', 'ERP'].join('\u001f');
        expect(stats.changesByIdentity.identifier_add[key], ctx).toBe(1);
        const states = journal.pageRows(jobId).rows.map((r) => [r.sourceRow, r.state]);
        expect(states, ctx).toEqual([
          [2, 'done'],
          [3, 'skipped'],
          [4, 'done'],
        ]);
        const attached = journal.rowAtSource(jobId, 2)!;
        expect(attached.platformId, ctx).toBe(nordwind);
        expect(attached.identifiers, ctx).toEqual([
          { type: 'SUPPLIER_ID', id: 'DUP-A', source: 'ERP', result: 'added' },
        ]);
      },
    );
    expect(total).toBeGreaterThan(4);
    expect(crashed).toBeGreaterThan(4);
  }, 300_000);
});
