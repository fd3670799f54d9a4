// The sandbox API: a local server that behaves like the supplier API (see README.md beside this
// file). Other parts of the app start it in-process through this module.
export { startSandbox, MAX_PAGE_SIZE, StateFileError } from './server';
export { SAMPLE_SEED, SeedError } from './seed';
export { SAMPLE_SUPPLIERS } from './sampleSuppliers';
export { DEFAULT_LIMITS, PERMISSIONS } from './types';
export type {
  MethodGroup,
  SandboxFaults,
  SandboxHandle,
  SandboxLimits,
  SandboxLimitWindow,
  SandboxOptions,
  SandboxPermission,
  SandboxSeedSupplier,
  SandboxStats,
  SandboxTokenSpec,
} from './types';
export { SPEC_DIFFERENCES } from './specDifferences';
export { ApiError } from './apiError';
export type { Context as RouteContext, Route, Routes } from './routes';
export type { Reply } from './http';
export type { SpecDifference } from './specDifferences';
