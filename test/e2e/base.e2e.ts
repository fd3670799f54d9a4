// The Supplier base screen in the browser: the export of every active supplier of the practice
// connection and the drift report of the sample list, each offered as a download (a page cannot
// open a file on the computer by its path), read back with exceljs.
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SAMPLE, hostPerFile, openApp, shot, useLanguage, watchErrors } from './support';

const host = hostPerFile();

async function downloaded(page: Page): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the workbook' }).click(),
  ]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book;
}

test('the supplier base is exported and a list compared with it, both downloaded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openApp(page, host());
  await page.getByTestId('open-base').click();
  await expect(page.getByRole('heading', { name: 'Supplier base', level: 2 })).toBeVisible();

  // The export: every active supplier, with a count the workbook agrees with.
  await page.getByRole('button', { name: 'Export to a workbook…' }).click();
  const done = page.getByTestId('base-done');
  await expect(done).toContainText(
    /[\d,]+ suppliers exported to supplier-base.*\.xlsx from the connection "Built-in sandbox \(practice\)"\./,
    {
      timeout: 60_000,
    },
  );
  const exported = Number(
    (/([\d,]+) suppliers exported/.exec(await done.innerText()) ?? [])[1]?.replace(/,/g, ''),
  );
  expect(exported).toBeGreaterThan(0);
  const base = await downloaded(page);
  const suppliers = base.getWorksheet('Suppliers');
  expect(suppliers?.getRow(1).getCell(1).text).toBe('Platform ID');
  expect((suppliers?.actualRowCount ?? 0) - 1).toBe(exported);
  expect(base.getWorksheet('Summary')).toBeDefined();
  await shot(page, 'base-export');

  // The drift report of the sample list: the counts on the screen are the report's.
  await page.getByTestId('drift-file').setInputFiles(SAMPLE);
  await expect(done).toContainText(/[\d,]+ rows: [\d,]+ the same, [\d,]+ differ/, {
    timeout: 60_000,
  });
  const figures = /([\d,]+) rows: ([\d,]+) the same, ([\d,]+) differ, ([\d,]+) not found/.exec(
    await done.innerText(),
  );
  expect(figures).not.toBeNull();
  const [rows, same, differs, notFound] = figures!.slice(1).map((n) => Number(n.replace(/,/g, '')));
  // Matched rows on the Drift sheet, the others on Not matched; each with its status.
  const report = await downloaded(page);
  const counts: Record<string, number> = {};
  /** Each row that is not the same, by its source row: its status and, for a matched one, the
   *  file's and the platform's value of each field that differs. */
  const notSameRows = new Map<number, { status: string; fields: Record<string, string[]> }>();
  let listed = 0;
  for (const name of ['Drift', 'Not matched']) {
    const sheet = report.getWorksheet(name);
    expect(sheet, name).toBeDefined();
    const header = (sheet!.getRow(1).values as unknown[]).map(String);
    const statusColumn = header.indexOf('Status');
    expect(statusColumn, name).toBeGreaterThan(0);
    sheet!.eachRow((row, n) => {
      if (n === 1) return;
      listed += 1;
      const s = row.getCell(statusColumn).text;
      counts[s] = (counts[s] ?? 0) + 1;
      if (s === 'same') return;
      const fields: Record<string, string[]> = {};
      const differsIn = header.indexOf('Differs in');
      if (differsIn > 0)
        for (const field of row.getCell(differsIn).text.split(', ').filter(Boolean))
          fields[field] = [
            row.getCell(header.indexOf(`${field} (file)`)).text,
            row.getCell(header.indexOf(`${field} (platform)`)).text,
          ];
      notSameRows.set(Number(row.getCell(header.indexOf('Source row')).text), {
        status: s,
        fields,
      });
    });
  }
  expect(listed).toBe(rows);
  expect(counts.same ?? 0).toBe(same);
  expect(counts.differs ?? 0).toBe(differs);
  expect(counts['not found'] ?? 0).toBe(notFound);

  // The same rows in the app, row by row: each status and each differing field's two values as
  // the workbook has them.
  const table = page.getByTestId('drift-rows');
  const shown = await table.getByTestId('drift-row').evaluateAll((trs) =>
    trs.map((tr) => ({
      row: Number(tr.getAttribute('data-source-row')),
      status: tr.getAttribute('data-status') ?? '',
      fields: [...tr.querySelectorAll('[data-testid="drift-field"]')].map((li) => ({
        field: li.querySelector('strong')?.textContent ?? '',
        file: li.querySelector('.file')?.textContent ?? '',
        platform: li.querySelector('.platform')?.textContent ?? '',
      })),
    })),
  );
  expect(shown.length).toBe(notSameRows.size);
  expect(shown.length).toBeGreaterThan(0);
  const words: Record<string, string> = {
    differs: 'differs',
    not_found: 'not found',
    ambiguous: 'ambiguous',
    no_identifier: 'no supplier ID',
  };
  const empty = (v: string) => (v === '(empty)' ? '' : v);
  for (const r of shown) {
    const inBook = notSameRows.get(r.row);
    expect(inBook, `row ${r.row}`).toBeDefined();
    expect(words[r.status]).toBe(inBook!.status);
    expect(
      Object.fromEntries(r.fields.map((f) => [f.field, [empty(f.file), empty(f.platform)]])),
    ).toEqual(inBook!.fields);
  }
  await expect(table.locator('h3')).toHaveText(
    `The ${notSameRows.size} rows that are not the same on the platform`,
  );
  // Filtered by status, with the report's counts.
  const filter = table.getByTestId('drift-filter');
  const byStatus: Record<string, number> = { differs: differs ?? 0, not_found: notFound ?? 0 };
  for (const status of ['differs', 'not_found'])
    if (byStatus[status]! > 0) {
      await filter.selectOption(status);
      await expect(table.getByTestId('drift-row')).toHaveCount(byStatus[status]!);
      await expect(filter.locator('option:checked')).toHaveText(
        `${words[status]} (${byStatus[status]})`,
      );
    } else await expect(filter.locator(`option[value="${status}"]`)).toHaveCount(0);
  await filter.selectOption('all');

  // The export itself, two cities changed, as the list: those two differ, each shown with the
  // file's city beside the platform's.
  const edited = new ExcelJS.Workbook();
  const sheet = edited.addWorksheet('Suppliers');
  const exportedSheet = base.getWorksheet('Suppliers')!;
  const cityColumn = (exportedSheet.getRow(1).values as unknown[]).map(String).indexOf('City');
  const changed: Record<number, string[]> = {};
  exportedSheet.eachRow((row, n) => {
    const values = (row.values as unknown[]).slice(1).map((v) => (v === undefined ? '' : v));
    if (n === 2 || n === 3) {
      const platformCity = row.getCell(cityColumn).text;
      values[cityColumn - 1] = `${platformCity} Süd`;
      changed[n] = [`${platformCity} Süd`, platformCity];
    }
    sheet.addRow(values);
  });
  const listFile = test.info().outputPath('edited-base.xlsx');
  await edited.xlsx.writeFile(listFile);
  await page.getByTestId('drift-file').setInputFiles(listFile);
  await expect(done).toContainText(`${exported} rows: ${exported - 2} the same, 2 differ`, {
    timeout: 60_000,
  });
  const differing = table.getByTestId('drift-row');
  await expect(differing).toHaveCount(2);
  for (const [n, [file, platform]] of Object.entries(changed)) {
    const field = table.locator(`[data-source-row="${n}"] [data-field="city"]`);
    await expect(field.locator('.file')).toHaveText(file!);
    await expect(field.locator('.platform')).toHaveText(platform!);
  }
  await shot(page, 'base-drift', true);
  await useLanguage(page, 'de');
  await expect(table.locator('h3')).toHaveText(
    'Die 2 Zeilen, die auf der Plattform nicht gleich sind',
  );
  await expect(table.locator('th').first()).toHaveText('Quellzeile');
  await useLanguage(page, 'en');
  expect(errors).toEqual([]);
});
