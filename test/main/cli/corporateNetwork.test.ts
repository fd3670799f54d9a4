// The command line on a company network, as a user runs it: the API behind TLS with a certificate
// of the company's own authority (a TLS-inspecting network), NODE_EXTRA_CA_CERTS naming that
// authority's file, HTTPS_PROXY naming a proxy that records every byte it forwards.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import {
  CORP_HOST,
  holdsToken,
  makeCertificates,
  startRecordingProxy,
  startTlsFront,
  type Certificates,
  type Listening,
} from '../api/corporateNetwork';
import { lastLine, runCli, writeSupplierList } from './cli';

const TOKEN = 'cli-corporate-token-5d1e';
let dir: string;
let certs: Certificates;
let sandbox: SandboxHandle;
let front: Listening;
let list: string;

/** No proxy and no extra authority from the machine running the tests. */
const CLEAN = {
  ONBOARD_TOKEN: TOKEN,
  HTTPS_PROXY: '',
  https_proxy: '',
  HTTP_PROXY: '',
  http_proxy: '',
  NO_PROXY: '',
  no_proxy: '',
  NODE_EXTRA_CA_CERTS: '',
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onboard-corp-'));
  certs = makeCertificates(dir);
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    processingMs: 100,
    screeningMs: 100,
    validationMs: 100,
    limits: { GET: [{ limit: 200, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
  });
  front = await startTlsFront(certs, Number(new URL(sandbox.url).port));
  list = path.join(dir, 'list.xlsx');
  await writeSupplierList(list, 4);
});

afterAll(async () => {
  await front?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

function args(baseUrl: string, name: string): string[] {
  return [
    list,
    '--data-dir',
    path.join(dir, name),
    '--base-url',
    baseUrl,
    '--sandbox-processing-ms',
    '100',
    '--token-env',
    'ONBOARD_TOKEN',
    '--out',
    path.join(dir, `${name}.results.xlsx`),
  ];
}

describe('a certificate of a TLS-inspecting network', () => {
  it('without its authority: the job pauses and says which host and what to install', async () => {
    const created = sandbox.stats().createRequestsAccepted;
    const r = await runCli(args(`https://localhost:${front.port}`, 'untrusted'), CLEAN);
    const out = r.stdout + r.stderr;
    expect(r.code, out).toBe(3);
    expect(out).toContain(`localhost:${front.port}`);
    expect(out).toMatch(/root certificate/);
    expect(out).toMatch(/NODE_EXTRA_CA_CERTS/);
    expect(out).not.toMatch(/waiting for the network|cannot be reached/i);
    expect(lastLine(r)).toMatch(/^rows=4 created=0 .* pending=4 /);
    expect(sandbox.stats().createRequestsAccepted).toBe(created);
  });

  it('with NODE_EXTRA_CA_CERTS naming its file: the job runs', async () => {
    const r = await runCli(args(`https://localhost:${front.port}`, 'trusted'), {
      ...CLEAN,
      NODE_EXTRA_CA_CERTS: certs.caFile,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lastLine(r)).toMatch(
      /^rows=4 created=4 existing=0 invalid=0 rejected=0 failed=0 pending=0 /,
    );
  });
});

describe('HTTPS_PROXY', () => {
  it('takes every request through the proxy, which never sees the token', async () => {
    const proxy = await startRecordingProxy();
    try {
      const file = path.join(dir, 'proxied.xlsx');
      await writeSupplierList(file, 4, 100);
      const r = await runCli(
        [file, ...args(`https://${CORP_HOST}:${front.port}`, 'proxied').slice(1)],
        { ...CLEAN, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certs.caFile },
      );
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(lastLine(r)).toMatch(/^rows=4 created=4 /);
      // The name resolves nowhere but at the proxy: every request went through it, tunnelled.
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels)).toEqual(new Set([`${CORP_HOST}:${front.port}`]));
      expect(proxy.plain).toEqual([]);
      expect(proxy.bytes().length).toBeGreaterThan(10_000);
      expect(holdsToken(proxy.bytes(), TOKEN)).toBe(false);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
