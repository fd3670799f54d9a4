// Builds the command-line tools (`npm run onboard`, `npm run sandbox`, `npm run host`) into single files under
// out/cli/, as they run: one bundle each, the packages in node_modules left outside it. Starting a
// bundle takes a fraction of compiling every source file at each start, and the tests run these
// same files. Nothing is built when the bundles are newer than every source file they may
// include (src-main, src-shared, package.json); `--force` builds anyway.
//   node scripts/build-cli.mjs [--force]
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_OUT = path.join(ROOT, 'out', 'cli');
/** How every bundle of the app's Node code outside Electron is built (the command line's tools,
 *  the tests' child processes): one ES module for Node 22, the packages left to node_modules. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
};
export const ENTRIES = {
  onboard: path.join(ROOT, 'src-main', 'onboard.ts'),
  sandbox: path.join(ROOT, 'src-main', 'sandbox', 'cli.ts'),
  // The browser host finds the built renderer at ../../out/renderer from its own file, the same
  // folder from out/cli as from src-main/host.
  host: path.join(ROOT, 'src-main', 'host', 'cli.ts'),
  // The browser host's services run in a process of their own, started from this file beside it.
  services: path.join(ROOT, 'src-main', 'host', 'servicesMain.ts'),
};

function newestSource() {
  let newest = statSync(path.join(ROOT, 'package.json')).mtimeMs;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|json)$/.test(e.name)) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(path.join(ROOT, 'src-main'));
  walk(path.join(ROOT, 'src-shared'));
  return newest;
}

function builtAt(name) {
  try {
    return statSync(path.join(CLI_OUT, `${name}.mjs`)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Builds the bundles that are missing or older than a source; says which it built. */
export async function buildCli({ force = false } = {}) {
  const newest = newestSource();
  const stale = Object.keys(ENTRIES).filter((name) => force || builtAt(name) < newest);
  if (stale.length === 0) return [];
  const result = await build({
    entryPoints: Object.fromEntries(stale.map((name) => [name, ENTRIES[name]])),
    outdir: CLI_OUT,
    outExtension: { '.js': '.mjs' },
    ...BUNDLE_OPTIONS,
    sourcemap: 'linked',
    // The migrations are found beside the bundle's folder (src-main/journal/migrations from
    // out/cli), as for the desktop bundle in out/main.
    logLevel: 'warning',
    write: false,
  });
  // Each file written aside and renamed into place: a tool started meanwhile (another terminal,
  // a parallel test) reads the old bundle or the new one, never half of one.
  mkdirSync(CLI_OUT, { recursive: true });
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  return stale;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli({ force: process.argv.includes('--force') });
}
