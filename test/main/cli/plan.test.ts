// The summary before a start on the command line: printed before anything is sent, confirmed
// with --yes or on a terminal (a real pseudo-terminal through util-linux's `script`), and the
// rule without a terminal: go on only when nothing costs money and no other job holds the same
// suppliers, else stop with exit code 2 and say --yes. Against a sandbox over real HTTP.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { planLines } from '../../../src-main/cli/planText';
import { cliWords } from '../../../src-main/cli/words';
import {
  lastLine,
  readWorkbook,
  ONBOARD,
  ROOT,
  runCli,
  saveConnection,
  tempDir,
  paidSentSince,
  writePaidList,
  writeSupplierList,
  type CliResult,
  exitForKeyLine,
} from './cli';

const TOKEN = 'plan-test-token';
let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let dataDir: string;
const env = { ONBOARD_TOKEN: TOKEN };

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 100,
    screeningMs: 100,
    validationMs: 100,
    // Screenings and validations end well here: an aborted one, or one that found something (to
    // review), would end the run with exit 1.
    screeningOdds: { Finished: 0, NoFindings: 1, Aborted: 0 },
    validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0.2 },
    limits: { GET: [{ limit: 200, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
  });
  tmp = await tempDir('onboard-plan-');
  dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 200, WRITE: 50 });
});

afterAll(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

function common(): string[] {
  return [
    '--data-dir',
    dataDir,
    '--base-url',
    sandbox.url,
    '--token-env',
    'ONBOARD_TOKEN',
    '--sandbox-processing-ms',
    '100',
  ];
}

async function list(name: string, n: number, first: number): Promise<string> {
  const file = path.join(tmp.dir, `${name}.xlsx`);
  await writeSupplierList(file, n, first);
  return file;
}

describe('without a terminal', () => {
  let file: string;

  it('goes on by itself when nothing costs money, after printing the summary', async () => {
    file = await list('four', 4, 1);
    const r = await runCli([file, ...common()], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const summary = r.lines.indexOf('Before you start:');
    expect(summary).toBeGreaterThan(0);
    expect(r.lines.slice(summary + 1, summary + 5)).toEqual([
      '  4 new suppliers will be created; 0 exist already.',
      '  No screening is ordered.',
      '  No validation is requested.',
      expect.stringMatching(
        /^ {2}Expected duration: (under 1s|about \d+s) \(sending 4 requests at up to 1,960\/min: under 1s; then the platform's processing: under 1s\)\.$/,
      ),
    ]);
    expect(lastLine(r)).toBe(
      'rows=4 created=4 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
  });

  it('with --screening, skips existing suppliers by default: nothing to pay, nothing to ask', async () => {
    const before = sandbox.stats().screeningRequests;
    const r = await runCli([file, ...common(), '--screening', '5'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('  0 new suppliers will be created; 4 exist already.');
    expect(r.stdout).toContain(
      '  Existing suppliers are skipped: they are neither screened nor validated.',
    );
    // A period chosen for no row orders nothing: no paid screening is named.
    expect(r.stdout).toContain('  No screening is ordered.');
    expect(r.stdout).not.toContain('0 screenings');
    expect(sandbox.stats().screeningRequests).toBe(before);
  });

  it('stops with exit code 2 and names --yes when screenings would be ordered', async () => {
    const before = sandbox.stats();
    const r = await runCli([file, ...common(), '--screening', '5', '--include-existing'], env);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toContain('  4 screenings for 5 years will be ordered.');
    expect(r.stdout).toContain(
      '  4 of them are for suppliers that exist already and may have been screened before; add --skip-existing to leave them out.',
    );
    expect(r.stderr.trim()).toMatch(
      /^This start orders 4 screenings for 5 years, which may cost money\. Nothing was sent \(job [\w-]+ was cancelled\)\. Check the summary above, then run the same command again with --yes to confirm it\.$/,
    );
    const after = sandbox.stats();
    expect(after.screeningRequests).toBe(before.screeningRequests);
    expect(after.requests.WRITE).toBe(before.requests.WRITE);
  });

  it('--yes confirms it: the screenings the summary named are ordered', async () => {
    const before = sandbox.stats().screeningRequests;
    const r = await runCli(
      [file, ...common(), '--screening', '5', '--include-existing', '--yes'],
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(exitForKeyLine(r.lines.at(-1) ?? ''));
    expect(r.stdout).toContain('  4 screenings for 5 years will be ordered.');
    expect(sandbox.stats().screeningRequests - before).toBe(4);
    // The sandbox draws each screening's outcome: findings (to review) or none.
    expect(lastLine(r)).toMatch(
      /^rows=4 created=0 existing=4 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=[0-4] needs_review=0$/,
    );
  });

  it('--skip-existing with --include-existing is a usage error', async () => {
    const r = await runCli(
      [file, ...common(), '--screening', '5', '--include-existing', '--skip-existing'],
      env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--skip-existing or --include-existing, not both/);
  });
});

describe('another unfinished job on the same suppliers', () => {
  // Creations take a minute on this sandbox: a job that stops once every row is sent
  // (--no-wait) stays unfinished, following its suppliers.
  let slow: SandboxHandle;
  let slowDir: string;
  let holderJob: string;
  let second: string;
  const slowArgs = () => [
    '--data-dir',
    slowDir,
    '--base-url',
    slow.url,
    '--token-env',
    'ONBOARD_TOKEN',
    '--sandbox-processing-ms',
    '100',
  ];

  beforeAll(async () => {
    slow = await startSandbox({
      tokens: [{ token: TOKEN }],
      processingMs: 60_000,
      limits: { GET: [{ limit: 200, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
    });
    slowDir = path.join(tmp.dir, 'slow-data');
    await saveConnection(slowDir, 'slow sandbox', slow.url, { GET: 200, WRITE: 50 });
  });

  afterAll(async () => {
    await slow?.close();
  });

  it('is named, and without a terminal the start stops until --yes', async () => {
    // The first job sends ids 100-105 and stops: it follows them until they exist.
    const holder = await list('holder', 6, 100);
    const first = await runCli([holder, ...slowArgs(), '--no-wait'], env);
    expect(first.code, first.stdout + first.stderr).toBe(4);
    holderJob = await latestJobId(slowDir);

    // The second list has ids 103-108: three shared.
    second = await list('second', 6, 103);
    const before = slow.stats().createRequestsAccepted;
    // With validation, this job would follow up the suppliers the first one is creating.
    const r = await runCli([second, ...slowArgs(), '--no-wait', '--validate'], env);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toContain(
      `  Warning: job ${holderJob} "holder.xlsx · Suppliers" (paused) holds 3 of these suppliers (same supplier id and source), e.g. T000103 · ERP, T000104 · ERP, T000105 · ERP.`,
    );
    expect(r.stdout).toContain(
      '  Those 3 rows are left out of this job (skipped, with the other job named in the results); add --send-held to send them anyway.',
    );
    // The validations are paid work: the sentence names them too.
    expect(r.stderr).toContain(
      `This start orders 6 validations, which may cost money and has 3 suppliers another unfinished job is working on (${holderJob}). Nothing was sent`,
    );
    expect(r.stderr).toMatch(/--yes .*--send-held/);
    expect(slow.stats().createRequestsAccepted).toBe(before);
  });

  it('--yes leaves the held rows out: skipped in the results, pending in the summary line', async () => {
    const before = slow.stats().createRequestsAccepted;
    const r = await runCli([second, ...slowArgs(), '--no-wait', '--validate', '--yes'], env);
    expect(r.stdout).toContain(
      'Left out 3 rows another job holds; the results show them as skipped.',
    );
    // The three others are sent and followed by a later --resume; the three left out are pending.
    expect(r.code, r.stdout + r.stderr).toBe(4);
    expect(lastLine(r)).toBe(
      'rows=6 created=0 existing=0 invalid=0 rejected=0 failed=0 pending=6 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(slow.stats().createRequestsAccepted - before).toBe(3);
    const results = (await readWorkbook(path.join(tmp.dir, 'second.results.xlsx'))).find(
      (s) => s.name === 'Results',
    )!;
    const header = results.rows[0]!;
    const held = results.rows
      .slice(1)
      .filter((row) => String(row[header.indexOf('Error code')]).endsWith('(held_by_other_job)'));
    expect(held.map((row) => [row[0], row[header.indexOf('Status')]])).toEqual([
      ['T000103', 'Skipped'],
      ['T000104', 'Skipped'],
      ['T000105', 'Skipped'],
    ]);
    expect(String(held[0]![header.indexOf('Error message')])).toContain(
      '"holder.xlsx · Suppliers"',
    );
  });
});

describe('on a terminal', () => {
  const script = '/usr/bin/script';

  /** Runs the command on a pseudo-terminal, answering the question with `answer`. */
  async function inTerminal(args: string[], answer: string): Promise<CliResult> {
    const command = [process.execPath, ONBOARD, ...args]
      .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const child = spawn(script, ['-qefc', command, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, ...env, TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let answered = false;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (!answered && stdout.includes('Start? [y/N] ')) {
        answered = true;
        child.stdin.write(`${answer}\r`);
      }
    });
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    const lines = stdout.replace(/\r/g, '').split('\n');
    return { code, signal, stdout, stderr, lines };
  }

  it.skipIf(!existsSync(script))(
    'asks y/N; n sends nothing and says how to start later',
    async () => {
      const file = await list('terminal', 3, 200);
      const before = sandbox.stats().requests.WRITE;
      const no = await inTerminal([file, ...common()], 'n');
      expect(no.stdout).toContain('Before you start:');
      expect(no.stdout).toContain('Start? [y/N]');
      expect(no.code, no.stdout + no.stderr).toBe(4);
      expect(no.stdout).toMatch(
        /Nothing was sent\. Start the job later with: npm run onboard -- --resume /,
      );
      expect(sandbox.stats().requests.WRITE).toBe(before);

      // The job stays as it was: the command it names starts it, and is asked again.
      const hint = /Start the job later with: npm run onboard -- (.*)$/m.exec(no.stdout)![1]!;
      const yes = await inTerminal(hint.trim().split(' '), 'y');
      expect(yes.code, yes.stdout + yes.stderr).toBe(0);
      expect(yes.stdout).toContain('Start? [y/N]');
      expect(yes.lines.filter((l) => l.trim()).at(-1)).toBe(
        'rows=3 created=3 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
      );
    },
  );
});

/** The newest job in the data folder's journal. */
async function latestJobId(dir: string): Promise<string> {
  const { openJournal } = await import('../../../src-main/journal/journal');
  const journal = openJournal({ path: path.join(dir, 'journal.sqlite') });
  try {
    return [...journal.listJobs()].sort((a, b) => b.createdAt - a.createdAt)[0]!.id;
  } finally {
    journal.close();
  }
}

describe("paid work the list's own columns order", () => {
  let file: string;
  let ordered: Awaited<ReturnType<typeof writePaidList>>;

  beforeAll(async () => {
    file = path.join(tmp.dir, 'lieferanten.xlsx');
    ordered = await writePaidList(file, 12, 500);
  });

  const sentSince = (before: ReturnType<SandboxHandle['stats']>) => {
    const { creations: _c, ...sent } = paidSentSince(before, sandbox.stats());
    return sent;
  };

  it('a piped run without --yes sends nothing, exits 2 and counts the screenings per period', async () => {
    const before = sandbox.stats();
    const r = await runCli([file, ...common()], env);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    // The mapping line and the import name the columns that order paid work, with their rows.
    expect(r.stdout).toMatch(
      /screeningPeriodInYears ← "Screening \(Jahre\)" \(orders paid work\).*requestValidationOnCreate ← "Validierung" \(orders paid work\)/,
    );
    expect(r.stdout).toContain(
      'Paid work from the list: the column "Screening (Jahre)" orders screening for 9 rows.',
    );
    expect(r.stdout).toContain(
      'Paid work from the list: the column "Validierung" requests validation for 4 rows.',
    );
    // The summary counts them per period, from the columns, with no job option.
    for (const line of [
      '  3 screenings for 2 years will be ordered. Each may cost money or quota.',
      '  3 screenings for 5 years will be ordered. Each may cost money or quota.',
      '  3 screenings for 10 years will be ordered. Each may cost money or quota.',
      `  9 of them are ordered by the list's own column "Screening (Jahre)"; leave that column out of the mapping if the list should not decide it.`,
      '  A validation is requested for 4 suppliers (0 of them existing).',
    ])
      expect(r.lines).toContain(line);
    expect(r.stdout).not.toContain('No screening is ordered');
    expect(r.stderr.trim()).toMatch(
      /^This start orders 3 screenings for 2 years, 3 screenings for 5 years, 3 screenings for 10 years and 4 validations, which may cost money\. Nothing was sent/,
    );
    expect(sentSince(before)).toEqual({
      screeningsByPeriod: { '2': 0, '5': 0, '10': 0 },
      validations: 0,
      writes: 0,
    });
  });

  it('with --yes the sandbox receives exactly the counted screenings and validations', async () => {
    expect(ordered).toEqual({ screeningsByPeriod: { '2': 3, '5': 3, '10': 3 }, validations: 4 });
    const before = sandbox.stats();
    const r = await runCli([file, ...common(), '--yes'], env);
    expect(r.code, r.stdout + r.stderr).toBe(exitForKeyLine(r.lines.at(-1) ?? ''));
    const sent = sentSince(before);
    expect({ screeningsByPeriod: sent.screeningsByPeriod, validations: sent.validations }).toEqual(
      ordered,
    );
  });
});

describe('on a connection never measured', () => {
  it('says how long checking and sending take, and that the platform’s part is not known yet', async () => {
    // A connection of its own (not the built-in sandbox, no --sandbox-processing-ms): nothing
    // says how long its platform takes before a job of it ran.
    const fresh = path.join(tmp.dir, 'fresh');
    await saveConnection(fresh, 'never measured', sandbox.url, { GET: 200, WRITE: 50 });
    const file = await list('unmeasured', 3, 900);
    const args = ['--data-dir', fresh, '--base-url', sandbox.url, '--token-env', 'ONBOARD_TOKEN'];
    const r = await runCli([file, ...args, '--screening', '5'], env);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toMatch(
      /^ {2}Expected duration: (under 1s|about \d+s) to check and send \(sending 3 requests at up to [\d,]+\/min: under 1s\); how long the platform then takes is not known yet on this connection \(it is measured as jobs run\)\.$/m,
    );
    // No guess in hours.
    expect(r.stdout).not.toMatch(/\d+h\d\dm/);
  });

  it('is a sentence in English and in German', () => {
    const plan = {
      rows: { new: 57, unchecked: 0, existing: 0, pending: 0, underway: 0, inDoubt: 0 },
      creations: 57,
      identifiersToAttach: 0,
      duration: {
        reads: 0,
        writes: 57,
        checkMs: 0,
        sendMs: 35_000,
        platformMs: null,
        platformKnown: false,
        totalMs: null,
        writesPerMinute: 98,
        sharedWithJobs: 0,
        measuredWritesPerMinute: null,
      },
      skipExisting: false,
      screening: null,
      validation: null,
      overlaps: [],
      heldRows: 0,
      endedBefore: [],
      needsConfirmation: false,
    } as unknown as Parameters<typeof planLines>[0];
    expect(planLines(plan, false).at(-1)).toBe(
      '  Expected duration: about 35s to check and send (sending 57 requests at up to 98/min: 35s); how long the platform then takes is not known yet on this connection (it is measured as jobs run).',
    );
    expect(planLines(plan, false, cliWords('de')).at(-1)).toBe(
      '  Erwartete Dauer: etwa 35s für Prüfen und Senden (57 Anfragen mit bis zu 98/min senden: 35s); wie lange die Plattform danach braucht, ist für diese Verbindung noch nicht bekannt (das wird gemessen, während Aufträge laufen).',
    );
  });
});
