// The scores kind of job (docs/architecture.md, "The scores job"): what a row of a scores sheet
// holds once read (a supplier identifier and its scores), the API's batch limits, and the one
// rule for reading a score cell. Shared so that the services, the command line and the UI agree.
import { z } from 'zod';

/** At most this many entries (suppliers) per POST /public/v1/scores/externals (api-notes.md). */
export const MAX_SCORE_ENTRIES = 100;
/** At most this many scores per entry (api-notes.md). */
export const MAX_SCORES_PER_ENTRY = 50;
export const MIN_SCORE = 1;
export const MAX_SCORE = 100;

/** The identifier kinds a scores sheet may name its supplier by (any of them, as the API takes). */
export const SCORE_IDENTIFIER_FIELDS = [
  'supplierId',
  'source',
  'customerId',
  'ownId',
  'platformId',
] as const;
export type ScoreIdentifierField = (typeof SCORE_IDENTIFIER_FIELDS)[number];

/** Which column holds what. Columns are 0-based indexes into the table's columns. */
export const ScoresMappingSchema = z.object({
  layout: z.enum(['wide', 'long']),
  identifier: z.partialRecord(z.enum(SCORE_IDENTIFIER_FIELDS), z.number().int().min(0)),
  /** wide: one column per event type. */
  eventTypeColumns: z
    .array(z.object({ column: z.number().int().min(0), eventTypeKey: z.string().min(1) }))
    .default([]),
  /** long: the event type, the score and the comment columns. */
  eventType: z.number().int().min(0).nullable().default(null),
  score: z.number().int().min(0).nullable().default(null),
  comment: z.number().int().min(0).nullable().default(null),
});
export type ScoresMapping = z.infer<typeof ScoresMappingSchema>;

export const SCORE_OUTCOMES = ['written', 'rejected'] as const;
export type ScoreOutcome = (typeof SCORE_OUTCOMES)[number];

/** One score of a row, with where it came from and what became of it. */
export interface RowScore {
  eventTypeKey: string;
  value: number;
  comment?: string;
  /** The cell the value came from (A1 style), so an answer lands where the user typed it. */
  cell: string;
  outcome?: ScoreOutcome;
  /** The API's reason (e.g. UNKNOWN_EVENT_TYPE) and words, for a rejected score. */
  reason?: string;
  message?: string;
}

/** A scores row's payload in the journal. */
export interface ScoresPayload {
  kind: 'scores';
  identifier: Partial<Record<Exclude<ScoreIdentifierField, 'platformId'>, string>> & {
    platformId?: number;
  };
  scores: RowScore[];
}

export function isScoresPayload(p: unknown): p is ScoresPayload {
  return typeof p === 'object' && p !== null && (p as { kind?: unknown }).kind === 'scores';
}

/**
 * A score cell's value: a whole number from 1 to 100. Excel's "85.0" (a number shown with a
 * decimal) is 85; "85.5", "eighty", "0" and "101" are not scores. Returns null for those.
 */
export function parseScoreValue(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^[+]?\d+(\.0+)?$/.test(t)) return null;
  const n = Number(t);
  if (!Number.isInteger(n) || n < MIN_SCORE || n > MAX_SCORE) return null;
  return n;
}

/** Per-row counts of a scores job's scores, for the summary line and the results. */
export interface ScoreCounts {
  scores: number;
  written: number;
  rejected: number;
  unsent: number;
}

export function countScores(payloads: Iterable<unknown>): ScoreCounts {
  const c: ScoreCounts = { scores: 0, written: 0, rejected: 0, unsent: 0 };
  for (const p of payloads) {
    if (!isScoresPayload(p)) continue;
    for (const s of p.scores) {
      c.scores++;
      if (s.outcome === 'written') c.written++;
      else if (s.outcome === 'rejected') c.rejected++;
      else c.unsent++;
    }
  }
  return c;
}
