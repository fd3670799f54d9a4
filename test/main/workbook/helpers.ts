// Workbooks and text files built by the tests themselves, in a temp dir per test file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { AppFailure } from '../../../src-shared/errors';

export async function makeTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'workbook-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export type SheetSpec = {
  name: string;
  rows: unknown[][];
  state?: 'visible' | 'hidden';
  build?: (ws: ExcelJS.Worksheet) => void;
};

/** Writes an .xlsx with the given sheets; each row array starts at column A of its row. */
export async function writeWorkbook(path: string, sheets: SheetSpec[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name, { state: s.state ?? 'visible' });
    for (const r of s.rows) ws.addRow(r);
    s.build?.(ws);
  }
  await wb.xlsx.writeFile(path);
  return path;
}

export async function writeText(path: string, content: Buffer | string): Promise<string> {
  await writeFile(path, content);
  return path;
}

/** The AppFailure code a promise rejects with (or 'resolved'). */
export async function failureCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    if (e instanceof AppFailure) return e.error.code;
    throw e;
  }
}

export async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

export const SUPPLIER_HEADERS = [
  'Lieferanten-Nr.',
  'Name',
  'Straße',
  'PLZ',
  'Ort',
  'Land',
  'Quelle',
];
