// A kind's reads and writes, worked out from its row counts once, for the time left of a running
// job (progress.ts) and for the plan before its start (services/plan.ts). Each kind's module in
// src-main/kinds/ gives its figures; the engine and the plan ask them and never the kind's name.
import { FOLLOW_UP_STATES, type RowState } from '../journal/rowStates';

export type RowCounts = Partial<Record<string, number>>;

export interface KindFigures {
  /** The reads the check still needs for `valid` rows not checked yet. */
  checkReads(valid: number): number;
  /** The kind's own writes still to send (a DELETE, an identifier added or removed, a batch of
   *  scores); undefined for a kind that creates suppliers, whose creations and follow-ups the
   *  time left works out stage by stage (progress.ts phaseEta). */
  changes?(counts: RowCounts): number;
  /** The rows those writes carry. */
  changeRows?(counts: RowCounts): number;
}

export const sumOf = (counts: RowCounts, states: readonly string[]) =>
  states.reduce((a, s) => a + (counts[s] ?? 0), 0);

/** An onboarding: the pending list once, then at most one lookup per row (a list read may take
 *  fewer); its writes are creations and their follow-ups. */
export const CREATE_FIGURES: KindFigures = {
  checkReads: (valid) => (valid > 0 ? 1 + valid : 0),
};

/** A kind that changes existing suppliers: `readsPerRow` lookups per row in its check, and one
 *  write per `rowsPerWrite` rows in `states` (valid rows and those on their way to the write). */
export function changeFigures(
  readsPerRow: number,
  states: readonly RowState[],
  rowsPerWrite = 1,
): KindFigures {
  const rows = (counts: RowCounts) => sumOf(counts, states);
  return {
    checkReads: (valid) => valid * readsPerRow,
    changes: (counts) => Math.ceil(rows(counts) / rowsPerWrite),
    changeRows: rows,
  };
}

/** Rows that say their job has sent something: it started working on its list. */
export const SENT_STATES: readonly RowState[] = [
  'sending',
  'in_doubt',
  'accepted',
  'created',
  'rejected',
  'vanished',
  ...FOLLOW_UP_STATES,
  'done',
  'needs_user',
];
/** Rows a start has moved past the check: sent, queued to be, left out or cancelled. */
const MOVED_ON_STATES: readonly RowState[] = ['queued', ...SENT_STATES, 'skipped', 'cancelled'];

/** The rows of a kind without own outcomes a start has moved on (MOVED_ON_STATES): a job with
 *  any has started. */
export function sentByState(counts: RowCounts): number {
  return sumOf(counts, MOVED_ON_STATES);
}
