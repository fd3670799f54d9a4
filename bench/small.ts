// Every benchmark in a small mode, in two lanes side by side, so that none can rot unseen: each must
// run to its end and print its closing `key=value` line ("ran" where it did but missed a target). The figures of a small mode say nothing
// about the targets (a few hundred rows, seconds instead of minutes); the full runs are the
// commands in the README. The benchmarks that mostly wait (on rate limits, on processing times:
// `paced`) run one after the other beside the others, which work the processor. Prints each
// benchmark's time and last line as it ends, then
// `benches=<n> failed=<n> seconds=<s>`; exits 1 if any failed.
//   npm run bench:small [-- --only grid,eta]
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The small mode of each benchmark: its script, its arguments, the line it closes with, and
 *  whether it exits 1 when a figure misses its target (check, eta): a small run may, because its
 *  figures are too small to say; a wrong result (chaos) or a crash fails it. */
interface Small {
  name: string;
  script: string;
  args: string[];
  env?: Record<string, string>;
  closing: RegExp;
  exitsOnMissedTarget?: boolean;
  /** It mostly waits (rate-limit windows, the sandbox's processing times): run in the lane
   *  beside the benchmarks that compute. */
  paced?: boolean;
}
const SMALL: readonly Small[] = [
  {
    name: 'throttle',
    script: 'throttle.ts',
    args: ['--seconds', '5', '--mode', 'both'],
    closing: /^write_ratio=\S+ read_ratio=/,
    paced: true,
  },
  {
    name: 'journal',
    script: 'journal.ts',
    args: ['--rows', '2000', '--run-rows', '100', '--paced-rows', '10'],
    closing: /^rows=\d+ .*write_kb_per_row_paced=/,
  },
  {
    // The limit files smaller: 5,000 rows of many texts instead of 540,000, 100 rows near the
    // row-length limit instead of 2,400; the zip bomb as in the full run.
    name: 'import',
    script: 'import.ts',
    args: ['2000'],
    env: { BENCH_LIMIT_ROWS: '5000', BENCH_LONG_ROWS: '100' },
    closing: /^import_ratio=\S+ .*bomb_refusal_rss_mb=/,
  },
  {
    name: 'check',
    script: 'check.ts',
    args: ['--rows', '300', '--suppliers', '300', '--lookup-rows', '10'],
    closing: /^check rows=300 /,
    exitsOnMissedTarget: true,
  },
  {
    name: 'eta',
    script: 'eta.ts',
    args: [
      '--rows',
      '6',
      '--processing-ms',
      '400',
      '--screening-ms',
      '400',
      '--validation-ms',
      '400',
    ],
    closing: /^eta worst_error_from_10%=/,
    exitsOnMissedTarget: true,
    paced: true,
  },
  {
    name: 'export',
    script: 'exportSuppliers.ts',
    args: ['--suppliers', '2000', '--paced', '200'],
    closing: /^read_rate_paced=\S+ target=/,
    paced: true,
  },
  {
    name: 'scores',
    script: 'scores.ts',
    args: ['--minutes', '1'],
    closing: /^score_rows_per_min=/,
    paced: true,
  },
  { name: 'grid', script: 'grid.ts', args: ['--rows', '2000'], closing: /^find_replace_count_ms=/ },
  { name: 'duplicates', script: 'duplicates.ts', args: ['--small'], closing: /^duplicates_ms=/ },
  { name: 'audit', script: 'audit.ts', args: ['--small'], closing: /^audit_ms=/ },
  {
    name: 'chaos',
    script: 'chaos.ts',
    args: ['--rows', '200', '--kills', '20', '--seed', '5'],
    closing: /^rows=200 kills=20 lost=0 duplicates=0 /,
  },
  {
    name: 'responsive',
    script: 'responsive.ts',
    args: ['--rows', '5000', '--fix-rows', '1000'],
    closing: /^loop_p99_ms=/,
  },
  // Every other kind under the same kills and faults: nothing lost, no change made twice.
  ...(['deactivate', 'identifiers', 'scores'] as const).map((operation) => ({
    name: `chaos-${operation}`,
    script: 'chaos.ts',
    args: ['--operation', operation, '--rows', '60', '--kills', '6', '--seed', '5'],
    closing: /^rows=60 (scores=\d+ )?kills=6 lost=0 repeated_changes=0 /,
  })),
];

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set((process.argv[i + 1] ?? '').split(',')) : undefined;
})();

function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; last: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('bench', script), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out.trim().split('\n');
      resolve({ code, last: lines.at(-1) ?? '' });
    });
  });
}

const started = performance.now();
let ran = 0;
let failed = 0;

async function lane(benches: readonly Small[]): Promise<void> {
  for (const { name, script, args, env, closing, exitsOnMissedTarget } of benches) {
    const t0 = performance.now();
    const { code, last } = await run(script, args, env);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    ran++;
    // It ran to its end when it closed with its own line; exit 1 then means a missed target.
    const closed = closing.test(last.trim());
    const ok = closed && (code === 0 || (code === 1 && exitsOnMissedTarget === true));
    if (!ok) failed++;
    const verdict = !ok ? 'FAILED' : code === 0 ? 'ok    ' : 'ran   ';
    console.log(
      `${verdict} ${name.padEnd(9)} ${seconds.padStart(6)} s  exit ${code}  ${last.trim()}`,
    );
  }
}

const chosen = SMALL.filter((b) => !only || only.has(b.name));
await Promise.all([lane(chosen.filter((b) => b.paced)), lane(chosen.filter((b) => !b.paced))]);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`benches=${ran} failed=${failed} seconds=${seconds}`);
process.exitCode = failed > 0 ? 1 : 0;
