// Builds what the desktop test starts: the bundles (electron-vite build) and, on Linux, the
// packaged layout electron-builder makes with `--dir`, from a stand-in Electron distribution
// (standInDist.ts), so that nothing is downloaded. The package goes to a temporary folder and is
// removed afterwards.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeStandInDist } from './standInDist';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder electron-builder packaged the app into (`linux-unpacked`), or why there is none. */
    packaged: { appOutDir: string } | { skipped: string };
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(what: string, command: string, args: string[]): void {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: process.env });
  if (r.status !== 0) {
    throw new Error(
      `${what} failed (exit ${r.status}):\n${(r.stdout ?? '').slice(-4000)}\n${(r.stderr ?? '').slice(-4000)}`,
    );
  }
  console.log(`desktop test: ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default function setup(project: TestProject): () => void {
  run('electron-vite build', bin('electron-vite'), ['build']);
  if (process.platform !== 'linux') {
    project.provide('packaged', {
      skipped: `the stand-in Electron distribution is made for Linux only; on ${process.platform} the packaged layout is checked by CI on Linux`,
    });
    return () => undefined;
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'desktop-package-'));
  const dist = path.join(work, 'electron-dist');
  const output = path.join(work, 'release');
  writeStandInDist(dist);
  // A results file beside the sample, as a run of it leaves one, to check it is not packaged.
  const results = path.join(root, 'resources/samples/suppliers.results.xlsx');
  const placed = !existsSync(results);
  if (placed) copyFileSync(path.join(root, 'resources/samples/suppliers.xlsx'), results);
  try {
    run('electron-builder --dir (stand-in Electron)', bin('electron-builder'), [
      '--dir',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${dist}`,
      `-c.directories.output=${output}`,
      '--publish',
      'never',
    ]);
  } finally {
    if (placed) rmSync(results, { force: true });
  }
  project.provide('packaged', { appOutDir: path.join(output, 'linux-unpacked') });
  return () => rmSync(work, { recursive: true, force: true });
}
