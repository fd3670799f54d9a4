// What every part of the onboarding service works with: the journal, the engine, the secrets,
// and the state the service keeps in memory (jobs started in the background, the outcomes of
// finished rows).
import type { JobView, RowsWork } from '../../../src-shared/contract';
import type { SecretStore } from '../../api';
import type { RunExit } from '../../engine/jobRunner';
import type { SyncEngine } from '../../engine/syncEngine';
import type { Journal } from '../../journal/journal';
import type { Clock } from '../../util/clock';

/** The token store, and whether a connection has a token without a keychain read each time it
 *  is asked (services/appSecrets.ts). */
export interface ServiceSecrets extends SecretStore {
  hasToken(account: string): Promise<boolean>;
}

export interface OnboardingOptions {
  journal: Journal;
  engine: SyncEngine;
  secrets: ServiceSecrets;
  dataDir: string;
  clock?: Clock;
  /** Called when a job changes state or is created (for the UI's job list). */
  onJobChanged?: (jobId: string) => void;
  /** Rows read while importing. */
  onImportProgress?: (p: { path: string; rowsRead: number; done: boolean }) => void;
  /** Rows written while a job's results are exported. */
  onExportProgress?: (p: {
    jobId: string;
    rowsWritten: number;
    total: number;
    done: boolean;
  }) => void;
  /** A long work on a job's rows under way: a bulk fix, a find and replace, an undo of a fix. */
  onRowsWork?: (p: RowsWork) => void;
  /** Rows per sheet of an exported workbook (Excel's limit unless a test lowers it). */
  maxRowsPerSheet?: number;
}

export interface Ctx extends OnboardingOptions {
  clock: Clock;
  /** Jobs started in the background (the UI follows their events). */
  background: Map<string, Promise<RunExit>>;
  /** A deactivate or identifiers job's own outcomes, kept while its settled rows stay as many. */
  opResultCache: Map<string, { settled: number; value: JobView['opResults'] }>;
  /** The results exports running now, by job: aborted by jobs:cancelExport. */
  exports: Map<string, Set<AbortController>>;
  /** The works on a job's rows running now, by job (rowWork.ts): at most one that writes. */
  rowWork: Map<string, Set<RowWork>>;
}

/** A work on a job's rows running now (rowWork.ts). */
export interface RowWork {
  readonly jobId: string;
  /** Whether it writes rows (a fix, an undo); at most one such work runs per job. */
  readonly writes: boolean;
  cancelled: boolean;
}

/** A job runs in this process: in the engine, or started in the background. */
export function isBusy(ctx: Ctx, jobId: string): boolean {
  return ctx.engine.isRunning(jobId) || ctx.background.has(jobId);
}
