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

// ---- Both vocabularies, one internal shape ----------------------------------------------------
// api-spec.md's Target names the platform id `id` and the supplier's identifiers `foreignSystems`
// [{system, id, source}]; the published document (and a rich server) says `platformTargetId` and
// `supplierIds` / `customerIds` / `ownIds`. Each answer below accepts both and hands the app one
// shape (the rich names). A value the app truly needs and cannot find under either name makes
// the parse fail with an issue carrying `params.lacks` (see `lacking`), which the client turns
// into a `lacks_field` answer naming the field; the engine pauses the job on it.

/** The issue of a needed value missing from an answer: `field` names it as the spec does. */
function lacking(ctx: z.RefinementCtx, field: string): typeof z.NEVER {
  ctx.addIssue({
    code: 'custom',
    message: `the answer has no ${field}`,
    params: { lacks: field },
  });
  return z.NEVER;
}

/** The field name an issue of `lacking` carries; undefined for every other issue. */
export function lackedField(issue: { code: string; params?: unknown }): string | undefined {
  if (issue.code !== 'custom' || !issue.params || typeof issue.params !== 'object')
    return undefined;
  const lacks = (issue.params as { lacks?: unknown }).lacks;
  return typeof lacks === 'string' ? lacks : undefined;
}

/** A platform id as a whole number (some servers send it as a numeric string). */
const platformIdValue = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((v) => Number(v)),
]);

/** A string id (a number is taken as its text). */
const idText = z.union([z.string(), z.number().transform((v) => String(v))]);

/** A postal code as text: some servers send one of digits as a number (its leading zeros are
 *  lost then; the app restores them by country where it compares). Any other value is taken as
 *  none: the list was read without postal codes before, and an odd one must not fail a page. */
const postalCodeText = z
  .union([z.string(), z.number().transform((v) => String(v))])
  .nullish()
  .catch(undefined);

const IdentifierItemSchema = z.object({ id: idText, source: nullableString });
const IdentifierItemsSchema = z.array(IdentifierItemSchema).nullish();

/** The spec's foreignSystems entry: `system` says which kind of identifier it is. */
const ForeignSystemSchema = z.object({
  system: z.union([z.string(), z.number()]).nullish(),
  id: idText.nullish(),
  source: nullableString,
});
type ForeignSystem = z.infer<typeof ForeignSystemSchema>;
export type IdentifierKindName = 'supplier' | 'customer' | 'own';

/** The kind of identifier a foreignSystems `system` names (supplier, SUPPLIER_ID, supplierId,
 *  customer, own, ...); undefined for systems the app does not handle (kept out). */
export function foreignSystemKind(system: unknown): IdentifierKindName | undefined {
  if (typeof system !== 'string') return undefined;
  const word = system
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
    .replace(/ids?$/, '');
  return word === 'supplier' || word === 'customer' || word === 'own' ? word : undefined;
}

/** The identifiers of one kind: the rich list when given, else the spec's foreignSystems of
 *  that kind, else undefined (the answer says nothing about them). */
function identifiersOf(
  rich: z.infer<typeof IdentifierItemsSchema>,
  foreign: ForeignSystem[] | null | undefined,
  kind: IdentifierKindName,
): { id: string; source?: string | null }[] | undefined {
  if (rich) return rich;
  if (!foreign) return undefined;
  return foreign.flatMap((f) =>
    foreignSystemKind(f.system) === kind && f.id !== undefined && f.id !== null && f.id !== ''
      ? [{ id: f.id, source: f.source ?? null }]
      : [],
  );
}

/** An identifier of the spec's foreignSystems whose `system` is no kind the app knows ("SAP",
 *  a number, none): kept with its word, never dropped. Which kind it is the answer does not
 *  say; the check matches a row's supplier id against it by id and source (api/openWords.ts). */
export interface OtherIdentifier {
  id: string;
  source?: string | null;
  /** The word as it came (a number as its text; '' when there is none). */
  system: string;
}

/** The foreignSystems entries of no known kind; undefined when the answer has none of the
 *  spec's (its identifiers came in the rich lists, or not at all). */
function otherIdentifiersOf(
  foreign: ForeignSystem[] | null | undefined,
): OtherIdentifier[] | undefined {
  if (!foreign) return undefined;
  return foreign.flatMap((f) =>
    foreignSystemKind(f.system) === undefined && f.id !== undefined && f.id !== null && f.id !== ''
      ? [{ id: f.id, source: f.source ?? null, system: String(f.system ?? '') }]
      : [],
  );
}

/** Fields shared by a supplier of the list and a supplier found, in both vocabularies. */
const supplierFields = {
  platformTargetId: platformIdValue.nullish(),
  /** The spec's Target id (the platform id). */
  id: platformIdValue.nullish(),
  name: nullableString,
  address: nullableString,
  /** Not in the published document's list item; the sandbox's list and its supplier found carry
   *  it (duplicate detection compares addresses). */
  postalCode: postalCodeText,
  city: nullableString,
  countryCode: nullableString,
  supplierIds: IdentifierItemsSchema,
  foreignSystems: z.array(ForeignSystemSchema).nullish(),
};

/** uuid: tracking. supplierId: recognising a creation whose answer was lost (without it such a
 *  creation is confirmed only once it is processed and found). */
export const PendingSupplierSchema = z
  .object({
    uuid: nullableString,
    supplierId: z.object({ id: idText, source: nullableString }).nullish().catch(undefined),
    name: nullableString,
    countryCode: nullableString,
    city: nullableString,
    address: nullableString,
    status: nullableString,
    reason: nullableString,
  })
  .transform((p, ctx) => {
    const uuid = p.uuid?.trim();
    if (!uuid) return lacking(ctx, 'uuid');
    return { ...p, uuid };
  });
export type PendingSupplier = z.output<typeof PendingSupplierSchema>;

/** The pending endpoint answers a list; with `uuid` the spec's server answers the one request. */
export const PendingListSchema = z.preprocess(
  (v) => (Array.isArray(v) ? v : [v]),
  z.array(PendingSupplierSchema),
);

/** platformTargetId (the spec's `id`): the supplier's platform id. supplierIds (or the spec's
 *  foreignSystems): the check by list matches rows on them (without them the check asks
 *  find-by-identifier per row instead). */
const SupplierFieldsSchema = z.object(supplierFields);

/** What a listed and a found supplier share, in the app's words: the platform id under either
 *  name (the answer lacks it when neither is there), the address and the supplier ids. */
function summaryOf(s: z.output<typeof SupplierFieldsSchema>, ctx: z.RefinementCtx) {
  const platformTargetId = s.platformTargetId ?? s.id;
  if (platformTargetId === undefined || platformTargetId === null)
    return lacking(ctx, 'id (platformTargetId)');
  return {
    platformTargetId,
    name: s.name,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    countryCode: s.countryCode,
    supplierIds: identifiersOf(s.supplierIds, s.foreignSystems, 'supplier'),
    otherIds: s.supplierIds ? undefined : otherIdentifiersOf(s.foreignSystems),
  };
}

export const SupplierSummarySchema = SupplierFieldsSchema.transform(summaryOf);
export type SupplierSummary = z.output<typeof SupplierSummarySchema>;

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
export type SupplierPage = z.output<typeof SupplierPageSchema>;

/** platformTargetId (the spec's `id`): the only field the app needs of a supplier found. */
export const SupplierDetailSchema = z
  .object({
    ...supplierFields,
    sname: nullableString,
    website: nullableString,
    customerIds: IdentifierItemsSchema,
    ownIds: IdentifierItemsSchema,
    screened: z.boolean().nullish(),
    screenedStatus: nullableString,
  })
  .transform((s, ctx) => {
    const summary = summaryOf(s, ctx);
    if (summary === z.NEVER) return z.NEVER;
    return {
      ...summary,
      sname: s.sname,
      website: s.website,
      customerIds: identifiersOf(s.customerIds, s.foreignSystems, 'customer'),
      ownIds: identifiersOf(s.ownIds, s.foreignSystems, 'own'),
      screened: s.screened,
      screenedStatus: s.screenedStatus,
    };
  });
export type SupplierDetail = z.output<typeof SupplierDetailSchema>;

/** find-by-identifier: the published document's list form, or the spec's single object. */
export const FindByIdentifierSchema = z.preprocess(
  (v) => (Array.isArray(v) ? v : [v]),
  z.array(SupplierDetailSchema),
);

/** Not read by the app (the spec shows no body for it: none, or an empty one, is fine). */
export const IdentifierCreatedSchema = z
  .object({
    type: nullableString,
    id: idText.nullish(),
    source: nullableString,
    platformTargetId: platformIdValue.nullish(),
  })
  .nullish()
  .transform((v) => v ?? {});

/** screeningRequestIds: which requests were made (empty: the supplier was skipped). */
export const ScreeningAcceptedSchema = z
  .object({
    screeningRequestIds: z.array(z.number().int()).nullish(),
    message: nullableString,
  })
  .transform((v, ctx) =>
    v.screeningRequestIds
      ? { screeningRequestIds: v.screeningRequestIds, message: v.message }
      : lacking(ctx, 'screeningRequestIds'),
  );

/** status: the only field the spec shows; the id, when given, is kept with the row. */
export const ScreeningStatusSchema = z
  .object({
    id: z.number().int().nullish(),
    // Further values may appear: kept as text, the sync engine treats unknown ones as running.
    status: nullableString,
    periodInYears: z.number().int().nullish(),
  })
  .transform((v, ctx) =>
    v.status
      ? { id: v.id, status: v.status, periodInYears: v.periodInYears }
      : lacking(ctx, 'status'),
  );
export type ScreeningStatus = z.output<typeof ScreeningStatusSchema>;

/** requestId: the request the row follows. */
export const ValidationAcceptedSchema = z
  .object({ requestId: idText.nullish(), message: nullableString })
  .transform((v, ctx) =>
    v.requestId ? { requestId: v.requestId, message: v.message } : lacking(ctx, 'requestId'),
  );

/** status (and outcomeTargetId, rejectionReason when given): what the spec shows. */
export const ValidationStatusSchema = z
  .object({
    requestId: idText.nullish(),
    status: nullableString,
    platformTargetId: platformIdValue.nullish(),
    outcomeTargetId: platformIdValue.nullish(),
    rejectionReason: nullableString,
    rejectionReasonNotes: nullableString,
    createdAt: nullableString,
    resolvedAt: nullableString,
  })
  .transform((v, ctx) => (v.status ? { ...v, status: v.status } : lacking(ctx, 'status')));
export type ValidationStatus = z.output<typeof ValidationStatusSchema>;

/**
 * The fields of each answer as the published document lists them: `required` are those it
 * requires, `known` every one it names. An answer without a required one, or with a field
 * outside `known`, is still used when the app's own schema above accepts it; the client says
 * so once per field.
 */
export interface AnswerFields {
  required: readonly string[];
  known: readonly string[];
  /** A required field's name in api-spec.md's vocabulary: an answer that carries it under that
   *  name lacks nothing (the Target's `id`, `foreignSystems`). */
  specNames?: Readonly<Record<string, string>>;
}

/** The Target's words for the published document's supplier fields. */
const TARGET_NAMES = {
  platformTargetId: 'id',
  supplierIds: 'foreignSystems',
  customerIds: 'foreignSystems',
  ownIds: 'foreignSystems',
} as const;

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
    // api-spec.md's Target.
    'id',
    'foreignSystems',
  ],
  specNames: TARGET_NAMES,
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
    known: [
      'platformTargetId',
      'name',
      'address',
      'city',
      'countryCode',
      'supplierIds',
      // Not in the published document's item: the sandbox's list carries it, the app reads it.
      'postalCode',
      'id',
      'foreignSystems',
    ],
    specNames: TARGET_NAMES,
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
