// The jobs made from a file with the same content as a chosen one. Every job keeps the sha-256 of
// its file's bytes from the moment it is made (`jobs.source_hash`, written by the journal's
// createJob with the hash the import read), so a list chosen again, under any name and in any
// folder, is recognised on the Import screen before a second job of it is made. Jobs the user
// deleted are gone from the journal and are not named.
import type { PreviewView } from '../../../src-shared/contract';
import { kindOf } from '../../kinds';
import type { Journal } from '../../journal/journal';

export type SameFileJob = NonNullable<PreviewView['sameFileJobs']>[number];

/** The most jobs a preview names; the screen names the newest and counts the others. */
export const SAME_FILE_JOBS_MAX = 20;

/** The jobs whose file had these bytes (`hash`: the file's sha-256), newest first. */
export function jobsOfSameFile(journal: Pick<Journal, 'listJobs'>, hash: string): SameFileJob[] {
  const wanted = hash.toLowerCase();
  return journal
    .listJobs()
    .filter((job) => job.sourceHash.toLowerCase() === wanted)
    .slice(0, SAME_FILE_JOBS_MAX)
    .map((job) => ({
      jobId: job.id,
      name: job.name,
      operation: kindOf(job.options).name,
      state: job.state,
      createdAt: job.createdAt,
      finishedAt: job.finishedAt ?? null,
    }));
}
