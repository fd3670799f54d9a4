// The words a screen uses where a job's kind makes a difference (docs/architecture.md, "Kinds of
// job in the app"): an onboarding uploads and creates suppliers, the other kinds deactivate,
// change identifiers or upload scores, and their buttons and lines say so.
import type { MessageKey } from '../../src-shared/i18n';
import type { Operation } from '../../src-shared/operations';
import { num } from './format';
import { t } from './i18n.svelte';

/** The figures a kind's check sorts rows into, in its own words (the services name them:
 *  src-main/kinds/named.ts namedCheckFigures). */
export type CheckFigure = 'toChange' | 'already' | 'onOther' | 'ambiguous' | 'notFound';

/** The words of a kind, one entry per kind (a new kind is one more entry). */
export interface KindWords {
  /** The run's start button. */
  start: MessageKey;
  /** The title of the Run screen's card of the run. */
  runTitle: MessageKey;
  /** The log's line once the run is started. */
  started: MessageKey;
  /** The Review screen's next step: the identifier check, or (a kind without one) the run. */
  reviewNext: MessageKey;
  /** The Map screen's line naming the connection the job will work on. */
  connection: MessageKey;
  /** The Map screen's line above the mapping: the fields of a supplier to create, the columns
   *  that name an existing supplier, or a scores sheet's perspective. */
  mapIntro: MessageKey;
  /** The log's line once a start is confirmed, and which of the plan note's figures fill it
   *  (placeholder → figure). */
  planLog: { key: MessageKey; figures: Record<string, string> };
  /** The words of a check that sorts the rows into the kind's own figures (the services'):
   *  the Check card's intro, its figure of rows to change, the sentence of what it found and
   *  the hint before the start. Only the kinds whose rows name an existing supplier have them. */
  check?: { intro: MessageKey; toChange: MessageKey; found: MessageKey; startHint: MessageKey };
}

export const KIND_WORDS: Record<Operation, KindWords> = {
  onboard: {
    start: 'run.start',
    runTitle: 'run.runTitle',
    started: 'log.started',
    reviewNext: 'review.next',
    connection: 'map.connection',
    mapIntro: 'map.intro',
    planLog: {
      key: 'log.plan',
      figures: { creations: 'creations', screenings: 'screenings', validations: 'validations' },
    },
  },
  identifiers: {
    start: 'run.start.identifiers',
    runTitle: 'run.runTitle.identifiers',
    started: 'log.started.identifiers',
    reviewNext: 'review.next',
    connection: 'map.connection.identifiers',
    mapIntro: 'map.introRef',
    planLog: {
      key: 'log.plan.identifiers',
      figures: { adds: 'identifierAdds', removals: 'identifierRemovals' },
    },
    check: {
      intro: 'run.checkIntro.identifiers',
      toChange: 'run.kindCheck.toChange.identifiers',
      found: 'run.kindFound.identifiers',
      startHint: 'run.startHint.identifiers',
    },
  },
  deactivate: {
    start: 'run.start.deactivate',
    runTitle: 'run.runTitle.deactivate',
    started: 'log.started.deactivate',
    reviewNext: 'review.next',
    connection: 'map.connection.deactivate',
    mapIntro: 'map.introRef',
    planLog: { key: 'log.plan.deactivate', figures: { n: 'deactivations' } },
    check: {
      intro: 'run.checkIntro.deactivate',
      toChange: 'run.kindCheck.toChange.deactivate',
      found: 'run.kindFound.deactivate',
      startHint: 'run.startHint.deactivate',
    },
  },
  scores: {
    start: 'run.start.scores',
    runTitle: 'run.runTitle',
    started: 'log.started.scores',
    reviewNext: 'review.next.scores',
    connection: 'map.connection.scores',
    mapIntro: 'scoresMap.intro',
    planLog: { key: 'log.plan.scores', figures: { n: 'scoreRows' } },
  },
};

/** The kind a job's words are chosen by: its options' kind, or for a job from before kinds
 *  (none in its options) an onboarding, as operationOf in src-shared/operations.ts. What the
 *  kind does is asked of its traits (kindTraits), never of this name. */
export function wordsKind(options: { operation?: Operation | undefined } | undefined): Operation {
  return options?.operation ?? 'onboard';
}

/** What a kind's check found, in the kind's words: its figures as the services computed them,
 *  live on the Check card or as the check noted them in the log. */
export function checkFoundText(
  check: NonNullable<KindWords['check']>,
  figures: ReadonlyArray<{ name: string; count: number }>,
): string {
  return t(check.found, Object.fromEntries(figures.map((f) => [f.name, num(f.count)])));
}

/** The label of one of a kind's check figures. */
export function checkWord(check: NonNullable<KindWords['check']>, name: string): MessageKey {
  return name === 'toChange'
    ? check.toChange
    : (`run.kindCheck.${name as Exclude<CheckFigure, 'toChange'>}` as const);
}
