// The fifth kind, registered by its test (test/main/kinds/fifthKind.test.ts): "update the
// addresses of existing suppliers". Each row names a supplier by any of its ids and gives its
// new address; the check finds the supplier, the user confirms the number, and each address is
// written once with a PUT to an endpoint the test adds to the sandbox (route.ts). This folder
// and the files it names are the plug-in surface (docs/architecture.md, "Adding a kind").
import { changeCount } from '../../../../src-shared/contract';
import {
  KIND_TRAITS,
  kindName,
  type KindRowInput,
  type KindRowValues,
  type KindTraits,
} from '../../../../src-shared/operations';
import {
  namedFigures,
  namedPlanSaid,
  namedRunner,
  namedShapes,
} from '../../../../src-main/kinds/named';
import { registerKind, type JobKind } from '../../../../src-main/kinds';
import { STAGE, STATES } from './policy';
import { WORDS } from './words';
import { addressWrite } from './write';

export const NAME = kindName('addresses');
/** Its change's name in the plan (and the confirmed plan's note). */
const CHANGE = 'addressChanges';
/** One lookup per row; one PUT per row a start may still send. */
const FIGURES = namedFigures(1, addressWrite);

/** A row's new address: the street required, city and postal code as the row gives them; the
 *  same supplier twice in a file is a duplicate (the later would overwrite the earlier). */
function addressValues(row: KindRowInput): KindRowValues | undefined {
  const text = (field: 'address' | 'city' | 'postalCode') => {
    const v = row.draft[field];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const address = text('address');
  if (!address) {
    if (!row.hasProblem('address')) row.problem('address', '', 'value_missing');
    return undefined;
  }
  const city = text('city');
  const postalCode = text('postalCode');
  return { values: { address, ...(city ? { city } : {}), ...(postalCode ? { postalCode } : {}) } };
}

/** Its rows are as a deactivate job's (a supplier named by any id, checked, confirmed by the
 *  typed count, fixed in the app), with the new address besides. */
export const TRAITS: KindTraits = {
  ...KIND_TRAITS.deactivate,
  fields: [
    ...KIND_TRAITS.deactivate.fields,
    { key: 'address', required: true },
    { key: 'postalCode', required: false },
    { key: 'city', required: false },
  ],
  rowValues: addressValues,
};

export const addressesKind: JobKind = {
  name: NAME,
  traits: TRAITS,
  figures: FIGURES,
  runner: namedRunner(FIGURES, addressWrite),
  ownWrite: addressWrite,
  planCounts: (counts) => ({
    creations: 0,
    changes: [
      {
        name: CHANGE,
        key: 'plan.addressChanges',
        count: FIGURES.changes!(counts),
        params: {},
        typed: { listed: 'cli.confirm.addresses', ask: 'cli.confirm.askAddresses' },
      },
    ],
  }),
  inDoubtStates: [],
  planSaid: (plan) =>
    namedPlanSaid([{ key: 'cli.plan.addresses', count: changeCount(plan, CHANGE) }], plan),
  summaryCounts: [
    ['rows', 'rows'],
    ['invalid', 'invalid'],
    ['failed', 'failed'],
    ['pending', 'pending'],
  ],
  resultsWord: () => 'address-results',
  opResults: false,
  fixesInApp: true,
  targetStates: ['exists', ...([STATES.queued, STATES.sending, STATES.inDoubt] as never[])],
  // No options of its own on the command line; its figures as every named kind's.
  cli: { options: [] },
  ...namedShapes(addressWrite, [], []),
};

let registered = false;

/** Registers the kind in this process (once). */
export function registerAddressesKind(): JobKind {
  if (!registered) registerKind({ kind: addressesKind, writeStage: STAGE, words: WORDS });
  registered = true;
  return addressesKind;
}
