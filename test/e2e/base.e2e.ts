// The Supplier base screen in the browser: the export of every active supplier of the practice
// connection and the drift report of the sample list, each offered as a download (a page cannot
// open a file on the computer by its path), read back with exceljs.
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SAMPLE, hostPerFile, openApp, shot, watchErrors } from './support';

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
  await expect(done).toContainText(/[\d,]+ suppliers exported to supplier-base.*\.xlsx\./, {
    timeout: 60_000,
  });
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
    });
  }
  expect(listed).toBe(rows);
  expect(counts.same ?? 0).toBe(same);
  expect(counts.differs ?? 0).toBe(differs);
  expect(counts['not found'] ?? 0).toBe(notFound);
  await shot(page, 'base-drift');
  expect(errors).toEqual([]);
});
