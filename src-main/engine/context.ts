// What the parts of a run share: the dependencies, the job's health and lanes, the job's options
// and what the API user may ask for on create.
import type { JobOptions } from '../journal/schema';
import type { JobHealth } from './health';
import type { PaidBudget } from './paidWork';
import type { Lanes } from './lanes';
import type { RateMeter } from './progress';
import type { RowKind } from './rowKind';
import type { JobRunnerDeps, OnCreateEntitlements } from './runTypes';

export interface RunContext {
  readonly d: JobRunnerDeps;
  /** What the job's kind asks of the run. */
  readonly kind: RowKind;
  readonly health: JobHealth;
  readonly lanes: Lanes;
  /** Creations accepted, for the measured rate. */
  readonly createdMeter: RateMeter;
  options: JobOptions;
  onCreate: OnCreateEntitlements;
  /** The paid work this run may still order (the confirmed plan's). */
  paid: PaidBudget;
  emitProgress(force?: boolean): void;
}
