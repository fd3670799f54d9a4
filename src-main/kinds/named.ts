// What the kinds acting on suppliers a row names (deactivate, identifiers) share: the check by
// the identifiers each row names, a write per matched row, each row's own outcome kept, and the
// plan lines of what is left unchecked or ambiguous.
import type { JobPlanView } from '../../src-shared/contract';
import { JobRunner } from '../engine/jobRunner';
import type { KindFigures } from '../engine/kindFigures';
import type { RowKind } from '../engine/rowKind';
import type { JobKind, Said } from './types';

/** The row runner of such a kind: a matched row goes to `matchedTo`, its write's queue. */
export function namedRunner(
  figures: KindFigures,
  matchedTo: NonNullable<RowKind['matchedTo']>,
  changesIdentifier: boolean,
): JobKind['runner'] {
  const kind: RowKind = { figures, check: 'named', changesIdentifier, matchedTo, opResults: true };
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
