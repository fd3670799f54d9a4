// Duplicate decisions that last: a list checked with --duplicates keep, checked again as a new
// job of the same connection, waits for no decision and says why; a row with a candidate the
// decision did not see asks again.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLine, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir('onboard-remember-');
});

afterAll(async () => {
  await tmp.remove();
});

const ROWS = [
  'Lieferanten-Nr.,Name,Straße,PLZ,Ort,Land',
  'REM-1,Kühne Feinmechanik GmbH,Am Brühl 7,04109,Leipzig,DE',
  'REM-2,Kuehne Feinmechanik,Am Bruehl 7,04109,Leipzig,DE',
  'REM-3,Ostwind Spedition,Hafenweg 9,20457,Hamburg,DE',
];

const column = (csv: string, name: string) => {
  const [head, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const at = head!.split(',').indexOf(name);
  return lines.map((l) => l.split(',')[at] ?? '');
};

describe('remembered duplicate decisions', () => {
  it('a list decided with --duplicates keep waits for nothing when checked again as a new job', async () => {
    const env = { SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'home') };
    const first = path.join(tmp.dir, 'march.csv');
    await writeFile(first, ROWS.join('\n') + '\n', 'utf8');
    const r1 = await runCli([first, '--check-only', '--duplicates', 'keep'], env);
    expect(r1.code, r1.stdout + r1.stderr).toBe(0);

    // Next month, the same list as a new file: a new job.
    const second = path.join(tmp.dir, 'april.csv');
    await copyFile(first, second);
    const out = path.join(tmp.dir, 'april.results.csv');
    const r2 = await runCli([second, '--check-only', '--out', out], env);
    expect(r2.code, r2.stdout + r2.stderr).toBe(0);
    expect(r2.stdout).toMatch(/2 rows were decided in an earlier job against the same candidates/);
    expect(r2.stdout).not.toMatch(/wait for your decision/);
    expect(lastLine(r2)).toMatch(/ pending=3 /);
    const decisions = column(await readFile(out, 'utf8'), 'Duplicate decision');
    // CSV quotes the cell: "kept (decided on 2026-11-29 in the job ""march.csv"")".
    expect(decisions[0]).toMatch(
      /^"kept \(decided on \d{4}-\d\d-\d\d in the job ""march\.csv""\)"$/,
    );
    expect(decisions[1]).toMatch(/^"kept \(decided on /);
    expect(decisions[2]).toBe('');

    // A third row like them is a candidate the decision did not see: the rows ask again.
    const third = path.join(tmp.dir, 'may.csv');
    await writeFile(
      third,
      [...ROWS, 'REM-4,Kühne Feinmechanik,Am Brühl 7,04109,Leipzig,DE'].join('\n') + '\n',
      'utf8',
    );
    const r3 = await runCli([third, '--check-only'], env);
    expect(r3.stdout).toMatch(/3 rows wait for your decision/);
  }, 180_000);
});
