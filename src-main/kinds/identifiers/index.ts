// Identifiers: each row names a supplier by any of its ids and an identifier to add to it or
// remove from it; the check finds the supplier and who holds the identifier, and only what is
// not already as the row wants it is sent.
import { changeCount } from '../../../src-shared/contract';
import { IDENTIFIER_ACTIONS, identifierChange, KIND_TRAITS } from '../../../src-shared/operations';
import { CREATING_FLAGS, namedFigures, namedPlanSaid, namedRunner, namedShapes } from '../named';
import type { RowState } from '../../journal/rowStates';
import type { PayloadFilter } from '../../journal/matchedReads';
import type { JobOptions } from '../../journal/schema';
import type { JobKind, TargetIdentifier } from '../types';
import { identifiersCheck } from './check';
import { identifiersWrite } from './write';

/** Two lookups per row (its supplier, the identifier's holder); rows a start may still send a
 *  POST or DELETE for (unchecked rows counted: an upper bound until the check has run). */
const FIGURES = namedFigures(2, identifiersWrite);
/** Its changes' names in the plan (and the confirmed plan's note): the adds, and the removals,
 *  which are confirmed by typing their count (an identifier removed is hard to put back: its
 *  type, id and source must be known again). */
const ADDS = 'identifierAdds';
const REMOVALS = 'identifierRemovals';
/** The rows a start may still send a write for, as the figures count them. */
const { queued, sending, inDoubt } = identifiersWrite.states;
const CHANGE_STATES: RowState[] = ['valid', 'exists', queued, sending, inDoubt];

/** Its removals: the rows whose own action, else the job's, is `remove`. */
function removalsOf(options: JobOptions): PayloadFilter {
  return { path: '$.action', value: 'remove', absent: options.identifierAction ?? 'add' };
}

/** The identifier a row changes, as its payload keeps it (read as the check reads it). */
function targetIdentifier(payload: Record<string, unknown>): TargetIdentifier | null {
  const i = identifierChange(payload, 'add')?.identifier;
  return i ? { type: i.type, id: i.id, source: i.source ?? null } : null;
}

export const identifiersKind: JobKind = {
  name: 'identifiers',
  traits: KIND_TRAITS.identifiers,
  figures: FIGURES,
  runner: namedRunner(FIGURES, identifiersWrite, { named: identifiersCheck }),
  ownWrite: identifiersWrite,
  planCounts: (counts, rows) => {
    const all = FIGURES.changes!(counts);
    const removals = Math.min(all, rows.count(CHANGE_STATES, removalsOf(rows.options)));
    return {
      creations: 0,
      changes: [
        { name: ADDS, key: 'plan.identifierAdds', count: all - removals, params: {}, typed: null },
        {
          name: REMOVALS,
          key: 'plan.identifierRemovals',
          count: removals,
          params: {},
          typed: {
            listed: 'cli.confirm.removeIds',
            ask: 'cli.confirm.askRemoveIds',
            targets: 'removals',
          },
        },
      ],
    };
  },
  inDoubtStates: [],
  planSaid: (plan) =>
    namedPlanSaid(
      [
        { key: 'cli.plan.identifierAdds', count: changeCount(plan, ADDS) },
        { key: 'cli.plan.identifierRemovals', count: changeCount(plan, REMOVALS) },
      ],
      plan,
    ),
  summaryCounts: [
    ['rows', 'rows'],
    ['added', 'added'],
    ['already_present', 'alreadyPresent'],
    ['removed', 'removed'],
    ['not_present', 'notPresent'],
    ['on_other', 'onOther'],
    ['not_found', 'notFound'],
    ['invalid', 'invalid'],
    ['failed', 'failed'],
    ['pending', 'pending'],
  ],
  summaryOutcomes: {
    added: { count: 'added' },
    already_present: { count: 'alreadyPresent' },
    // An identifier another supplier holds waits for the user, as a supplier not found does.
    on_other_supplier: { count: 'onOther', needsUser: true },
    removed: { count: 'removed' },
    not_present: { count: 'notPresent' },
    not_found: { count: 'notFound', needsUser: true },
  },
  resultsWord: () => 'identifier-results',
  opResults: true,
  fixesInApp: true,
  // Its removals are listed (supplier and identifier) before their count is typed.
  targetStates: CHANGE_STATES.filter((s) => s !== 'valid'),
  targetFilter: removalsOf,
  targetIdentifier,

  // ---- its own shapes on the front doors (issue 40)
  cli: {
    options: [
      {
        flag: 'action',
        value: 'add|remove',
        help: 'cli.help.action',
        sets: 'identifierAction',
        choices: IDENTIFIER_ACTIONS,
        refused: 'cli.usage.action',
        otherKind: 'cli.usage.actionWithoutIdentifiers',
      },
    ],
    refuses: { key: 'cli.usage.identifiersOwnOptions', flags: CREATING_FLAGS },
    help: {
      what: [
        'identifiers: add an identifier to the supplier each row names (by',
        "the same identifiers), or remove it: the rows give the identifier's",
        'type (supplier id, customer id, own id), id and optional source;',
        'an Action column (add/remove, hinzufügen/entfernen) says it per row;',
      ],
      ends: [
        'An identifiers job ends with: rows= added= already_present= removed= not_present= on_other=',
        'not_found= invalid= failed= pending=; an identifier already where the row wants it (or already',
        'absent) is not a failure; an identifier on another supplier, or a supplier not found, needs you',
        '(exit code 1).',
      ],
    },
  },
  /** Rows whose POST or DELETE was sent (on their way, or settled by it); besides the rows to
   *  change, those already as the row wants them and those whose identifier another supplier
   *  holds. */
  ...namedShapes(
    identifiersWrite,
    ['added', 'removed'],
    [
      ['already', ['already_present', 'not_present']],
      ['onOther', ['on_other_supplier']],
    ],
  ),
};
