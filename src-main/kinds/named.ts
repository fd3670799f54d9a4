// What the kinds acting on suppliers a row names (deactivate, identifiers) share: the check by
// the identifiers each row names, a write per matched row, each row's own outcome kept, and the
// plan lines of what is left unchecked or ambiguous.
import type { JobPlanView } from '../../src-shared/contract';
import { JobRunner } from '../engine/jobRunner';
import { changeFigures, sumOf, type KindFigures } from '../engine/kindFigures';
import type { KindWriteStage } from '../engine/ownWrite';
import type { RowKind } from '../engine/rowKind';
import type { JobKind, Said } from './types';

/** Such a kind's figures: `lookups` per row for its check, one write per row a start may still
 *  send (unchecked rows counted as matched: an upper bound until the check has run). */
export function namedFigures(lookups: number, write: KindWriteStage): KindFigures {
  const { queued, sending, inDoubt } = write.states;
  return changeFigures(lookups, ['valid', 'exists', queued, sending, inDoubt]);
}

/** The row runner of such a kind: a matched row goes to its own write's queue, and the write
 *  (ownWrite.ts) sends it and settles it when its answer is lost. `check`: the kind's own step
 *  of the check once a row's supplier matched, and the reason a row not found says. */
export function namedRunner(
  figures: KindFigures,
  write: KindWriteStage,
  check: Pick<RowKind, 'named' | 'notFound' | 'goneMeans'> = {},
): JobKind['runner'] {
  const kind: RowKind = {
    figures,
    check: 'named',
    ...check,
    matchedTo: write.states.queued as NonNullable<RowKind['matchedTo']>,
    opResults: true,
    write,
  };
  return (deps) => new JobRunner(deps, kind);
}

/** The plan's lines: the kind's own (`first`), then the rows not checked yet and those naming
 *  several suppliers. */
export function namedPlanSaid(first: Said[], plan: JobPlanView): Said[] {
  const out = [...first];
  if (plan.rows.unchecked > 0) out.push({ key: 'cli.plan.unchecked', count: plan.rows.unchecked });
  if (plan.rows.ambiguous > 0)
    out.push({ key: 'cli.plan.ambiguousNamed', count: plan.rows.ambiguous });
  return out;
}

/** The import's options a kind that changes existing suppliers refuses: it creates nothing and
 *  orders nothing (no screening, validation, existing suppliers to skip, duplicates to decide). */
export const CREATING_FLAGS = [
  'screening',
  'validate',
  'skip-existing',
  'include-existing',
  'duplicates',
] as const;

/** The figures the screens draw of such a kind (services/runFigures.ts). `sentRows`: the rows
 *  a start has sent or is sending, on their way in its own write's states or with an own
 *  outcome of the write (`sentResults`: deactivated, added, …). `checkFigures`: rows matched and
 *  waiting, or sent since (the check found them to change: they still count there after their
 *  change was sent), then its own (`own`, each from the rows' own outcomes), the rows naming
 *  several suppliers and those naming none. */
export function namedShapes(
  write: KindWriteStage,
  sentResults: readonly string[],
  own: readonly (readonly [name: string, results: readonly string[]])[],
): Pick<JobKind, 'checkFigures' | 'sentRows'> {
  const { queued, sending, inDoubt } = write.states;
  const sentRows: JobKind['sentRows'] = (counts, opResults) =>
    sumOf(counts, [queued, sending, inDoubt]) + sumOf(opResults, sentResults);
  return {
    sentRows,
    checkFigures: (counts, opResults) => [
      { name: 'toChange', count: (counts.exists ?? 0) + sentRows(counts, opResults) },
      ...own.map(([name, results]) => ({ name, count: sumOf(opResults, results) })),
      { name: 'ambiguous', count: counts.ambiguous ?? 0 },
      { name: 'notFound', count: sumOf(opResults, ['not_found']) },
    ],
  };
}
