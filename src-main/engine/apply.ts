// Carries out what the policy decided: the row's move (with its due time worked out from the
// retry), and the effect on the job.
import type { JournalRow, RowOutcome } from '../journal/journal';
import type { RowState } from '../journal/rowStates';
import { warningOf } from './messages';
import type { RunContext } from './context';
import { refusedOnCreate } from './policy/classify';
import type { Decision, Effect, Outcome, Retry } from './policy/types';
import { backoffMs } from './progress';
import type { EngineSettings } from './settings';

type DueRow = Pick<JournalRow, 'attempts' | 'sentAt' | 'nextAttemptAt' | 'errorCode'>;

/** The moment evidence about a lost write counts: after its answer came back (a request may be
 *  applied at any moment until then) and, for a lost answer, after the settle delay. The row's
 *  next attempt time, set when it went in doubt, is exactly that moment (the answer's arrival
 *  plus the settle delay; or the start-up after a crash, plus the delay; or, for a 409, which
 *  says the conflicting creation existed when it was answered, the answer's arrival itself);
 *  later backoffs only move it on. */
export function settledAt(row: DueRow, settings: EngineSettings): number {
  return Math.max(
    (row.sentAt ?? 0) + (row.errorCode === 'api_conflict' ? 0 : settings.settleMs),
    row.nextAttemptAt,
  );
}

/** When a row is due again after `retry`; undefined leaves its due time as it is. */
export function dueAt(
  retry: Retry,
  row: DueRow,
  env: { now: number; settings: EngineSettings; random: () => number },
): number | undefined {
  const { now, settings: s, random } = env;
  switch (retry) {
    case 'none':
    case 'keep':
      return undefined;
    case 'now':
      return now;
    case 'settle':
      return now + s.settleMs;
    case 'settled':
      return settledAt(row, s);
    case 'track':
      return now + s.trackPollMs;
    case 'poll':
      return now + s.statusPollBaseMs;
    case 'poll_backoff':
      return now + backoffMs(row.attempts, s.statusPollBaseMs, s.statusPollCapMs, random);
    case 'poll_later': {
      const age = now - (row.sentAt ?? now);
      return (
        now +
        Math.min(s.statusPollCapMs, Math.max(s.statusPollBaseMs, age / 4)) * (0.75 + random() / 2)
      );
    }
  }
}

function toRowOutcome(
  rowId: number,
  from: RowState,
  o: Outcome,
  row: DueRow,
  env: { now: number; settings: EngineSettings; random: () => number },
): RowOutcome {
  const due = dueAt(o.retry, row, env);
  return {
    rowId,
    from,
    to: o.to,
    patch: {
      ...o.patch,
      ...(o.refund ? { refundAttempt: true } : {}),
      ...(due !== undefined ? { nextAttemptAt: due } : {}),
    },
    ...(o.response ? { response: o.response } : {}),
    ...(o.reason ? { reason: o.reason } : {}),
  };
}

/** Records the decision for `row` (in state `from`) and carries out its effect. `sent`: what a
 *  create asked for with it (a refusal on create takes it away). */
export async function applyDecision(
  run: RunContext,
  row: JournalRow,
  from: RowState,
  decision: Decision,
  sent?: { screening: boolean; validation: boolean },
): Promise<void> {
  const { journal, clock, settings, random } = run.d;
  const now = clock.now();
  before(run, decision.effect, now, sent);
  const env = { now, settings, random };
  const first = toRowOutcome(row.id, from, decision.outcome, row, env);
  const outcomes = [first];
  if (decision.then)
    outcomes.push(toRowOutcome(row.id, decision.outcome.to, decision.then, row, env));
  await journal.recordOutcomesAsync(outcomes);
  after(run, decision.effect);
}

/** Records the decisions for the rows of one batch in one commit, and carries out their
 *  effects once each (the same answer decided them all). */
export async function applyDecisions(
  run: RunContext,
  decided: readonly { row: JournalRow; from: RowState; decision: Decision }[],
): Promise<void> {
  const { journal, clock, settings, random } = run.d;
  const now = clock.now();
  const env = { now, settings, random };
  const effects = new Map(decided.map((d) => [d.decision.effect.kind, d.decision.effect]));
  for (const effect of effects.values()) before(run, effect, now, undefined);
  const outcomes = decided.flatMap(({ row, from, decision }) => {
    const first = toRowOutcome(row.id, from, decision.outcome, row, env);
    return decision.then
      ? [first, toRowOutcome(row.id, decision.outcome.to, decision.then, row, env)]
      : [first];
  });
  await journal.recordOutcomesAsync(outcomes);
  for (const effect of effects.values()) after(run, effect);
}

/** Effects that must hold before the row is written: the job is reachable again, or may no
 *  longer ask for screening or validation on create. */
function before(
  run: RunContext,
  effect: Effect,
  now: number,
  sent: { screening: boolean; validation: boolean } | undefined,
): void {
  switch (effect.kind) {
    case 'reachable':
    case 'field_names':
      return run.health.reachable();
    case 'created':
      run.health.reachable();
      return run.createdMeter.record(now);
    case 'refuse_on_create':
      return refuseOnCreate(
        run,
        effect.permission,
        sent ?? { screening: false, validation: false },
      );
  }
}

/** Effects after the row is written: the job waits for the network, or stops. */
function after(run: RunContext, effect: Effect): void {
  switch (effect.kind) {
    case 'offline':
    case 'no_token':
      return run.health.nothingSent(effect.kind);
    case 'access_denied':
    case 'field_names':
      return run.health.refused(effect.error);
    case 'wrong_address':
      return run.health.wrongAddress();
  }
}

function refuseOnCreate(
  run: RunContext,
  permission: string | undefined,
  sent: { screening: boolean; validation: boolean },
): void {
  const refused = refusedOnCreate(permission, sent);
  const before = { ...run.onCreate };
  if (refused.screening) run.onCreate.screening = false;
  if (refused.validation) run.onCreate.validation = false;
  if (before.screening === run.onCreate.screening && before.validation === run.onCreate.validation)
    return;
  const { journal, jobId, entitlements, events } = run.d;
  const job = journal.getJob(jobId);
  if (job) entitlements.set(job.connectionId, run.onCreate);
  events.warning({ jobId, ...warningOf('on_create_refused') });
}
