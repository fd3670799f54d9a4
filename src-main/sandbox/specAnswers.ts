// The sandbox's lean answers (`answers: 'spec'`): only the fields api-spec.md shows of each
// answer, so that clients are tested against a server that sends no more than the spec promises.
// Where the spec shows no field of an answer at all, the lean answer keeps what identifies
// things (ids, identifiers, page counts) and the published document's required fields; where the
// document requires more than the spec shows, specDifferences.ts lists the difference.

export type AnswerMode = 'full' | 'spec';

export const SPEC_ANSWER_FIELDS = {
  /** The spec's pending creation response. */
  create: ['uuid', 'status', 'pendingEndpoint'],
  /** "pending suppliers": the creation's uuid and status, and which supplier it is. */
  pending: ['uuid', 'supplierId', 'status'],
  /** "paginated list" of "active sites": the page counts and each site's id and identifiers. */
  page: ['content', 'size', 'number', 'totalElements', 'totalPages'],
  pageItem: ['platformTargetId', 'name', 'supplierIds'],
  /** "supplier found": the spec's id (platformTargetId) and name. */
  supplier: ['platformTargetId', 'name'],
  screeningAccepted: ['screeningRequestIds'],
  screeningStatus: ['status'],
  validationAccepted: ['requestId'],
  validationStatus: ['status', 'outcomeTargetId', 'rejectionReason'],
} as const satisfies Record<string, readonly string[]>;

export type SpecAnswer = keyof typeof SPEC_ANSWER_FIELDS;

/** The body as the mode answers it: unchanged in full mode, the spec's fields in spec mode. */
export function answerIn(mode: AnswerMode, kind: SpecAnswer, body: unknown): unknown {
  if (mode === 'full') return body;
  if (Array.isArray(body)) return body.map((item) => answerIn(mode, kind, item));
  if (!body || typeof body !== 'object') return body;
  const keep: readonly string[] = SPEC_ANSWER_FIELDS[kind];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (!keep.includes(k)) continue;
    out[k] = kind === 'page' && k === 'content' ? answerIn(mode, 'pageItem', v) : v;
  }
  return out;
}
