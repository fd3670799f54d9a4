// A results file brought back with platform ids typed into its `Attach to platform ID` column:
// each such row goes to the retry job attached to that supplier (its ids added there, nothing
// created), after the platform confirmed the supplier is active. An id the platform does not
// have active is that row's problem, and nothing is sent for it. The ids are verified before the
// retry job is made, so a failed read makes no job (and never a row created that was meant to be
// attached).
import type { Job, JournalRow } from '../../journal/journal';
import { rowError } from '../../engine/messages';
import { rememberDecision } from '../../engine/duplicateMemory';
import type { RetryCandidate } from '../../workbook';
import type { Ctx } from './context';
import { activeSupplier, attachOutcome } from './platformMatch';

/** What the retry does with the rows that name a platform id, said before anything is sent. */
export interface RetryAttach {
  /** Rows attached to an active supplier: its platform id and name. */
  rows: { sourceRow: number; platformId: string; name: string | null }[];
  /** Rows whose platform id no active supplier has: a problem of the row, nothing sent. */
  unknown: { sourceRow: number; platformId: string }[];
  /** Rows done (or under way) before that name a platform id: nothing attached. */
  done: number[];
}

export const NO_ATTACH: RetryAttach = { rows: [], unknown: [], done: [] };

/** The suppliers the rows name, each asked once: its name when active, null when not. */
export async function verifyAttachIds(
  ctx: Ctx,
  connectionId: string,
  candidates: readonly RetryCandidate[],
): Promise<Map<string, { name: string | null } | null>> {
  const ids = [...new Set(candidates.map((c) => c.attachTo).filter(Boolean))];
  // A platform id is a number: anything else names no supplier, and is not asked.
  const found = await Promise.all(
    ids.map((id) => (/^\d+$/.test(id) ? activeSupplier(ctx, connectionId, id) : undefined)),
  );
  return new Map(ids.map((id, i) => [id, found[i] ? { name: found[i]!.name ?? null } : null]));
}

/** Moves the retry job's rows that name a platform id: attached (`exists`, remembered as a
 *  decision by hand) or, the supplier unknown or inactive, `invalid` with the reason. */
export function applyAttachIds(
  ctx: Ctx,
  retryJob: Job,
  candidates: readonly RetryCandidate[],
  verified: ReadonlyMap<string, { name: string | null } | null>,
  done: readonly number[],
): RetryAttach {
  const { journal } = ctx;
  const out: RetryAttach = { rows: [], unknown: [], done: [...done] };
  // The rows attached, as read here: what the decision remembers of them (payload, candidates)
  // is not changed by the move.
  const attached: { row: JournalRow; platformId: string }[] = [];
  const moves = candidates.flatMap((c) => {
    if (!c.attachTo) return [];
    const row = journal.rowAtSource(retryJob.id, c.previous.sourceRow);
    if (!row) return [];
    const platformId = c.attachTo;
    const supplier = verified.get(platformId);
    if (supplier) {
      out.rows.push({ sourceRow: row.sourceRow, platformId, name: supplier.name });
      attached.push({ row, platformId });
      return [attachOutcome(row, platformId, 'attached_from_results')];
    }
    out.unknown.push({ sourceRow: row.sourceRow, platformId });
    return [
      {
        rowId: row.id,
        from: row.state,
        to: 'invalid' as const,
        patch: rowError('api_not_found.attach_platform', { platformId }),
      },
    ];
  });
  const applied = new Set(moves.length ? journal.recordOutcomes(moves).applied : []);
  const now = journal.now();
  for (const { row, platformId } of attached) {
    if (!applied.has(row.id)) continue;
    rememberDecision(
      journal,
      retryJob.connectionId,
      row,
      'attach',
      platformId,
      retryJob,
      now,
      true,
    );
  }
  out.rows.sort((a, b) => a.sourceRow - b.sourceRow);
  out.unknown.sort((a, b) => a.sourceRow - b.sourceRow);
  return out;
}
