// Check benchmark: a job's check against a sandbox seeded with many suppliers, at the API's
// default limits (GET 100/10 s + 500/60 s), by reading the supplier list page by page and
// matching locally, against one find-by-identifier lookup per row.
//   npm run bench:check -- [--rows 100000] [--suppliers 100000] [--lookup-rows 150]
// One lookup per row at the default limits takes about 200 minutes for 100,000 rows, so it is
// measured on --lookup-rows rows and extrapolated at the limits' steady rate (500 per minute),
// which the output says. Target: the list strategy checks 100,000 rows in 30 s at most, with at
// most one read per 1,000 rows.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SyncEngine } from '../src-main/engine/syncEngine';
import type { NewRow } from '../src-main/journal/journal';
import { DEFAULT_LIMITS, startSandbox, type SandboxSeedSupplier } from '../src-main/sandbox';
import { identityKey } from '../src-shared/supplier';
import { sandboxJob } from './sandboxJob';
import { runnerFor } from '../src-main/kinds';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 100_000);
const SUPPLIERS = Number(arg('suppliers') ?? 100_000);
const LOOKUP_ROWS = Number(arg('lookup-rows') ?? 150);
const TARGET_MS = 30_000;
/** Reads of the check per 1,000 rows, at most. */
const TARGET_READS_PER_1000 = 1;
// The binding window of the default GET limits in the long run: 500 per 60 s.
const STEADY_PER_MS = 500 / 60_000;

const id = (i: number) => `K-${String(i).padStart(7, '0')}`;

function seed(n: number): SandboxSeedSupplier[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Seeded Supplier ${i + 1}`,
    countryCode: 'DE',
    city: 'Hamburg',
    address: `Kai ${i + 1}`,
    supplierIds: [{ id: id(i + 1), source: 'ERP' }],
  }));
}

/** Rows: four in five match a seeded supplier, the rest are new. */
function rows(n: number): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const k = i % 5 === 4 ? SUPPLIERS + i + 1 : i + 1;
    const supplierId = { id: id(k), source: 'ERP' };
    return {
      sourceRow: i + 2,
      cells: [supplierId.id],
      payload: {
        name: `Supplier ${k}`,
        countryCode: 'DE',
        city: 'Hamburg',
        address: `Kai ${k}`,
        supplierId,
      },
      identityKey: identityKey(supplierId),
      state: 'valid' as const,
    };
  });
}

async function timeCheck(strategy: 'list' | 'lookup', n: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-check-'));
  // A fresh sandbox per strategy: each starts with the whole default budget.
  const sandbox = await startSandbox({ seedSuppliers: seed(SUPPLIERS), limits: DEFAULT_LIMITS });
  const { journal, secrets, jobId } = await sandboxJob({
    dir,
    sandboxUrl: sandbox.url,
    token: 'sandbox',
    name: `check by ${strategy}`,
    options: { skipExisting: false, screeningPeriod: null, validate: false },
    rows: rows(n),
  });
  try {
    const engine = new SyncEngine({
      runnerFor,
      journal,
      secrets,
      settings: { checkStrategy: strategy, listPageSize: 2_000 },
    });
    const started = performance.now();
    const exit = await engine.run(jobId, { mode: 'check', wait: true });
    const ms = performance.now() - started;
    await engine.close();
    const counts = journal.counts(jobId);
    if (exit !== 'checked' || counts.valid)
      throw new Error(`${strategy}: the check ended ${exit} with ${counts.valid} rows unchecked`);
    return { ms, exists: counts.exists, fresh: counts.new, gets: sandbox.stats().requests.GET };
  } finally {
    journal.close();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const list = await timeCheck('list', ROWS);
console.log(
  `list: rows=${ROWS} time_ms=${Math.round(list.ms)} get_requests=${list.gets} exists=${list.exists} new=${list.fresh}`,
);
const lookupRows = Math.min(LOOKUP_ROWS, ROWS);
const lookup = await timeCheck('lookup', lookupRows);
const extrapolated =
  lookupRows >= ROWS ? lookup.ms : lookup.ms + (ROWS - lookupRows) / STEADY_PER_MS;
console.log(
  `lookup: rows=${lookupRows} time_ms=${Math.round(lookup.ms)} get_requests=${lookup.gets}${
    lookupRows < ROWS
      ? `; extrapolated to ${ROWS} rows at the steady 500 GET/min: time_ms=${Math.round(extrapolated)} (~${(extrapolated / 60_000).toFixed(1)} min)`
      : ''
  }`,
);
const readsPer1000 = (list.gets / ROWS) * 1000;
const met = list.ms <= TARGET_MS && readsPer1000 <= TARGET_READS_PER_1000;
console.log(
  `check rows=${ROWS} suppliers=${SUPPLIERS} list_ms=${Math.round(list.ms)} reads_per_1000_rows=${readsPer1000.toFixed(2)} lookup_ms=${Math.round(extrapolated)}${lookupRows < ROWS ? ' (extrapolated)' : ''} ratio=${(extrapolated / list.ms).toFixed(0)} target_list_ms<=${TARGET_MS} target_reads_per_1000<=${TARGET_READS_PER_1000} ${met ? 'ok' : 'MISSED'}`,
);
process.exit(met ? 0 : 1);
