// The kinds of job (docs/architecture.md, "Kinds of job"): what a job does to the suppliers its
// rows name. Every kind goes through the same pipeline (import, map, validate, check, run,
// results) with the journal, the throttle and the exactly-once discipline; what differs is the
// map fields, the check, the write and how a lost answer is settled.
import { z } from 'zod';
import { failWith } from './errors';
import {
  IdentifierTypeSchema,
  PAYLOAD_FIELDS,
  type IdentifierToAttach,
  type IdentifierType,
  type PayloadFieldKey,
  type SupplierIdentifier,
} from './supplier';

/** The kinds built in, each stored under this name. */
export const OPERATIONS = ['onboard', 'identifiers', 'deactivate', 'scores'] as const;
export type BuiltInOperation = (typeof OPERATIONS)[number];
/** A kind's name. Typed as the built-in names: the screens know those kinds only (their words
 *  and figures, src-renderer/lib/kindWords.ts); a kind registered at run time
 *  (registerOperation) is named through `kindName`, and checked at run time (OperationSchema,
 *  isOperation), not by the type. */
export type Operation = BuiltInOperation;

/** A registered kind's name as the kinds' names are typed (see Operation). */
export function kindName(name: string): Operation {
  return name as Operation;
}

/** A kind's stored name, checked against the kinds known (built in or registered): a job's
 *  stored options read the same as before kinds could be registered. */
export const OperationSchema = z
  .string()
  .refine((name) => isOperation(name), { error: 'no kind of job has this name' }) as z.ZodType<
  Operation,
  string
>;

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
  // Every option of the schema, whichever kind's: a kind's new option is kept without a line here.
  const keys = Object.keys(OperationOptionsSchema.shape) as (keyof OperationOptions)[];
  return Object.fromEntries(
    keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]),
  ) as Partial<OperationOptions>;
}

/** The kind of a job, from its stored options (absent: an onboarding, as every job before). */
export function operationOf(options: { operation?: Operation | undefined }): Operation {
  return options.operation ?? 'onboard';
}

/** What a row's own change came to, for the kinds other than onboarding (the row's `op_result`,
 *  the results workbook's Outcome column): a deactivation done by this job, a supplier the
 *  platform no longer had active (deactivated before, by someone else), one no identifier
 *  matched; for an identifiers job, the identifier added or removed by this job, already on the
 *  supplier (nothing added), on another supplier (not added: the user decides), or not on the
 *  supplier (nothing removed). */
export const OP_RESULTS = [
  'deactivated',
  'already_inactive',
  'not_found',
  'added',
  'already_present',
  'on_other_supplier',
  'removed',
  'not_present',
] as const;
export const OpResultSchema = z.enum(OP_RESULTS);
export type OpResult = z.infer<typeof OpResultSchema>;

/** Map fields only the kinds that act on an existing supplier use (the onboarding Map screen
 *  shows PAYLOAD_FIELDS alone). */
export const KIND_FIELDS = [
  { key: 'platformId', required: false },
  // An identifiers job: the identifier each row adds or removes, and the row's own action.
  { key: 'identifier.type', required: true },
  { key: 'identifier.id', required: true },
  { key: 'identifier.source', required: false },
  { key: 'identifier.action', required: false },
] as const;
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

/** The fields of the identifier an identifiers job changes (type and id required). */
export const IDENTIFIER_CHANGE_FIELDS = [
  'identifier.type',
  'identifier.id',
  'identifier.source',
  'identifier.action',
] as const satisfies readonly MappableFieldKey[];

const NAMED_FIELDS = [
  { key: 'supplierId.id', required: false },
  { key: 'supplierId.source', required: false },
  { key: 'customerId', required: false },
  { key: 'ownId', required: false },
  { key: 'platformId', required: false },
] as const;

/** What the rows of a kind are, for every layer that reads them (import, validation, map, the
 *  screens): one line per kind in KIND_TRAITS. What a kind does (its check, its run, its plan,
 *  its summary and results) is its module in src-main/kinds/. */
export interface KindTraits {
  /** The map fields, in the order a Map screen shows them; `required` is for a field every row
   *  needs. */
  readonly fields: readonly { key: MappableFieldKey; required: boolean }[];
  /** A row names an existing supplier by any identifier (SUPPLIER_REF_FIELDS, one of them needed)
   *  instead of describing a supplier to create. */
  readonly namesSupplier: boolean;
  /** What a row may do with its identifier, the job's choice for rows that do not say (New
   *  import offers them); none for a kind whose rows name no identifier to change. */
  readonly identifierActions: readonly IdentifierAction[];
  /** A row describes a supplier to create: its customer and own ids are attached after the
   *  creation (not part of its payload), and screening and validation may be ordered for it. */
  readonly createsSuppliers: boolean;
  /** The layouts of a sheet of its own its rows come from (a scores sheet's wide or long);
   *  none: its rows come from the Map screen's mapping (hasOwnSheet). */
  readonly sheetLayouts: readonly ScoresLayout[];
  /** A job's rows are looked up on the platform by the identifier check before its start (not:
   *  its writes find each row's supplier themselves, as a batch of scores does). */
  readonly hasCheck: boolean;
  /** The kind of the job that undoes a finished job of this kind (a new job of it acts on
   *  exactly the suppliers the job created); null: it cannot be undone. A start confirmed by a
   *  typed count is the plan's change with `typed` (src-main/kinds/: planCounts). */
  readonly undoneBy: Operation | null;
  /** A row's values are fixed in the app (its grid and row panel); not: in the sheet, uploaded
   *  again as a new job (a batch of scores). */
  readonly fixesInApp: boolean;
  /** A row naming a supplier: the kind's own values besides the supplier it names, read and
   *  checked by validation (src-main/workbook/rowValidator.ts), each problem naming its field;
   *  undefined when a value is missing or wrong (the row is invalid). Without it, a row's
   *  payload is the supplier it names alone. */
  readonly rowValues?: (row: KindRowInput) => KindRowValues | undefined;
}

/** What a kind's own values of a row are read from (KindTraits.rowValues). */
export interface KindRowInput {
  /** The payload fields as far as the mapping built them (address, city, …). */
  readonly draft: Readonly<Record<string, unknown>>;
  /** The identifier fields' texts (identifier.type, .id, .source, .action). */
  readonly change: Readonly<{ type?: string; id?: string; source?: string; action?: string }>;
  /** The field has a column or a constant. */
  isMapped(field: MappableFieldKey): boolean;
  /** The field has a problem already (a value the transforms could not read). */
  hasProblem(field: MappableFieldKey): boolean;
  problem(
    field: MappableFieldKey,
    value: string,
    code: 'value_missing' | 'value_invalid',
    params?: Record<string, string | number>,
  ): void;
}

/** A kind's own values of a row: merged into its payload; `identity` names what two rows of
 *  one file must not share (else the supplier named is), with the field a duplicate is said
 *  on. */
export interface KindRowValues {
  values: Record<string, unknown>;
  identity?: { key: string; field: MappableFieldKey; value: string; variant?: string };
}

const BUILT_IN_TRAITS = {
  onboard: {
    fields: PAYLOAD_FIELDS,
    namesSupplier: false,
    identifierActions: [],
    createsSuppliers: true,
    sheetLayouts: [],
    hasCheck: true,
    undoneBy: 'deactivate',
    fixesInApp: true,
  },
  identifiers: {
    fields: [
      ...NAMED_FIELDS,
      ...KIND_FIELDS.filter((f) => (IDENTIFIER_CHANGE_FIELDS as readonly string[]).includes(f.key)),
    ],
    namesSupplier: true,
    identifierActions: IDENTIFIER_ACTIONS,
    createsSuppliers: false,
    sheetLayouts: [],
    hasCheck: true,
    undoneBy: null,
    fixesInApp: true,
    rowValues: identifierRowValues,
  },
  deactivate: {
    fields: NAMED_FIELDS,
    namesSupplier: true,
    identifierActions: [],
    createsSuppliers: false,
    sheetLayouts: [],
    hasCheck: true,
    undoneBy: null,
    fixesInApp: true,
  },
  scores: {
    fields: PAYLOAD_FIELDS,
    namesSupplier: false,
    identifierActions: [],
    createsSuppliers: false,
    sheetLayouts: SCORES_LAYOUTS,
    hasCheck: false,
    undoneBy: null,
    fixesInApp: false,
  },
} as const satisfies Record<BuiltInOperation, KindTraits>;

/** Every kind's traits, by its name: the built-in ones, then those registered. */
export const KIND_TRAITS: Readonly<Record<string, KindTraits>> & typeof BUILT_IN_TRAITS = {
  ...BUILT_IN_TRAITS,
};

/** Whether a kind of this name is built in or registered. */
export function isOperation(name: string): name is Operation {
  return Object.hasOwn(KIND_TRAITS, name);
}

/** Makes a kind known by its name and traits (src-main/kinds/registry.ts registerKind): its
 *  stored name then validates, its fields map. A name is registered once; a built-in one never. */
export function registerOperation(name: string, traits: KindTraits): void {
  if (!/^[a-z][a-z0-9_]{1,30}$/.test(name))
    throw new Error(`a kind's name is lower case letters, digits and _: ${name}`);
  if (isOperation(name)) throw new Error(`a kind named ${name} is known already`);
  (KIND_TRAITS as Record<string, KindTraits>)[name] = traits;
}

/** Its rows come from a sheet of its own layout, not from the Map screen's mapping. */
export function hasOwnSheet(traits: KindTraits): boolean {
  return traits.sheetLayouts.length > 0;
}

/** The traits of a kind (absent: an onboarding, as every job before kinds). */
export function kindTraits(operation: Operation | undefined): KindTraits {
  const traits = KIND_TRAITS[operation ?? 'onboard'];
  if (!traits) failWith('not_found', { reason: 'job_kind', kind: String(operation) });
  return traits;
}

/** The map fields of a kind of job, in the order a Map screen shows them (KindTraits.fields). */
export function fieldsFor(
  operation: Operation,
): readonly { key: MappableFieldKey; required: boolean }[] {
  return kindTraits(operation).fields;
}

/** The fields a row panel offers to fix in a job of `operation`: the kind's own fields, none for
 *  a kind whose rows are fixed in their sheet (a fix offered there could not be saved). */
export function fixableFields(operation: Operation | undefined): readonly MappableFieldKey[] {
  const traits = kindTraits(operation);
  return traits.fixesInApp ? traits.fields.map((f) => f.key) : [];
}

/** A mapping as a job of `operation` stores it: the kind rides in `mapping.operation`, absent for
 *  an onboarding (so a mapping from before kinds and one made now are the same). */
export function mappingOfKind<M extends { operation?: Operation | undefined }>(
  mapping: M,
  operation: Operation,
): M {
  if (operation === OPERATIONS[0]) {
    const { operation: _dropped, ...rest } = mapping;
    return rest as M;
  }
  return { ...mapping, operation };
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

/** The words a cell may give an identifier's type in (compared without case, spaces, `_` or
 *  `-`), besides the API's own SUPPLIER_ID, CUSTOMER_ID and OWN_ID. */
const TYPE_WORDS: Record<IdentifierType, readonly string[]> = {
  SUPPLIER_ID: ['supplierid', 'supplier', 'suppliernumber', 'lieferantenid', 'lieferantennummer'],
  CUSTOMER_ID: ['customerid', 'customer', 'customernumber', 'kundenid', 'kundennummer'],
  OWN_ID: ['ownid', 'own', 'eigeneid', 'eigenekennung', 'eigenenummer'],
};

/** An identifier's type from a cell ("CUSTOMER_ID", "customer id", "Kundennummer"); undefined
 *  for anything else. */
export function identifierTypeOf(text: string): IdentifierType | undefined {
  const key = text.toLowerCase().replace(/[\s_\-.]+/g, '');
  if (!key) return undefined;
  for (const [type, words] of Object.entries(TYPE_WORDS) as [IdentifierType, readonly string[]][])
    if (words.includes(key)) return type;
  return undefined;
}

/** The words of a row's Action cell (compared without case): add or remove, in English or
 *  German; undefined for anything else. */
export function identifierActionOf(text: string): IdentifierAction | undefined {
  const key = text.trim().toLowerCase();
  if (key === 'add' || key === 'hinzufügen' || key === 'hinzufuegen') return 'add';
  if (key === 'remove' || key === 'entfernen') return 'remove';
  return undefined;
}

/** An identifiers row's payload: the supplier it names (as SupplierRefPayload), the identifier
 *  to add or remove, and the row's own action when an Action column is mapped. */
export const IdentifierChangePayloadSchema = z.object({
  identifier: z.object({
    type: IdentifierTypeSchema,
    id: refText,
    source: refText.optional(),
  }),
  action: IdentifierActionSchema.optional(),
});

/** What an identifiers row changes: its identifier and its action (the row's own, else the
 *  job's); undefined when the payload has no identifier. */
export function identifierChange(
  payload: Record<string, unknown> | null | undefined,
  jobAction: IdentifierAction,
): { identifier: IdentifierToAttach; action: IdentifierAction } | undefined {
  const parsed = IdentifierChangePayloadSchema.safeParse(payload ?? {});
  if (!parsed.success) return undefined;
  const { identifier, action } = parsed.data;
  const id: IdentifierToAttach = { type: identifier.type, id: identifier.id };
  if (identifier.source) id.source = identifier.source;
  return { identifier: id, action: action ?? jobAction };
}

/** An identifiers row's identifier and action, each problem naming its cell: the type in the
 *  API's words or readable ones, the id, an optional source, and the action when an Action
 *  column is mapped (a blank cell of a mapped Action column is a problem too: the row must say
 *  it, or the column be unmapped so that the job's action applies). The same identifier twice
 *  in a file is a duplicate: an identifier belongs to one supplier only. */
function identifierRowValues(row: KindRowInput): KindRowValues | undefined {
  const cells = row.change;
  const missing = (field: MappableFieldKey) => {
    if (!row.hasProblem(field)) row.problem(field, '', 'value_missing');
  };
  const invalid = (field: MappableFieldKey, value: string, variant: string) =>
    row.problem(field, value, 'value_invalid', { variant });
  const type = cells.type ? identifierTypeOf(cells.type) : undefined;
  if (!cells.type) missing('identifier.type');
  else if (!type) invalid('identifier.type', cells.type, 'identifier_type');
  if (!cells.id) missing('identifier.id');
  let action: IdentifierAction | undefined;
  if (row.isMapped('identifier.action') || cells.action) {
    action = cells.action ? identifierActionOf(cells.action) : undefined;
    if (!cells.action) missing('identifier.action');
    else if (!action) invalid('identifier.action', cells.action, 'identifier_action');
  }
  if (!type || !cells.id) return undefined;
  const identifier: IdentifierToAttach = { type, id: cells.id };
  if (cells.source) identifier.source = cells.source;
  const key = JSON.stringify({ identifier });
  return {
    values: action ? { identifier, action } : { identifier },
    identity: { key, field: 'identifier.id', value: identifier.id, variant: 'identifier' },
  };
}

/** The find-by-identifier query that finds the supplier holding an identifier. */
export function holderQuery(id: IdentifierToAttach): SupplierIdentifier {
  const query: SupplierIdentifier =
    id.type === 'CUSTOMER_ID'
      ? { customerId: id.id }
      : id.type === 'OWN_ID'
        ? { ownId: id.id }
        : { supplierId: id.id };
  if (id.source) query.source = id.source;
  return query;
}
