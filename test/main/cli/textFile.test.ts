// A CSV with mixed line endings and one with a quote left open, through the command as the user
// runs it (dry run: nothing is sent): every supplier imported and the lines accounted for, or the
// file refused with the line to fix.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLine, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let env: Record<string, string>;

const HEADER = 'Supplier No;Name;Street;Postal code;City;Country;Source';
const supplierLines = Array.from(
  { length: 60 },
  (_, i) =>
    `T${String(i + 1).padStart(6, '0')};Test Supplier ${i + 1} GmbH;Street ${i + 1};10115;Berlin;DE;ERP`,
);

beforeAll(async () => {
  tmp = await tempDir('onboard-text-');
  env = { SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'data') };
});

afterAll(async () => {
  await tmp.remove();
});

describe.concurrent('text files through the command', () => {
  it('imports all 60 suppliers of a CR LF file with a lone LF, and says how many lines it read', async () => {
    const file = path.join(tmp.dir, 'mixed.csv');
    const l = [HEADER, ...supplierLines];
    await writeFile(file, `${l.slice(0, 31).join('\r\n')}\n${l.slice(31).join('\r\n')}\r\n`);
    const r = await runCli([file, '--dry-run'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.lines).toContain(
      'Note: The file has 61 lines: 61 rows as Excel numbers them (the column names included).',
    );
    expect(r.lines).toContain(
      'Note: Lines end in different ways: 60 lines with CR LF, 1 line with LF alone (line 31). Each ends a row, as when Excel opens the file.',
    );
    expect(r.stdout).toContain('Imported 60 rows from mixed.csv');
    expect(lastLine(r)).toBe(
      'rows=60 created=0 existing=0 invalid=0 rejected=0 failed=0 pending=60 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0',
    );
  });

  it('refuses a file whose quote is never closed, naming the line, with exit code 2', async () => {
    const file = path.join(tmp.dir, 'open-quote.csv');
    const l = [HEADER, ...supplierLines];
    l[12] = l[12]!.replace('Test Supplier 12', '"Test Supplier 12');
    await writeFile(file, `${l.join('\r\n')}\r\n`);
    const r = await runCli([file, '--dry-run'], env);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain(
      'Line 13 (row 13) opens a quoted value ("Test Supplier 12 GmbH;Street 12;10115;Be…") that is never closed, so everything from there to the end of the file (line 61) would become one cell',
    );
    expect(r.stdout).not.toContain('Imported');
  });
});
