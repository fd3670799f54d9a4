// The kinds of job, one line each (docs/architecture.md, "Kinds of job"): the one place that
// goes from a job's stored kind to its module. A fifth kind is its folder or module here, its
// line below, its name and traits in src-shared/operations.ts, and its words in the catalogue.
import { operationOf, type Operation } from '../../src-shared/operations';
import type { Runner } from '../engine/runSkeleton';
import type { JobRunnerDeps } from '../engine/runTypes';
import type { Job } from '../journal/journal';
import { deactivateKind } from './deactivate';
import { identifiersKind } from './identifiers';
import { onboardKind } from './onboard';
import { scoresKind } from './scores';
import type { JobKind } from './types';

export const KINDS: Readonly<Record<Operation, JobKind>> = {
  onboard: onboardKind,
  identifiers: identifiersKind,
  deactivate: deactivateKind,
  scores: scoresKind,
};

/** The kind of a job from its stored options (absent: an onboarding, as every job before). */
export function kindOf(options: { operation?: Operation | undefined }): JobKind {
  return KINDS[operationOf(options)];
}

/** The runner of a job: its kind's (the sync engine is given this). */
export function runnerFor(job: Pick<Job, 'options'>, deps: JobRunnerDeps): Runner {
  return kindOf(job.options).runner(deps);
}
