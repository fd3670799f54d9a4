// Commands on mapping templates.
import type { AreaHandlers, HandlerDeps } from './deps';

export function templateHandlers(d: HandlerDeps): AreaHandlers<'templates'> {
  return {
    'templates:list': async ({ headers }) => (await d.onboarding()).listTemplates(headers),
    'templates:save': async ({ name, headers, mapping }) => {
      (await d.onboarding()).saveTemplate(name, headers, mapping);
      return { name };
    },
    'templates:delete': async ({ name }) => ({
      deleted: (await d.onboarding()).deleteTemplate(name),
    }),
  };
}
