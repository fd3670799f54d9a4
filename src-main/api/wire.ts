// Every wire name of the supplier API in one place: paths, headers, query parameters and JSON
// fields (as zod schemas and request builders). A rename on the API side is one edit here.
// Response schemas require only what the app reads (see the notes on each) and tolerate unknown
// fields (zod objects strip them); ANSWER_FIELDS lists what the published document names, so
// that the client can say once which fields an answer lacks or adds.
import { z } from 'zod';
import {
  CREATE_FIELD_WIRE,
  DEFAULT_CREATE_FIELD_NAMES,
  type CreateFieldNames,
} from '../../src-shared/fieldNames';
import type { SupplierCreatePayload, SupplierIdentifier } from '../../src-shared/supplier';

export const PATHS = {
  sites: '/public/v2/suppliers/sites',
  pending: '/public/v2/suppliers/sites/pending',
  findByIdentifier: '/public/v2/suppliers/sites/find-by-identifier',
  identifiers: '/public/v2/suppliers/sites/identifiers',
  screening: '/public/v2/suppliers/sites/screening',
  validation: '/public/v2/suppliers/sites/validation',
} as const;

export const HEADERS = {
  token: 'X-Auth-Token',
  accept: 'Accept',
  contentType: 'Content-Type',
  location: 'Location',
  sunset: 'Sunset',
  deprecation: 'Deprecation',
} as const;

export const JSON_TYPE = 'application/json';

export const QUERY = {
  supplierId: 'supplierId',
  customerId: 'customerId',
  ownId: 'ownId',
  platformId: 'platformId',
  source: 'source',
  uuid: 'uuid',
  page: 'page',
  size: 'size',
} as const;

/** The identifier as query parameters (GET and DELETE), in a stable order. */
export function identifierQuery(identifier: SupplierIdentifier): URLSearchParams {
  const q = new URLSearchParams();
  if (identifier.supplierId !== undefined) q.set(QUERY.supplierId, identifier.supplierId);
  if (identifier.customerId !== undefined) q.set(QUERY.customerId, identifier.customerId);
  if (identifier.ownId !== undefined) q.set(QUERY.ownId, identifier.ownId);
  if (identifier.platformId !== undefined) q.set(QUERY.platformId, String(identifier.platformId));
  if (identifier.source !== undefined) q.set(QUERY.source, identifier.source);
  return q;
}

/** The identifier as a body object (screening and validation requests). */
export function identifierBody(identifier: SupplierIdentifier): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (identifier.supplierId !== undefined) body.supplierId = identifier.supplierId;
  if (identifier.customerId !== undefined) body.customerId = identifier.customerId;
  if (identifier.ownId !== undefined) body.ownId = identifier.ownId;
  if (identifier.platformId !== undefined) {
    const n = Number(identifier.platformId);
    body.platformId = Number.isInteger(n) ? n : identifier.platformId;
  }
  if (identifier.source !== undefined) body.source = identifier.source;
  return body;
}

/** The create body; `fieldNames` is the connection's spelling of city and address. */
export function createSupplierBody(
  p: SupplierCreatePayload,
  fieldNames: CreateFieldNames = DEFAULT_CREATE_FIELD_NAMES,
): Record<string, unknown> {
  const wire = CREATE_FIELD_WIRE[fieldNames];
  const body: Record<string, unknown> = {
    name: p.name,
    countryCode: p.countryCode,
    [wire.city]: p.city,
    [wire.address]: p.address,
    supplierId:
      p.supplierId.source === undefined
        ? { id: p.supplierId.id }
        : { id: p.supplierId.id, source: p.supplierId.source },
  };
  if (p.postalCode !== undefined) body.postalCode = p.postalCode;
  if (p.industries !== undefined) body.industries = p.industries;
  if (p.screeningPeriodInYears !== undefined)
    body.screeningPeriodInYears = p.screeningPeriodInYears;
  if (p.requestValidationOnCreate !== undefined)
    body.requestValidationOnCreate = p.requestValidationOnCreate;
  return body;
}

export function screeningRequestBody(
  identifier: SupplierIdentifier,
  periodInYears: number,
): Record<string, unknown> {
  return { identifier: identifierBody(identifier), options: { periodInYears } };
}

export function validationRequestBody(identifier: SupplierIdentifier): Record<string, unknown> {
  return { identifier: identifierBody(identifier) };
}

export function identifierManagementBody(input: {
  type: string;
  id: string;
  source?: string | undefined;
}): Record<string, unknown> {
  return input.source === undefined
    ? { type: input.type, id: input.id }
    : { type: input.type, id: input.id, source: input.source };
}

// ---- Response bodies -------------------------------------------------------------------------
// What each field is required for is noted where it is; everything else is optional, because
// api-spec.md shows less than the published document (and a real answer may be leaner).

const nullableString = z.string().nullish();

export const IdentifierIdSchema = z.object({ id: z.string(), source: nullableString });

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  solution: nullableString,
  /** Not in either document; some servers name the offending field. */
  field: nullableString,
});

export const AccessDeniedBodySchema = z.object({
  loggedIn: z.boolean(),
  permission: nullableString,
  code: z.string().nullish(),
  message: z.string().nullish(),
  solution: nullableString,
});

export const RateLimitBodySchema = z.object({
  error: nullableString,
  message: nullableString,
  requestLimit: z.number().int(),
  requestCount: z.number().int(),
  limits: z
    .array(z.object({ requestLimit: z.number().int(), timeInSeconds: z.number().int() }))
    .nullish(),
  currentTime: z.string(),
  nextResetAt: z.string(),
});
export type RateLimitBody = z.infer<typeof RateLimitBodySchema>;

/** The uuid may come from the Location header alone (the client checks that one is there). */
export const CreateAcceptedSchema = z.object({
  uuid: nullableString,
  status: nullableString,
  message: nullableString,
  pendingEndpoint: nullableString,
});

/** uuid: tracking. supplierId: recognising a creation whose answer was lost (without it such a
 *  creation is confirmed only once it is processed and found). */
export const PendingSupplierSchema = z.object({
  uuid: z.string(),
  supplierId: IdentifierIdSchema.nullish(),
  name: nullableString,
  countryCode: nullableString,
  city: nullableString,
  address: nullableString,
  status: nullableString,
  reason: nullableString,
});
export type PendingSupplier = z.infer<typeof PendingSupplierSchema>;

/** The pending endpoint answers a list; with `uuid` some servers answer the single object. */
export const PendingListSchema = z.union([
  z.array(PendingSupplierSchema),
  PendingSupplierSchema.transform((one) => [one]),
]);

/** platformTargetId: the supplier's platform id. supplierIds: the check by list matches rows on
 *  them (without them the check asks find-by-identifier per row instead). */
export const SupplierSummarySchema = z.object({
  platformTargetId: z.number().int(),
  name: nullableString,
  address: nullableString,
  city: nullableString,
  countryCode: nullableString,
  supplierIds: z.array(IdentifierIdSchema).nullish(),
});
export type SupplierSummary = z.infer<typeof SupplierSummarySchema>;

/** content: the suppliers. size and totalElements (or totalPages): how many pages to read; a
 *  page without them makes the check ask per row instead. */
export const SupplierPageSchema = z.object({
  content: z.array(SupplierSummarySchema),
  size: z.number().int().nullish(),
  number: z.number().int().nullish(),
  totalElements: z.number().int().nullish(),
  totalPages: z.number().int().nullish(),
  numberOfElements: z.number().int().nullish(),
  first: z.boolean().nullish(),
  last: z.boolean().nullish(),
  empty: z.boolean().nullish(),
});
export type SupplierPage = z.infer<typeof SupplierPageSchema>;

/** platformTargetId: the only field the app reads of a supplier found. */
export const SupplierDetailSchema = z.object({
  platformTargetId: z.number().int(),
  name: nullableString,
  sname: nullableString,
  address: nullableString,
  city: nullableString,
  countryCode: nullableString,
  postalCode: nullableString,
  website: nullableString,
  supplierIds: z.array(IdentifierIdSchema).nullish(),
  customerIds: z.array(IdentifierIdSchema).nullish(),
  ownIds: z.array(IdentifierIdSchema).nullish(),
  screened: z.boolean().nullish(),
  screenedStatus: nullableString,
});
export type SupplierDetail = z.infer<typeof SupplierDetailSchema>;

/** find-by-identifier: the published document's list form, or the spec's single object. */
export const FindByIdentifierSchema = z.union([
  z.array(SupplierDetailSchema),
  SupplierDetailSchema.transform((one) => [one]),
]);

/** Not read by the app (the spec shows no body for it). */
export const IdentifierCreatedSchema = z.object({
  type: nullableString,
  id: nullableString,
  source: nullableString,
  platformTargetId: z.number().int().nullish(),
});

/** screeningRequestIds: which requests were made (empty: the supplier was skipped). */
export const ScreeningAcceptedSchema = z.object({
  screeningRequestIds: z.array(z.number().int()),
  message: nullableString,
});

/** status: the only field the spec shows; the id, when given, is kept with the row. */
export const ScreeningStatusSchema = z.object({
  id: z.number().int().nullish(),
  // Further values may appear: kept as text, the sync engine treats unknown ones as running.
  status: z.string(),
  periodInYears: z.number().int().nullish(),
});
export type ScreeningStatus = z.infer<typeof ScreeningStatusSchema>;

/** requestId: the request the row follows. */
export const ValidationAcceptedSchema = z.object({
  requestId: z.string(),
  message: nullableString,
});

/** status (and outcomeTargetId, rejectionReason when given): what the spec shows. */
export const ValidationStatusSchema = z.object({
  requestId: nullableString,
  status: z.string(),
  platformTargetId: z.number().int().nullish(),
  outcomeTargetId: z.number().int().nullish(),
  rejectionReason: nullableString,
  rejectionReasonNotes: nullableString,
  createdAt: nullableString,
  resolvedAt: nullableString,
});
export type ValidationStatus = z.infer<typeof ValidationStatusSchema>;

/**
 * The fields of each answer as the published document lists them: `required` are those it
 * requires, `known` every one it names. An answer without a required one, or with a field
 * outside `known`, is still used when the app's own schema above accepts it; the client says
 * so once per field.
 */
export interface AnswerFields {
  required: readonly string[];
  known: readonly string[];
}

const SUPPLIER_DETAIL_FIELDS: AnswerFields = {
  required: ['platformTargetId', 'name', 'supplierIds', 'customerIds', 'ownIds', 'screened'],
  known: [
    'platformTargetId',
    'name',
    'sname',
    'linkedInId',
    'address',
    'city',
    'countryCode',
    'postalCode',
    'website',
    'logo',
    'yearFounded',
    'size',
    'supplierIds',
    'customerIds',
    'ownIds',
    'screened',
    'screenedStatus',
    'monitoredSince',
    'earliestAlert',
    'siteGroup',
    'connectionContactsCount',
  ],
};

export const ANSWER_FIELDS = {
  create: {
    required: ['uuid', 'message', 'pendingEndpoint'],
    // status: api-spec.md's pending creation response.
    known: ['uuid', 'message', 'pendingEndpoint', 'status'],
  },
  pending: {
    required: ['uuid', 'supplierId', 'status'],
    known: ['uuid', 'supplierId', 'name', 'countryCode', 'city', 'address', 'status', 'reason'],
  },
  page: {
    required: [],
    known: [
      'content',
      'size',
      'number',
      'totalElements',
      'totalPages',
      'numberOfElements',
      'first',
      'last',
      'empty',
    ],
  },
  pageItem: {
    required: ['platformTargetId', 'name', 'supplierIds'],
    known: ['platformTargetId', 'name', 'address', 'city', 'countryCode', 'supplierIds'],
  },
  supplier: SUPPLIER_DETAIL_FIELDS,
  identifierCreated: {
    required: ['type', 'id', 'platformTargetId'],
    known: ['type', 'id', 'source', 'platformTargetId'],
  },
  screeningAccepted: {
    required: ['screeningRequestIds', 'message'],
    known: ['screeningRequestIds', 'message'],
  },
  screeningStatus: {
    required: ['id', 'status', 'periodInYears'],
    known: ['id', 'status', 'periodInYears'],
  },
  validationAccepted: { required: ['requestId', 'message'], known: ['requestId', 'message'] },
  validationStatus: {
    required: ['requestId', 'status', 'platformTargetId'],
    known: [
      'requestId',
      'status',
      'platformTargetId',
      'outcomeTargetId',
      'rejectionReason',
      'rejectionReasonNotes',
      'createdAt',
      'resolvedAt',
    ],
  },
} as const satisfies Record<string, AnswerFields>;
