// The sandbox's lean answers (`answers: 'spec'`): only what api-spec.md shows of each answer, in
// the spec's own words, so that clients are tested against a server that promises no more than
// the spec. A supplier is the spec's Target: its platform id is `id` and its identifiers are
// `foreignSystems` [{system, id, source}] (system: supplier, customer or own, the spec's names
// of an id's origin); there is no `platformTargetId`, `supplierIds`, `customerIds` or `ownIds`.
// Where the spec shows no field of an answer at all (the pending list, the list's page), the
// lean answer takes api-notes.md's shape and keeps what identifies things (ids, identifiers,
// page counts); where the spec says "or the one request" (pending by uuid) it answers the one
// object. The fields the published document requires beyond that are listed in
// specDifferences.ts (kind 'spec-answer').
//
// The spec never says what `system` holds. By default the sandbox names the kind of identifier
// (supplier, customer, own); `system: 'source-name'` puts the source system's name there instead
// (an id from SAP says "SAP", one without a source says nothing), and `system: 'source-name-only'`
// does the same and leaves `source` out: two natural readings of the spec a client must survive.

export type AnswerMode = 'full' | 'spec';
/** What a spec answer's foreignSystems `system` holds (see above). */
export type SystemMode = 'kind' | 'source-name' | 'source-name-only';
export const SYSTEM_MODES: readonly SystemMode[] = ['kind', 'source-name', 'source-name-only'];

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields each lean answer keeps (after the Target's renaming, for suppliers). */
export const SPEC_ANSWER_FIELDS = {
  /** The spec's pending creation response. */
  create: ['uuid', 'status', 'pendingEndpoint'],
  /** "pending suppliers": the creation's uuid and status, and which supplier it is. */
  pending: ['uuid', 'supplierId', 'status'],
  /** "paginated list" of "active sites": api-notes.md's page and items (the spec shows
   *  neither), with each site's id and identifiers in the Target's words. */
  page: ['content', 'size', 'number', 'totalElements', 'totalPages'],
  pageItem: ['id', 'name', 'address', 'city', 'countryCode', 'foreignSystems'],
  /** "supplier found": a Target with the fields the app could use. */
  supplier: ['id', 'name', 'screened', 'screenedStatus', 'foreignSystems'],
  /** The identifier endpoints' bodies: not shown. */
  identifierCreated: [],
  screeningAccepted: ['screeningRequestIds'],
  screeningStatus: ['status'],
  validationAccepted: ['requestId'],
  validationStatus: ['status', 'outcomeTargetId', 'rejectionReason'],
  /** The write result: success and errors (entryIndex, scoreIndex, reason, message). */
  scoreWrite: ['success', 'errors'],
  scoreError: ['entryIndex', 'scoreIndex', 'reason', 'message'],
} as const satisfies Record<string, readonly string[]>;

export type SpecAnswer = keyof typeof SPEC_ANSWER_FIELDS;

/** The spec's `system` for each of the published document's identifier lists. */
const SYSTEM_OF = { supplierIds: 'supplier', customerIds: 'customer', ownIds: 'own' } as const;

/** One foreignSystems entry of an identifier, `system` as the mode fills it. */
function foreignEntry(system: SystemMode, kind: string, id: unknown, source: unknown): Obj {
  const hasSource = source !== undefined && source !== null;
  if (system === 'kind') return hasSource ? { system: kind, id, source } : { system: kind, id };
  if (!hasSource) return { id };
  return system === 'source-name' ? { system: source, id, source } : { system: source, id };
}

/** A supplier in the spec's words: `id` for platformTargetId, `foreignSystems` for the lists. */
function asTarget(body: Obj, systemMode: SystemMode): Obj {
  const out: Obj = {};
  const foreign: Obj[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (k === 'platformTargetId') out.id = v;
    else if (k in SYSTEM_OF && Array.isArray(v)) {
      const system = SYSTEM_OF[k as keyof typeof SYSTEM_OF];
      for (const item of v) {
        if (!isObject(item)) continue;
        foreign.push(foreignEntry(systemMode, system, item.id, item.source));
      }
    } else out[k] = v;
  }
  if (Object.keys(SYSTEM_OF).some((k) => k in body)) out.foreignSystems = foreign;
  return out;
}

/** The body as the mode answers it: unchanged in full mode, the spec's fields in spec mode. */
export function answerIn(
  mode: AnswerMode,
  kind: SpecAnswer,
  body: unknown,
  system: SystemMode = 'kind',
): unknown {
  if (mode === 'full') return body;
  if (Array.isArray(body)) return body.map((item) => answerIn(mode, kind, item, system));
  if (!isObject(body)) return body;
  const source = kind === 'supplier' || kind === 'pageItem' ? asTarget(body, system) : body;
  const keep: readonly string[] = SPEC_ANSWER_FIELDS[kind];
  const out: Obj = {};
  for (const [k, v] of Object.entries(source)) {
    if (!keep.includes(k)) continue;
    if (kind === 'page' && k === 'content') out[k] = answerIn(mode, 'pageItem', v, system);
    else if (kind === 'scoreWrite' && k === 'errors')
      out[k] = answerIn(mode, 'scoreError', v, system);
    else out[k] = v;
  }
  return out;
}
