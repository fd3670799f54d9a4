// `--retry-from FILE --yes` with platform ids typed into the results' `Attach to platform ID`:
// the rows are attached to those suppliers (their ids added there), none is created, and the
// summary says so before anything is sent; an id no active supplier has is that row's problem and
// nothing is sent for it. The built command line against the built-in sandbox, whose state file
// tells what it received.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInSandboxStats, lastLine, resultRows, runCli, tempDir, type CliResult } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let home: string;
let env: Record<string, string>;
const FAST = ['--sandbox-processing-ms', '50'];

// Three rows like suppliers of the sample base (held for a decision), one plain new row.
const ROWS = [
  'Supplier ID,Source,Name,Street,Postal code,City,Country',
  'ATT-1,ERP,NORDWIND STAHLBAU GMBH,Am Sandtorkai 12,20457,Hamburg,DE',
  'ATT-2,ERP,Atelier Lumiere S.A.R.L.,14 rue de la Republique,69002,Lyon,FR',
  'ATT-3,ERP,"Great Lakes Packaging, Inc.",1200 Lakeside Ave,44114,Cleveland,US',
  'ATT-4,ERP,Fjord Marine AS,Strandkaien 2,5013,Bergen,NO',
];

beforeAll(async () => {
  tmp = await tempDir('onboard-attach-');
  home = path.join(tmp.dir, 'data');
  env = { SUPPLIER_ONBOARDING_HOME: home };
});

afterAll(async () => {
  await tmp?.remove();
});

const sandboxStats = () => builtInSandboxStats(home);

/** Types a platform id into Attach to platform ID, by supplier id, as a user does in Excel. */
async function typeAttach(file: string, byId: Record<string, string>): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('Results')!;
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = headers.indexOf('Attach to platform ID');
  expect(col).toBeGreaterThan(0);
  ws.eachRow((row) => {
    const id = byId[String(row.getCell(1).value)];
    if (id) row.getCell(col).value = id;
  });
  await wb.xlsx.writeFile(file);
}

const out = (r: CliResult) => r.stdout + r.stderr;

describe('--retry-from with Attach to platform ID', () => {
  it('attaches the rows to the suppliers typed, creates none, and says so first', async () => {
    const list = path.join(tmp.dir, 'list.csv');
    const results = path.join(tmp.dir, 'list.results.xlsx');
    await writeFile(list, ROWS.join('\n') + '\n', 'utf8');
    const first = await runCli([list, ...FAST, '--yes', '--out', results], env);
    expect(out(first)).toMatch(/3 rows wait for your decision/);
    const before = await resultRows(results);
    // The column is there, empty, for the user to type into.
    expect(Object.keys(before[0]!)).toContain('Attach to platform ID');
    expect(before.every((r) => r['Attach to platform ID'] === null)).toBe(true);
    const platformOf = (id: string) =>
      /platform (\d+)/.exec(
        String(before.find((r) => r['Supplier ID'] === id)!['Likely duplicate of']),
      )![1]!;
    const nordwind = platformOf('ATT-1');
    const atelier = platformOf('ATT-2');
    let stats = await sandboxStats();
    expect(stats.creationsByIdentity['ATT-4|ERP']).toBe(1);

    // Nordwind and Atelier typed by their platform ids; Great Lakes by an id nobody has; the
    // row created already by the id of Nordwind.
    await typeAttach(results, {
      'ATT-1': nordwind,
      'ATT-2': atelier,
      'ATT-3': '999999',
      'ATT-4': nordwind,
    });
    const r = await runCli(['--retry-from', results, '--yes', ...FAST], env);
    const said = out(r);
    const summary = said.indexOf(
      `2 rows will be attached to existing suppliers: row 2 → platform ${nordwind} (Nordwind Stahlbau GmbH), row 3 → platform ${atelier} (Atelier Lumière SARL).`,
    );
    expect(summary, said).toBeGreaterThan(-1);
    expect(said).toContain(
      'No active supplier on the platform has the platform id typed in Attach to platform ID for row 4 (999999): nothing is sent for it.',
    );
    expect(said).toContain(
      'Row 5 has a platform id in Attach to platform ID, but its supplier was created already',
    );
    // Said before anything was sent: before the run's first progress and its key line.
    expect(summary).toBeLessThan(said.indexOf(lastLine(r)));
    expect(lastLine(r)).toMatch(/^rows=3 created=0 existing=2 invalid=1 /);
    expect(r.code, said).toBe(1);

    stats = await sandboxStats();
    // Nothing created for the rows attached, nor for the one whose id nobody has.
    for (const id of ['ATT-1', 'ATT-2', 'ATT-3'])
      expect(stats.creationsByIdentity[`${id}|ERP`] ?? 0).toBe(0);
    expect(stats.creationsByIdentity['ATT-4|ERP']).toBe(1);
    // Each row's supplier id on the supplier typed, once.
    const adds = stats.changesByIdentity.identifier_add;
    expect(adds[[nordwind, 'SUPPLIER_ID', 'ATT-1', 'ERP'].join('\u001f')]).toBe(1);
    expect(adds[[atelier, 'SUPPLIER_ID', 'ATT-2', 'ERP'].join('\u001f')]).toBe(1);
    expect(Object.keys(adds).filter((k) => k.includes('ATT-3') || k.includes('ATT-4'))).toEqual([]);

    // The retry's results: the attached rows done on their suppliers, the unknown id explained.
    const retried = await resultRows(path.join(tmp.dir, 'list.results.results.xlsx'));
    const byId = Object.fromEntries(retried.map((x) => [x['Supplier ID'], x]));
    expect(byId['ATT-1']).toMatchObject({ Status: 'Done', 'Platform ID': nordwind });
    expect(byId['ATT-2']).toMatchObject({ Status: 'Done', 'Platform ID': atelier });
    expect(String(byId['ATT-3']!['Error message'])).toContain('platform id 999999');
  }, 120_000);
});
