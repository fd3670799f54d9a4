// The command against an API at --base-url (a sandbox started here, over real HTTP), with the token
// from an environment variable: a wrong token, a check-only run, JSON output.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { lastLine, readWorkbook, runCli, saveConnection, tempDir, writeSupplierList } from './cli';

const TOKEN = 'cli-test-token';
let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let dataDir: string;
let list: string;
const READ_ONLY = 'read-only-token';
const NO_SURPRISES = {
  screeningOdds: { Finished: 0.5, NoFindings: 0.5, Aborted: 0 },
  validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0.2 },
};
const env = { ONBOARD_TOKEN: TOKEN, WRONG_TOKEN: 'not-the-token', READ_ONLY_TOKEN: READ_ONLY };

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }, { token: READ_ONLY, permissions: ['ACCESS_PUBLIC_SUPPLIERS'] }],
    processingMs: 100,
    screeningMs: 100,
    validationMs: 100,
    // Screenings and validations end well here; the test of rejected ones sets its own odds.
    screeningOdds: NO_SURPRISES.screeningOdds,
    validationOdds: NO_SURPRISES.validationOdds,
    limits: {
      GET: [{ limit: 200, windowSeconds: 1 }],
      WRITE: [{ limit: 50, windowSeconds: 1 }],
    },
  });
  tmp = await tempDir('onboard-api-');
  dataDir = path.join(tmp.dir, 'data');
  list = path.join(tmp.dir, 'list.xlsx');
  await writeSupplierList(list, 12);
  await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 200, WRITE: 50 });
});

afterAll(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

function common(): string[] {
  return ['--data-dir', dataDir, '--base-url', sandbox.url, '--sandbox-processing-ms', '100'];
}

describe('against --base-url with --token-env', () => {
  it('a wrong token ends with exit code 3 and says so', async () => {
    const r = await runCli([list, ...common(), '--token-env', 'WRONG_TOKEN'], env);
    expect(r.code, r.stdout + r.stderr).toBe(3);
    expect(r.stdout + r.stderr).toMatch(/token/i);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(sandbox.stats().suppliers).toBe(0);
  });

  it('a token without permission to create ends with exit code 3 and creates nothing', async () => {
    const file = path.join(tmp.dir, 'denied.xlsx');
    await writeSupplierList(file, 3, 900);
    const r = await runCli([file, ...common(), '--token-env', 'READ_ONLY_TOKEN'], env);
    expect(r.code, r.stdout + r.stderr).toBe(3);
    expect(r.stdout + r.stderr).toMatch(/permission|refused|denied/i);
    expect(lastLine(r)).toMatch(
      /^rows=3 created=0 .* pending=3 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0$/,
    );
    expect(sandbox.stats().suppliers).toBe(0);
  });

  it('--connection NAME picks a saved connection; an unknown name lists the saved ones', async () => {
    const unknown = await runCli(
      [list, '--data-dir', dataDir, '--connection', 'prod', '--token-env', 'ONBOARD_TOKEN'],
      env,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/"prod".*"local sandbox"/s);
    const check = await runCli(
      [
        list,
        '--data-dir',
        dataDir,
        '--connection',
        'local sandbox',
        '--token-env',
        'ONBOARD_TOKEN',
        '--check-only',
        '--out',
        path.join(tmp.dir, 'conn.xlsx'),
      ],
      env,
    );
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(lastLine(check)).toMatch(/^rows=12 created=0 existing=0 /);
    expect(check.stdout).not.toContain('built-in sandbox');
  });

  it('an unset token variable is a usage error', async () => {
    const r = await runCli([list, ...common(), '--token-env', 'NO_SUCH_VARIABLE_SET'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/NO_SUCH_VARIABLE_SET/);
  });

  it('a check-only run checks every identifier and creates nothing', async () => {
    const out = path.join(tmp.dir, 'check.xlsx');
    const writesBefore = sandbox.stats().requests.WRITE;
    const r = await runCli(
      [list, ...common(), '--token-env', 'ONBOARD_TOKEN', '--check-only', '--out', out],
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastLine(r)).toBe(
      'rows=12 created=0 existing=0 invalid=0 rejected=0 failed=0 pending=12 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(sandbox.stats().suppliers).toBe(0);
    expect(sandbox.stats().requests.WRITE).toBe(writesBefore);
    const results = (await readWorkbook(out)).find((s) => s.name === 'Results')!;
    const status = results.rows[0]!.indexOf('Status');
    expect(results.rows.slice(1).map((row) => row[status])).toEqual(Array(12).fill('New'));
  });

  it('--json: every line is a JSON object and the last one is the summary', async () => {
    const r = await runCli([list, ...common(), '--token-env', 'ONBOARD_TOKEN', '--json'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const lines = r.lines.filter((l) => l.trim() !== '');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.every((p) => typeof p.type === 'string')).toBe(true);
    expect(parsed.some((p) => p.type === 'progress')).toBe(true);
    const summary = parsed.at(-1)!;
    expect(summary).toMatchObject({
      type: 'summary',
      rows: 12,
      created: 12,
      existing: 0,
      invalid: 0,
      rejected: 0,
      failed: 0,
      pending: 0,
      line: 'rows=12 created=12 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    });
    const progress = parsed.filter((p) => p.type === 'progress').at(-1)!;
    expect(progress).toHaveProperty('counts');
    expect(progress).toHaveProperty('throttle');
    expect(Object.values(sandbox.stats().creationsByIdentity)).toEqual(Array(12).fill(1));
  });

  it('screening and validation are requested and their outcomes exported', async () => {
    const file = path.join(tmp.dir, 'screen.xlsx');
    await writeSupplierList(file, 4, 500);
    const before = sandbox.stats();
    const r = await runCli(
      [
        file,
        ...common(),
        '--token-env',
        'ONBOARD_TOKEN',
        '--screening',
        '2',
        '--validate',
        '--yes',
      ],
      env,
    );
    // A screening that found something (the API's Finished) needs the user: counted on its own
    // in the key line, and the run exits 1 like any result that needs the user.
    const key =
      /^rows=4 created=4 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=(\d) needs_review=0$/.exec(
        lastLine(r),
      );
    expect(key, r.stdout).not.toBeNull();
    const findings = Number(key![1]);
    expect(r.code, r.stdout + r.stderr).toBe(findings > 0 ? 1 : 0);
    const after = sandbox.stats();
    expect(after.screeningRequests + after.validationRequests).toBeGreaterThanOrEqual(
      before.screeningRequests + before.validationRequests + 8,
    );
    const results = (await readWorkbook(path.join(tmp.dir, 'screen.results.xlsx'))).find(
      (s) => s.name === 'Results',
    )!;
    const screening = results.rows[0]!.indexOf('Screening outcome');
    const validation = results.rows[0]!.indexOf('Validation outcome');
    for (const row of results.rows.slice(1)) {
      expect(row[screening]).not.toBeNull();
      expect(row[validation]).not.toBeNull();
    }
    // The key line counts exactly the rows whose screening found something.
    const found = results.rows.slice(1).filter((row) => /Finished/.test(String(row[screening])));
    expect(found.length).toBe(findings);
  });

  it('--skip-existing leaves suppliers that exist alone', async () => {
    // The list of the --json test again: every supplier exists now.
    const r = await runCli(
      [list, ...common(), '--token-env', 'ONBOARD_TOKEN', '--skip-existing', '--validate'],
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastLine(r)).toBe(
      'rows=12 created=0 existing=12 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(Object.values(sandbox.stats().creationsByIdentity).every((n) => n === 1)).toBe(true);
  });

  it('--no-wait stops once every row is sent; --resume follows the rest', async () => {
    const file = path.join(tmp.dir, 'nowait.xlsx');
    await writeSupplierList(file, 6, 700);
    // Creations and screenings that take a while, so that some are still running when every row
    // is sent, however slowly or quickly the machine sends them.
    sandbox.configure({ processingMs: 10_000, screeningMs: 10_000 });
    const first = await runCli(
      [file, ...common(), '--token-env', 'ONBOARD_TOKEN', '--no-wait', '--screening', '2', '--yes'],
      env,
    ).finally(() => sandbox.configure({ processingMs: 100, screeningMs: 100 }));
    expect(first.stdout).toContain('--resume');
    expect(lastLine(first)).toMatch(
      /^rows=6 .* pending=[1-6] validation_rejected=0 screening_aborted=0 screening_findings=\d needs_review=0$/,
    );
    // Not every row is done: the exit code says to resume.
    expect(first.code, first.stdout + first.stderr).toBe(4);
    const second = await runCli(['--resume', ...common(), '--token-env', 'ONBOARD_TOKEN'], env);
    const key =
      /^rows=6 created=6 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=(\d) needs_review=0$/.exec(
        lastLine(second),
      );
    expect(key, second.stdout).not.toBeNull();
    // Screenings that found something need the user (exit 1); without any, all is done.
    expect(second.code, second.stdout + second.stderr).toBe(Number(key![1]) > 0 ? 1 : 0);
  });

  it('--resume of the check-only job runs it: the suppliers created since are found, not doubled', async () => {
    // The check-only job is the one left unfinished; every other job above ended.
    const r = await runCli(['--resume', ...common(), '--token-env', 'ONBOARD_TOKEN'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('(list.xlsx');
    expect(lastLine(r)).toBe(
      'rows=12 created=0 existing=12 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(Object.values(sandbox.stats().creationsByIdentity).every((n) => n === 1)).toBe(true);
    expect(sandbox.stats().suppliers).toBe(12 + 4 + 6);
  });

  it('--resume with nothing to resume is a usage error', async () => {
    const r = await runCli(
      ['--resume', '--data-dir', path.join(tmp.dir, 'empty'), '--dry-run'],
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toMatch(/no unfinished job/i);
  });

  it('an API that spells locality and addressLine: exit 3 with the sentence, then --field-names', async () => {
    sandbox.configure({ createFieldNames: 'locality-addressLine' });
    try {
      const file = path.join(tmp.dir, 'locality.xlsx');
      await writeSupplierList(file, 4, 5000);
      const refused = await runCli([file, ...common(), '--token-env', 'ONBOARD_TOKEN'], env);
      expect(refused.code, refused.stdout + refused.stderr).toBe(3);
      expect(refused.stdout).toContain(
        "The API expects 'locality' and 'addressLine' instead of 'city' and 'address': switch the connection's field names in Connection settings and retry the failed rows.",
      );
      // The advice is a command that continues the same job under the other names.
      const advice = /continue this job under the other names.*: npm run onboard -- (.+)$/m.exec(
        refused.stdout,
      );
      expect(advice, refused.stdout).not.toBeNull();
      const command = advice![1]!.split(' ');
      expect(command).toEqual(expect.arrayContaining(['--resume', '--field-names']));
      expect(command.at(-1)).toBe('locality-addressLine');
      const before = sandbox.stats().createRequestsAccepted;

      // Followed as printed, it finishes the job.
      const switched = await runCli(command, env);
      expect(switched.code, switched.stdout + switched.stderr).toBe(0);
      // The rows sent before the job stopped were refused; they go again in the same job.
      expect(switched.stdout).toMatch(
        /The connection now spells city and address as locality-addressLine; \d+ rows? refused for the old names go(es)? again in this job\./,
      );
      expect(lastLine(switched)).toMatch(/^rows=4 created=4 /);
      expect(sandbox.stats().createRequestsAccepted - before).toBe(4);
      // Kept with the connection: the next run needs no option.
      const bad = await runCli([file, '--field-names', 'locality', '--dry-run'], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--field-names takes city-address or locality-addressLine/);
    } finally {
      sandbox.configure({ createFieldNames: 'city-address' });
    }
  });

  it('plain http to a host that is not this computer is refused', async () => {
    const r = await runCli(
      [
        list,
        '--data-dir',
        dataDir,
        '--base-url',
        'http://api.example.com',
        '--token-env',
        'ONBOARD_TOKEN',
      ],
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toMatch(/https/);
  });

  it('a sheet the workbook does not have is a usage error', async () => {
    const r = await runCli([list, '--dry-run', '--sheet', 'Nope', '--data-dir', dataDir], env);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toMatch(/Nope/);
  });
});

describe('validations the platform rejects', () => {
  it('are counted in the summary line and end with exit code 1', async () => {
    sandbox.configure({
      validationOdds: { COMPLETED: 0.5, REJECTED: 0.5, differentOutcomeId: 0 },
    });
    try {
      const file = path.join(tmp.dir, 'validated.xlsx');
      await writeSupplierList(file, 10, 1300);
      const r = await runCli(
        [
          file,
          ...common(),
          '--token-env',
          'ONBOARD_TOKEN',
          // The connection keeps the field names a test before may have switched.
          '--field-names',
          'city-address',
          '--validate',
          // Validations are paid work: confirmed, as the summary asks.
          '--yes',
          '--json',
        ],
        env,
      );
      const summary = JSON.parse(lastLine(r)) as Record<string, number | string>;
      const rejected = summary.validationRejected as number;
      expect(rejected, r.stdout + r.stderr).toBeGreaterThan(0);
      expect(summary).toMatchObject({ rows: 10, created: 10, invalid: 0, screeningAborted: 0 });
      expect(summary.line).toMatch(
        new RegExp(
          `^rows=10 created=10 .* validation_rejected=${rejected} screening_aborted=0 screening_findings=0 needs_review=0$`,
        ),
      );
      // Needs the user: not 0.
      expect(r.code, r.stdout + r.stderr).toBe(1);
    } finally {
      sandbox.configure(NO_SURPRISES);
    }
  });
});
