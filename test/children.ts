// Child processes of the tests started as built files, bundled as the command line's tools are
// (scripts/build-cli.mjs BUNDLE_OPTIONS: one ES module, the packages left to node_modules), not through
// tsx: a child started through tsx compiles the app's sources again, about 3 s of a core each
// time, and the crash tests start dozens of them. Built into out/test-children/, from where the
// journal finds its migrations as the command line's bundles do (../../src-main/journal).
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../scripts/build-cli.mjs';

const OUT = fileURLToPath(new URL('../out/test-children/', import.meta.url));

const built = new Map<string, Promise<string>>();

/** Bundles the child's source `entry` (a .ts file) and returns the built file to start with
 *  `node <file>`. Built once per test file's process: always today's sources. */
export function builtChild(entry: string): Promise<string> {
  let file = built.get(entry);
  if (!file) built.set(entry, (file = bundle(entry)));
  return file;
}

async function bundle(entry: string): Promise<string> {
  const id = createHash('sha256').update(entry).digest('hex').slice(0, 8);
  const file = path.join(OUT, `${path.basename(entry, '.ts')}-${id}.mjs`);
  const temp = `${file}.${process.pid}.tmp.mjs`;
  mkdirSync(OUT, { recursive: true });
  await build({ entryPoints: [entry], outfile: temp, ...BUNDLE_OPTIONS, logLevel: 'warning' });
  // Renamed into place: another test file building the same child meanwhile never starts half
  // of one.
  renameSync(temp, file);
  return file;
}
