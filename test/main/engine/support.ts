// A real sandbox, a real journal file and the engine, wired the way the app wires them.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine, type EngineEvent } from '../../../src-main/engine/syncEngine';
import type { EngineSettings } from '../../../src-main/engine/settings';
import { openJournal, type Journal, type NewRow } from '../../../src-main/journal/journal';
import type { JobOptions } from '../../../src-main/journal/schema';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src-main/sandbox';
import { identityKey } from '../../../src-shared/supplier';

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
