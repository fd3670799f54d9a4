// A file with the content of an earlier job's file, chosen again: files:preview names the jobs
// made of it (by the sha-256 of the bytes, whatever the file's name or folder), newest first,
// before another is made; a job deleted is no longer named. Through the router, as the Import
// screen calls it, on a real journal.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);

const LIST = [
  'Supplier ID;Source;Name;Country;City;Address',
  'SAME-1;ERP;Kestrel Tools Ltd;GB;Sheffield;12 Forge Lane',
  'SAME-2;ERP;Harbour Foods Ltd;IE;Cork;3 Quay Street',
].join('\n');

/** A file of `text` at `name` under the test's folder, granted to be read as a chosen file is. */
async function file(name: string, text: string): Promise<string> {
  const p = path.join(dir, name);
  await mkdir(path.dirname(p), { recursive: true });
  await writeFile(p, text);
  services.grants.grantRead(p);
  return p;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'services-same-file-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: {},
  });
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

describe('choosing the file of an earlier job', () => {
  it('names the jobs made of the same bytes, newest first, under any name, until deleted', async () => {
    const first = await file('lists/suppliers.csv', LIST);
    const preview = await call('files:preview', { path: first });
    expect(preview.sameFileJobs).toBeUndefined();

    const conn = (await call('connections:list', {}))[0]!;
    const made = (name: string, operation: 'onboard' | 'deactivate') =>
      call('jobs:create', {
        path: first,
        name,
        connectionId: conn.id,
        mapping: preview.suggestion.mapping,
        options: { skipExisting: false, screeningPeriod: null, validate: false, operation },
      });
    const onboard = await made('Onboard the list', 'onboard');

    // The same bytes under another name, in another folder.
    const again = path.join(dir, 'elsewhere', 'copy of the list.csv');
    await mkdir(path.dirname(again), { recursive: true });
    await copyFile(first, again);
    services.grants.grantRead(again);
    const seen = await call('files:preview', { path: again });
    expect(seen.sameFileJobs).toEqual([
      {
        jobId: onboard.jobId,
        name: 'Onboard the list',
        operation: 'onboard',
        state: 'ready',
        createdAt: expect.any(Number),
        finishedAt: null,
        // What it did, in the Jobs list's figures: nothing sent yet, nothing created.
        did: { rows: 2, finished: 0, toFix: 0, created: 0, opResults: {} },
      },
    ]);

    // An ended job keeps its name, with its state and the time it ended.
    await call('jobs:cancel', { jobId: onboard.jobId });
    const ended = (await call('files:preview', { path: again })).sameFileJobs?.[0];
    expect(ended).toMatchObject({ jobId: onboard.jobId, state: 'cancelled' });
    expect(ended?.finishedAt).toBeGreaterThanOrEqual(ended?.createdAt ?? Infinity);

    // A file differing by one byte is another file.
    const other = await file('lists/suppliers-2.csv', `${LIST}\n`);
    expect((await call('files:preview', { path: other })).sameFileJobs).toBeUndefined();

    // Every job of the file, of any kind, newest first; a deleted one is not named any more.
    const deactivate = await made('Deactivate the list', 'deactivate');
    const both = await call('files:preview', { path: again });
    expect(both.sameFileJobs?.map((j) => [j.jobId, j.operation])).toEqual([
      [deactivate.jobId, 'deactivate'],
      [onboard.jobId, 'onboard'],
    ]);
    await call('jobs:delete', { jobId: deactivate.jobId });
    expect(
      (await call('files:preview', { path: first })).sameFileJobs?.map((j) => j.jobId),
    ).toEqual([onboard.jobId]);
  });
});
