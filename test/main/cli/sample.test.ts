// The first run a newcomer makes: the shipped sample against the built-in sandbox, then a
// check-only run on the same data folder, which must find every supplier created exactly once.
import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE,
  SUMMARY,
  lastLine,
  parseSummary,
  readWorkbook,
  runCli,
  tempDir,
  type CliResult,
  type SheetData,
} from './cli';

const ORIGINAL = [
  'Lieferanten-Nr.',
  'Name',
  'Straße',
  'PLZ',
  'Ort',
  'Land',
  'Quelle/Source',
  'Branche',
];
const RESULT_COLUMNS = [
  'Status',
  'Platform ID',
  'Supplier outcome',
  'Creation UUID',
  'Screening outcome',
  'Validation outcome',
  'Identifiers',
  'Likely duplicate of',
  'Duplicate decision',
  'Possible duplicate of',
  'Error code',
  'Error message',
  'Last update',
  'Changed values',
  'Source row',
  'Attach to platform ID',
];

let tmp: Awaited<ReturnType<typeof tempDir>>;
let input: string;
let results: string;
let env: Record<string, string>;

beforeAll(async () => {
  tmp = await tempDir('onboard-sample-');
  input = path.join(tmp.dir, 'suppliers.xlsx');
  results = path.join(tmp.dir, 'suppliers.results.xlsx');
  await copyFile(SAMPLE, input);
  env = { SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'data') };
});

afterAll(async () => {
  await tmp.remove();
});

function sheet(sheets: SheetData[], name: string): SheetData {
  const found = sheets.find((s) => s.name === name);
  if (!found) throw new Error(`no sheet ${name}; sheets: ${sheets.map((s) => s.name).join(', ')}`);
  return found;
}

describe('the shipped sample against the built-in sandbox', () => {
  let full: CliResult;

  it('runs the whole job: 57 created, 3 invalid, exit code 1, results next to the input', async () => {
    full = await runCli([input, '--sandbox-processing-ms', '50'], env);
    expect(full.stderr).not.toMatch(/Error|at .*\.ts:/);
    expect(full.code, full.stdout + full.stderr).toBe(1);
    const line = lastLine(full);
    expect(line).toMatch(SUMMARY);
    expect(line).toBe(
      'rows=60 created=57 existing=0 invalid=3 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(full.stdout).toContain('Using the built-in sandbox');
    expect(full.stdout).toContain(`Results: ${results}`);
    // The problems are named in the log, by row and column.
    expect(full.stdout).toMatch(/city is required \(row 59, column Ort/);
    expect(full.stdout).toMatch(/"Atlantis" is not a country the app knows \(row 60, column Land/);
    expect(full.stdout).toMatch(
      /is used again: row 7 has the same supplier id and source "SAP" \(row 61, column Lieferanten-Nr\./,
    );
    // The embedded sandbox keeps its state in the data folder.
    await stat(path.join(env.SUPPLIER_ONBOARDING_HOME!, 'sandbox.sqlite'));
    // The data folder and the results hold supplier data: the user's only.
    if (process.platform !== 'win32') {
      const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
      const home = env.SUPPLIER_ONBOARDING_HOME!;
      expect(await modeOf(home)).toBe(0o700);
      expect(await modeOf(path.join(home, 'journal.sqlite'))).toBe(0o600);
      expect(await modeOf(path.join(home, 'sandbox.sqlite'))).toBe(0o600);
      expect(await modeOf(results)).toBe(0o600);
    }
  }, 120_000);

  it('exports a workbook with the original columns, the results, the errors and a summary', async () => {
    expect(full?.code).toBe(1);
    const sheets = await readWorkbook(results);
    expect(sheets.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Results', 'Errors', 'Summary']),
    );

    const res = sheet(sheets, 'Results');
    expect(res.rows[0]).toEqual([...ORIGINAL, ...RESULT_COLUMNS]);
    const body = res.rows.slice(1).filter((r) => r.some((v) => v !== null));
    expect(body).toHaveLength(60);
    const col = (name: string) => res.rows[0]!.indexOf(name);
    const done = body.filter((r) => r[col('Status')] === 'Done');
    expect(done).toHaveLength(57);
    for (const r of done) {
      expect(String(r[col('Platform ID')])).toMatch(/^\d+$/);
      expect(String(r[col('Creation UUID')])).toMatch(/^[0-9a-f-]{36}$/);
      expect(r[col('Error code')]).toBeNull();
    }
    // Every supplier got its own platform id: none was created twice.
    expect(new Set(done.map((r) => String(r[col('Platform ID')]))).size).toBe(57);
    // The original values are carried over unchanged, in their order.
    expect(body[0]!.slice(0, 3)).toEqual([
      '000101',
      'Müller Präzisionsteile GmbH',
      'Industriestraße 12',
    ]);

    const errors = sheet(sheets, 'Errors');
    expect(errors.rows[0]).toEqual(res.rows[0]);
    const problems = errors.rows.slice(1).filter((r) => r.some((v) => v !== null));
    expect(problems.map((r) => r[0])).toEqual(['000156', '000157', '000104']);
    for (const r of problems) {
      expect(r[col('Status')]).toBe('Has problems');
      expect(r[col('Error code')]).toBe("Problems in the row's values (invalid_input)");
    }
    expect(String(problems[0]![col('Error message')])).toMatch(/city is required/);
    expect(String(problems[1]![col('Error message')])).toMatch(/Atlantis/);
    expect(String(problems[2]![col('Error message')])).toMatch(/used again/);

    const summary = sheet(sheets, 'Summary');
    const byLabel = new Map(summary.rows.map((r) => [r[0], r[1]]));
    expect(byLabel.get('Rows')).toBe(60);
    expect(byLabel.get('Rows that need attention (sheet Errors)')).toBe(3);
    // The postal codes the app gave back their leading zero are shown as sent, with the file's.
    const zeros = body.filter((r) => r[col('Changed values')] !== null);
    expect(zeros.length).toBeGreaterThan(0);
    for (const r of zeros)
      expect(String(r[col('Changed values')])).toMatch(/^PLZ: (\d{1,4}) → 0+\1$/);
    expect(byLabel.get('Done')).toBe(57);
    expect(byLabel.get('Has problems')).toBe(3);
  });

  it('a check-only run afterwards finds every valid row existing and creates nothing', async () => {
    expect(full?.code).toBe(1);
    const out = path.join(tmp.dir, 'check.xlsx');
    const check = await runCli([input, '--check-only', '--out', out], env);
    expect(check.code, check.stdout + check.stderr).toBe(1);
    expect(lastLine(check)).toBe(
      'rows=60 created=0 existing=57 invalid=3 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    const res = sheet(await readWorkbook(out), 'Results');
    const status = res.rows[0]!.indexOf('Status');
    const platformId = res.rows[0]!.indexOf('Platform ID');
    const statuses = res.rows.slice(1).map((r) => r[status]);
    expect(statuses.filter((s) => s === 'Exists')).toHaveLength(57);
    // The ids found are the ones created by the first run.
    const first = sheet(await readWorkbook(results), 'Results');
    const created = first.rows.slice(1).map((r) => r[platformId]);
    expect(res.rows.slice(1).map((r) => r[platformId])).toEqual(created);
    expect(parseSummary(lastLine(check)).created).toBe(0);
  }, 60_000);

  it('running the same file again creates nothing: every supplier exists already', async () => {
    expect(full?.code).toBe(1);
    const again = await runCli(
      [input, '--sandbox-processing-ms', '50', '--out', path.join(tmp.dir, 'again.xlsx')],
      env,
    );
    expect(again.code, again.stdout + again.stderr).toBe(1);
    expect(lastLine(again)).toBe(
      'rows=60 created=0 existing=57 invalid=3 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
  }, 60_000);
});
