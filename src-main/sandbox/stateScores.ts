// External scores in the sandbox state: a batch written entry by entry (with the API's per-entry
// errors), and a supplier's history per event type.
import { eventTypeByKey, riskOf } from './eventTypes';
import type { SandboxState } from './state';
import { isoInstant, type ScoreInput, type SupplierRow } from './stateSchema';

export function writeScores(
  state: SandboxState,
  user: string,
  entries: ScoreInput[],
  now: number,
): Record<string, unknown> {
  const errors: Record<string, unknown>[] = [];
  let total = 0;
  let valid = 0;
  let resolved = 0;
  let written = 0;
  const insert = state.stmt(
    'INSERT INTO scores (platform_id, event_type_key, value, comment, created_at, user) VALUES (?, ?, ?, ?, ?, ?)',
  );
  state.db.transaction(() => {
    entries.forEach((entry, entryIndex) => {
      total += entry.scores.length;
      const q = entry.identifier;
      const fail = (reason: string, message: string) =>
        errors.push({ entryIndex, identifier: entry.identifierEcho, reason, message });
      if (
        q.supplierId === undefined &&
        q.customerId === undefined &&
        q.ownId === undefined &&
        q.platformId === undefined
      ) {
        fail(
          'INVALID_IDENTIFIER',
          'The identifier has no usable key: set supplierId, customerId, ownId or platformId.',
        );
        return;
      }
      const known = entry.scores.map((s) => eventTypeByKey(s.eventTypeKey) !== undefined);
      valid += known.filter(Boolean).length;
      const matches = state.match(q);
      if (matches.length === 0) {
        fail('TARGET_NOT_FOUND', 'No supplier matches this identifier.');
        return;
      }
      if (matches.length > 1) {
        fail(
          'MULTIPLE_TARGETS_MATCHED',
          `Several suppliers (${matches.length}) match this identifier; narrow the identifiers or set source.`,
        );
        return;
      }
      resolved += entry.scores.length;
      const target = matches[0] as SupplierRow;
      entry.scores.forEach((score, scoreIndex) => {
        if (!known[scoreIndex]) {
          errors.push({
            entryIndex,
            scoreIndex,
            identifier: entry.identifierEcho,
            eventTypeKey: score.eventTypeKey,
            reason: 'UNKNOWN_EVENT_TYPE',
            message: `The event type ${score.eventTypeKey} is not configured for this organization; list the keys with GET /public/v1/scores/externals/event-types.`,
          });
          return;
        }
        insert.run(
          target.platform_id,
          score.eventTypeKey,
          score.scoreValue,
          score.comment ?? null,
          now,
          user,
        );
        written++;
      });
    });
  })();
  return {
    success: errors.length === 0,
    totalCount: total,
    validCount: valid,
    resolvedCount: resolved,
    writtenCount: written,
    skippedCount: total - written,
    errors,
  };
}

export function scoreHistory(
  state: SandboxState,
  platformId: number,
  filter: { perspectiveId?: number; groupId?: number },
): Record<string, unknown>[] {
  const rows = state
    .stmt(
      'SELECT event_type_key, value, comment, created_at FROM scores WHERE platform_id = ? ORDER BY event_type_key, seq DESC',
    )
    .all(platformId) as {
    event_type_key: string;
    value: number;
    comment: string | null;
    created_at: number;
  }[];
  const byKey = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byKey.get(r.event_type_key) ?? [];
    list.push(r);
    byKey.set(r.event_type_key, list);
  }
  const out: Record<string, unknown>[] = [];
  for (const [key, list] of byKey) {
    const type = eventTypeByKey(key);
    if (!type) continue;
    if (filter.perspectiveId !== undefined && type.perspectiveId !== filter.perspectiveId) continue;
    if (filter.groupId !== undefined && type.group.id !== filter.groupId) continue;
    // Each write is valid from its time until the next write of the same key.
    const entries = list.map((r, i) => {
      const e: Record<string, unknown> = {
        group: type.group,
        eventTypeKey: key,
        score: { value: r.value, risk: riskOf(r.value) },
        updatedAt: isoInstant(r.created_at),
        validFrom: isoInstant(r.created_at),
        history: [],
      };
      if (r.comment !== null) e.comment = r.comment;
      const newer = list[i - 1];
      if (newer) e.validTo = isoInstant(newer.created_at);
      return e;
    });
    const [latest, ...older] = entries;
    if (latest) out.push({ ...latest, history: older });
  }
  return out;
}
