// The app's own supplier-base export, edited by the user, runs as a deactivate list and as an
// identifiers list on the command line with no mapping file: `--export-suppliers` against a
// sandbox over real HTTP, a column added and the other rows deleted with exceljs, then
// `--operation deactivate` or `--operation identifiers` on the workbook. The suggested mapping
// names the supplier by the export's Platform ID column; the sandbox's own counts say what was
// done, each change once.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { lastLine, parseSummary, runCli, sandboxPerTest } from './cli';

const TOKEN = 'base-to-kinds-cli-token';
const env = { ONBOARD_TOKEN: TOKEN };
const DEACTIVATE_SUMMARY =
  /^rows=\d+ deactivated=\d+ already_inactive=\d+ not_found=\d+ invalid=\d+ failed=\d+ pending=\d+$/;
const IDENTIFIERS_SUMMARY =
  /^rows=\d+ added=\d+ already_present=\d+ removed=\d+ not_present=\d+ on_other=\d+ not_found=\d+ invalid=\d+ failed=\d+ pending=\d+$/;

// Five suppliers with platform ids of their own. Two carry no supplier id (the export's Supplier
// ID cell is empty: only the platform id names them), and one has a country code the platform
// kept from before (Netherlands Antilles) that no list of countries knows any more: a deactivate
// or identifiers job does not read the country, so it must not stop the row.
const SEEDS = [
  {
    platformTargetId: 7101,
    name: 'Alpha GmbH',
    countryCode: 'DE',
    city: 'Berlin',
    address: 'Alpha 1',
    supplierIds: [{ id: 'S-1', source: 'ERP' }],
    customerIds: [{ id: 'K-1' }],
  },
  {
    platformTargetId: 7102,
    name: 'Beta AG',
    countryCode: 'DE',
    city: 'Köln',
    address: 'Beta 2',
    ownIds: [{ id: 'OWN-2' }],
  },
  {
    platformTargetId: 7103,
    name: 'Gamma BV',
    countryCode: 'AN',
    city: 'Willemstad',
    address: 'Gamma 3',
    supplierIds: [{ id: 'S-3', source: 'ERP' }],
  },
  {
    platformTargetId: 7104,
    name: 'Delta SA',
    countryCode: 'FR',
    city: 'Lyon',
    address: 'Delta 4',
    supplierIds: [
      { id: 'S-4', source: 'ERP' },
      { id: '000104', source: 'SAP' },
    ],
  },
  {
    platformTargetId: 7105,
    name: 'Epsilon Srl',
    countryCode: 'IT',
    city: 'Milano',
    address: 'Epsilon 5',
  },
];

const run = sandboxPerTest(TOKEN, SEEDS, 'onboard-base-kinds-');

/** `--export-suppliers` from the test's sandbox (the saved connection, the token from the
 *  environment); the workbook's path. */
async function exportBase(name: string, suppliers = SEEDS.length): Promise<string> {
  const out = path.join(run.dir(), name);
  const r = await runCli(
    [
      '--export-suppliers',
      out,
      '--connection',
      'local sandbox',
      '--token-env',
      'ONBOARD_TOKEN',
      '--data-dir',
      run.dataDir(),
    ],
    env,
  );
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(lastLine(r)).toMatch(new RegExp(`^suppliers=${suppliers} .*complete=true$`));
  return out;
}

/**
 * The user's edit of the export: the rows of `keep` (by platform id) stay, the others are
 * deleted; `added` columns go after the export's own, each row's cells from `cells`. Written as
 * a new workbook beside the export. Returns its path and the export's header.
 */
async function editExport(
  file: string,
  keep: readonly number[],
  added: readonly string[],
  cells: (platformId: number) => readonly string[],
): Promise<{ file: string; header: string[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.getWorksheet('Suppliers');
  if (!sheet) throw new Error('the export has no Suppliers sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header[0]).toBe('Platform ID');
  // Bottom up, so that the row numbers left to visit do not move.
  const seen: number[] = [];
  for (let n = sheet.rowCount; n >= 2; n--) {
    const platformId = Number(sheet.getRow(n).getCell(1).text);
    seen.push(platformId);
    if (!keep.includes(platformId)) sheet.spliceRows(n, 1);
  }
  expect(seen.sort()).toEqual(SEEDS.map((s) => s.platformTargetId).sort());
  added.forEach((h, i) => (sheet.getRow(1).getCell(header.length + 1 + i).value = h));
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const values = cells(Number(row.getCell(1).text));
    values.forEach((v, i) => (row.getCell(header.length + 1 + i).value = v));
  }
  const edited = file.replace(/\.xlsx$/, '.edited.xlsx');
  await book.xlsx.writeFile(edited);
  return { file: edited, header };
}

/** The mapping the command line says it suggested: `field ← "Header"` pairs. */
function suggested(stdout: string): Map<string, string> {
  const line = stdout.split('\n').find((l) => l.includes(' ← "')) ?? '';
  return new Map([...line.matchAll(/([\w.]+) ← "([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

it('the export with an Action column added runs as a deactivate list, no mapping file', async () => {
  const exported = await exportBase('base.xlsx');
  // Three suppliers to deactivate: one named by its supplier id too, one by its platform id
  // alone, one with the old country code.
  const { file } = await editExport(exported, [7101, 7102, 7103], ['Action'], () => ['deactivate']);
  const before = run.sandbox().stats();
  expect(before.suppliers).toBe(5);

  const r = await runCli([file, '--operation', 'deactivate', ...run.where(), '--yes'], env);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const mapping = suggested(r.stdout);
  expect(mapping.get('platformId')).toBe('Platform ID');
  expect(mapping.get('supplierId.id')).toBe('Supplier ID');
  expect(mapping.get('supplierId.source')).toBe('Supplier ID source');
  expect(r.stdout).toContain('3 suppliers will be deactivated.');
  // Whom, before the start: each as the check found it on the platform, by its platform id.
  expect(r.stdout).toContain('The 3 suppliers to deactivate, as the check found them:');
  for (const id of [7101, 7102, 7103])
    expect(r.stdout).toMatch(new RegExp(`row \\d+: [^(\\n–]+ \\([^)\\n]+\\), platform ${id}\\n`));
  const line = lastLine(r);
  expect(line).toMatch(DEACTIVATE_SUMMARY);
  expect(parseSummary(line)).toMatchObject({
    rows: 3,
    deactivated: 3,
    already_inactive: 0,
    not_found: 0,
    invalid: 0,
    failed: 0,
    pending: 0,
  });

  // The sandbox deactivated exactly those three, once each, and kept the other two.
  const after = run.sandbox().stats();
  expect(after.suppliers).toBe(2);
  expect(after.changesByIdentity.deactivate).toEqual({ '7101': 1, '7102': 1, '7103': 1 });
  expect(after.changesByIdentity.identifier_add).toEqual({});
  expect(after.changesByIdentity.identifier_remove).toEqual({});
  // Nothing was created: the kind never sends the export's names and addresses as suppliers.
  expect(after.createRequestsAccepted).toBe(before.createRequestsAccepted);

  // The export of what is left agrees.
  const again = new ExcelJS.Workbook();
  await again.xlsx.readFile(await exportBase('after.xlsx', 2));
  const left: number[] = [];
  again.getWorksheet('Suppliers')!.eachRow((row, n) => {
    if (n > 1) left.push(Number(row.getCell(1).text));
  });
  expect(left.sort()).toEqual([7104, 7105]);
}, 120_000);

it('the export with Identifier type and Identifier columns runs as an identifiers list, no mapping file', async () => {
  const exported = await exportBase('base.xlsx');
  const changes: Record<number, readonly string[]> = {
    7101: ['Customer ID', 'K-NEW-1'],
    7102: ['Own ID', 'OWN-NEW-2'],
    7103: ['Customer ID', 'K-NEW-3'],
    // The identifier is on the supplier already: nothing to add.
    7104: ['Supplier ID', 'S-4'],
  };
  const { file } = await editExport(
    exported,
    [7101, 7102, 7103, 7104],
    ['Identifier type', 'Identifier'],
    (id) => changes[id] ?? ['', ''],
  );

  const r = await runCli([file, '--operation', 'identifiers', ...run.where(), '--yes'], env);
  const mapping = suggested(r.stdout);
  expect(mapping.get('platformId')).toBe('Platform ID');
  expect(mapping.get('identifier.type')).toBe('Identifier type');
  expect(mapping.get('identifier.id')).toBe('Identifier');
  const line = lastLine(r);
  expect(line, r.stdout + r.stderr).toMatch(IDENTIFIERS_SUMMARY);
  expect(parseSummary(line)).toMatchObject({
    rows: 4,
    added: 3,
    already_present: 1,
    removed: 0,
    on_other: 0,
    not_found: 0,
    invalid: 0,
    failed: 0,
    pending: 0,
  });
  expect(r.code, r.stdout + r.stderr).toBe(0);

  // Each identifier added once, to the supplier of the row's platform id.
  const stats = run.sandbox().stats();
  const sep = '\u001f';
  expect(stats.changesByIdentity.identifier_add).toEqual({
    [['7101', 'CUSTOMER_ID', 'K-NEW-1', ''].join(sep)]: 1,
    [['7102', 'OWN_ID', 'OWN-NEW-2', ''].join(sep)]: 1,
    [['7103', 'CUSTOMER_ID', 'K-NEW-3', ''].join(sep)]: 1,
  });
  expect(stats.changesByIdentity.identifier_remove).toEqual({});
  expect(stats.changesByIdentity.deactivate).toEqual({});
  expect(stats.suppliers).toBe(5);
}, 120_000);

it('the export with an Action column besides runs each row as its Action says', async () => {
  const exported = await exportBase('base.xlsx');
  const { file } = await editExport(
    exported,
    [7101, 7102],
    ['Identifier type', 'Identifier', 'Action'],
    (id) => (id === 7101 ? ['Kundennummer', 'K-1', 'entfernen'] : ['own id', 'OWN-9', 'add']),
  );
  const r = await runCli([file, '--operation', 'identifiers', ...run.where(), '--yes'], env);
  expect(suggested(r.stdout).get('identifier.action')).toBe('Action');
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(parseSummary(lastLine(r))).toMatchObject({ rows: 2, added: 1, removed: 1, invalid: 0 });
  const stats = run.sandbox().stats();
  const key = (...parts: string[]) => parts.join('\u001f');
  expect(stats.changesByIdentity.identifier_add).toEqual({
    [key('7102', 'OWN_ID', 'OWN-9', '')]: 1,
  });
  expect(stats.changesByIdentity.identifier_remove).toEqual({
    [key('7101', 'CUSTOMER_ID', 'K-1', '')]: 1,
  });
}, 120_000);
