// `--save-mapping FILE` in a folder others can write to: a symbolic link another account planted
// at FILE's name is refused with a sentence (in English and in German), exit 2, and the file it
// points to is left as it was. The run stops before anything is imported or sent.
import { copyFile, lstat, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let sample: string;
let victim: string;
let planted: string;
const VICTIM_TEXT = 'the user’s own notes\n';

beforeAll(async () => {
  tmp = await tempDir('onboard-save-mapping-link-');
  sample = path.join(tmp.dir, 'suppliers.xlsx');
  await copyFile(SAMPLE, sample);
  victim = path.join(tmp.dir, 'notes.txt');
  await writeFile(victim, VICTIM_TEXT);
  planted = path.join(tmp.dir, 'mapping.json');
  await symlink(victim, planted);
});
afterAll(() => tmp.remove());

describe.skipIf(process.platform === 'win32')('--save-mapping at a planted link', () => {
  it.each([
    ['C', /is a symbolic link \(a shortcut to another file\), so nothing is written through it/],
    ['de_DE.UTF-8', /ist eine symbolische Verknüpfung .*, daher wird nichts durch sie geschrieben/],
  ])(
    'is refused with a sentence (LANG=%s) and the linked file is unchanged',
    async (lang, says) => {
      const r = await runCli(
        [sample, '--dry-run', '--save-mapping', planted, '--out', path.join(tmp.dir, 'r.xlsx')],
        { SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, `data-${lang}`), LANG: lang },
      );
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(r.stderr).toMatch(says);
      expect(r.stderr).toContain(planted);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(await readFile(victim, 'utf8')).toBe(VICTIM_TEXT);
      expect((await lstat(planted)).isSymbolicLink()).toBe(true);
    },
  );
});
