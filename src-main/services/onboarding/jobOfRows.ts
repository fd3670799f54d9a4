// A job whose rows the app lays out itself instead of reading them from a sheet: an undo, and a
// kind's job made from what the user chose on a screen or corrected in a results file (its
// front-door parts, kinds/<kind>/front/). Made with its rows at once and announced to the job list.
import type { Operation } from '../../../src-shared/operations';
import type { JobOptions, NewJob, NewRow } from '../../journal/journal';
import type { Ctx } from './context';

/** The job's own parts: its name, connection and source; its kind, the columns mapped from its
 *  rows' cells (none when each row carries its payload), and the kind's own options. */
export type JobOfRows = Omit<NewJob, 'mapping' | 'options'> & {
  operation: Operation;
  fields?: { field: string; column: number }[];
  options: Omit<JobOptions, 'skipExisting' | 'screeningPeriod' | 'validate' | 'operation'>;
};

/** Makes a job of `job.operation` with `rows`: no paid work ordered (no screening, no
 *  validation) and no supplier skipped, the kind's own options besides. */
export function createJobOfRows(
  ctx: Ctx,
  job: JobOfRows,
  rows: readonly NewRow[],
): { jobId: string; rows: number } {
  const { operation, fields = [], options, ...made } = job;
  const stored = ctx.journal.createJob({
    ...made,
    mapping: { fields, operation },
    options: { skipExisting: false, screeningPeriod: null, validate: false, operation, ...options },
  });
  ctx.journal.addRows(stored.id, rows);
  ctx.onJobChanged?.(stored.id);
  return { jobId: stored.id, rows: rows.length };
}

/** A row that names its supplier by platform ID alone (an undo's, an audit's choice). */
export function platformIdRow(sourceRow: number, cells: string[], platformId: string): NewRow {
  return {
    sourceRow,
    cells,
    payload: { platformId },
    identityKey: JSON.stringify({ platformId }),
    state: 'valid',
  };
}
