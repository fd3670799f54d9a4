// Time-left benchmark: jobs with screening and validation on the sandbox at the API's default
// limits (WRITE 20/10 s + 100/60 s), one where screening rides along with the create and one
// without the on-create entitlements (every follow-up a write of its own). Each run records
// the time left that every progress event showed; once it ends, the error of that figure
// against the time that was really left is printed at 10 %, 25 %, 50 % and 75 % of the job's
// duration. Target: within 10 % from a tenth of the job on.
//   npm run bench:eta -- [--rows 60] [--processing-ms 4000] [--screening-ms 6000]
//                        [--validation-ms 6000]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sandboxEngineSettings } from '../src-main/engine/settings';
import { SyncEngine } from '../src-main/engine/syncEngine';
import type { NewRow } from '../src-main/journal/journal';
import { DEFAULT_LIMITS, PERMISSIONS, startSandbox } from '../src-main/sandbox';
import { identityKey } from '../src-shared/supplier';
import { sandboxJob } from './sandboxJob';
import { runnerFor } from '../src-main/kinds';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 60);
const PROCESSING_MS = Number(arg('processing-ms') ?? 4_000);
const SCREENING_MS = Number(arg('screening-ms') ?? 6_000);
const VALIDATION_MS = Number(arg('validation-ms') ?? 6_000);
const POINTS = [0.1, 0.25, 0.5, 0.75];
const TARGET = 0.1;

function rows(n: number, prefix: string): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const supplierId = { id: `${prefix}-${String(i + 1).padStart(5, '0')}`, source: 'SAP' };
    return {
      sourceRow: i + 2,
      cells: [supplierId.id],
      payload: {
        name: `Supplier ${prefix} ${i + 1} GmbH`,
        countryCode: 'DE',
        city: 'Berlin',
        address: `Hauptstraße ${i + 1}`,
        postalCode: '10115',
        supplierId,
      },
      identityKey: identityKey(supplierId),
      state: 'valid' as const,
    };
  });
}

interface Scenario {
  name: string;
  /** Without the on-create entitlements: screening and validation are writes of their own. */
  onCreate: boolean;
}

async function runScenario(s: Scenario) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-eta-'));
  const token = 'bench';
  const permissions = s.onCreate
    ? [...PERMISSIONS]
    : PERMISSIONS.filter((p) => !p.endsWith('_ON_CREATE'));
  const sandbox = await startSandbox({
    processingMs: PROCESSING_MS,
    screeningMs: SCREENING_MS,
    validationMs: VALIDATION_MS,
    limits: DEFAULT_LIMITS,
    randomSeed: 11,
    tokens: [{ token, permissions }],
  });
  const { journal, secrets, jobId } = await sandboxJob({
    dir,
    sandboxUrl: sandbox.url,
    token,
    name: s.name,
    options: { skipExisting: false, screeningPeriod: 2, validate: true },
    rows: rows(ROWS, s.onCreate ? 'R' : 'S'),
  });
  try {
    const samples: Array<{ at: number; etaMs: number }> = [];
    const engine = new SyncEngine({
      runnerFor,
      journal,
      secrets,
      settings: sandboxEngineSettings(PROCESSING_MS, {
        screeningMs: SCREENING_MS,
        validationMs: VALIDATION_MS,
      }),
      onEvent: (e) => {
        if (e.type === 'progress' && e.progress.etaMs != null)
          samples.push({ at: Date.now(), etaMs: e.progress.etaMs });
      },
    });
    const started = Date.now();
    const exit = await engine.run(jobId, { mode: 'run', wait: true });
    const ended = Date.now();
    await engine.close();
    if (exit !== 'finished') throw new Error(`${s.name}: the job ended ${exit}`);
    const duration = ended - started;
    const errors = POINTS.map((p) => {
      const at = started + p * duration;
      const sample = samples.filter((x) => x.at <= at).pop();
      if (!sample) return { p, error: NaN, etaMs: NaN, leftMs: NaN };
      const leftMs = ended - sample.at;
      return { p, error: (sample.etaMs - leftMs) / leftMs, etaMs: sample.etaMs, leftMs };
    });
    return { duration, errors, writes: sandbox.stats().requests };
  } finally {
    journal.close();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const scenarios: Scenario[] = [
  { name: 'screening on create, validation separate', onCreate: true },
  { name: 'screening and validation separate', onCreate: false },
];
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
let worst = 0;
const results = await Promise.all(scenarios.map((s) => runScenario(s)));
for (const [i, s] of scenarios.entries()) {
  const r = results[i]!;
  console.log(
    `${s.name}: rows=${ROWS} duration_s=${(r.duration / 1000).toFixed(1)} ` +
      r.errors
        .map(
          (e) =>
            `at_${e.p * 100}%: eta_s=${(e.etaMs / 1000).toFixed(1)} left_s=${(e.leftMs / 1000).toFixed(1)} error=${pct(e.error)}`,
        )
        .join(' | '),
  );
  for (const e of r.errors) worst = Math.max(worst, Math.abs(e.error));
}
console.log(
  `eta worst_error_from_10%=${pct(worst)} target=±${TARGET * 100}% ${worst <= TARGET ? 'ok' : 'MISSED'}`,
);
process.exit(worst <= TARGET ? 0 : 1);
