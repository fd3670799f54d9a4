// A job whose rows the app lays out itself instead of reading them from a sheet: an undo, and a
// kind's job made from what the user chose on a screen or corrected in a results file (its
// front-door parts, kinds/<kind>/front/). Made with its rows at once and announced to the job list.
import type { NewJob, NewRow } from '../../journal/journal';
import type { Ctx } from './context';

export function createJobOfRows(
  ctx: Ctx,
  job: NewJob,
  rows: readonly NewRow[],
): { jobId: string; rows: number } {
  const made = ctx.journal.createJob(job);
  ctx.journal.addRows(made.id, rows);
  ctx.onJobChanged?.(made.id);
  return { jobId: made.id, rows: rows.length };
}
