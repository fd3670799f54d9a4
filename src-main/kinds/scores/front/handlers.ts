// Commands of the scores job (docs/architecture.md, "The scores job"): a perspective's event
// types, a scores sheet's preview, and jobs:create for a scores job.
import type { CommandOutput } from '../../../../src-shared/contract';
import { failWith } from '../../../../src-shared/errors';
import { createScoresJobFromFile, scoresEventTypes, scoresPreview } from './service';
import type { Handlers } from '../../../services/router';
import type { AreaHandlers, HandlerDeps } from '../../../services/handlers/deps';

export function scoresHandlers(d: HandlerDeps): AreaHandlers<'scores'> {
  return {
    'scores:eventTypes': async ({ connectionId, perspectiveId }) =>
      (await scoresEventTypes(await d.ready(), connectionId, perspectiveId)).map((t) => ({
        key: t.eventTypeKey,
        name: t.name ?? t.eventTypeKey,
      })),
    'scores:preview': async (input) => {
      await d.readable(input.path);
      return scoresPreview(await d.ready(), input);
    },
  };
}

/** jobs:create for a scores job (services/kindFronts.ts hands it the jobs of its kind). */
export async function createScoresJobFor(
  d: HandlerDeps,
  input: Parameters<Handlers['jobs:create']>[0],
): Promise<CommandOutput<'jobs:create'>> {
  await d.readable(input.path);
  const perspectiveId = input.options.perspectiveId?.trim();
  if (!perspectiveId) failWith('invalid_input', { reason: 'scores_perspective_missing' });
  const layout = input.mapping.scores?.layout ?? input.options.scoresLayout ?? 'wide';
  return createScoresJobFromFile(await d.ready(), {
    path: input.path,
    sheet: input.sheet,
    connectionId: input.connectionId,
    perspectiveId,
    layout,
    mapping: input.mapping.scores,
    name: input.name,
    lang: input.lang,
  });
}
