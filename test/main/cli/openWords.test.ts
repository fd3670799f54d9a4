// An API whose foreignSystems `system` holds the source system's name ("SAP"), not the kind of
// identifier: a natural reading of the spec, which never says. The shipped sample run twice
// against it over HTTP: the second run recognises every supplier the first created and sends no
// create, naming the word once; so it does where the answer leaves the source out (the API's
// find decides each row then). Where the platform has a row's id under another source's name
// without the source, and finds none from the row's source, the run stops with the sentence
// naming `system` (in German for a German user) and creates nothing.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src-main/sandbox';
import { SAMPLE, lastLine, runCli, saveConnection, tempDir } from './cli';

const TOKEN = 'open-words-token';
const env = { ONBOARD_TOKEN: TOKEN };
const SECOND =
  'rows=60 created=0 existing=57 invalid=3 rejected=0 failed=0 pending=0 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0';

let sandbox: SandboxHandle | undefined;
let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  await tmp?.remove();
  sandbox = undefined;
  tmp = undefined;
});

/** A sandbox answering in the spec's words with `system` as asked, the sample beside a data
 *  folder that has it as its connection, and the options of a run against it. */
async function against(
  system: NonNullable<SandboxOptions['system']>,
  seedSuppliers: NonNullable<SandboxOptions['seedSuppliers']> = [],
) {
  sandbox = await startSandbox({
    answers: 'spec',
    system,
    seedSuppliers,
    tokens: [{ token: TOKEN }],
    processingMs: 50,
    limits: { GET: [{ limit: 300, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
  });
  tmp = await tempDir('onboard-words-');
  const dataDir = path.join(tmp.dir, 'data');
  await saveConnection(dataDir, 'source names', sandbox.url, { GET: 300, WRITE: 50 });
  const input = path.join(tmp.dir, 'suppliers.xlsx');
  await copyFile(SAMPLE, input);
  const dir = tmp.dir;
  const run = (out: string, extra: Record<string, string> = {}, more: string[] = []) =>
    runCli(
      [
        ...more,
        input,
        '--connection',
        'source names',
        '--token-env',
        'ONBOARD_TOKEN',
        '--data-dir',
        dataDir,
        '--out',
        path.join(dir, out),
      ],
      { ...env, ...extra },
    );
  const handle = sandbox;
  /** The first run sends the 57 creations; the platform has them all once it returns. */
  const firstRun = async () => {
    const first = await run('first.xlsx', {}, ['--no-wait']);
    expect(first.code, first.stdout + first.stderr).not.toBe(3);
    expect(handle.stats().createRequestsAccepted).toBe(57);
    await expect.poll(() => handle.stats().suppliers, { timeout: 20_000 }).toBe(57);
  };
  return { sandbox: handle, run, firstRun };
}

describe("an API whose foreignSystems' system is the source system's name", () => {
  it('the second run of the sample finds all 57 suppliers and creates none', async () => {
    const t = await against('source-name');
    await t.firstRun();

    const second = await t.run('second.xlsx');
    expect(second.code, second.stdout + second.stderr).toBe(1);
    expect(lastLine(second)).toBe(SECOND);
    expect(t.sandbox.stats().createRequestsAccepted).toBe(57);
    // The word is named once, with what the app does with it.
    const said = second.lines.filter((l) => l.includes('`system`'));
    expect(said, second.stdout).toHaveLength(1);
    expect(said[0]).toContain('"SAP", "Ariba"');
    expect(said[0]).toContain("whose id and source are a row's supplier id and source");
  }, 120_000);

  it('without the source beside it, the second run still finds all 57 and creates none', async () => {
    const t = await against('source-name-only');
    await t.firstRun();
    const second = await t.run('second.xlsx');
    expect(second.code, second.stdout + second.stderr).toBe(1);
    expect(lastLine(second)).toBe(SECOND);
    expect(t.sandbox.stats().createRequestsAccepted).toBe(57);
  }, 120_000);

  it('an id the list shows without its source and the API does not find stops the run with the sentence', async () => {
    const elsewhere = { name: 'Elsewhere', countryCode: 'DE', city: 'Ulm', address: 'Weg 1' };
    const t = await against('source-name-only', [
      { ...elsewhere, supplierIds: [{ id: '000101', source: 'Ariba' }] },
    ]);
    const run = await t.run('run.xlsx', { LANG: 'de_DE.UTF-8' });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toMatch(
      /Angehalten: Die API benennt die Art ihrer Kennungen \(`system` in foreignSystems\) mit "Ariba", was die App nicht kennt; die Lieferantennummer 000101 aus Zeile 4 steht dort ohne Quelle, und die API findet keinen Lieferanten mit ihr und der Quelle „SAP“\./,
    );
    expect(t.sandbox.stats().createRequestsAccepted).toBe(0);
  }, 120_000);
});
