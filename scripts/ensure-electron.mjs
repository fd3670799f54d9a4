// `npm start`'s first step: Electron 45 no longer downloads its binary when it is installed but on
// first use, and electron-vite does not ask for it. This finds the binary where the electron
// package looks for it (ELECTRON_OVERRIDE_DIST_PATH, or dist/ beside it as named in path.txt),
// fetches it with the package's own `install-electron` when it is missing, and, where it cannot
// be fetched, says what is missing and what works without it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = path.dirname(require.resolve('electron/package.json'));
const { version } = require('electron/package.json');

const WITHOUT =
  'Without it, the same app runs in your browser (`npm run build`, then `npm run host`) and on the command line (`npm run onboard`).';

function binary() {
  const pathFile = path.join(electronDir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return path.join(override, name || 'electron');
  if (!name) return undefined;
  const versionFile = path.join(electronDir, 'dist', 'version');
  const installed = existsSync(versionFile)
    ? readFileSync(versionFile, 'utf8').trim().replace(/^v/, '')
    : undefined;
  const exe = path.join(electronDir, 'dist', name);
  return installed === version && existsSync(exe) ? exe : undefined;
}

const found = binary();
if (found && existsSync(found)) process.exit(0);
if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
  console.error(
    `ELECTRON_OVERRIDE_DIST_PATH names ${process.env.ELECTRON_OVERRIDE_DIST_PATH}, where there is no Electron binary (${found}): point it at an unpacked Electron ${version}, or unset it to use the one npm fetches. ${WITHOUT}`,
  );
  process.exit(1);
}

console.log(`Fetching the Electron ${version} binary (once, on the first start)…`);
const r = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
  encoding: 'utf8',
  stdio: ['ignore', 'inherit', 'pipe'],
  timeout: 10 * 60_000,
});
if (r.status === 0 && binary()) process.exit(0);
const reason = (r.stderr || r.error?.message || '')
  .split('\n')
  .map((l) => l.trim())
  .find((l) => /error/i.test(l));
console.error(
  `The Electron ${version} binary is not installed and could not be downloaded${reason ? ` (${reason})` : ''}: run \`npx install-electron\` where its download site (github.com, or the mirror in ELECTRON_MIRROR) can be reached, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${version}. ${WITHOUT}`,
);
process.exit(1);
