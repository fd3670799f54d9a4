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

export type AnswerMode = 'full' | 'spec';

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

/** A supplier in the spec's words: `id` for platformTargetId, `foreignSystems` for the lists. */
function asTarget(body: Obj): Obj {
  const out: Obj = {};
  const foreign: Obj[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (k === 'platformTargetId') out.id = v;
    else if (k in SYSTEM_OF && Array.isArray(v)) {
      const system = SYSTEM_OF[k as keyof typeof SYSTEM_OF];
      for (const item of v) {
        if (!isObject(item)) continue;
        foreign.push(
          item.source === undefined || item.source === null
            ? { system, id: item.id }
            : { system, id: item.id, source: item.source },
        );
      }
    } else out[k] = v;
  }
  if (Object.keys(SYSTEM_OF).some((k) => k in body)) out.foreignSystems = foreign;
  return out;
}

/** The body as the mode answers it: unchanged in full mode, the spec's fields in spec mode. */
export function answerIn(mode: AnswerMode, kind: SpecAnswer, body: unknown): unknown {
  if (mode === 'full') return body;
  if (Array.isArray(body)) return body.map((item) => answerIn(mode, kind, item));
  if (!isObject(body)) return body;
  const source = kind === 'supplier' || kind === 'pageItem' ? asTarget(body) : body;
  const keep: readonly string[] = SPEC_ANSWER_FIELDS[kind];
  const out: Obj = {};
  for (const [k, v] of Object.entries(source)) {
    if (!keep.includes(k)) continue;
    if (kind === 'page' && k === 'content') out[k] = answerIn(mode, 'pageItem', v);
    else if (kind === 'scoreWrite' && k === 'errors') out[k] = answerIn(mode, 'scoreError', v);
    else out[k] = v;
  }
  return out;
}
