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

export function ownWrite<S extends string>(stage: S): OwnWrite<S> {
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

/** The registry's writes, as a list (the built-in ones, then those registered). */
export const OWN_WRITES: readonly Writes[keyof Writes][] = Object.values(KIND_WRITES);

/** Every state the kinds' own writes declare, in the registry's order. */
export const KIND_WRITE_STATES: readonly KindWriteState[] = OWN_WRITES.flatMap(statesOf);

/** The writes of kinds registered at run time, by kind (src-main/kinds/registry.ts). */
const REGISTERED = new Map<string, OwnWrite>();

/** The own write of a kind, if it has one. */
export function ownWriteOf(kind: string): OwnWrite | undefined {
  return (KIND_WRITES as Readonly<Record<string, OwnWrite>>)[kind] ?? REGISTERED.get(kind);
}

/** Adds a registered kind's write to the lists above; its stage's name must be new (the
 *  journal stores it). Called by src-shared/rowStates.ts addKindWrite, which extends the state
 *  machine with it. */
export function addOwnWrite(kind: string, stage: string): OwnWrite {
  if (!/^[a-z][a-z0-9]{1,20}$/.test(stage))
    throw new Error(`a write stage's name is lower case letters and digits: ${stage}`);
  if (ownWriteOf(kind) || OWN_WRITES.some((w) => w.stage === stage))
    throw new Error(`the write of ${kind} (${stage}) is known already`);
  const w = ownWrite(stage);
  REGISTERED.set(kind, w);
  (OWN_WRITES as OwnWrite[]).push(w as Writes[keyof Writes]);
  (KIND_WRITE_STATES as string[]).push(...statesOf(w));
  return w;
}
