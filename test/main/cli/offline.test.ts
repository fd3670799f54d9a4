// What the command does without talking to any API: dry runs, usage and file errors, mapping files.
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE,
  SUMMARY,
  lastLine,
  readWorkbook,
  runCli,
  tempDir,
  writeSupplierList,
  type CliResult,
} from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let sample: string;
let clean: string;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  tmp = await tempDir('onboard-offline-');
  sample = path.join(tmp.dir, 'suppliers.xlsx');
  clean = path.join(tmp.dir, 'clean.xlsx');
  await copyFile(SAMPLE, sample);
  await writeSupplierList(clean, 8);
  dataDir = path.join(tmp.dir, 'data');
  env = { SUPPLIER_ONBOARDING_HOME: dataDir };
});

afterAll(async () => {
  await tmp.remove();
});

/** A usage or file error: exit code 2, one readable sentence on stderr, no stack trace. */
function expectUsageError(r: CliResult, mentions: RegExp): void {
  expect(r.code, r.stdout + r.stderr).toBe(2);
  expect(r.stderr).toMatch(mentions);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  const first = r.stderr.split('\n').find((l) => l.trim() !== '' && !/^npm warn/i.test(l)) ?? '';
  expect(first).toMatch(/^[A-Z"-].{10,}[.:]/);
}

describe('a dry run', () => {
  it('imports, validates and exports without any API call; exit 1 for the invalid rows', async () => {
    const r = await runCli([sample, '--dry-run'], env);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(lastLine(r)).toMatch(SUMMARY);
    expect(lastLine(r)).toBe(
      'rows=60 created=0 existing=0 invalid=3 rejected=0 failed=0 pending=57 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(r.stdout).not.toContain('built-in sandbox at');
    // No sandbox was started and the user's journal was not touched.
    const files = await readdir(dataDir).catch(() => [] as string[]);
    expect(files).not.toContain('sandbox.sqlite');
    expect(files).not.toContain('journal.sqlite');
    // A dry run's results have a name of their own: never taken for real results.
    const sheets = await readWorkbook(path.join(tmp.dir, 'suppliers.dry-run.xlsx'));
    const errors = sheets.find((s) => s.name === 'Errors')!;
    expect(errors.rows.slice(1).map((row) => row[0])).toEqual(['000156', '000157', '000104']);
  });

  it('of a clean file ends with exit code 0', async () => {
    const r = await runCli([clean, '--dry-run', '--out', path.join(tmp.dir, 'clean.csv')], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastLine(r)).toBe(
      'rows=8 created=0 existing=0 invalid=0 rejected=0 failed=0 pending=8 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    const csv = await readFile(path.join(tmp.dir, 'clean.csv'), 'utf8');
    // A byte order mark first, so that Excel reads the file as UTF-8.
    expect(csv.split(/\r?\n/)[0]).toMatch(/^\uFEFF?"?Supplier No"?,/);
    expect(csv).toContain('T000008');
  });
});

describe.concurrent('usage and file errors end with exit code 2 and a sentence', () => {
  it('an unknown option', async () => {
    expectUsageError(await runCli([clean, '--frobnicate'], env), /frobnicate/);
  });

  it('no file', async () => {
    expectUsageError(await runCli(['--dry-run'], env), /file/);
  });

  it('a bad --screening', async () => {
    expectUsageError(
      await runCli([clean, '--screening', '3'], env),
      /--screening takes 2, 5 or 10/,
    );
  });

  it('a file that does not exist', async () => {
    const missing = path.join(tmp.dir, 'nowhere.xlsx');
    expectUsageError(await runCli([missing, '--dry-run'], env), /nowhere\.xlsx|not found|exist/i);
  });

  it('an .xls file', async () => {
    const xls = path.join(tmp.dir, 'old.xls');
    await writeFile(xls, Buffer.from('d0cf11e0a1b11ae1', 'hex'));
    expectUsageError(await runCli([xls, '--dry-run'], env), /\.xls|xlsx/);
  });

  it('an --out that is neither .xlsx nor .csv', async () => {
    expectUsageError(await runCli([clean, '--dry-run', '--out', 'x.pdf'], env), /--out/);
  });
});

describe.concurrent('mapping files', () => {
  it('--save-mapping writes the mapping used; --mapping reads it back to the same result', async () => {
    const saved = path.join(tmp.dir, 'mapping.json');
    const first = await runCli(
      [sample, '--dry-run', '--save-mapping', saved, '--out', path.join(tmp.dir, 'm1.xlsx')],
      env,
    );
    expect(first.code, first.stderr).toBe(1);
    const mapping = JSON.parse(await readFile(saved, 'utf8')) as {
      fields: Record<string, unknown>;
    };
    expect(mapping.fields).toMatchObject({
      name: 'Name',
      countryCode: 'Land',
      city: 'Ort',
      address: 'Straße',
      'supplierId.id': 'Lieferanten-Nr.',
    });

    const again = path.join(tmp.dir, 'mapping-again.json');
    const second = await runCli(
      [
        sample,
        '--dry-run',
        '--mapping',
        saved,
        '--save-mapping',
        again,
        '--out',
        path.join(tmp.dir, 'm2.xlsx'),
      ],
      env,
    );
    expect(second.code, second.stderr).toBe(1);
    expect(lastLine(second)).toBe(lastLine(first));
    expect(await readFile(again, 'utf8')).toBe(await readFile(saved, 'utf8'));
  });

  it('a hand-written mapping with a constant is applied', async () => {
    // A constant country no row has: every row is invalid for it, so the file decided.
    const file = path.join(tmp.dir, 'hand.json');
    await writeFile(
      file,
      JSON.stringify({
        fields: {
          name: 'Name',
          address: 'Street',
          city: 'City',
          postalCode: 'Postal code',
          countryCode: { constant: 'Atlantis' },
          'supplierId.id': 'Supplier No',
          'supplierId.source': { constant: 'SAP' },
        },
      }),
    );
    const r = await runCli(
      [clean, '--dry-run', '--mapping', file, '--out', path.join(tmp.dir, 'h.xlsx')],
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(lastLine(r)).toBe(
      'rows=8 created=0 existing=0 invalid=8 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(r.stdout).toMatch(/"Atlantis" is not a country/);
  });

  it('a mapping naming a column the sheet lacks is a usage error', async () => {
    const file = path.join(tmp.dir, 'wrong.json');
    await writeFile(file, JSON.stringify({ fields: { name: 'Firmenname' } }));
    expectUsageError(await runCli([clean, '--dry-run', '--mapping', file], env), /Firmenname/);
  });

  it('a mapping file that is not JSON is a usage error', async () => {
    const file = path.join(tmp.dir, 'broken.json');
    await writeFile(file, '{ fields: ');
    expectUsageError(await runCli([clean, '--dry-run', '--mapping', file], env), /broken\.json/);
  });
});

describe('--help and --version', () => {
  it('print and exit 0', async () => {
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run onboard');
    expect(help.stdout).toContain('--resume [JOB]');
    const version = await runCli(['--version'], env);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^Supplier Onboarding \d+\.\d+\.\d+/);
  });
});
