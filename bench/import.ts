// Import and export speed against plain exceljs streaming, on a generated 100,000-row,
// 10-column workbook. Each phase runs in its own child process so that its peak RSS is its own.
// Targets: import (read, map, validate, into a job in the journal) within 2x the plain read and
// under 400 MB peak RSS; export within 1.5x a plain streaming write, under 400 MB too. While the import and the export run, the Jobs
// screen's command (`jobs:list`) is sent every 50 ms, as the UI polls, and its answer times are
// reported: the services must stay responsive (target: p95 under 100 ms, none over 250 ms).
// Then the workbook limits (src-main/workbook/limits.ts): the worst files the app accepts, a
// workbook near the size limit whose texts are near the shared-string limits and one of rows
// near the row-length limit, are imported into a job, and a decompression bomb whose directory
// lies is refused; the peak RSS of each is reported (target: under 1 GB for all).
//
//   npm run bench:import            (or: npx tsx bench/import.ts [rows])
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { MemorySecretStore } from '../src-main/api';
import { DEFAULT_WINDOWS } from '../src-main/api/limiter';
import { createAppServices } from '../src-main/services/appServices';
import { previewTable, suggestMapping, type ResultRow } from '../src-main/workbook';
import { AppFailure } from '../src-shared/errors';
import {
  inlineRow,
  repeatedDeflate,
  sharedRow,
  writeXlsx,
} from '../test/main/workbook/xlsxBuilder';
import { HEADERS, supplierRow } from './supplierSheet';

const dataRow = (i: number) => supplierRow(i);

async function generate(path: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow(HEADERS).commit();
  for (let i = 0; i < rows; i++) ws.addRow(dataRow(i)).commit();
  ws.commit();
  await wb.commit();
}

/** Syllables for texts that compress like real names and streets (about 3:1), not like noise. */
const SYLLABLES =
  'ber lin ham burg mün chen köln dres den wer ke stahl bau hau sen dorf feld mann tech nik lo gis tik han del gmbh ag ltd sa spa bv oy ab nor sud ost west ring weg stra ße platz al lee gar ten berg tal'.split(
    ' ',
  );

function* texts(seed: number, count: number, length: number): Generator<string> {
  let x = seed;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
  for (let i = 0; i < count; i++) {
    let t = '';
    while (t.length < length) t += SYLLABLES[next() % SYLLABLES.length];
    yield `${t.slice(0, length - 7)} ${String(i).padStart(6, '0')}`;
  }
}

/** Near the file size limit, with shared strings near theirs: every row has nine texts of its
 *  own, about twenty characters each. */
async function generateManyTexts(path: string, rows: number): Promise<void> {
  const unique = 9;
  await writeXlsx(path, {
    rows: (function* () {
      yield sharedRow(1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (let r = 0; r < rows; r++) {
        const base = 11 + r * unique;
        yield sharedRow(r + 2, [
          base,
          base + 1,
          base + 2,
          base + 3,
          base + 4,
          base + 5,
          10,
          base + 6,
          base + 7,
          base + 8,
        ]);
      }
    })(),
    sharedStrings: (function* () {
      const item = (t: string) => `<si><t>${t}</t></si>`;
      for (const h of HEADERS) yield item(h);
      yield item('SAP');
      // Ids, then the texts of each row in turn: the shared strings' order in a real file.
      const gen = texts(7, rows * unique, 20);
      for (let r = 0; r < rows; r++) {
        for (let k = 0; k < unique; k++) {
          const t = gen.next().value as string;
          yield item(
            k === 0 ? String(10_000_000 + r) : k === 5 ? 'Deutschland' + t.slice(0, 9) : t,
          );
        }
      }
    })(),
  });
}

/** Rows near the row-length limit: three notes of 32,000 characters each beside a supplier. */
async function generateLongRows(path: string, rows: number): Promise<void> {
  const note = (r: number, k: number) =>
    `Notiz ${k} zu Lieferant ${r}: ${'Lieferbedingungen und Ansprechpartner. '.repeat(900)}`.slice(
      0,
      32_000,
    );
  await writeXlsx(path, {
    rows: (function* () {
      yield inlineRow(1, [
        'Lieferanten-Nr.',
        'Name',
        'Straße',
        'Ort',
        'Land',
        'Quelle',
        'Notiz 1',
        'Notiz 2',
        'Notiz 3',
      ]);
      for (let r = 2; r <= rows + 1; r++) {
        yield inlineRow(r, [
          String(r),
          `Supplier ${r}`,
          `Hauptstraße ${r % 200}`,
          'Berlin',
          'DE',
          'SAP',
          note(r, 1),
          note(r, 2),
          note(r, 3),
        ]);
      }
    })(),
  });
}

/** 19 MB whose shared strings unpack to 19 GB, with a directory that says 1.9 GB. */
async function generateBomb(path: string): Promise<void> {
  const bomb = repeatedDeflate('<sst>', ' '.repeat(1 << 20), 19_000, '</sst>', { crc: false });
  await writeXlsx(path, {
    rows: [inlineRow(1, ['Lieferanten-Nr.', 'Name']), inlineRow(2, ['1', 'A'])],
    sharedStrings: { deflated: bomb, declaredSize: 1_900_000_000 },
  });
}

function resultRows(rows: number): ResultRow[] | Iterable<ResultRow> {
  return {
    *[Symbol.iterator]() {
      for (let i = 0; i < rows; i++) {
        const invalid = i % 100 === 7;
        yield {
          sourceRow: i + 2,
          cells: dataRow(i).map(String),
          result: invalid
            ? {
                status: 'invalid',
                errorCode: 'value_missing',
                errorMessage: `Row ${i + 2}: the city is required.`,
              }
            : {
                status: 'done',
                platformId: 500000 + i,
                creationUuid: `4b3f1c2e-0000-4000-8000-${String(i).padStart(12, '0')}`,
                screening: 'NoFindings',
                validation: 'COMPLETED',
                updatedAt: Date.UTC(2026, 10, 23, 9, 0, 0) + i,
              },
        };
      }
    },
  };
}

/** 'imported N rows', or 'refused: code: sentence'. */
async function importOrRefusal(file: string, phase: string): Promise<string> {
  const services = createAppServices({
    dataDir: join(dirname(file), `data-${phase}-${Date.now()}`),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: false,
  });
  try {
    const preview = await previewTable(file, { limit: 20 });
    const { mapping } = suggestMapping(
      preview.columns.map((c) => c.header),
      preview.rows.map((r) => r.cells),
    );
    const { onboarding, journal } = await services.ready();
    const conn = journal.createConnection({
      name: 'bench',
      baseUrl: 'https://api.example.com',
      limits: DEFAULT_WINDOWS,
    });
    const created = await onboarding.createJob({
      path: file,
      connectionId: conn.id,
      mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    return `imported ${created.summary.rows} rows`;
  } catch (e) {
    if (e instanceof AppFailure) return `refused: ${e.error.code}: ${e.message}`;
    throw e;
  } finally {
    await services.close();
  }
}

type PhaseResult = {
  ms: number;
  /** The import: until its list's grouping (in the background after the rows) ended. */
  groupedMs?: number;
  rssMb: number;
  detail: string;
  jobId?: string;
  latency?: Latency;
};
type Latency = { n: number; p50: number; p95: number; max: number };

/** Sends `jobs:list` through the router every 50 ms, one at a time, and times each answer from
 *  the moment it was due: a request that arrives while a batch holds the event loop waits for
 *  it, and that wait counts. */
function probeLatency(services: ReturnType<typeof createAppServices>): () => Promise<Latency> {
  const times: number[] = [];
  let stopped = false;
  const loop = (async () => {
    let due = performance.now();
    while (!stopped) {
      const r = await services.router.dispatch('jobs:list', {});
      if (!r.ok) throw new Error(r.error.message);
      const answered = performance.now();
      times.push(answered - due);
      due = answered + 50;
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
  };
}

/** The goals: the import within 2x the plain read, the export within 1.5x the plain write, each
 *  under 400 MB peak RSS. */
const IMPORT_GOAL = 2;
const EXPORT_GOAL = 1.5;
const RSS_GOAL_MB = 400;

const dataDirFor = (workbook: string) => join(dirname(workbook), 'data');

/** Rows of the workbook near the size limit (many texts of their own per row). */
const LIMIT_ROWS = Number(process.env.BENCH_LIMIT_ROWS ?? 540_000);
/** Rows of the workbook whose rows are near the row-length limit. */
const LONG_ROWS = Number(process.env.BENCH_LONG_ROWS ?? 2_400);

async function runPhase(phase: string, file: string, rows: number): Promise<PhaseResult> {
  const t0 = performance.now();
  let detail: string;
  if (phase === 'read-plain') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
    let n = 0;
    let cells = 0;
    for await (const ws of reader) {
      for await (const row of ws) {
        n++;
        cells += (row.values as unknown[]).length;
      }
    }
    detail = `${n} rows, ${cells} value slots`;
  } else if (phase === 'import') {
    // The mapping screen's preview comes first in the app; it is timed on its own.
    const preview = await previewTable(file, { limit: 20 });
    const { mapping } = suggestMapping(
      preview.columns.map((c) => c.header),
      preview.rows.map((r) => r.cells),
    );
    const previewMs = performance.now() - t0;
    // Into a job, the way the app does it: streaming, mapped, validated, journaled in batches.
    const t1 = performance.now();
    const services = createAppServices({
      dataDir: dataDirFor(file),
      transport: 'direct',
      secrets: new MemorySecretStore(),
      sandbox: false,
    });
    const { onboarding, journal } = await services.ready();
    const conn = journal.createConnection({
      name: 'bench',
      baseUrl: 'https://api.example.com',
      limits: DEFAULT_WINDOWS,
    });
    const probe = probeLatency(services);
    const created = await onboarding.createJob({
      path: file,
      connectionId: conn.id,
      mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    // The import answers once its rows are in the journal; its list is then grouped in the
    // background (likely duplicates), the job saying so until it ends: timed apart, the UI
    // still asked meanwhile, and the memory counts it.
    const ms = performance.now() - t1;
    for (;;) {
      const job = await onboarding.jobView(created.jobId);
      if (!job.lookingForDuplicates) break;
      await new Promise((res) => setTimeout(res, 10));
    }
    const groupedMs = performance.now() - t1;
    const listed = await services.router.dispatch('duplicates:list', { jobId: created.jobId });
    if (!listed.ok) throw new Error(`duplicates:list failed: ${listed.error.message}`);
    const figures = listed.value as {
      figures: { grouping: string; listGroups: number; listRows: number };
    };
    const latency = await probe();
    const s = created.summary;
    await services.close();
    detail = `${s.rows} rows into job ${created.jobId}: ${s.valid} valid, ${s.invalid} invalid, ${s.empty} empty; preview before it ${Math.round(previewMs)} ms, not counted; list grouped ${figures.figures.grouping} after ${(groupedMs / 1000).toFixed(2)} s, ${figures.figures.listGroups} groups of ${figures.figures.listRows} rows`;
    return {
      groupedMs,
      ms,
      rssMb: process.resourceUsage().maxRSS / 1024,
      detail,
      jobId: created.jobId,
      latency,
    };
  } else if (phase === 'write-plain') {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const ws = wb.addWorksheet('Results');
    ws.addRow([...HEADERS, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']).commit();
    for (const r of resultRows(rows)) {
      ws.addRow([
        ...r.cells,
        r.result.status,
        String(r.result.platformId ?? ''),
        r.result.creationUuid ?? '',
        r.result.screening ?? '',
        r.result.validation ?? '',
        r.result.errorCode ?? '',
        r.result.errorMessage ?? '',
        String(r.result.updatedAt ?? ''),
      ]).commit();
    }
    ws.commit();
    await wb.commit();
    detail = `${rows} rows x 18 columns`;
  } else if (phase === 'export') {
    // The results of the job the import phase made, read from its journal page by page.
    const source = process.env.BENCH_SOURCE ?? '';
    const services = createAppServices({
      dataDir: dataDirFor(source),
      transport: 'direct',
      secrets: new MemorySecretStore(),
      sandbox: false,
    });
    const { onboarding } = await services.ready();
    const probe = probeLatency(services);
    const s = await onboarding.exportJob(process.env.BENCH_JOB ?? '', 'xlsx', file);
    const latency = await probe();
    await services.close();
    return {
      ms: performance.now() - t0,
      rssMb: process.resourceUsage().maxRSS / 1024,
      detail: `${s.rows} rows from the journal, ${s.attention} on the Errors sheet`,
      latency,
    };
  } else if (phase === 'gen-limits') {
    const dir = dirname(file);
    await generateManyTexts(join(dir, 'many-texts.xlsx'), rows);
    await generateLongRows(join(dir, 'long-rows.xlsx'), LONG_ROWS);
    await generateBomb(join(dir, 'bomb.xlsx'));
    const size = async (name: string) =>
      `${name} ${((await stat(join(dir, name))).size / 1024 / 1024).toFixed(1)} MB`;
    detail = [
      await size('many-texts.xlsx'),
      await size('long-rows.xlsx'),
      await size('bomb.xlsx'),
    ].join(', ');
  } else if (phase === 'accept' || phase === 'refuse') {
    // Into a job as the app does it, with the suggested mapping.
    const outcome = await importOrRefusal(file, phase);
    if ((phase === 'accept') !== outcome.startsWith('imported')) {
      throw new Error(`${file}: expected to be ${phase}ed, but ${outcome}`);
    }
    detail = outcome;
  } else if (phase === 'generate') {
    await generate(file, rows);
    detail = `${(await stat(file)).size} bytes`;
  } else {
    throw new Error(`unknown phase ${phase}`);
  }
  const ms = performance.now() - t0;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  return { ms, rssMb, detail };
}

function child(phase: string, file: string, rows: number): PhaseResult {
  const script = fileURLToPath(import.meta.url);
  const out = spawnSync(
    process.execPath,
    [...process.execArgv, script, '--phase', phase, file, String(rows)],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  const line = out.stdout.trim().split('\n').at(-1) ?? '';
  if (out.status !== 0 || !line.startsWith('{')) {
    throw new Error(`phase ${phase} failed (${out.status}): ${out.stderr || out.stdout}`);
  }
  return JSON.parse(line) as PhaseResult;
}

const fmtLatency = (l: Latency) =>
  `; jobs:list answered ${l.n} times meanwhile, p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, max ${l.max.toFixed(1)} ms`;
const fmt = (r: PhaseResult) =>
  `${(r.ms / 1000).toFixed(2)} s, peak RSS ${Math.round(r.rssMb)} MB (${r.detail}${r.latency ? fmtLatency(r.latency) : ''})`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--phase') {
    const [, phase, file, rows] = args as [string, string, string, string];
    console.log(JSON.stringify(await runPhase(phase, file, Number(rows))));
    return;
  }
  const rows = Number(args[0] ?? 100_000);
  const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
  try {
    const file = join(dir, 'suppliers.xlsx');
    const gen = child('generate', file, rows);
    console.log(`generate      ${fmt(gen)}`);
    const plainRead = child('read-plain', file, rows);
    console.log(`plain read    ${fmt(plainRead)}`);
    const imp = child('import', file, rows);
    console.log(`import        ${fmt(imp)}`);
    const plainWrite = child('write-plain', join(dir, 'plain.xlsx'), rows);
    console.log(`plain write   ${fmt(plainWrite)}`);
    process.env.BENCH_SOURCE = file;
    process.env.BENCH_JOB = imp.jobId ?? '';
    const exp = child('export', join(dir, 'results.xlsx'), rows);
    console.log(`export        ${fmt(exp)}`);
    const importRatio = imp.ms / plainRead.ms;
    const groupedRatio = (imp.groupedMs ?? imp.ms) / plainRead.ms;
    const exportRatio = exp.ms / plainWrite.ms;
    const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `targets: import <= ${IMPORT_GOAL}x plain read (${importRatio.toFixed(2)}x, ${met(importRatio <= IMPORT_GOAL)}), import RSS < ${RSS_GOAL_MB} MB (${Math.round(imp.rssMb)} MB, ${met(imp.rssMb < RSS_GOAL_MB)}), export <= ${EXPORT_GOAL}x plain write (${exportRatio.toFixed(2)}x, ${met(exportRatio <= EXPORT_GOAL)}), export RSS < ${RSS_GOAL_MB} MB (${Math.round(exp.rssMb)} MB, ${met(exp.rssMb < RSS_GOAL_MB)})`,
    );
    const p95 = Math.max(imp.latency?.p95 ?? 0, exp.latency?.p95 ?? 0);
    const max = Math.max(imp.latency?.max ?? 0, exp.latency?.max ?? 0);
    console.log(
      `the list grouped for likely duplicates in the background: ready ${((imp.groupedMs ?? imp.ms) / 1000).toFixed(2)} s after the import began (${groupedRatio.toFixed(2)}x the plain read; no goal, the rows are shown and edited meanwhile)`,
    );
    console.log(
      `targets: the services answer the UI meanwhile, p95 < 100 ms (${p95.toFixed(1)} ms), max < 250 ms (${max.toFixed(1)} ms)`,
    );
    // The workbook limits: the worst accepted files and a bomb, each in its own process.
    const limitsFile = join(dir, 'limits.xlsx');
    console.log(`limit files   ${fmt(child('gen-limits', limitsFile, LIMIT_ROWS))}`);
    const manyTexts = child('accept', join(dir, 'many-texts.xlsx'), 0);
    console.log(`many texts    ${fmt(manyTexts)}`);
    const longRows = child('accept', join(dir, 'long-rows.xlsx'), 0);
    console.log(`long rows     ${fmt(longRows)}`);
    const bomb = child('refuse', join(dir, 'bomb.xlsx'), 0);
    console.log(`bomb          ${fmt(bomb)}`);
    const worst = Math.max(manyTexts.rssMb, longRows.rssMb);
    console.log(
      `targets: every accepted file and every refusal under 1 GB peak RSS (worst accepted ${Math.round(worst)} MB, bomb refused at ${Math.round(bomb.rssMb)} MB)`,
    );
    console.log(
      `import_ratio=${importRatio.toFixed(2)} import_goal=${IMPORT_GOAL} grouped_ratio=${groupedRatio.toFixed(2)} import_rss_mb=${Math.round(imp.rssMb)} export_ratio=${exportRatio.toFixed(2)} export_goal=${EXPORT_GOAL} export_rss_mb=${Math.round(exp.rssMb)} ui_p95_ms=${p95.toFixed(1)} ui_max_ms=${max.toFixed(1)} worst_accepted_rss_mb=${Math.round(worst)} bomb_refusal_rss_mb=${Math.round(bomb.rssMb)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
