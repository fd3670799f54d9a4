// Likely duplicates on the command line (issue 30), against a sandbox over real HTTP seeded with
// the practice base (SAMPLE_SUPPLIERS): the list of test/lists.ts writeDuplicatesList has two
// groups within the list (rows 2, 5, 11 and 3, 9) and three rows like suppliers the platform has
// (rows 4, 7, 10). The check holds those eight back; without --duplicates a piped run creates the
// rest and ends with exit code 1 and how to decide; --duplicates keep, skip and attach decide for
// all of them, before the start; a run killed mid-way and resumed with the same decision creates
// no supplier twice. The results workbook says each row's duplicates and decision, in English
// and German.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SAMPLE_SUPPLIERS, startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { writeDuplicatesList } from '../../lists';
import {
  jsonLine,
  lastLine,
  parseSummary,
  readWorkbook,
  runCli,
  sandboxPerTest,
  saveConnection,
  startCli,
  tempDir,
  type SheetData,
} from './cli';

const TOKEN = 'duplicates-cli-token';
const env = { ONBOARD_TOKEN: TOKEN };
const run = sandboxPerTest(TOKEN, [...SAMPLE_SUPPLIERS], 'onboard-duplicates-');

/** The list's supplier id of a sheet row (the header is row 1). */
const idOf = (row: number) => `DUP-${String(row - 1).padStart(3, '0')}`;
const ROWS = Array.from({ length: 13 }, (_, i) => i + 2);
const GROUPS = [
  [2, 5, 11],
  [3, 9],
];
const LIKE_BASE = [4, 7, 10];
const WAITING = [...GROUPS.flat(), ...LIKE_BASE].sort((a, b) => a - b);
const FOUND =
  'Likely duplicates: 2 groups within the list (5 rows); 3 rows look like suppliers the platform has; 8 rows wait for your decision.';

const createdIn = (sandbox: SandboxHandle, row: number) =>
  sandbox.stats().creationsByIdentity[`${idOf(row)}|ERP`] ?? 0;

async function list(name = 'dups.xlsx'): Promise<string> {
  const file = path.join(run.dir(), name);
  await writeDuplicatesList(file);
  return file;
}

/** The Results sheet's rows by supplier id, each a function from a header to its cell. */
function byId(sheet: SheetData): Map<string, (header: string) => unknown> {
  const header = sheet.rows[0] as string[];
  const out = new Map<string, (header: string) => unknown>();
  for (const r of sheet.rows.slice(1)) {
    out.set(String(r[0]), (h) => {
      const i = header.indexOf(h);
      if (i < 0) throw new Error(`no column ${h} in ${header.join(', ')}`);
      return r[i] ?? null;
    });
  }
  return out;
}

const sheetOf = async (file: string, name: string) => {
  const sheets = await readWorkbook(file);
  const found = sheets.find((s) => s.name === name);
  if (!found) throw new Error(`no sheet ${name}: ${sheets.map((s) => s.name).join(', ')}`);
  return found;
};

it('a piped run without --duplicates creates the rest, leaves the eight waiting with exit code 1, and --resume --duplicates keep creates them once', async () => {
  const file = await list();
  const sandbox = run.sandbox();
  const r = await runCli([file, ...run.where()], env);
  expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(r.lines).toContain(FOUND);
  expect(r.stdout).toContain('  Group 1: rows 2, 5, 11 – Müller Holzbau GmbH & Co. KG');
  expect(r.stdout).toMatch(
    / {2}Row 4 – NORDWIND STAHLBAU GMBH.* – looks like platform \d+: Nordwind Stahlbau GmbH/,
  );
  // The plan before the start says what happens to them.
  expect(r.lines).toContain(
    '  8 rows wait for your decision as likely duplicates: they are not created (--duplicates keep|skip|attach decides).',
  );
  // The end says how many wait and how to decide.
  const end = r.lines.find((l) => l.startsWith('8 rows wait for your decision'));
  expect(end).toMatch(
    /^8 rows wait for your decision as likely duplicates: they are not created until you decide\. Decide with: npm run onboard -- --resume (\S+) .*--duplicates keep\|skip\|attach/,
  );
  expect(parseSummary(lastLine(r))).toMatchObject({
    rows: 13,
    created: 5,
    existing: 0,
    failed: 0,
    pending: 8,
  });
  // The waiting rows were not created; the others once.
  for (const row of ROWS)
    expect(createdIn(sandbox, row), idOf(row)).toBe(WAITING.includes(row) ? 0 : 1);

  // The results say who each waiting row likely is, and that it waits (on the Errors sheet too).
  const results = path.join(run.dir(), 'dups.results.xlsx');
  const rows = byId(await sheetOf(results, 'Results'));
  expect(rows.get(idOf(2))!('Likely duplicate of')).toBe('row 5; row 11');
  expect(rows.get(idOf(9))!('Likely duplicate of')).toBe('row 3');
  expect(rows.get(idOf(4))!('Likely duplicate of')).toMatch(/^platform \d+$/);
  for (const row of WAITING) {
    expect(rows.get(idOf(row))!('Status')).toBe('Likely duplicate');
    expect(rows.get(idOf(row))!('Duplicate decision')).toBe('waiting for your decision');
  }
  for (const row of [6, 8, 12]) {
    expect(rows.get(idOf(row))!('Likely duplicate of')).toBeNull();
    expect(rows.get(idOf(row))!('Duplicate decision')).toBeNull();
  }
  const errors = await sheetOf(results, 'Errors');
  expect(errors.rows.slice(1).map((x) => x[0])).toEqual(WAITING.map(idOf));

  // The same job, decided: every waiting row is created, once.
  const jobId = /--resume (\S+)/.exec(end!)![1]!;
  const again = await runCli(['--resume', jobId, '--duplicates', 'keep', ...run.where()], env);
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.lines).toContain(
    'Decided (keep) for 8 rows: 8 kept, 0 left out, 0 attached to a supplier the platform has.',
  );
  expect(again.lines).toContain('  8 likely duplicates are created anyway, as you decided.');
  expect(parseSummary(lastLine(again))).toMatchObject({ rows: 13, created: 13, pending: 0 });
  for (const row of ROWS) expect(createdIn(sandbox, row), idOf(row)).toBe(1);
  const kept = byId(await sheetOf(results, 'Results'));
  for (const row of WAITING) {
    expect(kept.get(idOf(row))!('Status')).toBe('Done');
    expect(kept.get(idOf(row))!('Duplicate decision')).toBe('kept');
  }
}, 120_000);

it('--duplicates skip keeps the first row of each group and leaves out the others and the rows like a platform supplier', async () => {
  const file = await list();
  const sandbox = run.sandbox();
  const r = await runCli([file, '--duplicates', 'skip', ...run.where()], env);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.lines).toContain(FOUND);
  expect(r.lines).toContain(
    'Decided (skip) for 8 rows: 2 kept, 6 left out, 0 attached to a supplier the platform has.',
  );
  expect(r.lines).toContain('  6 likely duplicates are left out: they are not created.');
  expect(r.stdout).not.toContain('wait for your decision as likely duplicates');
  expect(parseSummary(lastLine(r))).toMatchObject({ rows: 13, created: 7, pending: 0 });
  const out = [5, 11, 9, ...LIKE_BASE];
  for (const row of ROWS)
    expect(createdIn(sandbox, row), idOf(row)).toBe(out.includes(row) ? 0 : 1);
  const rows = byId(await sheetOf(path.join(run.dir(), 'dups.results.xlsx'), 'Results'));
  expect(rows.get(idOf(2))!('Duplicate decision')).toBe('kept');
  expect(rows.get(idOf(3))!('Duplicate decision')).toBe('kept');
  for (const row of out) {
    expect(rows.get(idOf(row))!('Status')).toBe('Skipped');
    expect(rows.get(idOf(row))!('Duplicate decision')).toBe('left out');
  }
  expect(rows.get(idOf(5))!('Likely duplicate of')).toBe('row 2; row 11');
}, 120_000);

it('--duplicates attach puts the ids of the rows like a platform supplier on it, once; in German', async () => {
  const file = await list('dubletten.xlsx');
  const sandbox = run.sandbox();
  const r = await runCli([file, '--duplicates', 'attach', ...run.where()], {
    ...env,
    LANG: 'de_DE.UTF-8',
  });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.lines).toContain(
    'Wahrscheinliche Dubletten: 2 Gruppen innerhalb der Liste (5 Zeilen); 3 Zeilen gleichen Lieferanten der Plattform; 8 Zeilen warten auf Ihre Entscheidung.',
  );
  expect(r.lines).toContain(
    'Entschieden (attach) für 8 Zeilen: 2 behalten, 3 ausgelassen, 3 einem Lieferanten der Plattform zugeordnet.',
  );
  expect(parseSummary(lastLine(r))).toMatchObject({ rows: 13, created: 7, existing: 6 });
  const out = [5, 11, 9, ...LIKE_BASE];
  for (const row of ROWS)
    expect(createdIn(sandbox, row), idOf(row)).toBe(out.includes(row) ? 0 : 1);

  // The German results workbook: its own headers and words; the platform supplier of row 4.
  const results = path.join(run.dir(), 'dubletten.results.xlsx');
  const rows = byId(await sheetOf(results, 'Ergebnisse'));
  const nordwind = rows.get(idOf(4))!;
  const platformId = /^Plattform (\d+)$/.exec(
    String(nordwind('Wahrscheinliche Dublette von')),
  )![1]!;
  expect(nordwind('Dublettenentscheidung')).toBe(
    `dem Plattform-Lieferanten ${platformId} zugeordnet`,
  );
  expect(nordwind('Plattform-ID')).toBe(platformId);
  expect(rows.get(idOf(2))!('Dublettenentscheidung')).toBe('behalten');
  expect(rows.get(idOf(5))!('Dublettenentscheidung')).toBe('ausgelassen');
  expect(rows.get(idOf(5))!('Wahrscheinliche Dublette von')).toBe('Zeile 2; Zeile 11');
  expect(rows.get(idOf(6))!('Dublettenentscheidung')).toBeNull();
  // The supplier id of row 4 went to that supplier, once; nothing was created for it.
  const adds = sandbox.stats().changesByIdentity.identifier_add;
  const key = [platformId, 'SUPPLIER_ID', idOf(4), 'ERP'].join('\u001f');
  expect(adds[key]).toBe(1);
  expect(Object.keys(adds).filter((k) => k.includes(`\u001f${idOf(4)}\u001f`))).toEqual([key]);

  // The German results file comes back as it did before: recognised as the job's results.
  const back = await runCli(['--retry-from', results, ...run.where()], env);
  expect(back.code, back.stdout + back.stderr).toBe(0);
  expect(back.stdout).toContain('dubletten.results.xlsx holds the results of job');
  expect(back.stdout).toContain('Nothing to send again');
}, 120_000);

it('a piped --check-only says what the check found, and --duplicates there decides without creating', async () => {
  const file = await list();
  const sandbox = run.sandbox();
  const checked = await runCli([file, '--check-only', ...run.where()], env);
  expect(checked.lines).toContain(FOUND);
  expect(checked.code, checked.stdout + checked.stderr).toBe(1);
  const end = checked.lines.find((l) => l.startsWith('8 rows wait for your decision'));
  expect(end).toMatch(
    /Decide with: npm run onboard -- --resume \S+ .*--duplicates keep\|skip\|attach/,
  );
  const jobId = /--resume (\S+)/.exec(end!)![1]!;
  // Decided on a second check-only run of the same job: nothing waits, nothing is created.
  const decided = await runCli(
    ['--resume', jobId, '--check-only', '--duplicates', 'skip', ...run.where()],
    env,
  );
  expect(decided.code, decided.stdout + decided.stderr).toBe(0);
  expect(decided.lines).toContain(
    'Decided (skip) for 8 rows: 2 kept, 6 left out, 0 attached to a supplier the platform has.',
  );
  expect(decided.stdout).not.toContain('wait for your decision as likely duplicates');
  expect(sandbox.stats().createRequestsAccepted).toBe(0);
}, 120_000);

// ---- killed mid-way: a sandbox of its own, slow enough to be killed while it creates

let own: { sandbox: SandboxHandle; remove(): Promise<void> } | undefined;
afterEach(async () => {
  await own?.sandbox.close();
  await own?.remove();
  own = undefined;
});

const SENT = ['sending', 'in_doubt', 'accepted', 'created', 'done'];

it('a run killed mid-way and run again with the same decision creates no supplier twice', async () => {
  const sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 200,
    limits: { GET: [{ limit: 300, windowSeconds: 1 }], WRITE: [{ limit: 1, windowSeconds: 1 }] },
    seedSuppliers: [...SAMPLE_SUPPLIERS],
  });
  const tmp = await tempDir('onboard-duplicates-kill-');
  own = { sandbox, remove: tmp.remove };
  const dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'slow sandbox', sandbox.url, { GET: 300, WRITE: 1 });
  const file = path.join(tmp.dir, 'dups.xlsx');
  await writeDuplicatesList(file);
  const where = [
    '--connection',
    'slow sandbox',
    '--token-env',
    'ONBOARD_TOKEN',
    '--data-dir',
    dataDir,
    '--sandbox-processing-ms',
    '200',
    '--json',
  ];
  const first = startCli([file, '--duplicates', 'skip', ...where], env);
  const progress = await first.waitForLine((l) => {
    const p = jsonLine(l);
    const counts = (p?.type === 'progress' ? p.counts : {}) as Record<string, number>;
    return SENT.reduce((a, s) => a + (counts[s] ?? 0), 0) >= 1;
  });
  const jobId = String(jsonLine(progress)!.jobId);
  const delayMs = Math.floor(Math.random() * 1_500);
  await new Promise((r) => setTimeout(r, delayMs));
  first.child.kill('SIGKILL');
  const killed = await first.done;
  expect(killed.signal, `killed after ${delayMs} ms`).toBe('SIGKILL');
  // Killed before the end: not every kept row was created yet.
  const keptRows = ROWS.filter((r) => ![5, 11, 9, ...LIKE_BASE].includes(r));
  expect(keptRows.filter((row) => createdIn(sandbox, row) === 0).length).toBeGreaterThan(0);

  const second = await runCli(['--resume', jobId, '--duplicates', 'skip', ...where], env);
  expect(second.code, `killed after ${delayMs} ms\n${second.stdout}${second.stderr}`).toBe(0);
  const byIdentity = sandbox.stats().creationsByIdentity;
  expect(Object.entries(byIdentity).filter(([, n]) => n > 1)).toEqual([]);
  for (const row of ROWS)
    expect(createdIn(sandbox, row), idOf(row)).toBe(keptRows.includes(row) ? 1 : 0);
  expect(jsonLine(lastLine(second))).toMatchObject({
    type: 'summary',
    jobId,
    created: 7,
    pending: 0,
  });
}, 120_000);
