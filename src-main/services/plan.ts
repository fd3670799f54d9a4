// The summary before a job starts ("jobs:plan"): what the start will create and order, what it
// may cost, how long it will take, and which suppliers another unfinished job is working on.
// Computed here once, so the desktop app and the command line show the same figures.
//
// The duration is the engine's own estimate (engine/estimate.ts), the one the run screen's time
// left shows: the identifier check's reads, the writes at the pace the connection's limiter
// keeps (shared with the other jobs running on it), then the platform's processing as this
// connection's jobs measured it, or "not known yet" on a connection never measured.
import { JobPlanSchema, typedChange, type JobPlanView } from '../../src-shared/contract';
import { savedByDecisions } from './onboarding/duplicates';
import { failWith } from '../../src-shared/errors';
import { kindOf } from '../kinds';
import { FOLLOW_UP_STATES, type RowState } from '../../src-shared/rowStates';
import type { SyncEngine } from '../engine/syncEngine';
import type { OnCreateEntitlements } from '../engine/jobRunner';
import type { Job, Journal } from '../journal/journal';
import { duplicateFiguresOf } from '../engine/duplicates';
import { rowError } from '../engine/messages';
import {
  confirmedLeft,
  mapsPaidWork,
  paidConfirmation,
  zeroPeriods,
  paidWorkOf,
  totalScreenings,
  withinConfirmed,
} from '../engine/paidWork';
import { SCREENING_PERIODS } from '../../src-shared/supplier';
import { jobEstimate } from '../engine/estimate';
import { SENT_STATES } from '../engine/kindFigures';

/** Marks a row left out because another job holds its supplier; kept in the row's error code,
 *  so the results and the row's history say why it was not sent. */
export const HELD_BY_OTHER_JOB = 'held_by_other_job' as const;

const CHECK_STATES = ['new', 'exists', 'pending', 'ambiguous'] as const;
/** Rows of another job that job may still send something for. `exists` only when that job
 *  follows existing suppliers up (screening or validation, not skipped). */
const STILL_WORKING: readonly RowState[] = [
  'valid',
  'new',
  'queued',
  'sending',
  'in_doubt',
  'pending',
  'accepted',
  'created',
  ...FOLLOW_UP_STATES,
];
/** Rows of this job nothing was sent for yet in their stage: the ones a start may leave out.
 *  `pending` (another creation of the supplier is under way) and `exists` only count when the
 *  job would follow them up with screening or validation. */
const NOT_SENT_YET: readonly RowState[] = [
  'valid',
  'new',
  'queued',
  'identifiers_queued',
  'screening_queued',
  'validation_queued',
];
const ENDED_JOBS = new Set(['finished', 'cancelled']);
/** The count of a change (by its name) a start confirmed before, from the job's last plan
 *  note. */
export function confirmedChange(note: unknown, name: string): number | null {
  const n = (note as Record<string, unknown> | undefined)?.[name];
  return typeof n === 'number' ? n : null;
}

export interface PlanDeps {
  journal: Journal;
  engine: SyncEngine;
  /** Jobs running in this process (the engine's, and the background starts of the UI). */
  isRunning(jobId: string): boolean;
}

/** What a start of the job will do; reads the journal and the connection's limiter only. */
export function planJob(deps: PlanDeps, jobId: string): JobPlanView {
  const { journal, engine } = deps;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const counts = journal.counts(jobId);
  const sum = (states: readonly RowState[]) => states.reduce((a, s) => a + (counts[s] ?? 0), 0);
  const total = sum(Object.keys(counts) as RowState[]);
  const { skipExisting } = job.options;

  // What the kind writes: creations, DELETEs (each confirmed), identifiers added or removed,
  // batches of scores; from the same figures as the time left of its run (kinds/).
  const kind = kindOf(job.options);
  const own = kind.planCounts(counts, {
    options: job.options,
    count: (states, only) => journal.matchedRows(jobId, states, 0, only).total,
    opResults: () => journal.opResults(jobId),
  });
  const { creations, changes } = own;
  const typed = typedChange(own);
  // Paid work, from the job's options and the rows' own columns alike: the engine orders by
  // the same rule (engine/paidWork.ts) and never beyond what is confirmed here.
  const onCreate = entitlementsOf(journal, job.connectionId);
  const paid = paidWorkOf(journal, job, onCreate);
  const screenings = totalScreenings(paid.screenings);
  const validations = paid.validations;
  const checkedNote = journal.lastJobNote(jobId, 'check');

  // ---- duration: the same estimate as the time left of its run (engine/estimate.ts)
  const status = engine.runtime(job.connectionId).scheduler.status();
  const sharedWithJobs = journal
    .listJobs()
    .filter(
      (j) => j.id !== jobId && j.connectionId === job.connectionId && deps.isRunning(j.id),
    ).length;
  const estimate = jobEstimate({
    now: engine.now(),
    counts,
    mode: 'run',
    wait: true,
    options: job.options,
    mapping: job.mapping,
    onCreate,
    figures: kind.figures,
    settings: engine.settingsFor(job.connectionId),
    measured: engine.measuredPace(job.connectionId),
    history: engine.history(jobId),
    readsTargetPerMinute: status.GET.targetPerMinute,
    writesTargetPerMinute: status.WRITE.targetPerMinute,
    share: 1 + sharedWithJobs,
    identifierWrites: paid.identifiersToAttach,
  });
  // Not checked yet: the kind's lookups (an onboarding reads the pending list once, then at
  // most one lookup each; a deactivate row looks its supplier up; a scores job has no check).
  const reads = kind.figures.checkReads(counts.valid);
  const writes = Object.values(estimate.writes).reduce((a, n) => a + n, 0);

  // ---- other unfinished jobs on the same suppliers
  const overlaps = sharedIdentities(deps, job);
  const endedBefore = kind.traits.createsSuppliers ? endedByOthers(journal, job) : [];
  const held = new Set(overlaps.flatMap((o) => o.rowIds));

  // ---- what was confirmed before: a resumed job asks again only for what is new
  const confirmedNote = journal.lastJobNote(jobId, 'plan')?.detail.plan;
  const paidConfirmed = withinConfirmed(paid, confirmedLeft(journal, job, onCreate));
  const typedConfirmed = !typed || confirmedChange(confirmedNote, typed.name) === typed.count;
  const paidOrders = screenings + validations;
  const column = (field: string) => mappedHeader(job, field);
  const periodOption = job.options.screeningPeriod as 2 | 5 | 10 | null;

  // ---- likely duplicates
  const duplicates = kind.traits.createsSuppliers
    ? { ...duplicateFiguresOf(journal, jobId), ...savedByDecisions(journal, job) }
    : JobPlanSchema.shape.duplicates.parse(undefined);

  return {
    jobId,
    rows: {
      total,
      new: counts.new,
      existing: counts.exists,
      pending: counts.pending,
      ambiguous: counts.ambiguous,
      unchecked: counts.valid,
      invalid: counts.invalid + counts.draft,
      // Rows left out as likely duplicates (skipped by the user's decision) are no work done.
      underway: Math.max(
        0,
        total - sum([...CHECK_STATES, 'duplicate', 'valid', 'invalid', 'draft']) - duplicates.skip,
      ),
      inDoubt: sum(kind.inDoubtStates as RowState[]),
    },
    checkedAt: checkedNote?.at ?? null,
    duplicates,
    creations,
    skipExisting,
    screening:
      periodOption || screenings > 0
        ? {
            suppliers: screenings,
            byPeriod: SCREENING_PERIODS.filter(
              (p) => paid.screenings[p] > 0 || (p === periodOption && screenings === 0),
            ).map((years) => ({ years, suppliers: paid.screenings[years] })),
            existing: paid.existing.screenings,
            fromColumn: paid.fromColumns.screenings,
            column: column('screeningPeriodInYears'),
          }
        : null,
    validation:
      job.options.validate || validations > 0
        ? {
            suppliers: validations,
            existing: paid.existing.validations,
            fromColumn: paid.fromColumns.validations,
            column: column('requestValidationOnCreate'),
          }
        : null,
    paidToConfirm: paidOrders > 0 && !paidConfirmed ? paidOrders : 0,
    identifiersToAttach: paid.identifiersToAttach,
    paidSent: paid.sent,
    duration: {
      totalMs: estimate.etaMs === null ? null : Math.round(estimate.etaMs),
      checkMs: Math.round(estimate.checkMs),
      sendMs: Math.round(estimate.sendMs),
      platformMs: estimate.processingMs === null ? null : Math.round(estimate.processingMs),
      platformKnown: estimate.platformKnown,
      reads,
      writes,
      readsPerMinute: round1(estimate.readsPerMinute),
      writesPerMinute: round1(estimate.writesPerMinute),
      measuredWritesPerMinute:
        estimate.measuredWritesPerMinute === null ? null : round1(estimate.measuredWritesPerMinute),
      measuredBy: estimate.measuredBy,
      sharedWithJobs,
    },
    overlaps: overlaps.map(({ rowIds: _rows, ...o }) => o),
    heldRows: held.size,
    endedBefore,
    operation: kind.name,
    changes,
    notes: kind.planNotes?.(job.options) ?? [],
    needsConfirmation:
      held.size > 0 ||
      (paidOrders > 0 && !paidConfirmed) ||
      (typed !== undefined && typed.count > 0 && !typedConfirmed),
  };
}

/** Leaves out of the job the rows another unfinished job holds: each becomes `skipped` with the
 *  other job named in its error, so the results show it and a retry brings it back once that
 *  job has ended. Returns how many rows were left out. */
export function leaveOutHeldRows(deps: PlanDeps, jobId: string): number {
  const { journal } = deps;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  let n = 0;
  const done = new Set<number>();
  for (const o of sharedIdentities(deps, job)) {
    const ids = o.rowIds.filter((id) => !done.has(id));
    for (let i = 0; i < ids.length; i += 500) {
      const rows = journal.getRows(ids.slice(i, i + 500));
      const result = journal.recordOutcomes(
        rows
          .filter((r) => (leavable(job) as readonly string[]).includes(r.state))
          .map((r) => ({
            rowId: r.id,
            from: r.state,
            to: 'skipped' as const,
            patch: rowError(`${HELD_BY_OTHER_JOB}.named`, { jobName: o.jobName }),
            reason: HELD_BY_OTHER_JOB,
            reasonParams: { jobName: o.jobName, jobId: o.jobId },
          })),
      );
      n += result.applied.length;
      for (const id of result.applied) done.add(id);
    }
  }
  return n;
}

/** Records what the user confirmed, so that resuming the job asks again only for more. */
export function recordConfirmedPlan(journal: Journal, plan: JobPlanView): void {
  journal.appendEvents([
    {
      jobId: plan.jobId,
      rowId: null,
      kind: 'note',
      detail: {
        plan: {
          ...paidConfirmation({
            screenings: {
              ...zeroPeriods(),
              ...Object.fromEntries(
                (plan.screening?.byPeriod ?? []).map((p) => [p.years, p.suppliers]),
              ),
            },
            validations: plan.validation?.suppliers ?? 0,
          }),
          creations: plan.creations,
          // Each of the kind's changes under its name (deactivations, identifierAdds and
          // identifierRemovals, scoreRows).
          ...Object.fromEntries(plan.changes.map((c) => [c.name, c.count])),
          heldRows: plan.heldRows,
        },
      },
    },
  ]);
}

interface Overlap {
  jobId: string;
  jobName: string;
  jobState: string;
  running: boolean;
  rows: number;
  examples: string[];
  rowIds: number[];
}

/** The rows of this job a start may leave out: those it would still send something for. */
function leavable(job: Job): RowState[] {
  const followsUp =
    Boolean(job.options.screeningPeriod) || job.options.validate || mapsPaidWork(job.mapping);
  return [
    ...NOT_SENT_YET,
    ...(followsUp ? (['pending'] as const) : []),
    ...(followsUp && !job.options.skipExisting ? (['exists'] as const) : []),
  ];
}

function sharedIdentities(deps: PlanDeps, job: Job): Overlap[] {
  const { journal } = deps;
  const mine = leavable(job);
  const out: Overlap[] = [];
  for (const other of journal.listJobs()) {
    if (other.id === job.id || other.connectionId !== job.connectionId) continue;
    // A job holds suppliers while it runs, and once it has sent something until it ends. One
    // that was only imported or checked, or stopped before sending (a wrong token), holds
    // nothing: when it starts, its own summary names this job instead.
    if (ENDED_JOBS.has(other.state)) continue;
    if (!deps.isRunning(other.id)) {
      const counts = journal.counts(other.id);
      if (!SENT_STATES.some((s) => counts[s] > 0)) continue;
    }
    const followsExisting =
      !other.options.skipExisting &&
      (other.options.screeningPeriod || other.options.validate || mapsPaidWork(other.mapping));
    const theirs = followsExisting ? [...STILL_WORKING, 'exists' as const] : STILL_WORKING;
    const shared = journal.identitiesSharedWith(job.id, mine, other.id, theirs);
    if (!shared.length) continue;
    out.push({
      jobId: other.id,
      jobName: other.name,
      jobState: other.state,
      running: deps.isRunning(other.id),
      rows: shared.length,
      examples: shared.slice(0, 3).map((r) => identityText(r.identityKey)),
      rowIds: shared.map((r) => r.rowId),
    });
  }
  return out;
}

/** Rows this job would still create (unchecked or found new) whose supplier an earlier job on
 *  the same connection ended (its kind's `endsSupplier`), by that job, the latest first. */
function endedByOthers(journal: Journal, job: Job): JobPlanView['endedBefore'] {
  const out: JobPlanView['endedBefore'] = [];
  for (const other of journal.listJobs()) {
    if (other.id === job.id || other.connectionId !== job.connectionId) continue;
    const ends = kindOf(other.options).endsSupplier;
    if (!ends || !journal.counts(other.id).done) continue;
    const found = journal.identitiesFinishedIn(job.id, ['valid', 'new'], {
      jobId: other.id,
      opResult: ends.opResult,
      madeFrom: ends.madeFrom(other.options),
    });
    if (found)
      out.push({
        jobId: other.id,
        jobName: other.name,
        said: ends.said,
        at: found.at,
        rows: found.rows,
        examples: found.examples.map(identityText),
      });
  }
  return out.sort((a, b) => b.at - a.at);
}

/** The header of the column a field is mapped to; null for a fixed value or when unmapped. */
function mappedHeader(job: Job, field: string): string | null {
  const fields = (job.mapping as { fields?: Array<{ field: string; column: number | null }> })
    .fields;
  const f = fields?.find((x) => x.field === field);
  return f && f.column !== null ? (job.headers[f.column] ?? null) : null;
}

function entitlementsOf(journal: Journal, connectionId: string): OnCreateEntitlements {
  const v = journal.getSetting(`entitlements:${connectionId}`) as
    Partial<OnCreateEntitlements> | undefined;
  return { screening: v?.screening, validation: v?.validation };
}

/** "id · source" of an identity key (`id\u001fsource`), as the row table shows identities. */
function identityText(key: string): string {
  const [id = '', source = ''] = key.split('\u001f');
  return source ? `${id} · ${source}` : id;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
