// Every benchmark in a small mode, one after the other, so that none can rot unseen: each must
// run to its end and print its closing `key=value` line. The figures of a small mode say nothing
// about the targets (a few hundred rows, seconds instead of minutes); the full runs are the
// commands in the README. Prints each benchmark's time and last line, then
// `benches=<n> failed=<n> seconds=<s>`; exits 1 if any failed.
//   npm run bench:small [-- --only grid,eta]
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The small mode of each benchmark: its script and its arguments. */
const SMALL: ReadonlyArray<
  [name: string, script: string, args: string[], env?: Record<string, string>]
> = [
  ['throttle', 'throttle.ts', ['--seconds', '5', '--mode', 'both']],
  ['journal', 'journal.ts', ['--rows', '2000', '--run-rows', '100', '--paced-rows', '10']],
  // The limit files smaller: 5,000 rows of many texts instead of 540,000, 100 rows near the
  // row-length limit instead of 2,400; the zip bomb as in the full run.
  ['import', 'import.ts', ['2000'], { BENCH_LIMIT_ROWS: '5000', BENCH_LONG_ROWS: '100' }],
  ['check', 'check.ts', ['--rows', '300', '--suppliers', '300', '--lookup-rows', '10']],
  [
    'eta',
    'eta.ts',
    ['--rows', '6', '--processing-ms', '400', '--screening-ms', '400', '--validation-ms', '400'],
  ],
  ['export', 'exportSuppliers.ts', ['--suppliers', '2000', '--paced', '200']],
  ['scores', 'scores.ts', ['--minutes', '1']],
  ['grid', 'grid.ts', ['--rows', '2000']],
  ['chaos', 'chaos.ts', ['--rows', '200', '--kills', '20', '--seed', '5']],
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
for (const [name, script, args, env] of SMALL) {
  if (only && !only.has(name)) continue;
  const t0 = performance.now();
  const { code, last } = await run(script, args, env);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  ran++;
  // A benchmark ends with its figures as key=value pairs; a last line without them is a failure
  // too. Whether a small run meets a target is not asked: its figures are too small to say.
  const ok = code === 0 && /\S=\S/.test(last);
  if (!ok) failed++;
  console.log(
    `${ok ? 'ok    ' : 'FAILED'} ${name.padEnd(9)} ${seconds.padStart(6)} s  ${last.trim()}`,
  );
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`benches=${ran} failed=${failed} seconds=${seconds}`);
process.exitCode = failed > 0 ? 1 : 0;
