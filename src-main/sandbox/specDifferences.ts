// Where the sandbox deliberately answers differently from the vendor's published document
// (supplier-api.openapi.json), and the choices it makes where neither document says. The
// product's spec (api-spec.md) wins every disagreement; api-notes.md fills its gaps.
//
// The sandbox tests validate every response body against the published document and forgive
// exactly the entries of kind 'single-item', 'undocumented-status' and 'format' below, and, for a
// sandbox started with `answers: 'spec'`, those of kind 'spec-answer'; the other kinds do not
// change what a response looks like against the document and are listed so that client authors
// know them.

export interface SpecDifference {
  id: string;
  /** HTTP method and path template, or '*' for every operation. */
  method: string;
  path: string;
  status?: number;
  /**
   * single-item: the body may be one item of the documented array; validate it against the items.
   * undocumented-status: the document lists no such status here; validate against `schema`.
   * format: a `format` check fails at `instancePaths` (values are checked by `pattern` instead).
   * request: the request differs from the document (nothing to forgive in responses).
   * choice: a behaviour neither document fixes; the response still matches the document.
   * spec-answer: with `answers: 'spec'` the body lacks the fields in `missing`, which the
   *   document requires and api-spec.md does not show (on the body, or on each item of a list).
   */
  kind: 'single-item' | 'undocumented-status' | 'format' | 'request' | 'choice' | 'spec-answer';
  schema?: string;
  /** Applies only to requests outside the documented operations (unknown path or method). */
  undocumentedOperation?: boolean;
  instancePaths?: string[];
  pattern?: RegExp;
  /** spec-answer: the required fields of the document the lean body leaves out. */
  missing?: string[];
  /** Forgiven only for a sandbox started with `answers: 'spec'` (as every 'spec-answer' is). */
  specOnly?: boolean;
  /** spec-answer: the instance paths where `missing` is forgiven; by default the body itself
   *  or an item of a list body. */
  at?: RegExp;
  reason: string;
}

export const SPEC_DIFFERENCES: readonly SpecDifference[] = [
  {
    id: 'find-by-identifier-single-object',
    method: 'GET',
    path: '/public/v2/suppliers/sites/find-by-identifier',
    status: 200,
    kind: 'single-item',
    reason:
      'api-spec.md: exactly one supplier site must match; zero matches 404, several 400. The published document answers a list instead. The sandbox follows the spec by default (one object) and offers the list form with findByIdentifierForm: "list", so clients are tested against both.',
  },
  {
    id: 'find-by-identifier-404',
    method: 'GET',
    path: '/public/v2/suppliers/sites/find-by-identifier',
    status: 404,
    kind: 'undocumented-status',
    schema: 'ErrorDTO',
    reason:
      'api-spec.md answers zero matches with 404 resource_not_found; the published document has no 404 for this operation (it answers an empty list).',
  },
  {
    id: 'rate-limit-local-time',
    method: '*',
    path: '*',
    status: 429,
    kind: 'format',
    instancePaths: ['/currentTime', '/nextResetAt'],
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
    reason:
      "api-spec.md and api-notes.md: currentTime and nextResetAt are server local date-times without zone (2026-01-15T10:30:00). JSON Schema's date-time format requires an offset; the sandbox sends the UTC wall time without one, as the API does, and clients compute the wait as nextResetAt - currentTime.",
  },
  {
    id: 'unknown-operation',
    method: '*',
    path: '*',
    status: 404,
    kind: 'undocumented-status',
    schema: 'ErrorDTO',
    undocumentedOperation: true,
    reason:
      'A path under /public that is no operation answers 404 resource_not_found with an ErrorDTO (after the token check and the rate limiter, as a gateway would).',
  },
  {
    id: 'method-not-allowed',
    method: '*',
    path: '*',
    status: 405,
    kind: 'undocumented-status',
    schema: 'ErrorDTO',
    undocumentedOperation: true,
    reason:
      'A known path called with a method it does not support answers 405 method_not_allowed with an ErrorDTO; the document lists no status for undefined operations.',
  },
  {
    id: 'misdirected-request',
    method: '*',
    path: '*',
    status: 421,
    kind: 'undocumented-status',
    schema: 'ErrorDTO',
    reason:
      'A local server must not answer a page that reached it under another host name (DNS rebinding): a request whose Host is not the address the sandbox listens on (or localhost for a loopback address) answers 421 misdirected_request with an ErrorDTO, before the token check. The real API sits behind its own host name.',
  },
  {
    id: 'misdirected-request-unknown-operation',
    method: '*',
    path: '*',
    status: 421,
    kind: 'undocumented-status',
    schema: 'ErrorDTO',
    undocumentedOperation: true,
    reason:
      'The same 421 misdirected_request answer for a misaddressed request to a path or method that is no operation: the Host is checked before anything else.',
  },
  {
    id: 'origin-refused',
    method: '*',
    path: '*',
    status: 403,
    kind: 'choice',
    reason:
      'A request with an Origin header comes from a web page; the sandbox, a server on this computer, answers it 403 access_denied (loggedIn false) with an AccessDeniedErrorDTO before the token check, so that a page cannot use it even with no-cors requests. Clients outside a browser send no Origin.',
  },
  {
    id: 'delete-identifier-in-body',
    method: 'DELETE',
    path: '/public/v2/suppliers/sites/identifiers',
    kind: 'request',
    reason:
      'api-spec.md: the supplier identifier is in the query and {type, id, source} in the JSON body. The published document takes type, id and source as query parameters. The sandbox follows the spec.',
  },
  {
    id: 'conflict-code',
    method: '*',
    path: '*',
    status: 409,
    kind: 'choice',
    reason:
      'Neither document shows the code of a 409. The sandbox answers ErrorDTO with code duplicate_supplier for a duplicate supplierId + source (pending or existing) and for an identifier that exists already.',
  },
  {
    id: 'bad-request-code',
    method: '*',
    path: '*',
    status: 400,
    kind: 'choice',
    reason:
      'The codes of 400s for several matches, unknown screening periods and validation preconditions are not shown. The sandbox uses invalid_request for every 400, with a message that names the field or the precondition.',
  },
  {
    id: 'validation-preconditions',
    method: 'POST',
    path: '/public/v2/suppliers/sites/validation',
    status: 400,
    kind: 'choice',
    reason:
      'From api-notes.md: 400 when a validation request is pending for the supplier (any API user), when it is already validated (a COMPLETED request exists), or when a screening of it is still running.',
  },
  {
    id: 'create-response-status',
    method: 'POST',
    path: '/public/v2/suppliers/sites',
    status: 202,
    kind: 'choice',
    reason:
      'api-spec.md lists status PENDING in the pending creation response, the document lists message; the sandbox sends both. pendingEndpoint is the absolute URL of the pending entry, the same as the Location header.',
  },
  {
    id: 'access-denied-body',
    method: '*',
    path: '*',
    status: 403,
    kind: 'choice',
    reason:
      'Every 403 is an AccessDeniedErrorDTO (loggedIn false for a missing or unknown token, true with permission for a missing permission or entitlement), as api-spec.md says. Where the document names ErrorDTO for a 403 the body satisfies it too.',
  },
  {
    id: 'screening-skip',
    method: 'POST',
    path: '/public/v2/suppliers/sites/screening',
    status: 202,
    kind: 'choice',
    reason:
      'An empty screeningRequestIds when the supplier is already screened (a Finished or NoFindings request exists, from any API user) or a screening of it is still running: never two running screenings for one supplier. An Aborted screening may be requested again.',
  },
  {
    id: 'list-order-and-size',
    method: 'GET',
    path: '/public/v2/suppliers/sites',
    status: 200,
    kind: 'choice',
    reason:
      'Ordered by name, then platformTargetId; the sort parameter is ignored. Invalid page or size values fall back to the defaults (0 and 10) and size is capped at 2000; the answer carries the size used.',
  },
  {
    id: 'list-postal-code',
    method: 'GET',
    path: '/public/v2/suppliers/sites',
    status: 200,
    kind: 'choice',
    reason:
      "Each list item carries postalCode (null when the supplier has none) beside name, address, city and countryCode, for duplicate detection against the list. Neither api-spec.md nor api-notes.md nor the published document's list item shows it (the document does not forbid further fields; its supplier found has postalCode); answers: 'spec' leaves it out, so that clients are tested against a list without postal codes too.",
  },
  {
    id: 'pending-by-uuid',
    method: 'GET',
    path: '/public/v2/suppliers/sites/pending',
    status: 200,
    kind: 'choice',
    reason:
      'With uuid the answer (answers: full) is still an array: one entry, or none once the creation is processed (or when the uuid belongs to another API user); answers: spec gives the one object or 404 (see spec-answer-pending-one). Status is New for the first fifth of the processing time, then Pending.',
  },
  {
    id: 'deactivation-frees-ids',
    method: 'DELETE',
    path: '/public/v2/suppliers/sites',
    status: 204,
    kind: 'choice',
    reason:
      'Deactivation is soft: the supplier is kept but is no longer listed, found, screened or validated, and its identifiers no longer count as duplicates. Creating the same supplierId again makes a new supplier with a new platformTargetId (a real back end does not resurrect a deactivated site).',
  },
  {
    id: 'validation-different-outcome',
    method: 'GET',
    path: '/public/v2/suppliers/sites/validation',
    status: 200,
    kind: 'choice',
    reason:
      "A COMPLETED validation with a different outcomeTargetId points at a master record of the platform that is not one of the organization's sites: it is not listed or found. createdAt and resolvedAt are ISO instants with zone.",
  },
  {
    id: 'spec-answer-create',
    method: 'POST',
    path: '/public/v2/suppliers/sites',
    status: 202,
    kind: 'spec-answer',
    missing: ['message'],
    reason:
      "answers: 'spec' sends api-spec.md's pending creation response: uuid, status and pendingEndpoint (and the Location header). The document also requires message.",
  },
  {
    id: 'spec-answer-find',
    method: 'GET',
    path: '/public/v2/suppliers/sites/find-by-identifier',
    status: 200,
    kind: 'spec-answer',
    missing: ['platformTargetId', 'supplierIds', 'customerIds', 'ownIds'],
    reason:
      "api-spec.md shows no field of the supplier found, which is a Target; answers: 'spec' sends the Target's fields the app could use, in the spec's words: id (the platform id), name, screened, screenedStatus and foreignSystems [{system, id, source}] (system supplier, customer or own) for the identifiers. The document names the id platformTargetId and the identifiers supplierIds, customerIds and ownIds, and requires them.",
  },
  {
    id: 'spec-answer-list',
    method: 'GET',
    path: '/public/v2/suppliers/sites',
    status: 200,
    kind: 'spec-answer',
    missing: ['platformTargetId', 'supplierIds'],
    at: /^\/content\/\d+$/,
    reason:
      "api-spec.md shows neither the list's query parameters nor its fields (\"active sites\"); answers: 'spec' sends api-notes.md's page (content, size, number, totalElements, totalPages) with api-notes.md's items (name, address, city, countryCode) whose id and identifiers are in the Target's words: id, and foreignSystems with the supplier ids. The document names the items' id platformTargetId and their identifiers supplierIds, and requires them.",
  },
  {
    id: 'spec-answer-pending-one',
    method: 'GET',
    path: '/public/v2/suppliers/sites/pending',
    status: 200,
    kind: 'single-item',
    specOnly: true,
    reason:
      'api-spec.md: the pending endpoint answers "pending suppliers, or the one request" (with uuid). With answers: \'spec\' the sandbox answers a uuid with that one object; the published document answers an array of one. Clients must accept both.',
  },
  {
    id: 'spec-answer-pending-gone',
    method: 'GET',
    path: '/public/v2/suppliers/sites/pending',
    status: 404,
    kind: 'undocumented-status',
    schema: 'ErrorDTO',
    specOnly: true,
    reason:
      "With answers: 'spec', a uuid that is no longer pending (processed, or another API user's) is answered 404 resource_not_found, the spec's general answer for a request that does not exist; the published document answers an empty array and lists no 404 here.",
  },
  {
    id: 'spec-answer-identifier-created',
    method: 'POST',
    path: '/public/v2/suppliers/sites/identifiers',
    status: 201,
    kind: 'spec-answer',
    missing: ['type', 'id', 'platformTargetId'],
    reason:
      "api-spec.md: the response bodies of the identifier endpoints are not shown; answers: 'spec' sends an empty object. The document requires type, id and platformTargetId.",
  },
  {
    id: 'spec-answer-score-write',
    method: 'POST',
    path: '/public/v1/scores/externals',
    status: 200,
    kind: 'spec-answer',
    missing: ['totalCount', 'validCount', 'resolvedCount', 'writtenCount', 'skippedCount'],
    reason:
      "api-spec.md shows the write result as success and errors; answers: 'spec' sends only those. The document also requires the counts (totalCount, validCount, resolvedCount, writtenCount, skippedCount).",
  },
  {
    id: 'spec-answer-score-write-errors',
    method: 'POST',
    path: '/public/v1/scores/externals',
    status: 200,
    kind: 'spec-answer',
    missing: ['identifier'],
    at: /^\/errors\/\d+$/,
    reason:
      "api-spec.md: each error has entryIndex, optional scoreIndex, reason and message; answers: 'spec' sends only those. The document also requires the entry's identifier on each error.",
  },
  {
    id: 'spec-answer-screening-accepted',
    method: 'POST',
    path: '/public/v2/suppliers/sites/screening',
    status: 202,
    kind: 'spec-answer',
    missing: ['message'],
    reason:
      "answers: 'spec' sends only screeningRequestIds, the one field api-spec.md shows. The document also requires message.",
  },
  {
    id: 'spec-answer-screening-status',
    method: 'GET',
    path: '/public/v2/suppliers/sites/screening',
    status: 200,
    kind: 'spec-answer',
    missing: ['id', 'periodInYears'],
    reason:
      "answers: 'spec' sends only status: api-spec.md says the other fields of the screening status are not shown. The document also requires id and periodInYears.",
  },
  {
    id: 'spec-answer-validation-accepted',
    method: 'POST',
    path: '/public/v2/suppliers/sites/validation',
    status: 202,
    kind: 'spec-answer',
    missing: ['message'],
    reason:
      "answers: 'spec' sends only requestId, the one field api-spec.md shows. The document also requires message.",
  },
  {
    id: 'spec-answer-validation-status',
    method: 'GET',
    path: '/public/v2/suppliers/sites/validation',
    status: 200,
    kind: 'spec-answer',
    missing: ['requestId', 'platformTargetId'],
    reason:
      "answers: 'spec' sends status and, when they apply, outcomeTargetId and rejectionReason: what api-spec.md shows. The document also requires requestId and platformTargetId.",
  },
  {
    id: 'create-field-names',
    method: 'POST',
    path: '/public/v2/suppliers/sites',
    kind: 'request',
    reason:
      "api-spec.md leaves city/locality and address/addressLine unsettled; the document and api-notes.md use city and address, which the sandbox takes by default. With createFieldNames: 'locality-addressLine' it takes locality and addressLine instead and refuses city and address with 400 invalid_request naming them, so that clients can be tested against either spelling.",
  },
  {
    id: 'foreign-system-words',
    method: '*',
    path: '*',
    status: 200,
    kind: 'choice',
    reason:
      "api-spec.md gives a Target's identifiers as foreignSystems [{system, id, source}] and never says what system holds. With answers: 'spec' the sandbox names the kind (supplier, customer, own) by default; with system: 'source-name' it puts the source system's name there (an id without a source has no system), and with system: 'source-name-only' that name without source, so that clients are tested against other words.",
  },
  {
    id: 'list-uncounted',
    method: 'GET',
    path: '/public/v2/suppliers/sites',
    status: 200,
    kind: 'choice',
    reason:
      "api-spec.md shows no paging field of the supplier list and the document requires none. With paging: 'uncounted' a page carries only content and number, so that clients are tested against a list that does not say how long it is.",
  },
  {
    id: 'identifier-types',
    method: 'POST',
    path: '/public/v2/suppliers/sites/identifiers',
    kind: 'request',
    reason:
      "api-spec.md shows only SUPPLIER_ID as an identifier type; CUSTOMER_ID and OWN_ID come from api-notes.md, which the sandbox takes by default. With identifierTypes: {CUSTOMER_ID: 'CUST', OWN_ID: 'OWN'} it takes those names instead and refuses any other type with 400 invalid_request naming it and the accepted ones, so that clients can be tested against an API that calls them differently.",
  },
];
