// A results file brought back with --retry-from exactly as it was written: no row reads as
// changed. The job orders a screening (--screening 2) and attaches a Customer ID column, whose
// ids the journal keeps beside the payload: compared without them, every row read as changed
// ("Rows 2, 3, 4 were changed …", issue 38).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { lastLine, parseSummary, runCli, sandboxPerTest } from './cli';

const TOKEN = 'retry-unchanged-token';
const env = { ONBOARD_TOKEN: TOKEN };
const run = sandboxPerTest(TOKEN, [], 'onboard-retry-unchanged-');

const LIST = [
  'Supplier No,Name,Street,Postal code,City,Country,Source,Customer ID',
  'T000001,Test Supplier 1 GmbH,Street 1,10115,Berlin,DE,ERP,C-001',
  'T000002,Test Supplier 2 GmbH,Street 2,69001,Lyon,FR,ERP,C-002',
  'T000003,Test Supplier 3 GmbH,Street 3,20121,Milano,IT,ERP,C-003',
].join('\n');

it('an untouched results file of a job with --screening 2 and a Customer ID column reports no change', async () => {
  const file = path.join(run.dir(), 'list.csv');
  await writeFile(file, `${LIST}\n`);
  const results = path.join(run.dir(), 'list.results.xlsx');
  const first = await runCli(
    [file, ...run.where(), '--screening', '2', '--yes', '--out', results],
    env,
  );
  // The sandbox may abort a screening: that row needs attention (exit code 1), but is done.
  expect([0, 1], first.stdout + first.stderr).toContain(first.code);
  expect(parseSummary(lastLine(first)).created).toBe(3);

  const again = await runCli(['--retry-from', results, ...run.where(), '--yes'], env);
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.lines).toContain(
    '0 rows to send again, 0 still invalid (see the Status column), 3 already done, 0 not matched.',
  );
  expect(again.stdout).not.toMatch(/were changed|was changed/);
  expect(again.lines).toContain('Nothing to send again: no job was made.');
});
