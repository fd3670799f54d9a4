// The kinds of job (types.ts, registry.ts).
export {
  KINDS,
  kindOf,
  kindsByName,
  registerKind,
  runnerFor,
  type KindRegistration,
} from './registry';
export type { JobKind, KindPlanCounts, Said } from './types';
