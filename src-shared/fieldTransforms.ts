// The transform settings a mapped field can carry, shared by the mapping (services), the
// mapping file of the command line and the Map screen. Each field offers only the settings that
// make sense for its values; the fixed steps (spaces collapsed, countries to ISO codes, yes/no
// words to booleans) always run.
import { z } from 'zod';
import type { MappableFieldKey } from './operations';
import type { PayloadFieldKey } from './supplier';

export const TEXT_CASES = ['keep', 'upper', 'lower', 'title'] as const;
export type TextCase = (typeof TEXT_CASES)[number];

/** Separator characters the industries list may use: punctuation, no letters, digits or spaces. */
const SEPARATORS = /^[^\p{L}\p{N}\s]{1,5}$/u;

export const FieldTransformSchema = z
  .object({
    /** Letter case of the value ('keep' when left out). */
    case: z.enum(TEXT_CASES).optional(),
    /** An all-digit value shorter than this many digits gets leading zeros (Excel drops them
     *  when it stores a number such as 000123 as 123). */
    padZeros: z.number().int().min(2).max(20).optional(),
    /** Postal codes: restore the leading zeros where the country makes them certain (on when
     *  left out). */
    restoreZeros: z.boolean().optional(),
    /** Industries: the characters that separate the entries of one cell (";," when left out;
     *  a line break always separates). */
    separators: z
      .string()
      .regex(SEPARATORS, {
        error: 'separators are one to five punctuation characters such as ; , | or /',
      })
      .optional(),
  })
  .strict();
export type FieldTransform = z.infer<typeof FieldTransformSchema>;
export type TransformSetting = keyof FieldTransform;

export const DEFAULT_SEPARATORS = ';,';

/** The settings each field offers, in the order the Map screen shows them. */
export const FIELD_TRANSFORM_SETTINGS: Record<PayloadFieldKey, readonly TransformSetting[]> = {
  name: ['case'],
  countryCode: [],
  city: ['case'],
  address: ['case'],
  postalCode: ['restoreZeros'],
  'supplierId.id': ['padZeros', 'case'],
  'supplierId.source': ['case'],
  industries: ['separators'],
  screeningPeriodInYears: [],
  requestValidationOnCreate: [],
  customerId: ['padZeros', 'case'],
  ownId: ['padZeros', 'case'],
  vatId: [],
  taxNumber: ['padZeros'],
  duns: ['padZeros'],
  registerNumber: [],
  phone: [],
};

/** The transform with the settings the field does not offer, and defaults, left out; undefined
 *  when nothing is left. Keeps saved mappings and templates small and comparable. */
export function normaliseTransform(
  field: MappableFieldKey,
  transform: FieldTransform | undefined,
): FieldTransform | undefined {
  if (!transform) return undefined;
  // A kind's own fields (a platform id, the identifier an identifiers job changes) offer none.
  const offered: readonly string[] =
    field in FIELD_TRANSFORM_SETTINGS ? FIELD_TRANSFORM_SETTINGS[field as PayloadFieldKey] : [];
  const out: FieldTransform = {};
  if (offered.includes('case') && transform.case && transform.case !== 'keep') {
    out.case = transform.case;
  }
  if (offered.includes('padZeros') && transform.padZeros !== undefined) {
    out.padZeros = transform.padZeros;
  }
  if (offered.includes('restoreZeros') && transform.restoreZeros === false) {
    out.restoreZeros = false;
  }
  if (
    offered.includes('separators') &&
    transform.separators !== undefined &&
    transform.separators !== DEFAULT_SEPARATORS
  ) {
    out.separators = transform.separators;
  }
  return Object.keys(out).length ? out : undefined;
}
