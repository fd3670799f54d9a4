// Codes for what a job's rows ended with and for what may be done to a whole job (move it to
// another connection, archive or delete it), and for choosing the connection new jobs use.
import { OUTCOME_TEXT } from '../outcomes';

export const jobErrors = {
  validation_rejected: OUTCOME_TEXT.validation.REJECTED,
  screening_aborted: OUTCOME_TEXT.screening.Aborted,
  creation_vanished:
    "The platform finished processing this creation without a supplier (it is no longer pending and cannot be found). Check the row's values, then retry it.",
  held_by_other_job:
    'Left out of this job: another job was still working on the same supplier (supplier id and source). Once that job has ended, retry this row if it is still needed.',
  sent_again:
    'Sent again by a retry job made from the results file you fixed: see that job for what became of this row.',
  screening_findings: OUTCOME_TEXT.screening.Finished,
  job_running:
    'The job is running. Pause it, or wait until it ends, then try again: a running job cannot be moved, archived or deleted.',
  undo_refused:
    'This job cannot be undone: only an onboarding job whose creations have all been answered can be undone.',
  connection_switch_refused:
    'The job cannot move to this connection. Keep its connection, or start a new job from the file on the other one.',
  work_cancelled:
    'Cancelled: the rows have the values they had before. Start it again whenever you like.',
  work_running:
    'Another fix or undo of this job is still under way. Wait until it ends, or cancel it, then try again.',
  connection_test_failed:
    'The connection did not pass its test, so new jobs keep using the current connection. Fix the address or the token (Edit), then test it again.',
} as const;
