// A job ready for the engine against a sandbox: a journal in `dir`, a connection to the sandbox
// at the API's default limits with its token, and a job of the given rows.
import path from 'node:path';
import { confirmPaidWork } from '../src-main/engine/paidWork';
import { MemorySecretStore } from '../src-main/api';
import { DEFAULT_WINDOWS } from '../src-main/api/limiter';
import { ConnectionRuntime } from '../src-main/engine/connectionRuntime';
import {
  openJournal,
  type JobOptions,
  type Journal,
  type NewRow,
} from '../src-main/journal/journal';
import { systemClock } from '../src-main/util/clock';
import { scoresJobOptions } from '../src-main/kinds/scores/job';
import { scoresIdentity } from '../src-main/kinds/scores/sheet';
import type { ScoresPayload } from '../src-shared/scores';

export async function sandboxJob(input: {
  dir: string;
  sandboxUrl: string;
  token: string;
  name: string;
  options: JobOptions;
  rows: NewRow[];
}) {
  const journal = openJournal({ path: path.join(input.dir, 'journal.sqlite') });
  try {
    const conn = journal.createConnection({
      name: 'sandbox',
      baseUrl: input.sandboxUrl,
      limits: DEFAULT_WINDOWS,
      isSandbox: true,
    });
    const secrets = new MemorySecretStore();
    await secrets.set(conn.id, input.token);
    const job = journal.createJob({
      name: input.name,
      connectionId: conn.id,
      sourcePath: 'suppliers.xlsx',
      sourceHash: 'x',
      headerRow: 1,
      headers: ['id'],
      mapping: {},
      options: input.options,
    });
    journal.addRows(job.id, input.rows);
    // Started as the user would: with its paid work confirmed.
    confirmPaidWork(journal, job.id);
    return { journal, secrets, jobId: job.id };
  } catch (e) {
    journal.close();
    throw e;
  }
}

/** A scores job's options (perspective 1 of the sandbox, a wide sheet). */
export const SCORES_JOB_OPTIONS = scoresJobOptions('1', 'wide');

/** A valid row of a scores job, as the sheet's reader makes it. */
export function scoresRow(sourceRow: number, payload: ScoresPayload): NewRow {
  return {
    sourceRow,
    cells: [
      ...Object.values(payload.identifier).map(String),
      ...payload.scores.map((s) => String(s.value)),
    ],
    payload: payload as unknown as Record<string, unknown>,
    identityKey: scoresIdentity(payload.identifier),
    state: 'valid',
  };
}

/** A connection to the sandbox at `url` at the API's default limits, and its runtime (the
 *  scheduler and client the app reads the supplier base through); the caller closes `rt`. */
export function sandboxRuntime(journal: Journal, url: string, name: string) {
  const conn = journal.createConnection({ name, baseUrl: url, limits: DEFAULT_WINDOWS });
  const rt = new ConnectionRuntime({
    connectionId: conn.id,
    baseUrl: url,
    token: async () => 'sandbox',
    clock: systemClock,
    sendLog: journal.sendLog,
    limits: DEFAULT_WINDOWS,
  });
  return { conn, rt };
}
