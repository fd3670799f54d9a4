// Likely duplicate suppliers, as the services, the journal and the screens share them: why two
// records are likely the same supplier site (the matching library's reasons, src-main/dedupe),
// a row's duplicates as the journal keeps them, and what the user decided. Pure data.
import { z } from 'zod';

const Sides = { a: z.string(), b: z.string() };
const Forms = { a: z.array(z.string()), b: z.array(z.string()) };

/** Why two records are (or are not) likely the same supplier site: a code and the values its
 *  sentence needs (`dup.reason.<code>` in src-shared/i18n). */
export const DuplicateReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('name_equal') }),
  z.object({ code: z.literal('name_equal_after_legal_form'), ...Forms }),
  z.object({ code: z.literal('name_same_words') }),
  z.object({ code: z.literal('name_similar'), similarity: z.number() }),
  z.object({ code: z.literal('name_different'), similarity: z.number() }),
  z.object({ code: z.literal('legal_form_differs'), ...Forms }),
  z.object({ code: z.literal('same_postal_code') }),
  z.object({ code: z.literal('different_postal_code'), ...Sides }),
  z.object({ code: z.literal('postal_code_missing') }),
  z.object({ code: z.literal('same_city') }),
  z.object({ code: z.literal('different_city'), ...Sides }),
  z.object({ code: z.literal('city_missing') }),
  z.object({ code: z.literal('street_equal'), ...Sides }),
  z.object({ code: z.literal('street_similar'), ...Sides, similarity: z.number() }),
  z.object({ code: z.literal('same_street_other_number'), ...Sides }),
  z.object({ code: z.literal('different_street'), ...Sides }),
  z.object({ code: z.literal('street_missing') }),
  // Registration numbers (src-shared/registration.ts): `kind` is the field, a/b as written.
  z.object({ code: z.literal('same_registration'), kind: z.string(), ...Sides }),
  z.object({ code: z.literal('different_registration'), kind: z.string(), ...Sides }),
  z.object({ code: z.literal('same_phone'), ...Sides }),
]);
export type DuplicateReason = z.infer<typeof DuplicateReasonSchema>;
export type DuplicateReasonCode = DuplicateReason['code'];
export const DUPLICATE_REASON_CODES = DuplicateReasonSchema.options.map(
  (o) => o.shape.code.value,
) as DuplicateReasonCode[];

/** What the user decided for a row with likely duplicates: `keep` (create it anyway), `skip`
 *  (leave it out), `attach` (attach its ids to the existing supplier instead of creating it;
 *  only for a row that likely is a supplier of the platform). */
export const DuplicateDecisionSchema = z.enum(['keep', 'skip', 'attach']);
export type DuplicateDecision = z.infer<typeof DuplicateDecisionSchema>;

/** A platform supplier a row likely is, as the supplier list answered it. */
export const BaseCandidateSchema = z.object({
  platformId: z.string(),
  name: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
  score: z.number(),
  reasons: z.array(DuplicateReasonSchema),
});
export type BaseCandidate = z.infer<typeof BaseCandidateSchema>;

/** A decision remembered from an earlier job of the connection (src-main/engine/duplicateMemory):
 *  what was decided, where and when. */
export const RememberedDecisionSchema = z.object({
  decision: DuplicateDecisionSchema,
  platformId: z.string().nullable(),
  jobId: z.string(),
  jobName: z.string(),
  at: z.number(),
  /** An attach to a supplier the user found on the platform by hand (not a candidate). */
  byHand: z.boolean().optional(),
});
export type RememberedDecision = z.infer<typeof RememberedDecisionSchema>;

/** A row's likely duplicates, as the journal keeps them (`rows.duplicates`). */
export const RowDuplicatesSchema = z.object({
  /** The row's group among the rows of its list (1, 2, …), when it has one. */
  group: z.number().int().optional(),
  /** The other rows of that group by their row number in the file; score and reasons where the
   *  pair was compared (a group's rows are joined pair by pair). */
  rows: z
    .array(
      z.object({
        sourceRow: z.number().int(),
        score: z.number().optional(),
        reasons: z.array(DuplicateReasonSchema).optional(),
      }),
    )
    .optional(),
  /** Rows of the group beyond those listed in `rows` (a group of many equal rows). */
  moreRows: z.number().int().optional(),
  /** The platform's active suppliers this row likely is, best first (found by the check). */
  base: z.array(BaseCandidateSchema).optional(),
  /** The decision the check carried out because it was made on this row before, in another job
   *  of the connection, against the same candidates (none new since). */
  remembered: RememberedDecisionSchema.optional(),
});
export type RowDuplicates = z.infer<typeof RowDuplicatesSchema>;

/** A row's possible duplicate in its list: another row with some evidence below "likely". */
export const PossibleDuplicateSchema = z.object({
  sourceRow: z.number().int(),
  score: z.number(),
  reasons: z.array(DuplicateReasonSchema),
});
export type PossibleDuplicate = z.infer<typeof PossibleDuplicateSchema>;

/** The `Likely duplicate of` cell of a row: the others of its group as `row N` and the
 *  platform's suppliers as `platform ID`, separated by `; `; empty when none. */
export function likelyDuplicateOf(d: RowDuplicates | null | undefined): string {
  if (!d) return '';
  const parts = [
    ...(d.rows ?? []).map((r) => `row ${r.sourceRow}`),
    ...(d.moreRows ? [`${d.moreRows} more rows`] : []),
    ...(d.base ?? []).map((b) => `platform ${b.platformId}`),
  ];
  return parts.join('; ');
}
