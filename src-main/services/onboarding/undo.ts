// Undoing an onboarding job: a deactivate job whose rows are exactly the suppliers that job
// created (`created_by_job`), never one that existed before it. It goes through the same check,
// confirmation by number, journal and throttle as any deactivate job.
import { failWith } from '../../../src-shared/errors';
import { word } from '../../../src-shared/i18n';
import { kindOf } from '../../kinds';
import type { RowState } from '../../../src-shared/rowStates';
import type { NewRow } from '../../journal/journal';
import { isBusy, type Ctx } from './context';
import { createJobOfRows, platformIdRow } from './jobOfRows';

/** Creations that may still make a supplier: the undo waits until every one is answered. */
const CREATING: readonly RowState[] = ['queued', 'sending', 'in_doubt', 'accepted', 'pending'];

export function createUndoJob(
  ctx: Ctx,
  input: { jobId: string; name?: string | undefined; lang?: 'en' | 'de' | undefined },
): { jobId: string; rows: number } {
  const { journal } = ctx;
  const job =
    journal.getJob(input.jobId) ?? failWith('not_found', { reason: 'job', jobId: input.jobId });
  // The kind of job that undoes this one's (a deactivation), if its kind has one.
  const undoneBy =
    kindOf(job.options).traits.undoneBy ??
    failWith('undo_refused', { reason: 'kind', name: job.name });
  if (isBusy(ctx, job.id)) failWith('job_running', { reason: 'undo', name: job.name });
  const counts = journal.counts(job.id);
  const unsettled = CREATING.reduce((n, s) => n + (counts[s] ?? 0), 0);
  if (unsettled > 0)
    failWith('undo_refused', { reason: 'unsettled', name: job.name, rows: unsettled });

  const rows: NewRow[] = [];
  for (const row of journal.eachRow(job.id)) {
    // Only the suppliers this job's own creates made; a supplier found existing is left alone.
    if (!row.createdByJob || !row.platformId) continue;
    rows.push(platformIdRow(row.sourceRow, row.cells, row.platformId));
  }
  const lang = input.lang ?? job.options.lang ?? 'en';
  return createJobOfRows(
    ctx,
    {
      name: input.name?.trim() || word(lang, 'kind.undoName', { name: job.name }),
      connectionId: job.connectionId,
      sourcePath: job.sourcePath,
      sourceHash: job.sourceHash,
      sourceSheet: job.sourceSheet,
      headerRow: job.headerRow,
      headers: job.headers,
      // The rows name their supplier by platform id alone: nothing to map from the file.
      operation: undoneBy,
      options: { undoOf: job.id, lang },
    },
    rows,
  );
}
