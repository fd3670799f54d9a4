// The command against an API behind a proxy that drops the platform id from the suppliers it
// answers: the run stops within seconds with exit code 3 and the sentence naming the endpoint and
// the field (with --json, a line carrying the reason's code and params), and the same job, resumed
// once the answers are whole, sends its creations.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { manySuppliers } from '../../../src-main/sandbox/manySuppliers';
import { droppingProxy, type DroppingProxy } from '../sandbox/droppingProxy';
import { lastLine, runCli, saveConnection, tempDir, writeSupplierList } from './cli';

const TOKEN = 'cli-lacks-token';
const env = { ONBOARD_TOKEN: TOKEN };
let sandbox: SandboxHandle;
let proxy: DroppingProxy;
let drop = true;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    answers: 'spec',
    tokens: [{ token: TOKEN }],
    // Suppliers on the list: the check reads them (without their platform id, through the proxy).
    seedSuppliers: manySuppliers(5),
    processingMs: 100,
    limits: { GET: [{ limit: 200, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
  });
  proxy = await droppingProxy(sandbox.url, () => drop);
  tmp = await tempDir('onboard-lacks-');
  dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'behind a proxy', proxy.url, { GET: 200, WRITE: 50 });
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  await tmp?.remove();
});

describe('an API whose suppliers come without their platform id', () => {
  it('stops with exit code 3 and the sentence, and the resumed job goes on once they are whole', async () => {
    const list = path.join(tmp.dir, 'list.xlsx');
    await writeSupplierList(list, 3);
    const common = ['--data-dir', dataDir, '--base-url', proxy.url, '--token-env', 'ONBOARD_TOKEN'];
    const started = Date.now();
    const stopped = await runCli([list, ...common, '--json'], env);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(stopped.code, stopped.stdout + stopped.stderr).toBe(3);
    const lines = stopped.lines
      .filter((l) => l.trim().startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const said = lines.find((l) => l.code === 'answer_lacks_field');
    expect(said, stopped.stdout).toMatchObject({
      type: 'log',
      params: { endpoint: 'GET /public/v2/suppliers/sites', field: 'id (platformTargetId)' },
    });
    expect(said!.message).toMatch(
      /^Paused: the API answered GET \/public\/v2\/suppliers\/sites without id \(platformTargetId\), which the app needs to go on\. .*field-name settings/,
    );
    const summary = JSON.parse(lastLine(stopped)) as { jobId: string; state: string };
    expect(summary.state).toBe('paused');
    expect(sandbox.stats().createRequestsAccepted).toBe(0);

    // Whole answers again: the same job goes on and sends its creations (not waiting for the
    // platform to process them).
    drop = false;
    const resumed = await runCli(['--resume', summary.jobId, ...common, '--no-wait'], env);
    expect(resumed.code, resumed.stdout + resumed.stderr).not.toBe(3);
    expect(resumed.stdout).not.toMatch(/without id/);
    expect(sandbox.stats().createRequestsAccepted).toBe(3);
  }, 60_000);
});
