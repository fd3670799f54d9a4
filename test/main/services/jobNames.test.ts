// The names of the jobs the app makes from a job (a retry of its fixed results, an undo) are
// worded in the language the job was made in, as its results workbooks are.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

const HEADERS = ['Supplier No', 'Name', 'Street', 'Postal code', 'City', 'Country', 'Source'];

async function list(name: string, first: number): Promise<string> {
  const file = path.join(dir, name);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  ws.addRow(HEADERS);
  ws.addRow([`00${first}`, `Alpha ${first} GmbH`, 'Str. 1', '10115', 'Berlin', 'DE', 'ERP']);
  ws.addRow([`00${first + 1}`, `Beta ${first} GmbH`, 'Str. 2', '10115', '', 'DE', 'ERP']);
  await wb.xlsx.writeFile(file);
  services.grants.grantRead(file);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'job-names-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the names of retry and undo jobs', () => {
  for (const [lang, first, retry, undo] of [
    ['en', 1101, 'Lieferanten · retry', 'Lieferanten · undo'],
    ['de', 2101, 'Lieferanten · erneut', 'Lieferanten · rückgängig'],
  ] as const) {
    it(`are in the job's language (${lang})`, async () => {
      const file = await list(`list-${lang}.xlsx`, first);
      const p = await call('files:preview', { path: file });
      const conn = (await call('connections:list', {}))[0]!;
      const { jobId } = await call('jobs:create', {
        path: file,
        connectionId: conn.id,
        name: 'Lieferanten',
        mapping: p.suggestion.mapping,
        options: { skipExisting: false, screeningPeriod: null, validate: false },
        lang,
      });
      await call('jobs:start', { jobId });
      await waitForJob(jobId, ['finished', 'needs_attention']);

      // The row without a city is fixed in the results file and brought back.
      const out = path.join(dir, `list-${lang}.results.xlsx`);
      services.grants.grantSaveAs(out);
      await call('jobs:export', { jobId, format: 'xlsx', path: out });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(out);
      const sheet = wb.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
      sheet.getRow(3).getCell(header.indexOf('City')).value = 'Hamburg';
      await wb.xlsx.writeFile(out);
      services.grants.grantRead(out);
      const r = await call('jobs:retryFromResults', { path: out, jobId });
      expect(r.retry).toBe(1);
      expect((await call('jobs:get', { jobId: r.jobId! })).name).toBe(retry);

      // Undo, asked without a language (as the command line may): the job's.
      const made = await call('jobs:undo', { jobId });
      expect((await call('jobs:get', { jobId: made.jobId })).name).toBe(undo);
    }, 60_000);
  }
});
