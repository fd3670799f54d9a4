// Every wire name of the supplier API in one place: paths, headers, query parameters and JSON
// fields (as zod schemas and request builders). A rename on the API side is one edit here.
// Response schemas tolerate unknown fields (zod objects strip them) and report missing ones.
import { z } from 'zod';
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

export function createSupplierBody(p: SupplierCreatePayload): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: p.name,
    countryCode: p.countryCode,
    city: p.city,
    address: p.address,
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

const nullableString = z.string().nullish();

export const IdentifierIdSchema = z.object({ id: z.string(), source: nullableString });

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  solution: nullableString,
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

export const CreateAcceptedSchema = z.object({
  uuid: z.string(),
  message: nullableString,
  pendingEndpoint: nullableString,
});

export const PendingSupplierSchema = z.object({
  uuid: z.string(),
  supplierId: IdentifierIdSchema,
  name: nullableString,
  countryCode: nullableString,
  city: nullableString,
  address: nullableString,
  status: z.string(),
  reason: nullableString,
});
export type PendingSupplier = z.infer<typeof PendingSupplierSchema>;

/** The pending endpoint answers a list; with `uuid` some servers answer the single object. */
export const PendingListSchema = z.union([
  z.array(PendingSupplierSchema),
  PendingSupplierSchema.transform((one) => [one]),
]);

export const SupplierSummarySchema = z.object({
  platformTargetId: z.number().int(),
  name: z.string(),
  address: nullableString,
  city: nullableString,
  countryCode: nullableString,
  supplierIds: z.array(IdentifierIdSchema),
});
export type SupplierSummary = z.infer<typeof SupplierSummarySchema>;

export const SupplierPageSchema = z.object({
  content: z.array(SupplierSummarySchema),
  size: z.number().int(),
  number: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  numberOfElements: z.number().int().nullish(),
  first: z.boolean().nullish(),
  last: z.boolean(),
  empty: z.boolean().nullish(),
});
export type SupplierPage = z.infer<typeof SupplierPageSchema>;

export const SupplierDetailSchema = z.object({
  platformTargetId: z.number().int(),
  name: z.string(),
  sname: nullableString,
  address: nullableString,
  city: nullableString,
  countryCode: nullableString,
  postalCode: nullableString,
  website: nullableString,
  supplierIds: z.array(IdentifierIdSchema),
  customerIds: z.array(IdentifierIdSchema),
  ownIds: z.array(IdentifierIdSchema),
  screened: z.boolean(),
  screenedStatus: nullableString,
});
export type SupplierDetail = z.infer<typeof SupplierDetailSchema>;

/** find-by-identifier: the published document's list form, or the spec's single object. */
export const FindByIdentifierSchema = z.union([
  z.array(SupplierDetailSchema),
  SupplierDetailSchema.transform((one) => [one]),
]);

export const IdentifierCreatedSchema = z.object({
  type: z.string(),
  id: z.string(),
  source: nullableString,
  platformTargetId: z.number().int(),
});

export const ScreeningAcceptedSchema = z.object({
  screeningRequestIds: z.array(z.number().int()),
  message: nullableString,
});

export const ScreeningStatusSchema = z.object({
  id: z.number().int(),
  // Further values may appear: kept as text, the sync engine treats unknown ones as running.
  status: z.string(),
  periodInYears: z.number().int().nullish(),
});
export type ScreeningStatus = z.infer<typeof ScreeningStatusSchema>;

export const ValidationAcceptedSchema = z.object({
  requestId: z.string(),
  message: nullableString,
});

export const ValidationStatusSchema = z.object({
  requestId: z.string(),
  status: z.string(),
  platformTargetId: z.number().int().nullish(),
  outcomeTargetId: z.number().int().nullish(),
  rejectionReason: nullableString,
  rejectionReasonNotes: nullableString,
  createdAt: nullableString,
  resolvedAt: nullableString,
});
export type ValidationStatus = z.infer<typeof ValidationStatusSchema>;
