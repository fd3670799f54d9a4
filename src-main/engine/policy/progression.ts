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

export type FollowUpOptions = Pick<JobOptions, 'screeningPeriod' | 'validate'>;
export type FollowUpMarks = {
  screeningStatus: string | null;
  validationStatus: string | null;
  /** The row's payload (the ids to attach ride in it) and the ids attached so far. */
  payload?: Record<string, unknown> | null;
  identifiers?: AttachedIdentifier[] | null;
};

/** The ids of the row's payload not attached yet, in order: the first is the next to send. */
export function identifiersLeft(row: FollowUpMarks | undefined): IdentifierToAttach[] {
  const done = row?.identifiers ?? [];
  return identifiersToAttach(row?.payload).filter((i) => !done.some((d) => sameIdentifier(d, i)));
}

export function afterCreate(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
  if (identifiersLeft(row).length) return 'identifiers_queued';
  return afterIdentifiers(o, row);
}

/** Once every id is attached (or there were none): screening, validation, or done. */
export function afterIdentifiers(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
  if (o.screeningPeriod) {
    return row?.screeningStatus === ON_CREATE ? 'screening_requested' : 'screening_queued';
  }
  return afterScreening(o, row);
}

export function afterScreening(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
  if (o.validate) {
    return row?.validationStatus === ON_CREATE ? 'validation_requested' : 'validation_queued';
  }
  return 'done';
}
