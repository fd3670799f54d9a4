// Commands on a job's likely duplicates: the groups side by side, and the user's decisions.
import type { AreaHandlers, HandlerDeps } from './deps';

export function duplicateHandlers(d: HandlerDeps): AreaHandlers<'duplicates'> {
  return {
    'duplicates:list': async ({ jobId }) => (await d.onboarding()).listDuplicates(jobId),
    'duplicates:decide': async (input) => (await d.onboarding()).decideDuplicates(input),
    'duplicates:askAgain': async (input) => (await d.onboarding()).askAgain(input),
    'duplicates:searchPlatform': async (input) => (await d.onboarding()).searchPlatform(input),
    'duplicates:attachFound': async (input) => (await d.onboarding()).attachFound(input),
  };
}
