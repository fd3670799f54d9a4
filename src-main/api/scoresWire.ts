// The wire of the "Scores - Externals" area (api-notes.md): paths, the write's body, and the
// answers parsed leniently (only what the app reads is required; api-spec.md shows less than
// api-notes.md, so every other field may be missing).
import { z } from 'zod';
import type { SupplierIdentifier } from '../../src-shared/supplier';
import { identifierBody } from './wire';

export const SCORES_PATHS = {
  externals: '/public/v1/scores/externals',
  eventTypes: '/public/v1/scores/externals/event-types',
} as const;

export const SCORES_QUERY = { perspectiveId: 'perspectiveId', groupId: 'groupId' } as const;

const text = z.string().nullish();
const count = z.number().int().nullish();

/** An event type of a perspective: its key is what a score names. */
export const EventTypeSchema = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  eventTypeKey: z.string().min(1),
  name: text,
});
export type EventType = { id?: number | string; eventTypeKey: string; name?: string };

/** The list, as an array or wrapped in `content`/`data` (the shape is not shown in api-spec.md). */
export const EventTypeListSchema = z
  .union([
    z.array(EventTypeSchema),
    z.object({ content: z.array(EventTypeSchema) }).transform((o) => o.content),
    z.object({ data: z.array(EventTypeSchema) }).transform((o) => o.data),
  ])
  .transform((list): EventType[] =>
    list.map((t) => ({
      eventTypeKey: t.eventTypeKey,
      ...(t.id !== undefined && t.id !== null ? { id: t.id } : {}),
      ...(t.name ? { name: t.name } : {}),
    })),
  );

export const ScoreWriteErrorSchema = z.object({
  entryIndex: z.number().int().min(0),
  scoreIndex: z.number().int().min(0).nullish(),
  eventTypeKey: text,
  reason: text,
  message: text,
});

/** 200: success and errors[] are what the app reads; the counts are kept when given. */
export const ScoreWriteResultSchema = z.object({
  success: z.boolean().nullish(),
  totalCount: count,
  validCount: count,
  resolvedCount: count,
  writtenCount: count,
  skippedCount: count,
  errors: z.array(ScoreWriteErrorSchema).nullish(),
});
export interface ScoreWriteError {
  entryIndex: number;
  scoreIndex?: number;
  eventTypeKey?: string;
  reason: string;
  message: string;
}
export interface ScoreWriteResult {
  success: boolean | undefined;
  writtenCount: number | undefined;
  errors: ScoreWriteError[];
}

const ScoreEntrySchema = z.object({
  eventTypeKey: z.string(),
  score: z.object({ value: z.number().nullish(), risk: text }).nullish(),
  comment: text,
  updatedAt: text,
  validFrom: text,
});
const HistoryEntrySchema = ScoreEntrySchema.extend({
  history: z.array(ScoreEntrySchema).nullish(),
});
export const ScoreHistorySchema = z.object({ scores: z.array(HistoryEntrySchema).nullish() });

/** One value a supplier has had for an event type, with when it was written. */
export interface ScoreSeen {
  eventTypeKey: string;
  value: number | undefined;
  comment: string | undefined;
  /** ms since the epoch; undefined when the answer gave no readable time. */
  at: number | undefined;
}

/** Every value of the history (the latest and the older ones), flat. */
export function flattenHistory(body: z.output<typeof ScoreHistorySchema>): ScoreSeen[] {
  const out: ScoreSeen[] = [];
  const add = (e: z.output<typeof ScoreEntrySchema>) => {
    const when = e.updatedAt ?? e.validFrom ?? undefined;
    const at = when ? Date.parse(when) : NaN;
    out.push({
      eventTypeKey: e.eventTypeKey,
      value: e.score?.value ?? undefined,
      comment: e.comment ?? undefined,
      at: Number.isFinite(at) ? at : undefined,
    });
  };
  for (const s of body.scores ?? []) {
    add(s);
    for (const h of s.history ?? []) add({ ...h, eventTypeKey: h.eventTypeKey || s.eventTypeKey });
  }
  return out;
}

export interface ScoreWriteEntry {
  identifier: SupplierIdentifier;
  scores: { eventTypeKey: string; scoreValue: number; comment?: string }[];
}

export function scoreWriteBody(entries: readonly ScoreWriteEntry[]): Record<string, unknown> {
  return {
    data: entries.map((e) => ({
      identifier: identifierBody(e.identifier),
      scores: e.scores.map((s) =>
        s.comment !== undefined && s.comment !== ''
          ? { eventTypeKey: s.eventTypeKey, scoreValue: s.scoreValue, comment: s.comment }
          : { eventTypeKey: s.eventTypeKey, scoreValue: s.scoreValue },
      ),
    })),
  };
}
