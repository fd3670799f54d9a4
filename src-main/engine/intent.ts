// The durable-intent step, one for a row and for a batch (docs/architecture.md, "The engine's
// files"): once the scheduler grants the request its slot, the rows it carries move to their
// sending state in a commit that is durable before the request leaves (a group commit shared with
// the intents and answers of the same few milliseconds); only the rows that moved go. The
// scheduler calls the request again after a 429 (refused unread): it goes again under the same
// intent. A request whose rows were all moved meanwhile (by the user) never leaves.
import type { ApiAnswer } from '../api';
import type { JobRunnerDeps } from './runTypes';

export interface IntentRequest<T> {
  /** The scheduler's kind of write (its fairness between kinds). */
  kind: string;
  rowIds: readonly number[];
  /** What the rows' request events say about the request. */
  detail: Record<string, unknown>;
  signal: AbortSignal;
  /** Sends the request for the rows the intent moved, once the intent is durable; `signal` is
   *  the scheduler's, for a request a pause may cut short. */
  send(
    marked: ReadonlySet<number>,
    o: { timeoutMs: number },
    signal: AbortSignal | undefined,
  ): Promise<ApiAnswer<T>>;
}

export interface IntentResult<T> {
  answer: ApiAnswer<T>;
  /** The rows the intent moved (the request carried these); empty: nothing left. */
  marked: ReadonlySet<number>;
  /** When the intent was committed. */
  intentAt: number;
}

/** Sends one write under its intent; undefined when it never left (no row moved). */
export async function sendUnderIntent<T>(
  d: Pick<JobRunnerDeps, 'journal' | 'jobId' | 'conn' | 'clock' | 'settings'>,
  req: IntentRequest<T>,
): Promise<IntentResult<T> | undefined> {
  const { journal, jobId, conn, clock, settings } = d;
  let marked: ReadonlySet<number> | undefined;
  let intentAt = 0;
  const answer = await conn.scheduler.submit<T>(
    { group: 'WRITE', kind: req.kind, jobId, signal: req.signal },
    async (signal) => {
      if (!marked) {
        intentAt = clock.now();
        marked = new Set(await journal.markSendingAsync([...req.rowIds], intentAt, req.detail));
      }
      if (!marked.size) return { kind: 'aborted', maybeSent: false };
      // Not aborted by a pause: a write that left finishes (bounded by the timeout), so that
      // its answer is journaled instead of leaving its rows in doubt.
      return req.send(marked, { timeoutMs: settings.requestTimeoutMs }, signal);
    },
  );
  if (!marked?.size) return undefined;
  return { answer, marked, intentAt };
}
