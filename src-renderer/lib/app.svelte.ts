// The app-wide state: where the user is, the connections, the jobs with their live progress,
// and a log of notable events. Components read it through getters and change it through methods.
import type {
  AppInfo,
  ConnectionView,
  EventPayload,
  JobProgressView,
  JobView,
} from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import { api } from './api';
import { call } from './call';
import { i18n, label, t } from './i18n.svelte';
import { reasonText, warningText } from './words';

export type Screen =
  'jobs' | 'connection' | 'import' | 'map' | 'review' | 'run' | 'results' | 'base';
export interface Route {
  screen: Screen;
  jobId?: string;
  /** The run screen opens with the summary to confirm before the start (jobs:plan). */
  confirmStart?: boolean;
  /** The connection screen was opened from the Map step: it leads back there, the file and its
   *  mapping as they were. */
  from?: 'map';
}
export interface LogEntry {
  id: number;
  at: number;
  jobId?: string;
  kind: 'warning' | 'state' | 'info';
  /** The entry in words, in the language of the moment it is shown. */
  say: () => string;
}

const LOG_LIMIT = 200;

/** Where the user is, kept for this window's session: a reload (F5) opens the same screen and
 *  job again, not the Jobs list. Only screens that stand on the journal alone are kept: the Map
 *  step's choices live in this page only, so a reload there goes back to Import. */
const ROUTE_KEY = 'supplier-onboarding.route';
const KEPT_SCREENS: Partial<Record<Screen, 'job' | 'alone'>> = {
  jobs: 'alone',
  connection: 'alone',
  import: 'alone',
  map: 'alone',
  review: 'job',
  run: 'job',
  results: 'job',
};

function keepRoute(route: Route): void {
  try {
    const { screen, jobId } = route;
    sessionStorage.setItem(ROUTE_KEY, JSON.stringify(jobId ? { screen, jobId } : { screen }));
  } catch {
    // No session storage (a locked-down browser): a reload opens the Jobs list.
  }
}

/** The route kept before a reload, when its screen (and its job) can still be shown. */
function keptRoute(jobIds: ReadonlySet<string>): Route | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(ROUTE_KEY) ?? 'null') as Partial<Route> | null;
    const screen = kept?.screen === 'map' ? 'import' : kept?.screen;
    const need = screen ? KEPT_SCREENS[screen] : undefined;
    if (!screen || !need) return undefined;
    if (need === 'alone') return { screen };
    return typeof kept?.jobId === 'string' && jobIds.has(kept.jobId)
      ? { screen, jobId: kept.jobId }
      : undefined;
  } catch {
    return undefined;
  }
}

class AppState {
  #info = $state<AppInfo | undefined>();
  #route = $state<Route>({ screen: 'jobs' });
  #connections = $state.raw<ConnectionView[]>([]);
  #jobs = $state.raw<JobView[]>([]);
  #progress = $state.raw<Record<string, JobProgressView>>({});
  #importRows = $state.raw<Record<string, number>>({});
  #log = $state.raw<LogEntry[]>([]);
  #problem = $state<AppError | undefined>();
  #loaded = $state(false);
  #logId = 0;

  get info() {
    return this.#info;
  }
  get route() {
    return this.#route;
  }
  get connections() {
    return this.#connections;
  }
  get jobs() {
    return this.#jobs;
  }
  get log() {
    return this.#log;
  }
  get problem() {
    return this.#problem;
  }
  get loaded() {
    return this.#loaded;
  }
  /** The connection new jobs use, as the services keep it: one that passed its test, else the
   *  practice sandbox. A connection that failed its test is never it. */
  get connection(): ConnectionView | undefined {
    const list = this.#connections;
    return list.find((c) => c.isDefault) ?? list.find((c) => c.isSandbox);
  }
  job(id: string | undefined): JobView | undefined {
    return id ? this.#jobs.find((j) => j.id === id) : undefined;
  }
  progress(id: string | undefined): JobProgressView | undefined {
    return id ? this.#progress[id] : undefined;
  }
  importRows(path: string): number {
    return this.#importRows[path] ?? 0;
  }

  go(route: Route): void {
    this.#route = route;
    this.#problem = undefined;
    keepRoute(route);
  }

  /** Shows a service error as a sentence; `undefined` clears it. */
  report(error: AppError | undefined): void {
    this.#problem = error;
  }

  /** Tests the connection and makes it the one for new jobs only when it passes; the answer
   *  carries the test's checks either way. */
  async useConnection(id: string) {
    const r = await call('connections:use', { id });
    await this.refreshConnections();
    return r;
  }

  /** Adds a note of this page; `at` is when it happened (now unless told: an action's note is
   *  stamped when the user acted, before what the services recorded in answer). */
  addLog(entry: Omit<LogEntry, 'id' | 'at'> & { at?: number }): void {
    const next = [{ ...entry, id: ++this.#logId, at: entry.at ?? Date.now() }, ...this.#log];
    this.#log = next.slice(0, LOG_LIMIT);
  }

  async start(): Promise<void> {
    if (!api) {
      this.#problem = { code: 'unauthorized_transport', message: t('error.noApi') };
      this.#loaded = true;
      return;
    }
    api.on('job:progress', (p) => this.#onProgress(p));
    api.on('jobs:changed', (p) => void this.refreshJob(p.jobId));
    api.on('job:import', (p) => {
      this.#importRows = { ...this.#importRows, [p.path]: p.rowsRead };
    });
    api.on('app:warning', (p: EventPayload<'app:warning'>) =>
      this.addLog({ kind: 'warning', jobId: p.jobId, say: () => warningText(p) }),
    );
    const info = await call('app:info', {});
    if (info.ok) {
      this.#info = info.value;
      i18n.adoptSystem(info.value.locale);
    } else this.#problem = info.error;
    await Promise.all([this.refreshConnections(), this.refreshJobs()]);
    // After a reload: the screen and job the user was on (the Jobs list when that job is gone).
    const kept = keptRoute(new Set(this.#jobs.map((j) => j.id)));
    if (kept && this.#route.screen === 'jobs') this.#route = kept;
    this.#loaded = true;
  }

  async refreshConnections(): Promise<void> {
    const r = await call('connections:list', {});
    if (r.ok) this.#connections = r.value;
    else this.#problem = r.error;
  }

  async refreshJobs(): Promise<void> {
    const r = await call('jobs:list', {});
    if (r.ok) this.#jobs = [...r.value].sort((a, b) => b.createdAt - a.createdAt);
    else this.#problem = r.error;
  }

  async refreshJob(jobId: string): Promise<JobView | undefined> {
    const r = await call('jobs:get', { jobId });
    if (!r.ok) return undefined;
    this.setJob(r.value);
    return r.value;
  }

  /** Puts a job's latest view in the list, logging a change of state. */
  setJob(job: JobView): void {
    const before = this.#jobs.find((j) => j.id === job.id);
    if (before && before.state !== job.state) {
      const { state, stateReason } = job;
      this.addLog({
        kind: 'state',
        jobId: job.id,
        say: () =>
          t('log.state', { state: label('jobState', state) }) +
          (stateReason ? ` ${reasonText(stateReason)}` : ''),
      });
    }
    this.#jobs = before ? this.#jobs.map((j) => (j.id === job.id ? job : j)) : [job, ...this.#jobs];
  }

  #onProgress(p: JobProgressView): void {
    this.#progress = { ...this.#progress, [p.jobId]: p };
  }
}

export const app = new AppState();
