// Whole jobs against a sandbox that behaves as the real API may where the spec is leaner or open
// than the published document: answers with only the fields api-spec.md shows, and the other
// spelling of city and address.
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateFieldNames } from '../../../src-shared/fieldNames';
import { duplicates, jobTransitions, makeRig, supplierRows, type Rig } from './support';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** An API user without the on-create entitlements: screening and validation are separate
 *  requests, so every follow-up answer of the API is exercised. */
const NOT_ENTITLED = {
  tokens: [
    {
      token: 'plain',
      permissions: [
        'ACCESS_PUBLIC_SUPPLIERS',
        'ACCESS_PUBLIC_CONNECT_TARGET',
        'ACCESS_PUBLIC_SCREENING_REQUEST',
        'ACCESS_PUBLIC_VALIDATION_REQUEST',
      ],
    },
  ],
};

const fieldNotes = (r: Rig) =>
  r.events.filter((e) => e.type === 'warning' && e.code === 'api_answer_fields');

describe("an API that answers only what the spec shows (answers: 'spec')", () => {
  it('checks, creates, tracks, screens and validates a whole job, resumed after a no-wait run', async () => {
    rig = await makeRig(
      {
        answers: 'spec',
        ...NOT_ENTITLED,
        faults: { after500: 0.1, drop: 0.05 },
        screeningOdds: { Finished: 0.5, NoFindings: 0.5, Aborted: 0 },
      },
      {},
      'plain',
    );
    // Suppliers that exist already: the check must recognise them from the lean list.
    const earlier = rig.newJob(supplierRows(3));
    expect(await rig.engine.run(earlier)).toBe('finished');

    const jobId = rig.newJob(supplierRows(10), { screeningPeriod: 2, validate: true });
    expect(await rig.engine.run(jobId, { mode: 'run', wait: false })).toBe('sent');
    expect(await rig.engine.run(jobId)).toBe('finished');

    const rows = rig.journal.pageRows(jobId).rows;
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.state, `row ${row.sourceRow}`).toBe('done');
      expect(row.platformId).toMatch(/^\d+$/);
      expect(['Finished', 'NoFindings', 'Skipped']).toContain(row.screeningStatus);
      expect(['COMPLETED', 'REJECTED']).toContain(row.validationStatus);
    }
    expect(rows.filter((r) => r.createdByJob)).toHaveLength(7);
    expect(duplicates(rig.sandbox)).toEqual([]);
    const moves = jobTransitions(rig.journal, jobId);
    expect(moves).toContain('valid>exists');
    expect(moves).toContain('screening_sending>screening_requested');
    expect(moves).toContain('validation_sending>validation_requested');
    expect(rig.sandbox.stats().screeningRequests).toBeGreaterThanOrEqual(10);
    // What the answers lack was said once per field, not once per answer.
    const notes = fieldNotes(rig).map((e) => (e.type === 'warning' ? e.message : ''));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.length).toBeLessThanOrEqual(6);
    expect(notes.join('\n')).toMatch(/screening without id, periodInYears/);
  });

  // Checked by find-by-identifier when the lean supplier found is all there is: openWords.test.ts.
});

describe('the spelling of city and address is a setting of the connection', () => {
  const SENTENCE: Record<CreateFieldNames, string> = {
    'locality-addressLine':
      "The API expects 'locality' and 'addressLine' instead of 'city' and 'address': switch the connection's field names in Connection settings and retry the failed rows.",
    'city-address':
      "The API expects 'city' and 'address' instead of 'locality' and 'addressLine': switch the connection's field names in Connection settings and retry the failed rows.",
  };

  it.each([
    ['locality-addressLine', 'city-address'],
    ['city-address', 'locality-addressLine'],
  ] as const)(
    'an API that takes %s: the job stops with the sentence, and succeeds once the connection is switched',
    async (server, wrong) => {
      rig = await makeRig({ createFieldNames: server });
      const r = rig;
      r.journal.updateConnection(r.connectionId, { fieldNames: wrong });
      r.engine.resetConnection(r.connectionId);
      const jobId = r.newJob(supplierRows(12));

      expect(await r.engine.run(jobId)).toBe('access_denied');
      const job = r.journal.getJob(jobId)!;
      expect(job.state).toBe('paused');
      expect(job.stateReason).toMatchObject({ code: 'api_field_names', message: SENTENCE[server] });
      const rejected = r.journal.pageRows(jobId, { states: ['rejected'] }).rows;
      expect(rejected.length).toBeGreaterThan(0);
      for (const row of rejected) {
        expect(row.errorCode).toBe('api_field_names');
        expect(row.errorMessage).toBe(SENTENCE[server]);
      }
      // The rest were not spent on a refusal: they wait to be sent. (Up to four writes are in
      // flight at once, and a busy machine may queue a few more before the first refusal is
      // read, so the list is twice that and more.)
      expect(rejected.length).toBeLessThan(12);
      expect(r.sandbox.stats().createRequestsAccepted).toBe(0);

      r.journal.updateConnection(r.connectionId, { fieldNames: server });
      r.engine.resetConnection(r.connectionId);
      expect(r.engine.retry(jobId)).toBe(rejected.length);
      expect(await r.engine.run(jobId)).toBe('finished');
      expect(r.journal.counts(jobId).done).toBe(12);
      expect(Object.keys(r.sandbox.stats().creationsByIdentity)).toHaveLength(12);
      expect(duplicates(r.sandbox)).toEqual([]);
    },
  );
});
