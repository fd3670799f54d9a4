// The supplier base on the command line: an export from the built-in sandbox and a drift report
// of the sample, the figures of their last lines, and their sentences in the user's language.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { word } from '../../../src-shared/i18n';
import { SAMPLE, lastLine, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir('onboard-base-');
});

afterAll(async () => {
  await tmp.remove();
});

const home = (name: string) => ({ SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, name) });

describe('the supplier base on the command line', () => {
  it('exports the built-in sandbox’s suppliers, with the figures on the last line', async () => {
    const out = path.join(tmp.dir, 'base.xlsx');
    const r = await runCli(['--export-suppliers', out], home('export'));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`"${word('en', 'connection.practiceName')}" to ${out}.`);
    expect(lastLine(r)).toMatch(/^suppliers=\d+ pages=\d+ .* read_rate=\S+ .*complete=true$/);
  });

  it('writes a drift report of a supplier list, and says so in German', async () => {
    const list = path.join(tmp.dir, 'suppliers.xlsx');
    await copyFile(SAMPLE, list);
    const report = path.join(tmp.dir, 'drift.xlsx');
    const r = await runCli(['--drift', list, '--out', report], {
      ...home('drift'),
      LANG: 'de_DE.UTF-8',
    });
    // Rows of the sample are not on the practice platform: they differ or are not found.
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain(
      word('de', 'cli.base.wroteDrift', {
        path: report,
        connection: word('de', 'connection.practiceName'),
      }),
    );
    expect(lastLine(r)).toMatch(/^rows=\d+ same=\d+ differs=\d+ not_found=\d+ /);
  });

  it('refuses options that do not go together, in the language of LANG', async () => {
    const both = ['--export-suppliers', 'a.xlsx', '--drift', 'b.xlsx'];
    const en = await runCli(both, home('usage'));
    expect(en.code).toBe(2);
    expect(en.stderr).toContain(word('en', 'cli.base.exportAndDrift'));
    const de = await runCli(both, { ...home('usage'), LANG: 'de_DE.UTF-8' });
    expect(de.code).toBe(2);
    expect(de.stderr).toContain(word('de', 'cli.base.exportAndDrift'));
    expect(de.stderr).toContain(word('de', 'cli.base.seeHelp'));
  });
});
