// The summary before a resumed start counts only what is still to order (issue 38). A job with
// --screening 2 --include-existing creates its suppliers with their screening on the create; the
// API refuses the type of their customer ids, so the rows wait for the user; resumed with
// --identifier-types, they are checked again and now "exist". Their screenings were ordered
// already: the summary says so, and does not announce them as screenings still to order (for
// suppliers that exist already), and none is ordered again.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { runCli, saveConnection, tempDir } from './cli';

const TOKEN = 'resume-plan-token';
const env = { ONBOARD_TOKEN: TOKEN };
let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let where: string[];

beforeEach(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 100,
    screeningMs: 100,
    validationMs: 100,
    limits: { GET: [{ limit: 300, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
    // The API's own names of the customer and own id: the default names are refused.
    identifierTypes: { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' },
  });
  tmp = await tempDir('onboard-resume-plan-');
  const dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'local sandbox', sandbox.url, { GET: 300, WRITE: 50 });
  where = ['--connection', 'local sandbox', '--token-env', 'ONBOARD_TOKEN', '--data-dir', dataDir];
  where.push('--sandbox-processing-ms', '100');
});

afterEach(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

const LIST = [
  'Supplier No,Name,Street,Postal code,City,Country,Source,Customer ID',
  'T000001,Test Supplier 1 GmbH,Street 1,10115,Berlin,DE,ERP,C-001',
  'T000002,Test Supplier 2 GmbH,Street 2,69001,Lyon,FR,ERP,C-002',
  'T000003,Test Supplier 3 GmbH,Street 3,20121,Milano,IT,ERP,C-003',
].join('\n');

it('a resumed start does not announce the screenings its creates carried: it says them as ordered already', async () => {
  const file = path.join(tmp.dir, 'list.csv');
  await writeFile(file, `${LIST}\n`);
  const first = await runCli(
    [file, ...where, '--screening', '2', '--include-existing', '--yes'],
    env,
  );
  expect(first.code, first.stdout + first.stderr).toBe(1);
  expect(first.lines).toContain(
    '  3 screenings for 2 years will be ordered. Each may cost money or quota.',
  );
  expect(sandbox.stats().screeningsByPeriod['2']).toBe(3);

  const resumed = await runCli(
    ['--resume', ...where, '--identifier-types', 'CUSTOMER_ID=CUST,OWN_ID=OWN', '--yes'],
    env,
  );
  const out = resumed.stdout + resumed.stderr;
  expect(resumed.lines, out).toContain(
    "  3 screenings were ordered already by this job, with their suppliers' creation: they are not ordered again.",
  );
  expect(resumed.lines, out).toContain('  No screening is ordered.');
  expect(out).not.toMatch(/screenings? for 2 years will be ordered/);
  expect(out).not.toMatch(/of them (is|are) for suppliers? that exists? already/);
  // Nothing ordered twice.
  expect(sandbox.stats().screeningsByPeriod['2']).toBe(3);
}, 120_000);
