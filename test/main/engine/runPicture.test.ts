// The time left across every phase (phaseEta) and the job's history read from the journal
// (RunHistory): its components, driven by a real run on the sandbox over real HTTP. Accuracy
// is measured by `npm run bench:eta`, not here.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../src-main/engine/jobRunner';
import { phaseEta, type PhaseInput } from '../../../src-main/engine/progress';
import { KINDS } from '../../../src-main/kinds';
import { RunHistory } from '../../../src-main/engine/runHistory';
import { makeRig, supplierRows, type Rig } from './support';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const BASE: PhaseInput = {
  now: 1_000_000,
  counts: {},
  mode: 'run',
  wait: true,
  screening: false,
  validate: false,
  skipExisting: false,
  onCreate: { screening: undefined, validation: undefined },
  readsPerMinute: 600,
  writesPerMinute: 60,
  processingMs: { creation: 4_000, screening: 6_000, validation: 8_000 },
  latestEntry: {},
  overdueMs: 500,
};

describe('phaseEta', () => {
  it('adds the check, the writes at the limiter pace and the processing of the last row', () => {
    const e = phaseEta({ ...BASE, counts: { valid: 59 }, screening: true, validate: true });
    // The pending list once, then one lookup per row, at 600 reads a minute.
    expect(e.checkMs).toBe(6_000);
    // Screening rides along with the create; validation is a request of its own, after it.
    expect(e.writes).toEqual({
      create: 59,
      screening: 0,
      validation: 59,
      change: 0,
      identifiers: 0,
    });
    expect(e.sendMs).toBe(118 * 1_000);
    // After the last write (a validation), the platform validates.
    expect(e.etaMs).toBe(6_000 + 118_000 + 8_000);
    expect(e.processingMs).toBe(8_000);
  });

  it('counts the customer and own ids to attach as writes of their own', () => {
    const e = phaseEta({ ...BASE, counts: { valid: 59 }, validate: true, identifierWrites: 20 });
    expect(e.writes.identifiers).toBe(20);
    // The validation rides along with the create; the ids follow it, a request each.
    expect(e.sendMs).toBe((59 + 20) * 1_000);
  });

  it('without the on-create entitlements, screening is a write of its own too', () => {
    const e = phaseEta({
      ...BASE,
      counts: { queued: 10, accepted: 5, screening_requested: 3, validation_queued: 2 },
      screening: true,
      validate: true,
      onCreate: { screening: false, validation: false },
    });
    expect(e.writes).toEqual({
      create: 10,
      screening: 15,
      validation: 20,
      change: 0,
      identifiers: 0,
    });
    expect(e.checkMs).toBe(0);
  });

  it('a small job is bounded by the chain of its last create, not by the writes', () => {
    const e = phaseEta({ ...BASE, counts: { queued: 2 }, screening: true, validate: true });
    // Last create at 2 s, then creation 4 s, screening 6 s, the validation's write 1 s, 8 s.
    expect(e.etaMs).toBe(2_000 + 4_000 + 6_000 + 1_000 + 8_000);
  });

  it('rows with the platform: the last to enter a stage bounds the time left', () => {
    const e = phaseEta({
      ...BASE,
      counts: { validation_requested: 4, done: 10 },
      validate: true,
      latestEntry: { validation: BASE.now - 3_000 },
    });
    expect(e.writes).toEqual({ create: 0, screening: 0, validation: 0, change: 0, identifiers: 0 });
    expect(e.etaMs).toBe(5_000);
    // Overdue: not zero while rows are still with the platform.
    const late = phaseEta({
      ...BASE,
      counts: { validation_requested: 1 },
      validate: true,
      latestEntry: { validation: BASE.now - 60_000 },
    });
    expect(late.etaMs).toBe(500);
  });

  it('a check-only run counts the check only; a no-wait run the creates only', () => {
    const counts = { valid: 9, queued: 3 };
    expect(phaseEta({ ...BASE, counts, mode: 'check' }).etaMs).toBe(1_000);
    expect(phaseEta({ ...BASE, counts, wait: false, validate: true }).etaMs).toBe(1_000 + 12_000);
    expect(phaseEta({ ...BASE, counts: { done: 3 } }).etaMs).toBe(0);
  });

  it('the kinds on existing suppliers count their own lookups and writes, and nothing after', () => {
    // 6 unchecked rows (one lookup each to deactivate), 2 matched, 1 queued, 1 in doubt.
    const counts = { valid: 6, exists: 2, deactivate_queued: 1, deactivate_in_doubt: 1, done: 5 };
    const d = phaseEta({ ...BASE, counts, figures: KINDS.deactivate.figures, screening: true });
    expect(d.writes).toEqual({
      create: 0,
      screening: 0,
      validation: 0,
      change: 10,
      identifiers: 0,
    });
    expect(d.checkMs).toBe(600);
    expect(d.etaMs).toBe(600 + 10_000);
    expect(d.processingMs).toBe(0);
    // An identifiers row needs two lookups: its supplier, then who holds the identifier.
    const ids = phaseEta({
      ...BASE,
      counts: { valid: 3, idchange_queued: 2 },
      figures: KINDS.identifiers.figures,
    });
    expect(ids.checkMs).toBe(600);
    expect(ids.writes.change).toBe(5);
    // Scores: no check; 250 rows waiting go out in 3 batches of up to 100 suppliers.
    const sc = phaseEta({
      ...BASE,
      counts: { valid: 200, queued: 50 },
      figures: KINDS.scores.figures,
    });
    expect(sc).toEqual({
      etaMs: 3_000,
      checkMs: 0,
      writes: { create: 0, screening: 0, validation: 0, change: 3, identifiers: 0 },
      sendMs: 3_000,
      processingMs: 0,
    });
  });
});

describe('the time left in a real run, and the history it comes from', () => {
  it('counts every phase of a run with screening and validation, from the journal', async () => {
    rig = await makeRig({ processingMs: 150, screeningMs: 150, validationMs: 150 });
    const jobId = rig.newJob(supplierRows(6), { screeningPeriod: 2, validate: true });
    expect(await rig.engine.run(jobId)).toBe('finished');
    const progress = rig.events
      .filter((e) => e.type === 'progress')
      .map((e) => (e as { progress: JobProgress }).progress);
    const first = progress.find(
      (p) => p.etaParts && (p.counts.queued ?? 0) + (p.counts.new ?? 0) === 6,
    );
    // Before the first create: six creates (screening asked with each), six validations.
    expect(first?.etaParts?.writes).toEqual({
      create: 6,
      screening: 0,
      validation: 6,
      change: 0,
      identifiers: 0,
    });
    expect(first!.etaParts!.sendMs).toBeCloseTo(
      (12 / first!.throttle.WRITE.targetPerMinute) * 60_000,
      6,
    );
    expect(first!.etaMs).toBe(first!.etaParts!.etaMs);
    const last = progress[progress.length - 1]!;
    expect(last.etaMs).toBe(0);

    // The journal's events say the same, for a fresh reader (a restart).
    const history = new RunHistory(rig.journal, jobId);
    expect(history.update()).toBe(true);
    expect(history.sampleCounts()).toEqual({ creation: 6, screening: 6, validation: 6 });
    const seen = history.observedMs();
    // The platform's time plus the poll that noticed it, as the journal's event times tell it:
    // outcomes are committed in groups, so a sent time may be written a little late and the
    // span comes out shorter than the sandbox's 150 ms, but never nothing.
    for (const stage of ['creation', 'screening', 'validation'] as const) {
      expect(seen[stage]).toBeGreaterThan(0);
    }
    const minutes = history.perMinute();
    expect(minutes.reduce((a, m) => a + m.writes, 0)).toBe(12);
    expect(minutes.reduce((a, m) => a + m.settled, 0)).toBe(6);
    // Nothing is with the platform any more.
    expect(history.latestEntry()).toEqual({});
  });

  it('reads a long history in bounded steps and catches up', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(5));
    expect(await rig.engine.run(jobId)).toBe('finished');
    const whole = new RunHistory(rig.journal, jobId);
    whole.update();
    const stepped = new RunHistory(rig.journal, jobId);
    let steps = 0;
    while (!stepped.update(3)) steps++;
    expect(steps).toBeGreaterThan(3);
    expect(stepped.perMinute()).toEqual(whole.perMinute());
    expect(stepped.sampleCounts()).toEqual(whole.sampleCounts());
  });
});
