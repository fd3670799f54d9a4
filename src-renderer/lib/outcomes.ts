// Screening and validation outcomes in the user's words (src-shared/outcomes.ts says which need
// the user), and the one line a results row shows: its reason and what to do next.
import type { RowView } from '../../src-shared/contract';
import type { OutcomeStage } from '../../src-shared/outcomes';
import { isAttentionOutcome, isUnknownOutcome } from '../../src-shared/outcomes';
import { t } from './i18n.svelte';
import { messages, type MessageKey } from './messages';
import { problemLine, problemText, rowErrorText } from './words';

function known(key: string): key is MessageKey {
  return key in messages.en;
}

/** The status as a word ("Rejected"), or the API's own value when the app does not know it. */
export function outcomeLabel(stage: OutcomeStage, status: string | null): string {
  if (status === null) return '';
  const key = `outcome.${stage}.${status}`;
  return known(key) ? t(key) : t('outcome.unknown', { status });
}

/** What the status means and what to do, in one line; empty for an unknown status. */
export function outcomeHelp(stage: OutcomeStage, status: string | null): string {
  const key = `outcome.${stage}.${status ?? ''}.help`;
  return status !== null && known(key) ? t(key) : '';
}

/** The row's reason and next step: its error or problems, else an outcome that needs the user
 *  (with the platform's reason), else the explanation of its last outcome. */
export function rowReason(row: RowView): string {
  if (row.errorMessage) return rowErrorText(row);
  if (row.problems.length) return row.problems.map(problemText).join(' · ');
  // Validation and screening side by side: a confirmed validation never hides findings.
  const parts: string[] = [];
  if (isAttentionOutcome('validation', row.validationStatus)) {
    parts.push(attentionHelp('validation', row.validationStatus));
    if (row.rejectionReason) parts.push(t('outcome.reason', { reason: row.rejectionReason }));
  }
  if (isAttentionOutcome('screening', row.screeningStatus))
    parts.push(attentionHelp('screening', row.screeningStatus));
  if (parts.length) return parts.join(' ');
  if (row.validationStatus) return outcomeHelp('validation', row.validationStatus);
  if (row.screeningStatus) return outcomeHelp('screening', row.screeningStatus);
  return '';
}

/** The grid's line of a row's problems: its error, else its problems (Review), or on Results a
 *  row with neither by its reason and next step. */
export function rowProblemText(row: RowView, mode: 'review' | 'results'): string {
  if (row.errorMessage) return rowErrorText(row);
  if (mode === 'results' && !row.problems.length) return rowReason(row);
  return row.problems.map(problemLine).join(' · ');
}

/** The row's state as its badge shows it: a finished row whose validation was rejected, whose
 *  screening was stopped or found something, or whose status the app does not know, is not
 *  shown as simply done. */
export function shownState(row: RowView): string {
  if (row.state !== 'done') return row.state;
  // Findings first, as every count has them (src-shared/tally.ts rowOutcome).
  if (row.screeningStatus === 'Finished') return 'screening_findings';
  if (row.validationStatus === 'REJECTED') return 'validation_rejected';
  if (row.screeningStatus === 'Aborted') return 'screening_aborted';
  if (
    isUnknownOutcome('validation', row.validationStatus) ||
    isUnknownOutcome('screening', row.screeningStatus)
  )
    return 'needs_review';
  return row.state;
}

/** What an outcome that needs the user means and what to do; for a word the app does not know,
 *  that word and where to read it. */
function attentionHelp(stage: OutcomeStage, status: string | null): string {
  return isUnknownOutcome(stage, status)
    ? t(`outcome.${stage}.unknown.help`, { status: status ?? '' })
    : outcomeHelp(stage, status);
}

/** The user's time zone, as Intl formats times in it ("Europe/Berlin"). */
export function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
