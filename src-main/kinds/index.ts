// The kinds of job (types.ts, registry.ts).
export { KINDS, kindOf, runnerFor } from './registry';
export type { JobKind, KindPlanCounts, Said } from './types';
