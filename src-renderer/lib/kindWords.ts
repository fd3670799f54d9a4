// The words a screen uses where a job's kind makes a difference (docs/architecture.md, "Kinds of
// job in the app"): an onboarding uploads and creates suppliers, the other kinds deactivate,
// change identifiers or upload scores, and their buttons and lines say so.
import type { MessageKey } from '../../src-shared/i18n';
import type { Operation } from '../../src-shared/operations';

/** The run's start button. */
export const START_WORDS: Record<Operation, MessageKey> = {
  onboard: 'run.start',
  identifiers: 'run.start.identifiers',
  deactivate: 'run.start.deactivate',
  scores: 'run.start.scores',
};

/** The title of the Run screen's card of the run. */
export const RUN_TITLE_WORDS: Record<Operation, MessageKey> = {
  onboard: 'run.runTitle',
  identifiers: 'run.runTitle.identifiers',
  deactivate: 'run.runTitle.deactivate',
  scores: 'run.runTitle',
};

/** The log's line once the run is started. */
export const STARTED_WORDS: Record<Operation, MessageKey> = {
  onboard: 'log.started',
  identifiers: 'log.started.identifiers',
  deactivate: 'log.started.deactivate',
  scores: 'log.started.scores',
};

/** The Review screen's next step: the identifier check, or (scores, which have none) the run. */
export const REVIEW_NEXT_WORDS: Record<Operation, MessageKey> = {
  onboard: 'review.next',
  identifiers: 'review.next',
  deactivate: 'review.next',
  scores: 'review.next.scores',
};

/** The Map screen's line naming the connection the job will work on. */
export const CONNECTION_WORDS: Record<Operation, MessageKey> = {
  onboard: 'map.connection',
  identifiers: 'map.connection.identifiers',
  deactivate: 'map.connection.deactivate',
  scores: 'map.connection.scores',
};
