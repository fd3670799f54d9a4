// Responsiveness benchmark: how long the main process's event loop is held, and how long the
// UI's commands wait for an answer, while the heavy operations of a big job run. The services
// run as the desktop app runs them: in a process of their own (services/remote/, as Electron's
// utility process runs them; here a Node child process), made with the desktop's options
// (transport 'electron', the built-in practice sandbox, a real journal in a temporary data
// folder, the desktop signals watching the jobs), every command sent over the channel the
// desktop's main process uses, the same handlers Electron's IPC reaches. This process plays the
// main process: its loop delay is the window's.
// `--in-process` makes the services in this very process instead (as the command line runs
// them): the loop figures are then the services' own, which shows where they still work in long
// stretches.
//
// A small job of a few hundred rows runs against the practice sandbox throughout (jobs:start),
// so the engine is busy. Then, in order, each timed on its own:
//   preview          files:preview of a generated xlsx of --rows rows (the mapping screen)
//   import           jobs:create of that workbook
//   bulk fix count   rows:fixMany whole value (--fix-rows rows in "Atlantis"), as the grid
//                    offers the same fix for the other rows
//   bulk fix apply   the same rows:fixMany with apply
//   undo             rows:undo of that batch
//   replace count    rows:fixMany find and replace inside values (--fix-rows rows), counted
//   replace apply    the same with apply
//   export           jobs:export of the job's results (xlsx, the default place)
// Meanwhile (a) the event loop's delay is sampled by perf_hooks.monitorEventLoopDelay
// ({ resolution: 10 }; its figures include the 10 ms timer interval itself, so an idle loop
// reads about 10 ms), and (b) `jobs:list` (the Jobs screen) and a grid page (`rows:page`, 500
// rows, as the grid fetches them) are each sent every 50 ms from a timer, one at a time, their
// answer time counted from the moment each was due: a request whose timer fired late because
// the loop was held waited for it, and that wait counts.
// Goals: main-thread max delay < 100 ms; answers p95 < 50 ms and max < 250 ms. This only
// measures: it exits 0 whether or not the goals are met.
// Prints a table per operation and ends with one line
// `loop_p99_ms=… loop_max_ms=… answer_p95_ms=… answer_max_ms=…` over the whole run.
//   npm run bench:responsive -- [--rows 100000] [--fix-rows 10000] [--sandbox-rows 300] [--in-process]
//     [--services-cpu-prof <dir>]   (a CPU profile of the services' process, node --cpu-prof)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type { CommandName, CommandOutput, JobView } from '../src-shared/contract';
import { fileURLToPath } from 'node:url';
import { MemorySecretStore } from '../src-main/api';
import { createAppServices } from '../src-main/services/appServices';
import { watchJobsForDesktop } from '../src-main/services/desktopSignals';
import { localFront, type ServicesFront } from '../src-main/services/front';
import { startRemoteServices } from '../src-main/services/remote/client';
import { forkServices } from '../src-main/services/remote/nodeChild';
import { HEADERS, supplierRow } from './supplierSheet';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 100_000);
const FIX_ROWS = Number(arg('fix-rows') ?? 10_000);
const SANDBOX_ROWS = Number(arg('sandbox-rows') ?? 300);
const IN_PROCESS = args.includes('--in-process');
/** Where the services' process writes a CPU profile (node --cpu-prof), if asked. */
const SERVICES_CPU_PROF = arg('services-cpu-prof');
for (const [name, n] of [
  ['rows', ROWS],
  ['fix-rows', FIX_ROWS],
  ['sandbox-rows', SANDBOX_ROWS],
] as const) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number > 0`);
}
if (FIX_ROWS > ROWS) throw new Error('--fix-rows must not exceed --rows');

const GOAL = { loopMaxMs: 100, answerP95Ms: 50, answerMaxMs: 250 };
const PROBE_EVERY_MS = 50;
/** What one grid request asks for: 2 pages of 250 (src-renderer/lib/rowSource.svelte.ts). */
const GRID_LIMIT = 500;
const LOOP_RESOLUTION_MS = 10;

// ---- the workbooks ------------------------------------------------------------------------

const WRONG_COUNTRY = 'Atlantis';
const FIXED_COUNTRY = 'ES';

/** Exactly `k` of the `ROWS` rows, spread evenly. */
const marked = (i: number, k: number) =>
  Math.floor(((i + 1) * k) / ROWS) > Math.floor((i * k) / ROWS);

/** Row i: FIX_ROWS rows are in Madrid with the country "Atlantis" (invalid: the bulk fix), and
 *  FIX_ROWS others (counted from the end) spell their street "strasse" (the find and replace);
 *  one row in a hundred lacks its city. */
function dataRow(i: number): (string | number)[] {
  const wrongCountry = marked(i, FIX_ROWS);
  return supplierRow(i, {
    ...(wrongCountry
      ? { place: ['Madrid', WRONG_COUNTRY, 28001] as [string, string, number] }
      : {}),
    street: marked(ROWS - 1 - i, FIX_ROWS) ? 'Industriestrasse' : 'Industriestraße',
  });
}

async function writeBigList(file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(HEADERS).commit();
  for (let i = 0; i < ROWS; i++) ws.addRow(dataRow(i)).commit();
  ws.commit();
  await wb.commit();
}

async function writeSandboxList(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source']);
  const cities = [
    ['Berlin', 'DE', '10115'],
    ['Lyon', 'FR', '69001'],
    ['Milano', 'IT', '20121'],
    ['Wien', 'AT', '1010'],
  ] as const;
  for (let i = 0; i < SANDBOX_ROWS; i++) {
    const [city, country, zip] = cities[i % cities.length]!;
    ws.addRow([
      `RB${String(i + 1).padStart(6, '0')}`,
      `Responsive Supplier ${i + 1} GmbH`,
      `Street ${i + 1}`,
      zip,
      city,
      country,
      'ERP',
    ]);
  }
  await wb.xlsx.writeFile(file);
}

// ---- figures ------------------------------------------------------------------------------

/** The q-quantile of `values` (nearest rank); 0 when there are none. */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

type ProbeKind = 'jobs:list' | 'rows:page';
interface Answer {
  kind: ProbeKind;
  /** When it was due (sent, or would have been had the loop been free) and answered. */
  due: number;
  answered: number;
  ms: number;
  /** jobs:list: whether it showed the practice job running. */
  practiceRunning?: boolean;
}
interface Loop {
  p99: number;
  max: number;
  samples: number;
}
const loopOf = (h: IntervalHistogram): Loop =>
  h.count === 0
    ? { p99: 0, max: 0, samples: 0 }
    : { p99: h.percentile(99) / 1e6, max: h.max / 1e6, samples: h.count };

interface OpResult {
  name: string;
  start: number;
  end: number;
  detail: string;
  loop: Loop;
}

// ---- the run ------------------------------------------------------------------------------

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-responsive-'));
const bigFile = path.join(dir, 'suppliers.xlsx');
const sandboxFile = path.join(dir, 'practice.xlsx');
const t0 = performance.now();
await writeBigList(bigFile);
await writeSandboxList(sandboxFile);
console.log(
  `generated ${ROWS} rows (${FIX_ROWS} to fix, ${FIX_ROWS} to replace in) and a practice list of ${SANDBOX_ROWS} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (not measured)`,
);

// As src-main/electron/main.ts makes them, without the window: the practice sandbox is started
// with the services (at its built-in pace), tokens are kept in memory instead of the keychain.
// The desktop signals (taskbar progress, notifications) go to a port that does nothing: the
// operating system's side. Each event is cloned as IPC serializes it for the page.
const dataDir = path.join(dir, 'data');
let front: ServicesFront;
let stopWatching = () => undefined as unknown;
if (IN_PROCESS) {
  const services = createAppServices({
    dataDir,
    transport: 'electron',
    secrets: new MemorySecretStore(),
  });
  stopWatching = watchJobsForDesktop(services, {
    setProgress: () => undefined,
    keepAwake: () => undefined,
    notify: () => undefined,
    notificationsSupported: () => true,
  });
  front = localFront(services);
} else {
  const remote = startRemoteServices({
    spawn: () =>
      forkServices(fileURLToPath(new URL('../src-main/host/servicesMain.ts', import.meta.url)), [
        '--import',
        'tsx',
        ...(SERVICES_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${SERVICES_CPU_PROF}`] : []),
      ]),
    start: {
      dataDir,
      transport: 'electron',
      network: 'environment',
      secrets: 'memory',
      desktop: { notificationsSupported: true },
    },
    desktop: () => undefined,
    log: (line) => console.error(line),
  });
  const pid = await remote.ready();
  console.log(`services in their own process (pid ${pid}); this process plays the main process`);
  front = remote;
}
const unsubscribe = front.subscribe((event, payload) => void structuredClone({ event, payload }));

async function call<C extends CommandName>(command: C, input: unknown): Promise<CommandOutput<C>> {
  const r = await front.dispatch(command, input);
  if (!r.ok) throw new Error(`${command}: ${r.error.code}: ${r.error.message}`);
  return r.value as CommandOutput<C>;
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let sandboxJobId = '';
let bigJobId: string | undefined;
const answers: Answer[] = [];
let lastSandboxView: JobView | undefined;
let gridTick = 0;

/** Sends a command every PROBE_EVERY_MS from a timer, one at a time, and times each answer from
 *  the moment it was due. */
function probe(kind: ProbeKind, send: () => Promise<boolean | undefined>) {
  let stopped = false;
  let failure: unknown;
  const loop = (async () => {
    let due = performance.now();
    while (!stopped) {
      const practiceRunning = await send();
      const answered = performance.now();
      answers.push({
        kind,
        due,
        answered,
        ms: answered - due,
        ...(practiceRunning !== undefined ? { practiceRunning } : {}),
      });
      due = Math.max(due + PROBE_EVERY_MS, answered);
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })().catch((e: unknown) => {
    failure = e;
  });
  return async () => {
    stopped = true;
    await loop;
    if (failure) throw failure;
  };
}

const ops: OpResult[] = [];
/** Resolves once `h`'s timer has fired after this call: a delay that ended before it is
 *  recorded. (Its first firing after `enable` only starts the count, and within one turn of the
 *  loop a due timer of ours may run before it.) */
async function ticked(h: IntervalHistogram): Promise<void> {
  const seen = h.count;
  for (let i = 0; i < 1_000 && h.count === seen; i++) await sleep(LOOP_RESOLUTION_MS / 2);
}

/** Runs one operation with a loop-delay histogram of its own, enabled a little before and
 *  disabled a little after: the histogram records a delay when its timer fires after it, so a
 *  block at the very start or end of the operation would be missed otherwise. These quiet
 *  moments are not in the operation's duration. */
async function operation<T>(name: string, fn: () => Promise<T>, detail: (v: T) => string) {
  const h = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  h.enable();
  await ticked(h);
  const start = performance.now();
  const v = await fn();
  const end = performance.now();
  await ticked(h);
  h.disable();
  ops.push({ name, start, end, detail: detail(v), loop: loopOf(h) });
  return v;
}

/** The whole run's loop delay and wall time (set once the probes stop). */
const run = { loop: { p99: 0, max: 0, samples: 0 } as Loop, ms: 0 };
let sandboxAtEnd: JobView | undefined;
try {
  // The practice job, started as the user starts it: preview, import, plan, start (confirmed).
  const sandboxConn = (await call('connections:list', {})).find((c) => c.isSandbox);
  if (!sandboxConn) throw new Error('the practice sandbox has no connection');
  front.grantRead(sandboxFile); // chosen by the user, as with the file dialog
  const practicePreview = await call('files:preview', { path: sandboxFile });
  const practice = await call('jobs:create', {
    path: sandboxFile,
    name: 'Practice job',
    connectionId: sandboxConn.id,
    mapping: practicePreview.suggestion.mapping,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
  });
  sandboxJobId = practice.jobId;
  const plan = await call('jobs:plan', { jobId: sandboxJobId });
  const started = await call('jobs:start', {
    jobId: sandboxJobId,
    confirmed: true,
    ...(plan.paidToConfirm > 0 ? { confirmedCount: plan.paidToConfirm } : {}),
  });
  if (!started.started) throw new Error('the practice job did not start');
  for (let i = 0; i < 100 && !(await call('jobs:get', { jobId: sandboxJobId })).running; i++)
    await sleep(50);
  console.log(
    `practice job: ${practice.summary.rows} rows against the practice sandbox (${sandboxConn.baseUrl}), started`,
  );

  const wholeLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  wholeLoop.enable();
  await ticked(wholeLoop);
  const wholeStart = performance.now();
  const stopList = probe('jobs:list', async () => {
    const jobs = await call('jobs:list', {});
    const view = jobs.find((j) => j.id === sandboxJobId);
    if (view) lastSandboxView = view;
    return view?.running === true;
  });
  // The grid of the big job once it exists (before: of the practice job), at the first page, a
  // quarter, the middle and near the end in turn, as a user scrolls.
  const stopGrid = probe('rows:page', async () => {
    const jobId = bigJobId ?? sandboxJobId;
    const rows = bigJobId ? ROWS : SANDBOX_ROWS;
    const at = [0, 0.25, 0.5, 0.9][gridTick++ % 4]!;
    const after = Math.floor(rows * at);
    await call('rows:page', { jobId, limit: GRID_LIMIT, ...(after > 0 ? { after } : {}) });
    return undefined;
  });

  try {
    front.grantRead(bigFile);
    const preview = await operation(
      'preview',
      () => call('files:preview', { path: bigFile }),
      (p) => `${p.rows.length} rows shown`,
    );
    const mapped = (field: string) =>
      preview.suggestion.mapping.fields.some((f) => f.field === field);
    if (!mapped('countryCode') || !mapped('address'))
      throw new Error('the suggested mapping lacks the country or the street');
    const created = await operation(
      'import',
      () =>
        call('jobs:create', {
          path: bigFile,
          name: 'Big job',
          connectionId: sandboxConn.id,
          mapping: preview.suggestion.mapping,
          options: { skipExisting: false, screeningPeriod: null, validate: false },
        }),
      (c) => `${c.summary.rows} rows, ${c.summary.invalid} invalid`,
    );
    const jobId = created.jobId;
    bigJobId = jobId;

    const sameFix = {
      jobId,
      field: 'countryCode',
      find: WRONG_COUNTRY,
      replace: FIXED_COUNTRY,
      whole: true,
      matchCase: true,
    };
    await operation(
      'bulk fix count',
      () => call('rows:fixMany', sameFix),
      (r) => `${r.rows} rows would change`,
    );
    const applied = await operation(
      'bulk fix apply',
      () => call('rows:fixMany', { ...sameFix, apply: true }),
      (r) => `${r.rows} rows fixed`,
    );
    if (!applied.batch) throw new Error('the bulk fix made no batch');
    const batchId = applied.batch.id;
    await operation(
      'undo',
      () => call('rows:undo', { jobId, batchId }),
      (r) => `${r.rows} rows back`,
    );
    const replace = {
      jobId,
      field: 'address',
      find: 'strasse',
      replace: 'straße',
      whole: false,
      matchCase: false,
    };
    await operation(
      'replace count',
      () => call('rows:fixMany', replace),
      (r) => `${r.rows} rows would change`,
    );
    await operation(
      'replace apply',
      () => call('rows:fixMany', { ...replace, apply: true }),
      (r) => `${r.rows} rows changed`,
    );
    await operation(
      'export',
      () => call('jobs:export', { jobId, format: 'xlsx' }),
      (s) => `${s.rows} rows to ${path.basename(s.path)}`,
    );
  } finally {
    await stopList();
    await stopGrid();
    await ticked(wholeLoop);
    wholeLoop.disable();
    run.ms = performance.now() - wholeStart;
    run.loop = loopOf(wholeLoop);
    sandboxAtEnd = lastSandboxView;
  }
} finally {
  unsubscribe();
  stopWatching();
  await front.close();
  await rm(dir, { recursive: true, force: true });
}

// ---- the table ----------------------------------------------------------------------------

const f1 = (n: number) => n.toFixed(1);
const maxOf = (values: readonly number[]) => values.reduce((m, v) => Math.max(m, v), 0);
interface Line {
  name: string;
  ms: number;
  loop: Loop;
  all: number[];
  list: number[];
  grid: number[];
  sandbox: string;
  detail: string;
}
/** The figures of the answers in `these`: all, per command, and how many of the jobs:list
 *  answers showed the practice job running. */
function answerFigures(these: readonly Answer[]) {
  const lists = these.filter((a) => a.kind === 'jobs:list');
  return {
    all: these.map((a) => a.ms),
    list: lists.map((a) => a.ms),
    grid: these.filter((a) => a.kind === 'rows:page').map((a) => a.ms),
    sandbox: `${lists.filter((a) => a.practiceRunning).length}/${lists.length}`,
  };
}
// An answer belongs to an operation when it was waited for while the operation ran: from its
// due time to its answer overlaps the operation (a request due just before a long block waits
// through it).
const lines: Line[] = ops.map((o) => ({
  name: o.name,
  ms: o.end - o.start,
  loop: o.loop,
  ...answerFigures(answers.filter((a) => a.due < o.end && a.answered > o.start)),
  detail: o.detail,
}));
const all = answers.map((a) => a.ms);
lines.push({
  name: 'whole run',
  ms: run.ms,
  loop: run.loop,
  ...answerFigures(answers),
  detail: 'all of it, also the moments between the operations',
});

const missed = (l: Line) =>
  [
    l.loop.max >= GOAL.loopMaxMs ? 'loop max' : '',
    quantile(l.all, 0.95) >= GOAL.answerP95Ms ? 'answer p95' : '',
    maxOf(l.all) >= GOAL.answerMaxMs ? 'answer max' : '',
  ].filter(Boolean);
const pm = (values: number[]) =>
  values.length ? `${f1(quantile(values, 0.95))}/${f1(maxOf(values))}` : '-';

const header = [
  'operation',
  'duration ms',
  'loop p99/max ms',
  'answers',
  'answer p95/max ms',
  'jobs:list p95/max',
  'rows:page p95/max',
  'practice running*',
  'goals missed',
  'what it did',
];
const table = lines.map((l) => [
  l.name,
  f1(l.ms),
  `${f1(l.loop.p99)}/${f1(l.loop.max)}`,
  String(l.all.length),
  pm(l.all),
  pm(l.list),
  pm(l.grid),
  l.sandbox,
  missed(l).join(', ') || 'none',
  l.detail,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const show = (cells: string[]) =>
  cells
    .map((c, i) =>
      i === 0 || i >= cells.length - 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!),
    )
    .join('  ')
    .trimEnd();
console.log('');
console.log(
  `services ${IN_PROCESS ? 'in this process (loop figures are theirs)' : "in their own process (loop figures are the main process's)"}`,
);
console.log(
  `rows=${ROWS} fix_rows=${FIX_ROWS} practice_rows=${SANDBOX_ROWS}; probes every ${PROBE_EVERY_MS} ms: jobs:list and rows:page (limit ${GRID_LIMIT})`,
);
console.log(
  `goals: loop max < ${GOAL.loopMaxMs} ms; answers p95 < ${GOAL.answerP95Ms} ms, max < ${GOAL.answerMaxMs} ms (loop figures include the ${LOOP_RESOLUTION_MS} ms sampling interval)`,
);
console.log(show(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const [i, row] of table.entries()) {
  if (i === table.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  console.log(show(row));
}
console.log(
  '* jobs:list answers during the operation that showed the practice job running, of all',
);
console.log(
  `practice job at the end: ${sandboxAtEnd ? `${sandboxAtEnd.state}, running ${sandboxAtEnd.running ? 'yes' : 'no'}, rows ${JSON.stringify(sandboxAtEnd.counts)}` : 'not seen'}`,
);
const wholeLine = lines.at(-1)!;
console.log(
  `goals: loop max ${f1(run.loop.max)} ms ${run.loop.max < GOAL.loopMaxMs ? 'met' : 'MISSED'}; answer p95 ${f1(quantile(all, 0.95))} ms ${quantile(all, 0.95) < GOAL.answerP95Ms ? 'met' : 'MISSED'}; answer max ${f1(maxOf(all))} ms ${maxOf(all) < GOAL.answerMaxMs ? 'met' : 'MISSED'}${missed(wholeLine).length ? '' : ' (all met)'}`,
);
console.log(
  `loop_p99_ms=${f1(run.loop.p99)} loop_max_ms=${f1(run.loop.max)} answer_p95_ms=${f1(quantile(all, 0.95))} answer_max_ms=${f1(maxOf(all))}`,
);
