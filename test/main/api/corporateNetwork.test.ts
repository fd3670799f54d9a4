// The API client through a company network, with real parts: the sandbox behind TLS with a
// certificate of a company's own authority, a CONNECT proxy that records every byte, servers
// that answer too much or redirect elsewhere.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent, ProxyAgent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerError, MAX_ANSWER_BYTES } from '../../../src-main/api/answers';
import { ApiClient } from '../../../src-main/api/client';
import { HEADERS, PATHS } from '../../../src-main/api/wire';
import {
  createTransport,
  environmentTransport,
  noProxyMatches,
  proxyFromEnv,
  proxyFromPac,
  type Transport,
} from '../../../src-main/api/transport';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { testConnection } from '../../../src-main/services/connectionTest';
import { wordFailure } from '../../../src-shared/i18n';
import {
  CORP_HOST,
  holdsToken,
  makeCertificates,
  startRecordingProxy,
  startTlsFront,
  type Certificates,
  type Listening,
} from './corporateNetwork';

const TOKEN = 'corporate-network-token-7f3a';
let dir: string;
let certs: Certificates;
let sandbox: SandboxHandle;
let front: Listening;
const transports: Transport[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'corp-net-'));
  certs = makeCertificates(dir);
  sandbox = await startSandbox({ tokens: [{ token: TOKEN }], processingMs: 10 });
  front = await startTlsFront(certs, Number(new URL(sandbox.url).port));
});

afterAll(async () => {
  await Promise.all(transports.map((t) => t.close()));
  await front?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

function client(baseUrl: string, transport: Transport): ApiClient {
  transports.push(transport);
  return new ApiClient({ baseUrl, token: async () => TOKEN, fetch: transport.fetch });
}

const direct = (ca?: string[]) =>
  createTransport({ proxyFor: () => ({ kind: 'direct' }), ...(ca ? { ca } : {}) });

describe('a certificate the app does not trust', () => {
  it('is a sentence naming the host and what to install, in English and German', async () => {
    const answer = await client(`https://localhost:${front.port}`, direct()).listSuppliers(0, 1);
    expect(answer.kind).toBe('untrusted_certificate');
    if (answer.kind !== 'untrusted_certificate') return;
    expect(answer.host).toBe(`localhost:${front.port}`);
    expect(answer.detail).toMatch(/UNABLE_TO_(GET_ISSUER_CERT_LOCALLY|VERIFY_LEAF_SIGNATURE)/);
    const error = answerError(answer)!;
    expect(error.code).toBe('api_untrusted_certificate');
    expect(error.message).toContain(`localhost:${front.port}`);
    expect(error.message).toMatch(/root certificate/);
    expect(error.message).toMatch(/NODE_EXTRA_CA_CERTS/);
    const de = wordFailure('de', { code: error.code, params: error.details as never });
    expect(de).toContain(`localhost:${front.port}`);
    expect(de).toMatch(/Stammzertifikat/);
  });

  it('is what the connection test reports, not "unreachable"', async () => {
    const report = await testConnection(client(`https://localhost:${front.port}`, direct()));
    expect(report.ok).toBe(false);
    expect(report.summaryCode).toBe('untrusted_certificate');
    expect(report.summary).toContain(`localhost:${front.port}`);
    expect(report.summary).toMatch(/NODE_EXTRA_CA_CERTS/);
  });

  it('another name than the certificate has is refused the same way', async () => {
    // Through a proxy (it resolves names for the client) to a name the certificate is not for.
    const proxy = await startRecordingProxy();
    try {
      const transport = createTransport({
        proxyFor: () => ({ kind: 'proxy', url: proxy.url }),
        ca: [certs.ca],
      });
      const answer = await client(`https://other.corp.test:${front.port}`, transport).listSuppliers(
        0,
        1,
      );
      expect(answer).toMatchObject({
        kind: 'untrusted_certificate',
        host: `other.corp.test:${front.port}`,
      });
      if (answer.kind === 'untrusted_certificate')
        expect(answer.detail).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
    } finally {
      await proxy.close();
    }
  });

  it("with the company's authority trusted, the same server answers", async () => {
    const answer = await client(
      `https://localhost:${front.port}`,
      direct([certs.ca]),
    ).listSuppliers(0, 1);
    expect(answer.kind).toBe('ok');
  });
});

describe('a proxy', () => {
  it('tunnels https (CONNECT): the proxy never sees the token, plain or in base64', async () => {
    const proxy = await startRecordingProxy();
    try {
      const transport = createTransport({
        proxyFor: (target) => proxyFromEnv(target, { HTTPS_PROXY: proxy.url }),
        ca: [certs.ca],
      });
      const api = client(`https://${CORP_HOST}:${front.port}`, transport);
      const answer = await api.listSuppliers(0, 1);
      expect(answer.kind).toBe('ok');
      expect(proxy.tunnels).toEqual([`${CORP_HOST}:${front.port}`]);
      expect(proxy.plain).toEqual([]);
      expect(proxy.bytes().length).toBeGreaterThan(1000);
      expect(holdsToken(proxy.bytes(), TOKEN)).toBe(false);
    } finally {
      await proxy.close();
    }
  });

  it('(the recording would show a token sent in clear through it)', async () => {
    // The check above can fail: the same token over plain http through the same proxy is there.
    const proxy = await startRecordingProxy();
    const agent = new ProxyAgent(proxy.url);
    try {
      const res = await undiciFetch(`http://${CORP_HOST}:${new URL(sandbox.url).port}/`, {
        headers: { [HEADERS.token]: TOKEN },
        dispatcher: agent,
      });
      await res.arrayBuffer();
      expect(holdsToken(proxy.bytes(), TOKEN)).toBe(true);
    } finally {
      await agent.close();
      await proxy.close();
    }
  });

  it('NO_PROXY takes the host past the proxy', async () => {
    const proxy = await startRecordingProxy();
    try {
      const env = { HTTPS_PROXY: proxy.url, NO_PROXY: `localhost,.corp.test` };
      const transport = createTransport({
        proxyFor: (target) => proxyFromEnv(target, env),
        ca: [certs.ca],
      });
      // Straight to the host: the name resolves nowhere, so the request cannot leave.
      const answer = await client(`https://${CORP_HOST}:${front.port}`, transport).listSuppliers(
        0,
        1,
      );
      expect(answer.kind).toBe('offline');
      expect(proxy.tunnels).toEqual([]);
      expect(proxy.bytes().length).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('this computer is never reached through a proxy (the built-in sandbox)', async () => {
    const proxy = await startRecordingProxy();
    try {
      const transport = environmentTransport({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
      const answer = await client(sandbox.url, transport).listSuppliers(0, 1);
      expect(answer.kind).toBe('ok');
      expect(proxy.bytes().length).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('the environment and the system answers are read as Node tools and PAC scripts mean them', () => {
    const u = (s: string) => new URL(s);
    expect(proxyFromEnv(u('https://api.example.com'), { https_proxy: 'proxy:3128' })).toEqual({
      kind: 'proxy',
      url: 'http://proxy:3128',
    });
    // An empty variable counts as not set, whichever its case.
    expect(
      proxyFromEnv(u('https://api.example.com'), { https_proxy: '', HTTPS_PROXY: 'http://p:1' }),
    ).toEqual({ kind: 'proxy', url: 'http://p:1' });
    // https takes HTTPS_PROXY, never HTTP_PROXY.
    expect(proxyFromEnv(u('https://api.example.com'), { HTTP_PROXY: 'http://p:1' })).toEqual({
      kind: 'direct',
    });
    expect(noProxyMatches(u('https://api.example.com'), 'example.com')).toBe(true);
    expect(noProxyMatches(u('https://api.example.com'), '.example.com')).toBe(true);
    expect(noProxyMatches(u('https://api.example.com'), '*.example.com')).toBe(true);
    expect(noProxyMatches(u('https://notexample.com'), 'example.com')).toBe(false);
    expect(noProxyMatches(u('https://api.example.com'), 'api.example.com:8443')).toBe(false);
    expect(noProxyMatches(u('https://api.example.com:8443'), 'api.example.com:8443')).toBe(true);
    expect(noProxyMatches(u('https://anything'), '*')).toBe(true);
    expect(proxyFromPac('PROXY proxy.corp:8080; DIRECT')).toEqual({
      kind: 'proxy',
      url: 'http://proxy.corp:8080',
    });
    expect(proxyFromPac('DIRECT')).toEqual({ kind: 'direct' });
    expect(proxyFromPac('SOCKS5 s:1080; HTTPS secure.corp:443')).toEqual({
      kind: 'proxy',
      url: 'https://secure.corp:443',
    });
  });
});

/** A plain HTTP server on this computer answering every request with `handle`. */
async function serve(
  handle: Parameters<typeof createServer>[1],
): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle!(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
  };
}

const closeServer = (s: Server) => {
  s.closeAllConnections();
  return new Promise<void>((r) => s.close(() => r()));
};

describe('bounded answers', () => {
  const chunk = Buffer.alloc(1 << 20, 0x20);

  it.each([
    ['declared by Content-Length', true],
    ['streamed without a length', false],
  ])('an answer over the limit, %s, is refused with a sentence', async (_what, declared) => {
    let written = 0;
    const big = await serve((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(MAX_ANSWER_BYTES + chunk.length) } : {}),
      });
      const more = () => {
        while (written <= MAX_ANSWER_BYTES + chunk.length) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => undefined);
      more();
    });
    try {
      const answer = await client(big.url, direct()).listSuppliers(0, 1);
      expect(answer).toMatchObject({ kind: 'unexpected_response', reason: 'too_large' });
      const error = answerError(answer)!;
      expect(error.message).toMatch(/larger than 32 MB/);
      expect(wordFailure('de', { code: error.code, params: error.details as never })).toMatch(
        /größer als 32 MB/,
      );
    } finally {
      await closeServer(big.server);
    }
  });

  it('the largest legitimate answer, a page of 2,000 suppliers, is far below the limit', async () => {
    const seeded = await startSandbox({
      tokens: [{ token: TOKEN }],
      seedSuppliers: Array.from({ length: 2000 }, (_, i) => ({
        name: `Supplier with a rather long company name number ${i} GmbH & Co. KG`,
        countryCode: 'DE',
        city: 'Frankfurt am Main',
        address: `Industriestraße ${i}, Gebäude C, 3. Obergeschoss`,
        postalCode: '60311',
        supplierIds: [{ id: `S${i}`, source: 'ERP-SYSTEM-OF-RECORD' }],
        customerIds: [{ id: `C${i}`, source: 'CRM' }],
        ownIds: [{ id: `O${i}` }],
      })),
    });
    const agent = new Agent();
    try {
      const res = await undiciFetch(`${seeded.url}${PATHS.sites}?page=0&size=2000`, {
        headers: { [HEADERS.token]: TOKEN },
        dispatcher: agent,
      });
      const size = (await res.arrayBuffer()).byteLength;
      expect(size).toBeGreaterThan(100_000);
      expect(size * 5).toBeLessThan(MAX_ANSWER_BYTES);
    } finally {
      await agent.close();
      await seeded.close();
    }
  });
});

describe('a redirect', () => {
  it('to another host is not followed, never gets the token, and names where it pointed', async () => {
    const elsewhere = await serve((_req, res) => res.end('{}'));
    const redirecting = await serve((_req, res) =>
      res
        .writeHead(302, { location: `${elsewhere.url.replace('127.0.0.1', 'localhost')}/sites` })
        .end(),
    );
    try {
      const answer = await client(redirecting.url, direct()).listSuppliers(0, 1);
      const target = elsewhere.url.replace('127.0.0.1', 'localhost');
      expect(answer).toMatchObject({ kind: 'unexpected_response', reason: 'redirect', target });
      expect(redirecting.requests).toHaveLength(1);
      expect(elsewhere.requests).toEqual([]);
      const error = answerError(answer)!;
      expect(error.message).toContain(target);
      expect(error.message).toMatch(/follows no redirect/);
      expect(wordFailure('de', { code: error.code, params: error.details as never })).toContain(
        `Weiterleitung zu ${target}`,
      );
    } finally {
      await closeServer(elsewhere.server);
      await closeServer(redirecting.server);
    }
  });
});
