// A results file the user fixed in Excel and imports again: its rows are matched by identity
// (supplierId.id + source) with the job's previous results, and only the rows that needed
// attention and are valid now are picked for a retry.
import { ATTENTION_STATUSES } from './export';
import type { ValidatedRow } from './types';

export interface PreviousResult {
  /** `identityKey(supplierId)` of the row as the job knew it; null when it had no id. */
  identity: string | null;
  status: string;
  errorCode?: string | null;
  /** Whatever the caller uses to find the row again (journal row id). */
  ref?: string | number;
}

export interface RetryMatch {
  row: ValidatedRow;
  previous: PreviousResult;
}

export interface RetrySelection {
  /** Needed attention before and valid now: send these again. */
  retry: RetryMatch[];
  /** Needed attention before and still has problems: show them to the user. */
  stillInvalid: RetryMatch[];
  /** Finished or in progress before: left alone. */
  alreadyDone: RetryMatch[];
  /** No previous result with this identity (new rows, or rows whose supplier id was changed). */
  unmatched: ValidatedRow[];
}

export function previousNeedsAttention(p: PreviousResult): boolean {
  return Boolean(p.errorCode) || ATTENTION_STATUSES.has(p.status);
}

export async function selectRetryRows(
  rows: Iterable<ValidatedRow> | AsyncIterable<ValidatedRow>,
  previous: readonly PreviousResult[],
): Promise<RetrySelection> {
  const byIdentity = new Map<string, PreviousResult>();
  for (const p of previous) if (p.identity !== null) byIdentity.set(p.identity, p);
  const out: RetrySelection = { retry: [], stillInvalid: [], alreadyDone: [], unmatched: [] };
  const taken = new Set<string>();
  for await (const row of rows) {
    const match = row.identity === null ? undefined : byIdentity.get(row.identity);
    // A repeated identity in the re-imported file matches once; the repeat is flagged by
    // validation as a duplicate and stays with the unmatched rows.
    if (!match || taken.has(row.identity as string)) {
      out.unmatched.push(row);
      continue;
    }
    taken.add(row.identity as string);
    if (!previousNeedsAttention(match)) out.alreadyDone.push({ row, previous: match });
    else if (row.status === 'valid') out.retry.push({ row, previous: match });
    else out.stillInvalid.push({ row, previous: match });
  }
  return out;
}
