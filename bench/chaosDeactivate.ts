// `npm run bench:chaos -- --operation deactivate`: a deactivate job under the chaos of
// bench/chaos.ts (the engine in a child process killed with SIGKILL at K random moments and
// started again; the sandbox in this process answering 500 before and after applying, dropping
// connections, with latency), until the job ends. The sandbox holds the rows' suppliers and as
// many more the job must leave alone. Then the journal is compared with the sandbox:
//   lost             a row not done
//   repeated_changes a supplier the sandbox deactivated more than once
//   wrong_state      a row not saying its own DELETE did it, a row's supplier still active, or
//                    a supplier no row names deactivated
// Last line: rows=<n> kills=<k> lost=<n> repeated_changes=<n> in_doubt_reconciled=<n>
// wrong_state=<n>
//
// Time is scaled down as for the onboarding: limits per second, settling after 400 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../src-main/api';
import type { EngineSettings } from '../src-main/engine/settings';
import type { NewRow } from '../src-main/journal/journal';
import { startSandbox, type SandboxSeedSupplier } from '../src-main/sandbox';
import { seededRandom } from '../src-main/util/clock';
import { identityKey } from '../src-shared/supplier';
import { chaosJournal, journalTally, killAndRestart } from './chaosLives';

export interface ChaosDeactivateInput {
  rows: number;
  kills: number;
  seed: number;
  keep: boolean;
  settings: Partial<EngineSettings>;
}

const TOKEN = 'chaos-deactivate';
const WRITE_PER_S = 30;
const GET_PER_S = 60;
const FAULTS = {
  before500: 0.04,
  after500: 0.04,
  drop: 0.04,
  latencyMs: [0, 40] as [number, number],
};
const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT'];

const chaosId = (i: number) => ({ id: `C-${String(i + 1).padStart(6, '0')}`, source: 'ERP' });

/** The rows' suppliers and as many more that stay active. */
function seeds(n: number): SandboxSeedSupplier[] {
  return Array.from({ length: 2 * n }, (_, i) => ({
    name: `Chaos Supplier ${i + 1} GmbH`,
    countryCode: COUNTRIES[i % COUNTRIES.length]!,
    city: 'Berlin',
    address: `Hauptstraße ${i + 1}`,
    supplierIds: [chaosId(i)],
  }));
}

/** The rows name the first n suppliers by supplier id and source. */
function namedRows(n: number): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const supplierId = chaosId(i);
    const payload = { supplierId };
    return {
      sourceRow: i + 2,
      cells: [supplierId.id, supplierId.source],
      payload,
      identityKey: JSON.stringify(payload),
      state: 'valid' as const,
    };
  });
}

export async function chaosDeactivate(o: ChaosDeactivateInput): Promise<number> {
  const started = Date.now();
  const random = seededRandom(o.seed);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chaos-deactivate-'));
  const sandbox = await startSandbox({
    tokens: [{ token: TOKEN, user: 'chaos' }],
    seedSuppliers: seeds(o.rows),
    limits: {
      GET: [{ limit: GET_PER_S, windowSeconds: 1 }],
      WRITE: [{ limit: WRITE_PER_S, windowSeconds: 1 }],
    },
    window: 'fixed',
    faults: FAULTS,
    randomSeed: o.seed,
  });
  const { journalPath, connectionId, jobId } = chaosJournal({
    dir,
    sandboxUrl: sandbox.url,
    perSecond: { GET: GET_PER_S, WRITE: WRITE_PER_S },
    job: {
      name: 'chaos deactivate',
      file: 'deactivate.xlsx',
      headers: ['Supplier ID', 'Source'],
      mapping: { fields: [], operation: 'deactivate' },
      options: {
        skipExisting: false,
        screeningPeriod: null,
        validate: false,
        operation: 'deactivate',
      },
    },
    rows: namedRows(o.rows),
  });

  // One lookup and one DELETE per row; a life does on average this much work before it is
  // killed, so that the K kills spread over the whole job.
  const workMs = (o.rows / WRITE_PER_S) * 1_000 * 1.3;
  const meanLifeMs = Math.max(200, workMs / Math.max(1, o.kills));
  const { kills, lives, crashes, finished } = await killAndRestart({
    child: { journalPath, jobId, connectionId, token: TOKEN, seed: o.seed, settings: o.settings },
    kills: o.kills,
    meanLifeMs,
    random,
    deadline: started + 20 * 60_000,
  });
  sandbox.configure({
    limits: {
      GET: [{ limit: 10_000, windowSeconds: 1 }],
      WRITE: [{ limit: WRITE_PER_S, windowSeconds: 1 }],
    },
    faults: {},
  });
  const elapsedMs = Date.now() - started;

  const db = new Database(journalPath, { readonly: true });
  const jrows = db
    .prepare('SELECT id, state, payload, op_result AS opResult FROM rows WHERE job_id = ?')
    .all(jobId) as Array<{ id: number; state: string; payload: string; opResult: string | null }>;
  db.close();
  const { states, inDoubtSettled } = journalTally(journalPath, jobId, ['deactivate_in_doubt']);
  const client = new ApiClient({ baseUrl: sandbox.url, token: async () => TOKEN });
  const active = new Set<string>();
  for (let page = 0; ; page++) {
    const answer = await client.listSuppliers(page, 2_000);
    if (answer.kind !== 'ok') throw new Error(`supplier list: ${answer.kind}`);
    for (const s of answer.value.content)
      for (const ref of s.supplierIds ?? []) active.add(identityKey(ref));
    if (answer.value.content.length < 2_000) break;
  }
  const stats = sandbox.stats();
  await sandbox.close();

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
  for (const s of seeds(o.rows)) {
    const key = identityKey(s.supplierIds![0]!);
    if (!named.has(key) && !active.has(key)) {
      wrongState++;
      problems.push(`supplier ${s.supplierIds![0]!.id} is no row of the job, yet inactive`);
    }
  }
  const repeated = Object.values(stats.changesByIdentity.deactivate).filter((n) => n > 1).length;
  for (const p of problems.slice(0, 20)) process.stderr.write(`${p}\n`);
  console.log(
    `seed=${o.seed} operation=deactivate lives=${lives} crashes=${crashes} elapsed_s=${(elapsedMs / 1000).toFixed(1)}`,
  );
  console.log(
    `faults: 500-before ${stats.faults.before500}, 500-after ${stats.faults.after500}, dropped ${stats.faults.drop}, 429s GET ${stats.throttled.GET} WRITE ${stats.throttled.WRITE}; requests GET ${stats.requests.GET} WRITE ${stats.requests.WRITE}`,
  );
  console.log(`row states: ${states.map((s) => `${s.state}=${s.n}`).join(' ')}`);
  console.log(
    `rows=${o.rows} kills=${kills} lost=${lost} repeated_changes=${repeated} in_doubt_reconciled=${inDoubtSettled} wrong_state=${wrongState}`,
  );
  if (o.keep) process.stderr.write(`journal kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
  return lost === 0 && repeated === 0 && wrongState === 0 && finished ? 0 : 1;
}
