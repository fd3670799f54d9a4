// The sandbox command as a process (its token and ready lines, real requests, clean stop on
// SIGTERM, exit 2 for bad options), and the option parser on its own.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliUsageError, HELP, parseCli } from '../../../src-main/sandbox/cliOptions';
import { SITES, call } from './client';

// `npm run sandbox` as it runs: the bundle the global setup built (scripts/build-cli.mjs).
const CLI = fileURLToPath(new URL('../../../out/cli/sandbox.mjs', import.meta.url));

interface Run {
  lines: string[];
  stderr: () => string;
  exit: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
  waitForLine: (pattern: RegExp) => Promise<string>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let err = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of waiters.filter((w) => w.pattern.test(line))) w.resolve(line);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    lines,
    stderr: () => err,
    exit,
    kill: (signal) => child.kill(signal),
    waitForLine: (pattern) =>
      new Promise((resolve, reject) => {
        const found = lines.find((l) => pattern.test(l));
        if (found) return resolve(found);
        waiters.push({ pattern, resolve });
        void exit.then((code) => reject(new Error(`the sandbox exited (${code}): ${err}`)));
      }),
  };
}

describe('sandbox command', () => {
  it('prints the ready line, serves the API and stops cleanly on SIGTERM', async () => {
    const proc = run([
      '--port',
      '0',
      '--token',
      'cli-token',
      '--processing-ms',
      '20',
      '--random-seed',
      '1',
    ]);
    const ready = await proc.waitForLine(/^sandbox listening on /);
    const url = /^sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(ready)?.[1];
    expect(url).toBeDefined();
    const list = await call(url as string, 'GET', SITES, { token: 'cli-token' });
    expect(list.status).toBe(200);
    expect((await call(url as string, 'GET', SITES, { token: 'sandbox' })).status).toBe(403);
    // It prints the token it was given, which its control routes need as well.
    expect(proc.lines).toContain('sandbox token: cli-token (send it in the X-Auth-Token header)');
    const stats = (token: string | null, headers: Record<string, string> = {}) =>
      call(url as string, 'GET', '/__sandbox/stats', { token, headers });
    expect((await stats('cli-token')).status).toBe(200);
    expect((await stats('sandbox')).status).toBe(403);
    expect((await stats(null)).status).toBe(403);
    // The same address and web-page checks as the app's embedded sandbox.
    expect((await stats('cli-token', { Host: 'attacker.example' })).status).toBe(421);
    expect((await stats('cli-token', { Origin: 'http://localhost:9999' })).status).toBe(403);
    proc.kill('SIGTERM');
    expect(await proc.exit).toBe(0);
    await expect(call(url as string, 'GET', SITES, { token: 'cli-token' })).rejects.toThrow();
  });

  it('exits 2 with a sentence saying what to fix', async () => {
    const missingDir = join(tmpdir(), `sandbox-no-such-dir-${process.pid}`);
    const [bad, unknown, state, seed] = [
      run(['--window', 'rolling']),
      run(['--colour']),
      run(['--state', join(missingDir, 'state.sqlite')]),
      run(['--seed-suppliers', join(missingDir, 'seed.json')]),
    ];
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain('--window must be fixed or sliding');
    expect(await unknown.exit).toBe(2);
    expect(unknown.stderr()).toMatch(/--colour.*--help/s);
    expect(await state.exit).toBe(2);
    expect(state.stderr()).toMatch(/state file .* cannot be used.*folder exists/s);
    expect(await seed.exit).toBe(2);
    expect(seed.stderr()).toContain('cannot be read');
  });
});

describe('option parser', () => {
  const options = (args: string[]) => {
    const cmd = parseCli(args);
    if (cmd.kind !== 'run') throw new Error('expected a run command');
    return cmd.options;
  };

  it('reads every option', () => {
    expect(
      options([
        '--port',
        '8080',
        '--host',
        '0.0.0.0',
        '--token',
        'a',
        '--token',
        'b:ACCESS_PUBLIC_SUPPLIERS,ENTITLEMENT_SCREENING_ON_CREATE',
        '--processing-ms',
        '10',
        '--screening-ms',
        '20',
        '--validation-ms',
        '30',
        '--vanish-share',
        '0.1',
        '--screening-odds',
        'Finished=1,Aborted=0.5',
        '--validation-odds',
        'COMPLETED=0.9,REJECTED=0.1,differentOutcomeId=0.3',
        '--limits',
        'GET=10/1s,50/1m;WRITE=2/10s',
        '--window',
        'sliding',
        '--faults',
        '500-before=0.02,500-after=0.03,drop=0.01,latency=20-200',
        '--find-form',
        'list',
        '--answers',
        'spec',
        '--system',
        'source-name',
        '--paging',
        'uncounted',
        '--field-names',
        'locality-addressLine',
        '--identifier-types',
        'CUSTOMER_ID=CUST,OWN_ID=OWN',
        '--seed-suppliers',
        'seed.csv',
        '--state',
        'state.sqlite',
        '--random-seed',
        '9',
      ]),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      tokens: [
        { token: 'a' },
        { token: 'b', permissions: ['ACCESS_PUBLIC_SUPPLIERS', 'ENTITLEMENT_SCREENING_ON_CREATE'] },
      ],
      processingMs: 10,
      screeningMs: 20,
      validationMs: 30,
      vanishShare: 0.1,
      screeningOdds: { Finished: 1, NoFindings: 0, Aborted: 0.5 },
      validationOdds: { COMPLETED: 0.9, REJECTED: 0.1, differentOutcomeId: 0.3 },
      limits: {
        GET: [
          { limit: 10, windowSeconds: 1 },
          { limit: 50, windowSeconds: 60 },
        ],
        WRITE: [{ limit: 2, windowSeconds: 10 }],
      },
      window: 'sliding',
      faults: { before500: 0.02, after500: 0.03, drop: 0.01, latencyMs: [20, 200] },
      findByIdentifierForm: 'list',
      answers: 'spec',
      system: 'source-name',
      paging: 'uncounted',
      createFieldNames: 'locality-addressLine',
      identifierTypes: { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' },
      seedSuppliers: 'seed.csv',
      statePath: 'state.sqlite',
      randomSeed: 9,
    });
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
    expect(parseCli([])).toEqual({ kind: 'run', options: {}, log: false });
  });

  it('documents every option in --help', () => {
    for (const name of [
      'port',
      'host',
      'token',
      'processing-ms',
      'vanish-share',
      'screening-ms',
      'validation-ms',
      'screening-odds',
      'validation-odds',
      'limits',
      'window',
      'faults',
      'find-form',
      'answers',
      'system',
      'paging',
      'field-names',
      'identifier-types',
      'seed-suppliers',
      'state',
      'random-seed',
      'log',
      'help',
    ]) {
      expect(HELP).toContain(`--${name}`);
    }
  });

  it('says what to fix for each kind of mistake', () => {
    const cases: [string[], RegExp][] = [
      [['--port', 'x'], /--port needs a whole number from 0 to 65535/],
      [['--port', '70000'], /--port/],
      [['--token', 'a:NOPE'], /unknown permission NOPE/],
      [['--limits', 'READ=1/1s'], /must start with GET= or WRITE=/],
      [['--limits', 'GET=10 per second'], /must look like 100\/10s/],
      [['--faults', 'boom=1'], /unknown fault "boom"/],
      [['--faults', 'drop=2'], /share from 0 to 1/],
      [['--faults', 'latency=200-20'], /range in milliseconds/],
      [['--find-form', 'tree'], /--find-form must be spec or list/],
      [['--answers', 'lean'], /--answers must be full or spec/],
      [['--system', 'erp'], /--system must be kind, source-name or source-name-only/],
      [['--paging', 'none'], /--paging must be counted or uncounted/],
      [['--field-names', 'locality'], /--field-names must be city-address or locality-addressLine/],
      [['--identifier-types', 'CUSTOMER_ID=cust'], /--identifier-types must look like/],
      [['--identifier-types', 'CUSTOMER_ID=X,OWN_ID=X'], /two different names/],
      [['--vanish-share', 'half'], /share from 0 to 1/],
      [['--screening-odds', 'Done=1'], /unknown name "Done"/],
      [['--processing-ms=-5'], /--processing-ms needs a whole number/],
      [['--processing-ms', '-5'], /--processing-ms.*--help/],
      [['stray'], /--help/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseCli(args), args.join(' ')).toThrow(CliUsageError);
      expect(() => parseCli(args), args.join(' ')).toThrow(message);
    }
  });
});
