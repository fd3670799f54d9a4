// How long a job takes, before its start (the plan) and while it runs (the time left): one
// estimate, from what the connection's own jobs measured. A real journal and the sandbox over
// real HTTP; the engine's settings are the fast polls of the tests with nothing known of the
// platform's lifecycles, as for any connection that is not the built-in sandbox.
import { afterEach, describe, expect, it } from 'vitest';
import {
  mergePace,
  readConnectionPace,
  recordConnectionPace,
} from '../../../src-main/engine/connectionPace';
import { stageTimesOf } from '../../../src-main/engine/estimate';
import { RunHistory } from '../../../src-main/engine/runHistory';
import { DEFAULT_ENGINE_SETTINGS, sandboxEngineSettings } from '../../../src-main/engine/settings';
import { SyncEngine, type EngineEvent } from '../../../src-main/engine/syncEngine';
import { runnerFor } from '../../../src-main/kinds';
import { planJob } from '../../../src-main/services/plan';
import { FAST, makeRig, supplierRows, type Rig } from './support';

let rig: Rig | undefined;
let own: SyncEngine | undefined;
afterEach(async () => {
  await own?.close();
  own = undefined;
  await rig?.close();
  rig = undefined;
});

/** Every screening ends (none aborted): a job's real duration is its rows' whole chain. */
const LIFECYCLES = {
  processingMs: 150,
  screeningMs: 150,
  validationMs: 150,
  screeningOdds: { Finished: 0.5, NoFindings: 0.5, Aborted: 0 },
  validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0 },
};
const PAID = { screeningPeriod: 2 as const, validate: true };
/** Lifecycles long enough that the platform's time, not the test machine's load, makes most of
 *  a job's duration. */
const SLOWER = { ...LIFECYCLES, processingMs: 800, screeningMs: 800, validationMs: 800 };

function planOf(r: Rig, engine: SyncEngine, jobId: string) {
  return planJob({ journal: r.journal, engine, isRunning: (id) => engine.isRunning(id) }, jobId)
    .duration;
}

describe("a connection's measured processing times", () => {
  it('are kept in the journal and updated as jobs run, each duration once', async () => {
    rig = await makeRig(LIFECYCLES);
    expect(readConnectionPace(rig.journal, rig.connectionId)).toBeUndefined();
    const first = rig.newJob(supplierRows(6), PAID);
    expect(await rig.engine.run(first)).toBe('finished');
    const one = readConnectionPace(rig.journal, rig.connectionId)!;
    expect(one.baseUrl).toBe(rig.sandbox.url);
    for (const stage of ['creation', 'screening', 'validation'] as const) {
      expect(one.stages[stage]!.samples).toBe(6);
      expect(one.stages[stage]!.ms).toBeGreaterThan(0);
    }
    expect(one.jobs.map((j) => j.jobId)).toEqual([first]);

    // The same job's history read afresh (after a restart) adds nothing twice: no write at all.
    const again = new RunHistory(rig.journal, first);
    again.update();
    recordConnectionPace(rig.journal, rig.connectionId, {
      jobId: first,
      samples: again.takeNewSamples(),
      writesPerMinute: null,
      now: Date.now() + 1_000,
    });
    expect(readConnectionPace(rig.journal, rig.connectionId)).toEqual(one);

    // A second job without follow-ups adds its creations only.
    const second = rig.newJob(supplierRows(4, 'T', 101));
    expect(await rig.engine.run(second)).toBe('finished');
    const two = readConnectionPace(rig.journal, rig.connectionId)!;
    expect(two.stages.creation!.samples).toBe(10);
    expect(two.stages.screening).toEqual(one.stages.screening);
    expect(two.jobs.map((j) => j.jobId)).toEqual([first, second]);

    // Pointed at another server, the connection starts afresh.
    rig.journal.updateConnection(rig.connectionId, { baseUrl: 'http://127.0.0.1:9' });
    expect(readConnectionPace(rig.journal, rig.connectionId)).toBeUndefined();
  });

  it('move by the median of each batch, at most half way from what many jobs measured', () => {
    const batch = (ms: number[], from: number) =>
      ms.map((v, i) => ({ stage: 'creation' as const, ms: v, eventId: from + i }));
    const base = { baseUrl: 'u', writesPerMinute: null, now: 1 };
    const a = mergePace(undefined, {
      ...base,
      jobId: 'a',
      samples: batch([900, 1_000, 60_000], 1),
    });
    // One row the platform held for a minute does not pull the figure.
    expect(a.stages.creation).toEqual({ ms: 1_000, samples: 3 });
    const b = mergePace(a, { ...base, jobId: 'b', samples: batch([3_000, 3_000, 3_000], 10) });
    expect(b.stages.creation).toEqual({ ms: 2_000, samples: 6 });
    // Durations of job b seen again (a rebuilt history) count once.
    expect(mergePace(b, { ...base, jobId: 'b', samples: batch([3_000], 12) }).stages).toEqual(
      b.stages,
    );
    // Write paces: the median of the last jobs'.
    const paces = [40, 100, 90].reduce(
      (r, p, i) => mergePace(r, { ...base, jobId: `p${i}`, samples: [], writesPerMinute: p }),
      b,
    );
    expect(paces.writesPerMinute).toBe(90);
  });

  it('come first; then the sandbox settings where they are known; else nothing', () => {
    const measured = mergePace(undefined, {
      baseUrl: 'u',
      jobId: 'a',
      samples: [{ stage: 'creation', ms: 5_000, eventId: 1 }],
      writesPerMinute: null,
      now: 1,
    });
    expect(stageTimesOf(DEFAULT_ENGINE_SETTINGS, undefined, {})).toEqual({
      creation: null,
      screening: null,
      validation: null,
    });
    expect(stageTimesOf(DEFAULT_ENGINE_SETTINGS, measured, {}).creation).toBe(5_000);
    // This job's own observation first, once there is one.
    expect(stageTimesOf(DEFAULT_ENGINE_SETTINGS, measured, { creation: 7_000 }).creation).toBe(
      7_000,
    );
    const sandbox = sandboxEngineSettings(400);
    expect(stageTimesOf(sandbox, undefined, {}).creation).toBe(400 + sandbox.trackPollMs / 2);
    expect(stageTimesOf(sandbox, measured, {}).creation).toBe(5_000);
  });
});

describe('the estimate before a start and while running', () => {
  it("takes the pace the connection's last jobs kept where it was slower than the limits", async () => {
    rig = await makeRig(LIFECYCLES);
    const jobId = rig.newJob(supplierRows(6));
    expect(planOf(rig, rig.engine, jobId).measuredBy).toBeNull();
    recordConnectionPace(rig.journal, rig.connectionId, {
      jobId: 'an earlier job',
      samples: [],
      writesPerMinute: 30,
      now: Date.now(),
    });
    const d = planOf(rig, rig.engine, jobId);
    expect(d.measuredBy).toBe('connection');
    expect(d.writesPerMinute).toBe(30);
    expect(d.sendMs).toBe(Math.round((d.writes / 30) * 60_000));
  });

  it('says the platform’s part is not known on a connection never measured, never hours', async () => {
    rig = await makeRig(LIFECYCLES);
    const jobId = rig.newJob(supplierRows(6), PAID);
    const d = planOf(rig, rig.engine, jobId);
    expect(d.platformKnown).toBe(false);
    expect(d.platformMs).toBeNull();
    expect(d.totalMs).toBeNull();
    // What is known: the check's reads and the writes at the connection's pace.
    expect(d.reads).toBe(7);
    expect(d.writes).toBe(12);
    expect(d.sendMs).toBeGreaterThan(0);
    expect(d.checkMs + d.sendMs).toBeLessThan(60_000);

    expect(await rig.engine.run(jobId)).toBe('finished');
    const progress = rig.events.flatMap((e) =>
      e.type === 'progress' && e.progress.jobId === jobId ? [e.progress] : [],
    );
    // Before any row went through the platform, its time left says the same.
    const before = progress.find((p) => p.etaParts && (p.counts.done ?? 0) === 0)!;
    expect(before.etaParts!.platformKnown).toBe(false);
    expect(before.etaParts!.processingMs).toBeNull();
    expect(before.etaMs).toBeNull();
    expect(progress.at(-1)!.etaMs).toBe(0);
  });

  it('gives the same figure in the plan and the time left, for the same state', async () => {
    rig = await makeRig(LIFECYCLES);
    // The rig's engine measures a first job; the second runs on an engine of this test, so its
    // plan can be asked at each progress event, before anything moves on.
    const first = rig.newJob(supplierRows(6), PAID);
    expect(await rig.engine.run(first)).toBe('finished');
    await rig.engine.close();
    const r = rig;
    const pairs: Array<{
      progress: number | null;
      plan: number | null;
      send: number[];
      askedMs: number;
    }> = [];
    const second = r.newJob(supplierRows(6, 'T', 101), PAID);
    const engine = new SyncEngine({
      runnerFor,
      journal: r.journal,
      secrets: r.secrets,
      settings: FAST,
      onEvent: (e: EngineEvent) => {
        if (e.type !== 'progress' || !e.progress.etaParts || e.progress.jobId !== second) return;
        const asked = performance.now();
        const d = planOf(r, engine, second);
        pairs.push({
          progress: e.progress.etaMs,
          plan: d.totalMs,
          send: [Math.round(e.progress.etaParts.sendMs), d.sendMs],
          askedMs: performance.now() - asked,
        });
      },
    });
    own = engine;
    expect(await engine.run(second)).toBe('finished');
    expect(pairs.length).toBeGreaterThan(3);
    for (const p of pairs) {
      expect(p.send[1]).toBe(p.send[0]);
      expect(p.progress).not.toBeNull();
      // The plan is asked a moment later: a row with the platform is that much nearer its end
      // (the time the plan took, and a little for the progress event's own work before it).
      expect(Math.abs(p.plan! - p.progress!)).toBeLessThanOrEqual(p.askedMs + 25);
    }
  });

  it('estimates a second job on the connection from what the first measured, within a factor of two', async () => {
    rig = await makeRig(SLOWER);
    const first = rig.newJob(supplierRows(6), PAID);
    expect(await rig.engine.run(first)).toBe('finished');
    const measured = readConnectionPace(rig.journal, rig.connectionId)!;

    const second = rig.newJob(supplierRows(6, 'T', 101), PAID);
    const d = planOf(rig, rig.engine, second);
    expect(d.platformKnown).toBe(true);
    // Screening rides with each create, the validation follows it: after the last write (a
    // validation, once the writes are the longer part) the platform's validation is left, or
    // the last create's whole chain.
    const { creation, screening, validation } = measured.stages;
    expect(d.platformMs!).toBeGreaterThanOrEqual(validation!.ms);
    const perWrite = 60_000 / d.writesPerMinute;
    expect(d.platformMs!).toBeLessThanOrEqual(
      creation!.ms + screening!.ms + perWrite + validation!.ms + 1,
    );
    const started = Date.now();
    expect(await rig.engine.run(second)).toBe('finished');
    const real = Date.now() - started;
    const ratio = d.totalMs! / real;
    expect(ratio, `estimated ${d.totalMs} ms, took ${real} ms`).toBeGreaterThan(0.5);
    expect(ratio, `estimated ${d.totalMs} ms, took ${real} ms`).toBeLessThan(2);
  });
});
