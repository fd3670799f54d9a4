// The last answer of a connection's API that lacked a value the app needs (kept in a journal
// setting keyed by the connection's id), for the Connection screen to say what happened and what
// to check. Written when a job pauses on such an answer (health.ts); a later one replaces it.
import type { Journal } from '../journal/journal';

export interface AnswerProblem {
  /** Method and path, e.g. `GET /public/v2/suppliers/sites/find-by-identifier`. */
  endpoint: string;
  /** The field as the spec names it (with the published document's name beside it). */
  field: string;
  /** ms since the epoch. */
  at: number;
}

export const answerProblemSetting = (connectionId: string) =>
  `connections:answerProblem:${connectionId}`;

export function recordAnswerProblem(
  journal: Pick<Journal, 'setSetting'>,
  connectionId: string,
  problem: AnswerProblem,
): void {
  journal.setSetting(answerProblemSetting(connectionId), problem);
}

/** The connection's last answer problem; undefined when none was recorded (or it is unreadable). */
export function lastAnswerProblem(
  journal: Pick<Journal, 'getSetting'>,
  connectionId: string,
): AnswerProblem | undefined {
  const v = journal.getSetting(answerProblemSetting(connectionId));
  if (!v || typeof v !== 'object') return undefined;
  const { endpoint, field, at } = v as Record<string, unknown>;
  return typeof endpoint === 'string' && typeof field === 'string' && typeof at === 'number'
    ? { endpoint, field, at }
    : undefined;
}
