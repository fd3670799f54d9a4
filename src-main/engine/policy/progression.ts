// Where a row goes once the platform has its supplier, or once its screening has ended: first
// the ids the row attaches (customer and own ids), then the job's options decide, and whether
// the follow-up was asked for with the creation.
import type { JobOptions } from '../../journal/schema';
import type { RowState } from '../../journal/rowStates';
import {
  identifiersToAttach,
  sameIdentifier,
  type AttachedIdentifier,
  type IdentifierToAttach,
} from '../../../src-shared/supplier';
import { ON_CREATE } from '../stages';
import { rowPaidWork } from '../paidWork';

export type FollowUpOptions = Pick<JobOptions, 'screeningPeriod' | 'validate'> &
  Partial<Pick<JobOptions, 'skipExisting'>>;
export type FollowUpMarks = {
  screeningStatus: string | null;
  validationStatus: string | null;
  /** The row's payload (the ids to attach ride in it) and the ids attached so far. */
  payload?: Record<string, unknown> | null;
  identifiers?: AttachedIdentifier[] | null;
  /** false: the supplier was there before this job (found by the check, or a 409). */
  createdByJob?: boolean;
  /** `attach`: the user attached the row to an existing supplier; its supplier id goes too. */
  duplicateDecision?: string | null;
};

/** The ids of the row's payload not attached yet, in order: the first is the next to send. */
export function identifiersLeft(row: FollowUpMarks | undefined): IdentifierToAttach[] {
  const done = row?.identifiers ?? [];
  return identifiersToAttach(row?.payload, row?.duplicateDecision === 'attach').filter(
    (i) => !done.some((d) => sameIdentifier(d, i)),
  );
}

export function afterCreate(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
  if (identifiersLeft(row).length) return 'identifiers_queued';
  return afterIdentifiers(o, row);
}

/** Once every id is attached (or there were none): screening, validation, or done, as the row
 *  orders them (its own columns, else the job's options: engine/paidWork.ts). */
export function afterIdentifiers(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
  // An existing supplier the job skips gets the row's ids, and nothing more.
  if (o.skipExisting && row?.createdByJob === false) return 'done';
  if (rowPaidWork(row?.payload, o).period) {
    return row?.screeningStatus === ON_CREATE ? 'screening_requested' : 'screening_queued';
  }
  return afterScreening(o, row);
}

export function afterScreening(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
  if (rowPaidWork(row?.payload, o).validation) {
    return row?.validationStatus === ON_CREATE ? 'validation_requested' : 'validation_queued';
  }
  return 'done';
}
