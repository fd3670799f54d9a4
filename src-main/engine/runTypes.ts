// What a job run is given and what it reports: its dependencies, options, exits and events.
import type { Journal } from '../journal/journal';
import type { JobProgressView } from '../../src-shared/contract';
import type { Params } from '../../src-shared/i18n';
import type { Clock } from '../util/clock';
import type { ConnectionRuntime } from './connectionRuntime';
import type { ConnectionPace } from './connectionPace';
import type { RunHistory } from './runHistory';
import type { EngineSettings } from './settings';

export type RunMode = 'run' | 'check';

export interface RunOptions {
  mode: RunMode;
  /** false: stop once every create has been sent and answered (a later run tracks the rest). */
  wait: boolean;
}

export type RunExit =
  | 'finished' // every row reached an end state for the stages asked for
  | 'checked' // check-only run: every row checked
  | 'sent' // no-wait run: every create sent; tracking and follow-ups remain
  | 'paused' // by the user (pause, Ctrl-C)
  | 'cancelled'
  | 'access_denied' // a 403: the job is paused until the token or permission is fixed
  | 'disk_full'; // the journal could not be written: paused until space is freed

/** `unconfirmed`: a row asks for paid work (screening, validation) beyond the confirmed plan. */
export type StopReason = 'paused' | 'cancelled' | 'access_denied' | 'disk_full' | 'unconfirmed';

export interface OnCreateEntitlements {
  screening: boolean | undefined;
  validation: boolean | undefined;
}

export interface EntitlementStore {
  get(connectionId: string): OnCreateEntitlements;
  set(connectionId: string, value: OnCreateEntitlements): void;
}

/** A running job's live figures, as the contract declares them. */
export type JobProgress = JobProgressView;
export type ThrottleView = JobProgress['throttle']['GET'];

export interface RunnerWarning {
  jobId: string;
  code: string;
  params?: Params;
  message: string;
}

export interface RunnerEvents {
  progress(p: JobProgress): void;
  warning(w: RunnerWarning): void;
}

export interface JobRunnerDeps {
  jobId: string;
  journal: Journal;
  conn: ConnectionRuntime;
  clock: Clock;
  random: () => number;
  settings: EngineSettings;
  entitlements: EntitlementStore;
  events: RunnerEvents;
  /** The job's history read from the journal (shared with the services' run chart). */
  history?: RunHistory;
  /** What this connection's jobs measured (its processing times and pace), for the time left;
   *  the same record the plan before a start reads. */
  measured?: () => ConnectionPace | undefined;
  /** Jobs running on the connection, this one included: they share its budget. */
  sharedBy?: () => number;
}
