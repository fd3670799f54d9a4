// `npm run bench:chaos -- --operation identifiers` runs this file (bench/chaos.ts hands it over).
// It keeps its own lives loop and also runs deactivate (bench/chaosDeactivate.ts is the one
// bench:chaos uses for that kind).
// Chaos benchmark: the engine in a child process against the sandbox (kept in this process, so it
// lives on across the child's deaths) with faults on: 500 before and after writes, dropped
// connections, 429 bursts (the sandbox's limits drop below the client's for a while) and random
// latency. The child is killed with SIGKILL at K random moments and started again each time;
// when the job has finished, the journal is compared with what the sandbox holds.
//   npm run bench:chaos -- --rows 1000 --kills 100 [--seed 1] [--separate-followups] [--keep]
//   npm run bench:chaos -- --operation deactivate --rows 200 --kills 20
//   npm run bench:chaos -- --operation identifiers --rows 200 --kills 20
// Last line: rows=<n> kills=<k> lost=<n> duplicates=<n> in_doubt_reconciled=<n> wrong_state=<n>
// wrongly_existing=<n> (rows the job created that the journal reports as existing)
// With --operation deactivate the sandbox is seeded with the rows' suppliers and as many more
// the job must leave alone, and the job deactivates the rows' ones; last line: rows=<n>
// kills=<k> lost=<n> repeated_changes=<n> (suppliers the sandbox deactivated more than once)
// in_doubt_reconciled=<n> wrong_state=<n> (a row not saying its own DELETE did it, a row's
// supplier still active, or another supplier deactivated)
// With --operation identifiers the sandbox is seeded as for deactivate, half the rows' suppliers
// with an own id; each row adds a customer id to its supplier (the job's action) or, for a
// supplier with an own id, removes that (the row's own action); last line: rows=<n> kills=<k>
// lost=<n> repeated_changes=<n> (identifiers the sandbox added or removed more than once)
// in_doubt_reconciled=<n> wrong_state=<n> (a row not saying its own change did it, or a supplier
// whose identifiers are not what the rows asked for: every other supplier untouched)
// Exit code 1 when lost, duplicates, repeated_changes or wrong_state is not 0.
//
// Time is scaled down: sandbox creation takes 400 ms instead of hours, screening and validation
// 300 ms, limits are per second instead of per 10 s/60 s, and the engine settles in-doubt writes
// after 400 ms instead of 45 s. The logic under test is the same; only the clocks are faster.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ApiClient } from '../src-main/api';
import type { EngineSettings } from '../src-main/engine/settings';
import { openJournal, type NewRow } from '../src-main/journal/journal';
import {
  startSandbox,
  type SandboxHandle,
  type SandboxLimits,
  type SandboxSeedSupplier,
} from '../src-main/sandbox';
import { identityKey } from '../src-shared/supplier';
import { seededRandom } from '../src-main/util/clock';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 200);
const KILLS = Number(arg('kills') ?? 20);
const SEED = Number(arg('seed') ?? 1);
const KEEP = argv.includes('--keep');
const OPERATION = arg('operation') ?? 'onboard';
if (!['onboard', 'deactivate', 'identifiers'].includes(OPERATION)) {
  console.error(`--operation takes onboard, deactivate or identifiers, not ${OPERATION}`);
  process.exit(2);
}
const DEACTIVATE = OPERATION === 'deactivate';
const IDENTIFIERS = OPERATION === 'identifiers';
/** The kinds that act on suppliers the sandbox is seeded with. */
const NAMED = DEACTIVATE || IDENTIFIERS;
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
// A second token of the same API user: its requests spend the engine's budget, as another app
// on the same account would, and cause the 429 bursts (the limits themselves never change).
const NOISE_TOKEN = 'chaos-neighbour';
const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT'];

const random = seededRandom(SEED);
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => {
  if (VERBOSE) process.stderr.write(`${line}\n`);
};

const chaosId = (i: number) => ({ id: `C-${String(i + 1).padStart(6, '0')}`, source: 'ERP' });

/** Identifiers: row i adds the customer id K-i to its supplier, or, every odd row, removes the
 *  own id O-i its supplier was seeded with. */
const removes = (i: number) => IDENTIFIERS && i % 2 === 1;
const customerIdOf = (i: number) => `K-${String(i + 1).padStart(6, '0')}`;
const ownIdOf = (i: number) => `O-${String(i + 1).padStart(6, '0')}`;

/** Deactivate, identifiers: the sandbox holds the rows' suppliers and as many more that stay
 *  as they are. */
function seeds(n: number): SandboxSeedSupplier[] {
  return Array.from({ length: 2 * n }, (_, i) => ({
    name: `Chaos Supplier ${i + 1} GmbH`,
    countryCode: COUNTRIES[i % COUNTRIES.length]!,
    city: 'Berlin',
    address: `Hauptstraße ${i + 1}`,
    supplierIds: [chaosId(i)],
    ...(i < n && removes(i) ? { ownIds: [{ id: ownIdOf(i) }] } : {}),
  }));
}

/** Deactivate, identifiers: the rows name the first n suppliers by supplier id and source (and
 *  the identifier each adds or removes). */
function namedRows(n: number): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const supplierId = chaosId(i);
    const identifier = removes(i)
      ? { type: 'OWN_ID', id: ownIdOf(i) }
      : { type: 'CUSTOMER_ID', id: customerIdOf(i) };
    const payload = IDENTIFIERS
      ? { supplierId, identifier, ...(removes(i) ? { action: 'remove' } : {}) }
      : { supplierId };
    return {
      sourceRow: i + 2,
      cells: [supplierId.id, supplierId.source],
      payload,
      identityKey: JSON.stringify(IDENTIFIERS ? { identifier } : payload),
      state: 'valid' as const,
    };
  });
}

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

interface Life {
  child: ChildProcess;
  ready: Promise<void>;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; exit?: string }>;
  stderr: string[];
}

function startChild(childArgs: object): Life {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'chaosChild.ts'), JSON.stringify(childArgs)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr: string[] = [];
  let exit: string | undefined;
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (line === 'ready') onReady();
      if (line.startsWith('exit=')) exit = line.slice(5);
    }
  });
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; exit?: string }>(
    (resolve) =>
      child.on('exit', (code, signal) => {
        onReady();
        resolve({ code, signal, ...(exit ? { exit } : {}) });
      }),
  );
  return { child, ready, ended, stderr };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const started = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chaos-'));
  const sandbox = await startSandbox({
    tokens: [
      { token: TOKEN, user: 'chaos', ...(PERMISSIONS ? { permissions: PERMISSIONS } : {}) },
      { token: NOISE_TOKEN, user: 'chaos' },
    ],
    processingMs: 400,
    screeningMs: 300,
    validationMs: 300,
    limits: SANDBOX_LIMITS,
    window: 'fixed',
    faults: FAULTS,
    randomSeed: SEED,
    ...(NAMED ? { seedSuppliers: seeds(ROWS) } : {}),
  });
  const journalPath = path.join(dir, 'journal.sqlite');
  const journal = openJournal({ path: journalPath });
  const connection = journal.createConnection({
    name: 'chaos sandbox',
    baseUrl: sandbox.url,
    limits: {
      GET: [{ limit: GET_PER_S, windowMs: 1_000 }],
      WRITE: [{ limit: WRITE_PER_S, windowMs: 1_000 }],
    },
    isSandbox: true,
  });
  const job = journal.createJob({
    name: 'chaos',
    connectionId: connection.id,
    sourcePath: path.join(dir, 'suppliers.xlsx'),
    sourceHash: 'chaos',
    headerRow: 1,
    headers: ['id', 'name'],
    mapping: NAMED ? { fields: [], operation: OPERATION as 'deactivate' | 'identifiers' } : {},
    // Screening is asked for with the creation; validation then follows as its own write.
    options: NAMED
      ? {
          skipExisting: false,
          screeningPeriod: null,
          validate: false,
          operation: OPERATION as 'deactivate' | 'identifiers',
          ...(IDENTIFIERS ? { identifierAction: 'add' as const } : {}),
        }
      : { skipExisting: false, screeningPeriod: 2, validate: true },
  });
  journal.addRows(job.id, NAMED ? namedRows(ROWS) : rows(ROWS));
  journal.close();

  // 429 bursts: every few seconds the neighbour spends a whole window's budget at once.
  let bursting = true;
  const noise = (method: 'GET' | 'POST') =>
    fetch(`${sandbox.url}/public/v2/suppliers/sites${method === 'GET' ? '/pending' : ''}`, {
      method,
      headers: { 'x-auth-token': NOISE_TOKEN, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
  let noiseBursts = 0;
  const bursts = (async () => {
    while (bursting) {
      await sleep(6_000 + random() * 6_000);
      if (!bursting) break;
      noiseBursts++;
      await Promise.all([
        ...Array.from({ length: WRITE_PER_S }, () => noise('POST')),
        ...Array.from({ length: GET_PER_S }, () => noise('GET')),
      ]);
    }
  })();

  // Writes per row: the create and the validation request; a life does on average this much
  // work before it is killed, so that the K kills spread over the whole job.
  const writesPerRow = NAMED ? 1 : SEPARATE ? 3 : 2;
  const workMs = ((ROWS * writesPerRow) / WRITE_PER_S) * 1_000 * 1.3;
  const meanLifeMs = Math.max(200, workMs / Math.max(1, KILLS));
  let kills = 0;
  let lives = 0;
  let crashes = 0;
  let finished = false;
  const deadline = started + 30 * 60_000;
  while (!finished && Date.now() < deadline) {
    lives++;
    const life = startChild({
      journalPath,
      jobId: job.id,
      connectionId: connection.id,
      token: TOKEN,
      seed: SEED * 1_000 + lives,
      settings: SETTINGS,
      concurrency: { GET: 4, WRITE: 4 },
      trace: argv.includes('--trace'),
    });
    if (argv.includes('--trace')) life.child.stderr!.pipe(process.stderr);
    await life.ready;
    if (kills < KILLS) {
      const delay = 50 + random() * 2 * meanLifeMs;
      const outcome = await Promise.race([life.ended, sleep(delay).then(() => undefined)]);
      if (!outcome) {
        life.child.kill('SIGKILL');
        await life.ended;
        kills++;
        log(`kill ${kills} after ${Math.round(delay)} ms`);
        continue;
      }
    }
    const end = await life.ended;
    if (end.code === 0 && end.exit === 'finished') finished = true;
    else {
      crashes++;
      process.stderr.write(
        `life ${lives} ended on its own: code=${end.code} exit=${end.exit ?? '-'}\n${life.stderr.join('')}\n`,
      );
      if (crashes > 5) break;
    }
  }
  bursting = false;
  await bursts;
  sandbox.configure({
    limits: { GET: [{ limit: 1_000, windowSeconds: 1 }], WRITE: SANDBOX_LIMITS.WRITE },
    faults: {},
  });
  const elapsedMs = Date.now() - started;
  const run = { lives, crashes, kills, elapsedMs, noiseBursts, finished };
  if (NAMED) return compareKind(sandbox, journalPath, dir, job.id, run);

  // ---- compare the journal with the sandbox ------------------------------------------------
  const db = new Database(journalPath, { readonly: true });
  const jrows = db
    .prepare(
      'SELECT id, state, identity_key AS identityKey, platform_id AS platformId, validation_status AS validationStatus, created_by_job AS createdByJob FROM rows WHERE job_id = ?',
    )
    .all(job.id) as Array<{
    id: number;
    state: string;
    identityKey: string;
    platformId: string | null;
    validationStatus: string | null;
    createdByJob: number;
  }>;
  const inDoubtReconciled = (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM rows JOIN row_events ON row_events.row_id = rows.id
         WHERE rows.job_id = ? AND row_events.kind IN ('transition', 'response')
         AND json_extract(detail, '$.from') IN ('in_doubt', 'screening_in_doubt', 'validation_in_doubt')`,
      )
      .get(job.id) as { n: number }
  ).n;
  const states = db
    .prepare('SELECT state, COUNT(*) AS n FROM rows WHERE job_id = ? GROUP BY state')
    .all(job.id) as Array<{ state: string; n: number }>;
  db.close();

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
    `rows=${ROWS} kills=${kills} lost=${lost} duplicates=${duplicates} in_doubt_reconciled=${inDoubtReconciled} wrong_state=${wrongState} wrongly_existing=${wronglyExisting}`,
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

interface RunFigures {
  lives: number;
  crashes: number;
  kills: number;
  elapsedMs: number;
  noiseBursts: number;
  finished: boolean;
}

interface KindRow {
  id: number;
  state: string;
  payload: string;
  opResult: string | null;
}

/** Deactivate, identifiers: the job's rows, how many left the stage's in-doubt state, and the
 *  rows by state. */
function readKindJournal(
  journalPath: string,
  jobId: string,
  inDoubt: string,
): { jrows: KindRow[]; inDoubtReconciled: number; states: Array<{ state: string; n: number }> } {
  const db = new Database(journalPath, { readonly: true });
  const jrows = db
    .prepare('SELECT id, state, payload, op_result AS opResult FROM rows WHERE job_id = ?')
    .all(jobId) as KindRow[];
  const inDoubtReconciled = (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM rows JOIN row_events ON row_events.row_id = rows.id
         WHERE rows.job_id = ? AND row_events.kind IN ('transition', 'response')
         AND json_extract(detail, '$.from') = ?`,
      )
      .get(jobId, inDoubt) as { n: number }
  ).n;
  const states = db
    .prepare('SELECT state, COUNT(*) AS n FROM rows WHERE job_id = ? GROUP BY state')
    .all(jobId) as Array<{ state: string; n: number }>;
  db.close();
  return { jrows, inDoubtReconciled, states };
}

/** Deactivate, identifiers: the report's lines, the last one the figures; the exit code. */
async function reportKind(
  sandbox: SandboxHandle,
  dir: string,
  run: RunFigures,
  figures: Found & { states: Array<{ state: string; n: number }>; inDoubtReconciled: number },
): Promise<number> {
  const stats = sandbox.stats();
  await sandbox.close();
  const { states, problems, lost, repeated, inDoubtReconciled, wrongState } = figures;
  for (const p of problems.slice(0, 20)) process.stderr.write(`${p}\n`);
  console.log(
    `seed=${SEED} operation=${OPERATION} lives=${run.lives} crashes=${run.crashes} elapsed_s=${(run.elapsedMs / 1000).toFixed(1)}`,
  );
  console.log(
    `faults: 500-before ${stats.faults.before500}, 500-after ${stats.faults.after500}, dropped ${stats.faults.drop}, 429s GET ${stats.throttled.GET} WRITE ${stats.throttled.WRITE}; requests GET ${stats.requests.GET} WRITE ${stats.requests.WRITE}; ${run.noiseBursts} bursts of a neighbour`,
  );
  console.log(`row states: ${states.map((s) => `${s.state}=${s.n}`).join(' ')}`);
  console.log(
    `rows=${ROWS} kills=${run.kills} lost=${lost} repeated_changes=${repeated} in_doubt_reconciled=${inDoubtReconciled} wrong_state=${wrongState}`,
  );
  if (KEEP) process.stderr.write(`journal kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
  return lost === 0 && repeated === 0 && wrongState === 0 && run.finished ? 0 : 1;
}

interface Found {
  lost: number;
  wrongState: number;
  repeated: number;
  problems: string[];
}

/** Deactivate, identifiers: the journal against the sandbox, reported. */
async function compareKind(
  sandbox: SandboxHandle,
  journalPath: string,
  dir: string,
  jobId: string,
  run: RunFigures,
): Promise<number> {
  const inDoubt = DEACTIVATE ? 'deactivate_in_doubt' : 'idchange_in_doubt';
  const { jrows, inDoubtReconciled, states } = readKindJournal(journalPath, jobId, inDoubt);
  const found = DEACTIVATE
    ? await compareDeactivated(sandbox, jrows)
    : await compareIdentifiers(sandbox, jrows);
  return reportKind(sandbox, dir, run, { states, inDoubtReconciled, ...found });
}

/** Deactivate: every row done and saying its own DELETE did it, its supplier inactive, the
 *  others active, and no supplier deactivated twice. */
async function compareDeactivated(sandbox: SandboxHandle, jrows: KindRow[]): Promise<Found> {
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
  const leftAlone = seeds(ROWS).filter((s) => !named.has(identityKey(s.supplierIds![0]!)));
  for (const s of leftAlone) {
    if (!active.has(identityKey(s.supplierIds![0]!))) {
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
async function compareIdentifiers(sandbox: SandboxHandle, jrows: KindRow[]): Promise<Found> {
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
  for (let i = 0; i < 2 * ROWS; i++) {
    const ref = chaosId(i);
    const answer = await client.findByIdentifier({ supplierId: ref.id, source: ref.source });
    if (answer.kind !== 'ok' || answer.value.found !== 'one') {
      wrongState++;
      problems.push(`supplier ${ref.id}: not found once`);
      continue;
    }
    const s = answer.value.supplier;
    // Row i (for i < ROWS) added K-i or removed the own id its supplier had; nothing else.
    const customers = i < ROWS && !removes(i) ? customerIdOf(i) : '';
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
