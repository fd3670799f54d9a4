// External scores: a sheet of the organisation's own scores per supplier and event type, sent in
// batches (batchRunner.ts); its rows come from a sheet of its own layout (sheet.ts, job.ts) and
// its results are a line per score (results.ts).
import { KIND_TRAITS } from '../../../src-shared/operations';
import { MAX_SCORE_ENTRIES } from '../../../src-shared/scores';
import { changeFigures } from '../../engine/kindFigures';
import type { JobKind } from '../types';
import { ScoresRunner } from './batchRunner';
import { exportScoresJob } from './results';

/** No check; the rows still to send (a row in doubt only if its history does not show its
 *  scores: counted, as an upper bound) go in batches of up to MAX_SCORE_ENTRIES suppliers (an
 *  upper bound: rows of one supplier share an entry). */
const FIGURES = changeFigures(0, ['valid', 'queued', 'sending', 'in_doubt'], MAX_SCORE_ENTRIES);

export const scoresKind: JobKind = {
  name: 'scores',
  traits: KIND_TRAITS.scores,
  figures: FIGURES,
  runner: (deps) => new ScoresRunner(deps, FIGURES),
  planCounts: (counts) => ({
    creations: 0,
    deactivations: 0,
    identifierChanges: 0,
    scores: { rows: FIGURES.changeRows!(counts), batches: FIGURES.changes!(counts) },
  }),
  inDoubtStates: [],
  planSaid: (plan) =>
    plan.scores
      ? [
          {
            key: 'cli.plan.scores',
            count: plan.scores.rows,
            params: { batches: plan.scores.batches },
          },
        ]
      : [],
  summaryCounts: [
    ['rows', 'rows'],
    ['scores', 'scores'],
    ['written', 'written'],
    ['rejected', 'rejected'],
    ['invalid', 'invalid'],
    ['unsent', 'unsent'],
  ],
  resultsWord: () => 'score-results',
  exportResults: exportScoresJob,
  opResults: false,
  fixesInApp: false,
};
