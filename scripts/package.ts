// `npm run package [-- electron-builder options]`: checks first that there is an Electron to make
// the installers from (packagePreflight.ts), then builds the bundles (out/) and makes the
// installers of this system into release/, from the Electron found (`electronDist`).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { downloadFailureHint, packagePreflight } from './packagePreflight';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(ROOT, 'package.json'));

/** A package's command-line script, run with this Node (no shell, the same on every system). */
function bin(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return path.join(path.dirname(manifest), typeof bins === 'string' ? bins : bins[name]!);
}

function run(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** electron-builder, its output shown as it comes and read afterwards for a failed download. */
function runBuilder(args: string[]): void {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-20_000));
  child.stdout.on('data', (c: Buffer) => (process.stdout.write(c), keep(c)));
  child.stderr.on('data', (c: Buffer) => (process.stderr.write(c), keep(c)));
  child.on('close', (code) => {
    if (code === 0) return;
    const hint = downloadFailureHint(tail);
    if (hint) console.error(`\n${hint}`);
    process.exit(code ?? 1);
  });
}

const electronPackageDir = path.dirname(require.resolve('electron/package.json'));
const { version } = JSON.parse(
  readFileSync(path.join(electronPackageDir, 'package.json'), 'utf8'),
) as { version: string };

const check = packagePreflight({
  version,
  host: { platform: process.platform, arch: process.arch },
  args: process.argv.slice(2),
  env: process.env,
  homeDir: os.homedir(),
  electronPackageDir,
});
if (!check.ok) {
  console.error(check.problem);
  process.exit(1);
}
if (check.electronDist) console.log(`Packaging with the Electron in ${check.electronDist}`);

run([bin('electron-vite', 'electron-vite'), 'build']);
runBuilder([
  bin('electron-builder', 'electron-builder'),
  '--config',
  'electron-builder.yml',
  ...check.builderArgs,
]);
