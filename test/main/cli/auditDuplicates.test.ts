// The platform's own base audited for likely duplicates on the command line: suppliers created
// twice (a list run with --duplicates keep) come back as groups of the audit workbook, with
// "Likely duplicate of", why and a decision, and the sheet "To deactivate" holds the extras; a
// namesake in another town and an unrelated supplier stay out.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLine, runCli, tempDir } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir('onboard-audit-');
});

afterAll(async () => {
  await tmp.remove();
});

const LIST = [
  'Lieferanten-Nr.,Name,Straße,PLZ,Ort,Land',
  'AUD-1,Kühne Feinmechanik GmbH,Am Brühl 7,04109,Leipzig,DE',
  'AUD-2,Kuehne Feinmechanik,Am Bruehl 7,04109,Leipzig,DE',
  'AUD-3,Elektro Huber GmbH,Landsberger Straße 300,81241,München-Pasing,DE',
  'AUD-4,Elektro Huber,Landsberger Str. 300,81241,München,DE',
  'AUD-5,Tischlerei Quast,Dorfstraße 2,01099,Dresden,DE',
  'AUD-6,Tischlerei Quast,Dorfstraße 2,04109,Leipzig,DE',
  'AUD-7,Ostwind Spedition,Hafenweg 9,20457,Hamburg,DE',
].join('\n');

async function cells(file: string, sheet: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet(sheet)!;
  const out: string[][] = [];
  ws.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  return out;
}

describe('--audit-duplicates', () => {
  it('finds the suppliers created twice and lists the extras to deactivate', async () => {
    const env = { SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'home') };
    const list = path.join(tmp.dir, 'twice.csv');
    await writeFile(list, LIST + '\n', 'utf8');
    const created = await runCli([list, '--duplicates', 'keep', '--yes'], env);
    expect(created.code, created.stdout + created.stderr).toBe(0);

    const out = path.join(tmp.dir, 'audit.xlsx');
    const r = await runCli(['--audit-duplicates', out], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastLine(r)).toMatch(/^suppliers=\d+ groups=\d+ in_groups=\d+ to_deactivate=\d+ /);

    const [header, ...rows] = await cells(out, 'Likely duplicates');
    const col = (name: string) => header!.indexOf(name);
    const byName = (name: string) => rows.filter((row) => row[col('Name')] === name);
    // Each pair created twice is one group of two, its first kept, the other to deactivate.
    for (const names of [
      ['Kühne Feinmechanik GmbH', 'Kuehne Feinmechanik'],
      ['Elektro Huber GmbH', 'Elektro Huber'],
    ]) {
      const members = names.flatMap(byName);
      expect(members).toHaveLength(2);
      expect(new Set(members.map((m) => m[col('Group')])).size).toBe(1);
      const [a, b] = members as [string[], string[]];
      expect(a[col('Likely duplicate of')]).toBe(`platform ${b[col('Platform ID')]}`);
      expect(members.map((m) => m[col('Decision')]).sort()).toEqual(['deactivate', 'keep']);
      expect(a[col('Why')]).not.toBe('');
    }
    // The namesake in another town and the unrelated supplier are in no group.
    expect(byName('Tischlerei Quast')).toEqual([]);
    expect(byName('Ostwind Spedition')).toEqual([]);

    const [, ...extras] = await cells(out, 'To deactivate');
    const toDeactivate = rows.filter((row) => row[col('Decision')] === 'deactivate');
    expect(extras.map((e) => e[0]).sort()).toEqual(
      toDeactivate.map((row) => row[col('Platform ID')]).sort(),
    );
    expect(lastLine(r)).toContain(`to_deactivate=${extras.length} `);
  }, 180_000);
});
