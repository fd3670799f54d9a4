// A real sandbox, a real journal file and the engine, wired the way the app wires them.
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { confirmPaidWork } from '../../../src-main/engine/paidWork';
import { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine, type EngineEvent } from '../../../src-main/engine/syncEngine';
import type { EngineSettings } from '../../../src-main/engine/settings';
import {
  openJournal,
  type Journal,
  type NewRow,
  type RowEvent,
} from '../../../src-main/journal/journal';
import type { JobOptions } from '../../../src-main/journal/schema';
import type { RowState } from '../../../src-main/journal/rowStates';
import {
  SAMPLE_SUPPLIERS,
  startSandbox,
  type SandboxHandle,
  type SandboxOptions,
} from '../../../src-main/sandbox';
import { identityKey } from '../../../src-shared/supplier';
import { runnerFor } from '../../../src-main/kinds';

export interface Rig {
  dir: string;
  sandbox: SandboxHandle;
  journal: Journal;
  engine: SyncEngine;
  secrets: MemorySecretStore;
  connectionId: string;
  events: EngineEvent[];
  newJob(rows: NewRow[], options?: Partial<JobOptions>): string;
  close(): Promise<void>;
}

export const FAST: Partial<EngineSettings> = {
  settleMs: 300,
  trackPollMs: 60,
  statusPollBaseMs: 60,
  statusPollCapMs: 300,
  offlineBaseMs: 100,
  offlineCapMs: 400,
  progressIntervalMs: 50,
  requestTimeoutMs: 5_000,
};

export async function makeRig(
  sandboxOptions: SandboxOptions = {},
  settings: Partial<EngineSettings> = {},
  token = 'sandbox',
): Promise<Rig> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'engine-'));
  const sandbox = await startSandbox({
    processingMs: 80,
    screeningMs: 80,
    validationMs: 80,
    randomSeed: 7,
    // The same budget as the connection below (the spec's defaults, 20 writes per 10 s, would
    // make every test wait on the throttle).
    limits: {
      GET: [{ limit: 100, windowSeconds: 1 }],
      WRITE: [{ limit: 50, windowSeconds: 1 }],
    },
    ...sandboxOptions,
  });
  const journal = openJournal({ path: path.join(dir, 'journal.sqlite') });
  const connection = journal.createConnection({
    name: 'sandbox',
    baseUrl: sandbox.url,
    limits: {
      GET: [{ limit: 100, windowMs: 1_000 }],
      WRITE: [{ limit: 50, windowMs: 1_000 }],
    },
    isSandbox: true,
  });
  const secrets = new MemorySecretStore();
  await secrets.set(connection.id, token);
  const events: EngineEvent[] = [];
  const engine = new SyncEngine({
    runnerFor,
    journal,
    secrets,
    settings: { ...FAST, ...settings },
    onEvent: (e) => events.push(e),
  });
  return {
    dir,
    sandbox,
    journal,
    engine,
    secrets,
    connectionId: connection.id,
    events,
    newJob(rows, options = {}) {
      const job = journal.createJob({
        name: 'test job',
        connectionId: connection.id,
        sourcePath: path.join(dir, 'suppliers.xlsx'),
        sourceHash: 'x',
        headerRow: 1,
        headers: ['id', 'name'],
        mapping: {},
        options: { skipExisting: false, screeningPeriod: null, validate: false, ...options },
      });
      journal.addRows(job.id, rows);
      // Started as the user would: with its paid work confirmed (services/plan.ts).
      confirmPaidWork(journal, job.id);
      return job.id;
    },
    async close() {
      await engine.close();
      journal.close();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds (the engine runs on real time against a real server). */
export async function until(check: () => boolean, what = 'condition', timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const moves = (events: RowEvent[]) =>
  events
    // An intent is journaled as the request event itself (queued > sending), an answer that
    // moves the row as its response event.
    .filter((e) => e.kind !== 'note' && typeof e.detail.to === 'string')
    .map((e) => `${String(e.detail.from)}>${String(e.detail.to)}`);

/** The row's state transitions in order, as `from>to`. */
export function transitions(journal: Journal, rowId: number): string[] {
  return moves(journal.rowEvents(rowId, { limit: 1_000 }));
}

/** Every transition of the job's rows, for "did it pass through" assertions. */
export function jobTransitions(journal: Journal, jobId: string): string[] {
  return moves(journal.jobEvents(jobId, { limit: 5_000 }));
}

export function duplicates(sandbox: SandboxHandle): string[] {
  return Object.entries(sandbox.stats().creationsByIdentity)
    .filter(([, n]) => n > 1)
    .map(([k]) => k);
}

/** The journal writes the engine's row state machine makes; a crash falls between two. */
const WRITES = ['markSending', 'recordOutcomes', 'moveRows', 'setJobState'] as const;
/** Writes a dead process does not make either (its lease is left to expire). */
const AFTERLIFE = ['renewLease', 'releaseLease', 'setSetting', 'takeLease'] as const;

/**
 * The journal of a process that dies at its `crashAt`-th write, before committing it: every
 * write from then on throws (a dead process writes and sends nothing more; the engine marks its
 * intent before every send, so no new request leaves either). Dying at write k is a crash
 * between writes k-1 and k: e.g. between an intent and its outcome, after the request left.
 */
export function crashingJournal(
  journal: Journal,
  crashAt: number,
): { journal: Journal; writes: () => number; dead: () => boolean } {
  let writes = 0;
  let dead = false;
  const proxy = new Proxy(journal, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const counted = (WRITES as readonly PropertyKey[]).includes(prop);
      if (!counted && !(AFTERLIFE as readonly PropertyKey[]).includes(prop)) {
        return (value as (...a: unknown[]) => unknown).bind(receiver);
      }
      return (...args: unknown[]) => {
        if (dead) throw new Error('the process is dead');
        if (counted && ++writes === crashAt) {
          dead = true;
          throw new Error('the process died before this write');
        }
        return (value as (...a: unknown[]) => unknown).apply(receiver, args);
      };
    },
  });
  return { journal: proxy, writes: () => writes, dead: () => dead };
}

const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT'];

export function supplierRows(n: number, prefix = 'S', from = 1): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    const supplierId = { id: `${prefix}-${String(k).padStart(5, '0')}`, source: 'SAP' };
    return {
      sourceRow: k + 1,
      cells: [supplierId.id, `Supplier ${k}`],
      payload: {
        name: `Supplier ${prefix} ${k} GmbH`,
        countryCode: COUNTRIES[k % COUNTRIES.length]!,
        city: 'Berlin',
        address: `Hauptstraße ${k}`,
        postalCode: '10115',
        supplierId,
      },
      identityKey: identityKey(supplierId),
      state: 'valid' as const,
    };
  });
}

/** A job in a fresh journal file against the sandbox (reset to its seeds), with its rows; the
 *  journal is the caller's to close. */
export async function sandboxJob(
  sandbox: SandboxHandle,
  file: string,
  rows: NewRow[],
  options: JobOptions,
  mapping: Record<string, unknown> = {},
): Promise<{ journal: Journal; secrets: MemorySecretStore; jobId: string }> {
  sandbox.reset();
  const journal = openJournal({ path: file });
  const conn = journal.createConnection({
    name: 'sandbox',
    baseUrl: sandbox.url,
    limits: { GET: [{ limit: 200, windowMs: 1_000 }], WRITE: [{ limit: 100, windowMs: 1_000 }] },
    isSandbox: true,
  });
  const secrets = new MemorySecretStore();
  await secrets.set(conn.id, 'sandbox');
  const job = journal.createJob({
    name: path.basename(file),
    connectionId: conn.id,
    sourcePath: 'list.csv',
    sourceHash: 'x',
    headerRow: 1,
    headers: ['id'],
    mapping,
    options,
  });
  journal.addRows(job.id, rows);
  confirmPaidWork(journal, job.id);
  return { journal, secrets, jobId: job.id };
}

/** A job of a kind that acts on existing suppliers (deactivate, identifiers): see sandboxJob. */
export function kindJob(
  sandbox: SandboxHandle,
  file: string,
  rows: NewRow[],
  options: Pick<JobOptions, 'operation' | 'identifierAction'>,
): Promise<{ journal: Journal; secrets: MemorySecretStore; jobId: string }> {
  const all = { skipExisting: false, screeningPeriod: null, validate: false, ...options };
  return sandboxJob(sandbox, file, rows, all, { fields: [], operation: options.operation });
}

/**
 * Runs a job once to count its journal writes, then once per write k (and `extra` more, as
 * timing varies a little between lives): dying at write k (a crash between writes k-1 and k),
 * then, in a new engine on the same journal file once the dead one's lease expired, again to
 * its end, after which `after` checks it. Returns how many runs died, and how many died with a
 * row in one of the `intents` (a request that had left).
 */
export async function crashAtEveryWrite(
  make: (name: string) => Promise<{ journal: Journal; secrets: MemorySecretStore; jobId: string }>,
  settings: Partial<EngineSettings> & { leaseTtlMs: number },
  intents: readonly RowState[],
  after: (journal: Journal, jobId: string, k: number) => void,
  extra = 2,
): Promise<{ total: number; crashed: number; sawIntent: number }> {
  const engineOn = (journal: Journal, secrets: MemorySecretStore) =>
    new SyncEngine({ runnerFor, journal, secrets, settings });
  const clean = await make('clean');
  const counting = crashingJournal(clean.journal, Number.POSITIVE_INFINITY);
  if ((await engineOn(counting.journal, clean.secrets).run(clean.jobId)) !== 'finished')
    throw new Error('the job did not finish without a crash');
  const total = counting.writes();
  clean.journal.close();
  let crashed = 0;
  let sawIntent = 0;
  for (let k = 1; k <= total + extra; k++) {
    const { journal, secrets, jobId } = await make(`crash-${k}`);
    const dying = crashingJournal(journal, k);
    const first = engineOn(dying.journal, secrets);
    const run = first.run(jobId).catch(() => 'died');
    await until(() => dying.dead() || journal.getJob(jobId)?.state === 'finished', 'death');
    await first.close();
    await run;
    if (dying.dead()) crashed++;
    const counts = journal.counts(jobId);
    if (intents.some((s) => (counts[s] ?? 0) > 0)) sawIntent++;
    await new Promise((r) => setTimeout(r, settings.leaseTtlMs + 10));
    const second = engineOn(journal, secrets);
    const ended = await second.run(jobId);
    await second.close();
    if (ended !== 'finished') throw new Error(`crash at write ${k}: the job ended ${ended}`);
    after(journal, jobId, k);
    journal.close();
  }
  return { total, crashed, sawIntent };
}

/** The suppliers the kinds' tests name: A (supplier id A-1 from ERP, customer id C-A), B (own
 *  id OWN-B), and C and D sharing the id X-1 under different sources (without a source it names
 *  both). */
export const NAMED_SEEDS = [
  {
    name: 'A',
    countryCode: 'DE',
    city: 'B',
    address: '1',
    supplierIds: [{ id: 'A-1', source: 'ERP' }],
    customerIds: [{ id: 'C-A' }],
  },
  { name: 'B', countryCode: 'DE', city: 'B', address: '2', ownIds: [{ id: 'OWN-B' }] },
  {
    name: 'C',
    countryCode: 'DE',
    city: 'B',
    address: '3',
    supplierIds: [{ id: 'X-1', source: 'ERP' }],
  },
  {
    name: 'D',
    countryCode: 'DE',
    city: 'B',
    address: '4',
    supplierIds: [{ id: 'X-1', source: 'SAP' }],
  },
];

/** A sandbox seeded with `seeds` and a folder for journal files, for the tests of one file
 *  (started before them, closed and removed after them). */
export function kindSandbox(
  seeds: NonNullable<SandboxOptions['seedSuppliers']>,
  permissions: string[],
): { sandbox: () => SandboxHandle; file: (name: string) => string } {
  let sandbox: SandboxHandle | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'engine-kinds-'));
    sandbox = await startSandbox({
      randomSeed: 5,
      tokens: [{ token: 'sandbox', permissions }],
      seedSuppliers: seeds,
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    sandbox: () => sandbox ?? failNoSandbox(),
    file: (name) => path.join(dir, `${name}.sqlite`),
  };
}

function failNoSandbox(): never {
  throw new Error('the sandbox is not started yet');
}

/** The settings of the crash tests of rows attached to existing suppliers (duplicatesCrash,
 *  attachFoundCrash): fast polls, and a short lease so a second engine takes over at once. */
export const ATTACH_CRASH_SETTINGS = {
  ...FAST,
  settleMs: 120,
  trackPollMs: 25,
  statusPollBaseMs: 25,
  statusPollCapMs: 100,
  leaseTtlMs: 60,
};

/** For the tests of a file: a sandbox over real HTTP seeded with the sample base, and a
 *  temporary folder (`prefix`) for their journals. */
export function sampleBasePerFile(prefix: string): { sandbox(): SandboxHandle; dir(): string } {
  let sandbox: SandboxHandle | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    sandbox = await startSandbox({
      processingMs: 30,
      screeningMs: 30,
      validationMs: 30,
      seedSuppliers: [...SAMPLE_SUPPLIERS],
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { sandbox: () => sandbox!, dir: () => dir };
}
