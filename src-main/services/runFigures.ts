// A job's figures as its kind computes them, for the screens to draw (issue 40): what the check
// sorted the rows into, what the rows' own changes came to, the rows not checked yet, and
// whether a start has sent anything. Sent in the job view and in every progress event, so the
// Run screen, the Check card and the Results screen compute none of their own.
import type { Figure, RunFiguresView } from '../../src-shared/contract';
import { OP_RESULTS, type Operation } from '../../src-shared/operations';
import type { RowCounts } from '../engine/kindFigures';
import type { Journal } from '../journal/journal';
import { kindOf } from '../kinds';

interface FiguredJob {
  id: string;
  state: string;
  options: { operation?: Operation | undefined };
}

export function runFiguresOf(
  journal: Pick<Journal, 'duplicateFigures'>,
  job: FiguredJob,
  counts: RowCounts,
  opResults: RowCounts,
): RunFiguresView {
  const kind = kindOf(job.options);
  const check = kind.checkFigures(counts, opResults);
  const sent = kind.sentRows(counts, opResults);
  return {
    check,
    outcomes: outcomeFigures(opResults),
    unchecked: counts.valid ?? 0,
    checked: check.reduce((a, f) => a + f.count, 0),
    started:
      job.state === 'finished' ||
      job.state === 'cancelled' ||
      sent > (counts.skipped ?? 0) ||
      sent > leftOut(journal, job.id, counts),
  };
}

/** Rows the user left out as likely duplicates are skipped before any start: not a sign the job
 *  started. Read only when skipped rows are all a start could be seen by. */
function leftOut(journal: Pick<Journal, 'duplicateFigures'>, jobId: string, counts: RowCounts) {
  const skipped = counts.skipped ?? 0;
  return skipped > 0 ? Math.min(skipped, journal.duplicateFigures(jobId).skip) : 0;
}

/** What the rows' own changes came to, in the catalogue's order, leaving out the empty ones. */
function outcomeFigures(opResults: RowCounts): Figure[] {
  return OP_RESULTS.map((name) => ({ name, count: opResults[name] ?? 0 })).filter(
    (f) => f.count > 0,
  );
}

/** A check's figures as a job's kind sorts them, from the figures its note kept (the counts
 *  and the own outcomes under their names); none for a kind whose check shows row states. */
export function checkNoteFigures(
  options: { operation?: Operation | undefined },
  noted: RowCounts,
): Figure[] | undefined {
  const kind = kindOf(options);
  return kind.opResults ? kind.checkFigures(noted, noted) : undefined;
}
