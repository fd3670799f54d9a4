// The supplier-base export on the command line without --connection or --base-url reads the
// active connection (the one new jobs use), not the practice sandbox, and names it in its result.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { manySuppliers } from '../../../src-main/sandbox/manySuppliers';
import { word } from '../../../src-shared/i18n';
import { lastLine, runCli, saveConnection, tempDir } from './cli';

const TOKEN = 'active-connection-token';
let sandbox: SandboxHandle;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    tokens: [{ token: TOKEN }],
    seedSuppliers: manySuppliers(7),
    limits: { GET: [{ limit: 200, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
  });
  tmp = await tempDir('onboard-base-active-');
  dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'Company API', sandbox.url, { GET: 200, WRITE: 50 }, true);
});

afterAll(async () => {
  await sandbox?.close();
  await tmp?.remove();
});

describe('the supplier base of the active connection', () => {
  it('is exported by default, and the result names the connection', async () => {
    const out = path.join(tmp.dir, 'base.xlsx');
    const r = await runCli(
      ['--export-suppliers', out, '--data-dir', dataDir, '--token-env', 'ONBOARD_TOKEN'],
      { ONBOARD_TOKEN: TOKEN },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(
      word('en', 'cli.connection.active', { name: 'Company API', url: sandbox.url }),
    );
    expect(r.stdout).not.toContain('nothing leaves this computer');
    expect(r.stdout).toContain(
      word('en', 'cli.base.exported', { suppliers: 7, out, connection: 'Company API' }),
    );
    expect(lastLine(r)).toMatch(/^suppliers=7 /);
  });
});
