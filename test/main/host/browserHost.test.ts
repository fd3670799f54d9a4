// The browser host's WebSocket transport over real sockets: the secret, Origin and Host checks,
// request/response, events, and bad frames.
import { mkdir, mkdtemp, readFile, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PROTOCOL, WS_SECRET_PREFIX } from '../../../src-shared/contract';
import { errorCatalogue } from '../../../src-shared/errors';
import { localFront } from '../../../src-main/services/front';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { startBrowserHost, type BrowserHost } from '../../../src-main/host/browserHost';

let dir: string;
let services: AppServices;
let host: BrowserHost;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'host-test-'));
  await mkdir(path.join(dir, 'renderer'));
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the renderer folder');
  services = createAppServices({ dataDir: path.join(dir, 'data'), transport: 'browser-host' });
  host = await startBrowserHost({
    services: localFront(services),
    rendererDir: path.join(dir, 'renderer'),
  });
});

afterAll(async () => {
  await host.close();
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

type Frame = {
  type: string;
  id?: number;
  result?: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  event?: string;
  payload?: unknown;
};

function connect(opts: { secret?: string | null; origin?: string; host?: string } = {}) {
  const protocols = [WS_PROTOCOL];
  const secret = opts.secret === undefined ? host.secret : opts.secret;
  if (secret !== null) protocols.push(WS_SECRET_PREFIX + secret);
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api`, protocols, {
    origin: opts.origin ?? host.origin,
    headers: opts.host ? { host: opts.host } : {},
  });
  const frames: Frame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Frame));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = async (pred: (f: Frame) => boolean, timeoutMs = 5_000) => {
    const start = Date.now();
    for (;;) {
      const i = frames.findIndex(pred);
      if (i >= 0) return frames.splice(i, 1)[0]!;
      if (Date.now() - start > timeoutMs) throw new Error('no matching frame');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, opened, next };
}

function get(p: string, hostHeader?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: host.port,
          path: p,
          headers: hostHeader ? { host: hostHeader } : {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
    },
  );
}

describe('browser host', () => {
  it('answers a command from a client that holds the secret', async () => {
    const c = connect();
    await c.opened;
    expect(c.ws.protocol).toBe(WS_PROTOCOL);
    c.ws.send(JSON.stringify({ type: 'invoke', id: 7, command: 'app:info', input: {} }));
    const frame = await c.next((f) => f.id === 7);
    expect(frame.result?.ok).toBe(true);
    expect(frame.result?.value).toMatchObject({
      transport: 'browser-host',
      version: expect.any(String),
    });
    c.ws.close();
  });

  it('streams events to the client after a command', async () => {
    const c = connect();
    await c.opened;
    c.ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 1,
        command: 'demo:ping',
        input: { steps: 3, intervalMs: 5 },
      }),
    );
    const answer = await c.next((f) => f.id === 1);
    const runId = (answer.result?.value as { runId: string }).runId;
    const last = await c.next(
      (f) =>
        f.type === 'event' &&
        (f.payload as { runId: string; done: boolean }).runId === runId &&
        (f.payload as { done: boolean }).done,
    );
    expect(last.event).toBe('demo:progress');
    expect(last.payload).toMatchObject({ step: 3, steps: 3 });
    c.ws.close();
  });

  it('refuses a connection without the secret', async () => {
    await expect(connect({ secret: null }).opened).rejects.toThrow(/401/);
  });

  it('refuses a connection with a wrong secret', async () => {
    await expect(connect({ secret: 'f'.repeat(host.secret.length) }).opened).rejects.toThrow(/401/);
    await expect(connect({ secret: 'short' }).opened).rejects.toThrow(/401/);
  });

  it('refuses another page (foreign Origin) even with the secret', async () => {
    await expect(connect({ origin: 'http://evil.example' }).opened).rejects.toThrow(/403/);
    await expect(connect({ origin: 'http://127.0.0.1:1' }).opened).rejects.toThrow(/403/);
  });

  it('refuses a rebinding attempt (Host header not the loopback address)', async () => {
    await expect(connect({ host: `attacker.example:${host.port}` }).opened).rejects.toThrow(/403/);
  });

  it('answers malformed frames and bad input with errors, and keeps the connection', async () => {
    const c = connect();
    await c.opened;
    c.ws.send('not json');
    expect((await c.next((f) => f.id === -1)).result?.error?.code).toBe('invalid_input');
    c.ws.send(JSON.stringify({ type: 'invoke', id: 2, command: 'nope', input: {} }));
    expect((await c.next((f) => f.id === 2)).result?.error?.code).toBe('unknown_command');
    c.ws.send(
      JSON.stringify({ type: 'invoke', id: 3, command: 'demo:ping', input: { steps: -1 } }),
    );
    const bad = await c.next((f) => f.id === 3);
    expect(bad.result?.error?.code).toBe('invalid_input');
    expect(bad.result?.error?.message).toMatch(/steps/);
    c.ws.send(JSON.stringify({ type: 'invoke', id: 4, command: 'app:info', input: {} }));
    expect((await c.next((f) => f.id === 4)).result?.ok).toBe(true);
    c.ws.close();
  });

  it('serves the page with a strict CSP and nothing outside the renderer folder', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe/);
    expect((await get('/../secret.txt')).status).toBe(404);
    expect((await get('/%2e%2e/secret.txt')).status).toBe(404);
    expect((await get('/', `evil.example:${host.port}`)).status).toBe(421);
  });

  it('hands an exported results file to the browser once, by a one-time address', async () => {
    const exported = await exportedJob('Lieferanten Ü.csv');
    const offer = await call<{ url: string; name: string }>('files:download', {
      path: exported.path,
    });
    expect(offer.name).toBe('Lieferanten Ü.results.xlsx');
    expect(offer.url).toMatch(/^\/download\/[\w-]{32}$/);

    // Another host name never gets it, and does not use the token up.
    expect((await get(offer.url, `evil.example:${host.port}`)).status).toBe(421);
    const first = await get(offer.url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/spreadsheetml/);
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="Lieferanten _.results.xlsx"; filename*=UTF-8''Lieferanten%20%C3%9C.results.xlsx`,
    );
    expect(first.body.subarray(0, 2).toString()).toBe('PK');
    // Once only; made-up tokens and files the app did not export get nothing.
    const again = await get(offer.url);
    expect(again.status).toBe(404);
    expect(again.body.toString()).toMatch(/Export the job again/);
    expect((await get('/download/not-a-token')).status).toBe(404);
    const refused = await services.router.dispatch('files:download', {
      path: path.join(dir, 'secret.txt'),
    });
    expect(refused.ok || refused.error.code).toBe('not_found');
    expect(services.info().capabilities.download).toBe(true);
  });

  it('does not serve what a link put in place of the exported file points to', async () => {
    const exported = await exportedJob('Links.csv');
    const offer = await call<{ url: string }>('files:download', { path: exported.path });
    // After the address was handed out, the file becomes a link to another file.
    const other = path.join(dir, 'secret.txt');
    await rm(exported.path);
    await symlink(other, exported.path);
    const res = await get(offer.url);
    expect(res.status).toBe(410);
    expect(res.body.toString()).toBe(errorCatalogue.download_changed);
    expect(res.body.toString()).not.toContain('outside the renderer folder');
    // And no new address is handed out for it.
    const again = await services.router.dispatch('files:download', { path: exported.path });
    expect(again.ok || again.error.code).toBe('download_changed');
  });

  it('does not serve an exported file whose content was replaced, even at the same size', async () => {
    const exported = await exportedJob('Replaced.csv');
    const offer = await call<{ url: string }>('files:download', { path: exported.path });
    const original = await readFile(exported.path);
    // The same number of bytes, written into the same file (same inode): the time tells.
    await writeFile(exported.path, Buffer.alloc(original.length, 0x41));
    await utimes(exported.path, new Date(), new Date(Date.now() + 5_000));
    const res = await get(offer.url);
    expect(res.status).toBe(410);
    expect(res.body.toString()).toMatch(/changed or replaced .* Export the job again\./);
    // A new file moved into its place: refused when the address is asked for.
    const moved = path.join(dir, 'moved.xlsx');
    await writeFile(moved, original);
    await rename(moved, exported.path);
    const refused = await services.router.dispatch('files:download', { path: exported.path });
    expect(refused.ok || refused.error.code).toBe('download_changed');
    // Nor is it replaced by the next export; once the user moved it away, the export is served.
    const over = await services.router.dispatch('jobs:export', {
      jobId: exported.jobId,
      format: 'xlsx',
    });
    expect(over.ok || over.error.code).toBe('export_file_exists');
    await rm(exported.path);
    const fresh = await call<{ path: string }>('jobs:export', {
      jobId: exported.jobId,
      format: 'xlsx',
    });
    const offer2 = await call<{ url: string }>('files:download', { path: fresh.path });
    const ok = await get(offer2.url);
    expect(ok.status).toBe(200);
    expect(ok.body.equals(await readFile(fresh.path))).toBe(true);
  });
});

async function call<T = never>(command: string, input: unknown): Promise<T> {
  const r = await services.router.dispatch(command as 'app:info', input);
  if (!r.ok) throw new Error(`${command}: ${r.error.message}`);
  return r.value as T;
}

/** A list uploaded as a browser does, imported into a job and exported beside the upload. */
async function exportedJob(name: string): Promise<{ path: string; jobId: string }> {
  const text =
    'Lieferanten-Nr.;Name;Straße;Ort;Land\r\n000101;Müller GmbH;Hauptstr. 1;Stuttgart;DE\r\n';
  const up = await call<{ path: string }>('files:upload', {
    name,
    chunk: Buffer.from(text).toString('base64'),
    done: true,
  });
  const preview = await call<{ suggestion: { mapping: unknown } }>('files:preview', {
    path: up.path,
  });
  const [conn] = await call<Array<{ id: string }>>('connections:list', {});
  const { jobId } = await call<{ jobId: string }>('jobs:create', {
    path: up.path,
    connectionId: conn!.id,
    mapping: preview.suggestion.mapping,
    options: {},
  });
  const exported = await call<{ path: string }>('jobs:export', { jobId, format: 'xlsx' });
  return { path: exported.path, jobId };
}
