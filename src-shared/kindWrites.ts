// The row states a kind's own write declares (docs/architecture.md, "Kinds of job"): one line
// per kind with a write of its own, read by the row state machine
// (rowStates.ts), the journal's partial indexes (src-main/journal/schema.ts) and the screens.
// Every such write has the same three steps: queued (waiting for the budget), sending (the
// intent, committed before the request leaves) and in doubt (the answer was lost; read back
// before anything is sent again). The stage's name is stored in the journal (its row states and
// its request events), so a kind keeps the name it was first stored with.

/** A kind's own write stage: its name (stored) and its three states. */
export interface OwnWrite<S extends string = string> {
  readonly stage: S;
  readonly queued: `${S}_queued`;
  readonly sending: `${S}_sending`;
  readonly inDoubt: `${S}_in_doubt`;
}

function ownWrite<S extends string>(stage: S): OwnWrite<S> {
  return {
    stage,
    queued: `${stage}_queued`,
    sending: `${stage}_sending`,
    inDoubt: `${stage}_in_doubt`,
  };
}

/** The three states of an own write, in the order the state machine lists them. */
function statesOf<S extends string>(
  w: OwnWrite<S>,
): readonly [`${S}_queued`, `${S}_sending`, `${S}_in_doubt`] {
  return [w.queued, w.sending, w.inDoubt];
}

/** The kinds' own writes, keyed by the kind (src-shared/operations.ts OPERATIONS). A deactivate
 *  job's DELETE per supplier; an identifiers job's POST or DELETE of the row's identifier (its
 *  stage stored as `idchange`, apart from the onboarding's `identifiers` stage, which attaches
 *  a created supplier's ids). */
export const KIND_WRITES = {
  deactivate: ownWrite('deactivate'),
  identifiers: ownWrite('idchange'),
} as const;

export type KindWithOwnWrite = keyof typeof KIND_WRITES;

type Writes = typeof KIND_WRITES;
/** A state some kind's own write declares. */
export type KindWriteState = {
  [K in keyof Writes]: Writes[K]['queued'] | Writes[K]['sending'] | Writes[K]['inDoubt'];
}[keyof Writes];

/** The registry's writes, as a list. */
export const OWN_WRITES: readonly Writes[keyof Writes][] = Object.values(KIND_WRITES);

/** Every state the kinds' own writes declare, in the registry's order. */
export const KIND_WRITE_STATES: readonly KindWriteState[] = OWN_WRITES.flatMap(statesOf);

/** The own write of a kind, if it has one. */
export function ownWriteOf(kind: string): OwnWrite | undefined {
  return (KIND_WRITES as Readonly<Record<string, OwnWrite>>)[kind];
}
