// The scores job's run (docs/architecture.md, "The scores job"), over the run skeleton
// (engine/runSkeleton.ts): the journal's rows are the sheet's rows, each with its scores in its
// payload. Queued rows are packed into batches of at most 100 entries of at most 50 scores (rows
// of one supplier share an entry); a batch is one write in the connection's budget, sent under
// the durable intent every write takes (engine/intent.ts). What its answer does to each row, and
// what a history read says about a lost one, is policy (policy.ts).
import { randomUUID } from 'node:crypto';
import { MAX_SCORE_ENTRIES, type ScoresPayload } from '../../../src-shared/scores';
import { rejectionText } from '../../../src-shared/scoresText';
import type { ApiAnswer, ScoreWriteEntry, ScoreWriteResult } from '../../api';
import { applyDecision, applyDecisions } from '../../engine/apply';
import type { RunContext } from '../../engine/context';
import { sendUnderIntent } from '../../engine/intent';
import type { KindFigures } from '../../engine/kindFigures';
import { Lanes } from '../../engine/lanes';
import { classify, type WriteValue } from '../../engine/policy/classify';
import {
  historyEvidence,
  scoresAfterWrite,
  scoresBatchPolicy,
  settleScoresPolicy,
  SCORES_STATES,
  type ScoresContext,
} from './policy';
import { RunSkeleton, type Counts, type StepResult } from '../../engine/runSkeleton';
import type { JobRunnerDeps, RunOptions } from '../../engine/runTypes';
import type { Job, JournalRow } from '../../journal/journal';
import { identifierOf, packBatch, payloadOf, type PlannedEntry } from './batches';

export { identifierOf, payloadOf };

/** Batches in flight at once: enough to keep the write budget busy while answers come back. */
const BATCHES_IN_FLIGHT = 4;
/** History reads in flight at once while settling rows in doubt. */
const READS_IN_FLIGHT = 8;
const CTX: ScoresContext = { describe: (score) => rejectionText('en', score) };

const asPayload = (p: ScoresPayload) => p as unknown as Record<string, unknown>;

export class ScoresRunner extends RunSkeleton {
  private readonly lanes: Lanes;
  private readonly runContext: RunContext;
  private perspectiveId: string | undefined;

  constructor(deps: JobRunnerDeps, figures: KindFigures) {
    super(deps, figures);
    this.lanes = new Lanes(
      (e) => this.taskFailed(e, true),
      () => this.wakeUp(),
    );
    // A batch's rows are settled by the engine's apply step, as a row's are.
    const kind = {
      figures,
      check: 'named',
      matchedTo: undefined,
      opResults: false,
    } as const;
    this.runContext = this.context(kind, this.lanes);
  }

  protected open(job: Job): void {
    this.perspectiveId = job.options.perspectiveId ?? undefined;
    this.runContext.options = job.options;
  }

  /** Rows found mid-request (a crash or kill after the intent): their batch may have been
   *  written, and they are settled by reading before anything of them is sent again. The send
   *  the app's own end cut short gives its attempt back: the cap (SETTLE_CAP) counts the API's
   *  failures to apply a batch, not the app's restarts. A run (not a check) queues the rest. */
  protected recover(): void {
    const { journal, jobId, clock } = this.deps;
    for (let rows = journal.rowsInDoubt(jobId); rows.length; rows = journal.rowsInDoubt(jobId))
      journal.recordOutcomes(
        rows.map((row) => ({
          rowId: row.id,
          from: SCORES_STATES.sending,
          to: SCORES_STATES.inDoubt,
          reason: 'found_mid_request',
          patch: { nextAttemptAt: clock.now(), refundAttempt: true },
        })),
      );
    if (this.runOpts.mode !== 'check') while (journal.moveRows(jobId, 'valid', 'queued') > 0);
  }

  protected settleTasks(): Promise<void> {
    return this.lanes.settle();
  }

  protected async step(opts: RunOptions): Promise<StepResult> {
    if (opts.mode === 'check') return 'end';
    const now = this.deps.clock.now();
    if (now >= this.health.offlineUntil) {
      this.fillSettling(now);
      while (this.lanes.count('batch') < BATCHES_IN_FLIGHT && this.sendNextBatch(now));
    }
    return 'wait';
  }

  protected ended(_opts: RunOptions, counts: Counts): boolean {
    const { queued, sending, inDoubt } = SCORES_STATES;
    return !this.lanes.busy && !counts[queued] && !counts[sending] && !counts[inDoubt];
  }

  protected nextWakeIn(): number {
    const { journal, jobId, clock } = this.deps;
    const now = clock.now();
    if (this.health.offlineUntil > now) return Math.min(1_000, this.health.offlineUntil - now);
    const at = journal.nextDueAt(jobId, [SCORES_STATES.queued, SCORES_STATES.inDoubt]);
    return Math.max(10, Math.min(at === null ? 1_000 : at - now, 1_000));
  }

  /** A scores job has no check: no note. */
  protected checkNote(): undefined {
    return undefined;
  }

  // ---- batches ------------------------------------------------------------------------------

  /** Packs due queued rows into one batch and sends it; false when nothing is due. */
  private sendNextBatch(now: number): boolean {
    const { journal, jobId } = this.deps;
    const rows = journal
      .takeDue(jobId, [SCORES_STATES.queued], now, MAX_SCORE_ENTRIES * 4)
      .filter((r) => !this.lanes.inHand.has(r.id));
    const { entries, taken } = packBatch(rows);
    if (!taken.length) return false;
    this.lanes.spawn(
      'batch',
      taken.map((r) => r.id),
      () => this.sendBatch(entries, taken),
    );
    return true;
  }

  private async sendBatch(planned: PlannedEntry[], rows: JournalRow[]): Promise<void> {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const batchId = randomUUID();
    const scores = planned.reduce((n, e) => n + e.items.length, 0);
    let sentEntries: PlannedEntry[] = [];
    const sent = await sendUnderIntent<ScoreWriteResult>(this.deps, {
      kind: 'scores',
      rowIds: rows.map((r) => r.id),
      detail: { request: { batchId, entries: planned.length, scores } },
      signal: this.health.signal,
      send: (marked, o, signal) => {
        // Only rows the intent moved go.
        sentEntries = planned
          .map((e) => ({ ...e, items: e.items.filter((it) => marked.has(it.rowId)) }))
          .filter((e) => e.items.length > 0);
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
        return this.deps.conn.client.writeExternalScores(body, {
          ...o,
          ...(signal ? { signal } : {}),
        });
      },
    });
    if (!sent) return;
    // A batch's 200 carries no value a row's write has: it classifies as accepted.
    const answer = classify('batch', sent.answer as ApiAnswer<WriteValue>, {
      fieldNames: this.deps.conn.client.fieldNames,
      sent: { screening: false, validation: false },
    });
    const errors = sent.answer.kind === 'ok' ? sent.answer.value.errors : [];
    let written = 0;
    const decided = [...sent.marked].map((id) => {
      const row = byId.get(id)!;
      const p = payloadOf(row)!;
      const items = sentEntries.flatMap((e, entryIndex) =>
        e.items.flatMap((it, indexInEntry) =>
          it.rowId === id ? [{ scoreIndex: it.scoreIndex, entryIndex, indexInEntry }] : [],
        ),
      );
      const after = scoresAfterWrite(p.scores, items, errors);
      written += after.filter((s, i) => s.outcome === 'written' && !p.scores[i]!.outcome).length;
      const decision = scoresBatchPolicy(answer, { scores: after, payload: asPayload(p) }, CTX);
      const response = { batchId, ...decision.outcome.response };
      return {
        row,
        from: SCORES_STATES.sending,
        decision: { ...decision, outcome: { ...decision.outcome, response } },
      };
    });
    await applyDecisions(this.runContext, decided);
    this.meter.record(this.deps.clock.now(), written);
  }

  // ---- settling lost answers ----------------------------------------------------------------

  private fillSettling(now: number): void {
    const { journal, jobId } = this.deps;
    const room = READS_IN_FLIGHT - this.lanes.count('reconcile');
    if (room <= 0) return;
    const rows = journal
      .takeDue(jobId, [SCORES_STATES.inDoubt], now, READS_IN_FLIGHT * 2)
      .filter((r) => !this.lanes.inHand.has(r.id))
      .slice(0, room);
    for (const row of rows) this.lanes.spawn('reconcile', row.id, () => this.settle(row));
  }

  /** Reads the supplier's history; the policy marks each unsent score it shows as written. */
  private async settle(row: JournalRow): Promise<void> {
    const { jobId, conn } = this.deps;
    const p = payloadOf(row);
    if (!p) return;
    const answer = await conn.api.readExternalScores(identifierOf(p), this.perspectiveId, {
      jobId,
      signal: this.health.signal,
    });
    const decision = settleScoresPolicy(
      historyEvidence(answer),
      { scores: p.scores, payload: asPayload(p), attempts: row.attempts, sentAt: row.sentAt },
      CTX,
    );
    await applyDecision(this.runContext, row, SCORES_STATES.inDoubt, decision);
  }
}
