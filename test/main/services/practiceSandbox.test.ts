// The practice sandbox the app's services start: a new random token every launch, answered to its
// connection from memory and written nowhere; the well-known word 'sandbox', a token of an earlier
// launch, another host name and a web page are all refused. Two launches on one data folder, the
// embedded sandbox over real HTTP.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { SITES, call, supplierPayload } from '../sandbox/client';
import { commandCaller, practiceSandbox } from './support';

/** The keychain stand-in, remembering every secret written to it. */
class RecordingStore extends MemorySecretStore {
  readonly written: string[] = [];
  override async set(account: string, secret: string): Promise<void> {
    this.written.push(secret);
    await super.set(account, secret);
  }
}

let dir: string;
let services: AppServices | undefined;
const store = new RecordingStore();
const command = commandCaller(() => services!);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'practice-sandbox-'));
});
afterEach(async () => {
  await services?.close();
  services = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function launch() {
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: store,
    // Creations take a minute: one sent in the first launch is still pending in the second.
    sandbox: practiceSandbox(60_000),
  });
  const core = await services.ready();
  const url = core.sandbox!.url;
  const token = core.sandboxToken!;
  const test = await command('connections:test', { id: core.sandboxConnectionId! });
  return { url, token, test };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Every refusal a stranger meets, with the token it tries. */
async function expectRefused(url: string, token: string) {
  expect((await call(url, 'GET', SITES, { token })).status, token).toBe(403);
  const stats = await call(url, 'GET', '/__sandbox/stats', { token });
  expect(stats.status, token).toBe(403);
  expect(stats.body).toMatchObject({ code: 'access_denied', loggedIn: false });
  expect((await call(url, 'POST', '/__sandbox/reset', { token })).status, token).toBe(403);
}

it('gives each launch its own random token, used by the practice connection and kept nowhere', async () => {
  const first = await launch();
  expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
  expect(first.test.ok).toBe(true);
  await expectRefused(first.url, 'sandbox');
  expect((await call(first.url, 'GET', '/__sandbox/stats', { token: first.token })).status).toBe(
    200,
  );
  expect(
    (await call(first.url, 'POST', SITES, { token: first.token, body: supplierPayload('PS-1') }))
      .status,
  ).toBe(202);
  // Its token is not enough from another host name or a web page.
  const stats = (headers: Record<string, string>) =>
    call(first.url, 'GET', '/__sandbox/stats', { token: first.token, headers });
  expect((await stats({ Host: `rebound.example:${new URL(first.url).port}` })).status).toBe(421);
  expect((await stats({ Origin: 'http://localhost:9999' })).status).toBe(403);
  await services!.close();
  services = undefined;

  // Neither the keychain nor any file of the data folder (journal, sandbox state) holds it.
  expect(store.written.filter((s) => s.includes(first.token))).toEqual([]);
  const files = await filesUnder(path.join(dir, 'data'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    expect((await readFile(file)).includes(Buffer.from(first.token)), file).toBe(false);
  }

  const second = await launch();
  expect(second.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(second.token).not.toBe(first.token);
  expect(second.test.ok).toBe(true);
  await expectRefused(second.url, 'sandbox');
  await expectRefused(second.url, first.token);
  // The same API user in every launch: the creation of the first launch is still its own.
  const pending = await call(second.url, 'GET', `${SITES}/pending`, { token: second.token });
  expect(pending.status).toBe(200);
  expect(pending.body).toEqual([
    expect.objectContaining({ supplierId: { id: 'PS-1', source: 'ERP' } }),
  ]);
});
