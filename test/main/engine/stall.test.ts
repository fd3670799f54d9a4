// No silent stall: a job whose rows do not move while the API keeps answering says why (which
// endpoint, what the answers lacked or repeated, what to do), and a screening or validation
// status the API's documentation does not list is shown as it came and followed for a bounded
// time only. Against the real sandbox, with the thresholds set to about a second.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pollPolicy } from '../../../src-main/engine/policy/evidence';
import { StallWatch } from '../../../src-main/engine/stall';
import type { EngineEvent } from '../../../src-main/engine/syncEngine';
import { word } from '../../../src-shared/i18n';
import { makeRig, supplierRows, until, type Rig } from './support';

let rig: Rig | undefined;
let server: Server | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
});

type Warning = Extract<EngineEvent, { type: 'warning' }>;
const warnings = (r: Rig, code?: string): Warning[] =>
  r.events.filter(
    (e): e is Warning => e.type === 'warning' && (code === undefined || e.code === code),
  );

describe('a status the documentation does not list', () => {
  it('is shown as it came, polled for a bounded time, and the row then needs the user', async () => {
    rig = await makeRig(
      { statusAnswers: { screening: 'UnderReview' } },
      { stallWarnMs: 1_000, unknownStatusMaxMs: 1_500 },
    );
    const jobId = rig.newJob(supplierRows(2), { screeningPeriod: 2 });
    const started = Date.now();
    expect(await rig.engine.run(jobId)).toBe('finished');
    const took = Date.now() - started;
    // The bound, plus a poll interval and the creation before it; never an endless poll.
    expect(took).toBeGreaterThanOrEqual(1_500);
    expect(took).toBeLessThan(8_000);

    expect(rig.journal.getJob(jobId)?.state).toBe('needs_attention');
    for (const row of rig.journal.pageRows(jobId).rows) {
      expect(row.state).toBe('needs_user');
      // Not mapped to anything else: the status as the API wrote it.
      expect(row.screeningStatus).toBe('UnderReview');
      expect(row.errorCode).toBe('api_unexpected_response');
      expect(row.errorParams).toMatchObject({ reason: 'screening_status', status: 'UnderReview' });
      expect(row.errorMessage).toContain('"UnderReview"');
    }

    // Said at once when first seen (once per status), and again as the reason nothing moved.
    const seen = warnings(rig, 'unknown_screening_status');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      jobId,
      params: {
        status: 'UnderReview',
        endpoint: 'GET /public/v2/suppliers/sites/screening',
      },
    });
    const stalled = warnings(rig, 'stalled_unknown_status');
    expect(stalled).toHaveLength(1);
    expect(stalled[0]?.params).toMatchObject({
      endpoint: 'GET /public/v2/suppliers/sites/screening',
      status: 'UnderReview',
    });
    expect(stalled[0]?.message).toContain('which the app does not know');
    expect(word('de', 'warning.stalled_unknown_status', stalled[0]?.params)).toContain(
      '„UnderReview“',
    );
  });

  it('ends a validation the same way', async () => {
    rig = await makeRig(
      { statusAnswers: { validation: 'ESCALATED' } },
      { stallWarnMs: 60_000, unknownStatusMaxMs: 1_000 },
    );
    const jobId = rig.newJob(supplierRows(1), { validate: true });
    expect(await rig.engine.run(jobId)).toBe('finished');
    const [row] = rig.journal.pageRows(jobId).rows;
    expect(row).toMatchObject({
      state: 'needs_user',
      validationStatus: 'ESCALATED',
      errorCode: 'api_unexpected_response',
    });
    expect(warnings(rig, 'unknown_validation_status')).toHaveLength(1);
    // Shorter than its threshold: no stall warning.
    expect(warnings(rig).filter((w) => w.code.startsWith('stalled_'))).toEqual([]);
  });
});

describe('the stall warning', () => {
  it('names the endpoint and what its answers lacked when the check gets answers it cannot use', async () => {
    // A gateway in front of the API that answers every request with a page of its own.
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<html><body>Welcome to the gateway</body></html>');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    rig = await makeRig({}, { stallWarnMs: 1_000 });
    rig.journal.updateConnection(rig.connectionId, { baseUrl: `http://127.0.0.1:${port}` });
    rig.engine.resetConnection(rig.connectionId);
    const jobId = rig.newJob(supplierRows(2));
    const started = Date.now();
    const run = rig.engine.run(jobId, { mode: 'check', wait: true });
    await until(() => warnings(rig!, 'stalled_unreadable').length > 0, 'the stall warning', 8_000);
    const after = Date.now() - started;
    expect(after).toBeGreaterThanOrEqual(1_000);
    const [w] = warnings(rig, 'stalled_unreadable');
    expect(w).toMatchObject({
      jobId,
      params: { endpoint: 'GET /public/v2/suppliers/sites/pending' },
    });
    expect(String(w?.params?.detail)).toMatch(/not JSON/);
    expect(Number(w?.params?.count)).toBeGreaterThanOrEqual(1);
    expect(w?.message).toMatch(/connection test/);
    expect(word('de', 'warning.stalled_unreadable', w?.params)).toContain('Verbindungstest');
    // Still checking: nothing moved, and the job is told to stop by the user.
    expect(rig.journal.counts(jobId).valid).toBe(2);
    await rig.engine.pause(jobId);
    expect(await run).toBe('paused');
    // Once per stall, not once per answer.
    expect(warnings(rig, 'stalled_unreadable')).toHaveLength(1);
  });

  it('says the tracked creations repeat the same pending status, once the usual time is past', async () => {
    // Creations take a minute in this sandbox; the platform "usually" takes half a second.
    rig = await makeRig({ processingMs: 60_000 }, { stallWarnMs: 1_000, expectedCreationMs: 500 });
    const jobId = rig.newJob(supplierRows(3));
    const run = rig.engine.run(jobId);
    await until(() => warnings(rig!, 'stalled_same_status').length > 0, 'the stall warning', 8_000);
    const [w] = warnings(rig, 'stalled_same_status');
    expect(w?.params).toMatchObject({ endpoint: 'GET /public/v2/suppliers/sites/pending' });
    expect(['New', 'Pending']).toContain(w?.params?.status);
    expect(Number(w?.params?.count)).toBeGreaterThan(1);
    expect(w?.message).toMatch(/pause it and resume later/);
    expect(rig.journal.counts(jobId).accepted).toBe(3);
    await rig.engine.pause(jobId);
    expect(await run).toBe('paused');
  });
});

describe('the bound on an unknown status, as policy', () => {
  const ctx = {
    options: { screeningPeriod: 2 as const, validate: false },
    maxWriteAttempts: 5,
    unknownStatusMs: 1_000,
  };
  const row = {
    state: 'screening_requested' as const,
    attempts: 0,
    errorCode: null as string | null,
    errorParams: null as Record<string, string | number> | null,
    screeningStatus: 'New',
    validationStatus: null,
  };
  const seen = (status: string) => ({ class: 'running' as const, status });

  it('marks when it was first seen, keeps polling within the bound, then hands the row over', () => {
    const first = pollPolicy('screening', seen('UnderReview'), row, { ...ctx, now: 10_000 });
    expect(first.outcome).toMatchObject({
      to: 'screening_requested',
      retry: 'poll_later',
      patch: {
        screeningStatus: 'UnderReview',
        errorCode: 'status_unknown',
        errorParams: { since: 10_000, status: 'UnderReview' },
      },
    });
    const marked = { ...row, ...first.outcome.patch } as typeof row;
    const within = pollPolicy('screening', seen('UnderReview'), marked, { ...ctx, now: 10_999 });
    expect(within.outcome).toMatchObject({ to: 'screening_requested', retry: 'poll_later' });
    expect(within.outcome.patch?.errorParams).toEqual({ since: 10_000, status: 'UnderReview' });
    const past = pollPolicy('screening', seen('UnderReview'), marked, { ...ctx, now: 11_000 });
    expect(past.outcome).toMatchObject({
      to: 'needs_user',
      patch: { screeningStatus: 'UnderReview', errorCode: 'api_unexpected_response' },
    });
    // Another unknown status starts its own bound; a documented one clears the mark.
    const other = pollPolicy('screening', seen('OnHold'), marked, { ...ctx, now: 20_000 });
    expect(other.outcome.patch?.errorParams).toEqual({ since: 20_000, status: 'OnHold' });
    const known = pollPolicy('screening', seen('New'), marked, { ...ctx, now: 20_000 });
    expect(known.outcome).toMatchObject({ retry: 'poll_later', patch: { errorCode: null } });
  });
});

describe('the stall watch', () => {
  const settings = { stallWarnMs: 1_000, unknownStatusMaxMs: 60_000 };

  it('warns once no row moved for the threshold while answers came, and not while waiting', () => {
    const said: string[] = [];
    const watch = new StallWatch(settings, (w) => said.push(w.code));
    watch.tick({ valid: 2 }, 0, false);
    watch.tick({ valid: 2 }, 5_000, false);
    expect(said).toEqual([]); // no answers: nothing to say (offline or throttled say so)
    watch.note({ kind: 'error', endpoint: 'HTTP 502', detail: 'bad gateway' });
    watch.tick({ valid: 2 }, 5_500, true); // waiting for the network: not a stall
    watch.note({ kind: 'error', endpoint: 'HTTP 502', detail: 'bad gateway' });
    watch.tick({ valid: 2 }, 6_400, false);
    expect(said).toEqual([]);
    watch.tick({ valid: 2 }, 6_500, false);
    watch.tick({ valid: 2 }, 9_000, false);
    expect(said).toEqual(['stalled_errors']);
    // A row moved: a new stall may be warned of again.
    watch.tick({ valid: 1, new: 1 }, 9_100, false);
    watch.note({ kind: 'unreadable', endpoint: 'GET /x', detail: 'not JSON' });
    watch.note({ kind: 'error', endpoint: 'HTTP 502', detail: 'bad gateway' });
    watch.tick({ valid: 1, new: 1 }, 10_100, false);
    expect(said).toEqual(['stalled_errors', 'stalled_unreadable']);
  });

  it('waits for a documented status as long as the platform usually takes', () => {
    const said: string[] = [];
    const watch = new StallWatch(settings, (w) => said.push(w.code));
    watch.tick({ accepted: 3 }, 0, false);
    const pending = { kind: 'status', endpoint: 'GET /p', status: 'Pending', known: true } as const;
    watch.note({ ...pending, waitMs: 5_000 });
    watch.tick({ accepted: 3 }, 4_999, false);
    expect(said).toEqual([]);
    watch.tick({ accepted: 3 }, 5_000, false);
    expect(said).toEqual(['stalled_same_status']);
  });
});
