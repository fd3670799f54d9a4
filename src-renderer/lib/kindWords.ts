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

/** The Map screen's line above the mapping: the fields of a supplier to create, the columns
 *  that name an existing supplier, or a scores sheet's perspective. */
export const MAP_INTRO_WORDS: Record<Operation, MessageKey> = {
  onboard: 'map.intro',
  identifiers: 'map.introRef',
  deactivate: 'map.introRef',
  scores: 'scoresMap.intro',
};

/** The log's line once a start is confirmed, and which of the plan note's figures fill it
 *  (placeholder → figure). */
export const PLAN_LOG_WORDS: Record<
  Operation,
  { key: MessageKey; figures: Record<string, string> }
> = {
  onboard: {
    key: 'log.plan',
    figures: { creations: 'creations', screenings: 'screenings', validations: 'validations' },
  },
  identifiers: { key: 'log.plan.identifiers', figures: { n: 'identifierChanges' } },
  deactivate: { key: 'log.plan.deactivate', figures: { n: 'deactivations' } },
  scores: { key: 'log.plan.scores', figures: { n: 'scoreRows' } },
};

/** The words of a check that sorts the rows into the kind's own figures (lib/kindFigures.ts):
 *  the Check card's intro, its figure of rows to change, the sentence of what it found and the
 *  hint before the start. Only the kinds whose rows name an existing supplier have them. */
export const KIND_CHECK_WORDS: Partial<
  Record<
    Operation,
    { intro: MessageKey; toChange: MessageKey; found: MessageKey; startHint: MessageKey }
  >
> = {
  identifiers: {
    intro: 'run.checkIntro.identifiers',
    toChange: 'run.kindCheck.toChange.identifiers',
    found: 'run.kindFound.identifiers',
    startHint: 'run.startHint.identifiers',
  },
  deactivate: {
    intro: 'run.checkIntro.deactivate',
    toChange: 'run.kindCheck.toChange.deactivate',
    found: 'run.kindFound.deactivate',
    startHint: 'run.startHint.deactivate',
  },
};

/** The kind a job's words are chosen by: its options' kind, or for a job from before kinds
 *  (none in its options) an onboarding, as operationOf in src-shared/operations.ts. What the
 *  kind does is asked of its traits (kindTraits), never of this name. */
export function wordsKind(options: { operation?: Operation | undefined } | undefined): Operation {
  return options?.operation ?? 'onboard';
}
