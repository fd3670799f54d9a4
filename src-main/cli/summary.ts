// The last line of every run: the figures of the job's rows, key=value, the same in every
// language (scripts and tests read them).
import { endedNeedingUser, isAttentionOutcome } from '../../src-shared/outcomes';
import type { Operation } from '../../src-shared/operations';
import { FOLLOW_UP_STATES } from '../../src-shared/rowStates';
import type { Journal, JournalRow } from '../journal/journal';
import { HELD_BY_OTHER_JOB } from '../services/plan';

export interface Summary {
  rows: number;
  created: number;
  existing: number;
  invalid: number;
  rejected: number;
  failed: number;
  pending: number;
  /** Of the rows above, those whose validation the platform rejected (or whose screening it
   *  aborted): the supplier exists, but the user has to act. */
  validationRejected: number;
  screeningAborted: number;
  /** A deactivate job's (or an undo's) rows, by what their DELETE came to. */
  deactivated: number;
  alreadyInactive: number;
  notFound: number;
}

const FAILED = new Set(['needs_user', 'vanished', 'ambiguous']);
const SUPPLIER_STATES = new Set<string>([
  'created',
  'done',
  ...FOLLOW_UP_STATES,
  'exists',
  'skipped',
]);

export function summarize(journal: Journal, jobId: string): Summary {
  return summaryOf(journal.eachRow(jobId));
}

export function summaryOf(rows: Iterable<JournalRow>): Summary {
  const s: Summary = {
    rows: 0,
    created: 0,
    existing: 0,
    invalid: 0,
    rejected: 0,
    failed: 0,
    pending: 0,
    validationRejected: 0,
    screeningAborted: 0,
    deactivated: 0,
    alreadyInactive: 0,
    notFound: 0,
  };
  for (const row of rows) count(s, row);
  return s;
}

function count(s: Summary, row: JournalRow): void {
  s.rows++;
  if (endedNeedingUser(row)) {
    if (isAttentionOutcome('validation', row.validationStatus)) s.validationRejected++;
    if (isAttentionOutcome('screening', row.screeningStatus)) s.screeningAborted++;
  }
  // Left out for another job that holds the same supplier: still to do, not existing.
  if (row.opResult === 'deactivated') s.deactivated++;
  else if (row.opResult === 'already_inactive') s.alreadyInactive++;
  else if (row.opResult === 'not_found') s.notFound++;
  else if (row.errorCode === HELD_BY_OTHER_JOB) s.pending++;
  else if (row.state === 'invalid') s.invalid++;
  else if (row.state === 'rejected') s.rejected++;
  else if (FAILED.has(row.state)) s.failed++;
  else if (row.state === 'cancelled') s.pending++;
  else if (SUPPLIER_STATES.has(row.state) && row.platformId) {
    // Made by this job's own create: answered 202, or confirmed by reconciling a lost answer
    // (which may have no creation UUID).
    if (row.createdByJob) s.created++;
    else s.existing++;
  } else if (row.state === 'skipped') s.existing++;
  else s.pending++;
}

export function summaryLine(s: Summary, operation: Operation = 'onboard'): string {
  // Counts named for the kind: a deactivate job (or an undo) creates nothing.
  if (operation === 'deactivate')
    return `rows=${s.rows} deactivated=${s.deactivated} already_inactive=${s.alreadyInactive} not_found=${s.notFound} invalid=${s.invalid} failed=${s.failed} pending=${s.pending}`;
  return `rows=${s.rows} created=${s.created} existing=${s.existing} invalid=${s.invalid} rejected=${s.rejected} failed=${s.failed} pending=${s.pending} validation_rejected=${s.validationRejected} screening_aborted=${s.screeningAborted}`;
}
