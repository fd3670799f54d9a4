// The scores job's run (docs/architecture.md, "The scores job"): the journal's rows are the
// sheet's rows, each with its scores in its payload. Queued rows are packed into batches of at
// most 100 entries of at most 50 scores (rows of one supplier share an entry); a batch is one
// write in the connection's budget, sent under a durable intent (its rows move to `sending` in
// one commit, with the batch id in each row's request event) once the scheduler grants the slot.
// The answer is read honestly: 200 with errors[] writes the rest, and each error lands on the
// score (row and cell) it names. A lost answer leaves the batch's rows in doubt; they are settled
// by reading each supplier's history before any of their scores is sent again, and only what the
// history does not show goes out again, in a new batch. A 403 pauses the job with a sentence.
import { randomUUID } from 'node:crypto';
import { appError } from '../../src-shared/errors';
import { word } from '../../src-shared/i18n';
import { operationOf } from '../../src-shared/operations';
import {
  isScoresPayload,
  MAX_SCORE_ENTRIES,
  MAX_SCORES_PER_ENTRY,
  type RowScore,
  type ScoresPayload,
} from '../../src-shared/scores';
import type { SupplierIdentifier } from '../../src-shared/supplier';
import { answerError, type ApiAnswer, type ScoreSeen, type ScoreWriteResult } from '../api';
import type { ScoreWriteEntry } from '../api';
import { JobHealth } from '../engine/health';
import { reason } from '../engine/messages';
import { RateMeter } from '../engine/progress';
import { progressOf } from '../engine/progressView';
import { RunHistory } from '../engine/runHistory';
import type { JobProgress, JobRunnerDeps, RunExit, RunOptions } from '../engine/runTypes';
import { isDiskFull, type JournalRow } from '../journal/journal';
import type { RowOutcome } from '../journal/rowsWrite';
import { PROBLEM_STATES } from '../journal/rowStates';
import { rejectionText } from './words';

/** Batches in flight at once: enough to keep the write budget busy while answers come back. */
const BATCHES_IN_FLIGHT = 4;
/** History reads in flight at once while settling rows in doubt. */
const READS_IN_FLIGHT = 8;
/** How many times a row's lost answer is settled by reading before the user is asked. */
const SETTLE_CAP = 5;
/**
 * A history entry counts as this job's write when it is dated no earlier than the intent minus
 * this: the server's clock and ours may differ by that much (docs/architecture.md says what
 * this makes ambiguous).
 */
export const CLOCK_TOLERANCE_MS = 120_000;

interface Item {
  rowId: number;
  scoreIndex: number;
}
interface PlannedEntry {
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

/** Where a row ends once none of its scores is left unsent. */
function endState(scores: readonly RowScore[]): 'done' | 'rejected' | undefined {
  if (scores.some((s) => s.outcome === undefined)) return undefined;
  return scores.some((s) => s.outcome === 'rejected') ? 'rejected' : 'done';
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

export class ScoresRunner {
  private readonly health: JobHealth;
  private readonly inHand = new Set<number>();
  private readonly tasks = new Set<Promise<void>>();
  private batchesInFlight = 0;
  private readsInFlight = 0;
  private wake: (() => void) | undefined;
  private readonly meter = new RateMeter();
  private readonly history: RunHistory;
  private perspectiveId: string | undefined;
  private lastProgressAt = 0;
  private runOpts: RunOptions = { mode: 'run', wait: true };

  constructor(private readonly d: JobRunnerDeps) {
    this.history = d.history ?? new RunHistory(d.journal, d.jobId);
    this.health = new JobHealth(
      d,
      (force) => this.emitProgress(force),
      () => this.wake?.(),
    );
  }

  get jobId(): string {
    return this.d.jobId;
  }

  pause(): void {
    this.health.halt('paused');
  }

  cancel(): void {
    this.health.halt('cancelled');
  }

  async run(opts: RunOptions): Promise<RunExit> {
    const { journal, jobId, clock } = this.d;
    const job = journal.getJob(jobId);
    if (!job) throw new Error(`job ${jobId} not found`);
    if (operationOf(job.options) !== 'scores') throw new Error(`job ${jobId} is not a scores job`);
    this.perspectiveId = job.options.perspectiveId ?? undefined;
    this.runOpts = opts;
    try {
      journal.setJobState(jobId, 'running');
      // Rows found mid-request (a crash or kill after the intent): their batch may have been
      // written. They are settled by reading before anything of them is sent again. The send
      // the app's own end cut short gives its attempt back: the cap of sends (SETTLE_CAP)
      // counts the API's failures to apply a batch, not the app's restarts.
      for (let rows = journal.rowsInDoubt(jobId); rows.length; rows = journal.rowsInDoubt(jobId))
        journal.recordOutcomes(
          rows.map((row) => ({
            rowId: row.id,
            from: 'sending',
            to: 'in_doubt',
            reason: 'found_mid_request',
            patch: { nextAttemptAt: clock.now(), refundAttempt: true },
          })),
        );
      if (opts.mode !== 'check') while (journal.moveRows(jobId, 'valid', 'queued') > 0);
      if (opts.mode !== 'check') await this.loop();
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.health.storageFull();
    } finally {
      await this.settleTasks();
      this.emitProgress(true);
    }
    return this.finish(opts);
  }

  // ---- the loop -------------------------------------------------------------------------------

  private async loop(): Promise<void> {
    const { journal, jobId, clock } = this.d;
    for (;;) {
      if (this.health.signal.aborted) return;
      const now = clock.now();
      const online = now >= this.health.offlineUntil;
      if (online) {
        this.fillSettling(now);
        while (this.batchesInFlight < BATCHES_IN_FLIGHT && this.sendNextBatch(now));
      }
      this.emitProgress();
      const counts = journal.counts(jobId);
      const active = (counts.queued ?? 0) + (counts.sending ?? 0) + (counts.in_doubt ?? 0);
      if (active === 0 && this.tasks.size === 0) return;
      await this.waitForWork(this.nextWakeIn());
    }
  }

  private nextWakeIn(): number {
    const { journal, jobId, clock } = this.d;
    const now = clock.now();
    if (this.health.offlineUntil > now) return Math.min(1_000, this.health.offlineUntil - now);
    const at = journal.nextDueAt(jobId, ['queued', 'in_doubt']);
    return Math.max(10, Math.min(at === null ? 1_000 : at - now, 1_000));
  }

  private async waitForWork(ms: number): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.wake = resolve));
    try {
      await Promise.race([this.d.clock.sleep(ms, this.health.signal), woken]);
    } catch {
      // stopped
    } finally {
      this.wake = undefined;
    }
  }

  private spawn(rows: readonly number[], work: () => Promise<void>): void {
    for (const id of rows) this.inHand.add(id);
    const task = work()
      .catch((e: unknown) => {
        if (isDiskFull(e)) return this.health.storageFull();
        this.d.events.warning({
          jobId: this.d.jobId,
          code: 'internal',
          params: { detail: e instanceof Error ? e.message : String(e) },
          message: e instanceof Error ? e.message : String(e),
        });
        this.health.halt('paused');
      })
      .finally(() => {
        for (const id of rows) this.inHand.delete(id);
        this.tasks.delete(task);
        this.wake?.();
      });
    this.tasks.add(task);
  }

  private async settleTasks(): Promise<void> {
    while (this.tasks.size) await Promise.allSettled([...this.tasks]);
  }

  // ---- batches --------------------------------------------------------------------------------

  /** Packs due queued rows into one batch and sends it; false when nothing is due. */
  private sendNextBatch(now: number): boolean {
    const { journal, jobId } = this.d;
    const rows = journal
      .takeDue(jobId, ['queued'], now, MAX_SCORE_ENTRIES * 4)
      .filter((r) => !this.inHand.has(r.id));
    if (!rows.length) return false;
    const entries: PlannedEntry[] = [];
    const byIdentity = new Map<string, PlannedEntry>();
    const taken: JournalRow[] = [];
    for (const row of rows) {
      const p = payloadOf(row);
      if (!p) continue;
      const unsent = p.scores.flatMap((s, i) => (s.outcome === undefined ? [i] : []));
      if (!unsent.length) continue;
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
    if (!taken.length) return false;
    this.batchesInFlight++;
    this.spawn(
      taken.map((r) => r.id),
      () => this.sendBatch(entries, taken).finally(() => this.batchesInFlight--),
    );
    return true;
  }

  private async sendBatch(planned: PlannedEntry[], rows: JournalRow[]): Promise<void> {
    const { journal, jobId, conn, clock } = this.d;
    const batchId = randomUUID();
    const byId = new Map(rows.map((r) => [r.id, r]));
    let sentEntries: PlannedEntry[] = [];
    let intentAt = 0;
    let intended = false;
    const answer = await conn.scheduler.submit<ScoreWriteResult>(
      { group: 'WRITE', kind: 'scores', jobId, signal: this.health.signal },
      async (signal) => {
        // The intent, committed durably before the request leaves: only rows it moved go. The
        // scheduler calls this again after a 429 (a request the API refused unread): the same
        // batch goes again under the same intent, its rows still in `sending`.
        if (!intended) {
          intended = true;
          intentAt = clock.now();
          const scores = planned.reduce((n, e) => n + e.items.length, 0);
          const marked = new Set(
            await journal.markSendingAsync(
              rows.map((r) => r.id),
              intentAt,
              { request: { batchId, entries: planned.length, scores } },
            ),
          );
          sentEntries = planned
            .map((e) => ({ ...e, items: e.items.filter((it) => marked.has(it.rowId)) }))
            .filter((e) => e.items.length > 0);
        }
        if (!sentEntries.length) return { kind: 'aborted', maybeSent: false };
        const body: ScoreWriteEntry[] = sentEntries.map((e) => ({
          identifier: e.identifier,
          scores: e.items.map((it) => {
            const s = payloadOf(byId.get(it.rowId)!)!.scores[it.scoreIndex]!;
            return {
              eventTypeKey: s.eventTypeKey,
              scoreValue: s.value,
              ...(s.comment ? { comment: s.comment } : {}),
            };
          }),
        }));
        return conn.client.writeExternalScores(body, signal ? { signal } : {});
      },
    );
    const sentRows = [...new Set(sentEntries.flatMap((e) => e.items.map((i) => i.rowId)))];
    if (!sentRows.length) return;
    await this.applyAnswer(
      answer,
      sentEntries,
      sentRows.map((id) => byId.get(id)!),
      batchId,
    );
  }

  private async applyAnswer(
    answer: ApiAnswer<ScoreWriteResult>,
    entries: PlannedEntry[],
    rows: JournalRow[],
    batchId: string,
  ): Promise<void> {
    const { journal, clock, settings } = this.d;
    const now = clock.now();
    const response = {
      batchId,
      kind: answer.kind,
      ...('status' in answer && answer.status ? { status: answer.status } : {}),
    };
    if (answer.kind === 'ok') {
      this.health.reachable();
      // Each error on the score (or every score of the entry) it names; the rest are written.
      const updated = new Map<number, RowScore[]>(
        rows.map((r) => [r.id, payloadOf(r)!.scores.map((s) => ({ ...s }))]),
      );
      const errors = answer.value.errors;
      entries.forEach((entry, entryIndex) => {
        entry.items.forEach((item, scoreIndex) => {
          const score = updated.get(item.rowId)![item.scoreIndex]!;
          const error = errors.find(
            (e) =>
              e.entryIndex === entryIndex &&
              (e.scoreIndex === undefined || e.scoreIndex === scoreIndex),
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
        });
      });
      const outcomes: RowOutcome[] = rows.map((row) => {
        const scores = updated.get(row.id)!;
        const to = endState(scores) ?? 'queued';
        const rejected = scores.filter((s) => s.outcome === 'rejected');
        const first = rejected[0];
        return {
          rowId: row.id,
          from: 'sending',
          to,
          response,
          patch: {
            payload: { ...payloadOf(row)!, scores } as unknown as Record<string, unknown>,
            nextAttemptAt: 0,
            ...(first
              ? {
                  errorCode: first.reason ?? 'rejected',
                  errorMessage: rejectionText('en', first),
                }
              : { errorCode: null, errorMessage: null }),
          },
        };
      });
      const written = [...updated.values()].flat().filter((s) => s.outcome === 'written').length;
      this.meter.record(now, written);
      await journal.recordOutcomesAsync(outcomes);
      return;
    }
    const back = (patch: RowOutcome['patch'], to: 'queued' | 'in_doubt' | 'rejected') =>
      journal.recordOutcomesAsync(
        rows.map((row) => ({ rowId: row.id, from: 'sending', to, response, patch })),
      );
    switch (answer.kind) {
      case 'access_denied': {
        await back({ refundAttempt: true, nextAttemptAt: 0 }, 'queued');
        // The feature not enabled (no permission named) is said as such; a missing permission
        // or a refused token as the engine says it.
        const error =
          answer.loggedIn !== false && !answer.permission
            ? appError(
                'api_access_denied',
                word('en', 'failure.api_access_denied.scores_not_enabled'),
                {
                  reason: 'scores_not_enabled',
                  apiMessage: answer.message,
                },
              )
            : (answerError(answer) ?? appError('api_access_denied'));
        this.health.refused(error);
        return;
      }
      case 'untrusted_certificate':
        await back({ refundAttempt: true, nextAttemptAt: 0 }, 'queued');
        this.health.refused(answerError(answer)!);
        return;
      case 'offline':
      case 'no_token':
        await back({ refundAttempt: true, nextAttemptAt: 0 }, 'queued');
        this.health.nothingSent(answer.kind);
        return;
      case 'throttled':
        await back({ refundAttempt: true, nextAttemptAt: now + answer.waitMs }, 'queued');
        return;
      case 'aborted':
        if (!answer.maybeSent) {
          await back({ refundAttempt: true, nextAttemptAt: 0 }, 'queued');
          return;
        }
        await back({ nextAttemptAt: now + settings.settleMs }, 'in_doubt');
        return;
      case 'row_error': {
        // The body was refused whole (400): nothing of it was written.
        const error = answerError(answer)!;
        await back({ errorCode: error.code, errorMessage: answer.message }, 'rejected');
        return;
      }
      case 'not_found':
        await back({ refundAttempt: true, nextAttemptAt: 0 }, 'queued');
        this.health.wrongAddress();
        return;
      default:
        // 500, timeout, reset, an answer the app cannot read: the batch may have been written.
        this.health.reachable();
        await back({ nextAttemptAt: now + settings.settleMs }, 'in_doubt');
    }
  }

  // ---- settling lost answers ------------------------------------------------------------------

  private fillSettling(now: number): void {
    const { journal, jobId } = this.d;
    if (this.readsInFlight >= READS_IN_FLIGHT) return;
    const rows = journal
      .takeDue(jobId, ['in_doubt'], now, READS_IN_FLIGHT * 2)
      .filter((r) => !this.inHand.has(r.id));
    for (const row of rows) {
      if (this.readsInFlight >= READS_IN_FLIGHT) return;
      this.readsInFlight++;
      this.spawn([row.id], () => this.settle(row).finally(() => this.readsInFlight--));
    }
  }

  /** Reads the supplier's history and marks each unsent score of the row that it shows as
   *  written; the row goes back to the queue with the rest, or ends. */
  private async settle(row: JournalRow): Promise<void> {
    const { journal, jobId, conn, clock, settings, random } = this.d;
    const p = payloadOf(row);
    if (!p) return;
    const intentAt = row.sentAt ?? 0;
    const answer = await conn.api.readExternalScores(identifierOf(p), this.perspectiveId, {
      jobId,
      signal: this.health.signal,
    });
    let seen: ScoreSeen[];
    if (answer.kind === 'ok') seen = answer.value;
    else if (answer.kind === 'not_found') seen = [];
    else {
      if (answer.kind === 'access_denied' || answer.kind === 'untrusted_certificate')
        return this.health.refused(answerError(answer)!);
      if (answer.kind === 'offline' || answer.kind === 'no_token')
        return this.health.nothingSent(answer.kind);
      if (answer.kind === 'aborted') return;
      await journal.recordOutcomesAsync([
        {
          rowId: row.id,
          from: 'in_doubt',
          to: 'in_doubt',
          patch: { nextAttemptAt: clock.now() + settings.settleMs * (1 + random()) },
        },
      ]);
      return;
    }
    this.health.reachable();
    const scores = p.scores.map((s) =>
      s.outcome === undefined && shownInHistory(s, seen, intentAt)
        ? { ...s, outcome: 'written' as const }
        : { ...s },
    );
    const rounds = row.attempts;
    let to: 'done' | 'rejected' | 'queued' | 'needs_user' = endState(scores) ?? 'queued';
    if (to === 'queued' && rounds >= SETTLE_CAP) {
      to = 'needs_user';
      for (const s of scores)
        if (s.outcome === undefined) {
          s.reason = 'not_settled';
          s.message = word('en', 'scores.rejected.not_settled');
        }
    }
    await journal.recordOutcomesAsync([
      {
        rowId: row.id,
        from: 'in_doubt',
        to,
        response: { kind: 'history', shown: scores.filter((s) => s.outcome === 'written').length },
        patch: {
          payload: { ...p, scores } as unknown as Record<string, unknown>,
          nextAttemptAt: 0,
        },
      },
    ]);
  }

  // ---- ending and progress --------------------------------------------------------------------

  private finish(opts: RunOptions): RunExit {
    const { journal, jobId } = this.d;
    const stopped = this.health.endStopped();
    if (stopped) return stopped;
    if (opts.mode === 'check') {
      journal.setJobState(jobId, 'ready');
      return 'checked';
    }
    const counts = journal.counts(jobId);
    const problems = PROBLEM_STATES.some((s) => counts[s]) || (counts.draft ?? 0) > 0;
    journal.setJobState(
      jobId,
      problems ? 'needs_attention' : 'finished',
      problems ? reason(counts.draft ? 'rows_not_validated' : 'rows_need_attention') : null,
    );
    return 'finished';
  }

  private emitProgress(force = false): void {
    const now = this.d.clock.now();
    if (!force && now - this.lastProgressAt < this.d.settings.progressIntervalMs) return;
    this.lastProgressAt = now;
    this.d.events.progress(this.progress());
  }

  progress(): JobProgress {
    const { journal, jobId, conn, clock, settings } = this.d;
    const job = journal.getJob(jobId);
    return progressOf({
      jobId,
      state: job?.state ?? 'running',
      counts: journal.counts(jobId),
      now: clock.now(),
      conn,
      settings,
      createdMeter: this.meter,
      history: this.history,
      options: job?.options,
      runOpts: this.runOpts,
      onCreate: { screening: undefined, validation: undefined },
      offline: this.health.offline,
    });
  }
}
