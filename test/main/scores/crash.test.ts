// The scores job killed (SIGKILL, a real child process) at each of its journal writes, before
// the write or right after it is committed (after a batch's intent: before its request leaves),
// then run to its end by a new engine on the same journal: every score ends written or rejected
// with its reason, and none is written twice.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import { openJournal, type NewRow } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { manySuppliers } from '../../../src-main/sandbox/manySuppliers';
import { scoresJobOptions } from '../../../src-main/kinds/scores/job';
import { payloadOf } from '../../../src-main/kinds/scores/batchRunner';
import { scoresIdentity } from '../../../src-main/kinds/scores/sheet';
import type { ScoresPayload } from '../../../src-shared/scores';
import { runnerFor } from '../../../src-main/kinds';
import { builtChild } from '../../children';

const CHILD = fileURLToPath(new URL('./crashChild.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TOKEN = 'scores-crash';
const SETTINGS = { settleMs: 100, leaseTtlMs: 300, progressIntervalMs: 1_000 };
// Two batches (100 suppliers each at most); the last row names no supplier the sandbox has.
const ROWS = 130;

let sandbox: SandboxHandle;
let dir: string;
let child: string;
beforeAll(async () => {
  child = await builtChild(CHILD);
  dir = await mkdtemp(path.join(os.tmpdir(), 'scores-crash-'));
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    seedSuppliers: manySuppliers(ROWS),
    limits: {
      GET: [{ limit: 1_000, windowSeconds: 1 }],
      WRITE: [{ limit: 100, windowSeconds: 1 }],
    },
    randomSeed: 5,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

function rows(): NewRow[] {
  return Array.from({ length: ROWS }, (_, i) => {
    const k = i + 1;
    const identifier = {
      supplierId: k === ROWS ? 'NOT-THERE' : `S${String(k).padStart(8, '0')}`,
      source: 'ERP',
    };
    const payload: ScoresPayload = {
      kind: 'scores',
      identifier,
      scores: [
        { eventTypeKey: 'supplier_audit', value: (k % 100) + 1, cell: `C${k + 1}` },
        { eventTypeKey: 'quality_incident', value: 50, comment: `row ${k}`, cell: `D${k + 1}` },
      ],
    };
    return {
      sourceRow: k + 1,
      cells: [identifier.supplierId, 'ERP'],
      payload: payload as unknown as Record<string, unknown>,
      identityKey: scoresIdentity(identifier),
      state: 'valid',
    };
  });
}

function setUp(name: string) {
  sandbox.reset();
  const journalPath = path.join(dir, `${name}.sqlite`);
  const journal = openJournal({ path: journalPath });
  const conn = journal.createConnection({
    name: 'sandbox',
    baseUrl: sandbox.url,
    limits: { GET: [{ limit: 1_000, windowMs: 1_000 }], WRITE: [{ limit: 100, windowMs: 1_000 }] },
    isSandbox: true,
  });
  const job = journal.createJob({
    name: 'scores crash',
    connectionId: conn.id,
    sourcePath: 'scores.xlsx',
    sourceHash: 'x',
    headerRow: 1,
    headers: ['Supplier ID', 'Source'],
    mapping: {},
    options: scoresJobOptions('1', 'wide'),
  });
  journal.addRows(job.id, rows());
  journal.close();
  return { journalPath, jobId: job.id, connectionId: conn.id };
}

/** One life in a child process; resolves with its lines and how it ended. */
function life(
  at: ReturnType<typeof setUp>,
  die?: { at: number; when: 'before' | 'after' },
): Promise<{ lines: string[]; signal: NodeJS.Signals | null; code: number | null }> {
  const proc = spawn(
    process.execPath,
    [child, JSON.stringify({ ...at, token: TOKEN, settings: SETTINGS, ...(die ? { die } : {}) })],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) =>
    proc.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) throw new Error(`child failed (${code}): ${err}`);
      resolve({ lines: out.trim().split('\n'), signal, code });
    }),
  );
}

describe('the scores job killed at any journal write', () => {
  it('ends every score written or rejected, none written twice, wherever it died', async () => {
    // A life without a kill says how many writes there are to die at.
    const clean = await life(setUp('clean'));
    const total = Number(/^writes=(\d+) exit=finished$/.exec(clean.lines.at(-1)!)?.[1]);
    expect(total, clean.lines.join('\n')).toBeGreaterThanOrEqual(6);
    let diedAfterIntent = 0;
    let foundMidRequest = 0;
    for (const when of ['after', 'before'] as const) {
      for (let k = 1; k <= total; k++) {
        const at = setUp(`${when}-${k}`);
        const first = await life(at, { at: k, when });
        const context = `killed ${when} write ${k}: ${first.lines.slice(-2).join(' | ')}`;
        expect(first.signal, context).toBe('SIGKILL');
        if (when === 'after' && first.lines.includes(`write=${k} markSendingAsync`))
          diedAfterIntent++;
        const journal = openJournal({ path: at.journalPath });
        try {
          if ((journal.counts(at.jobId).sending ?? 0) > 0) foundMidRequest++;
          // The next process, once the dead one's lease has run out.
          await new Promise((r) => setTimeout(r, SETTINGS.leaseTtlMs + 50));
          const secrets = new MemorySecretStore();
          await secrets.set(at.connectionId, TOKEN);
          const engine = new SyncEngine({ runnerFor, journal, secrets, settings: SETTINGS });
          expect(await engine.run(at.jobId), context).toBe('finished');
          await engine.close();
          const counts = journal.counts(at.jobId);
          expect({ done: counts.done, rejected: counts.rejected }, context).toEqual({
            done: ROWS - 1,
            rejected: 1,
          });
          for (const row of journal.eachRow(at.jobId)) {
            for (const s of payloadOf(row)!.scores) {
              expect(s.outcome, context).toBeDefined();
              if (s.outcome === 'rejected') expect(s.reason, context).toBe('TARGET_NOT_FOUND');
            }
          }
          const writes = Object.values(sandbox.stats().scoreWrites);
          expect(writes.length, context).toBe((ROWS - 1) * 2);
          expect(Math.max(...writes), context).toBe(1);
        } finally {
          journal.close();
        }
      }
    }
    // The cases that matter were among them: killed right after an intent (nothing sent), and
    // rows found mid-request by the next process (settled by reading before anything is sent).
    expect(diedAfterIntent).toBeGreaterThanOrEqual(2);
    expect(foundMidRequest).toBeGreaterThanOrEqual(2);
  }, 300_000);
});
