// A job's rows as the grid shows them, a page at a time, and a row's history.
import { kindOf } from '../../kinds';
import type { RowView } from '../../../src-shared/contract';
import { failWith } from '../../../src-shared/errors';
import { hasOwnSheet } from '../../../src-shared/operations';
import { isAttentionOutcome } from '../../../src-shared/outcomes';
import { OUTCOME_GROUP, rowOutcome } from '../../../src-shared/tally';
import type { ValueTarget } from '../../journal/fixBatches';
import type { DoneOutcomeFilter, Job, JournalRow } from '../../journal/journal';
import { valueChanges, type Mapping, type ValueChange } from '../../workbook';
import { PROBLEM_STATES, ROW_STATE_GROUP, type RowState } from '../../journal/rowStates';
import type { Ctx } from './context';
import { valueTarget } from './fixes';

/** Markers the engine keeps in `errorCode` while it waits; not errors for the user. */
export const INTERNAL_MARKS = new Set(['creation_missing', 'status_not_visible']);

/** What a row sends that differs from its file, as its results file shows it (one rule). */
export function sentChanges(
  row: JournalRow,
  job: Job | null | undefined,
  changes?: readonly ValueChange[],
): RowView['changes'] {
  if (!job || hasOwnSheet(kindOf(job.options).traits)) return [];
  const list = changes ?? valueChanges(row, job.mapping as unknown as Mapping, job.headers);
  return list.map((c) => ({
    field: c.field,
    column: c.column,
    file: c.file,
    sent: c.sent,
  }));
}

export function rowView(
  ctx: Ctx,
  row: JournalRow,
  job: Job | null | undefined = ctx.journal.getJob(row.jobId),
  /** The row's changes when the caller has them already (the results export). */
  changes?: readonly ValueChange[],
): RowView {
  const sid = (row.payload as { supplierId?: { id?: string; source?: string } } | null)?.supplierId;
  const internal = row.errorCode !== null && INTERNAL_MARKS.has(row.errorCode);
  return {
    id: row.id,
    sourceRow: row.sourceRow,
    cells: row.cells,
    state: row.state,
    // The same rule as the job's tally: a finished row that needs the user is in its group.
    group: OUTCOME_GROUP[rowOutcome(row)],
    identity: sid?.id ? `${sid.id}${sid.source ? ` · ${sid.source}` : ''}` : null,
    platformId: row.platformId,
    creationUuid: row.creationUuid,
    createdByJob: row.createdByJob ? true : row.platformId !== null ? false : null,
    screening: outcomeText(row.screeningStatus),
    validation: outcomeText(row.validationStatus),
    identifiers: row.identifiers ?? [],
    screeningStatus: row.screeningStatus,
    validationStatus: row.validationStatus,
    rejectionReason: row.rejectionReason,
    outcomeTargetId: row.outcomeTargetId,
    errorCode: internal ? null : row.errorCode,
    errorMessage: internal ? null : row.errorMessage,
    errorParams: internal ? null : row.errorParams,
    problems: (row.problems ?? []).map((p) => ({
      message: p.message,
      ...(p.field ? { field: p.field } : {}),
      ...(p.column ? { column: p.column } : {}),
      ...(p.code ? { code: p.code } : {}),
      ...(p.params ? { params: p.params } : {}),
    })),
    edits: row.userEdits ?? {},
    changes: sentChanges(row, job, changes),
    payload: row.payload,
    attempts: row.attempts,
    updatedAt: row.updatedAt,
  };
}

export function pageRows(
  ctx: Ctx,
  jobId: string,
  q: {
    states?: string[] | undefined;
    group?: string | undefined;
    outcome?: { stage: 'screening' | 'validation'; status: string } | undefined;
    problemsOnly?: boolean | undefined;
    problem?: { code: string | null; field: string | null } | undefined;
    text?: string | undefined;
    value?: { field: string | null; column: number | null; value: string } | undefined;
    after?: number | undefined;
    limit?: number;
  },
) {
  let states = q.states as RowState[] | undefined;
  // Finished rows by outcome: a rejected validation is to fix, not finished.
  let done: DoneOutcomeFilter | undefined;
  if (!states && q.outcome) {
    // With "rows that need you" too, an outcome that does not need the user has no rows.
    if (q.problemsOnly && !isAttentionOutcome(q.outcome.stage, q.outcome.status))
      return { rows: [], nextCursor: null };
    states = [];
    done = q.outcome;
  } else if (!states && q.group) {
    states = (Object.keys(ROW_STATE_GROUP) as RowState[]).filter(
      (s) => ROW_STATE_GROUP[s] === q.group,
    );
    if (q.group === 'to_fix') done = { attention: true };
    if (q.group === 'finished' && !q.problemsOnly) done = { attention: false };
    // A progress group with "rows that need you": its states that need the user.
    if (q.problemsOnly)
      states = states.filter((s) => (PROBLEM_STATES as readonly string[]).includes(s));
  } else if (!states && q.problemsOnly) done = { attention: true };
  // An outcome that excludes every state (a state outside "rows that need you"): no rows.
  if (states && states.length === 0 && !done) return { rows: [], nextCursor: null };
  // Read once for the page: every row of it shows its changes by the job's mapping.
  const job = ctx.journal.getJob(jobId);
  let value: (ValueTarget & { value: string }) | undefined;
  if (q.value) {
    if (!job) failWith('not_found', { reason: 'job', jobId });
    value = {
      ...(q.value.field
        ? valueTarget(ctx, job, q.value.field)
        : { field: null, column: q.value.column }),
      value: q.value.value,
    };
  }
  const page = ctx.journal.pageRows(jobId, {
    ...(value ? { value } : {}),
    ...(states ? { states } : {}),
    ...(done ? { done } : {}),
    ...(q.problemsOnly ? { problemsOnly: true } : {}),
    ...(q.problem ? { problem: q.problem } : {}),
    ...(q.text ? { text: q.text } : {}),
    ...(q.after !== undefined ? { after: q.after } : {}),
    limit: q.limit ?? 100,
  });
  return { rows: page.rows.map((r) => rowView(ctx, r, job)), nextCursor: page.nextCursor };
}

export function problemKinds(ctx: Ctx, jobId: string) {
  if (!ctx.journal.getJob(jobId)) failWith('not_found', { reason: 'job', jobId });
  return ctx.journal.problemKinds(jobId);
}

/** The suppliers a start of a job confirmed by a typed count would act on (a deactivation's; an
 *  identifiers job's removals),
 *  as the check matched them, the first `limit` in the order of the file; none for another
 *  kind. */
export function targets(ctx: Ctx, jobId: string, limit = 500) {
  const job = ctx.journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  const kind = kindOf(job.options);
  const only = kind.targetFilter?.(job.options);
  const { rows, total } = ctx.journal.matchedRows(jobId, kind.targetStates ?? [], limit, only);
  return {
    rows: rows.map(({ payload, ...r }) => ({
      ...r,
      identifier: kind.targetIdentifier?.(payload) ?? null,
    })),
    total,
  };
}

export function rowEvents(ctx: Ctx, rowId: number) {
  return ctx.journal
    .rowEvents(rowId, { limit: 500 })
    .map((e) => ({ id: e.id, at: e.at, kind: e.kind, detail: e.detail }));
}

export function outcomeText(status: string | null): string | null {
  if (status === null) return null;
  return status === 'OnCreate' ? 'Requested' : status;
}
