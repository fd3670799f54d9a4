// The end line of --check-only says what the check found (issue 38): the rows were checked, so
// not "Job ready after 0s: checking 3 · to fix 3", but how many are new, exist already, or wait as
// likely duplicates, in English and German; with --json the figures ride on the line.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedLine } from '../../../src-main/cli/checkedText';
import { cliWords } from '../../../src-main/cli/words';
import { SAMPLE_SUPPLIERS } from '../../../src-main/sandbox';
import { writeDuplicatesList } from '../../lists';
import { jsonLine, runCli, sandboxPerTest } from './cli';

const TOKEN = 'check-only-token';
const env = { ONBOARD_TOKEN: TOKEN };
const run = sandboxPerTest(TOKEN, [...SAMPLE_SUPPLIERS], 'onboard-check-only-');
const none = { notFound: 0, alreadyPresent: 0, notPresent: 0, onOther: 0 };

describe('checkedLine', () => {
  it('says what the check found, in English and German', () => {
    const figures = { counts: { duplicate: 3 }, outcomes: none, createsSuppliers: true };
    expect(checkedLine(figures, '0s', cliWords('en'))).toBe(
      'Checked 3 rows after 0s: 3 likely duplicates wait for your decision.',
    );
    expect(checkedLine(figures, '0s', cliWords('de'))).toBe(
      '3 Zeilen nach 0s geprüft: 3 wahrscheinliche Dubletten warten auf Ihre Entscheidung.',
    );
    const mixed = {
      counts: { new: 1, exists: 2, duplicate: 1, invalid: 1, created: 1 },
      outcomes: none,
      createsSuppliers: true,
    };
    expect(checkedLine(mixed, '2s', cliWords('en'))).toBe(
      'Checked 6 rows after 2s: 1 new, 2 exist already, 1 likely duplicate waits for your decision, 1 with problems, 1 sent earlier.',
    );
    expect(checkedLine(mixed, '2s', cliWords('de'))).toBe(
      '6 Zeilen nach 2s geprüft: 1 neu, 2 bestehen bereits, 1 wahrscheinliche Dublette wartet auf Ihre Entscheidung, 1 mit Problemen, 1 bereits früher gesendet.',
    );
  });

  it('a deactivation says the suppliers found to change and those not found', () => {
    const figures = {
      counts: { exists: 2, skipped: 1, ambiguous: 1 },
      outcomes: { ...none, notFound: 1 },
      createsSuppliers: false,
    };
    expect(checkedLine(figures, '1s', cliWords('en'))).toBe(
      'Checked 4 rows after 1s: 2 to change, 1 not found on the platform, 1 row names several suppliers.',
    );
  });
});

it('--check-only against a sandbox ends with what the check found, not "checking"', async () => {
  const file = path.join(run.dir(), 'dups.xlsx');
  await writeDuplicatesList(file);
  const r = await runCli([file, ...run.where(), '--check-only'], env);
  const end = r.lines.find((l) => l.startsWith('Checked '));
  expect(end, r.stdout + r.stderr).toBeDefined();
  expect(end).toContain('8 likely duplicates wait for your decision');
  expect(r.stdout).not.toMatch(/^Job ready after/m);

  const de = await runCli([file, ...run.where(), '--check-only', '--json'], {
    ...env,
    LANG: 'de_DE.UTF-8',
  });
  const line = de.lines.map(jsonLine).find((j) => j?.type === 'log' && j.checked !== undefined);
  expect(line, de.stdout + de.stderr).toBeDefined();
  expect(line!.message).toMatch(
    /^13 Zeilen nach \d+s geprüft: .*8 wahrscheinliche Dubletten warten/,
  );
  expect((line!.checked as Record<string, number>).duplicate).toBe(8);
});
