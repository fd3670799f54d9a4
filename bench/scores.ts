// The scores job's pace against the sandbox at the API's default write limits (20 writes per
// 10 s, 100 per minute) and its batch size (100 suppliers per request, one score each): more
// rows than the limit lets through in the measured span, the engine running the job as the app
// does (journal, scheduler, intents), paused at the end of the span. Rows whose batch was
// answered within the span count. The ceiling is what the limit allows in that span: at most 100
// writes in any 60 s, so `minutes` × 100 writes × 100 rows, i.e. 10,000 rows a minute. The span
// is whole minutes of the long window, so the short window's start-up is inside it.
// Prints key=value lines; the last:
//   score_rows_per_min=<n> ceiling_per_min=<n> rate=<x> target=0.97 429s=<n>
//
// Usage: npm run bench:scores [-- --minutes 3]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_WINDOWS } from '../src-main/api/limiter';
import { SyncEngine } from '../src-main/engine/syncEngine';
import { startSandbox } from '../src-main/sandbox';
import { manySuppliers } from '../src-main/sandbox/manySuppliers';
import { MAX_SCORE_ENTRIES, type ScoresPayload } from '../src-shared/scores';
import { sandboxJob, SCORES_JOB_OPTIONS, scoresRow } from './sandboxJob';
import { runnerFor } from '../src-main/kinds';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}

const minutes = arg('minutes', 3);
if (!Number.isInteger(minutes) || minutes < 1) throw new Error('--minutes must be a whole number');
const spanMs = minutes * 60_000;
const writesPerMinute = Math.min(
  ...DEFAULT_WINDOWS.WRITE.map((w) => (w.limit * 60_000) / w.windowMs),
);
const ceilingPerMinute = writesPerMinute * MAX_SCORE_ENTRIES;
// Half a window more than the span can take, so the job never runs dry inside it.
const rowCount = Math.ceil((minutes + 0.5) * ceilingPerMinute);

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-scores-'));
const TOKEN = 'bench-scores';
const sandbox = await startSandbox({ tokens: [{ token: TOKEN }], seedSuppliers: [] });
const seeded = Date.now();
sandbox.configure({ seedSuppliers: manySuppliers(rowCount) });
sandbox.reset();
console.log(`seeded=${rowCount} seed_seconds=${((Date.now() - seeded) / 1000).toFixed(1)}`);

const rows = Array.from({ length: rowCount }, (_, i) => {
  const identifier = { supplierId: `S${String(i + 1).padStart(8, '0')}`, source: 'ERP' };
  const payload: ScoresPayload = {
    kind: 'scores',
    identifier,
    scores: [{ eventTypeKey: 'supplier_audit', value: (i % 100) + 1, cell: `C${i + 2}` }],
  };
  return scoresRow(i + 2, payload);
});
const { journal, secrets, jobId } = await sandboxJob({
  dir,
  sandboxUrl: sandbox.url,
  token: TOKEN,
  name: 'bench scores',
  options: SCORES_JOB_OPTIONS,
  rows,
});
const engine = new SyncEngine({ runnerFor, journal, secrets });
try {
  const started = Date.now();
  const stop = setTimeout(() => void engine.pause(jobId), spanMs);
  const exit = await engine.run(jobId, { mode: 'run', wait: true });
  clearTimeout(stop);
  const ended = Date.now();
  // Rows answered within the span (updated_at is the answer's commit).
  const db = new Database(path.join(dir, 'journal.sqlite'), { readonly: true });
  const inSpan = (
    db
      .prepare(
        "SELECT COUNT(*) AS n FROM rows WHERE job_id = ? AND state = 'done' AND updated_at <= ?",
      )
      .get(jobId, started + spanMs) as { n: number }
  ).n;
  db.close();
  const counts = journal.counts(jobId);
  const stats = sandbox.stats();
  const written = Object.values(stats.scoreWrites).reduce((a, n) => a + n, 0);
  const twice = Object.values(stats.scoreWrites).filter((n) => n > 1).length;
  const perMinute = inSpan / minutes;
  console.log(
    [
      `rows=${rowCount}`,
      `span_s=${spanMs / 1000}`,
      `run_s=${((ended - started) / 1000).toFixed(1)}`,
      `exit=${exit}`,
      `done_in_span=${inSpan}`,
      `done=${counts.done ?? 0}`,
      `queued=${counts.queued ?? 0}`,
      `write_requests=${stats.requests.WRITE}`,
      `scores_on_sandbox=${written}`,
      `written_twice=${twice}`,
      `limits=WRITE 20/10s+100/60s`,
      `batch=${MAX_SCORE_ENTRIES}`,
    ].join(' '),
  );
  console.log(
    `score_rows_per_min=${perMinute.toFixed(0)} ceiling_per_min=${ceilingPerMinute} rate=${(perMinute / ceilingPerMinute).toFixed(3)} target=0.97 429s=${stats.throttled.WRITE}`,
  );
} finally {
  await engine.close();
  journal.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
