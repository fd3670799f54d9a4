// External scores: a sheet of the organisation's own scores per supplier and event type, sent in
// batches (batchRunner.ts); its rows come from a sheet of its own layout (sheet.ts, job.ts) and
// its results are a line per score (results.ts).
import { KIND_TRAITS } from '../../../src-shared/operations';
import { MAX_SCORE_ENTRIES } from '../../../src-shared/scores';
import { changeFigures, sentByState } from '../../engine/kindFigures';
import type { JobKind } from '../types';
import { ScoresRunner } from './batchRunner';
import { policyCases } from './policy';
import { exportScoresJob } from './results';

/** No check; the rows still to send (a row in doubt only if its history does not show its
 *  scores: counted, as an upper bound) go in batches of up to MAX_SCORE_ENTRIES suppliers (an
 *  upper bound: rows of one supplier share an entry). */
const FIGURES = changeFigures(0, ['valid', 'queued', 'sending', 'in_doubt'], MAX_SCORE_ENTRIES);
/** Its change's name in the plan (and the confirmed plan's note): the rows still to send. */
const CHANGE = 'scoreRows';

export const scoresKind: JobKind = {
  name: 'scores',
  traits: KIND_TRAITS.scores,
  figures: FIGURES,
  runner: (deps) => new ScoresRunner(deps, FIGURES),
  policyCases,
  planCounts: (counts) => {
    const rows = FIGURES.changeRows!(counts);
    const batches = FIGURES.changes!(counts);
    return {
      creations: 0,
      changes: [
        { name: CHANGE, key: 'plan.scores', count: rows, params: { rows, batches }, typed: null },
      ],
    };
  },
  inDoubtStates: [],
  planSaid: (plan) =>
    plan.changes
      .filter((c) => c.name === CHANGE)
      .map((c) => ({
        key: 'cli.plan.scores',
        count: c.count,
        params: { batches: c.params.batches ?? 0 },
      })),
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
  fixRefusal: 'scores_fix_in_sheet',

  // ---- its own shapes on the front doors (issue 40)
  /** Its command line is a command of its own (cli/scores.ts). */
  cli: {
    options: [],
    ownCommand: true,
    help: {
      what: ['scores: upload external scores (its own options: --operation scores', '--help)'],
    },
  },
  /** No check: the API finds each row's supplier. */
  checkFigures: () => [],
  sentRows: sentByState,
};
