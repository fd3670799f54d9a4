// The scores kind's policy: what the answer to a batch of scores does to each of its rows, and
// what reading a supplier's score history says about a batch whose answer was lost. Pure, like
// the other policies (engine/policy/), and in the policy table with them: its lines are
// `policyCases` below, handed to the table by kinds/policyTable.ts.
//
// A batch is one write (POST /public/v2/external-scores). 200 with errors[] writes the rest:
// each error lands on the score (or every score of the entry) it names. A lost answer leaves the
// batch's rows in doubt; reading each supplier's history settles them before any of their
// scores is sent again, and only what the history does not show goes out again.
import { appError, type AppError } from '../../../src-shared/errors';
import { word } from '../../../src-shared/i18n';
import type { RowScore } from '../../../src-shared/scores';
import { answerError, type ApiAnswer, type ScoreSeen, type ScoreWriteError } from '../../api';
import { sampleAnswer, type OwnPolicyCases, type PolicyCase } from '../../engine/policy/table';
import {
  ANSWER_CLASSES,
  NO_EFFECT,
  type Answer,
  type Decision,
  type Outcome,
} from '../../engine/policy/types';
import { isRefusal, reachable, unsentOrLost } from '../../engine/policy/writes';

/** The states of a scores row's write: waiting, under its intent, in doubt. */
export const SCORES_STATES = { queued: 'queued', sending: 'sending', inDoubt: 'in_doubt' } as const;

/** How many times a row's lost answer is settled by reading before the user is asked. */
export const SETTLE_CAP = 5;

/**
 * A history entry counts as this job's write when it is dated no earlier than the intent minus
 * this: the server's clock and ours may differ by that much (docs/architecture.md says what
 * this makes ambiguous).
 */
export const CLOCK_TOLERANCE_MS = 120_000;

export interface ScoresContext {
  /** A rejected score's sentence (the journal keeps it in English). */
  describe(score: RowScore): string;
}

/** Where a row ends once none of its scores is left unsent. */
export function endState(scores: readonly RowScore[]): 'done' | 'rejected' | undefined {
  if (scores.some((s) => s.outcome === undefined)) return undefined;
  return scores.some((s) => s.outcome === 'rejected') ? 'rejected' : 'done';
}

/** Each score of an entry after a 200: refused where errors[] names it (its entry, and its
 *  score or all of the entry's), written otherwise. */
export function scoresAfterWrite(
  scores: readonly RowScore[],
  sent: readonly { scoreIndex: number; entryIndex: number; indexInEntry: number }[],
  errors: readonly ScoreWriteError[],
): RowScore[] {
  const out = scores.map((s) => ({ ...s }));
  for (const item of sent) {
    const score = out[item.scoreIndex]!;
    const error = errors.find(
      (e) =>
        e.entryIndex === item.entryIndex &&
        (e.scoreIndex === undefined || e.scoreIndex === item.indexInEntry),
    );
    if (error) {
      score.outcome = 'rejected';
      score.reason = error.reason;
      score.message = error.message;
    } else {
      score.outcome = 'written';
      delete score.reason;
      delete score.message;
    }
  }
  return out;
}

/** The row's scores and the sentence of its first refused one, as its outcome writes them. */
function withScores(
  scores: readonly RowScore[],
  payload: Record<string, unknown>,
  ctx: ScoresContext,
): NonNullable<Outcome['patch']> {
  // A refused score, or one the history could not settle.
  const first = scores.find((s) => s.outcome !== 'written' && s.reason !== undefined);
  return {
    payload: { ...payload, scores },
    // The sentence's values are kept with it, so every language words it (the renderer reads
    // them back from the English sentence only for rows kept before).
    ...(first
      ? {
          errorCode: first.reason ?? 'rejected',
          errorMessage: ctx.describe(first),
          errorParams: {
            cell: first.cell,
            eventTypeKey: first.eventTypeKey,
            message: first.message ?? first.reason ?? '',
          },
        }
      : { errorCode: null, errorMessage: null, errorParams: null }),
  };
}

/** A 403 to a batch: the feature not enabled for the API user (no permission named, the token
 *  taken) is said as such; a missing permission or a refused token as for any write. */
function scoresRefusal(answer: Answer): AppError {
  if (answer.status === 403 && answer.loggedIn !== false && !answer.permission)
    return appError(
      'api_access_denied',
      word('en', 'failure.api_access_denied.scores_not_enabled'),
      {
        reason: 'scores_not_enabled',
        apiMessage: answer.message,
      },
    );
  return answer.error ?? appError('api_access_denied');
}

/**
 * The answer to a batch, for one of its rows: `scores` are the row's scores with the answer's
 * errors applied (scoresAfterWrite) when it was accepted.
 */
export function scoresBatchPolicy(
  answer: Answer,
  row: { scores: readonly RowScore[]; payload: Record<string, unknown> },
  ctx: ScoresContext,
): Decision {
  const { queued, inDoubt } = SCORES_STATES;
  const response = answer.status !== undefined ? { status: answer.status } : {};
  if (isRefusal(answer.class))
    // The body was refused whole (400): nothing of it was written.
    return {
      outcome: {
        to: 'rejected',
        retry: 'none',
        patch: { errorCode: answer.code ?? 'api_row_rejected', errorMessage: answer.message ?? '' },
        response: { ...response, code: answer.code },
      },
      effect: reachable,
    };
  switch (answer.class) {
    case 'accepted':
    case 'accepted_nothing':
      return {
        outcome: {
          to: endState(row.scores) ?? queued,
          retry: endState(row.scores) ? 'none' : 'now',
          patch: withScores(row.scores, row.payload, ctx),
          response,
        },
        effect: reachable,
      };
    case 'access_denied':
    case 'on_create_refused':
      return {
        outcome: { to: queued, retry: 'keep', refund: true, response },
        effect: { kind: 'access_denied', error: scoresRefusal(answer) },
      };
    case 'not_found':
      // The endpoint is missing: a wrong address, nothing was written.
      return {
        outcome: { to: queued, retry: 'keep', refund: true, response },
        effect: { kind: 'wrong_address' },
      };
    case 'conflict':
      // Not an answer the spec gives: read back like a lost one.
      return {
        outcome: { to: inDoubt, retry: 'settle', response, reason: 'in_doubt' },
        effect: reachable,
      };
    default:
      return unsentOrLost(answer as Parameters<typeof unsentOrLost>[0], queued, inDoubt);
  }
}

/** What reading a supplier's score history found. */
export type HistoryEvidence =
  | { class: 'seen'; seen: readonly ScoreSeen[] }
  | { class: 'refused'; error: AppError }
  | { class: 'offline' | 'no_token' | 'aborted' | 'not_settled' };

/** The history read's answer as evidence: a supplier not found has no history. */
export function historyEvidence(answer: ApiAnswer<ScoreSeen[]>): HistoryEvidence {
  switch (answer.kind) {
    case 'ok':
      return { class: 'seen', seen: answer.value };
    case 'not_found':
      return { class: 'seen', seen: [] };
    case 'access_denied':
    case 'untrusted_certificate':
      return { class: 'refused', error: answerError(answer) ?? appError('api_access_denied') };
    case 'offline':
    case 'no_token':
      return { class: answer.kind };
    case 'aborted':
      return { class: 'aborted' };
    default:
      return { class: 'not_settled' };
  }
}

/** Whether the history shows this score written by a request whose intent was at `intentAt`:
 *  the same event type, value and comment (absent and empty alike), dated from the intent on. */
export function shownInHistory(
  score: RowScore,
  seen: readonly ScoreSeen[],
  intentAt: number,
): boolean {
  return seen.some(
    (s) =>
      s.eventTypeKey === score.eventTypeKey &&
      s.value === score.value &&
      (s.comment ?? '') === (score.comment ?? '') &&
      s.at !== undefined &&
      s.at >= intentAt - CLOCK_TOLERANCE_MS,
  );
}

/**
 * Settling a row in doubt by its supplier's history: each unsent score the history shows is
 * written; the row goes back to the queue with the rest, or ends; after SETTLE_CAP rounds
 * without an end the user decides.
 */
export function settleScoresPolicy(
  evidence: HistoryEvidence,
  row: {
    scores: readonly RowScore[];
    payload: Record<string, unknown>;
    attempts: number;
    sentAt: number | null;
  },
  ctx: ScoresContext,
): Decision {
  const stay: Outcome = { to: SCORES_STATES.inDoubt, retry: 'keep' };
  switch (evidence.class) {
    case 'refused':
      return { outcome: stay, effect: { kind: 'access_denied', error: evidence.error } };
    case 'offline':
    case 'no_token':
      return { outcome: stay, effect: { kind: evidence.class } };
    case 'aborted':
      return { outcome: stay, effect: NO_EFFECT };
    case 'not_settled':
      return { outcome: { ...stay, retry: 'settle' }, effect: NO_EFFECT };
  }
  const intentAt = row.sentAt ?? 0;
  const scores = row.scores.map((s) =>
    s.outcome === undefined && shownInHistory(s, evidence.seen, intentAt)
      ? { ...s, outcome: 'written' as const }
      : { ...s },
  );
  let to: Outcome['to'] = endState(scores) ?? SCORES_STATES.queued;
  if (to === SCORES_STATES.queued && row.attempts >= SETTLE_CAP) {
    to = 'needs_user';
    for (const s of scores)
      if (s.outcome === undefined) {
        s.reason = 'not_settled';
        s.message = word('en', 'scores.rejected.not_settled');
      }
  }
  const shown = scores.filter((s) => s.outcome === 'written').length;
  return {
    outcome: {
      to,
      retry: to === SCORES_STATES.queued ? 'now' : 'none',
      patch: withScores(scores, row.payload, ctx),
      response: { kind: 'history', shown },
    },
    effect: reachable,
  };
}

/** A scores row of one score, sent as the first score of the batch's first entry. */
const SCORE = { eventTypeKey: 'audit', value: 85, cell: 'C2' };
const SENT_SCORE = { scoreIndex: 0, entryIndex: 0, indexInEntry: 0 };
const TABLE_CTX: ScoresContext = { describe: (s) => `${s.cell}: ${s.reason ?? ''}` };

/** The scores kind's lines of the policy table (kinds/policyTable.ts): a batch against every
 *  answer class, and the history read that settles a lost one. */
export function policyCases(): OwnPolicyCases {
  // A batch of scores, for a row of one score: written when the batch is accepted.
  const written = scoresAfterWrite([SCORE], [SENT_SCORE], []);
  const writes: PolicyCase[] = ANSWER_CLASSES.map((c) => ({
    stage: 'scores batch',
    answer: c,
    decision: scoresBatchPolicy(sampleAnswer(c), { scores: written, payload: {} }, TABLE_CTX),
  }));
  const refused = scoresAfterWrite(
    [SCORE],
    [SENT_SCORE],
    [{ entryIndex: 0, reason: 'UNKNOWN_EVENT_TYPE', message: 'unknown' }],
  );
  writes.push({
    stage: 'scores batch',
    answer: 'accepted, the score in errors[]',
    decision: scoresBatchPolicy(
      sampleAnswer('accepted'),
      { scores: refused, payload: {} },
      TABLE_CTX,
    ),
  });
  const reads: PolicyCase[] = [];
  const scoresRow = (attempts: number) => ({ scores: [SCORE], payload: {}, attempts, sentAt: 0 });
  const settle = (answer: string, e: HistoryEvidence, attempts = 1) =>
    reads.push({
      stage: 'settle scores',
      answer,
      decision: settleScoresPolicy(e, scoresRow(attempts), TABLE_CTX),
    });
  const shown = { eventTypeKey: 'audit', value: 85, comment: undefined, at: 0 };
  settle('history shows the score', { class: 'seen', seen: [shown] });
  settle('history does not show it', { class: 'seen', seen: [] });
  settle('history does not show it, cap reached', { class: 'seen', seen: [] }, SETTLE_CAP);
  settle('not_settled', { class: 'not_settled' });
  settle('access_denied', { class: 'refused', error: appError('api_access_denied') });
  settle('offline', { class: 'offline' });
  settle('aborted', { class: 'aborted' });
  return { writes, reads };
}
