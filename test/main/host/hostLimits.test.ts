// The browser host's limits for all its clients together, beside each client's own: many
// clients that flood it are refused (`busy`, or the connection itself), so the page's answers
// never wait behind thousands of their calls.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PROTOCOL, WS_SECRET_PREFIX } from '../../../src-shared/contract';
import { startBrowserHost, type BrowserHost } from '../../../src-main/host/browserHost';
import type { ServicesFront } from '../../../src-main/services/front';

let dir: string;
let host: BrowserHost;
/** Commands answer once the test lets them go. */
let release: () => void = () => undefined;
let gate = new Promise<void>((resolve) => (release = resolve));

const services: ServicesFront = {
  dispatch: async () => {
    await gate;
    return { ok: true, value: 'done' };
  },
  subscribe: () => () => undefined,
  grantRead: () => undefined,
  open: () => undefined,
  takeDownload: () => Promise.resolve(undefined),
  close: () => Promise.resolve(),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'host-limits-'));
  await mkdir(path.join(dir, 'renderer'));
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  host = await startBrowserHost({
    services,
    rendererDir: path.join(dir, 'renderer'),
    callsInFlight: 2,
    callsWaiting: 10,
    hostCallsInFlight: 2,
    hostCallsWaiting: 2,
    maxClients: 3,
  });
});

afterAll(async () => {
  release();
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

type Answer = { ok: boolean; error?: { code: string } };

async function client(): Promise<{ ws: WebSocket; answers: Map<number, Answer> }> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${host.port}/api`,
    [WS_PROTOCOL, WS_SECRET_PREFIX + host.secret],
    { origin: host.origin },
  );
  ws.on('error', () => undefined);
  const answers = new Map<number, Answer>();
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; id: number; result: Answer };
    if (frame.type === 'result') answers.set(frame.id, frame.result);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return { ws, answers };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the browser host for all its clients together', () => {
  it('refuses the calls beyond its own share, and clients beyond its number', async () => {
    const a = await client();
    const b = await client();
    const c = await client();
    // Each client is well within its own limits (2 running, 10 waiting).
    for (const [i, x] of [a, b, c].entries())
      for (let id = 1; id <= 2; id++)
        x.ws.send(JSON.stringify({ type: 'invoke', id, command: 'app:info', input: { i } }));
    await settle();
    // Six calls at the host, which runs 2 and keeps 2 waiting: two are refused at once.
    const all = [a, b, c].flatMap((x) => [...x.answers.values()]);
    expect(all).toHaveLength(2);
    expect(all.every((r) => !r.ok && r.error?.code === 'busy')).toBe(true);
    // A fourth client is not let in while three are connected.
    await expect(client()).rejects.toThrow('HTTP 503');
    release();
    gate = Promise.resolve();
    await settle();
    expect([a, b, c].flatMap((x) => [...x.answers.values()]).filter((r) => r.ok)).toHaveLength(4);
    for (const x of [a, b, c]) x.ws.close();
  });
});
