// `npm run bench:chaos -- --operation scores`: the scores job under the chaos of bench/chaos.ts
// (the engine in a child process killed with SIGKILL at K random moments and started again; the
// sandbox in this process answering 500 before and after applying, dropping connections), until
// the job ends. Then every row of the journal is compared with what the sandbox wrote:
//   lost             a valid score neither written nor rejected with a reason (a row not ended)
//   repeated_changes a supplier's event type written more than once
//   wrong_state      a row's end state that is not what the sandbox holds (a score the journal
//                    calls written that the sandbox has not, or with another value or comment; a
//                    score rejected or unsent that the sandbox has; a write no row asked for)
// Last line: rows=<n> scores=<n> kills=<k> lost=<n> repeated_changes=<n> wrong_state=<n> ...
//
// Time is scaled down as for the onboarding: one write a second (so that a few batches of 100
// suppliers spread over the kills), settling after 400 ms instead of 45 s.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../src-main/api';
import type { EngineSettings } from '../src-main/engine/settings';
import type { NewRow } from '../src-main/journal/journal';
import { manySuppliers } from '../src-main/sandbox/manySuppliers';
import { identifierOf } from '../src-main/kinds/scores/batchRunner';
import { seededRandom } from '../src-main/util/clock';
import { isScoresPayload, type ScoresPayload } from '../src-shared/scores';
import { chaosJournal, journalTally, kindSandbox, livesUnderBursts } from './chaosLives';
import { SCORES_JOB_OPTIONS, scoresRow } from './sandboxJob';

export interface ChaosScoresInput {
  rows: number;
  kills: number;
  seed: number;
  keep: boolean;
  settings: Partial<EngineSettings>;
}

const TOKEN = 'chaos-scores';
const WRITE_PER_S = 1;
const GET_PER_S = 60;
const PER_SECOND = { GET: GET_PER_S, WRITE: WRITE_PER_S };
const FAULTS = {
  before500: 0.15,
  after500: 0.15,
  drop: 0.1,
  latencyMs: [0, 40] as [number, number],
};
const sid = (k: number) => `S${String(k).padStart(8, '0')}`;

/** Row k: two scores of perspective 1 (a comment on every third); every 50th names a supplier
 *  the sandbox does not have, so that the API's per-entry rejection is under fire too. */
function row(k: number): NewRow {
  const identifier = { supplierId: k % 50 === 0 ? `MISSING-${k}` : sid(k), source: 'ERP' };
  const payload: ScoresPayload = {
    kind: 'scores',
    identifier,
    scores: [
      { eventTypeKey: 'supplier_audit', value: (k % 100) + 1, cell: `C${k + 1}` },
      {
        eventTypeKey: 'quality_incident',
        value: ((k * 7) % 100) + 1,
        cell: `D${k + 1}`,
        ...(k % 3 === 0 ? { comment: `chaos ${k}` } : {}),
      },
    ],
  };
  return scoresRow(k + 1, payload);
}

export async function chaosScores(o: ChaosScoresInput): Promise<number> {
  const started = Date.now();
  const random = seededRandom(o.seed);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chaos-scores-'));
  const sandbox = await kindSandbox({
    token: TOKEN,
    perSecond: PER_SECOND,
    faults: FAULTS,
    seed: o.seed,
    seedSuppliers: manySuppliers(o.rows),
  });
  const { journalPath, connectionId, jobId } = chaosJournal({
    dir,
    sandboxUrl: sandbox.url,
    perSecond: PER_SECOND,
    job: {
      name: 'chaos scores',
      file: 'scores.xlsx',
      headers: ['Supplier ID', 'Source', 'supplier_audit', 'quality_incident'],
      options: SCORES_JOB_OPTIONS,
    },
    rows: Array.from({ length: o.rows }, (_, i) => row(i + 1)),
  });

  // Batches of 100 at one a second, some sent again after faults, and the settling reads; a
  // neighbour's 429 bursts meanwhile.
  const workMs = (Math.ceil(o.rows / 100) / WRITE_PER_S) * 1_000 * 2;
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

  // ---- compare the journal with the sandbox --------------------------------------------------
  const db = new Database(journalPath, { readonly: true });
  const jrows = (
    db
      .prepare('SELECT id, state, payload FROM rows WHERE job_id = ? ORDER BY source_row')
      .all(jobId) as Array<{ id: number; state: string; payload: string }>
  ).map((r) => ({ ...r, payload: JSON.parse(r.payload) as unknown }));
  db.close();
  const { states, inDoubtSettled } = journalTally(journalPath, jobId, ['in_doubt']);

  const client = new ApiClient({ baseUrl: sandbox.url, token: async () => TOKEN });
  const stats = sandbox.stats();
  const problems: string[] = [];
  let lost = 0;
  let wrongState = 0;
  let scores = 0;
  const accounted = new Set<string>();
  for (const r of jrows) {
    if (!isScoresPayload(r.payload)) continue;
    const p = r.payload;
    scores += p.scores.length;
    const history = await client.readExternalScores(identifierOf(p), '1');
    const seen = history.kind === 'ok' ? history.value : [];
    if (history.kind !== 'ok' && history.kind !== 'not_found')
      throw new Error(`history of row ${r.id}: ${history.kind}`);
    const unsent = p.scores.filter((s) => s.outcome === undefined);
    const ended =
      unsent.length === 0 &&
      r.state === (p.scores.some((s) => s.outcome === 'rejected') ? 'rejected' : 'done');
    if (!ended) {
      lost += Math.max(1, unsent.length);
      problems.push(`row ${r.id}: ${r.state} with ${unsent.length} scores unsent`);
    }
    for (const s of p.scores) {
      const there = seen.filter((x) => x.eventTypeKey === s.eventTypeKey);
      if (there.length) accounted.add(`${r.id}|${s.eventTypeKey}`);
      const same = there.some(
        (x) => x.value === s.value && (x.comment ?? '') === (s.comment ?? ''),
      );
      if (s.outcome === 'written' && !same) {
        wrongState++;
        problems.push(`row ${r.id} ${s.eventTypeKey}: written, the sandbox has ${there.length}`);
      } else if (s.outcome !== 'written' && there.length > 0) {
        wrongState++;
        problems.push(`row ${r.id} ${s.eventTypeKey}: ${s.outcome ?? 'unsent'}, yet written`);
      } else if (s.outcome === 'rejected' && !s.reason) {
        lost++;
        problems.push(`row ${r.id} ${s.eventTypeKey}: rejected without a reason`);
      }
    }
  }
  const writes = Object.values(stats.scoreWrites);
  const repeated = writes.filter((n) => n > 1).length;
  // Writes no row accounts for (every key the sandbox wrote is a supplier's event type).
  const unaccounted = writes.length - accounted.size;
  if (unaccounted > 0) {
    wrongState += unaccounted;
    problems.push(`${unaccounted} writes on the sandbox no row of the job accounts for`);
  }
  await sandbox.close();

  for (const p of problems.slice(0, 20)) process.stderr.write(`${p}\n`);
  console.log(
    `operation=scores seed=${o.seed} lives=${lives} crashes=${crashes} elapsed_s=${(elapsedMs / 1000).toFixed(1)}`,
  );
  console.log(
    `scaling: limits GET ${GET_PER_S}/1s WRITE ${WRITE_PER_S}/1s, settle ${o.settings.settleMs} ms`,
  );
  console.log(
    `faults: 500-before ${stats.faults.before500}, 500-after ${stats.faults.after500}, dropped ${stats.faults.drop}, 429s GET ${stats.throttled.GET} WRITE ${stats.throttled.WRITE} (${bursts} bursts of a neighbour spending a whole window); requests GET ${stats.requests.GET} WRITE ${stats.requests.WRITE}`,
  );
  console.log(`row states: ${states.map((s) => `${s.state}=${s.n}`).join(' ')}`);
  console.log(
    `rows=${o.rows} scores=${scores} kills=${kills} lost=${lost} repeated_changes=${repeated} wrong_state=${wrongState} in_doubt_settled=${inDoubtSettled}`,
  );
  if (o.keep) process.stderr.write(`journal kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
  return lost === 0 && repeated === 0 && wrongState === 0 && finished ? 0 : 1;
}
