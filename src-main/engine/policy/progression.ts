// Where a row goes once the platform has its supplier, or once its screening has ended: the
// job's options decide, and whether the follow-up was asked for with the creation.
import type { JobOptions } from '../../journal/schema';
import type { RowState } from '../../journal/rowStates';
import { ON_CREATE } from '../stages';

export type FollowUpOptions = Pick<JobOptions, 'screeningPeriod' | 'validate'>;
export type FollowUpMarks = { screeningStatus: string | null; validationStatus: string | null };

export function afterCreate(o: FollowUpOptions, row: FollowUpMarks | undefined): RowState {
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
