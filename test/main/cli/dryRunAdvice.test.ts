// A dry run works in a temporary journal, removed when it ends: what it says to do next never
// names a --resume (there is nothing to resume), and a normal end prints nothing on stderr.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { word } from '../../../src-shared/i18n';
import { SAMPLE, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let sample: string;

beforeAll(async () => {
  tmp = await tempDir('onboard-dry-run-advice-');
  sample = path.join(tmp.dir, 'suppliers.xlsx');
  await copyFile(SAMPLE, sample);
});
afterAll(() => tmp.remove());

describe('a dry run', () => {
  it('whose results file cannot be written says to run it again, never to resume it', async () => {
    const folder = path.join(tmp.dir, 'taken.xlsx');
    await mkdir(folder);
    const r = await runCli([sample, '--dry-run', '--out', folder]);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain(word('en', 'cli.run.exportBlockedDryRun'));
    expect(r.stdout + r.stderr).not.toContain('--resume');
  });

  it('that ends normally prints nothing on stderr', async () => {
    const r = await runCli([sample, '--dry-run', '--out', path.join(tmp.dir, 'r.xlsx')]);
    expect(r.code, r.stdout + r.stderr).not.toBe(2);
    expect(r.stderr).toBe('');
  });
});
