// The token never leaves the request header: not in a log line, an answer, an error message or
// details, an event, or anything thrown, whatever the answer class. Runs the client through
// every class with a recognisable token, including a server that echoes the token back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerError } from '../../../src-main/api/answers';
import { ApiClient, type ApiLogEntry, type ApiWarning } from '../../../src-main/api/client';
import { Scheduler, type SchedulerEvent } from '../../../src-main/api/scheduler';
import { MemorySecretStore, tokenFrom } from '../../../src-main/api/secrets';
import { ThrottledApi } from '../../../src-main/api/throttledClient';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';

const TOKEN = 'tok-SECRET-9f8e7d6c5b4a';

let sandbox: SandboxHandle;
let echo: Server;
let echoUrl: string;
const sandboxLog: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    seedSuppliers: [
      { name: 'A', countryCode: 'DE', city: 'B', address: 'C', supplierIds: [{ id: 'S-1' }] },
    ],
    processingMs: 60_000,
    randomSeed: 5,
    log: (line) => sandboxLog.push(line),
  });
  // A broken server that puts the token it received into every answer and header it can.
  echo = createServer((req, res) => {
    req.resume();
    const token = String(req.headers['x-auth-token']);
    const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('uuid') ?? 400);
    res.writeHead(status, {
      'Content-Type': 'application/json',
      Sunset: token,
      Location: `/?uuid=${token}`,
    });
    res.end(
      JSON.stringify({
        code: token,
        message: `bad token ${token}`,
        loggedIn: true,
        permission: token,
      }),
    );
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((r) => echo.close(() => r()));
});

describe('the token', () => {
  it('appears in no log line, answer, error, event or thrown value', async () => {
    const logs: ApiLogEntry[] = [];
    const warnings: ApiWarning[] = [];
    const events: SchedulerEvent[] = [];
    const seen: unknown[] = [];
    const store = new MemorySecretStore();
    await store.set('conn-1', TOKEN);
    const make = (baseUrl: string, timeoutMs = 2_000) =>
      new ApiClient({
        baseUrl,
        token: tokenFrom(store, 'conn-1'),
        timeoutMs,
        log: (e) => logs.push(e),
        onWarning: (w) => warnings.push(w),
      });
    const client = make(sandbox.url);
    const run = async (p: Promise<unknown>) => {
      try {
        const a = await p;
        seen.push(a);
        if (a && typeof a === 'object' && 'kind' in a) seen.push(answerError(a as never));
      } catch (e) {
        seen.push(e, e instanceof Error ? [e.message, e.stack] : undefined);
      }
    };

    const supplier = (id: string, name = 'N') => ({
      name,
      countryCode: 'DE',
      city: 'X',
      address: 'Y',
      supplierId: { id },
    });
    await run(client.createSupplier(supplier('T-1'))); // ok
    await run(client.createSupplier(supplier('T-1'))); // conflict
    await run(client.createSupplier(supplier('T-2', ' '))); // row error
    await run(client.getScreening({ supplierId: 'S-1' })); // not found
    await run(client.findByIdentifier({ supplierId: 'S-1' })); // ok, one
    sandbox.configure({ faults: { before500: 1 } });
    await run(client.listPending()); // 500
    sandbox.configure({ faults: { drop: 1 } });
    await run(client.createSupplier(supplier('T-3'))); // reset
    sandbox.configure({ faults: { latencyMs: [300, 300] } });
    await run(make(sandbox.url, 50).listPending()); // timeout
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    await run(client.listPending(undefined, { signal: ac.signal })); // aborted in flight
    sandbox.configure({ faults: {} });
    sandbox.configure({
      limits: { GET: [{ limit: 1, windowSeconds: 10 }], WRITE: [{ limit: 20, windowSeconds: 10 }] },
    });
    await run(client.listPending());
    await run(client.listPending()); // 429
    // Through the scheduler too (its events carry 429 bodies).
    const scheduler = new Scheduler({ connectionId: 'conn-1', onEvent: (e) => events.push(e) });
    const api = new ThrottledApi(client, scheduler);
    const ac2 = new AbortController();
    const queued = api.listPending(undefined, { signal: ac2.signal });
    // Long enough for its 429 to come back on a busy machine (the suite runs files side by side),
    // short of the ten-second window it would wait out.
    setTimeout(() => ac2.abort(), 1_500);
    await run(queued);
    scheduler.close();
    sandbox.configure({
      limits: {
        GET: [{ limit: 100, windowSeconds: 10 }],
        WRITE: [{ limit: 20, windowSeconds: 10 }],
      },
    });
    // Refused token, offline, malformed answers, and a server that echoes the token everywhere.
    await run(
      new ApiClient({ baseUrl: sandbox.url, token: async () => `${TOKEN}-wrong` }).listPending(),
    );
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await run(make(`http://127.0.0.1:${closedPort}`).listPending()); // offline
    const echoing = make(echoUrl);
    for (const status of [200, 201, 202, 400, 401, 403, 404, 409, 429, 500, 503, 418]) {
      await run(echoing.listPending(String(status)));
      await run(echoing.createSupplier(supplier('E-1')));
    }
    // A token that cannot travel in a header (fetch would quote it in its error).
    await run(
      new ApiClient({ baseUrl: sandbox.url, token: async () => `${TOKEN}\n` }).listPending(),
    );
    // A token store that fails with the token in its error.
    await run(
      new ApiClient({
        baseUrl: sandbox.url,
        token: async () => {
          throw new Error(`keychain said ${TOKEN}`);
        },
      }).listPending(),
    );

    expect(logs.length).toBeGreaterThan(20);
    expect(events.some((e) => e.type === 'throttled')).toBe(true);
    const kinds = new Set(
      seen.map((s) => (s && typeof s === 'object' && 'kind' in s ? s.kind : undefined)),
    );
    for (const k of [
      'ok',
      'conflict',
      'row_error',
      'not_found',
      'maybe_processed',
      'aborted',
      'throttled',
      'access_denied',
      'offline',
      'unexpected_response',
      'no_token',
    ]) {
      expect(kinds.has(k), k).toBe(true);
    }
    const everything = [
      ...logs.map((l) => JSON.stringify(l)),
      ...warnings.map((w) => JSON.stringify(w)),
      ...events.map((e) => JSON.stringify(e)),
      ...seen.map((s) => JSON.stringify(s) ?? ''),
      ...seen.map((s) => String(s)),
      ...sandboxLog,
    ].join('\n');
    // The test's own material must be there, or the check below proves nothing.
    expect(everything).toContain('bad token');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('9f8e7d6c5b4a');
  });
});
