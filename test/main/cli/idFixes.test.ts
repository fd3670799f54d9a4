// An onboarding row whose customer id is on another supplier, on the command line against a
// sandbox over real HTTP: the Errors sheet's advice names the steps that work, and the results
// file brought back with the id corrected offers an identifiers job (made with --yes) that adds
// the corrected id to the row's own supplier, once.
import path from 'node:path';
import { expect, it } from 'vitest';
import { correctOnErrorsSheet, writeCustomerIdList } from '../../lists';
import { lastLine, parseSummary, runCli, sandboxPerTest } from './cli';

const TOKEN = 'id-fixes-cli-token';
const env = { ONBOARD_TOKEN: TOKEN };

const run = sandboxPerTest(
  TOKEN,
  [
    {
      name: 'Holder AG',
      countryCode: 'DE',
      city: 'Berlin',
      address: 'H 1',
      supplierIds: [{ id: 'H-1', source: 'ERP' }],
      customerIds: [{ id: 'K-1' }],
    },
  ],
  'onboard-id-fixes-',
);

/** The supplier holding a customer id, as the platform answers find-by-identifier. */
async function holderOf(customerId: string): Promise<string | null> {
  const res = await fetch(
    `${run.sandbox().url}/public/v2/suppliers/sites/find-by-identifier?customerId=${customerId}`,
    { headers: { 'X-Auth-Token': TOKEN } },
  );
  if (res.status === 404) return null;
  const body = (await res.json()) as { platformTargetId: number } | { platformTargetId: number }[];
  const one = Array.isArray(body) ? body[0] : body;
  return one ? String(one.platformTargetId) : null;
}

it('a customer id on another supplier: the advice leads to an identifiers job of the corrected ids', async () => {
  const list = path.join(run.dir(), 'list.xlsx');
  await writeCustomerIdList(list, [
    ['T-1', 'New One GmbH', 'K-1'],
    ['T-2', 'New Two GmbH', 'K-2'],
  ]);
  const where = run.where();

  const onboarded = await runCli([list, ...where, '--yes'], env);
  expect(parseSummary(lastLine(onboarded))).toMatchObject({ rows: 2, created: 2 });
  const holder = await holderOf('K-1');
  expect(holder).not.toBeNull();

  const results = path.join(run.dir(), 'list.results.xlsx');
  // The user corrects the id in the Errors sheet; the row said the steps that work, not
  // "correct the row, then retry it".
  const cells = await correctOnErrorsSheet(
    results,
    { column: 'Supplier No', value: 'T-1' },
    'Customer ID',
    'K-9',
  );
  const advice = cells?.find((c) => c.includes('The identifier')) ?? '';
  expect(advice).toContain(
    `The identifier K-1 belongs to another supplier (platform id ${holder})`,
  );
  expect(advice).toContain('correct it here and bring this file back (--retry-from');
  expect(advice).toContain(
    `first remove it from platform id ${holder}, then add it to platform id`,
  );
  expect(advice).not.toContain('then retry it');
  const addsBefore = Object.keys(run.sandbox().stats().changesByIdentity.identifier_add).length;

  // Offered without --yes: nothing made, nothing sent.
  const offered = await runCli(['--retry-from', results, ...where], env);
  expect(offered.code, offered.stderr + offered.stdout).toBe(0);
  expect(offered.stdout).toContain(
    'Row 2 brings back a corrected id where the platform had its id on another supplier',
  );
  expect(offered.stdout).toContain('To make it, run the same command again with --yes.');
  expect(offered.stdout).not.toContain('does not change them');
  expect(await holderOf('K-9')).toBeNull();

  // With --yes: the identifiers job is made and run; the corrected id is on the row's supplier.
  const made = await runCli(['--retry-from', results, ...where, '--yes'], env);
  expect(made.code, made.stderr + made.stdout).toBe(0);
  expect(made.stdout).toMatch(/Made identifiers job \S+: 1 corrected id to add\./);
  expect(parseSummary(lastLine(made))).toMatchObject({ rows: 1, added: 1, on_other: 0 });
  const created = await holderOf('K-9');
  expect(created).not.toBeNull();
  expect(created).not.toBe(holder);
  // K-1 stays where it was; the one add was made once.
  expect(await holderOf('K-1')).toBe(holder);
  const adds = run.sandbox().stats().changesByIdentity.identifier_add;
  expect(Object.keys(adds).length).toBe(addsBefore + 1);
  expect(Object.values(adds).every((n) => n === 1)).toBe(true);
}, 120_000);

it('beside a retry job of the same file, the identifiers job is made at once, to run after it', async () => {
  const list = path.join(run.dir(), 'both.xlsx');
  await writeCustomerIdList(list, [
    ['T-5', 'Five GmbH', 'K-1'],
    ['T-6', '', 'K-6'], // no name: invalid, fixed in the file
  ]);
  const where = run.where();
  const onboarded = await runCli([list, ...where, '--yes'], env);
  expect(parseSummary(lastLine(onboarded))).toMatchObject({ rows: 2, created: 1, invalid: 1 });
  const results = path.join(run.dir(), 'both.results.xlsx');
  const supplierNo = { column: 'Supplier No', value: 'T-5' };
  expect(await correctOnErrorsSheet(results, supplierNo, 'Customer ID', 'K-55')).toBeDefined();
  const invalid = { column: 'Supplier No', value: 'T-6' };
  expect(await correctOnErrorsSheet(results, invalid, 'Name', 'Six GmbH')).toBeDefined();

  // No --yes: the retry job runs (it orders nothing to confirm), and the identifiers job is
  // made beside it, sending nothing until it is resumed.
  const retried = await runCli(['--retry-from', results, ...where], env);
  expect(retried.code, retried.stderr + retried.stdout).toBe(0);
  expect(parseSummary(lastLine(retried))).toMatchObject({ rows: 1, created: 1 });
  const made = /Made identifiers job (\S+): 1 corrected id to add\./.exec(retried.stdout);
  expect(made, retried.stdout).not.toBeNull();
  expect(retried.stdout).toContain(`Run it once this job has ended: --resume ${made![1]}`);
  expect(await holderOf('K-55')).toBeNull();

  const fixed = await runCli(['--resume', made![1]!, ...where], env);
  expect(fixed.code, fixed.stderr + fixed.stdout).toBe(0);
  expect(parseSummary(lastLine(fixed))).toMatchObject({ rows: 1, added: 1 });
  expect(await holderOf('K-55')).not.toBeNull();
}, 120_000);
