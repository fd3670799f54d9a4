// Writes scores.xlsx beside this file: a wide sheet of the organisation's own supplier scores
// for perspective 1 of the built-in sandbox (a column per event type, a row per supplier), with
// the suppliers the sandbox knows, and three deliberate problems: a score with decimals, a score
// above 100 and a supplier the platform does not know. Regenerate with:
// npx tsx resources/samples/makeScoresSample.ts
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

type ScoreRow = [
  supplierId: string,
  source: string,
  audit: number | null,
  incident: number | null,
  delivery: number | null,
];

const ROWS: ScoreRow[] = [
  ['SUP-1001', 'ERP', 92, 80, 88],
  ['SUP-1002', 'ERP', 75, null, 64],
  ['SUP-1003', 'ERP', 58, 41, 70],
  ['SUP-1004', 'ERP', 85.5, 90, 95],
  ['SUP-1005', 'ERP', 67, 55, null],
  ['SUP-1006', 'ERP', 99, 97, 98],
  ['SUP-1007', 'ERP', 44, 120, 61],
  ['SUP-2000', 'ERP', 73, 68, 77],
  ['SUP-2000', 'WMS', 81, 79, 84],
  ['SUP-1010', 'ERP', 62, 70, 59],
  ['SUP-9999', 'ERP', 50, 50, 50],
];

export const SCORE_ROWS = ROWS.length;

export async function makeScoresSample(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Scores');
  const header = ws.addRow([
    'Supplier ID',
    'Source',
    'Supplier audit',
    'Quality incident',
    'Delivery performance',
  ]);
  header.font = { bold: true };
  for (const r of ROWS) ws.addRow(r);
  ws.columns = [14, 10, 16, 18, 22].map((width) => ({ width }));
  ws.getColumn(1).numFmt = '@';
  await wb.xlsx.writeFile(path);
}

const here = dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await makeScoresSample(join(here, 'scores.xlsx'));
  console.log(`Wrote ${join(here, 'scores.xlsx')} with ${ROWS.length} rows of scores.`);
}
