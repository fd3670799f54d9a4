// A page that floods the browser host with commands that read the keychain: a real host, a real
// WebSocket client, the OS keychain where a Secret Service answers (CI runs this file under
// dbus-run-session with gnome-keyring-daemon; elsewhere the same store in memory, said below).
// Every call is answered within seconds, either with the list or with a `busy` refusal, and the
// keychain is read at most once per connection however many times the list is asked for.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PROTOCOL, WS_SECRET_PREFIX } from '../../../src-shared/contract';
import { word } from '../../../src-shared/i18n';
import {
  KeyringSecretStore,
  MemorySecretStore,
  type SecretStore,
} from '../../../src-main/api/secrets';
import { localFront } from '../../../src-main/services/front';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import {
  CALLS_IN_FLIGHT,
  CALLS_WAITING,
  startBrowserHost,
  type BrowserHost,
} from '../../../src-main/host/browserHost';
import { probeKeychain } from '../api/keychainProbe';

const SERVICE = `Supplier Onboarding (burst test ${randomUUID().slice(0, 8)})`;

const keychainUnavailable = await probeKeychain(SERVICE);
if (keychainUnavailable) {
  console.info(
    `hostBurst: the keychain reads are counted on a memory store: ${keychainUnavailable}`,
  );
}

/** The services' store, counting the reads; a read may be held until the test lets it go. */
class CountingStore implements SecretStore {
  reads = 0;
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;
  constructor(private readonly inner: SecretStore) {}
  hold(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
  }
  letGo(): void {
    this.release?.();
    this.held = undefined;
  }
  async get(account: string): Promise<string | undefined> {
    this.reads++;
    await this.held;
    return this.inner.get(account);
  }
  set(account: string, secret: string): Promise<void> {
    return this.inner.set(account, secret);
  }
  delete(account: string): Promise<boolean> {
    return this.inner.delete(account);
  }
}

const WITH_TOKEN = 3;
const WITHOUT_TOKEN = 1;
const BURST = 1_000;

let dir: string;
let inner: SecretStore;
let store: CountingStore;
let services: AppServices;
let host: BrowserHost;
const ids: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'host-burst-'));
  await mkdir(path.join(dir, 'renderer'));
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  const dataDir = path.join(dir, 'data');
  inner = keychainUnavailable ? new MemorySecretStore() : new KeyringSecretStore(SERVICE);
  // An earlier launch saved the connections and their tokens.
  const earlier = createAppServices({
    dataDir,
    transport: 'browser-host',
    secrets: inner,
    sandbox: false,
  });
  for (let i = 0; i < WITH_TOKEN + WITHOUT_TOKEN; i++) {
    const r = await earlier.router.dispatch('connections:save', {
      name: `API ${i}`,
      baseUrl: `https://api${i}.example.com`,
      ...(i < WITH_TOKEN ? { token: `tok-burst-${i}-${randomUUID()}` } : {}),
    });
    if (!r.ok) throw new Error(r.error.message);
    ids.push((r.value as { id: string }).id);
  }
  await earlier.close();
  // This launch knows nothing yet about which connection has a token.
  store = new CountingStore(inner);
  services = createAppServices({
    dataDir,
    transport: 'browser-host',
    secrets: store,
    sandbox: false,
  });
  host = await startBrowserHost({
    services: localFront(services),
    rendererDir: path.join(dir, 'renderer'),
  });
});

afterAll(async () => {
  await host?.close();
  await services?.close();
  for (const id of ids) await inner.delete(id).catch(() => false);
  await rm(dir, { recursive: true, force: true });
});

type Result =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

/** A client of the host that collects the answers by request id. */
async function client() {
  const ws = new WebSocket(
    `ws://127.0.0.1:${host.port}/api`,
    [WS_PROTOCOL, WS_SECRET_PREFIX + host.secret],
    { origin: host.origin },
  );
  ws.on('error', () => undefined);
  const answers = new Map<number, Result[]>();
  const waiters: Array<{ check: () => boolean; resolve: () => void }> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; id?: number; result?: Result };
    if (frame.type !== 'result' || frame.id === undefined || !frame.result) return;
    answers.set(frame.id, [...(answers.get(frame.id) ?? []), frame.result]);
    for (const w of [...waiters]) {
      if (w.check()) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  /** Resolves when `check` holds; rejects after `ms` with what it has seen. */
  const until = (check: () => boolean, ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`after ${ms} ms: ${answers.size} requests answered`)),
        ms,
      );
      waiters.push({
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  const invoke = (id: number, command: string, input: unknown = {}) =>
    ws.send(JSON.stringify({ type: 'invoke', id, command, input }));
  return { ws, answers, until, invoke };
}

const refusals = (answers: Map<number, Result[]>) =>
  [...answers.values()].filter((r) => !r[0]!.ok).length;

describe('a burst of commands through the browser host', () => {
  it('answers or refuses 1,000 connection lists within seconds, reading the keychain once per connection', async () => {
    const started = Date.now();
    const page = await client();
    // The keychain is slow to answer: the reads wait until the test lets them go.
    store.hold();
    for (let id = 1; id <= BURST; id++) page.invoke(id, 'connections:list');
    const accepted = CALLS_IN_FLIGHT + CALLS_WAITING;
    // Beyond what one client may have running and waiting, calls are refused at once.
    await page.until(() => refusals(page.answers) === BURST - accepted, 10_000);
    // Meanwhile the host still answers another client.
    const other = await client();
    other.invoke(1, 'app:info');
    await other.until(() => other.answers.has(1), 5_000);
    expect(other.answers.get(1)![0]!.ok).toBe(true);
    other.ws.close();
    store.letGo();
    await page.until(() => page.answers.size === BURST, 15_000);

    expect(Date.now() - started).toBeLessThan(20_000);
    // Every call got exactly one answer: the list, or `busy` as data with words in both languages.
    let lists = 0;
    for (let id = 1; id <= BURST; id++) {
      const got = page.answers.get(id);
      expect(got, `request ${id}`).toHaveLength(1);
      const r = got![0]!;
      if (r.ok) {
        lists++;
        const views = r.value as Array<{ id: string; hasToken: boolean }>;
        expect(views.filter((v) => v.hasToken).map((v) => v.id)).toEqual(
          expect.arrayContaining(ids.slice(0, WITH_TOKEN)),
        );
        expect(views.find((v) => v.id === ids[WITH_TOKEN])?.hasToken).toBe(false);
      } else {
        expect(r.error.code).toBe('busy');
        expect(r.error.message).toBe(word('en', 'failure.busy'));
        expect(r.error.details).toEqual({ inFlight: CALLS_IN_FLIGHT, waiting: CALLS_WAITING });
      }
    }
    expect(lists).toBe(accepted);
    expect(word('de', 'failure.busy')).toMatch(/Warten Sie einen Moment/);
    // One read per connection, shared by every call that asked while it was under way.
    expect(store.reads).toBe(WITH_TOKEN + WITHOUT_TOKEN);

    // The same again with what the keychain said remembered: no read at all.
    for (let id = BURST + 1; id <= 2 * BURST; id++) page.invoke(id, 'connections:list');
    await page.until(() => page.answers.size === 2 * BURST, 15_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(store.reads).toBe(WITH_TOKEN + WITHOUT_TOKEN);
    page.ws.close();
  });

  it('reads the keychain again for a connection whose token the app changes, and only for it', async () => {
    const before = store.reads;
    const list = async () => {
      const r = await services.router.dispatch('connections:list', {});
      if (!r.ok) throw new Error(r.error.message);
      return new Map((r.value as Array<{ id: string; hasToken: boolean }>).map((v) => [v.id, v]));
    };
    // Saving a token, and deleting a connection with its token, are known without reading.
    const saved = await services.router.dispatch('connections:save', {
      id: ids[WITH_TOKEN],
      name: 'API now with a token',
      baseUrl: `https://api${WITH_TOKEN}.example.com`,
      token: `tok-burst-late-${randomUUID()}`,
    });
    expect(saved.ok && (saved.value as { hasToken: boolean }).hasToken).toBe(true);
    expect((await list()).get(ids[WITH_TOKEN]!)?.hasToken).toBe(true);
    const gone = await services.router.dispatch('connections:delete', { id: ids[0] });
    expect(gone.ok).toBe(true);
    expect((await list()).has(ids[0]!)).toBe(false);
    expect(store.reads).toBe(before);
    // A token removed outside the app is seen at the next real read (a request about to leave),
    // and the list says so from then on.
    await inner.delete(ids[1]!);
    expect((await list()).get(ids[1]!)?.hasToken).toBe(true);
    const test = await services.router.dispatch('connections:test', { id: ids[1] });
    expect(test.ok).toBe(true);
    expect((await list()).get(ids[1]!)?.hasToken).toBe(false);
    expect(store.reads).toBe(before + 1);
  });
});
