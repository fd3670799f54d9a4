// The job's health: stopping (pause, cancel, a refusal that concerns every row, a full disk),
// the wait for a lost network with its backoff, and reads that failed.
import { answerError, type ApiFailure } from '../api';
import { diskFull, HELD_UNTIL_CONFIRMED, isDiskFull } from '../journal/journal';
import type { JournalRow } from '../journal/journal';
import { appError, type AppError } from '../../src-shared/errors';
import { errorReason, reason, warningOf, type CodedMessage } from './messages';
import { recordAnswerProblem } from './answerProblems';
import { backoffMs } from './progress';
import type { JobRunnerDeps, RunExit, StopReason } from './runTypes';
import { StallWatch } from './stall';

export class JobHealth {
  private readonly stop = new AbortController();
  private stopReason: StopReason | undefined;
  /** Why a refusal stopped the job (403, no token, wrong address, field names). */
  private refusal: CodedMessage | undefined;
  private offlineRound = 0;
  /** Nothing is sent before this moment: the network was lost. */
  offlineUntil = 0;
  offline = false;
  /** What the answers were while no row moved (see stall.ts). */
  readonly stall: StallWatch;

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly emitProgress: (force?: boolean) => void,
    private readonly wake: () => void,
  ) {
    this.stall = new StallWatch(deps.settings, (w) =>
      deps.events.warning({ jobId: deps.jobId, ...w }),
    );
  }

  get signal(): AbortSignal {
    return this.stop.signal;
  }

  get stopped(): StopReason | undefined {
    return this.stopReason;
  }

  /** The job state reason a refusal stopped the job with. */
  get refusalReason(): CodedMessage {
    return this.refusal ?? errorReason(appError('api_access_denied'));
  }

  halt(why: StopReason): void {
    // A full disk wins: nothing else (not even a cancel) can be recorded until space is freed.
    if (this.stopReason !== 'disk_full') {
      if (!this.stopReason || why === 'cancelled' || why === 'disk_full') this.stopReason = why;
    }
    if (!this.stop.signal.aborted) this.stop.abort(new Error(why));
    this.wake();
  }

  /** The journal's disk is full: nothing can be recorded, so nothing more may be sent (every
   *  send needs its intent written first). The job pauses; rows mid-request are found in doubt
   *  when it resumes. Not a row's failure: no row changes state for it. */
  storageFull(): void {
    if (this.stopReason !== 'disk_full')
      this.deps.events.warning({
        jobId: this.deps.jobId,
        ...warningOf('disk_full', { folder: this.deps.journal.folder }),
      });
    this.halt('disk_full');
  }

  /** A refusal that concerns every row: the job stops and says what to fix. */
  refused(error: AppError): void {
    this.refusal = errorReason(error);
    this.halt('access_denied');
  }

  /** Rows held back because they ask for paid work the confirmed plan does not hold. */
  readonly heldForConfirmation = new Set<number>();

  /**
   * A row asks for paid work (screening, validation) the confirmed plan does not hold: nothing
   * of it is sent. The row stays in its queue, not due until the next run starts
   * (`releaseHeld`), and the rest of the job goes on; once only held rows are left, the job
   * pauses (`unconfirmed`) and a start shows the summary with them to confirm.
   */
  async holdForConfirmation(row: JournalRow): Promise<void> {
    this.heldForConfirmation.add(row.id);
    await this.deps.journal.recordOutcomeAsync({
      rowId: row.id,
      from: row.state,
      to: row.state,
      reason: 'paid_not_confirmed',
      patch: { nextAttemptAt: HELD_UNTIL_CONFIRMED },
    });
  }

  /** Held rows are all that is left to do: the job pauses to have them confirmed. */
  onlyHeldLeft(activeRows: number): boolean {
    return this.heldForConfirmation.size > 0 && activeRows <= this.heldForConfirmation.size;
  }

  /** Endpoints that always exist answered 404: the job stops and says what to check. */
  wrongAddress(): void {
    this.refusal = reason('wrong_address', { baseUrl: this.deps.conn.client.baseUrl });
    this.halt('access_denied');
  }

  /** An answer without a value the app needs (under every name it knows): asking again would
   *  get the same answer, so the job pauses with the endpoint and the field, and the connection
   *  keeps the problem for its screen (`recordAnswerProblem`). */
  answerLacksField(answer: { endpoint: string; field: string }): void {
    const params = { endpoint: answer.endpoint, field: answer.field };
    this.refusal = reason('answer_lacks_field', params);
    recordAnswerProblem(this.deps.journal, this.deps.conn.id, {
      ...params,
      at: this.deps.clock.now(),
    });
    this.halt('access_denied');
  }

  /** The check cannot tell whether rows' suppliers exist (an answer in words the app does
   *  not know): rather than count them new, the job pauses with the sentence that says why. */
  cannotTell(why: CodedMessage): void {
    this.refusal = why;
    this.halt('access_denied');
  }

  /** No network (or no token): nothing was sent. The job waits and probes with backoff. */
  nothingSent(kind: 'offline' | 'no_token'): void {
    if (kind === 'no_token') return this.refused(appError('api_no_token'));
    const { clock, settings, random, journal, jobId } = this.deps;
    this.offlineUntil =
      clock.now() +
      backoffMs(this.offlineRound++, settings.offlineBaseMs, settings.offlineCapMs, random);
    if (!this.offline) {
      this.offline = true;
      journal.setJobState(jobId, 'waiting_network', errorReason(appError('api_offline')));
      this.emitProgress(true);
    }
  }

  /** The server answered: a wait for the network ends. */
  reachable(): void {
    if (!this.offline) return;
    this.offline = false;
    this.offlineRound = 0;
    this.offlineUntil = 0;
    this.deps.journal.setJobState(this.deps.jobId, 'running');
    this.emitProgress(true);
  }

  /** A read that failed: offline waits, 403 pauses, anything else is tried again later. */
  readFailed(answer: ApiFailure, row?: JournalRow): void {
    if (answer.kind === 'access_denied' || answer.kind === 'untrusted_certificate')
      return this.refused(answerError(answer) ?? appError('api_access_denied'));
    if (answer.kind === 'offline' || answer.kind === 'no_token')
      return this.nothingSent(answer.kind);
    if (answer.kind === 'lacks_field') return this.answerLacksField(answer);
    // A redirect not followed, an answer too large to read: asking again gets the same.
    if (answer.kind === 'unexpected_response' && answer.reason)
      return this.refused(answerError(answer)!);
    if (answer.kind === 'aborted') return;
    this.noteFailure(answer);
    // The supplier list or the pending list is missing: a wrong base URL.
    if (answer.kind === 'not_found' && !row) return this.wrongAddress();
    if (row) {
      const { clock, settings, random } = this.deps;
      this.deps.journal.recordOutcome({
        rowId: row.id,
        from: row.state,
        to: row.state,
        patch: {
          nextAttemptAt:
            clock.now() + backoffMs(1, settings.offlineBaseMs, settings.offlineCapMs, random),
        },
      });
    }
  }

  /** An answer that came but could not be used, for the stall warning (a lost answer, a
   *  timeout or a reset connection is no answer). */
  private noteFailure(answer: ApiFailure): void {
    if (answer.kind === 'unexpected_response') {
      return this.stall.note({
        kind: 'unreadable',
        endpoint: answer.endpoint,
        detail: answer.detail,
      });
    }
    if (answer.kind === 'maybe_processed' && answer.reason !== 'server_error') return;
    if (answer.kind === 'throttled') return;
    const status = 'status' in answer && answer.status !== undefined ? answer.status : undefined;
    const detail =
      answer.kind === 'maybe_processed'
        ? answer.detail
        : 'message' in answer && answer.message
          ? answer.message
          : answer.kind.replace('_', ' ');
    this.stall.note({
      kind: 'error',
      endpoint: status !== undefined ? `HTTP ${String(status)}` : answer.kind.replace('_', ' '),
      detail,
    });
  }

  /** The job's state reason for a full disk. */
  diskFullReason(): CodedMessage {
    return errorReason(diskFull(this.deps.journal.folder).error);
  }

  /** Ends a run that was stopped: the job's state says why (a stopped cancel cancels what was
   *  not sent). Undefined when the run was not stopped. */
  endStopped(): RunExit | undefined {
    const { journal, jobId } = this.deps;
    const stopped = this.stopReason;
    if (stopped === 'disk_full') {
      try {
        journal.setJobState(jobId, 'paused', this.diskFullReason());
      } catch (e) {
        // Still full: the job stays marked running with no live holder, which every front door
        // shows as interrupted; resuming it later works the same.
        if (!isDiskFull(e)) throw e;
      }
      return 'disk_full';
    }
    if (stopped === 'cancelled') {
      while (journal.cancelUnsentRows(jobId) > 0);
      journal.setJobState(jobId, 'cancelled');
      return 'cancelled';
    }
    if (stopped === 'access_denied') {
      journal.setJobState(jobId, 'paused', this.refusalReason);
      return 'access_denied';
    }
    if (stopped === 'unconfirmed') {
      journal.setJobState(jobId, 'paused', reason('plan_exceeded'));
      return 'paused';
    }
    if (stopped === 'paused') {
      journal.setJobState(jobId, 'paused', reason('paused'));
      return 'paused';
    }
    return undefined;
  }
}
