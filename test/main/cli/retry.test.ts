// `--retry-from`: a results file fixed in Excel comes back on the command line. A list with three
// invalid rows runs on the built-in sandbox; two rows are fixed in the results workbook, and the
// retry sends exactly those two, once, without touching the rows already done.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import {
  builtInSandboxStats,
  lastLine,
  resultRows,
  runCli,
  tempDir,
  writeSupplierList,
  type CliResult,
} from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let home: string;
let env: Record<string, string>;
let list: string;
let results: string;
let ids: string[];
const FAST = ['--sandbox-processing-ms', '50'];

/** Ids of the rows made invalid: no city, an unknown country, no name (left unfixed). */
let noCity: string;
let badCountry: string;
let noName: string;

beforeAll(async () => {
  tmp = await tempDir('onboard-retry-');
  home = path.join(tmp.dir, 'data');
  env = { SUPPLIER_ONBOARDING_HOME: home };
  list = path.join(tmp.dir, 'list.xlsx');
  results = path.join(tmp.dir, 'list.results.xlsx');
  ids = await writeSupplierList(list, 8, 700);
  [noCity, badCountry, noName] = [ids[1]!, ids[2]!, ids[6]!];
  await editSheet(list, 'Suppliers', (get) => {
    get(noCity, 'City').value = null;
    get(badCountry, 'Country').value = 'Atlantis';
    get(noName, 'Name').value = null;
  });
});

afterAll(async () => {
  await tmp?.remove();
});

type Cell = ExcelJS.Cell;

/** Edits cells of one sheet by supplier id (column A) and header, as a user would in Excel. */
async function editSheet(
  file: string,
  sheet: string,
  edit: (get: (id: string, header: string) => Cell) => void,
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet(sheet)!;
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  edit((id, header) => {
    let found: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (String(row.getCell(1).value) === id) found = row;
    });
    const col = headers.indexOf(header);
    if (!found || col < 1) throw new Error(`no cell ${id}/${header} in ${file}`);
    return found.getCell(col);
  });
  await wb.xlsx.writeFile(file);
}

function jobCount(): number {
  const journal = openJournal({ path: path.join(home, 'journal.sqlite') });
  try {
    return journal.listJobs().length;
  } finally {
    journal.close();
  }
}

/** Supplier ids of the rows of a job, from the journal. */
function jobRowIds(jobId: string): string[] {
  const journal = openJournal({ path: path.join(home, 'journal.sqlite') });
  try {
    return [...journal.eachRow(jobId)]
      .map((r) => String((r.payload as { supplierId?: { id?: string } } | null)?.supplierId?.id))
      .sort();
  } finally {
    journal.close();
  }
}

/** What the built-in sandbox holds, from its state file (the command has ended). */
const sandboxStats = () => builtInSandboxStats(home);

const out = (r: CliResult) => r.stdout + r.stderr;

describe('--retry-from a results file fixed in Excel', () => {
  let retried: CliResult;

  it('a first run creates the valid rows and leaves three invalid ones (exit code 1)', async () => {
    const r = await runCli([list, ...FAST], env);
    expect(r.code, out(r)).toBe(1);
    expect(lastLine(r)).toBe(
      'rows=8 created=5 existing=0 invalid=3 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    const stats = await sandboxStats();
    expect(stats.createRequestsAccepted).toBe(5);
  }, 60_000);

  it('sends again exactly the two rows fixed, once each, and writes their results apart', async () => {
    await editSheet(results, 'Results', (get) => {
      get(noCity, 'City').value = 'Lyon';
      get(badCountry, 'Country').value = 'IT';
    });
    const fixedFile = await readFile(results);

    retried = await runCli(['--retry-from', results, ...FAST], env);
    expect(retried.code, out(retried)).toBe(0);
    expect(retried.stdout).toContain(
      '2 rows to send again, 1 still invalid (see the Status column), 5 already done, 0 not matched.',
    );
    expect(retried.stdout).toMatch(
      /list\.results\.xlsx holds the results of job \S+ \(list\.xlsx · Suppliers\)/,
    );
    expect(retried.stdout).toContain('The row still invalid stays out of this job');
    expect(lastLine(retried)).toBe(
      'rows=2 created=2 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );

    // The new job holds the two fixed rows and nothing else.
    const made = /Made job (\S+) with the rows to send again\./.exec(retried.stdout);
    expect(made, retried.stdout).not.toBeNull();
    expect(jobRowIds(made![1]!)).toEqual([noCity, badCountry].sort());

    // Every supplier of the list exists once; the retry added exactly two creations.
    const stats = await sandboxStats();
    expect(stats.createRequestsAccepted).toBe(7);
    const created = Object.keys(stats.creationsByIdentity).filter((k) => k.startsWith('T0007'));
    expect(created.sort()).toEqual(
      ids
        .filter((id) => id !== noName)
        .map((id) => `${id}|ERP`)
        .sort(),
    );
    expect(Object.entries(stats.creationsByIdentity).filter(([, n]) => n !== 1)).toEqual([]);

    // The results of the retry go next to the file, under a name of their own: the fixed file
    // is left as the user saved it.
    const retryResults = path.join(tmp.dir, 'list.results.results.xlsx');
    expect(retried.stdout).toContain(`Results: ${retryResults} (2 rows, 0 need attention).`);
    const rows = await resultRows(retryResults);
    expect(rows.map((r) => [r['Supplier No'], r.City, r.Country, r.Status])).toEqual([
      [noCity, 'Lyon', 'FR', 'Done'],
      [badCountry, 'Milano', 'IT', 'Done'],
    ]);
    for (const r of rows) expect(String(r['Platform ID'])).toMatch(/^\d+$/);
    expect((await readFile(results)).equals(fixedFile)).toBe(true);
  }, 60_000);

  it('the same file again, unchanged, makes no job and exits 0', async () => {
    expect(retried?.code).toBe(0);
    const before = jobCount();
    const r = await runCli(['--retry-from', results, ...FAST], env);
    expect(r.code, out(r)).toBe(0);
    expect(r.stdout).toMatch(/"list\.results\.xlsx" has not changed since it made job \S+/);
    expect(r.stdout).toContain('nothing new to send');
    expect(lastLine(r)).toBe(
      'rows=0 created=0 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
    expect(jobCount()).toBe(before);
  }, 60_000);

  it('a results file with nothing to send again says so, makes no job and exits 0', async () => {
    expect(retried?.code).toBe(0);
    const before = jobCount();
    const r = await runCli(
      ['--retry-from', path.join(tmp.dir, 'list.results.results.xlsx'), '--json'],
      env,
    );
    expect(r.code, out(r)).toBe(0);
    const lines = r.lines.filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as object);
    expect(lines).toContainEqual(
      expect.objectContaining({
        type: 'log',
        message:
          '0 rows to send again, 0 still invalid (see the Status column), 2 already done, 0 not matched.',
        retryFrom: expect.objectContaining({ retry: 0, alreadyDone: 2, jobId: null }),
      }),
    );
    expect(lines).toContainEqual({
      type: 'log',
      message: 'Nothing to send again: no job was made.',
    });
    expect(lines.at(-1)).toMatchObject({ type: 'summary', jobId: null, rows: 0, pending: 0 });
    expect(jobCount()).toBe(before);
    expect((await sandboxStats()).createRequestsAccepted).toBe(7);
  }, 60_000);
});

describe('--retry-from refuses what it cannot use, with exit code 2', () => {
  it('a supplier list that is not a results file', async () => {
    const before = jobCount();
    const r = await runCli(['--retry-from', list], env);
    expect(r.code, out(r)).toBe(2);
    expect(r.stderr).toContain('"list.xlsx" is not a results file: it has no Status column');
    expect(r.stderr).toContain('give it without --retry-from');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(jobCount()).toBe(before);
  }, 60_000);

  it('a results file of a job this journal does not have', async () => {
    const elsewhere = path.join(tmp.dir, 'elsewhere');
    const r = await runCli(['--retry-from', results], {
      SUPPLIER_ONBOARDING_HOME: elsewhere,
    });
    expect(r.code, out(r)).toBe(2);
    expect(r.stderr).toContain(
      `No job in the journal ${path.join(elsewhere, 'journal.sqlite')} wrote "list.results.xlsx" (it holds no job yet).`,
    );
    expect(r.stderr).toContain('--data-dir or --journal');
  }, 60_000);

  it('a results file whose supplier columns were moved', async () => {
    const moved = path.join(tmp.dir, 'list.results moved.xlsx');
    await copyFile(results, moved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(moved);
    wb.getWorksheet('Results')!.spliceColumns(2, 0, ['Remark']);
    await wb.xlsx.writeFile(moved);
    const before = jobCount();
    const r = await runCli(['--retry-from', moved], env);
    expect(r.code, out(r)).toBe(2);
    expect(r.stderr).toMatch(/Column B of "list\.results moved\.xlsx" is "Remark", but job \S+/);
    expect(jobCount()).toBe(before);
  }, 60_000);

  it('a missing file, and options that belong to the job it came from', async () => {
    const missing = await runCli(['--retry-from', path.join(tmp.dir, 'nope.results.xlsx')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/The results file ".*nope\.results\.xlsx" was not found/);

    const options = await runCli(
      ['--retry-from', results, '--validate', '--mapping', 'm.json'],
      env,
    );
    expect(options.code).toBe(2);
    expect(options.stderr).toContain('leave out --mapping, --validate');

    const both = await runCli([list, '--retry-from', results], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');

    const other = await runCli(['--retry-from', results, '--base-url', 'http://127.0.0.1:9'], env);
    expect(other.code, out(other)).toBe(2);
    expect(other.stderr).toContain('which ran on the built-in sandbox');
  }, 60_000);
});

describe('a results file that cannot be written', () => {
  it('is said before anything is sent, with the command that writes it elsewhere', async () => {
    const other = path.join(tmp.dir, 'other.xlsx');
    await writeSupplierList(other, 2, 900);
    const folder = path.join(tmp.dir, 'taken.xlsx');
    await mkdir(folder);
    const before = (await sandboxStats()).createRequestsAccepted;
    const r = await runCli([other, '--out', folder, ...FAST], env);
    expect(r.code, out(r)).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^"${folder.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" is a folder, so the results cannot be written in its place\\. Choose another file name\\. Nothing was sent\\. Name another results file: npm run onboard -- --resume \\S+ --sandbox-processing-ms 50 --out FILE\\.xlsx$`,
        'm',
      ),
    );
    expect((await sandboxStats()).createRequestsAccepted).toBe(before);
  }, 60_000);
});

describe('a results file is recognised by its content, not its name', () => {
  it('written with --out, renamed and fixed, it comes back with --retry-from', async () => {
    const own = path.join(tmp.dir, 'own');
    const ownEnv = { SUPPLIER_ONBOARDING_HOME: own };
    const source = path.join(tmp.dir, 'lieferliste.xlsx');
    const written = await writeSupplierList(source, 4, 950);
    const broken = written[2]!;
    await editSheet(source, 'Suppliers', (get) => {
      get(broken, 'City').value = null;
    });
    const custom = path.join(tmp.dir, 'april run.xlsx');
    const first = await runCli([source, '--out', custom, ...FAST], ownEnv);
    expect(first.code, out(first)).toBe(1);
    // Renamed by the user, then fixed in Excel: nothing in its name says which job wrote it.
    const renamed = path.join(tmp.dir, 'fixes for Monday.xlsx');
    await copyFile(custom, renamed);
    await editSheet(renamed, 'Results', (get) => {
      get(broken, 'City').value = 'Wien';
    });
    const r = await runCli(['--retry-from', renamed, ...FAST], ownEnv);
    expect(r.code, out(r)).toBe(0);
    expect(r.stdout).toMatch(/fixes for Monday\.xlsx holds the results of job \S+ \(lieferliste/);
    expect(r.stdout).toContain(
      '1 row to send again, 0 still invalid (see the Status column), 3 already done, 0 not matched.',
    );
    expect(lastLine(r)).toBe(
      'rows=1 created=1 existing=0 invalid=0 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
  }, 60_000);
});
