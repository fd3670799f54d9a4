// The figures of a job on existing suppliers (deactivate, identifiers): what its check sorted
// the rows into, and what each row's own change came to. Computed from the job's live counts and
// its rows' own outcomes (JobView.opResults), so they stay true once the run moves rows on: a row
// the check found to change still counts there after its change was sent.
import type { JobView } from '../../src-shared/contract';
import { ownWriteOf } from '../../src-shared/kindWrites';
import { kindTraits, OP_RESULTS, type OpResult } from '../../src-shared/operations';

export type CheckFigure = 'toChange' | 'already' | 'onOther' | 'ambiguous' | 'notFound';

type Job = Pick<JobView, 'options' | 'counts' | 'opResults'>;

/** The check's figures, in the order shown; undefined for the other kinds. */
export function kindCheckFigures(job: Job): Array<{ key: CheckFigure; n: number }> | undefined {
  const traits = kindTraits(job.options.operation);
  if (!traits.namesSupplier) return undefined;
  const c = (k: string) => job.counts[k] ?? 0;
  const r = (k: OpResult) => job.opResults[k] ?? 0;
  // Matched and waiting, or sent since: the check found them to change.
  const toChange = c('exists') + kindSentRows(job);
  if (!traits.changesIdentifier)
    return [
      { key: 'toChange', n: toChange },
      { key: 'ambiguous', n: c('ambiguous') },
      { key: 'notFound', n: r('not_found') },
    ];
  return [
    { key: 'toChange', n: toChange },
    { key: 'already', n: r('already_present') + r('not_present') },
    { key: 'onOther', n: r('on_other_supplier') },
    { key: 'ambiguous', n: c('ambiguous') },
    { key: 'notFound', n: r('not_found') },
  ];
}

/** What the rows' own changes came to, in the catalogue's order, leaving out the empty ones. */
export function kindOutcomes(job: Job): Array<{ key: OpResult; n: number }> {
  return OP_RESULTS.map((key) => ({ key, n: job.opResults[key] ?? 0 })).filter((o) => o.n > 0);
}

/** Rows whose change was sent (or is being sent): the job has started, whatever its check
 *  settled at once. */
export function kindSentRows(job: Job): number {
  const operation = job.options.operation;
  if (!kindTraits(operation).namesSupplier) return 0;
  const c = (k: string) => job.counts[k] ?? 0;
  const r = (k: OpResult) => job.opResults[k] ?? 0;
  // A change on its way: in the states the kind's own write declares (src-shared/kindWrites.ts).
  const own = operation ? ownWriteOf(operation) : undefined;
  const onItsWay = own ? c(own.queued) + c(own.sending) + c(own.inDoubt) : 0;
  return onItsWay + r('deactivated') + r('already_inactive') + r('added') + r('removed');
}
