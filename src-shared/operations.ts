// The kinds of job (docs/architecture.md, "Kinds of job"): what a job does to the suppliers its
// rows name. Every kind goes through the same pipeline (import, map, validate, check, run,
// results) with the journal, the throttle and the exactly-once discipline; what differs is the
// map fields, the check, the write and how a lost answer is settled.
import { z } from 'zod';
import { PAYLOAD_FIELDS, type PayloadFieldKey, type SupplierIdentifier } from './supplier';

export const OPERATIONS = ['onboard', 'identifiers', 'deactivate', 'scores'] as const;
export const OperationSchema = z.enum(OPERATIONS);
export type Operation = z.infer<typeof OperationSchema>;

/** What an identifiers job does with each row's identifier, when the row does not say. */
export const IDENTIFIER_ACTIONS = ['add', 'remove'] as const;
export const IdentifierActionSchema = z.enum(IDENTIFIER_ACTIONS);
export type IdentifierAction = z.infer<typeof IdentifierActionSchema>;

/** How a scores sheet is laid out: a column per event type (a row per supplier), or a row per
 *  supplier, event type and score. */
export const SCORES_LAYOUTS = ['wide', 'long'] as const;
export const ScoresLayoutSchema = z.enum(SCORES_LAYOUTS);
export type ScoresLayout = z.infer<typeof ScoresLayoutSchema>;

/** The options of a job that are about its kind; every one has a default, so a job from before
 *  kinds existed reads as an onboarding. */
export const OperationOptionsSchema = z.object({
  operation: OperationSchema.default('onboard'),
  /** identifiers: the action of a row without an Action column. */
  identifierAction: IdentifierActionSchema.default('add'),
  /** deactivate: the onboarding job whose created suppliers this job deactivates (undo). */
  undoOf: z.string().min(1).max(100).nullable().default(null),
  /** scores: the perspective whose event types the scores belong to. */
  perspectiveId: z.string().min(1).max(100).nullable().default(null),
  /** scores: the sheet's layout. */
  scoresLayout: ScoresLayoutSchema.default('wide'),
});
export type OperationOptions = z.infer<typeof OperationOptionsSchema>;

/** The kind and the kind's own options a job's stored options hold (none for a job from before
 *  kinds existed). */
export function kindOptions(options: Partial<OperationOptions>): Partial<OperationOptions> {
  const out: Partial<OperationOptions> = {};
  if (options.operation !== undefined) out.operation = options.operation;
  if (options.identifierAction !== undefined) out.identifierAction = options.identifierAction;
  if (options.undoOf !== undefined) out.undoOf = options.undoOf;
  if (options.perspectiveId !== undefined) out.perspectiveId = options.perspectiveId;
  if (options.scoresLayout !== undefined) out.scoresLayout = options.scoresLayout;
  return out;
}

/** The kind of a job, from its stored options (absent: an onboarding, as every job before). */
export function operationOf(options: { operation?: Operation | undefined }): Operation {
  return options.operation ?? 'onboard';
}

/** What a row's own change came to, for the kinds other than onboarding (the row's `op_result`,
 *  the results workbook's Outcome column): a deactivation done by this job, a supplier the
 *  platform no longer had active (deactivated before, by someone else), one no identifier
 *  matched. */
export const OP_RESULTS = ['deactivated', 'already_inactive', 'not_found'] as const;
export const OpResultSchema = z.enum(OP_RESULTS);
export type OpResult = z.infer<typeof OpResultSchema>;

/** Map fields only the kinds that act on an existing supplier use (the onboarding Map screen
 *  shows PAYLOAD_FIELDS alone). */
export const KIND_FIELDS = [{ key: 'platformId', required: false }] as const;
export type KindFieldKey = (typeof KIND_FIELDS)[number]['key'];

/** Every field a column can be mapped to, whatever the kind. */
export const MAPPABLE_FIELDS = [...PAYLOAD_FIELDS, ...KIND_FIELDS] as const;
export type MappableFieldKey = PayloadFieldKey | KindFieldKey;

/** The fields a row names its supplier by, for the kinds that act on an existing supplier: at
 *  least one of them must have a value. */
export const SUPPLIER_REF_FIELDS = [
  'platformId',
  'supplierId.id',
  'customerId',
  'ownId',
] as const satisfies readonly MappableFieldKey[];

/** The map fields of a kind of job, in the order a Map screen shows them; `required` is for a
 *  field every row needs (a deactivate row needs one of SUPPLIER_REF_FIELDS instead). */
export function fieldsFor(
  operation: Operation,
): readonly { key: MappableFieldKey; required: boolean }[] {
  if (operation !== 'deactivate') return PAYLOAD_FIELDS;
  return [
    { key: 'supplierId.id', required: false },
    { key: 'supplierId.source', required: false },
    { key: 'customerId', required: false },
    { key: 'ownId', required: false },
    { key: 'platformId', required: false },
  ];
}

const refText = z.string().trim().min(1).max(500);

/** A deactivate row's payload: the supplier it names, by any identifier. */
export const SupplierRefPayloadSchema = z
  .object({
    platformId: refText.optional(),
    supplierId: z.object({ id: refText.optional(), source: refText.optional() }).optional(),
    customerId: refText.optional(),
    ownId: refText.optional(),
  })
  .refine((v) => v.platformId ?? v.supplierId?.id ?? v.customerId ?? v.ownId, {
    error: 'name the supplier: a platform id, supplier id, customer id or own id',
  });
export type SupplierRefPayload = z.infer<typeof SupplierRefPayloadSchema>;

/** The identifier a row's payload names its supplier by, as find-by-identifier and DELETE take
 *  it: the platform id when there is one (the most precise), else every id the row has (the API
 *  ORs them; a source narrows the supplier id). */
export function rowIdentifier(
  payload: Record<string, unknown> | null | undefined,
): SupplierIdentifier | undefined {
  const parsed = SupplierRefPayloadSchema.safeParse(payload ?? {});
  if (!parsed.success) return undefined;
  const v = parsed.data;
  if (v.platformId) return { platformId: v.platformId };
  const out: SupplierIdentifier = {};
  if (v.supplierId?.id) {
    out.supplierId = v.supplierId.id;
    if (v.supplierId.source) out.source = v.supplierId.source;
  }
  if (v.customerId) out.customerId = v.customerId;
  if (v.ownId) out.ownId = v.ownId;
  return out;
}
