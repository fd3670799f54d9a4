// Journal benchmark: ingests a large job into a fresh journal (temp file), takes every row
// through its first transition, measures the cost of a durable intent commit, and times the
// reads the engine and the UI repeat. Then a full run: a second journal, a job imported the way
// the app imports one, run to its end by the real engine (in a child process) against the
// sandbox with its limits raised so far that the run is bound by the disk, not the API; the
// figure is what the run wrote to disk per row, from the processes' own I/O counters (Linux's
// /proc/self/io `write_bytes`; elsewhere the figure says it is unavailable). Then the same at
// the real API's pace, where nothing can be batched (see measurePacedRun).
// Prints one `name=value` figure per line; the last line sums up.
//   npm run bench:journal -- [--rows 100000] [--run-rows 10000] [--paced-rows 400] [--run-only]
//                            [--runs io,paced] [--dir <folder>] [--keep]
// The cost of a durable commit is the disk's fsync: measure on the disk the journal will use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sandboxEngineSettings } from '../src-main/engine/settings';
import { openJournal, type NewRow } from '../src-main/journal/journal';
import { startSandbox } from '../src-main/sandbox';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 100_000);
const RUN_ROWS = Number(arg('run-rows') ?? 10_000);
const KEEP = args.includes('--keep');
/** Only the full run (its figures and the last line). */
const RUN_ONLY = args.includes('--run-only');
const PACED_ROWS = Number(arg('paced-rows') ?? 400);
/** Which full runs: the disk-bound one (io), the one at the API's pace (paced), or both. */
const RUNS = new Set((arg('runs') ?? 'io,paced').split(','));
const BASE_DIR = arg('dir') ?? os.tmpdir();
const BATCH = 5_000;
const INGEST_TARGET_MS = 5_000;
const INTENT_SAMPLES = 200;
const RESUME_TARGET_MS = 2_000;

const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'IT', 'ES', 'NL', 'PL', 'CN', 'IN'];

/** Bytes this process has caused to be written to storage so far (Linux), or null. */
function writeBytes(): number | null {
  try {
    const m = /^write_bytes:\s*(\d+)/m.exec(fs.readFileSync('/proc/self/io', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** A supplier list as an ERP exports it: ten text columns, ids with leading zeros. */
function* supplierRows(n: number): Generator<NewRow> {
  for (let i = 0; i < n; i++) {
    const id = String(i + 1).padStart(8, '0');
    const country = COUNTRIES[i % COUNTRIES.length]!;
    const name = `Supplier ${i + 1} Industrial Components GmbH`;
    const city = `City ${i % 997}`;
    const address = `${(i % 300) + 1} Main Street`;
    yield {
      sourceRow: i + 2,
      cells: [
        name,
        country,
        city,
        address,
        String(10_000 + (i % 89_999)),
        id,
        'ERP',
        'Metals',
        'A',
        '',
      ],
      payload: {
        name,
        countryCode: country,
        city,
        address,
        postalCode: String(10_000 + (i % 89_999)),
        supplierId: { id, source: 'ERP' },
        industries: ['Metals'],
      },
      identityKey: `${id}\u001fERP`,
      state: 'valid',
    };
  }
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number) => n.toFixed(1);
const print = (name: string, value: string | number) => console.log(`${name}=${value}`);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(BASE_DIR, 'bench-journal-'));
  const file = path.join(dir, 'journal.sqlite');
  try {
    if (RUN_ONLY) {
      const summary = await fullRuns(dir);
      console.log(summary);
      return;
    }
    const journal = openJournal({ path: file });
    const connection = journal.createConnection({
      name: 'Sandbox',
      baseUrl: 'http://127.0.0.1:0',
      limits: {
        GET: [{ limit: 500, windowMs: 60_000 }],
        WRITE: [{ limit: 100, windowMs: 60_000 }],
      },
      isSandbox: true,
    });
    const job = journal.createJob({
      name: 'bench',
      connectionId: connection.id,
      sourcePath: 'bench.xlsx',
      sourceHash: 'sha256:bench',
      headerRow: 1,
      headers: [
        'Name',
        'Country',
        'City',
        'Address',
        'Postal code',
        'Id',
        'Source',
        'Industry',
        'Tier',
        'Note',
      ],
      mapping: {},
      options: { skipExisting: true, screeningPeriod: null, validate: false },
    });
    print('rows', ROWS);
    const sync = ['OFF', 'NORMAL', 'FULL', 'EXTRA'][journal.diagnostics().synchronous] ?? 'other';
    print('synchronous', `${sync} (intents and the user's fixes: FULL)`);

    // Ingest, streamed the way an import hands rows over: one transaction per batch, the event
    // loop free between batches.
    let t0 = process.hrtime.bigint();
    const added = await journal.addRowsAsync(job.id, supplierRows(ROWS), { batchSize: BATCH });
    const ingestMs = ms(t0);
    if (added !== ROWS) throw new Error(`ingested ${added} of ${ROWS} rows`);
    print('ingest_ms', fmt(ingestMs));
    print('ingest_rows_per_s', Math.round(ROWS / (ingestMs / 1000)));
    print(
      'ingest_target_ms',
      `${INGEST_TARGET_MS} ${ingestMs < INGEST_TARGET_MS ? 'met' : 'MISSED'}`,
    );
    print('ingest_ratio_to_target', fmt(ingestMs / INGEST_TARGET_MS));

    // First transition of every row (valid -> queued, with a transition event each), in
    // bounded transactions.
    t0 = process.hrtime.bigint();
    let moved = 0;
    let longestBatchMs = 0;
    for (;;) {
      const b0 = process.hrtime.bigint();
      const n = journal.moveRows(job.id, 'valid', 'queued', { limit: BATCH });
      longestBatchMs = Math.max(longestBatchMs, ms(b0));
      if (n === 0) break;
      moved += n;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const transitionMs = ms(t0);
    if (moved !== ROWS) throw new Error(`moved ${moved} of ${ROWS} rows`);
    print('first_transition_ms', fmt(transitionMs));
    print('first_transition_rows_per_s', Math.round(ROWS / (transitionMs / 1000)));
    print('first_transition_longest_batch_ms', fmt(longestBatchMs));

    // Reads repeated by the engine and the UI on the full job.
    t0 = process.hrtime.bigint();
    const counts = journal.counts(job.id);
    print('counts_ms', fmt(ms(t0)));
    if (counts.queued !== ROWS) throw new Error(`counts say ${counts.queued} queued`);
    t0 = process.hrtime.bigint();
    const due = journal.takeDue(job.id, ['queued', 'in_doubt'], Date.now(), 100);
    print('take_due_100_ms', fmt(ms(t0)));
    t0 = process.hrtime.bigint();
    journal.pageRows(job.id, { after: Math.floor(ROWS / 2), limit: 100 });
    print('page_100_ms', fmt(ms(t0)));
    t0 = process.hrtime.bigint();
    journal.pageRows(job.id, { text: 'no such supplier', limit: 100 });
    print('search_window_ms', fmt(ms(t0)));

    // The intent: one durable commit per batch of requests. Measured per single-row commit,
    // the worst case, against the same write under synchronous=NORMAL (which a power cut
    // could undo) on a second connection.
    const ids = due.map((r) => r.id);
    const fullSamples = ids.slice(0, Math.min(INTENT_SAMPLES / 2, ids.length / 2));
    t0 = process.hrtime.bigint();
    for (const id of fullSamples) journal.markSending([id], Date.now());
    const fullMs = ms(t0) / Math.max(1, fullSamples.length);
    print('intent_commit_full_ms', fmt(fullMs));
    const normalSamples = ids.slice(fullSamples.length, fullSamples.length * 2);
    const raw = new Database(file);
    raw.pragma('synchronous = NORMAL');
    const update = raw.prepare(
      `UPDATE rows SET state = 'sending', attempts = attempts + 1, sent_at = ? WHERE id = ? AND state = 'queued'`,
    );
    const event = raw.prepare(
      `INSERT INTO row_events (row_id, at, kind, detail) VALUES (?, ?, 'request', '{}')`,
    );
    const mark = raw.transaction((id: number, at: number) => {
      update.run(at, id);
      event.run(id, at);
    });
    t0 = process.hrtime.bigint();
    for (const id of normalSamples) mark.immediate(id, Date.now());
    const normalMs = ms(t0) / Math.max(1, normalSamples.length);
    raw.close();
    print('intent_commit_normal_ms', fmt(normalMs));
    print('intent_full_to_normal_ratio', fmt(fullMs / Math.max(normalMs, 0.001)));

    journal.close();

    // The journal's share of a resume: open the full journal again, find the rows in doubt
    // and the first due batch. The engine's own start-up comes on top.
    t0 = process.hrtime.bigint();
    const reopened = openJournal({ path: file });
    const inDoubt = reopened.rowsInDoubt();
    reopened.takeDue(job.id, ['queued'], Date.now(), 100);
    print('journal_reopen_to_first_batch_ms', fmt(ms(t0)));
    print('rows_in_doubt_found', inDoubt.length);
    reopened.close();

    print('peak_rss_mb', fmt(process.resourceUsage().maxRSS / 1024));
    print('journal_file_mb', fmt(fs.statSync(file).size / 1024 / 1024));

    const resume = await measureResume(file, job.id, connection.id);
    const summary = await fullRuns(dir);
    console.log(
      `rows=${ROWS} ingest_ms=${fmt(ingestMs)} intent_commit_full_ms=${fmt(fullMs)} resume_ms=${resume} ${summary}`,
    );
  } finally {
    if (KEEP) console.error(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The full runs chosen by --runs; returns their part of the last line. */
async function fullRuns(dir: string): Promise<string> {
  const parts: string[] = [];
  if (RUNS.has('io')) {
    const run = await measureFullRun(dir, IO_RUN);
    parts.push(
      `run_rows=${RUN_ROWS} run_rows_per_s=${run.rowsPerS} write_kb_per_row=${run.kbPerRow}`,
    );
  }
  if (RUNS.has('paced')) {
    const run = await measureFullRun(dir, PACED_RUN);
    parts.push(
      `paced_rows=${PACED_ROWS} paced_rows_per_s=${run.rowsPerS} write_kb_per_row_paced=${run.kbPerRow}`,
    );
  }
  return parts.join(' ');
}

interface RunShape {
  /** Suffix of the printed figures ('' or '_paced'). */
  suffix: string;
  rows: number;
  /** How long the sandbox takes to make a supplier of a creation. */
  processingMs: number;
  /** The write limit, the same at the sandbox and on the connection. */
  writes: { limit: number; windowMs: number };
  concurrency: { GET: number; WRITE: number };
}

/** Limits raised out of the way: the disk sets the pace, and commits share intents and answers. */
const IO_RUN: RunShape = {
  suffix: '',
  rows: RUN_ROWS,
  processingMs: 200,
  writes: { limit: 1_000_000, windowMs: 1_000 },
  concurrency: { GET: 4, WRITE: 4 },
};

/**
 * The real API's pace, where nothing can be batched: one write request at a time, spaced by the
 * limiter more widely than the journal's group-commit windows (an intent waits 5 ms for company,
 * an answer 250 ms), so each intent is a durable commit of its own and each answer commits alone
 * after its 250 ms, as at 100 writes a minute (600 ms apart). The real limit scaled by two (100
 * writes per 30 s, about 300 ms apart) keeps that structure at half the duration. Creations take
 * 2 s, so each is tracked over several polls of the pending list (the real API: hours, at one
 * poll a minute).
 */
const PACED_RUN: RunShape = {
  suffix: '_paced',
  rows: PACED_ROWS,
  processingMs: 2_000,
  writes: { limit: 100, windowMs: 30_000 },
  concurrency: { GET: 4, WRITE: 1 },
};

/**
 * A whole job as the app runs one: imported in batches of 2,000 rows (as the onboarding service
 * does), then checked, created and tracked to its end by the engine in a child process against
 * the sandbox (creation takes 200 ms; limits raised out of the way, so the disk sets the pace).
 * The bytes are the import's (this process, while nothing else runs in it: the sandbox keeps its
 * state in memory) plus the child's whole life, the journal's close and last checkpoint included.
 */
async function measureFullRun(
  dir: string,
  shape: RunShape,
): Promise<{ kbPerRow: string; rowsPerS: number }> {
  const file = path.join(dir, `run${shape.suffix}.sqlite`);
  const { processingMs, rows: runRows, suffix } = shape;
  const print = (name: string, value: string | number) =>
    console.log(`${name.replace(/^run_/, `run${suffix}_`)}=${value}`);
  const sandbox = await startSandbox({
    processingMs,
    limits: {
      GET: [{ limit: 1_000_000, windowSeconds: 1 }],
      WRITE: [{ limit: shape.writes.limit, windowSeconds: shape.writes.windowMs / 1_000 }],
    },
  });
  try {
    const ingestStart = writeBytes();
    const journal = openJournal({ path: file });
    const connection = journal.createConnection({
      name: 'Sandbox',
      baseUrl: sandbox.url,
      limits: {
        GET: [{ limit: 1_000_000, windowMs: 1_000 }],
        WRITE: [shape.writes],
      },
      isSandbox: true,
    });
    const job = journal.createJob({
      name: 'full run',
      connectionId: connection.id,
      sourcePath: 'run.xlsx',
      sourceHash: 'sha256:run',
      headerRow: 1,
      headers: ['Name', 'Country', 'City', 'Address', 'Postal code', 'Id', 'Source'],
      mapping: {},
      options: { skipExisting: true, screeningPeriod: null, validate: false },
    });
    await journal.addRowsAsync(job.id, supplierRows(runRows), { batchSize: 2_000 });
    journal.close();
    const ingestEnd = writeBytes();

    const t0 = process.hrtime.bigint();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(path.dirname(fileURLToPath(import.meta.url)), 'chaosChild.ts'),
        JSON.stringify({
          journalPath: file,
          jobId: job.id,
          connectionId: connection.id,
          token: 'sandbox',
          seed: 1,
          settings: { ...sandboxEngineSettings(processingMs), progressIntervalMs: 1_000 },
          concurrency: shape.concurrency,
          io: true,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const runMs = ms(t0);
    if (code !== 0 || !/^exit=finished$/m.test(out)) throw new Error(`full run: ${out}`);
    const io = JSON.parse(/^io=(.*)$/m.exec(out)?.[1] ?? 'null') as {
      writeBytes: number | null;
      byCall: Record<string, number>;
    } | null;

    const check = openJournal({ path: file });
    const counts = check.counts(job.id);
    check.close();
    if (counts.done !== runRows) throw new Error(`full run ended with ${JSON.stringify(counts)}`);
    const fileBytes = fs.statSync(file).size;

    const rowsPerS = Math.round(runRows / (runMs / 1000));
    print('run_rows', runRows);
    print('run_ms', fmt(runMs));
    print('run_rows_per_s', rowsPerS);
    print('run_journal_kb_per_row', fmt(fileBytes / 1024 / runRows));
    if (ingestStart === null || ingestEnd === null || io?.writeBytes == null) {
      print(`write_kb_per_row${suffix}`, 'unavailable (no /proc/self/io write_bytes: Linux only)');
      return { kbPerRow: 'unavailable', rowsPerS };
    }
    const kb = (bytes: number) => fmt(bytes / 1024 / runRows);
    print('run_ingest_write_kb_per_row', kb(ingestEnd - ingestStart));
    print('run_engine_write_kb_per_row', kb(io.writeBytes));
    const calls = Object.entries(io.byCall).filter(([k]) => !k.endsWith('_calls'));
    let accounted = 0;
    for (const [name, bytes] of calls.sort((a, b) => b[1] - a[1])) {
      accounted += bytes;
      const n = io.byCall[`${name}_calls`];
      print(
        `run_write_kb_per_row_${name}`,
        `${kb(bytes)}${n === undefined ? '' : ` (${n} calls, ${fmt(bytes / 1024 / Math.max(1, n))} KB each)`}`,
      );
    }
    print('run_write_kb_per_row_other', kb(io.writeBytes - accounted));
    const kbPerRow = kb(ingestEnd - ingestStart + io.writeBytes);
    print(`write_kb_per_row${suffix}`, kbPerRow);
    return { kbPerRow, rowsPerS };
  } finally {
    await sandbox.close();
  }
}

/**
 * The engine on the full job in a child process against the sandbox: killed with SIGKILL once
 * it is sending, then started again; the figure is the time from the restart to the first
 * request the sandbox receives (split into the runtime's start, Node loading the TypeScript
 * sources, and the engine's own part: journal, rows found mid-request, first batch).
 */
async function measureResume(file: string, jobId: string, connectionId: string): Promise<number> {
  const sandbox = await startSandbox({ processingMs: 60_000 });
  try {
    const setup = openJournal({ path: file });
    setup.updateConnection(connectionId, { baseUrl: sandbox.url });
    setup.close();
    const requests = () => {
      const r = sandbox.stats().requests;
      return r.GET + r.WRITE;
    };
    const life = () => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(path.dirname(fileURLToPath(import.meta.url)), 'chaosChild.ts'),
          JSON.stringify({
            journalPath: file,
            jobId,
            connectionId,
            token: 'sandbox',
            seed: 1,
            settings: {},
            concurrency: { GET: 4, WRITE: 4 },
          }),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let startedAt = 0;
      child.stdout.on('data', (d: Buffer) => {
        const m = /started_at=(\d+)/.exec(d.toString());
        if (m) startedAt = Number(m[1]);
      });
      const ended = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      return { child, ended, startedAt: () => startedAt };
    };
    /** Resolves with the time the sandbox counted its first request after `since`. */
    const firstRequest = async (before: number, timeoutMs: number) => {
      const end = Date.now() + timeoutMs;
      while (requests() === before) {
        if (Date.now() > end) throw new Error('no request reached the sandbox');
        await new Promise((r) => setTimeout(r, 1));
      }
      return Date.now();
    };

    const first = life();
    // Killed while sending: a few creates have left, more are mid-request.
    const before = requests();
    await firstRequest(before, 60_000);
    while (requests() < before + 5) await new Promise((r) => setTimeout(r, 1));
    first.child.kill('SIGKILL');
    await first.ended;

    const seen = requests();
    const restartAt = Date.now();
    const second = life();
    const at = await firstRequest(seen, 60_000);
    second.child.kill('SIGKILL');
    await second.ended;
    const check = openJournal({ path: file });
    const inDoubt = check.counts(jobId).in_doubt;
    check.close();
    const resumeMs = at - restartAt;
    print('resume_rows', ROWS);
    print(
      'resume_ms',
      `${resumeMs} ${resumeMs < RESUME_TARGET_MS ? 'met' : 'MISSED'} (target ${RESUME_TARGET_MS})`,
    );
    if (second.startedAt()) {
      print('resume_runtime_and_module_load_ms', second.startedAt() - restartAt);
      print('resume_engine_ms', at - second.startedAt());
    }
    print('resume_rows_found_mid_request', inDoubt);
    return resumeMs;
  } finally {
    await sandbox.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
