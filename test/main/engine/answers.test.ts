// Every answer class at every stage, forced on the real sandbox: its fault injection, its
// settings at run time (tokens, seeds, lifecycles) and a closed port for the network going away.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src-main/sandbox';
import {
  duplicates,
  jobTransitions,
  makeRig,
  supplierRows,
  transitions,
  until,
  type Rig,
} from './support';

const RIG_LIMITS = {
  GET: [{ limit: 100, windowSeconds: 1 }],
  WRITE: [{ limit: 50, windowSeconds: 1 }],
};

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const NO_ON_CREATE = [
  'ACCESS_PUBLIC_SUPPLIERS',
  'ACCESS_PUBLIC_CONNECT_TARGET',
  'ACCESS_PUBLIC_SCREENING_REQUEST',
  'ACCESS_PUBLIC_VALIDATION_REQUEST',
];

function onlyRow(r: Rig, jobId: string) {
  return r.journal.pageRows(jobId).rows[0]!;
}

/** Checks the job first, so that the faults that follow hit the create and what comes after. */
async function checked(r: Rig, rows = supplierRows(1), options = {}): Promise<string> {
  const jobId = r.newJob(rows, options);
  expect(await r.engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
  return jobId;
}

/** Runs the job with `faults` on until a row has gone through `transition`, then without. */
async function runThrough(
  r: Rig,
  jobId: string,
  faults: Parameters<Rig['sandbox']['configure']>[0],
  transition: string,
) {
  r.sandbox.configure(faults);
  const running = r.engine.run(jobId);
  await until(() => jobTransitions(r.journal, jobId).includes(transition), transition);
  r.sandbox.configure({ faults: {}, tokens: [{ token: 'sandbox' }] });
  return running;
}

describe('create: every answer class', () => {
  it('400: the row is rejected with the API message and never sent again', async () => {
    rig = await makeRig();
    // The sandbox refuses a country code no country has (the payload schema takes any two
    // capital letters, the API does not).
    const rows = supplierRows(2).map((r) => ({
      ...r,
      payload: { ...r.payload, countryCode: 'XX' },
    }));
    const jobId = rig.newJob(rows);
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).rejected).toBe(2);
    const row = onlyRow(rig, jobId);
    expect(row.errorMessage).toMatch(/not an assigned ISO 3166-1 country code/);
    expect(transitions(rig.journal, row.id)).toEqual([
      'valid>new',
      'new>queued',
      'queued>sending',
      'sending>rejected',
    ]);
    expect(rig.journal.getJob(jobId)?.state).toBe('needs_attention');
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(0);
  });

  it('409: reconciled against the supplier that exists, not created again', async () => {
    rig = await makeRig();
    const jobId = await checked(rig, supplierRows(2));
    // Between the check and the create, someone else creates the first supplier.
    expect(await rig.engine.run(rig.newJob(supplierRows(1)))).toBe('finished');
    expect(await rig.engine.run(jobId)).toBe('finished');
    const first = rig.journal.pageRows(jobId).rows[0]!;
    expect(transitions(rig.journal, first.id)).toContain('sending>in_doubt');
    expect(transitions(rig.journal, first.id)).toContain('in_doubt>created');
    expect(first.state).toBe('done');
    expect(first.platformId).toMatch(/^\d+$/);
    expect(rig.journal.counts(jobId).done).toBe(2);
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('500 before the write: in doubt, found neither pending nor created, sent again once', async () => {
    rig = await makeRig();
    const jobId = await checked(rig);
    const exit = await runThrough(rig, jobId, { faults: { before500: 1 } }, 'sending>in_doubt');
    expect(await exit).toBe('finished');
    const t = transitions(rig.journal, onlyRow(rig, jobId).id);
    expect(t).toEqual(expect.arrayContaining(['sending>in_doubt', 'in_doubt>queued']));
    expect(t.filter((x) => x === 'queued>sending')).toHaveLength(2);
    expect(onlyRow(rig, jobId).state).toBe('done');
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(1);
  });

  it('500 after the write: in doubt, found in the pending list, never sent again', async () => {
    // Processing outlasts the settle delay, so the creation is still pending when reconciled.
    rig = await makeRig({ faults: { after500: 1 }, processingMs: 700 });
    const jobId = rig.newJob(supplierRows(3));
    expect(await rig.engine.run(jobId)).toBe('finished');
    for (const row of rig.journal.pageRows(jobId).rows) {
      const t = transitions(rig.journal, row.id);
      expect(t).toContain('sending>in_doubt');
      expect(t.filter((x) => x === 'queued>sending')).toHaveLength(1);
      expect(row.state).toBe('done');
    }
    expect(jobTransitions(rig.journal, jobId)).toContain('in_doubt>accepted');
    expect(rig.sandbox.stats().faults.after500).toBe(3);
    expect(duplicates(rig.sandbox)).toEqual([]);
    expect(Object.keys(rig.sandbox.stats().creationsByIdentity)).toHaveLength(3);
    // Made by this job: reported as created, not as existing.
    expect(rig.journal.pageRows(jobId).rows.every((r) => r.createdByJob)).toBe(true);
  });

  it('500 after the write, the supplier already made when reconciled: created by the job, without a creation UUID', async () => {
    // Processing ends before the settle delay: only find-by-identifier knows the supplier.
    rig = await makeRig({ processingMs: 20 });
    const jobId = await checked(rig, supplierRows(2));
    rig.sandbox.configure({ faults: { after500: 1 } });
    expect(await rig.engine.run(jobId)).toBe('finished');
    for (const row of rig.journal.pageRows(jobId).rows) {
      expect(transitions(rig.journal, row.id)).toContain('in_doubt>created');
      expect(row.state).toBe('done');
      expect(row.creationUuid).toBeNull();
      expect(row.createdByJob).toBe(true);
    }
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('a supplier that existed before the job is not reported as created by it', async () => {
    rig = await makeRig();
    rig.sandbox.configure({
      seedSuppliers: [
        {
          name: 'Old',
          countryCode: 'DE',
          city: 'Berlin',
          address: 'a 1',
          supplierIds: [{ id: 'S-00001', source: 'SAP' }],
        },
      ],
    });
    rig.sandbox.reset();
    const jobId = rig.newJob(supplierRows(2));
    expect(await rig.engine.run(jobId)).toBe('finished');
    const [existed, made] = rig.journal.pageRows(jobId).rows;
    expect(existed!.createdByJob).toBe(false);
    expect(made!.createdByJob).toBe(true);
  });

  it('dropped connection: in doubt, reconciled, created exactly once', async () => {
    rig = await makeRig();
    const jobId = await checked(rig, supplierRows(4));
    const exit = runThrough(rig, jobId, { faults: { drop: 1 } }, 'sending>in_doubt');
    expect(await exit).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(4);
    expect(duplicates(rig.sandbox)).toEqual([]);
    expect(Object.keys(rig.sandbox.stats().creationsByIdentity)).toHaveLength(4);
  });

  it('timeout: in doubt, reconciled, created exactly once', async () => {
    rig = await makeRig({}, { requestTimeoutMs: 150 });
    const jobId = await checked(rig);
    const exit = runThrough(rig, jobId, { faults: { latencyMs: [400, 400] } }, 'sending>in_doubt');
    expect(await exit).toBe('finished');
    expect(onlyRow(rig, jobId).state).toBe('done');
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('403: the job pauses with the reason, the row waits unsent with its attempt refunded', async () => {
    rig = await makeRig();
    const jobId = await checked(rig, supplierRows(2));
    // The API user loses its permissions between the check and the create.
    rig.sandbox.configure({ tokens: [{ token: 'sandbox', permissions: [] }] });
    expect(await rig.engine.run(jobId)).toBe('access_denied');
    const job = rig.journal.getJob(jobId)!;
    expect(job.state).toBe('paused');
    expect(job.stateReason?.message).toMatch(/permission/i);
    const rows = rig.journal.pageRows(jobId).rows;
    expect(rows.map((r) => r.state)).toEqual(['queued', 'queued']);
    expect(rows.every((r) => r.attempts === 0)).toBe(true);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(0);
    // Fixed by the administrator: the job goes on.
    rig.sandbox.configure({ tokens: [{ token: 'sandbox' }] });
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(2);
  });

  it('no network: the job waits and probes, no row fails, and it finishes once the server is back', async () => {
    rig = await makeRig();
    const statePath = path.join(rig.dir, 'sandbox.sqlite');
    await rig.sandbox.close();
    rig.sandbox = await startSandbox({ processingMs: 80, statePath, limits: RIG_LIMITS });
    rig.journal.updateConnection(rig.connectionId, { baseUrl: rig.sandbox.url });
    rig.engine.resetConnection(rig.connectionId);
    const jobId = await checked(rig, supplierRows(3));
    const port = rig.sandbox.port;
    await rig.sandbox.close();
    const running = rig.engine.run(jobId);
    await until(() => rig!.journal.getJob(jobId)?.state === 'waiting_network', 'offline');
    // Every create was refused by the network (back in the queue, unsent) or, on a connection
    // the server had closed under it, lost its answer (in doubt): none failed.
    await until(() => {
      const c = rig!.journal.counts(jobId);
      return c.queued + c.in_doubt === 3;
    }, 'rows waiting');
    const counts = rig.journal.counts(jobId);
    expect(counts.rejected + counts.needs_user + counts.vanished).toBe(0);
    expect(rig.journal.getJob(jobId)?.state).toBe('waiting_network');
    rig.sandbox = await startSandbox({ port, processingMs: 80, statePath, limits: RIG_LIMITS });
    expect(await running).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(3);
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('not entitled to work on create: created without it, then screening as its own request', async () => {
    rig = await makeRig({ tokens: [{ token: 'sandbox', permissions: NO_ON_CREATE }] });
    const jobId = rig.newJob(supplierRows(2), { screeningPeriod: 2 });
    expect(await rig.engine.run(jobId)).toBe('finished');
    const t = jobTransitions(rig.journal, jobId);
    expect(t).toContain('sending>queued');
    expect(t).toContain('screening_queued>screening_sending');
    expect(rig.journal.counts(jobId).done).toBe(2);
    expect(rig.sandbox.stats().screeningRequests).toBe(2);
    // Remembered for the connection: the next job does not ask again.
    const next = rig.newJob(supplierRows(1, 'T'), { screeningPeriod: 2 });
    expect(await rig.engine.run(next)).toBe('finished');
    expect(jobTransitions(rig.journal, next)).not.toContain('sending>queued');
  });
});

describe('reconciliation', () => {
  it('after the cap of attempts the row goes to the user, never sent again', async () => {
    rig = await makeRig({}, { maxWriteAttempts: 1 });
    const jobId = await checked(rig);
    const exit = runThrough(rig, jobId, { faults: { before500: 1 } }, 'sending>in_doubt');
    expect(await exit).toBe('finished');
    const row = onlyRow(rig, jobId);
    expect(row.state).toBe('needs_user');
    expect(row.errorCode).toBe('api_maybe_processed');
    expect(transitions(rig.journal, row.id).filter((x) => x === 'queued>sending')).toHaveLength(1);
    expect(rig.journal.getJob(jobId)?.state).toBe('needs_attention');
  });

  it('several suppliers with the identity: the row goes to the user', async () => {
    rig = await makeRig();
    const jobId = await checked(rig);
    const id = { id: 'S-00001', source: 'SAP' };
    rig.sandbox.configure({
      seedSuppliers: [
        { name: 'A', countryCode: 'DE', city: 'Berlin', address: 'a 1', supplierIds: [id] },
        { name: 'B', countryCode: 'DE', city: 'Berlin', address: 'b 1', supplierIds: [id] },
      ],
    });
    rig.sandbox.reset();
    expect(await rig.engine.run(jobId)).toBe('finished');
    const row = onlyRow(rig, jobId);
    expect(transitions(rig.journal, row.id)).toContain('sending>in_doubt');
    expect(row.state).toBe('needs_user');
    expect(row.errorCode).toBe('api_ambiguous');
  });

  it('a lost answer that arrives after the settle delay is judged only on reads made after it', async () => {
    // The create waits 3 s in the server before being applied and answered 500; the settle
    // delay is 0.3 s. A pending list read while the request is still on its way (after the
    // settle delay, before the write) must not count: it cannot show the creation.
    rig = await makeRig({ processingMs: 2_000 });
    const jobId = await checked(rig);
    rig.sandbox.configure({ faults: { after500: 1, latencyMs: [3_000, 3_000] } });
    const running = rig.engine.run(jobId);
    await until(() => onlyRow(rig!, jobId).state === 'sending', 'the create leaving');
    const sentAt = onlyRow(rig, jobId).sentAt!;
    // The request has reached the server and drawn its faults: the reads that follow are plain.
    await new Promise((r) => setTimeout(r, 150));
    rig.sandbox.configure({ faults: {} });
    await new Promise((r) => setTimeout(r, Math.max(0, sentAt + 1_000 - Date.now())));
    const early = await rig.engine.runtime(rig.connectionId).pending(Date.now());
    expect(early.kind).toBe('ok');
    expect(onlyRow(rig, jobId).state).toBe('sending'); // the answer is still on its way
    expect(await running).toBe('finished');
    const row = onlyRow(rig, jobId);
    expect(row.state).toBe('done');
    const t = transitions(rig.journal, row.id);
    expect(t).toContain('sending>in_doubt');
    expect(t).toContain('in_doubt>accepted');
    expect(t).not.toContain('in_doubt>queued');
    // Sent once: the row was never sent again for the 409 to catch.
    expect(rig.sandbox.stats().requests.WRITE).toBe(1);
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('a failed read while reconciling leaves the row in doubt and tries again', async () => {
    rig = await makeRig({ faults: { after500: 1 } });
    const jobId = await checked(rig);
    rig.sandbox.configure({ faults: { after500: 1, before500: 1 } });
    const running = rig.engine.run(jobId);
    // The create gets the 500 before being applied, so: in doubt, reads failing meanwhile.
    await until(() => onlyRow(rig!, jobId).state === 'in_doubt', 'in doubt');
    await new Promise((r) => setTimeout(r, 400));
    expect(onlyRow(rig, jobId).state).toBe('in_doubt');
    rig.sandbox.configure({ faults: {} });
    expect(await running).toBe('finished');
    expect(onlyRow(rig, jobId).state).toBe('done');
    expect(duplicates(rig.sandbox)).toEqual([]);
  });
});

describe('tracking', () => {
  it('a creation that ends without a supplier is reported vanished after the settle delay', async () => {
    rig = await makeRig({ vanishShare: 1 });
    const jobId = rig.newJob(supplierRows(2));
    expect(await rig.engine.run(jobId)).toBe('finished');
    const row = onlyRow(rig, jobId);
    expect(row.state).toBe('vanished');
    expect(row.errorCode).toBe('creation_vanished');
    expect(transitions(rig.journal, row.id)).toEqual([
      'valid>new',
      'new>queued',
      'queued>sending',
      'sending>accepted',
      'accepted>vanished',
    ]);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(2);
    expect(rig.journal.getJob(jobId)?.state).toBe('needs_attention');
  });

  it('a creation already pending at the check is tracked, not sent again', async () => {
    rig = await makeRig({ processingMs: 600 });
    const first = rig.newJob(supplierRows(2));
    expect(await rig.engine.run(first, { mode: 'run', wait: false })).toBe('sent');
    const second = rig.newJob(supplierRows(2));
    expect(await rig.engine.run(second)).toBe('finished');
    const t = jobTransitions(rig.journal, second);
    expect(t).toContain('valid>pending');
    expect(t).toContain('pending>created');
    expect(t).not.toContain('queued>sending');
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(2);
    expect(await rig.engine.run(first)).toBe('finished');
    expect(rig.journal.counts(first).done).toBe(2);
  });
});

describe('screening and validation', () => {
  it('screening request answered 500 after being applied: reconciled through its status', async () => {
    rig = await makeRig({
      tokens: [{ token: 'sandbox', permissions: NO_ON_CREATE }],
      faults: { after500: 1 },
    });
    const jobId = rig.newJob(supplierRows(1), { screeningPeriod: 2 });
    expect(await rig.engine.run(jobId)).toBe('finished');
    const t = transitions(rig.journal, onlyRow(rig, jobId).id);
    expect(t).toContain('screening_sending>screening_in_doubt');
    expect(t).toContain('screening_in_doubt>screening_requested');
    expect(onlyRow(rig, jobId).state).toBe('done');
    expect(rig.sandbox.stats().screeningRequests).toBe(1);
  });

  it('validation request lost before reaching the platform: reconciled, asked for again once', async () => {
    rig = await makeRig();
    expect(await rig.engine.run(rig.newJob(supplierRows(1)))).toBe('finished');
    const jobId = await checked(rig, supplierRows(1), { validate: true });
    expect(onlyRow(rig, jobId).state).toBe('exists');
    const exit = runThrough(
      rig,
      jobId,
      { faults: { before500: 1 } },
      'validation_sending>validation_in_doubt',
    );
    expect(await exit).toBe('finished');
    const row = onlyRow(rig, jobId);
    expect(row.state).toBe('done');
    expect(transitions(rig.journal, row.id)).toContain('validation_in_doubt>validation_queued');
    expect(['COMPLETED', 'REJECTED']).toContain(row.validationStatus);
    expect(rig.sandbox.stats().validationRequests).toBe(1);
  });

  it('403 on a follow-up: the job pauses, the row waits for its validation unsent', async () => {
    rig = await makeRig({
      tokens: [
        {
          token: 'sandbox',
          permissions: ['ACCESS_PUBLIC_SUPPLIERS', 'ACCESS_PUBLIC_CONNECT_TARGET'],
        },
      ],
    });
    const jobId = rig.newJob(supplierRows(1), { validate: true });
    expect(await rig.engine.run(jobId)).toBe('access_denied');
    const row = onlyRow(rig, jobId);
    expect(row.state).toBe('validation_queued');
    expect(row.platformId).toMatch(/^\d+$/);
    expect(rig.journal.getJob(jobId)?.stateReason?.message).toMatch(/VALIDATION/);
    expect(rig.sandbox.stats().validationRequests).toBe(0);
    // Granted: the job goes on from there, without creating anything again.
    rig.sandbox.configure({ tokens: [{ token: 'sandbox' }] });
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(onlyRow(rig, jobId).state).toBe('done');
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(1);
  });

  it('existing suppliers get separate requests; "already validated" ends the row', async () => {
    rig = await makeRig({
      validationOdds: { COMPLETED: 1, REJECTED: 0, differentOutcomeId: 0 },
    });
    const first = rig.newJob(supplierRows(2), { validate: true });
    expect(await rig.engine.run(first)).toBe('finished');
    expect(rig.sandbox.stats().validationRequests).toBe(2);
    const again = rig.newJob(supplierRows(2), { validate: true });
    expect(await rig.engine.run(again)).toBe('finished');
    const t = jobTransitions(rig.journal, again);
    expect(t).toContain('valid>exists');
    expect(t).toContain('exists>validation_queued');
    expect(t).toContain('validation_sending>done');
    expect(rig.journal.counts(again).done).toBe(2);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(2);
  });
});

describe('check', () => {
  for (const strategy of ['list', 'lookup'] as const) {
    it(`by ${strategy}: existing, new and ambiguous rows`, async () => {
      rig = await makeRig(
        {
          seedSuppliers: [
            {
              name: 'Twin A',
              countryCode: 'DE',
              city: 'Berlin',
              address: 'a 1',
              supplierIds: [{ id: 'S-00003', source: 'SAP' }],
            },
            {
              name: 'Twin B',
              countryCode: 'DE',
              city: 'Berlin',
              address: 'b 1',
              supplierIds: [{ id: 'S-00003', source: 'SAP' }],
            },
          ],
        },
        { checkStrategy: strategy },
      );
      expect(await rig.engine.run(rig.newJob(supplierRows(1)))).toBe('finished');
      const jobId = rig.newJob(supplierRows(4));
      expect(await rig.engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
      const states = rig.journal.pageRows(jobId).rows.map((r) => r.state);
      expect(states).toEqual(['exists', 'new', 'ambiguous', 'new']);
      expect(rig.journal.getJob(jobId)?.state).toBe('ready');
    });
  }

  it('reads answered 429 are waited out and retried: the check completes, no row fails', async () => {
    // The server allows far fewer reads than the connection was told.
    rig = await makeRig(
      {
        limits: { GET: [{ limit: 4, windowSeconds: 1 }], WRITE: [{ limit: 50, windowSeconds: 1 }] },
      },
      { checkStrategy: 'lookup' },
    );
    const jobId = rig.newJob(supplierRows(8));
    expect(await rig.engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
    expect(rig.sandbox.stats().throttled.GET).toBeGreaterThan(0);
    expect(rig.journal.counts(jobId).new).toBe(8);
    expect(rig.events.some((e) => e.type === 'throttle')).toBe(true);
  });
});
