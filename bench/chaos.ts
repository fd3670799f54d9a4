// Chaos benchmark: the engine in a child process against the sandbox (kept in this process, so it
// lives on across the child's deaths) with faults on: 500 before and after writes, dropped
// connections, 429 bursts (the sandbox's limits drop below the client's for a while) and random
// latency. The child is killed with SIGKILL at K random moments and started again each time;
// when the job has finished, the journal is compared with what the sandbox holds.
//   npm run bench:chaos -- --rows 1000 --kills 100 [--seed 1] [--separate-followups] [--keep]
// Last line: rows=<n> kills=<k> lost=<n> duplicates=<n> in_doubt_reconciled=<n> wrong_state=<n>
// wrongly_existing=<n> (rows the job created that the journal reports as existing)
// Exit code 1 when lost, duplicates or wrong_state is not 0.
// `--operation scores`: the scores job under the same kills and faults (bench/chaosScores.ts).
// `--operation deactivate|identifiers`: those jobs likewise (bench/chaosKinds.ts).
//
// Time is scaled down: sandbox creation takes 400 ms instead of hours, screening and validation
// 300 ms, limits are per second instead of per 10 s/60 s, and the engine settles in-doubt writes
// after 400 ms instead of 45 s. The logic under test is the same; only the clocks are faster.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../src-main/api';
import type { EngineSettings } from '../src-main/engine/settings';
import type { NewRow } from '../src-main/journal/journal';
import { startSandbox, type SandboxLimits } from '../src-main/sandbox';
import { identityKey } from '../src-shared/supplier';
import { seededRandom } from '../src-main/util/clock';
import { chaosJournal, journalTally, livesUnderBursts, NEIGHBOUR_TOKEN } from './chaosLives';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 200);
const KILLS = Number(arg('kills') ?? 20);
const SEED = Number(arg('seed') ?? 1);
const KEEP = argv.includes('--keep');
const VERBOSE = argv.includes('--verbose');
// Without the on-create entitlements, screening and validation are writes of their own: every
// write stage is then under fire.
const SEPARATE = argv.includes('--separate-followups');
const PERMISSIONS = SEPARATE
  ? [
      'ACCESS_PUBLIC_SUPPLIERS',
      'ACCESS_PUBLIC_CONNECT_TARGET',
      'ACCESS_PUBLIC_SCREENING_REQUEST',
      'ACCESS_PUBLIC_VALIDATION_REQUEST',
    ]
  : undefined;

const WRITE_PER_S = 30;
const GET_PER_S = 60;
const SANDBOX_LIMITS: SandboxLimits = {
  GET: [{ limit: GET_PER_S, windowSeconds: 1 }],
  WRITE: [{ limit: WRITE_PER_S, windowSeconds: 1 }],
};
const SETTINGS: Partial<EngineSettings> = {
  settleMs: 400,
  trackPollMs: 150,
  statusPollBaseMs: 150,
  statusPollCapMs: 1_000,
  offlineBaseMs: 100,
  offlineCapMs: 1_000,
  progressIntervalMs: 500,
  requestTimeoutMs: 3_000,
  leaseTtlMs: 3_000,
};
const FAULTS = {
  before500: 0.04,
  after500: 0.04,
  drop: 0.04,
  latencyMs: [0, 40] as [number, number],
};
const TOKEN = 'chaos';
const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT'];

const random = seededRandom(SEED);
const log = (line: string) => {
  if (VERBOSE) process.stderr.write(`${line}\n`);
};

function rows(n: number): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const supplierId = { id: `C-${String(i + 1).padStart(6, '0')}`, source: 'ERP' };
    return {
      sourceRow: i + 2,
      cells: [supplierId.id, `Supplier ${i + 1}`],
      payload: {
        name: `Chaos Supplier ${i + 1} GmbH`,
        countryCode: COUNTRIES[i % COUNTRIES.length]!,
        city: 'Berlin',
        address: `Hauptstraße ${i + 1}`,
        supplierId,
      },
      identityKey: identityKey(supplierId),
      state: 'valid' as const,
    };
  });
}

async function main(): Promise<number> {
  const operation = arg('operation') ?? 'onboard';
  if (!['onboard', 'deactivate', 'identifiers', 'scores'].includes(operation)) {
    console.error(`--operation takes onboard, deactivate, identifiers or scores, not ${operation}`);
    return 2;
  }
  if (operation === 'deactivate' || operation === 'identifiers') {
    const { chaosKind } = await import('./chaosKinds');
    return chaosKind({
      operation,
      rows: ROWS,
      kills: KILLS,
      seed: SEED,
      keep: KEEP,
      settings: SETTINGS,
    });
  }
  if (operation === 'scores') {
    const { chaosScores } = await import('./chaosScores');
    return chaosScores({
      rows: ROWS,
      kills: KILLS,
      seed: SEED,
      keep: KEEP,
      settings: SETTINGS,
    });
  }
  const started = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chaos-'));
  const sandbox = await startSandbox({
    tokens: [
      { token: TOKEN, user: 'chaos', ...(PERMISSIONS ? { permissions: PERMISSIONS } : {}) },
      { token: NEIGHBOUR_TOKEN, user: 'chaos' },
    ],
    processingMs: 400,
    screeningMs: 300,
    validationMs: 300,
    limits: SANDBOX_LIMITS,
    window: 'fixed',
    faults: FAULTS,
    randomSeed: SEED,
  });
  const { journalPath, connectionId, jobId } = chaosJournal({
    dir,
    sandboxUrl: sandbox.url,
    perSecond: { GET: GET_PER_S, WRITE: WRITE_PER_S },
    job: {
      name: 'chaos',
      file: 'suppliers.xlsx',
      headers: ['id', 'name'],
      // Screening is asked for with the creation; validation then follows as its own write.
      options: { skipExisting: false, screeningPeriod: 2, validate: true },
    },
    rows: rows(ROWS),
  });

  // Writes per row: the create and the validation request; a life does on average this much
  // work before it is killed, so that the K kills spread over the whole job. Every few seconds
  // the neighbour spends a whole window's budget at once (429 bursts).
  const workMs = ((ROWS * (SEPARATE ? 3 : 2)) / WRITE_PER_S) * 1_000 * 1.3;
  const {
    kills,
    lives,
    crashes,
    finished,
    bursts: noiseBursts,
  } = await livesUnderBursts({
    sandbox,
    perSecond: { GET: GET_PER_S, WRITE: WRITE_PER_S },
    writeLimits: SANDBOX_LIMITS.WRITE,
    calmReadsPerSecond: 1_000,
    lives: {
      child: {
        journalPath,
        jobId,
        connectionId,
        token: TOKEN,
        seed: SEED,
        settings: SETTINGS,
        trace: argv.includes('--trace'),
      },
      kills: KILLS,
      meanLifeMs: Math.max(200, workMs / Math.max(1, KILLS)),
      random,
      deadline: started + 30 * 60_000,
      trace: argv.includes('--trace'),
      log,
    },
  });
  const elapsedMs = Date.now() - started;

  // ---- compare the journal with the sandbox ------------------------------------------------
  const db = new Database(journalPath, { readonly: true });
  const jrows = db
    .prepare(
      'SELECT id, state, identity_key AS identityKey, platform_id AS platformId, validation_status AS validationStatus, created_by_job AS createdByJob FROM rows WHERE job_id = ?',
    )
    .all(jobId) as Array<{
    id: number;
    state: string;
    identityKey: string;
    platformId: string | null;
    validationStatus: string | null;
    createdByJob: number;
  }>;
  db.close();
  const { states, inDoubtSettled } = journalTally(journalPath, jobId, [
    'in_doubt',
    'screening_in_doubt',
    'validation_in_doubt',
  ]);

  // Every supplier on the sandbox, by identity.
  const client = new ApiClient({ baseUrl: sandbox.url, token: async () => TOKEN });
  const onSandbox = new Map<string, string[]>();
  for (let page = 0; ; page++) {
    const answer = await client.listSuppliers(page, 2_000);
    if (answer.kind !== 'ok') throw new Error(`supplier list: ${answer.kind}`);
    for (const s of answer.value.content) {
      for (const ref of s.supplierIds ?? []) {
        const key = identityKey(ref);
        onSandbox.set(key, [...(onSandbox.get(key) ?? []), String(s.platformTargetId)]);
      }
    }
    if (answer.value.content.length < 2_000) break;
  }
  const stats = sandbox.stats();
  await sandbox.close();

  let lost = 0;
  let wrongState = 0;
  const jobKeys = new Set<string>();
  const problems: string[] = [];
  for (const r of jrows) {
    jobKeys.add(r.identityKey);
    const there = onSandbox.get(r.identityKey) ?? [];
    const says = r.state === 'done' || r.state === 'created';
    if (r.state !== 'done' || (says && there.length === 0)) {
      lost++;
      problems.push(`row ${r.id}: ${r.state}, on sandbox ${there.join(',') || 'none'}`);
    }
    if (says && there.length === 1 && there[0] !== r.platformId) {
      wrongState++;
      problems.push(`row ${r.id}: platform id ${r.platformId} but sandbox has ${there[0]}`);
    } else if (!says && there.length > 0) {
      wrongState++;
      problems.push(`row ${r.id}: ${r.state} but the sandbox has the supplier`);
    } else if (
      r.state === 'done' &&
      !['COMPLETED', 'REJECTED'].includes(r.validationStatus ?? '')
    ) {
      wrongState++;
      problems.push(`row ${r.id}: done with validation ${r.validationStatus}`);
    }
  }
  for (const key of onSandbox.keys()) {
    if (!jobKeys.has(key)) {
      wrongState++;
      problems.push(`sandbox supplier ${key} is no row of the job`);
    }
  }
  const duplicates = Object.values(stats.creationsByIdentity).filter((n) => n > 1).length;
  // Only this job creates on the sandbox: a row whose supplier the sandbox counted as created,
  // yet which the journal (and so the summary, the results, the Results screen) calls existing.
  let wronglyExisting = 0;
  for (const r of jrows) {
    const made = (stats.creationsByIdentity[r.identityKey.replace('\u001f', '|')] ?? 0) > 0;
    if (made && r.platformId && r.createdByJob !== 1) {
      wronglyExisting++;
      problems.push(`row ${r.id}: created by the job but reported as existing`);
    }
  }

  for (const p of problems.slice(0, 20)) process.stderr.write(`${p}\n`);
  console.log(
    `seed=${SEED} followups=${SEPARATE ? 'separate' : 'screening_on_create'} lives=${lives} crashes=${crashes} elapsed_s=${(elapsedMs / 1000).toFixed(1)}`,
  );
  console.log(
    `scaling: sandbox creation 400 ms, screening/validation 300 ms, limits GET ${GET_PER_S}/1s WRITE ${WRITE_PER_S}/1s (${noiseBursts} bursts of a neighbour spending a whole window), settle ${SETTINGS.settleMs} ms, polls ${SETTINGS.trackPollMs} ms`,
  );
  console.log(
    `faults: 500-before ${stats.faults.before500}, 500-after ${stats.faults.after500}, dropped ${stats.faults.drop}, 429s GET ${stats.throttled.GET} WRITE ${stats.throttled.WRITE}; requests GET ${stats.requests.GET} WRITE ${stats.requests.WRITE}; screening requests ${stats.screeningRequests}, validation requests ${stats.validationRequests} for ${ROWS} rows`,
  );
  console.log(`row states: ${states.map((s) => `${s.state}=${s.n}`).join(' ')}`);
  console.log(
    `rows=${ROWS} kills=${kills} lost=${lost} duplicates=${duplicates} in_doubt_reconciled=${inDoubtSettled} wrong_state=${wrongState} wrongly_existing=${wronglyExisting}`,
  );
  if (KEEP) process.stderr.write(`journal kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
  return lost === 0 && duplicates === 0 && wrongState === 0 && wronglyExisting === 0 && finished
    ? 0
    : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
