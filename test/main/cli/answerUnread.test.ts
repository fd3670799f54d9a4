// An API address that answers with a redirect, or with an answer too large to read: asking again
// would get the same, so the command line stops at once with the sentence that says what to
// check, instead of trying again in silence.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, writeSupplierList } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let list: string;

beforeAll(async () => {
  tmp = await tempDir('onboard-unread-');
  list = path.join(tmp.dir, 'list.xlsx');
  await writeSupplierList(list, 2);
});

afterAll(async () => {
  await tmp?.remove();
});

async function serving(handler: http.RequestListener): Promise<{ url: string; close(): void }> {
  const server = http.createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function run(url: string, name: string) {
  return runCli(
    [list, '--data-dir', path.join(tmp.dir, name), '--base-url', url, '--token-env', 'T'],
    { T: 'unread-token' },
  );
}

describe('an answer the app does not read', () => {
  it('a redirect: the job stops with a sentence naming where it pointed', async () => {
    const api = await serving((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/login' });
      res.end();
    });
    try {
      const r = await run(api.url, 'redirect');
      const out = r.stdout + r.stderr;
      expect(r.code, out).toBe(3);
      expect(out).toContain('https://elsewhere.example');
      expect(out).toMatch(/follows no redirect/);
    } finally {
      api.close();
    }
  }, 60_000);

  it('an answer over the size limit: the job stops with a sentence', async () => {
    const api = await serving((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 40_000_000 });
      res.write('{');
    });
    try {
      const r = await run(api.url, 'large');
      const out = r.stdout + r.stderr;
      expect(r.code, out).toBe(3);
      expect(out).toMatch(/larger than 32 MB/);
    } finally {
      api.close();
    }
  }, 60_000);
});
