// An onboarding row whose customer id is on another supplier, on the command line against a
// sandbox over real HTTP: the Errors sheet's advice names the steps that work, and the results
// file brought back with the id corrected offers an identifiers job (made with --yes) that adds
// the corrected id to the row's own supplier, once.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
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
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow([
    'Supplier No',
    'Name',
    'Street',
    'Postal code',
    'City',
    'Country',
    'Source',
    'Customer ID',
  ]);
  ws.addRow(['T-1', 'New One GmbH', 'Street 1', '10115', 'Berlin', 'DE', 'ERP', 'K-1']);
  ws.addRow(['T-2', 'New Two GmbH', 'Street 2', '10115', 'Berlin', 'DE', 'ERP', 'K-2']);
  await wb.xlsx.writeFile(list);
  const where = run.where();

  const onboarded = await runCli([list, ...where, '--yes'], env);
  expect(parseSummary(lastLine(onboarded))).toMatchObject({ rows: 2, created: 2 });
  const holder = await holderOf('K-1');
  expect(holder).not.toBeNull();

  // The Errors sheet says the steps that work, not "correct the row, then retry it".
  const results = path.join(run.dir(), 'list.results.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(results);
  const errors = book.worksheets.find((s) => s.name === 'Errors')!;
  const header = Array.from(errors.getRow(1).values as unknown[], (v) => String(v ?? ''));
  const idColumn = header.indexOf('Customer ID');
  let advice = '';
  let fixed = false;
  errors.eachRow((row, n) => {
    if (n === 1) return;
    const cells = Array.from(row.values as unknown[], (v) => String(v ?? ''));
    if (!cells.includes('T-1')) return;
    advice = cells.find((c) => c.includes('The identifier')) ?? cells.join(' | ');
    // The user corrects the id in the Errors sheet.
    row.getCell(idColumn).value = 'K-9';
    fixed = true;
  });
  expect(fixed).toBe(true);
  expect(advice).toContain(
    `The identifier K-1 belongs to another supplier (platform id ${holder})`,
  );
  expect(advice).toContain('correct it here and bring this file back (--retry-from');
  expect(advice).toContain(
    `first remove it from platform id ${holder}, then add it to platform id`,
  );
  expect(advice).not.toContain('then retry it');
  await book.xlsx.writeFile(results);
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
