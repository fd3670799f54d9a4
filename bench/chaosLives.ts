// The lives of bench/chaos.ts: the engine in a child process (chaosChild.ts) on one journal,
// killed with SIGKILL at K random moments and started again each time, until the job finishes.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { confirmPaidWork } from '../src-main/engine/paidWork';
import { openJournal, type JobOptions, type NewRow } from '../src-main/journal/journal';
import {
  startSandbox,
  type SandboxFaults,
  type SandboxHandle,
  type SandboxLimits,
  type SandboxSeedSupplier,
} from '../src-main/sandbox';

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Life {
  child: ChildProcess;
  ready: Promise<void>;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; exit?: string }>;
  stderr: string[];
}

export function startChild(childArgs: object): Life {
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

/** Starts lives until one finishes the job: the first `kills` are killed after a random time
 *  (50 ms plus up to twice `meanLifeMs` from their start), the rest run to their end. A life
 *  that ends on its own without finishing is a crash; after five the lives stop. */
export async function killAndRestart(o: {
  /** What every life is given (chaosChild.ts's arguments); each life's seed is made from
   *  `seed` and its number. */
  child: {
    journalPath: string;
    jobId: string;
    connectionId: string;
    token: string;
    seed: number;
    settings: object;
    trace?: boolean;
  };
  kills: number;
  meanLifeMs: number;
  random: () => number;
  deadline: number;
  trace?: boolean;
  log?: (line: string) => void;
}): Promise<{ kills: number; lives: number; crashes: number; finished: boolean }> {
  let kills = 0;
  let lives = 0;
  let crashes = 0;
  let finished = false;
  while (!finished && Date.now() < o.deadline) {
    lives++;
    const life = startChild({
      ...o.child,
      seed: o.child.seed * 1_000 + lives,
      concurrency: { GET: 4, WRITE: 4 },
    });
    if (o.trace) life.child.stderr!.pipe(process.stderr);
    await life.ready;
    if (kills < o.kills) {
      const delay = 50 + o.random() * 2 * o.meanLifeMs;
      const outcome = await Promise.race([life.ended, sleep(delay).then(() => undefined)]);
      if (!outcome) {
        life.child.kill('SIGKILL');
        await life.ended;
        kills++;
        o.log?.(`kill ${kills} after ${Math.round(delay)} ms`);
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
  return { kills, lives, crashes, finished };
}

/** The journal the lives share: a connection to the sandbox at its limits (per second) and the
 *  job of the given rows; closed again, so that only the lives have it open. */
export function chaosJournal(o: {
  dir: string;
  sandboxUrl: string;
  perSecond: { GET: number; WRITE: number };
  job: {
    name: string;
    file: string;
    headers: string[];
    options: JobOptions;
    mapping?: Record<string, unknown>;
  };
  rows: NewRow[];
}): { journalPath: string; connectionId: string; jobId: string } {
  const journalPath = path.join(o.dir, 'journal.sqlite');
  const journal = openJournal({ path: journalPath });
  const connection = journal.createConnection({
    name: 'chaos sandbox',
    baseUrl: o.sandboxUrl,
    limits: {
      GET: [{ limit: o.perSecond.GET, windowMs: 1_000 }],
      WRITE: [{ limit: o.perSecond.WRITE, windowMs: 1_000 }],
    },
    isSandbox: true,
  });
  const job = journal.createJob({
    name: o.job.name,
    connectionId: connection.id,
    sourcePath: path.join(o.dir, o.job.file),
    sourceHash: 'chaos',
    headerRow: 1,
    headers: o.job.headers,
    mapping: o.job.mapping ?? {},
    options: o.job.options,
  });
  journal.addRows(job.id, o.rows);
  // Started as the user would: with its paid work confirmed.
  confirmPaidWork(journal, job.id);
  journal.close();
  return { journalPath, connectionId: connection.id, jobId: job.id };
}

/** What the journal says of the job at the end: rows per state, and how many of its rows' events
 *  left one of the given in-doubt states (lost answers settled). */
export function journalTally(
  journalPath: string,
  jobId: string,
  inDoubtStates: readonly string[],
): { states: Array<{ state: string; n: number }>; inDoubtSettled: number } {
  const db = new Database(journalPath, { readonly: true });
  try {
    const inDoubtSettled = (
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM rows JOIN row_events ON row_events.row_id = rows.id
           WHERE rows.job_id = ? AND row_events.kind IN ('transition', 'response')
           AND json_extract(detail, '$.from') IN (${inDoubtStates.map(() => '?').join(', ')})`,
        )
        .get(jobId, ...inDoubtStates) as { n: number }
    ).n;
    const states = db
      .prepare('SELECT state, COUNT(*) AS n FROM rows WHERE job_id = ? GROUP BY state')
      .all(jobId) as Array<{ state: string; n: number }>;
    return { states, inDoubtSettled };
  } finally {
    db.close();
  }
}

/** A second token of the same API user: its requests spend the engine's budget, as another app
 *  on the same account would, and cause 429 bursts (the limits themselves never change). */
export const NEIGHBOUR_TOKEN = 'chaos-neighbour';

/**
 * 429 bursts: every 6 to 12 s the neighbour spends a whole window's budget at once (`perSecond`
 * writes and reads, the sandbox's limits per second). `stop` ends them and says how many there
 * were.
 */
export function neighbourBursts(
  sandboxUrl: string,
  perSecond: { GET: number; WRITE: number },
  random: () => number,
): { stop(): Promise<number> } {
  let bursting = true;
  let bursts = 0;
  const noise = (method: 'GET' | 'POST') =>
    fetch(`${sandboxUrl}/public/v2/suppliers/sites${method === 'GET' ? '/pending' : ''}`, {
      method,
      headers: { 'x-auth-token': NEIGHBOUR_TOKEN, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
  const loop = (async () => {
    while (bursting) {
      await new Promise((res) => setTimeout(res, 6_000 + random() * 6_000));
      if (!bursting) break;
      bursts++;
      await Promise.all([
        ...Array.from({ length: perSecond.WRITE }, () => noise('POST')),
        ...Array.from({ length: perSecond.GET }, () => noise('GET')),
      ]);
    }
  })();
  return {
    async stop() {
      bursting = false;
      await loop;
      return bursts;
    },
  };
}

/** The sandbox of a chaos run of one kind on existing suppliers: the run's token and its
 *  neighbour's (one API user), `perSecond` limits on a fixed window, the faults. */
export function kindSandbox(o: {
  token: string;
  perSecond: { GET: number; WRITE: number };
  faults: SandboxFaults;
  seed: number;
  seedSuppliers: SandboxSeedSupplier[];
}): Promise<SandboxHandle> {
  return startSandbox({
    tokens: [
      { token: o.token, user: 'chaos' },
      { token: NEIGHBOUR_TOKEN, user: 'chaos' },
    ],
    seedSuppliers: o.seedSuppliers,
    limits: {
      GET: [{ limit: o.perSecond.GET, windowSeconds: 1 }],
      WRITE: [{ limit: o.perSecond.WRITE, windowSeconds: 1 }],
    },
    window: 'fixed',
    faults: o.faults,
    randomSeed: o.seed,
  });
}

/**
 * The lives of a chaos run under 429 bursts (`killAndRestart` beside `neighbourBursts`); then
 * the sandbox is calmed for the comparison: no faults, reads up to `calmReadsPerSecond`, the
 * writes' limits as they were. Returns the lives' figures and the bursts' number.
 */
export async function livesUnderBursts(o: {
  sandbox: SandboxHandle;
  perSecond: { GET: number; WRITE: number };
  writeLimits: SandboxLimits['WRITE'];
  calmReadsPerSecond: number;
  lives: Parameters<typeof killAndRestart>[0];
}): Promise<Awaited<ReturnType<typeof killAndRestart>> & { bursts: number }> {
  const bursts = neighbourBursts(o.sandbox.url, o.perSecond, o.lives.random);
  const ended = await killAndRestart(o.lives);
  const n = await bursts.stop();
  o.sandbox.configure({
    limits: {
      GET: [{ limit: o.calmReadsPerSecond, windowSeconds: 1 }],
      WRITE: o.writeLimits,
    },
    faults: {},
  });
  return { ...ended, bursts: n };
}
