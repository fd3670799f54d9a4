// Identifiers on the command line, against a sandbox over real HTTP: `--operation identifiers`
// adds or removes the identifier each row names (the job's --action, or the row's own Action
// column), reads the identifier's type in readable words, and ends with a summary line named
// for the kind; a row the API cannot serve says why, and counts in the exit code. The summary
// counts adds and removals apart and lists each identifier to remove with its supplier as the
// check found it; removals are confirmed by their number (--yes, or typed), adds alone are not.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { lastLine, parseSummary, runCli, runOnTerminal, sandboxPerTest } from './cli';

const TOKEN = 'identifiers-cli-token';
const env = { ONBOARD_TOKEN: TOKEN };
const SUMMARY =
  /^rows=\d+ added=\d+ already_present=\d+ removed=\d+ not_present=\d+ on_other=\d+ not_found=\d+ invalid=\d+ failed=\d+ pending=\d+$/;

const run = sandboxPerTest(
  TOKEN,
  [
    {
      name: 'One',
      countryCode: 'DE',
      city: 'Berlin',
      address: 'A 1',
      supplierIds: [{ id: 'S-1', source: 'ERP' }],
      customerIds: [{ id: 'K-1' }],
    },
    {
      name: 'Two',
      countryCode: 'DE',
      city: 'Berlin',
      address: 'A 2',
      supplierIds: [{ id: 'S-2', source: 'ERP' }],
      ownIds: [{ id: 'OWN-2' }],
      customerIds: [{ id: 'K-2' }],
    },
  ],
  'onboard-identifiers-',
);
const where = run.where;
const changes = (kind: 'identifier_add' | 'identifier_remove') =>
  Object.values(run.sandbox().stats().changesByIdentity[kind]);

it('--operation identifiers adds or removes per row and counts what each came to', async () => {
  const csv = path.join(run.dir(), 'ids.csv');
  await writeFile(
    csv,
    [
      'Supplier No;Source;Identifier type;Identifier;Action',
      'S-1;ERP;customer id;K-NEW;add',
      'S-1;ERP;Kundennummer;K-1;hinzufügen', // already there
      'S-1;ERP;CUSTOMER_ID;K-2;add', // on supplier Two
      'S-2;ERP;own id;OWN-2;entfernen',
      'S-2;ERP;own id;OWN-NONE;remove', // not on it
      'NOPE;ERP;own id;O-9;add', // no such supplier
      'S-1;ERP;phone;123;add', // not a kind of identifier
    ].join('\n'),
  );
  const r = await runCli([csv, '--operation', 'identifiers', ...where(), '--yes'], env);
  expect(r.stdout).toContain('1 identifier will be added at most');
  expect(r.stdout).toContain('1 identifier will be removed at most');
  const line = lastLine(r);
  expect(line).toMatch(SUMMARY);
  expect(parseSummary(line)).toMatchObject({
    rows: 7,
    added: 1,
    already_present: 1,
    removed: 1,
    not_present: 1,
    on_other: 1,
    not_found: 1,
    invalid: 1,
    failed: 0,
    pending: 0,
  });
  // The identifier on another supplier and the invalid row need the user; the invalid row
  // names its cell.
  expect(r.stdout + r.stderr).toContain('"phone"');
  expect(r.code, r.stderr).toBe(1);
  expect(changes('identifier_add')).toEqual([1]);
  expect(changes('identifier_remove')).toEqual([1]);
}, 120_000);

it('--action remove is every row’s action without an Action column; a usage error otherwise', async () => {
  const csv = path.join(run.dir(), 'remove.csv');
  await writeFile(
    csv,
    ['Customer ID;Identifier type;Identifier', 'K-1;customer id;K-1'].join('\n'),
  );
  const r = await runCli(
    [csv, '--operation', 'identifiers', '--action', 'remove', ...where(), '--yes'],
    env,
  );
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(parseSummary(lastLine(r))).toMatchObject({ rows: 1, removed: 1 });
  expect(changes('identifier_remove')).toEqual([1]);

  const wrong = await runCli([csv, '--operation', 'identifiers', '--action', 'swap'], env);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('--action takes add or remove, not "swap"');
  const alone = await runCli([csv, '--action', 'add'], env);
  expect(alone.code).toBe(2);
  expect(alone.stderr).toContain('use it with --operation identifiers');
  const screening = await runCli([csv, '--operation', 'identifiers', '--screening', '2'], env);
  expect(screening.code).toBe(2);
  expect(screening.stderr).toContain('--screening cannot be used with --operation identifiers');
}, 120_000);

it('lists the removals with their suppliers and refuses them without their count', async () => {
  const csv = path.join(run.dir(), 'ids.csv');
  await writeFile(
    csv,
    [
      'Supplier No;Source;Identifier type;Identifier;Action',
      'S-1;ERP;customer id;K-NEW;add',
      'S-1;ERP;customer id;K-1;remove',
      'S-2;ERP;own id;OWN-2;remove',
      'S-2;ERP;own id;OWN-NONE;remove', // not on it: nothing to remove, not counted
    ].join('\n'),
  );
  const refused = await runCli([csv, '--operation', 'identifiers', ...where()], env);
  expect(refused.code, refused.stderr + refused.stdout).toBe(2);
  expect(refused.stdout).toContain('1 identifier will be added at most');
  expect(refused.stdout).toContain('2 identifiers will be removed at most');
  expect(refused.stdout).toContain('The 2 identifiers to remove, and their suppliers');
  expect(refused.stdout).toMatch(/row 3: CUSTOMER_ID K-1 from One \(Berlin, DE\), platform \d+/);
  expect(refused.stdout).toMatch(/row 4: OWN_ID OWN-2 from Two \(Berlin, DE\), platform \d+/);
  expect(refused.stdout).not.toContain('OWN-NONE from');
  expect(refused.stderr).toContain('removes 2 identifiers');
  expect(changes('identifier_add')).toEqual([]);
  expect(changes('identifier_remove')).toEqual([]);

  // --yes confirms the count it printed: each change made once.
  const again = await runCli([csv, '--operation', 'identifiers', ...where(), '--yes'], env);
  expect(again.code, again.stderr + again.stdout).toBe(0);
  expect(parseSummary(lastLine(again))).toMatchObject({
    rows: 4,
    added: 1,
    removed: 2,
    not_present: 1,
  });
  expect(changes('identifier_add')).toEqual([1]);
  expect(changes('identifier_remove')).toEqual([1, 1]);
}, 120_000);

it('adds alone need no typed count', async () => {
  const csv = path.join(run.dir(), 'adds.csv');
  await writeFile(
    csv,
    ['Supplier No;Source;Identifier type;Identifier', 'S-2;ERP;customer id;K-22'].join('\n'),
  );
  const r = await runCli([csv, '--operation', 'identifiers', ...where()], env);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).toContain('0 identifiers will be removed at most');
  expect(r.stdout).not.toContain('to remove, and');
  expect(parseSummary(lastLine(r))).toMatchObject({ rows: 1, added: 1 });
  expect(changes('identifier_add')).toEqual([1]);
}, 120_000);

it('on a terminal, the number of identifiers to remove is typed to confirm them', async () => {
  const csv = path.join(run.dir(), 'typed.csv');
  await writeFile(
    csv,
    ['Supplier No;Source;Identifier type;Identifier', 'S-1;ERP;customer id;K-1'].join('\n'),
  );
  const args = [csv, '--operation', 'identifiers', '--action', 'remove', ...where()];
  const prompt = 'Remove 1 identifier? Type 1 to confirm (anything else stops here):';
  // "y" is not the number: nothing is removed, and the job waits to be resumed.
  const declined = await runOnTerminal(args, prompt, 'y', env);
  expect(declined).toContain('row 2: CUSTOMER_ID K-1 from One (Berlin, DE)');
  expect(declined).toContain(prompt);
  expect(changes('identifier_remove')).toEqual([]);
  const jobId = /--resume (\S+)/.exec(declined)![1]!;
  const done = await runOnTerminal(['--resume', jobId, ...where()], prompt, '1', env);
  expect(done).toMatch(/rows=1 added=0 already_present=0 removed=1 /);
  expect(changes('identifier_remove')).toEqual([1]);
}, 120_000);
