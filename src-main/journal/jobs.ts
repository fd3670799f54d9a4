// Jobs: one supplier list on its way to one connection. drizzle (see docs/architecture.md).
import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { fail, failWith } from '../../src-shared/errors';
import { getConnection } from './connections';
import { countJobEvents, insertEvent } from './events';
import { pick, rowWhere, type ReadHandle, type WriteHandle } from './handle';
import { leaseKey } from './leases';
import type { JobState } from './rowStates';
import { jobRowCounts, jobs, rows, type JobOptions } from './schema';
import { deleteSetting } from './settings';

export type Job = typeof jobs.$inferSelect;
export type NewJob = {
  name: string;
  connectionId: string;
  sourcePath: string;
  sourceHash: string;
  sourceSheet?: string | null;
  headerRow: number;
  headers: string[];
  mapping: Record<string, unknown>;
  options: JobOptions;
};

export function createJob(h: WriteHandle, input: NewJob): Job {
  if (!getConnection(h, input.connectionId)) {
    failWith('not_found', { reason: 'chosen_connection', connectionId: input.connectionId });
  }
  const now = h.clock.now();
  const job: Job = {
    id: randomUUID(),
    name: input.name,
    connectionId: input.connectionId,
    sourcePath: input.sourcePath,
    sourceHash: input.sourceHash,
    sourceSheet: input.sourceSheet ?? null,
    headerRow: input.headerRow,
    headers: input.headers,
    mapping: input.mapping,
    options: input.options,
    state: 'ready',
    stateReason: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  };
  h.db.insert(jobs).values(job).run();
  return job;
}

export function getJob(h: ReadHandle, id: string): Job | null {
  return rowWhere(h, jobs, jobs.id, id) ?? null;
}

export function requireJob(h: ReadHandle, id: string): Job {
  return getJob(h, id) ?? fail('not_found', undefined, { jobId: id });
}

/** Newest first. */
export function listJobs(h: ReadHandle): Job[] {
  const q = h.once('jobs.list', () =>
    h.db.select().from(jobs).orderBy(desc(jobs.createdAt), desc(jobs.id)).prepare(),
  );
  return q.all();
}

/** Changes what the user may still change about a job: its name, mapping and options. */
export function updateJob(
  h: WriteHandle,
  id: string,
  patch: Partial<Pick<Job, 'name' | 'mapping' | 'options'>>,
): Job {
  const next: Job = { ...requireJob(h, id), ...patch, updatedAt: h.clock.now() };
  const set = pick(next, ['name', 'mapping', 'options', 'updatedAt']);
  h.db.update(jobs).set(set).where(eq(jobs.id, id)).run();
  return next;
}

/** Sets the job's state; `reason` ({code, message}) says why it paused or needs attention. */
export function setJobState(
  h: WriteHandle,
  id: string,
  state: JobState,
  reason: { code: string; params?: Record<string, string | number>; message: string } | null = null,
): Job {
  const job = requireJob(h, id);
  const now = h.clock.now();
  const ended = state === 'finished' || state === 'cancelled';
  const next: Job = {
    ...job,
    state,
    stateReason: reason,
    updatedAt: now,
    finishedAt: ended ? (job.finishedAt ?? now) : null,
  };
  const set = pick(next, ['state', 'stateReason', 'updatedAt', 'finishedAt']);
  h.db.update(jobs).set(set).where(eq(jobs.id, id)).run();
  return next;
}

/** Moves the job to another connection, with a job note saying from where to where. */
export function setJobConnection(
  h: WriteHandle,
  jobId: string,
  connectionId: string,
  note: Record<string, unknown>,
): Job {
  const job = requireJob(h, jobId);
  if (!getConnection(h, connectionId)) fail('not_found', undefined, { connectionId });
  const now = h.clock.now();
  h.sqlite
    .transaction(() => {
      h.db.update(jobs).set({ connectionId, updatedAt: now }).where(eq(jobs.id, jobId)).run();
      insertEvent(h, jobId, null, now, 'note', {
        connection: { from: job.connectionId, to: connectionId, ...note },
      });
    })
    .immediate();
  return { ...job, connectionId, updatedAt: now };
}

/** Deletes the job with its rows, their events and its counters, in one transaction (the
 *  event log's append-only trigger allows a delete once its job is gone). */
export function deleteJob(h: WriteHandle, jobId: string): { rows: number; events: number } {
  return h.sqlite
    .transaction(() => {
      const rowCount =
        h.db.select({ n: count() }).from(rows).where(eq(rows.jobId, jobId)).get()?.n ?? 0;
      const counted = { rows: rowCount, events: countJobEvents(h, jobId) };
      if (h.db.delete(jobs).where(eq(jobs.id, jobId)).run().changes === 0) {
        fail('not_found', undefined, { jobId });
      }
      // The cascade removed rows and events; counters and the lease are the job's too.
      h.db.delete(jobRowCounts).where(eq(jobRowCounts.jobId, jobId)).run();
      deleteSetting(h, leaseKey(`job:${jobId}`));
      return counted;
    })
    .immediate();
}
