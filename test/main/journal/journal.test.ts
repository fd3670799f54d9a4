import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-shared/errors';
import type { SendLogStore as LimiterSendLogStore } from '../../../src-main/api/limiter';
import { headerSignature } from '../../../src-main/workbook';
import { Journal, type Job, type JournalRow } from '../../../src-main/journal/journal';
import { ROW_STATES, type RowState } from '../../../src-main/journal/rowStates';
import { seededRandom, type FakeClock } from '../../../src-main/util/clock';
import { makeJob, makeRows, openTemp, removeDir } from './helpers';

function failureOf(fn: () => unknown): AppFailure {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected an AppFailure');
}

describe('the journal', () => {
  let dir: string;
  let file: string;
  let clock: FakeClock;
  let journal: Journal;
  let job: Job;

  beforeEach(() => {
    ({ dir, file, clock, journal } = openTemp());
    job = makeJob(journal);
  });
  afterEach(() => {
    journal.close();
    removeDir(dir);
  });

  /** A second connection, as support tools or an attacker with the file would have. */
  function raw<T>(fn: (db: Database.Database) => T): T {
    const db = new Database(file);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  }

  const ids = (rows: JournalRow[]) => rows.map((r) => r.id);
  const groupByCounts = (jobId: string) =>
    raw((db) =>
      Object.fromEntries(
        (
          db
            .prepare('SELECT state, count(*) AS n FROM rows WHERE job_id = ? GROUP BY state')
            .all(jobId) as Array<{ state: string; n: number }>
        ).map((r) => [r.state, r.n]),
      ),
    );
  const nonZero = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

  it('runs with WAL, synchronous NORMAL, foreign keys and a busy timeout', () => {
    expect(journal.diagnostics()).toEqual({
      journalMode: 'wal',
      synchronous: 1,
      foreignKeys: true,
      busyTimeoutMs: 5_000,
    });
  });

  describe('durability of each kind of write', () => {
    const FULL = 2;
    const NORMAL = 1;
    /** A request detail that notes the connection's synchronous setting when the journal
     *  reads it: inside the intent's transaction. */
    function probe(seen: number[]): Record<string, unknown> {
      return {
        get probe() {
          seen.push(journal.diagnostics().synchronous);
          return true;
        },
      };
    }

    it('commits the intent with FULL (fsynced before it returns), and goes back to NORMAL', async () => {
      journal.addRows(job.id, makeRows(3));
      journal.moveRows(job.id, 'valid', 'queued');
      const [a, b, c] = ids(journal.takeDue(job.id, ['queued'], clock.now(), 3));
      const seen: number[] = [];
      expect(journal.markSending([a!], clock.now(), { request: probe(seen) })).toEqual([a]);
      expect(await journal.markSendingAsync([b!], clock.now(), { request: probe(seen) })).toEqual([
        b,
      ]);
      expect(seen).toEqual([FULL, FULL]);
      expect(journal.diagnostics().synchronous).toBe(NORMAL);
      // An outcome queued in the same tick as an intent shares its durable commit.
      const outcome = journal.recordOutcomeAsync({ rowId: a!, from: 'sending', to: 'in_doubt' });
      const intent = journal.markSendingAsync([c!], clock.now(), { request: probe(seen) });
      expect(await Promise.all([outcome, intent])).toEqual([true, [c]]);
      expect(seen).toEqual([FULL, FULL, FULL]);
      expect(journal.diagnostics().synchronous).toBe(NORMAL);
    });

    it('groups the writes of one tick; one that fails leaves the others', async () => {
      journal.addRows(job.id, makeRows(3));
      journal.moveRows(job.id, 'valid', 'queued');
      const [a, b, c] = ids(journal.takeDue(job.id, ['queued'], clock.now(), 3));
      expect(await journal.markSendingAsync([a!, b!, c!], clock.now())).toEqual([a, b, c]);
      const results = await Promise.allSettled([
        journal.recordOutcomeAsync({ rowId: a!, from: 'sending', to: 'accepted' }),
        journal.recordOutcomeAsync({ rowId: b!, from: 'sending', to: 'draft' }), // illegal
        journal.recordOutcomeAsync({ rowId: c!, from: 'queued', to: 'sending' }), // stale
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(results[2]).toEqual({ status: 'fulfilled', value: false });
      expect([a, b, c].map((id) => journal.getRow(id!)!.state)).toEqual([
        'accepted',
        'sending',
        'sending',
      ]);
      expect(journal.rowEvents(b!).map((e) => e.kind)).toEqual(['transition', 'request']);
    });
  });

  describe('connections and jobs', () => {
    it('stores connections without any token column', () => {
      const c = journal.createConnection({
        name: 'Production',
        baseUrl: 'https://api.example.com',
        limits: { GET: [{ limit: 500, windowMs: 60_000 }], WRITE: [] },
      });
      expect(journal.getConnection(c.id)).toEqual(c);
      expect(c.isSandbox).toBe(false);
      expect(journal.listConnections().map((x) => x.name)).toEqual(['Sandbox', 'Production']);
      const renamed = journal.updateConnection(c.id, { name: 'Prod' });
      expect(journal.getConnection(c.id)).toEqual(renamed);
      expect(renamed.name).toBe('Prod');
      const columns = raw((db) => db.pragma('table_info(connections)') as Array<{ name: string }>);
      expect(columns.map((col) => col.name).filter((n) => /token|secret|key/i.test(n))).toEqual([]);
      expect(journal.getConnection('nope')).toBeNull();
      expect(failureOf(() => journal.updateConnection('nope', { name: 'x' })).error.code).toBe(
        'not_found',
      );
    });

    it('creates jobs ready to start and lists the newest first', async () => {
      expect(journal.getJob(job.id)).toEqual(job);
      expect(job.state).toBe('ready');
      expect(job.options).toEqual({ skipExisting: true, screeningPeriod: null, validate: false });
      await clock.advance(1_000);
      const second = makeJob(journal, 'second');
      expect(journal.listJobs().map((j) => j.id)).toEqual([second.id, job.id]);
      const failure = failureOf(() =>
        journal.createJob({ ...job, connectionId: 'missing', sourceSheet: null }),
      );
      expect(failure.error.code).toBe('not_found');
    });

    it('changes a job name, mapping and options', async () => {
      await clock.advance(1_000);
      const updated = journal.updateJob(job.id, {
        name: 'renamed',
        options: { skipExisting: false, screeningPeriod: 5, validate: true },
      });
      expect(journal.getJob(job.id)).toEqual(updated);
      expect(updated).toMatchObject({
        name: 'renamed',
        mapping: job.mapping,
        updatedAt: clock.now(),
      });
      expect(failureOf(() => journal.updateJob('nope', { name: 'x' })).error.code).toBe(
        'not_found',
      );
    });

    it('records job states, their reason and the finish time', async () => {
      await clock.advance(5_000);
      const paused = journal.setJobState(job.id, 'paused', {
        code: 'api_access_denied',
        message: 'The API refused the token.',
      });
      expect(journal.getJob(job.id)).toEqual(paused);
      expect(paused.stateReason?.code).toBe('api_access_denied');
      expect(paused.finishedAt).toBeNull();
      const running = journal.setJobState(job.id, 'running');
      expect(running.stateReason).toBeNull();
      await clock.advance(5_000);
      const finished = journal.setJobState(job.id, 'finished');
      expect(finished.finishedAt).toBe(clock.now());
      expect(journal.getJob(job.id)?.finishedAt).toBe(clock.now());
    });
  });

  describe('ingest', () => {
    it('adds rows in batches and keeps every field', () => {
      const input = makeRows(50);
      expect(journal.addRows(job.id, input, { batchSize: 7 })).toBe(50);
      expect(journal.counts(job.id).valid).toBe(50);
      const page = journal.pageRows(job.id, { limit: 500 });
      expect(page.rows.map((r) => r.sourceRow)).toEqual(input.map((r) => r.sourceRow));
      const first = page.rows[0]!;
      expect(first).toMatchObject({
        jobId: job.id,
        sourceRow: 2,
        cells: ['Supplier 2', 'DE', 'S-000002'],
        payload: { name: 'Supplier 2', countryCode: 'DE', supplierId: { id: 'S-000002' } },
        identityKey: 'S-000002\u001f',
        state: 'valid',
        attempts: 0,
        nextAttemptAt: 0,
        platformId: null,
        userEdits: null,
        updatedAt: clock.now(),
      });
      expect(journal.getRow(first.id)).toEqual(first);
    });

    it('keeps invalid rows with their problems and defaults to draft', () => {
      journal.addRows(job.id, [
        {
          sourceRow: 5,
          cells: ['', 'Germany', '7'],
          state: 'invalid',
          problems: [{ field: 'name', column: 'Name', message: 'name is required' }],
        },
        { sourceRow: 6, cells: ['A', 'DE', '8'] },
      ]);
      const rows = journal.pageRows(job.id).rows;
      expect(rows.map((r) => [r.state, r.payload, r.problems])).toEqual([
        ['invalid', null, [{ field: 'name', column: 'Name', message: 'name is required' }]],
        ['draft', null, null],
      ]);
    });

    it('refuses duplicate source rows: within a call before writing anything', () => {
      const input = [...makeRows(3), ...makeRows(1, 'valid', 3)];
      const failure = failureOf(() => journal.addRows(job.id, input));
      expect(failure.error.code).toBe('invalid_input');
      expect(journal.counts(job.id).valid).toBe(0);
    });

    it('refuses rows already in the job, keeping the batches committed before', () => {
      journal.addRows(job.id, makeRows(5, 'valid', 100));
      const input = [...makeRows(20, 'valid', 10), ...makeRows(5, 'valid', 100)];
      const failure = failureOf(() => journal.addRows(job.id, input, { batchSize: 10 }));
      expect(failure.error.code).toBe('invalid_input');
      expect(failure.error.details?.added).toBe(20);
      expect(journal.counts(job.id).valid).toBe(25);
    });

    it('refuses rows for an unknown job and unknown initial states', () => {
      expect(failureOf(() => journal.addRows('nope', makeRows(1))).error.code).toBe('not_found');
      const bad = [{ sourceRow: 2, cells: [], state: 'created' as 'valid' }];
      expect(failureOf(() => journal.addRows(job.id, bad)).error.code).toBe('invalid_input');
    });

    it('ingests a stream, committing every batch', async () => {
      function* rows() {
        yield* makeRows(23);
      }
      expect(await journal.addRowsAsync(job.id, rows(), { batchSize: 5 })).toBe(23);
      expect(journal.counts(job.id).valid).toBe(23);
    });
  });

  describe('counts', () => {
    it('lists every state and matches a GROUP BY after many random moves', () => {
      journal.addRows(job.id, makeRows(300));
      const other = makeJob(journal, 'other');
      journal.addRows(other.id, makeRows(40, 'draft'));
      const random = seededRandom(7);
      const paths: Array<[RowState, RowState]> = [
        ['valid', 'new'],
        ['valid', 'exists'],
        ['new', 'queued'],
        ['queued', 'cancelled'],
        ['exists', 'done'],
        ['valid', 'invalid'],
        ['invalid', 'valid'],
      ];
      for (let i = 0; i < 60; i++) {
        const [from, to] = paths[Math.floor(random() * paths.length)]!;
        journal.moveRows(job.id, from, to, { limit: 1 + Math.floor(random() * 20) });
      }
      const counts = journal.counts(job.id);
      expect(Object.keys(counts)).toEqual([...ROW_STATES]);
      expect(nonZero(counts)).toEqual(groupByCounts(job.id));
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(300);
      expect(nonZero(journal.counts(other.id))).toEqual({ draft: 40 });
      const all = journal.countsByJob();
      expect(all.get(other.id)).toEqual({ draft: 40 });
      expect(all.get(job.id)).toEqual(nonZero(counts));
    });
  });

  describe('the engine side', () => {
    it('takes due rows in fair order: due time, then import order, across states', () => {
      journal.addRows(job.id, makeRows(10));
      journal.moveRows(job.id, 'valid', 'queued', { limit: 6 });
      journal.moveRows(job.id, 'valid', 'new', { limit: 4 });
      const queued = journal.takeDue(job.id, ['queued'], clock.now(), 100);
      expect(queued.map((r) => r.sourceRow)).toEqual([2, 3, 4, 5, 6, 7]);
      // Row 2 and 3 are put off, row 4 less far.
      const [r2, r3, r4] = queued;
      journal.recordOutcomes([
        {
          rowId: r2!.id,
          from: 'queued',
          to: 'queued',
          patch: { nextAttemptAt: clock.now() + 5_000 },
        },
        {
          rowId: r3!.id,
          from: 'queued',
          to: 'queued',
          patch: { nextAttemptAt: clock.now() + 9_000 },
        },
        {
          rowId: r4!.id,
          from: 'queued',
          to: 'queued',
          patch: { nextAttemptAt: clock.now() + 1_000 },
        },
      ]);
      const now = clock.now();
      expect(journal.takeDue(job.id, ['queued'], now, 100).map((r) => r.sourceRow)).toEqual([
        5, 6, 7,
      ]);
      expect(journal.takeDue(job.id, ['queued', 'new'], now, 5).map((r) => r.sourceRow)).toEqual([
        5, 6, 7, 8, 9,
      ]);
      expect(journal.takeDue(job.id, ['queued'], now + 6_000, 100).map((r) => r.sourceRow)).toEqual(
        [5, 6, 7, 4, 2],
      );
      expect(journal.nextDueAt(job.id, ['queued'])).toBe(0); // rows 5-7 were due from the start
      expect(journal.nextDueAt(job.id, ['accepted'])).toBeNull();
      journal.moveRows(job.id, 'queued', 'skipped');
      expect(journal.takeDue(job.id, ['queued'], now + 100_000, 10)).toEqual([]);
    });

    it('writes the intent: only queued rows, one attempt more, sent time and a request event', async () => {
      journal.addRows(job.id, makeRows(4));
      journal.moveRows(job.id, 'valid', 'queued', { limit: 3 });
      const rows = journal.takeDue(job.id, ['queued', 'valid'], clock.now(), 10);
      await clock.advance(250);
      const at = clock.now();
      const marked = journal.markSending(ids(rows), at, { request: { method: 'POST' } });
      expect(marked).toEqual(ids(rows).slice(0, 3)); // the valid row is not queued
      const after = journal.getRows(marked);
      expect(after.map((r) => [r.state, r.attempts, r.sentAt])).toEqual([
        ['sending', 1, at],
        ['sending', 1, at],
        ['sending', 1, at],
      ]);
      expect(journal.rowEvents(marked[0]!).map((e) => [e.kind, e.detail])).toEqual([
        ['transition', { from: 'valid', to: 'queued' }],
        ['request', { method: 'POST', from: 'queued', to: 'sending', attempt: 1 }],
      ]);
      // Marking again changes nothing: the rows are no longer queued.
      expect(journal.markSending(marked, at + 1)).toEqual([]);
      expect(journal.counts(job.id).sending).toBe(3);
    });

    it('writes the intent of screening and validation requests in their own states', () => {
      journal.addRows(job.id, makeRows(2));
      const [a, b] = journal.pageRows(job.id).rows;
      journal.moveRows(job.id, 'valid', 'exists');
      journal.recordOutcomes([
        { rowId: a!.id, from: 'exists', to: 'screening_queued' },
        { rowId: b!.id, from: 'exists', to: 'validation_queued' },
      ]);
      expect(journal.markSending([a!.id, b!.id], clock.now(), { stage: 'screening' })).toEqual([
        a!.id,
      ]);
      expect(journal.markSending([a!.id, b!.id], clock.now(), { stage: 'validation' })).toEqual([
        b!.id,
      ]);
      expect(journal.getRows([a!.id, b!.id]).map((r) => r.state)).toEqual([
        'screening_sending',
        'validation_sending',
      ]);
      expect(ids(journal.rowsInDoubt(job.id))).toEqual([a!.id, b!.id]);
    });

    it('records outcomes with their answer and move, in one transaction', async () => {
      journal.addRows(job.id, makeRows(3));
      const sentAt = clock.now();
      journal.moveRows(job.id, 'valid', 'queued');
      const [a, b, c] = journal.markSending(
        ids(journal.takeDue(job.id, ['queued'], clock.now(), 3)),
        clock.now(),
      );
      await clock.advance(800);
      const result = journal.recordOutcomes([
        {
          rowId: a!,
          from: 'sending',
          to: 'accepted',
          patch: { creationUuid: 'u-1', errorCode: null },
          response: { status: 202, uuid: 'u-1' },
        },
        {
          rowId: b!,
          from: 'sending',
          to: 'rejected',
          patch: {
            errorCode: 'api_row_rejected',
            errorMessage: 'countryCode must be two letters',
            rejectionReason: 'invalid_request',
          },
          response: { status: 400 },
        },
        {
          rowId: c!,
          from: 'sending',
          to: 'queued',
          patch: { refundAttempt: true, nextAttemptAt: clock.now() + 10_000 },
          response: { status: 429 },
          reason: 'not_sent',
        },
        { rowId: a!, from: 'sending', to: 'in_doubt' }, // a moved already: stale
      ]);
      expect(result).toEqual({ applied: [a, b, c], stale: [a] });
      const [ra, rb, rc] = journal.getRows([a!, b!, c!]);
      expect(ra).toMatchObject({ state: 'accepted', creationUuid: 'u-1', attempts: 1 });
      expect(rb).toMatchObject({
        state: 'rejected',
        errorCode: 'api_row_rejected',
        errorMessage: 'countryCode must be two letters',
        rejectionReason: 'invalid_request',
      });
      expect(rc).toMatchObject({
        state: 'queued',
        attempts: 0,
        nextAttemptAt: clock.now() + 10_000,
      });
      expect(journal.rowEvents(c!).map((e) => [e.kind, e.at, e.detail])).toEqual([
        ['transition', sentAt, { from: 'valid', to: 'queued' }],
        ['request', sentAt, expect.objectContaining({ to: 'sending' })],
        // The answer and the move it made: one event.
        [
          'response',
          clock.now(),
          { status: 429, from: 'sending', to: 'queued', reasonCode: 'not_sent' },
        ],
      ]);
      expect(journal.rowEvents(b!).at(-1)?.detail).toEqual({
        status: 400,
        from: 'sending',
        to: 'rejected',
        errorCode: 'api_row_rejected',
      });
    });

    it('writes nothing when a batch holds an illegal transition', () => {
      journal.addRows(job.id, makeRows(2));
      const [a, b] = ids(journal.pageRows(job.id).rows);
      const failure = failureOf(() =>
        journal.recordOutcomes([
          { rowId: a!, from: 'valid', to: 'new' },
          { rowId: b!, from: 'valid', to: 'created' },
        ]),
      );
      expect(failure.error.code).toBe('internal');
      expect(journal.getRows([a!, b!]).map((r) => r.state)).toEqual(['valid', 'valid']);
      expect(failureOf(() => journal.moveRows(job.id, 'queued', 'created')).error.code).toBe(
        'internal',
      );
    });

    it('patches without moving (no transition event) and clears fields with null', () => {
      journal.addRows(job.id, makeRows(1));
      const [id] = ids(journal.pageRows(job.id).rows);
      journal.recordOutcome({
        rowId: id!,
        from: 'valid',
        to: 'exists',
        patch: { platformId: '77' },
      });
      journal.recordOutcome({
        rowId: id!,
        from: 'exists',
        to: 'exists',
        patch: { screeningIds: [5, 6], errorCode: 'x', errorMessage: 'y', attempts: 4 },
      });
      expect(journal.getRow(id!)).toMatchObject({
        state: 'exists',
        platformId: '77',
        screeningIds: [5, 6],
        errorCode: 'x',
        attempts: 4,
      });
      journal.recordOutcome({
        rowId: id!,
        from: 'exists',
        to: 'exists',
        patch: { screeningIds: null, errorCode: null },
      });
      expect(journal.getRow(id!)).toMatchObject({
        screeningIds: null,
        errorCode: null,
        errorMessage: 'y',
      });
      expect(journal.rowEvents(id!).map((e) => e.kind)).toEqual(['transition']);
    });

    it('moves rows in bounded batches, in source order, with an event each', () => {
      journal.addRows(job.id, makeRows(12));
      expect(journal.moveRows(job.id, 'valid', 'queued', { limit: 5, nextAttemptAt: 42 })).toBe(5);
      const queued = journal.pageRows(job.id, { states: ['queued'] }).rows;
      expect(queued.map((r) => [r.sourceRow, r.nextAttemptAt])).toEqual([
        [2, 42],
        [3, 42],
        [4, 42],
        [5, 42],
        [6, 42],
      ]);
      expect(journal.moveRows(job.id, 'valid', 'queued', { limit: 5 })).toBe(5);
      expect(journal.moveRows(job.id, 'valid', 'queued', { limit: 5 })).toBe(2);
      expect(journal.moveRows(job.id, 'valid', 'queued', { limit: 5 })).toBe(0);
      expect(journal.jobEvents(job.id, { limit: 1_000 })).toHaveLength(12);
    });

    it('moves rows in flight in bulk only into doubt', () => {
      journal.addRows(job.id, makeRows(3));
      journal.moveRows(job.id, 'valid', 'queued');
      journal.markSending(ids(journal.takeDue(job.id, ['queued'], clock.now(), 3)), clock.now());
      expect(failureOf(() => journal.moveRows(job.id, 'sending', 'queued')).error.code).toBe(
        'internal',
      );
      expect(journal.counts(job.id).sending).toBe(3);
      expect(journal.pageRows(job.id, { states: ['sending'] }).rows).toHaveLength(3);
      const settleUntil = clock.now() + 30_000;
      expect(journal.moveRows(job.id, 'sending', 'in_doubt', { nextAttemptAt: settleUntil })).toBe(
        3,
      );
      expect(journal.takeDue(job.id, ['in_doubt'], clock.now(), 10)).toEqual([]);
      expect(journal.takeDue(job.id, ['in_doubt'], settleUntil, 10)).toHaveLength(3);
    });

    it('cancels only rows nothing was sent for', () => {
      journal.addRows(job.id, makeRows(10));
      journal.moveRows(job.id, 'valid', 'queued', { limit: 6 });
      const sent = journal.markSending(
        ids(journal.takeDue(job.id, ['queued'], clock.now(), 2)),
        clock.now(),
      );
      journal.recordOutcome({ rowId: sent[0]!, from: 'sending', to: 'accepted' });
      journal.moveRows(job.id, 'valid', 'invalid', { limit: 1 });
      let total = 0;
      for (let n; (n = journal.cancelUnsentRows(job.id, { limit: 3 })) > 0;) total += n;
      expect(total).toBe(7); // 4 queued + 3 valid
      expect(nonZero(journal.counts(job.id))).toEqual({
        cancelled: 7,
        accepted: 1,
        sending: 1,
        invalid: 1,
      });
    });

    it('finds rows in doubt across jobs at start-up', () => {
      const other = makeJob(journal, 'other');
      journal.addRows(job.id, makeRows(3));
      journal.addRows(other.id, makeRows(3));
      for (const j of [job, other]) {
        journal.moveRows(j.id, 'valid', 'queued');
        journal.markSending(ids(journal.takeDue(j.id, ['queued'], clock.now(), 2)), clock.now());
      }
      expect(journal.rowsInDoubt().map((r) => [r.jobId, r.state])).toEqual([
        [job.id, 'sending'],
        [job.id, 'sending'],
        [other.id, 'sending'],
        [other.id, 'sending'],
      ]);
      expect(journal.rowsInDoubt(other.id)).toHaveLength(2);
      expect(journal.rowsInDoubt(undefined, 3)).toHaveLength(3);
    });

    it('finds the rows of an identity', () => {
      journal.addRows(job.id, makeRows(5));
      const found = journal.findByIdentity(job.id, 'S-000004\u001f');
      expect(found.map((r) => r.sourceRow)).toEqual([4]);
      expect(journal.findByIdentity(job.id, 'none')).toEqual([]);
    });
  });

  describe('the UI side', () => {
    it('pages through every row exactly once with a keyset cursor', () => {
      journal.addRows(job.id, makeRows(50));
      const seen: number[] = [];
      let after: number | undefined;
      let pages = 0;
      do {
        const page = journal.pageRows(job.id, {
          limit: 7,
          ...(after === undefined ? {} : { after }),
        });
        seen.push(...page.rows.map((r) => r.sourceRow));
        after = page.nextCursor ?? undefined;
        pages++;
      } while (after !== undefined);
      expect(seen).toEqual(makeRows(50).map((r) => r.sourceRow));
      expect(pages).toBe(8);
    });

    it('filters by states and by problems, in source order', () => {
      journal.addRows(job.id, makeRows(20));
      journal.moveRows(job.id, 'valid', 'invalid', { limit: 3 }); // rows 2-4
      journal.moveRows(job.id, 'valid', 'ambiguous', { limit: 2 }); // rows 5-6
      journal.moveRows(job.id, 'valid', 'new', { limit: 4 }); // rows 7-10
      const problems = journal.pageRows(job.id, { problemsOnly: true, limit: 4 });
      expect(problems.rows.map((r) => r.sourceRow)).toEqual([2, 3, 4, 5]);
      const rest = journal.pageRows(job.id, { problemsOnly: true, after: problems.nextCursor! });
      expect(rest.rows.map((r) => r.sourceRow)).toEqual([6]);
      expect(rest.nextCursor).toBeNull();
      const some = journal.pageRows(job.id, { states: ['new', 'ambiguous'] });
      expect(some.rows.map((r) => r.sourceRow)).toEqual([5, 6, 7, 8, 9, 10]);
    });

    it('searches text window by window until the end of the job', () => {
      journal.addRows(job.id, makeRows(12_000));
      const needle = journal.pageRows(job.id, { text: 's-011500' });
      const found: number[] = [...needle.rows.map((r) => r.sourceRow)];
      let cursor = needle.nextCursor;
      let calls = 1;
      while (cursor !== null) {
        const page = journal.pageRows(job.id, { text: 'S-011500', after: cursor });
        found.push(...page.rows.map((r) => r.sourceRow));
        cursor = page.nextCursor;
        calls++;
      }
      expect(found).toEqual([11_500]);
      expect(calls).toBe(3); // 12,000 rows in windows of 5,000
      const many = journal.pageRows(job.id, { text: 'supplier 1', limit: 10 });
      expect(many.rows.map((r) => r.sourceRow)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
      expect(many.nextCursor).toBe(19);
    });

    it('treats search wildcards literally and filters by error code', () => {
      journal.addRows(job.id, [
        { sourceRow: 2, cells: ['100% steel', 'DE', '1'] },
        { sourceRow: 3, cells: ['Steel_works', 'DE', '2'] },
        { sourceRow: 4, cells: ['Steelworks', 'DE', '3'], state: 'valid' },
      ]);
      expect(journal.pageRows(job.id, { text: '%' }).rows.map((r) => r.sourceRow)).toEqual([2]);
      expect(journal.pageRows(job.id, { text: 'l_w' }).rows.map((r) => r.sourceRow)).toEqual([3]);
      const [row] = journal.pageRows(job.id, { states: ['valid'] }).rows;
      journal.recordOutcome({
        rowId: row!.id,
        from: 'valid',
        to: 'queued',
      });
      journal.recordOutcome({
        rowId: row!.id,
        from: 'queued',
        to: 'queued',
        patch: { errorCode: 'api_offline', errorMessage: 'The API cannot be reached.' },
      });
      const byCode = journal.pageRows(job.id, { errorCode: 'api_offline' });
      expect(byCode.rows.map((r) => r.sourceRow)).toEqual([4]);
      expect(byCode.nextCursor).toBeNull();
      expect(journal.pageRows(job.id, { text: 'cannot be reached' }).rows).toHaveLength(1);
    });

    it('keeps the original cells when the user fixes a row', async () => {
      journal.addRows(job.id, [
        {
          sourceRow: 2,
          cells: ['Acme', 'Germany', '0042'],
          state: 'invalid',
          problems: [
            { field: 'countryCode', message: 'countryCode must be a two-letter ISO code' },
          ],
        },
      ]);
      const [row] = journal.pageRows(job.id).rows;
      await clock.advance(1_000);
      journal.applyUserFix(row!.id, {
        edits: { countryCode: 'DE' },
        payload: { name: 'Acme', countryCode: 'DE', supplierId: { id: '0042' } },
        identityKey: '0042\u001f',
        state: 'valid',
      });
      const fixed = journal.applyUserFix(row!.id, {
        edits: { name: 'Acme GmbH' },
        payload: { name: 'Acme GmbH', countryCode: 'DE', supplierId: { id: '0042' } },
        identityKey: '0042\u001f',
        state: 'valid',
        problems: null,
      });
      expect(fixed).toMatchObject({
        cells: ['Acme', 'Germany', '0042'],
        userEdits: { countryCode: 'DE', name: 'Acme GmbH' },
        payload: { name: 'Acme GmbH', countryCode: 'DE', supplierId: { id: '0042' } },
        identityKey: '0042\u001f',
        state: 'valid',
        problems: null,
        updatedAt: clock.now(),
      });
      expect(journal.rowEvents(row!.id).map((e) => e.detail)).toEqual([
        { userFix: { countryCode: 'DE' }, from: 'invalid', to: 'valid' },
        { userFix: { name: 'Acme GmbH' }, from: 'valid', to: 'valid' },
      ]);
      expect(nonZero(journal.counts(job.id))).toEqual({ valid: 1 });
    });

    it('refuses to edit a row that is already on the platform', () => {
      journal.addRows(job.id, makeRows(1));
      const [row] = journal.pageRows(job.id).rows;
      journal.recordOutcome({ rowId: row!.id, from: 'valid', to: 'exists' });
      journal.recordOutcome({ rowId: row!.id, from: 'exists', to: 'done' });
      const failure = failureOf(() =>
        journal.applyUserFix(row!.id, {
          edits: { name: 'x' },
          payload: {},
          identityKey: null,
          state: 'valid',
        }),
      );
      expect(failure.error.code).toBe('invalid_input');
      expect(journal.getRow(row!.id)?.userEdits).toBeNull();
      expect(
        failureOf(() =>
          journal.applyUserFix(999, { edits: {}, payload: {}, identityKey: null, state: 'valid' }),
        ).error.code,
      ).toBe('not_found');
    });
  });

  describe('the event log', () => {
    it('pages a row history and the job log', () => {
      journal.addRows(job.id, makeRows(2));
      const [a] = ids(journal.pageRows(job.id).rows);
      journal.appendEvents([
        { jobId: job.id, rowId: a!, kind: 'note', detail: { n: 1 } },
        { jobId: job.id, rowId: a!, kind: 'response', detail: { n: 2 } },
        { jobId: job.id, rowId: null, kind: 'note', detail: { job: 'paused' } },
        { jobId: job.id, rowId: a!, kind: 'note', detail: { n: 3 }, at: 5 },
      ]);
      const firstTwo = journal.rowEvents(a!, { limit: 2 });
      expect(firstTwo.map((e) => e.detail)).toEqual([{ n: 1 }, { n: 2 }]);
      const rest = journal.rowEvents(a!, { afterId: firstTwo[1]!.id });
      expect(rest.map((e) => [e.detail, e.at])).toEqual([[{ n: 3 }, 5]]);
      expect(journal.jobEvents(job.id).map((e) => e.rowId)).toEqual([a, a, null, a]);
    });

    it('is append-only: no API changes an event, and the database refuses it', () => {
      const api = Object.getOwnPropertyNames(Journal.prototype);
      expect(api.filter((name) => /event/i.test(name)).sort()).toEqual([
        'appendEvents',
        'jobEvents',
        'rowEvents',
      ]);
      journal.addRows(job.id, makeRows(1));
      journal.moveRows(job.id, 'valid', 'queued');
      raw((db) => {
        expect(() => db.prepare(`UPDATE row_events SET detail = '{}'`).run()).toThrow(
          /append-only/,
        );
        expect(() => db.prepare('DELETE FROM row_events').run()).toThrow(/append-only/);
        expect(db.prepare('SELECT count(*) AS n FROM row_events').get()).toEqual({ n: 1 });
      });
    });
  });

  describe('templates, settings and the send log', () => {
    it('saves mapping templates by name and finds them by header set', async () => {
      const signature = headerSignature([' Name', 'Country ', 'ID']);
      expect(signature).toBe(headerSignature(['id', 'country', 'name']));
      journal.saveTemplate({ name: 'ERP export', headerSignature: signature, mapping: { a: 1 } });
      await clock.advance(10);
      journal.saveTemplate({ name: 'Other', headerSignature: 'x', mapping: { b: 1 } });
      await clock.advance(10);
      const updated = journal.saveTemplate({
        name: 'ERP export',
        headerSignature: signature,
        mapping: { a: 2 },
      });
      expect(updated.mapping).toEqual({ a: 2 });
      expect(updated.updatedAt).toBe(clock.now());
      expect(journal.templatesFor(signature).map((t) => [t.name, t.mapping])).toEqual([
        ['ERP export', { a: 2 }],
      ]);
      expect(journal.listTemplates().map((t) => t.name)).toEqual(['ERP export', 'Other']);
      expect(journal.deleteTemplate('Other')).toBe(true);
      expect(journal.deleteTemplate('Other')).toBe(false);
      expect(journal.templatesFor('x')).toEqual([]);
    });

    it('stores settings as JSON values', () => {
      expect(journal.getSetting('locale')).toBeUndefined();
      journal.setSetting('locale', 'de-DE');
      journal.setSetting('limits', { WRITE: [{ limit: 200, windowMs: 60_000 }] });
      journal.setSetting('locale', 'fr-FR');
      expect(journal.getSetting('locale')).toBe('fr-FR');
      expect(journal.getSetting('limits')).toEqual({ WRITE: [{ limit: 200, windowMs: 60_000 }] });
      journal.setSetting('off', false);
      expect(journal.getSetting('off')).toBe(false);
      expect(failureOf(() => journal.setSetting('nothing', null)).error.code).toBe('invalid_input');
      journal.deleteSetting('locale');
      expect(journal.getSetting('locale')).toBeUndefined();
      expect(failureOf(() => journal.setSetting('x', undefined)).error.code).toBe('invalid_input');
    });

    it('keeps the limiter send log per connection and group, across a reopen', () => {
      const store: LimiterSendLogStore = journal.sendLog;
      store.append('c1', 'WRITE', 1_000);
      store.append('c1', 'WRITE', 3_000);
      store.append('c1', 'WRITE', 2_000);
      store.append('c1', 'GET', 2_500);
      store.append('c2', 'WRITE', 2_600);
      expect(store.load('c1', 'WRITE', 0)).toEqual([1_000, 2_000, 3_000]);
      expect(store.load('c1', 'WRITE', 2_000)).toEqual([2_000, 3_000]);
      store.prune(2_550);
      journal.close();
      ({ journal } = openTemp(dir, clock));
      expect(journal.sendLog.load('c1', 'WRITE', 0)).toEqual([3_000]);
      expect(journal.sendLog.load('c1', 'GET', 0)).toEqual([]);
      expect(journal.sendLog.load('c2', 'WRITE', 0)).toEqual([2_600]);
    });
  });

  it('keeps everything after a close and reopen', () => {
    journal.addRows(job.id, makeRows(5));
    journal.close();
    ({ journal } = openTemp(dir, clock));
    expect(journal.getJob(job.id)?.name).toBe('suppliers');
    expect(journal.counts(job.id).valid).toBe(5);
    expect(path.basename(journal.path)).toBe('journal.sqlite');
  });
});
