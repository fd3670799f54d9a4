// A scores row's payload and supplier, and how due rows are packed into one batch: at most
// MAX_SCORE_ENTRIES entries of at most MAX_SCORES_PER_ENTRY scores, rows of one supplier in one
// entry while it has room.
import {
  isScoresPayload,
  MAX_SCORE_ENTRIES,
  MAX_SCORES_PER_ENTRY,
  type ScoresPayload,
} from '../../../src-shared/scores';
import type { SupplierIdentifier } from '../../../src-shared/supplier';
import type { JournalRow } from '../../journal/journal';

export interface Item {
  rowId: number;
  scoreIndex: number;
}
export interface PlannedEntry {
  identifier: SupplierIdentifier;
  items: Item[];
}

export function payloadOf(row: JournalRow): ScoresPayload | undefined {
  return isScoresPayload(row.payload) ? row.payload : undefined;
}

export function identifierOf(p: ScoresPayload): SupplierIdentifier {
  const id: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p.identifier)) if (v !== undefined && v !== '') id[k] = v;
  if (p.identifier.platformId !== undefined) id.platformId = String(p.identifier.platformId);
  return id as SupplierIdentifier;
}

/** Packs rows (due, not in hand) into one batch: the entries to send and the rows they carry. */
export function packBatch(rows: readonly JournalRow[]): {
  entries: PlannedEntry[];
  taken: JournalRow[];
} {
  const entries: PlannedEntry[] = [];
  const byIdentity = new Map<string, PlannedEntry>();
  const taken: JournalRow[] = [];
  for (const row of rows) {
    const p = payloadOf(row);
    const unsent = p?.scores.flatMap((s, i) => (s.outcome === undefined ? [i] : [])) ?? [];
    if (!p || !unsent.length) continue;
    const key = row.identityKey ?? `row:${row.id}`;
    let entry = byIdentity.get(key);
    // A row's scores go in one entry: the supplier's, when it has room, else a new one.
    if (!entry || entry.items.length + unsent.length > MAX_SCORES_PER_ENTRY) {
      if (entries.length >= MAX_SCORE_ENTRIES) break;
      entry = { identifier: identifierOf(p), items: [] };
      entries.push(entry);
      byIdentity.set(key, entry);
    }
    // More scores than one entry holds (a very wide row): the rest wait for the next batch.
    for (const i of unsent.slice(0, MAX_SCORES_PER_ENTRY - entry.items.length))
      entry.items.push({ rowId: row.id, scoreIndex: i });
    taken.push(row);
  }
  return { entries, taken };
}
