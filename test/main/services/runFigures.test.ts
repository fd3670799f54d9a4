// The figures the screens draw come from the services (issue 40): a job's kind computes what its
// check sorted the rows into, what its rows' own changes came to, the rows not checked yet and
// whether a start sent anything, and the job view, each progress event and the log's check line
// carry them. Through the router, against the practice sandbox over real HTTP and a real journal.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import type { JobProgressView, RunFiguresView } from '../../../src-shared/contract';
import { mappingOfKind, type Operation } from '../../../src-shared/operations';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);
const { waitForJob } = jobWaiter(call);
const progress: JobProgressView[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'run-figures-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
    engineSettings: { settleMs: 300 },
  });
  services.bus.subscribe((event, payload) => {
    if (event === 'job:progress') progress.push(payload as JobProgressView);
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A job of `operation` from a CSV of the practice base's suppliers (and one it does not know),
 *  mapped as the preview suggests. */
async function jobOf(operation: Operation, name: string): Promise<string> {
  const file = path.join(dir, `${name}.csv`);
  await writeFile(
    file,
    'Supplier No;Source;Name;Street;Postal code;City;Country\n' +
      'SUP-1001;ERP;Known One;Str. 1;10115;Berlin;DE\n' +
      'SUP-1002;ERP;Known Two;Str. 2;10115;Berlin;DE\n' +
      'NOPE-9;ERP;Nobody GmbH;Str. 3;10115;Berlin;DE\n',
  );
  services.grants.grantRead(file);
  const preview = await call('files:preview', { path: file });
  const conn = (await call('connections:list', {}))[0]!;
  const { jobId } = await call('jobs:create', {
    path: file,
    connectionId: conn.id,
    mapping: mappingOfKind(preview.suggestion.mapping as { operation?: Operation }, operation),
    options: { skipExisting: false, screeningPeriod: null, validate: false, operation },
  });
  return jobId;
}

const figuresOf = async (jobId: string): Promise<RunFiguresView> =>
  (await call('jobs:get', { jobId })).figures;
const named = (figures: RunFiguresView['check']) =>
  Object.fromEntries(figures.map((f) => [f.name, f.count]));

describe("an onboarding's figures", () => {
  it("are the check's row states, and no outcomes of a kind's own", async () => {
    const jobId = await jobOf('onboard', 'onboard');
    expect((await figuresOf(jobId)).check.map((f) => f.name)).toEqual([
      'new',
      'exists',
      'ambiguous',
      'pending',
    ]);
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready']);
    const checked = await figuresOf(jobId);
    expect(named(checked.check)).toEqual({ new: 1, exists: 2, ambiguous: 0, pending: 0 });
    expect(checked).toMatchObject({ outcomes: [], unchecked: 0, checked: 3, started: false });
    // Its log's check line is worded from its row states: no kind's own lines.
    const log = await call('jobs:log', { jobId });
    expect(log.find((e) => e.kind === 'check')?.lines).toBeUndefined();
  }, 60_000);
});

// After the onboarding's check: the deactivation below takes the practice base's two suppliers.

describe("a deactivation's figures", () => {
  it('are its check figures, its outcomes and its start, from the check to the end', async () => {
    const jobId = await jobOf('deactivate', 'deactivate');
    const before = await figuresOf(jobId);
    expect(before).toEqual({
      check: [
        { name: 'toChange', count: 0 },
        { name: 'ambiguous', count: 0 },
        { name: 'notFound', count: 0 },
      ],
      outcomes: [],
      unchecked: 3,
      checked: 0,
      started: false,
    });

    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready']);
    const checked = await figuresOf(jobId);
    expect(named(checked.check)).toEqual({ toChange: 2, ambiguous: 0, notFound: 1 });
    expect(checked).toMatchObject({ unchecked: 0, checked: 3, started: false });
    // The row the check settled at once has its outcome; that is not a start.
    expect(checked.outcomes).toEqual([{ name: 'not_found', count: 1 }]);
    // The log's check line carries the same figures, sorted by the kind.
    const log = await call('jobs:log', { jobId });
    expect(log.find((e) => e.kind === 'check')?.lines).toEqual(checked.check);

    await call('jobs:start', { jobId, confirmed: true, confirmedCount: 2 });
    await waitForJob(jobId, ['finished', 'needs_attention']);
    const ended = await figuresOf(jobId);
    // The rows sent still count as found to change; each row's own outcome is said once.
    expect(named(ended.check)).toEqual({ toChange: 2, ambiguous: 0, notFound: 1 });
    expect(ended.outcomes).toEqual([
      { name: 'deactivated', count: 2 },
      { name: 'not_found', count: 1 },
    ]);
    expect(ended.started).toBe(true);
    // Each progress event of the job carried the kind's figures of its own counts.
    const events = progress.filter((p) => p.jobId === jobId);
    expect(events.length).toBeGreaterThan(0);
    for (const p of events) {
      expect(p.figures, 'figures in a progress event').not.toBeNull();
      expect(p.figures!.unchecked).toBe(p.counts.valid ?? 0);
    }
    expect(events.some((p) => p.figures!.started)).toBe(true);
  }, 60_000);
});
