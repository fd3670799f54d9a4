// Grid benchmark: the services' answers the Review grid waits for, on a job of 100,000 rows
// imported from a CSV through the same commands the UI calls. Times a page with filters (a state,
// a kind of problem and a column's value, as the grid combines them, walked with keyset cursors
// as the grid walks them), then a fix of the same value on 10,000 rows (counted, applied, undone).
// Prints one `name=value` figure per line.
//   npm run bench:grid -- [--rows 100000] [--keep]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommandName, CommandOutput } from '../src-shared/contract';
import { MemorySecretStore } from '../src-main/api';
import { createAppServices } from '../src-main/services/appServices';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 100_000);
const KEEP = args.includes('--keep');
/** Every tenth row in "Atlantis": 10,000 rows of 100,000 to fix with one value. */
const ATLANTIS_EVERY = 10;
/** Every 50th row without a city (none of them in Atlantis). */
const NO_CITY_EVERY = 50;
const PAGE = 250;

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-grid-'));
const services = createAppServices({
  dataDir: path.join(dir, 'data'),
  transport: 'direct',
  secrets: new MemorySecretStore(),
  sandbox: false,
});

async function call<C extends CommandName>(command: C, input: unknown): Promise<CommandOutput<C>> {
  const r = await services.router.dispatch(command, input);
  if (!r.ok) throw new Error(`${command}: ${r.error.code}: ${r.error.message}`);
  return r.value as CommandOutput<C>;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await fn();
  return [v, performance.now() - t0];
}

const figure = (name: string, value: number | string) =>
  console.log(`${name}=${typeof value === 'number' ? Math.round(value * 10) / 10 : value}`);

try {
  const file = path.join(dir, 'suppliers.csv');
  const lines = ['Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land'];
  for (let i = 1; i <= ROWS; i++) {
    const country = i % ATLANTIS_EVERY === 0 ? 'Atlantis' : 'Deutschland';
    const city = i % NO_CITY_EVERY === 7 ? '' : `Stadt ${i % 997}`;
    lines.push(`L-${i};Lieferant ${i} GmbH;Weg ${i % 300};10115;${city};${country}`);
  }
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  services.grants.grantRead(file); // chosen by the user, as with the file dialog
  const connection = await call('connections:save', {
    name: 'Bench',
    baseUrl: 'http://127.0.0.1:9',
  });
  const preview = await call('files:preview', { path: file });
  const [created, importMs] = await timed(() =>
    call('jobs:create', {
      path: file,
      connectionId: connection.id,
      mapping: preview.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    }),
  );
  const jobId = created.jobId;
  figure('rows', created.summary.rows);
  figure('invalid_rows', created.summary.invalid);
  figure('import_ms', importMs);
  const country = preview.suggestion.mapping.fields.find((f) => f.field === 'countryCode');
  const value = { field: 'countryCode', column: country?.column ?? null, value: 'Atlantis' };

  // What the grid asks for, walked as the grid walks a filter whose count is unknown: pages of
  // up to 500, each scanning a bounded window, until a screenful is there.
  async function fill(filter: Record<string, unknown>, after?: number) {
    let rows = 0;
    let calls = 0;
    let cursor = after;
    let slowest = 0;
    const t0 = performance.now();
    while (rows < PAGE) {
      const [page, ms] = await timed(() =>
        call('rows:page', {
          jobId,
          filter,
          limit: 500,
          ...(cursor !== undefined ? { after: cursor } : {}),
        }),
      );
      slowest = Math.max(slowest, ms);
      calls++;
      rows += page.rows.length;
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    return { rows, calls, ms: performance.now() - t0, slowest };
  }

  const [, plainMs] = await timed(() => call('rows:page', { jobId, limit: 500 }));
  figure('page_unfiltered_first_ms', plainMs);
  const [, farMs] = await timed(() =>
    call('rows:page', { jobId, limit: 500, after: Math.floor(ROWS * 0.9) }),
  );
  figure('page_unfiltered_at_90pct_ms', farMs);

  const byValue = await fill({ value });
  figure('filter_value_screen_ms', byValue.ms);
  figure('filter_value_slowest_call_ms', byValue.slowest);
  figure('filter_value_calls', byValue.calls);

  const combined = await fill({
    states: ['invalid'],
    problem: { code: 'value_missing', field: 'city' },
    value: { ...value, value: 'Deutschland' },
  });
  figure('filter_state_kind_value_screen_ms', combined.ms);
  figure('filter_state_kind_value_rows', combined.rows);
  figure('filter_state_kind_value_slowest_call_ms', combined.slowest);
  figure('filter_state_kind_value_calls', combined.calls);

  const late = await fill({ value }, Math.floor(ROWS * 0.9));
  figure('filter_value_at_90pct_screen_ms', late.ms);

  const fixMany = {
    jobId,
    field: 'countryCode',
    find: 'Atlantis',
    replace: 'ES',
    whole: true,
    matchCase: true,
  };
  const [count, countMs] = await timed(() => call('rows:fixMany', fixMany));
  figure('bulk_fix_rows', count.rows);
  figure('bulk_fix_count_ms', countMs);
  const [applied, applyMs] = await timed(() => call('rows:fixMany', { ...fixMany, apply: true }));
  figure('bulk_fix_apply_ms', applyMs);
  figure('bulk_fix_apply_rows_per_s', (applied.rows / applyMs) * 1000);
  figure('invalid_after_fix', (await call('jobs:get', { jobId })).counts.invalid ?? 0);
  const [, undoMs] = await timed(() => call('rows:undo', { jobId, batchId: applied.batch!.id }));
  figure('bulk_fix_undo_ms', undoMs);
  figure('invalid_after_undo', (await call('jobs:get', { jobId })).counts.invalid ?? 0);
  const [, replaceMs] = await timed(() =>
    call('rows:fixMany', {
      jobId,
      field: 'city',
      find: 'Stadt',
      replace: 'City',
      whole: false,
      apply: false,
    }),
  );
  figure('find_replace_count_ms', replaceMs);
} finally {
  await services.close();
  if (KEEP) console.log(`kept=${dir}`);
  else await rm(dir, { recursive: true, force: true });
}
