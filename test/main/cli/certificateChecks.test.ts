// NODE_TLS_REJECT_UNAUTHORIZED=0 turns off every certificate check of the process: anyone between
// this computer and the API could pose as the API and read the token. The command goes on, but
// says so on stderr, in the user's language; without the setting it says nothing of it.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let sample: string;

beforeAll(async () => {
  tmp = await tempDir('onboard-certificate-checks-');
  sample = path.join(tmp.dir, 'suppliers.xlsx');
  await copyFile(SAMPLE, sample);
});
afterAll(() => tmp.remove());

const run = (lang: string, tls: string) =>
  runCli([sample, '--dry-run', '--out', path.join(tmp.dir, `r-${lang}-${tls || 'on'}.xlsx`)], {
    SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'data'),
    LANG: lang,
    NODE_TLS_REJECT_UNAUTHORIZED: tls,
  });

describe('certificate checks turned off', () => {
  it.each([
    ['C', /^Warning: certificate checks are off \(NODE_TLS_REJECT_UNAUTHORIZED=0 is set\)/m],
    ['de_DE.UTF-8', /^Warnung: Die Zertifikatsprüfung ist ausgeschaltet/m],
  ])('are named in a warning (LANG=%s), and the run goes on', async (lang, says) => {
    const r = await run(lang, '0');
    expect(r.stderr).toMatch(says);
    expect(r.code, r.stdout + r.stderr).toBe(1); // the sample's invalid rows, as without it
  });

  it('are not mentioned while they are on', async () => {
    const r = await run('C', '');
    expect(r.stderr).not.toMatch(/certificate checks/i);
  });
});
