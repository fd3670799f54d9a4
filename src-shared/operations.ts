// The kinds of job (docs/architecture.md, "Kinds of job"): what a job does to the suppliers its
// rows name. Every kind goes through the same pipeline (import, map, validate, check, run,
// results) with the journal, the throttle and the exactly-once discipline; what differs is the
// map fields, the check, the write and how a lost answer is settled.
import { z } from 'zod';

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

/** The kind of a job, from its stored options (absent: an onboarding, as every job before). */
export function operationOf(options: { operation?: Operation | undefined }): Operation {
  return options.operation ?? 'onboard';
}
