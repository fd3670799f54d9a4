// The connection test against the real sandbox: it reads, it never writes (the sandbox counts
// every request it was sent), and it keeps what the answers looked like for a support call.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src-main/api';
import { testConnection } from '../../../src-main/services/connectionTest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { answerReportText } from '../../../src-shared/answerReport';
import { ConnectionTestSchema } from '../../../src-shared/contract';
import { word } from '../../../src-shared/i18n';

let sb: SandboxHandle;
const AT = new Date('2026-03-02T10:15:00.000Z');

beforeAll(async () => {
  sb = await startSandbox({
    seedSuppliers: 'sample',
    tokens: [
      { token: 'all-of-it' },
      { token: 'reader-only', permissions: ['ACCESS_PUBLIC_SUPPLIERS'] },
    ],
  });
});
afterAll(() => sb.close());

function clientFor(token: string, fieldNames?: 'locality-addressLine') {
  return new ApiClient({
    baseUrl: sb.url,
    token: () => Promise.resolve(token),
    ...(fieldNames ? { fieldNames } : {}),
  });
}

describe('the connection test', () => {
  it('sends reads only, and reports the field names the answers came with', async () => {
    sb.reset();
    const test = await testConnection(clientFor('all-of-it'), { now: () => AT });
    const stats = sb.stats();
    // Not one write: no create, screening, validation or identifier request reached the API.
    expect(stats.requests.WRITE).toBe(0);
    expect(stats).toMatchObject({
      createRequestsAccepted: 0,
      screeningRequests: 0,
      validationRequests: 0,
      pending: 0,
    });
    // list, find (unknown id), find (first listed supplier), pending, screening, validation.
    expect(stats.requests.GET).toBe(6);
    expect(ConnectionTestSchema.parse(test)).toEqual(test);

    expect(test.ok).toBe(true);
    expect(test.summaryCode).toBe('ok');
    const status = Object.fromEntries(test.checks.map((c) => [c.key, c.status]));
    expect(status).toEqual({
      reachable: 'ok',
      token: 'ok',
      read: 'ok',
      create: 'unknown',
      screening: 'ok',
      validation: 'ok',
      onCreate: 'unknown',
    });
    expect(test.checks.find((c) => c.key === 'create')?.code).toBe('create_unknown');

    const answers = test.answers!;
    expect(answers).toMatchObject({
      testedAt: '2026-03-02T10:15:00.000Z',
      baseUrl: sb.url,
      fieldNames: 'city-address',
    });
    expect(answers.pagingFields).toEqual(expect.arrayContaining(['totalPages', 'number', 'size']));
    expect(answers.pagingFields).not.toContain('content');
    const byRead = Object.fromEntries(answers.seen.map((s) => [s.read, s]));
    expect(Object.keys(byRead)).toEqual([
      'list',
      'find',
      'supplier',
      'pending',
      'screening',
      'validation',
    ]);
    expect(byRead.list).toMatchObject({
      endpoint: 'GET /public/v2/suppliers/sites',
      status: 200,
      answer: 'ok',
      body: 'object',
    });
    expect(byRead.list!.fields).toContain('content');
    expect(byRead.list!.itemFields).toEqual(
      expect.arrayContaining(['platformTargetId', 'name', 'supplierIds']),
    );
    // An identifier no supplier has: 404 with the error body's fields.
    expect(byRead.find).toMatchObject({
      endpoint: 'GET /public/v2/suppliers/sites/find-by-identifier',
      status: 404,
      answer: 'ok',
      body: 'object',
    });
    expect(byRead.find!.fields).toEqual(expect.arrayContaining(['code', 'message']));
    expect(byRead.supplier).toMatchObject({ status: 200, answer: 'ok' });
    expect(byRead.supplier!.fields).toEqual(
      expect.arrayContaining(['platformTargetId', 'name', 'countryCode']),
    );
    expect(byRead.pending).toMatchObject({ status: 200, answer: 'ok', body: 'list' });
    expect(byRead.screening).toMatchObject({ status: 404, answer: 'not_found' });
    expect(byRead.validation).toMatchObject({ status: 404, answer: 'not_found' });

    // The copied report: plain text, every read and its fields, no token, no supplier data.
    const text = answerReportText(test, 'en');
    expect(text).toContain("What the API's answers looked like");
    expect(text).toContain('Tested at: 2026-03-02T10:15:00.000Z');
    expect(text).toContain('GET /public/v2/suppliers/sites answered 200 (ok)');
    expect(text).toMatch(/fields of its first supplier: .*platformTargetId/);
    expect(text).toMatch(/Paging fields of the supplier list: .*totalPages/);
    expect(text).toContain('Unknown until the first create');
    expect(text).not.toContain('all-of-it');
    const de = answerReportText(test, 'de');
    expect(de).toContain('Wie die Antworten der API aussahen');
    expect(de).toContain('Unbekannt bis zur ersten Anlage');
  });

  it('says which optional features the token lacks, still without a write', async () => {
    sb.reset();
    const test = await testConnection(clientFor('reader-only', 'locality-addressLine'));
    expect(sb.stats().requests.WRITE).toBe(0);
    // Reading and checking work; creating is learned at the first creation.
    expect(test.ok).toBe(true);
    expect(test.summaryCode).toBe('optional_denied');
    const status = Object.fromEntries(test.checks.map((c) => [c.key, c.status]));
    expect(status).toMatchObject({
      read: 'ok',
      create: 'unknown',
      screening: 'failed',
      validation: 'failed',
    });
    expect(test.answers?.fieldNames).toBe('locality-addressLine');
    const screening = test.answers?.seen.find((s) => s.read === 'screening');
    expect(screening).toMatchObject({ status: 403, answer: 'access_denied' });
    expect(answerReportText(test, 'en')).toContain(
      'Spelling of city and address in creates: locality and addressLine',
    );
  });

  it('keeps what an unreachable address answered: nothing', async () => {
    const closed = await startSandbox({});
    const url = closed.url;
    await closed.close();
    const client = new ApiClient({ baseUrl: url, token: () => Promise.resolve('all-of-it') });
    const test = await testConnection(client, { now: () => AT });
    expect(test.ok).toBe(false);
    expect(test.checks).toEqual([expect.objectContaining({ key: 'reachable', status: 'failed' })]);
    expect(test.answers?.seen).toEqual([
      expect.objectContaining({ read: 'list', answer: 'offline', body: 'none', fields: [] }),
    ]);
    expect(test.answers?.seen[0]?.status).toBeUndefined();
  });
});

describe("an API whose foreignSystems' system holds other words", () => {
  it('names them once, in the read check, in English and German; the kinds it knows say nothing', async () => {
    sb.reset();
    sb.configure({ answers: 'spec', system: 'source-name' });
    try {
      const test = await testConnection(clientFor('all-of-it'), { now: () => AT });
      expect(test.ok).toBe(true);
      expect(test.summaryCode).toBe('ok');
      const read = test.checks.filter((c) => c.code === 'read_ok_words');
      expect(read).toHaveLength(1);
      expect(read[0]).toMatchObject({ key: 'read', status: 'ok' });
      expect(read[0]!.params?.words).toMatch(/^"\w+"/);
      expect(read[0]!.message).toContain("foreignSystems' `system`");
      expect(word('de', 'check.read_ok_words', read[0]!.params)).toContain(
        '`system` in foreignSystems',
      );
      sb.configure({ system: 'kind' });
      const known = await testConnection(clientFor('all-of-it'), { now: () => AT });
      expect(known.checks.find((c) => c.key === 'read')?.code).toBe('read_ok');
    } finally {
      sb.configure({ answers: 'full', system: 'kind' });
    }
  });
});

describe('the copied report of a server that echoes the token', () => {
  // A key name spelled in \\u escapes reads back as the token itself; an echo in upper case is
  // the token as well. Neither may reach the report a user copies for a support call.
  const TOKEN = 'tok-Secret-4b1c9e77';
  const escaped = [...TOKEN]
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');

  it('holds the token in no form, in English and German', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        `{"content":[{"${escaped}":1,"id":7,"note":"${TOKEN.toUpperCase()}"}],` +
          `"${escaped}":true,"${TOKEN.toUpperCase()}":1,"totalElements":1}`,
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = new ApiClient({ baseUrl, token: () => Promise.resolve(TOKEN) });
      const test = await testConnection(client, { now: () => AT });
      const fields = test.answers?.seen.flatMap((s) => [...s.fields, ...(s.itemFields ?? [])]);
      expect(fields).toContain('[redacted]');
      for (const lang of ['en', 'de'] as const) {
        const text = answerReportText(test, lang);
        expect(text).toContain('[redacted]');
        expect(text.toLowerCase()).not.toContain(TOKEN.toLowerCase());
      }
      expect(JSON.stringify(test).toLowerCase()).not.toContain(TOKEN.toLowerCase());
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('certificate checks turned off (NODE_TLS_REJECT_UNAUTHORIZED=0)', () => {
  // The sandbox behind an https address: a fetch that takes the request to it.
  const API = 'https://api.example.test';
  const client = () =>
    new ApiClient({
      baseUrl: API,
      token: () => Promise.resolve('all-of-it'),
      fetch: ((input: string | URL, init?: RequestInit) =>
        fetch(String(input).replace(API, sb.url), init)) as typeof fetch,
    });

  it('says in the result that the answers may not come from the API, in English and German', async () => {
    const test = await testConnection(client(), { now: () => AT, certificateChecksOff: true });
    expect(test.ok).toBe(true);
    const reachable = test.checks.find((c) => c.key === 'reachable')!;
    expect(reachable).toMatchObject({ status: 'ok', code: 'reachable_unchecked' });
    expect(reachable.message).toContain('certificate checks are off');
    expect(test.summaryCode).toBe('certificates_off');
    expect(answerReportText(test, 'en')).toContain('certificate checks are off');
    expect(answerReportText(test, 'de')).toContain('Zertifikatsprüfung ist ausgeschaltet');
  });

  it('says nothing of it while the checks are on', async () => {
    const test = await testConnection(client(), { now: () => AT, certificateChecksOff: false });
    expect(test.checks.find((c) => c.key === 'reachable')!.code).toBe('reachable');
    expect(test.summaryCode).toBe('ok');
  });
});
