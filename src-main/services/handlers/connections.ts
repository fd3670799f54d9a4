// Commands on connections: list, save, delete, test, and the one new jobs use.
import type { AreaHandlers, HandlerDeps } from './deps';

export function connectionHandlers(d: HandlerDeps): AreaHandlers<'connections'> {
  return {
    'connections:list': async () => (await d.onboarding()).listConnections(),
    'connections:save': async (input) => (await d.onboarding()).saveConnection(input),
    'connections:delete': async ({ id }) => ({
      deleted: await (await d.onboarding()).deleteConnection(id),
    }),
    'connections:test': async ({ id }) => (await d.onboarding()).testConnection(id),
    'connections:use': async ({ id }) => (await d.onboarding()).useConnection(id),
  };
}
