// The services in a process of their own, as the desktop and the browser host run them: commands
// and events over the channel, what the services ask of the front door, a crash of the services
// process, and the end of the front door taking the services process with it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../src-shared/contract';
import { startRemoteServices, type RemoteServices } from '../../../src-main/services/remote/client';
import { forkServices } from '../../../src-main/services/remote/nodeChild';
import type { Ask } from '../../../src-main/services/remote/protocol';

// The services' process as the browser host starts it: the built file beside the command line's
// (out/cli/services.mjs, built before the tests by test/globalSetup.ts).
const ENTRY = fileURLToPath(new URL('../../../out/cli/services.mjs', import.meta.url));
const CLIENT = fileURLToPath(
  new URL('../../../src-main/services/remote/client.ts', import.meta.url),
);
const NODE_CHILD = fileURLToPath(
  new URL('../../../src-main/services/remote/nodeChild.ts', import.meta.url),
);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, get: () => T | Promise<T>, ok: (v: T) => boolean) {
  for (let i = 0; i < 300; i++) {
    const v = await get();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen`);
}

let dir: string;
let remote: RemoteServices | undefined;
const asked: Ask[] = [];
const lines: string[] = [];

function start(): RemoteServices {
  remote = startRemoteServices({
    spawn: () => forkServices(ENTRY),
    start: {
      dataDir: dir,
      transport: 'electron',
      network: 'environment',
      secrets: 'memory',
      desktop: { notificationsSupported: false },
    },
    answer: (ask) => {
      asked.push(ask);
      if (ask.what === 'resolveProxy') return Promise.resolve('DIRECT');
      // The save dialog stays open: a command that waits for as long as the test wants.
      if (ask.purpose === 'export') return new Promise(() => undefined);
      return Promise.resolve(path.join(dir, 'chosen.xlsx'));
    },
    log: (line) => lines.push(line),
  });
  return remote;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'remote-services-'));
  asked.length = 0;
  lines.length = 0;
});
afterEach(async () => {
  await remote?.close();
  remote = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('the services in a process of their own', () => {
  it('answer commands and send their events over the channel, and ask the front door for a file', async () => {
    const r = start();
    const pid = await r.ready();
    expect(pid).not.toBe(process.pid);
    const info = await r.dispatch('app:info', {});
    expect(info).toMatchObject({ ok: true, value: { transport: 'electron', dataDir: dir } });
    // A command the contract does not know is answered as data, not thrown.
    expect(await r.dispatch('no:such', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });

    const seen: EventName[] = [];
    const off = r.subscribe((event) => void seen.push(event));
    expect(await r.dispatch('demo:ping', { steps: 3, intervalMs: 0 })).toMatchObject({ ok: true });
    await until(
      'the demo events',
      () => seen.filter((e) => e === 'demo:progress').length,
      (n) => n === 3,
    );
    off();

    // The file dialog is the front door's: asked over the channel, its answer granted to be read.
    const chosen = await r.dispatch('files:choose', { purpose: 'import' });
    expect(chosen).toEqual({ ok: true, value: { path: path.join(dir, 'chosen.xlsx') } });
    expect(asked).toEqual([{ what: 'chooseFile', purpose: 'import' }]);
  });

  it('start again after their process crashed, answering what waited with an error', async () => {
    const r = start();
    const first = await r.ready();
    // A file chosen before the crash may still be read after it.
    const list = path.join(dir, 'dropped.csv');
    await writeFile(list, 'Name;City;Country\nAcme GmbH;Berlin;DE\n');
    r.grantRead(list);
    const waiting = r.dispatch('files:choose', { purpose: 'export' });
    await until(
      'the dialog to be asked for',
      () => asked.length,
      (n) => n === 1,
    );
    process.kill(first, 'SIGKILL');
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'internal' } });
    const second = await until(
      'a new services process',
      () => r.ready(),
      (p) => p !== first,
    );
    expect(alive(second)).toBe(true);
    expect(await r.dispatch('app:info', {})).toMatchObject({ ok: true });
    expect(await r.dispatch('files:inspect', { path: list })).toMatchObject({ ok: true });
    expect(lines.join('\n')).toMatch(/starting it again/);
  });

  it('end with their front door, even when it is killed', async () => {
    // A front door of its own, killed the way a crash ends it.
    const script = path.join(dir, 'frontDoor.mts');
    await writeFile(
      script,
      `import { startRemoteServices } from ${JSON.stringify(CLIENT)};
import { forkServices } from ${JSON.stringify(NODE_CHILD)};
const r = startRemoteServices({
  spawn: () => forkServices(${JSON.stringify(ENTRY)}),
  start: { dataDir: ${JSON.stringify(path.join(dir, 'data'))}, transport: 'browser-host', network: 'environment', secrets: 'memory' },
});
console.log('services ' + (await r.ready()));
setInterval(() => undefined, 1000);
`,
    );
    const front = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'pipe' });
    let out = '';
    front.stdout.on('data', (d: Buffer) => (out += d.toString()));
    front.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const pid = Number(
      (await until('the services to start', () => /services (\d+)/.exec(out)?.[1], Boolean))!,
    );
    expect(alive(pid)).toBe(true);
    front.kill('SIGKILL');
    await until(
      'the services process to end',
      () => alive(pid),
      (a) => !a,
    );
  });

  it('close when asked: jobs paused, the journal closed, the process ended', async () => {
    const r = start();
    const pid = await r.ready();
    expect(await r.dispatch('jobs:list', {})).toMatchObject({ ok: true, value: [] });
    await r.close();
    remote = undefined;
    await until(
      'the services process to end',
      () => alive(pid),
      (a) => !a,
    );
    expect(await r.dispatch('app:info', {})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});
