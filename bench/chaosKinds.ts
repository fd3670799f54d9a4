// `npm run bench:chaos -- --operation deactivate|identifiers`: a job on existing suppliers under
// the chaos of bench/chaos.ts (the engine in a child process killed with SIGKILL at K random
// moments and started again; the sandbox in this process answering 500 before and after
// applying, dropping connections, with latency), until the job ends. The sandbox holds the rows'
// suppliers and as many more the job must leave alone. Then the journal is compared with it:
//   lost             a row not done
//   repeated_changes a supplier deactivated, or an identifier added or removed, more than once
//   wrong_state      deactivate: a row not saying its own DELETE did it, a row's supplier still
//                    active, or a supplier no row names deactivated; identifiers: a row not
//                    saying its own change did it, or a supplier whose ids are not what the rows
//                    asked for (the suppliers no row names as seeded)
// Last line: rows=<n> kills=<k> lost=<n> repeated_changes=<n> in_doubt_reconciled=<n>
// wrong_state=<n>
//
// Identifiers: row i adds the customer id K-i to its supplier, or, every odd row, removes the
// own id O-i its supplier was seeded with. Time is scaled down as for the onboarding: limits per
// second, settling after 400 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../src-main/api';
import type { EngineSettings } from '../src-main/engine/settings';
import type { NewRow } from '../src-main/journal/journal';
import type { SandboxHandle, SandboxSeedSupplier } from '../src-main/sandbox';
import { seededRandom } from '../src-main/util/clock';
import { identityKey } from '../src-shared/supplier';
import { chaosJournal, journalTally, kindSandbox, livesUnderBursts } from './chaosLives';

export interface ChaosKindInput {
  operation: 'deactivate' | 'identifiers';
  rows: number;
  kills: number;
  seed: number;
  keep: boolean;
  settings: Partial<EngineSettings>;
}

const TOKEN = 'chaos-kinds';
const WRITE_PER_S = 30;
const GET_PER_S = 60;
const PER_SECOND = { GET: GET_PER_S, WRITE: WRITE_PER_S };
const FAULTS = {
  before500: 0.04,
  after500: 0.04,
  drop: 0.04,
  latencyMs: [0, 40] as [number, number],
};
const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT'];

const chaosId = (i: number) => ({ id: `C-${String(i + 1).padStart(6, '0')}`, source: 'ERP' });

const removes = (o: ChaosKindInput, i: number) => o.operation === 'identifiers' && i % 2 === 1;
const customerIdOf = (i: number) => `K-${String(i + 1).padStart(6, '0')}`;
const ownIdOf = (i: number) => `O-${String(i + 1).padStart(6, '0')}`;

/** The rows' suppliers and as many more that stay as they are. */
function seeds(o: ChaosKindInput): SandboxSeedSupplier[] {
  return Array.from({ length: 2 * o.rows }, (_, i) => ({
    name: `Chaos Supplier ${i + 1} GmbH`,
    countryCode: COUNTRIES[i % COUNTRIES.length]!,
    city: 'Berlin',
    address: `Hauptstraße ${i + 1}`,
    supplierIds: [chaosId(i)],
    ...(i < o.rows && removes(o, i) ? { ownIds: [{ id: ownIdOf(i) }] } : {}),
  }));
}

/** The rows name the first n suppliers by supplier id and source (and the identifier each adds
 *  or removes). */
function namedRows(o: ChaosKindInput): NewRow[] {
  return Array.from({ length: o.rows }, (_, i) => {
    const supplierId = chaosId(i);
    const identifier = removes(o, i)
      ? { type: 'OWN_ID', id: ownIdOf(i) }
      : { type: 'CUSTOMER_ID', id: customerIdOf(i) };
    const payload =
      o.operation === 'identifiers'
        ? { supplierId, identifier, ...(removes(o, i) ? { action: 'remove' } : {}) }
        : { supplierId };
    return {
      sourceRow: i + 2,
      cells: [supplierId.id, supplierId.source],
      payload,
      identityKey: JSON.stringify(o.operation === 'identifiers' ? { identifier } : payload),
      state: 'valid' as const,
    };
  });
}

interface KindRow {
  id: number;
  state: string;
  payload: string;
  opResult: string | null;
}

interface Found {
  lost: number;
  wrongState: number;
  repeated: number;
  problems: string[];
}

export async function chaosKind(o: ChaosKindInput): Promise<number> {
  const started = Date.now();
  const random = seededRandom(o.seed);
  const dir = await mkdtemp(path.join(os.tmpdir(), `chaos-${o.operation}-`));
  const sandbox = await kindSandbox({
    token: TOKEN,
    perSecond: PER_SECOND,
    faults: FAULTS,
    seed: o.seed,
    seedSuppliers: seeds(o),
  });
  const { journalPath, connectionId, jobId } = chaosJournal({
    dir,
    sandboxUrl: sandbox.url,
    perSecond: PER_SECOND,
    job: {
      name: `chaos ${o.operation}`,
      file: `${o.operation}.xlsx`,
      headers: ['Supplier ID', 'Source'],
      mapping: { fields: [], operation: o.operation },
      options: {
        skipExisting: false,
        screeningPeriod: null,
        validate: false,
        operation: o.operation,
        ...(o.operation === 'identifiers' ? { identifierAction: 'add' as const } : {}),
      },
    },
    rows: namedRows(o),
  });

  // A lookup or two and one write per row; a life does on average this much work before it is
  // killed, so that the K kills spread over the whole job. A neighbour's 429 bursts meanwhile.
  const workMs = (o.rows / WRITE_PER_S) * 1_000 * 1.3;
  const { kills, lives, crashes, finished, bursts } = await livesUnderBursts({
    sandbox,
    perSecond: PER_SECOND,
    writeLimits: [{ limit: WRITE_PER_S, windowSeconds: 1 }],
    calmReadsPerSecond: 10_000,
    lives: {
      child: { journalPath, jobId, connectionId, token: TOKEN, seed: o.seed, settings: o.settings },
      kills: o.kills,
      meanLifeMs: Math.max(200, workMs / Math.max(1, o.kills)),
      random,
      deadline: started + 20 * 60_000,
    },
  });
  const elapsedMs = Date.now() - started;

  const db = new Database(journalPath, { readonly: true });
  const jrows = db
    .prepare('SELECT id, state, payload, op_result AS opResult FROM rows WHERE job_id = ?')
    .all(jobId) as KindRow[];
  db.close();
  const inDoubt = o.operation === 'deactivate' ? 'deactivate_in_doubt' : 'idchange_in_doubt';
  const { states, inDoubtSettled } = journalTally(journalPath, jobId, [inDoubt]);
  const { lost, wrongState, repeated, problems } =
    o.operation === 'deactivate'
      ? await compareDeactivated(o, sandbox, jrows)
      : await compareIdentifiers(o, sandbox, jrows);
  const stats = sandbox.stats();
  await sandbox.close();
  for (const p of problems.slice(0, 20)) process.stderr.write(`${p}\n`);
  console.log(
    `seed=${o.seed} operation=${o.operation} lives=${lives} crashes=${crashes} elapsed_s=${(elapsedMs / 1000).toFixed(1)}`,
  );
  console.log(
    `faults: 500-before ${stats.faults.before500}, 500-after ${stats.faults.after500}, dropped ${stats.faults.drop}, 429s GET ${stats.throttled.GET} WRITE ${stats.throttled.WRITE} (${bursts} bursts of a neighbour spending a whole window); requests GET ${stats.requests.GET} WRITE ${stats.requests.WRITE}`,
  );
  console.log(`row states: ${states.map((s) => `${s.state}=${s.n}`).join(' ')}`);
  console.log(
    `rows=${o.rows} kills=${kills} lost=${lost} repeated_changes=${repeated} in_doubt_reconciled=${inDoubtSettled} wrong_state=${wrongState}`,
  );
  if (o.keep) process.stderr.write(`journal kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
  return lost === 0 && repeated === 0 && wrongState === 0 && finished ? 0 : 1;
}

/** Deactivate: every row done and saying its own DELETE did it, its supplier inactive, the
 *  others active, and no supplier deactivated twice. */
async function compareDeactivated(
  o: ChaosKindInput,
  sandbox: SandboxHandle,
  jrows: KindRow[],
): Promise<Found> {
  const client = new ApiClient({ baseUrl: sandbox.url, token: async () => TOKEN });
  const active = new Set<string>();
  for (let page = 0; ; page++) {
    const answer = await client.listSuppliers(page, 2_000);
    if (answer.kind !== 'ok') throw new Error(`supplier list: ${answer.kind}`);
    for (const s of answer.value.content)
      for (const ref of s.supplierIds ?? []) active.add(identityKey(ref));
    if (answer.value.content.length < 2_000) break;
  }
  let lost = 0;
  let wrongState = 0;
  const problems: string[] = [];
  const named = new Set<string>();
  for (const r of jrows) {
    const ref = (JSON.parse(r.payload) as { supplierId: { id: string; source: string } })
      .supplierId;
    named.add(identityKey(ref));
    if (r.state !== 'done') {
      lost++;
      problems.push(`row ${r.id}: ${r.state}`);
    } else if (r.opResult !== 'deactivated') {
      wrongState++;
      problems.push(`row ${r.id}: done, ${r.opResult}`);
    }
    if (active.has(identityKey(ref))) {
      wrongState++;
      problems.push(`row ${r.id}: its supplier ${ref.id} is still active`);
    }
  }
  for (const s of seeds(o)) {
    const key = identityKey(s.supplierIds![0]!);
    if (!named.has(key) && !active.has(key)) {
      wrongState++;
      problems.push(`supplier ${s.supplierIds![0]!.id} is no row of the job, yet inactive`);
    }
  }
  const repeated = Object.values(sandbox.stats().changesByIdentity.deactivate).filter(
    (n) => n > 1,
  ).length;
  return { lost, wrongState, repeated, problems };
}

/** Identifiers: every row done and saying its own change did it (added, removed); every
 *  supplier holding exactly the identifiers the rows asked for (the added customer id, no
 *  removed own id; the suppliers no row names as seeded); no identifier added or removed
 *  twice. */
async function compareIdentifiers(
  o: ChaosKindInput,
  sandbox: SandboxHandle,
  jrows: KindRow[],
): Promise<Found> {
  let lost = 0;
  let wrongState = 0;
  const problems: string[] = [];
  for (const r of jrows) {
    const action = (JSON.parse(r.payload) as { action?: string }).action ?? 'add';
    const want = action === 'remove' ? 'removed' : 'added';
    if (r.state !== 'done') {
      lost++;
      problems.push(`row ${r.id}: ${r.state}`);
    } else if (r.opResult !== want) {
      wrongState++;
      problems.push(`row ${r.id}: done, ${r.opResult} instead of ${want}`);
    }
  }
  const client = new ApiClient({ baseUrl: sandbox.url, token: async () => TOKEN });
  const ids = (list: { id: string }[] | null | undefined) =>
    (list ?? []).map((x) => x.id).join(',');
  for (let i = 0; i < 2 * o.rows; i++) {
    const ref = chaosId(i);
    const answer = await client.findByIdentifier({ supplierId: ref.id, source: ref.source });
    if (answer.kind !== 'ok' || answer.value.found !== 'one') {
      wrongState++;
      problems.push(`supplier ${ref.id}: not found once`);
      continue;
    }
    const s = answer.value.supplier;
    // Row i (for i < rows) added K-i or removed the own id its supplier had; nothing else.
    const customers = i < o.rows && !removes(o, i) ? customerIdOf(i) : '';
    if (ids(s.customerIds) !== customers || ids(s.ownIds) !== '') {
      wrongState++;
      problems.push(
        `supplier ${ref.id}: customer ids [${ids(s.customerIds)}], own ids [${ids(s.ownIds)}]`,
      );
    }
  }
  const changes = sandbox.stats().changesByIdentity;
  const repeated = [
    ...Object.values(changes.identifier_add),
    ...Object.values(changes.identifier_remove),
  ].filter((n) => n > 1).length;
  return { lost, wrongState, repeated, problems };
}
