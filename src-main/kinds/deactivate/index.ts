// Deactivation: each row names a supplier by any of its ids; the check finds it, the user
// confirms the number, and each is deactivated once. An undo of an onboarding is one of these,
// made from the suppliers that job created.
import { changeCount, type JobPlanView } from '../../../src-shared/contract';
import { KIND_TRAITS } from '../../../src-shared/operations';
import { CREATING_FLAGS, namedFigures, namedPlanSaid, namedRunner, namedShapes } from '../named';
import type { JobKind, Said } from '../types';
import { deactivateWrite } from './write';

/** One lookup per row; rows a start may still send a DELETE for. */
const FIGURES = namedFigures(1, deactivateWrite);
const WRITE = deactivateWrite.states;
/** Its change's name in the plan (and the confirmed plan's note). */
const CHANGE = 'deactivations';

/** "N of the suppliers are inactive already": said when some are. */
function alreadyInactive(plan: JobPlanView): Said[] {
  const n = plan.changes.find((c) => c.name === CHANGE)?.params.alreadyInactive ?? 0;
  return n > 0 ? [{ key: 'cli.plan.alreadyInactive', count: n }] : [];
}

export const deactivateKind: JobKind = {
  name: 'deactivate',
  traits: KIND_TRAITS.deactivate,
  figures: FIGURES,
  runner: namedRunner(FIGURES, deactivateWrite, {
    notFound: 'deactivate_not_found',
    // An undo names the suppliers its onboarding created, by the platform id the platform gave:
    // none active means deactivated since (deactivation is soft), so the row is done as
    // `already_inactive`, as a DELETE answered 404 is, and asks nothing.
    goneMeans: (options) =>
      options.undoOf ? { opResult: 'already_inactive', reason: 'already_inactive' } : undefined,
  }),
  ownWrite: deactivateWrite,
  planCounts: (counts, rows) => ({
    creations: 0,
    changes: [
      {
        name: CHANGE,
        key: 'plan.deactivations',
        count: FIGURES.changes!(counts),
        // Suppliers the check (or an answer) found inactive already: done, never in the count.
        params: { alreadyInactive: rows.opResults().already_inactive ?? 0 },
        typed: {
          listed: 'cli.confirm.deactivate',
          ask: 'cli.confirm.askDeactivate',
          targets: 'targets',
        },
      },
    ],
  }),
  inDoubtStates: [],
  planSaid: (plan) =>
    namedPlanSaid(
      [
        { key: 'cli.plan.deactivate', count: changeCount(plan, CHANGE) },
        ...alreadyInactive(plan),
        ...plan.notes.map((n) => ({ key: n.said, params: n.params })),
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
  summaryOutcomes: {
    deactivated: { count: 'deactivated' },
    already_inactive: { count: 'alreadyInactive' },
    // A row whose supplier is not found changed nothing: the user looks at it.
    not_found: { count: 'notFound', needsUser: true },
  },
  resultsWord: (options) => (options.undoOf ? 'undo-results' : 'deactivation-results'),
  opResults: true,
  fixesInApp: true,
  targetStates: ['exists', WRITE.queued, WRITE.sending, WRITE.inDoubt],
  // Its suppliers are inactive after it: a later onboarding would create them again. An undo's
  // rows are its onboarding's, row for row.
  endsSupplier: {
    opResult: 'deactivated',
    said: 'cli.plan.deactivated',
    madeFrom: (options) => options.undoOf ?? null,
  },

  // ---- its own shapes on the front doors (issue 40)
  cli: {
    options: [
      {
        flag: 'undo',
        value: 'JOB',
        help: 'cli.help.undo',
        sets: 'undoOf',
        makesKind: true,
        standsAlone: 'cli.usage.undoAndFile',
        alsoRefuses: ['dry-run'],
      },
    ],
    refuses: { key: 'cli.usage.undoOwnOptions', flags: CREATING_FLAGS },
    help: {
      what: [
        'deactivate: deactivate the suppliers the rows name (by platform id,',
        'supplier id and source, customer id or own id); the summary names',
        'the count, which --yes or the question confirms',
      ],
      ends: [
        'A deactivation (--operation deactivate, --undo) ends with: rows= deactivated= already_inactive=',
        'not_found= invalid= failed= pending=; a supplier already inactive is not a failure; a row whose',
        'supplier is not found changed nothing and needs you (exit code 1).',
      ],
    },
  },
  /** Rows whose DELETE was sent: on their way, or settled by it. */
  ...namedShapes(deactivateWrite, ['deactivated', 'already_inactive'], []),
  /** An undo names the onboarding job it undoes. */
  planNotes: (options) =>
    options.undoOf
      ? [
          {
            name: 'undo',
            key: 'plan.undoOf',
            said: 'cli.plan.undoOf',
            params: { job: options.undoOf },
          },
        ]
      : [],
};
