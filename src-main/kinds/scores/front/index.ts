// The scores job's parts on the front doors (services/kindFronts.ts): its own commands of the app
// (a perspective's event types, a sheet's preview), the making of its jobs from a sheet of its
// own layout, and its command line (`--operation scores`).
import type { KindFront } from '../../../services/kindFronts';
import { scoresKind } from '..';
import { scoresMain } from './cli';
import { createScoresJobFor, scoresHandlers } from './handlers';

/** Whether the arguments ask for this kind: `--operation scores` or `--operation=scores`. */
function asksForScores(argv: readonly string[]): boolean {
  const i = argv.indexOf('--operation');
  const name = scoresKind.name;
  return (i >= 0 && argv[i + 1] === name) || argv.includes(`--operation=${name}`);
}

export const scoresFront: KindFront = {
  kind: scoresKind.name,
  handlers: scoresHandlers,
  createJob: createScoresJobFor,
  command: { asks: asksForScores, main: scoresMain },
};
