// The supplier creation payload (v2) and identities, shared by the workbook validation, the API
// client and the UI. Wire field names follow docs/api/api-notes.md: `city` and `address`.
import { z } from 'zod';

export const SCREENING_PERIODS = [2, 5, 10] as const;
export const ScreeningPeriodSchema = z.union([z.literal(2), z.literal(5), z.literal(10)]);
export type ScreeningPeriod = z.infer<typeof ScreeningPeriodSchema>;

const requiredText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required and may not be blank` });

export const SupplierIdSchema = z.object({
  id: requiredText('supplierId.id'),
  source: z.string().trim().min(1).optional(),
});
export type SupplierId = z.infer<typeof SupplierIdSchema>;

export const CountryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, { error: 'countryCode must be a two-letter ISO code such as DE or US' });

export const SupplierCreatePayloadSchema = z.object({
  name: requiredText('name'),
  countryCode: CountryCodeSchema,
  city: requiredText('city'),
  address: requiredText('address'),
  postalCode: z.string().trim().min(1).optional(),
  supplierId: SupplierIdSchema,
  industries: z.array(z.string().trim().min(1)).optional(),
  screeningPeriodInYears: ScreeningPeriodSchema.nullable().optional(),
  requestValidationOnCreate: z.boolean().nullable().optional(),
});
export type SupplierCreatePayload = z.infer<typeof SupplierCreatePayloadSchema>;

/** The payload fields whose value orders paid work for its row: a screening period, a
 *  validation. A mapping that fills them (a column or a fixed value) orders it from the sheet. */
export const PAID_FIELDS = ['screeningPeriodInYears', 'requestValidationOnCreate'] as const;

/** Kinds of identifier a supplier site can carry (identifier management body `type`). */
export const IdentifierTypeSchema = z.enum(['SUPPLIER_ID', 'CUSTOMER_ID', 'OWN_ID']);
export type IdentifierType = z.infer<typeof IdentifierTypeSchema>;

/** An identifier to attach to a supplier (identifier management body `{type, id, source}`). */
export interface IdentifierToAttach {
  type: IdentifierType;
  id: string;
  source?: string;
}

/** The payload keys of the ids a row attaches once its supplier exists, and their `type`
 *  (docs/api/api-notes.md, "Identifiers"). They ride in the row's payload beside the create's
 *  fields; the create's schema leaves them out. */
export const ATTACHED_ID_FIELDS = [
  { key: 'customerId', type: 'CUSTOMER_ID' },
  { key: 'ownId', type: 'OWN_ID' },
] as const satisfies readonly { key: string; type: IdentifierType }[];

/** The fields that say which supplier a row is (its ids): a value here belongs to one row, so a
 *  fix of one is never offered to the other rows that have the value (they may be right). */
export const IDENTITY_FIELDS: readonly string[] = [
  'supplierId.id',
  'customerId',
  'ownId',
  'platformId',
  'identifier.id',
];

/** After a fix of one row's value, whether the grid offers the same fix to the other rows with
 *  the value: not for an empty value, nor for an id. */
export function offersSameFix(field: string, before: string): boolean {
  return before.trim() !== '' && !IDENTITY_FIELDS.includes(field);
}

/** What attaching one id came to: added by this job, on the supplier already, on another
 *  supplier, or refused by the platform (400). */
export const ATTACH_RESULTS = ['added', 'present', 'other', 'rejected'] as const;
export type AttachResult = (typeof ATTACH_RESULTS)[number];

export interface AttachedIdentifier extends IdentifierToAttach {
  result: AttachResult;
  /** `other`: the supplier holding it, when the platform said; `rejected`: the API's words. */
  holder?: string;
  message?: string;
}

/** The ids a row's payload asks to attach, in a fixed order (customer id, own id); with
 *  `supplierId`, the row's own supplier id (and source) first: a row the user attached to an
 *  existing supplier instead of creating it. */
export function identifiersToAttach(
  payload: Record<string, unknown> | null | undefined,
  supplierId = false,
): IdentifierToAttach[] {
  const out: IdentifierToAttach[] = [];
  const sid = payload?.supplierId as { id?: unknown; source?: unknown } | undefined;
  if (supplierId && typeof sid?.id === 'string' && sid.id.trim()) {
    const source = typeof sid.source === 'string' && sid.source.trim() ? sid.source.trim() : '';
    out.push({ type: 'SUPPLIER_ID', id: sid.id.trim(), ...(source ? { source } : {}) });
  }
  for (const { key, type } of ATTACHED_ID_FIELDS) {
    const v = payload?.[key];
    if (typeof v === 'string' && v.trim()) out.push({ type, id: v.trim() });
  }
  return out;
}

/** The same id (type, id, source as the server trims them). */
export function sameIdentifier(a: IdentifierToAttach, b: IdentifierToAttach): boolean {
  return a.type === b.type && a.id === b.id && (a.source ?? '') === (b.source ?? '');
}

/** The identifier query of every v2 endpoint: at least one id kind, optional source. */
export const SupplierIdentifierSchema = z
  .object({
    supplierId: z.string().trim().min(1).optional(),
    customerId: z.string().trim().min(1).optional(),
    ownId: z.string().trim().min(1).optional(),
    platformId: z.union([z.string().trim().min(1), z.number().int()]).optional(),
    source: z.string().trim().min(1).optional(),
  })
  .refine((v) => v.supplierId ?? v.customerId ?? v.ownId ?? v.platformId, {
    error: 'an identifier needs at least one of supplierId, customerId, ownId or platformId',
  });
export type SupplierIdentifier = z.infer<typeof SupplierIdentifierSchema>;

/**
 * The identity of a row: `supplierId.id + supplierId.source`, as the API's duplicate rule
 * (409) sees it. Strings are trimmed as the server trims them.
 */
export function identityKey(supplierId: {
  id: string;
  source?: string | null | undefined;
}): string {
  return `${supplierId.id.trim()}\u001f${(supplierId.source ?? '').trim()}`;
}

/** The payload fields a column can be mapped to, in the order the UI shows them. */
export const PAYLOAD_FIELDS = [
  { key: 'name', required: true },
  { key: 'countryCode', required: true },
  { key: 'city', required: true },
  { key: 'address', required: true },
  { key: 'postalCode', required: false },
  { key: 'supplierId.id', required: true },
  { key: 'supplierId.source', required: false },
  { key: 'industries', required: false },
  { key: 'screeningPeriodInYears', required: false },
  { key: 'requestValidationOnCreate', required: false },
  { key: 'customerId', required: false },
  { key: 'ownId', required: false },
  // Registration numbers (src-shared/registration.ts): kept and compared, never sent.
  { key: 'vatId', required: false },
  { key: 'taxNumber', required: false },
  { key: 'duns', required: false },
  { key: 'registerNumber', required: false },
  // The telephone number: kept and compared as evidence, never sent.
  { key: 'phone', required: false },
] as const;
export type PayloadFieldKey = (typeof PAYLOAD_FIELDS)[number]['key'];
