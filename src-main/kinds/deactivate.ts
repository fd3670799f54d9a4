// Deactivation: each row names a supplier by any of its ids; the check finds it, the user
// confirms the number, and each is deactivated once. An undo of an onboarding is one of these,
// made from the suppliers that job created.
import { KIND_TRAITS } from '../../src-shared/operations';
import { changeFigures } from '../engine/kindFigures';
import { KIND_WRITES } from '../../src-shared/kindWrites';
import { namedPlanSaid, namedRunner } from './named';
import type { JobKind } from './types';

/** Rows a start may still send a DELETE for (unchecked rows counted as matched: an upper bound
 *  until the check has run). */
const WRITE = KIND_WRITES.deactivate;
const FIGURES = changeFigures(1, ['valid', 'exists', WRITE.queued, WRITE.sending, WRITE.inDoubt]);

export const deactivateKind: JobKind = {
  name: 'deactivate',
  traits: KIND_TRAITS.deactivate,
  figures: FIGURES,
  runner: namedRunner(FIGURES, WRITE.queued, false),
  planCounts: (counts) => ({
    creations: 0,
    deactivations: FIGURES.changes!(counts),
    identifierChanges: 0,
    scores: null,
  }),
  inDoubtStates: [],
  planSaid: (plan) =>
    namedPlanSaid(
      [
        { key: 'cli.plan.deactivate', count: plan.deactivations },
        ...(plan.undoOf ? [{ key: 'cli.plan.undoOf', params: { job: plan.undoOf } }] : []),
      ],
      plan,
    ),
  summaryCounts: [
    ['rows', 'rows'],
    ['deactivated', 'deactivated'],
    ['already_inactive', 'alreadyInactive'],
    ['not_found', 'notFound'],
    ['invalid', 'invalid'],
    ['failed', 'failed'],
    ['pending', 'pending'],
  ],
  resultsWord: (options) => (options.undoOf ? 'undo-results' : 'deactivation-results'),
  opResults: true,
  fixesInApp: true,
  targetStates: ['exists', WRITE.queued, WRITE.sending, WRITE.inDoubt],
};
