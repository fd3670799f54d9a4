// The job commands end to end through the router, as the UI calls them: a real journal, the
// embedded sandbox, the sample workbook.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName } from '../../../src-shared/contract';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let sample: string;
let services: AppServices;
const secrets = new MemorySecretStore();

const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);

function waitForEvent(
  event: EventName,
  pred: (p: Record<string, unknown>) => boolean,
  timeoutMs = 60_000,
) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${event} event in time`));
    }, timeoutMs);
    const off = services.bus.subscribe((e, p) => {
      if (e === event && pred(p as Record<string, unknown>)) {
        clearTimeout(timer);
        off();
        resolve(p as Record<string, unknown>);
      }
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'services-'));
  sample = path.join(dir, 'suppliers.xlsx');
  await copyFile('resources/samples/suppliers.xlsx', sample);
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets,
    sandbox: practiceSandbox(100),
  });
  // As if the user chose it in the file dialog.
  services.grants.grantRead(sample);
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

describe('job commands', () => {
  let jobId: string;

  it('offers the built-in sandbox as a connection with a token, without the keychain', async () => {
    const conns = await call('connections:list', {});
    expect(conns).toHaveLength(1);
    expect(conns[0]).toMatchObject({ isSandbox: true, hasToken: true });
    expect(JSON.stringify(conns)).not.toContain('"sandbox"');
  });

  it('previews the sample with its header row and a suggested mapping', async () => {
    const p = await call('files:preview', { path: sample });
    expect(p.headerRow).toBe(3);
    expect(p.suggestion.mapping.fields.find((f) => f.field === 'supplierId.id')?.column).toBe(0);
    const mp = await call('mapping:preview', { path: sample, mapping: p.suggestion.mapping });
    expect(mp.missingRequired).toEqual([]);
    expect(mp.fields.find((f) => f.field === 'countryCode')?.after[0]).toMatch(/^[A-Z]{2}$/);
  });

  it('imports the sample into a job, with the invalid rows and their reasons', async () => {
    const p = await call('files:preview', { path: sample });
    const conn = (await call('connections:list', {}))[0]!;
    const created = await call('jobs:create', {
      path: sample,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    jobId = created.jobId;
    expect(created.summary).toMatchObject({ rows: 60, valid: 57, invalid: 3 });
    const invalid = await call('rows:page', { jobId, filter: { states: ['invalid'] } });
    expect(invalid.rows).toHaveLength(3);
    expect(invalid.rows.map((r) => r.problems[0]?.message).join(' ')).toMatch(/Atlantis/);
  });

  it('keeps a fix made in the app and revalidates the row', async () => {
    const invalid = await call('rows:page', { jobId, filter: { states: ['invalid'] } });
    const atlantis = invalid.rows.find((r) => r.cells.includes('Atlantis'))!;
    const fixed = await call('rows:fix', {
      rowId: atlantis.id,
      edits: { countryCode: 'United Kingdom' },
    });
    expect(fixed.state).toBe('valid');
    expect(fixed.edits).toEqual({ countryCode: 'United Kingdom' });
    expect(fixed.cells).toContain('Atlantis'); // the original cells stay
    const events = await call('rows:events', { rowId: atlantis.id });
    expect(
      events.some((e) => e.kind === 'note' && JSON.stringify(e.detail).includes('United Kingdom')),
    ).toBe(true);
  });

  it('checks every identifier first and keeps what the check found', async () => {
    expect((await call('jobs:get', { jobId })).lastCheck).toBeNull();
    expect(await call('jobs:check', { jobId })).toEqual({ started: true });
    const job = await waitForJob(jobId, ['ready']);
    expect(job.counts.new).toBe(58);
    expect(job.lastCheck).toMatchObject({ new: 58, exists: 0, ambiguous: 0, pending: 0 });
  });

  it('runs the job to the end and reports progress events', async () => {
    const progress = waitForEvent('job:progress', (p) => p.jobId === jobId);
    expect(await call('jobs:start', { jobId })).toEqual({ started: true });
    await progress;
    const job = await waitForJob(jobId, ['finished', 'needs_attention']);
    expect(job.counts.done).toBe(58);
    expect(job.groups.to_fix).toBe(2);
    // The rows moved on; the check's figures stay.
    expect(job.counts.new ?? 0).toBe(0);
    expect(job.lastCheck?.new).toBe(58);
  });

  it('exports the results with the original columns first', async () => {
    const out = path.join(dir, 'out.xlsx');
    const s = await call('jobs:export', { jobId, format: 'xlsx', path: out });
    expect(s).toMatchObject({ rows: 60, attention: 2 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header[0]).toBe('Lieferanten-Nr.');
    expect(header).toContain('Platform ID');
    expect(wb.worksheets.map((w) => w.name)).toEqual(expect.arrayContaining(['Errors', 'Summary']));
    const csv = await call('jobs:export', {
      jobId,
      format: 'csv',
      path: path.join(dir, 'out.csv'),
    });
    expect((await readFile(csv.path, 'utf8')).split('\n').length).toBeGreaterThan(60);
  });

  it('brings back a results file fixed in Excel as a retry job of just the fixed rows', async () => {
    const out = path.join(dir, 'suppliers.results.xlsx');
    await call('jobs:export', { jobId, format: 'xlsx', path: out });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = (name: string) => header.indexOf(name);
    let fixed = 0;
    sheet.eachRow((row, n) => {
      if (n === 1 || String(row.getCell(col('Status')).value) !== 'Has problems') return;
      // The missing city gets one; the repeated id gets its own.
      if (!row.getCell(col('Ort')).value) row.getCell(col('Ort')).value = 'Hamburg';
      else row.getCell(col('Lieferanten-Nr.')).value = '000999';
      fixed++;
    });
    expect(fixed).toBe(2);
    await wb.xlsx.writeFile(out);
    // The supplier list itself is not a results file: refused with what to choose instead.
    const notResults = await services.router.dispatch('jobs:retryFromResults', {
      path: sample,
      jobId,
    });
    expect(notResults.ok || notResults.error.message).toMatch(
      /is not a results file: it has no Status column.*use New import/,
    );
    const r = await call('jobs:retryFromResults', { path: out, jobId });
    expect(r).toMatchObject({ retry: 2, stillInvalid: 0, alreadyDone: 58 });
    const retryJob = await call('jobs:get', { jobId: r.jobId! });
    expect(retryJob.total).toBe(2);
    expect(retryJob.headers).not.toContain('Status');
    await call('jobs:start', { jobId: r.jobId! });
    const done = await waitForJob(r.jobId!, ['finished', 'needs_attention']);
    expect(done.counts.done).toBe(2);
  });

  it('refuses to remove the sandbox connection with a sentence', async () => {
    const conn = (await call('connections:list', {}))[0]!;
    const r = await services.router.dispatch('connections:delete', { id: conn.id });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/sandbox/);
  });
});

describe('connections', () => {
  let other: SandboxHandle;
  beforeAll(async () => {
    other = await startSandbox({
      tokens: [{ token: 'good' }, { token: 'reader', permissions: ['ACCESS_PUBLIC_SUPPLIERS'] }],
    });
  });
  afterAll(async () => other.close());

  it('keeps the token out of every answer and reports a working connection', async () => {
    const saved = await call('connections:save', {
      name: 'Test API',
      baseUrl: other.url,
      token: 'good',
    });
    expect(saved.hasToken).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('good');
    const test = await call('connections:test', { id: saved.id });
    expect(test.ok).toBe(true);
    // No write is sent: creating is confirmed by the first real creation.
    expect(test.checks.find((c) => c.key === 'create')).toMatchObject({
      status: 'unknown',
      code: 'create_unknown',
    });
  });

  it('keeps the spelling of city and address with the connection', async () => {
    const saved = await call('connections:save', {
      name: 'Spelling',
      baseUrl: other.url,
      token: 'good',
    });
    expect(saved.fieldNames).toBe('city-address');
    const switched = await call('connections:save', {
      id: saved.id,
      name: 'Spelling',
      baseUrl: other.url,
      fieldNames: 'locality-addressLine',
    });
    expect(switched.fieldNames).toBe('locality-addressLine');
    // Left out: unchanged.
    await call('connections:save', { id: saved.id, name: 'Spelling 2', baseUrl: other.url });
    const listed = (await call('connections:list', {})).find((c) => c.id === saved.id);
    expect(listed).toMatchObject({ name: 'Spelling 2', fieldNames: 'locality-addressLine' });
  });

  it('keeps the names of the identifier types with the connection, and refuses invalid ones', async () => {
    const saved = await call('connections:save', {
      name: 'Types',
      baseUrl: other.url,
      token: 'good',
    });
    expect(saved.identifierTypes).toEqual({ CUSTOMER_ID: 'CUSTOMER_ID', OWN_ID: 'OWN_ID' });
    const names = { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' };
    const set = await call('connections:save', {
      id: saved.id,
      name: 'Types',
      baseUrl: other.url,
      identifierTypes: names,
    });
    expect(set.identifierTypes).toEqual(names);
    // Left out: unchanged.
    await call('connections:save', { id: saved.id, name: 'Types 2', baseUrl: other.url });
    const listed = (await call('connections:list', {})).find((c) => c.id === saved.id);
    expect(listed).toMatchObject({ name: 'Types 2', identifierTypes: names });
    await expect(
      call('connections:save', {
        id: saved.id,
        name: 'Types',
        baseUrl: other.url,
        identifierTypes: { CUSTOMER_ID: 'cust id', OWN_ID: 'OWN' },
      }),
    ).rejects.toThrow(/invalid_input/);
  });

  it('says in plain words when the token is wrong or lacks permissions', async () => {
    const bad = await call('connections:save', {
      name: 'Bad token',
      baseUrl: other.url,
      token: 'nope',
    });
    const t1 = await call('connections:test', { id: bad.id });
    expect(t1.ok).toBe(false);
    expect(t1.summary).toMatch(/token/i);
    const reader = await call('connections:save', {
      name: 'Reader',
      baseUrl: other.url,
      token: 'reader',
    });
    const t2 = await call('connections:test', { id: reader.id });
    // Reading works; what it may not do is said per feature (creating: at the first creation).
    expect(t2.ok).toBe(true);
    expect(t2.summaryCode).toBe('optional_denied');
    expect(t2.checks.find((c) => c.key === 'create')).toMatchObject({ status: 'unknown' });
    expect(t2.checks.find((c) => c.key === 'screening')).toMatchObject({ status: 'failed' });
    expect(t2.checks.find((c) => c.key === 'read')).toMatchObject({ status: 'ok' });
  });

  it('never sends a write that could change anything, and its verdict and summary agree', async () => {
    // A server that keeps every request, answers a valid empty list, and 400 to every write.
    const writes: unknown[] = [];
    const lax = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.method === 'GET') {
          res.end(
            JSON.stringify({
              content: [],
              size: 1,
              number: 0,
              totalElements: 0,
              totalPages: 0,
              numberOfElements: 0,
              first: true,
              last: true,
              empty: true,
            }),
          );
          return;
        }
        writes.push({ path: req.url, body: JSON.parse(raw) as unknown });
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 'invalid_request', message: 'no' }));
      });
    });
    await new Promise<void>((r) => lax.listen(0, '127.0.0.1', r));
    try {
      const port = (lax.address() as AddressInfo).port;
      const saved = await call('connections:save', {
        name: 'Lax',
        baseUrl: `http://127.0.0.1:${port}`,
        token: 'any',
      });
      const t = await call('connections:test', { id: saved.id });
      expect(t.ok).toBe(true);
      expect(t.summary).toBe(
        'The connection works: suppliers can be read and checked. Creating is confirmed by the first real creation.',
      );
      // Reads only: not one request with a method that could change anything.
      expect(writes).toEqual([]);
      expect(t.answers?.seen.map((s) => s.endpoint.split(' ')[0])).not.toContain('POST');
    } finally {
      await new Promise<void>((r) => lax.close(() => r()));
    }
    const before = other.stats().createRequestsAccepted;
    const good = await call('connections:save', {
      name: 'Good',
      baseUrl: other.url,
      token: 'good',
    });
    const writesBefore = other.stats().requests.WRITE;
    await call('connections:test', { id: good.id });
    expect(other.stats().createRequestsAccepted).toBe(before);
    expect(other.stats().pending).toBe(0);
    expect(other.stats().requests.WRITE).toBe(writesBefore);
  });

  it('does not call a token accepted by a server that answers 400 to everything', async () => {
    const refuser = createServer((_req, res) => {
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 'invalid_request', message: 'Bad request' }));
    });
    await new Promise<void>((r) => refuser.listen(0, '127.0.0.1', r));
    try {
      const port = (refuser.address() as AddressInfo).port;
      const saved = await call('connections:save', {
        name: 'Refuser',
        baseUrl: `http://127.0.0.1:${port}`,
        token: 'any',
      });
      const t = await call('connections:test', { id: saved.id });
      expect(t.ok).toBe(false);
      expect(t.checks.find((c) => c.key === 'token')).toMatchObject({ status: 'unknown' });
      expect(t.checks.some((c) => c.message === 'The token is accepted.')).toBe(false);
      expect(t.summary).toMatch(/not like the supplier API/);
      expect(t.summary).not.toMatch(/works/);
    } finally {
      await new Promise<void>((r) => refuser.close(() => r()));
    }
  });

  it('asks for the token again when the address changes, and never sends it to the new one', async () => {
    const seen: Array<string | undefined> = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers['x-auth-token'] as string | undefined);
      res.statusCode = 403;
      res.end();
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    try {
      const newUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      const saved = await call('connections:save', {
        name: 'Moves',
        baseUrl: other.url,
        token: 'good',
      });
      const moved = await services.router.dispatch('connections:save', {
        id: saved.id,
        name: 'Moves',
        baseUrl: newUrl,
      });
      expect(moved.ok).toBe(false);
      if (!moved.ok) {
        expect(moved.error.code).toBe('api_no_token');
        expect(moved.error.message).toBe(
          `The address changed from ${other.url} to ${newUrl}. Enter the token for the new address as well: the app sends a token only to the address it was entered for.`,
        );
      }
      // Still the old address with its token; a rename alone keeps the token.
      const renamed = await call('connections:save', {
        id: saved.id,
        name: 'Moved',
        baseUrl: other.url,
      });
      expect(renamed).toMatchObject({ baseUrl: other.url, hasToken: true });
      const withToken = await call('connections:save', {
        id: saved.id,
        name: 'Moved',
        baseUrl: newUrl,
        token: 'for-the-new-one',
      });
      expect(withToken.hasToken).toBe(true);
      await call('connections:test', { id: saved.id });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((t) => t === 'for-the-new-one')).toBe(true);
    } finally {
      await new Promise<void>((r) => elsewhere.close(() => r()));
    }
  });

  it('refuses plain http to another computer', async () => {
    const r = await services.router.dispatch('connections:save', {
      name: 'x',
      baseUrl: 'http://api.example.com',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('api_insecure_url');
  });

  it('reports an unreachable API', async () => {
    const gone = await startSandbox({});
    const url = gone.url;
    await gone.close();
    const saved = await call('connections:save', { name: 'Gone', baseUrl: url, token: 'x' });
    const t = await call('connections:test', { id: saved.id });
    expect(t.checks[0]).toMatchObject({ key: 'reachable', status: 'failed' });
  });
});

describe('mapping settings, saved mappings and problem kinds', () => {
  let csv: string;
  const csvHeaders = ['Kreditor', 'Firma', 'Strasse', 'PLZ', 'Ort', 'Land', 'Kunde', 'Notiz'];

  beforeAll(async () => {
    csv = path.join(dir, 'kreditoren.csv');
    const lines = [
      csvHeaders.join(';'),
      '4711;MÜLLER GMBH;Hauptstr. 1;1067;Dresden;DE;77;',
      '4712;Schmidt AG;Ring 2;80331;München;Atlantis;;',
      '4711;Müller Kopie;Hauptstr. 1;1067;Dresden;DE;;',
      '4713;Weber KG;;10115;Berlin;DE;;',
      // Only an unmapped column has a value: an empty row for the payload.
      ';;;;;;;gelöscht',
      '4714;Fischer SE;Weg 4;20095;Hamburg;Atlantis;;',
    ];
    await writeFile(csv, `${lines.join('\r\n')}\r\n`, 'utf8');
    services.grants.grantRead(csv);
  });

  it('shows the transform settings in the sample values, customer ids included', async () => {
    const p = await call('files:preview', { path: csv });
    const mapping = {
      fields: p.suggestion.mapping.fields.map((f) =>
        f.field === 'supplierId.id'
          ? { ...f, column: 0, transform: { padZeros: 6 } }
          : f.field === 'name'
            ? { ...f, transform: { case: 'title' as const } }
            : f.field === 'customerId'
              ? { ...f, column: 6, transform: { padZeros: 4 } }
              : f,
      ),
    };
    const mp = await call('mapping:preview', { path: csv, mapping });
    const after = (field: string) => mp.fields.find((f) => f.field === field)?.after;
    expect(after('supplierId.id')?.[0]).toBe('004711');
    expect(after('name')?.[0]).toBe('Müller Gmbh');
    expect(after('customerId')?.[0]).toBe('0077');
    // A setting the contract does not know is refused with a reason, not ignored.
    const bad = await services.router.dispatch('mapping:preview', {
      path: csv,
      mapping: { fields: [{ field: 'name', column: 1, transform: { case: 'shout' } }] },
    });
    expect(bad.ok).toBe(false);
  });

  it('offers every saved mapping for a file, mapped onto its columns', async () => {
    const p = await call('files:preview', { path: csv });
    const mapping = {
      fields: p.suggestion.mapping.fields.map((f) =>
        f.field === 'supplierId.id' ? { ...f, column: 0, transform: { padZeros: 6 } } : f,
      ),
    };
    await call('templates:save', { name: 'Kreditoren', headers: csvHeaders, mapping });
    // A template made for another file: two of its columns are missing here.
    await call('templates:save', {
      name: 'Altes Format',
      headers: ['Kreditor', 'Firma', 'Fax', 'Telex'],
      mapping: {
        fields: [
          { field: 'supplierId.id', column: 0 },
          { field: 'name', column: 1 },
          { field: 'city', column: 2 },
          { field: 'address', column: 3 },
        ],
      },
    });
    const list = await call('templates:list', { headers: [...csvHeaders].reverse() });
    const mine = list.find((t) => t.name === 'Kreditoren')!;
    expect(mine.sameColumns).toBe(true);
    expect(mine.missingColumns).toEqual([]);
    expect(mine.mapping?.fields.find((f) => f.field === 'supplierId.id')).toEqual({
      field: 'supplierId.id',
      column: 7,
      transform: { padZeros: 6 },
    });
    const old = list.find((t) => t.name === 'Altes Format')!;
    expect(old.sameColumns).toBe(false);
    expect(old.missingColumns).toEqual(['Fax', 'Telex']);
    expect(old.mapping?.fields.find((f) => f.field === 'name')?.column).toBe(6);
    // The suggestion for this file comes from the template made for its columns.
    expect((await call('files:preview', { path: csv })).suggestion.template).toBe('Kreditoren');
    expect(await call('templates:delete', { name: 'Altes Format' })).toEqual({ deleted: true });
    expect(await call('templates:delete', { name: 'Altes Format' })).toEqual({ deleted: false });
    expect((await call('templates:list', {})).map((t) => t.name)).toEqual(['Kreditoren']);
  });

  it('counts the rows to fix by kind of problem, and filters them, as fixes come in', async () => {
    const p = await call('files:preview', { path: csv });
    const conn = (await call('connections:list', {}))[0]!;
    const { jobId } = await call('jobs:create', {
      path: csv,
      connectionId: conn.id,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    const problems = await call('jobs:problems', { jobId });
    expect(problems.rows).toBe(5);
    expect(problems.kinds).toEqual([
      { code: 'country_unknown', field: 'countryCode', rows: 2 },
      { code: 'duplicate_in_file', field: 'supplierId.id', rows: 1 },
      { code: 'row_empty', field: null, rows: 1 },
      { code: 'value_missing', field: 'address', rows: 1 },
    ]);
    const atlantis = await call('rows:page', {
      jobId,
      filter: { problem: { code: 'country_unknown', field: 'countryCode' } },
    });
    expect(atlantis.rows.map((r) => r.sourceRow)).toEqual([3, 7]);
    const empty = await call('rows:page', {
      jobId,
      filter: { problem: { code: 'row_empty', field: null } },
    });
    expect(empty.rows.map((r) => r.sourceRow)).toEqual([6]);

    await call('rows:fix', { rowId: atlantis.rows[0]!.id, edits: { countryCode: 'Germany' } });
    const after = await call('jobs:problems', { jobId });
    expect(after.rows).toBe(4);
    expect(after.kinds[0]).toEqual({ code: 'country_unknown', field: 'countryCode', rows: 1 });
    const missing = await services.router.dispatch('jobs:problems', { jobId: 'nope' });
    expect(missing.ok || missing.error.code).toBe('not_found');
  });
});

describe('uploads', () => {
  it('reassembles a file sent in chunks and previews it', async () => {
    const bytes = await readFile(sample);
    const half = Math.floor(bytes.length / 2);
    const a = await call('files:upload', {
      name: 'Lieferanten.xlsx',
      chunk: bytes.subarray(0, half).toString('base64'),
      done: false,
    });
    const b = await call('files:upload', {
      uploadId: a.uploadId,
      name: 'Lieferanten.xlsx',
      chunk: bytes.subarray(half).toString('base64'),
      done: true,
    });
    expect(b.bytes).toBe(bytes.length);
    expect(b.path).toMatch(/Lieferanten\.xlsx$/);
    const p = await call('files:preview', { path: b.path! });
    expect(p.rows.length).toBe(50);
    expect(p.truncated).toBe(true);
  });
});

describe('an import cut short', () => {
  it('is finished from the file before the job runs, so no row is left out', async () => {
    const { writeFile } = await import('node:fs/promises');
    const csv = path.join(dir, 'cut.csv');
    const lines = ['Supplier No,Name,Street,Postal code,City,Country,Source'];
    for (let i = 0; i < 30; i++) lines.push(`C${i},Cut ${i} GmbH,Street ${i},10115,Berlin,DE,ERP`);
    await writeFile(csv, `${lines.join('\n')}\n`);
    services.grants.grantRead(csv);
    const conn = (await call('connections:list', {}))[0]!;
    const preview = await call('files:preview', { path: csv });
    // What a kill during the import leaves: the job, the first rows, and the import's mark.
    const core = await services.ready();
    const file = await call('files:inspect', { path: csv });
    const job = core.journal.createJob({
      name: 'cut',
      connectionId: conn.id,
      sourcePath: csv,
      sourceHash: file.hash,
      headerRow: preview.headerRow,
      headers: preview.columns.map((c) => c.header),
      mapping: preview.suggestion.mapping as unknown as Record<string, unknown>,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    core.journal.setJobState(job.id, 'needs_attention', {
      code: 'import_incomplete',
      message: 'x',
    });
    const { validateRows } = await import('../../../src-main/workbook');
    const first = validateRows(
      preview.rows.slice(0, 12),
      preview.suggestion.mapping,
      preview.columns,
    );
    core.journal.addRows(
      job.id,
      first.rows.map((r) => ({
        sourceRow: r.sourceRow,
        cells: r.cells,
        payload: r.payload as Record<string, unknown>,
        identityKey: r.identity,
        state: 'valid' as const,
      })),
    );
    expect((await call('jobs:get', { jobId: job.id })).total).toBe(12);
    await call('jobs:start', { jobId: job.id });
    const done = await waitForJob(job.id, ['finished', 'needs_attention']);
    expect(done.total).toBe(30);
    expect(done.counts.done).toBe(30);
  });
});
