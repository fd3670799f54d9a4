// What only a desktop does while jobs run: progress in the taskbar, keeping the machine awake (a
// large job takes hours), and a notification when a job finishes or needs the user. The decisions
// live here, free of Electron, so they run under test with the real services; the desktop layer
// implements the port with its own APIs.
import type { EventPayload, JobView } from '../../src-shared/contract';
import { word, wordMessage } from '../../src-shared/i18n';
import { SETTLED_STATES } from '../../src-shared/rowStates';
import type { AppServices, Core } from './core';

export interface DesktopNotification {
  title: string;
  body: string;
  jobId: string;
  kind: 'finished' | 'needs_user';
}

/** The operating system's side, implemented by the desktop layer. */
export interface DesktopPort {
  /** The taskbar progress, 0 to 1; `null` removes the bar. */
  setProgress(fraction: number | null): void;
  /** Keeps the machine from suspending while `on`. */
  keepAwake(on: boolean): void;
  notify(notification: DesktopNotification): void;
  notificationsSupported(): boolean;
}

/** Job states in which a job is alive in this process: it sends, or waits for the network. */
const OPEN_STATES: readonly string[] = ['running', 'waiting_network'];

/** The reason code of a pause the user asked for (the engine's own pause). */
const USER_PAUSE = 'paused';

function settledShare(counts: Record<string, number>, total: number): number {
  if (total <= 0) return 0;
  const settled = SETTLED_STATES.reduce((a, s) => a + (counts[s] ?? 0), 0);
  return Math.min(1, settled / total);
}

/** What a job's state means to the user: finished, needs them, or something that needs no word
 *  (running, a pause they asked for, cancelled, ...). */
function outcomeOf(state: string, reason: { code: string } | null): string {
  if (state === 'finished') return 'finished';
  if (state === 'needs_attention') return 'needs_user';
  // A pause the engine made (a refused token, a missing permission) waits for the user; a pause
  // the user asked for does not need telling.
  if (state === 'paused' && reason && reason.code !== USER_PAUSE) return 'needs_user';
  return state;
}

/** One short sentence in the job's language: counts where they say it all, else the job's own
 *  reason. */
function notificationBody(job: JobView, kind: DesktopNotification['kind']): string {
  const lang = job.lang;
  const number = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US');
  const count = (base: PluralKey, n: number) =>
    word(lang, `${base}.${n === 1 ? 'one' : 'other'}`, { n: number.format(n) });
  const done = job.counts['done'] ?? 0;
  const skipped = job.counts['skipped'] ?? 0;
  const toFix = job.groups.to_fix;
  if (kind === 'finished') {
    if (job.total === 0) return word(lang, 'notify.noRows');
    // A rejected validation ended its row, but it is no success: it is said, not counted done.
    const ended = job.outcomes.attention;
    const parts = [count('notify.suppliersDone', done - ended)];
    if (skipped) parts.push(word(lang, 'notify.skipped', { n: number.format(skipped) }));
    if (ended) parts.push(count('notify.needYou', ended));
    return `${parts.join(', ')}.`;
  }
  if (job.stateReason?.code === 'rows_need_attention' && toFix > 0) {
    return done > 0
      ? `${count('notify.suppliersDone', done)}, ${count('notify.needYou', toFix)}.`
      : `${count('notify.suppliersNeedYou', toFix)}.`;
  }
  // The reason's English sentence is the journal's own; another language words its code.
  if (!job.stateReason) return word(lang, 'notify.needsAttention');
  return lang === 'en'
    ? job.stateReason.message
    : wordMessage(lang, ['reason', 'failure'], job.stateReason);
}

type PluralKey = 'notify.suppliersDone' | 'notify.needYou' | 'notify.suppliersNeedYou';

/**
 * Follows the services' events and tells the port what the desktop should show. Progress is the
 * average settled share over the jobs running here, sent only when its whole percent changes;
 * the machine is kept awake while at least one job runs; a notification is sent once each time a
 * job's state changes into finished or into needing the user, never for a pause the user asked
 * for, and never for a job first seen in that state. Returns a function that stops it: after it,
 * the port is not called again (and is left as it was).
 */
export function watchJobsForDesktop(
  services: Pick<AppServices, 'bus' | 'ready'>,
  port: DesktopPort,
): () => void {
  /** Running jobs and their settled share. */
  const running = new Map<string, number>();
  /** Each job's last outcome seen (see `outcomeOf`). */
  const outcomes = new Map<string, string>();
  let shownPercent: number | null = null;
  let awake = false;
  let disposed = false;
  let core: Core | undefined;
  let waiting: Array<(c: Core) => void> | undefined;

  const call = (what: string, fn: () => void) => {
    if (disposed) return;
    try {
      fn();
    } catch (e) {
      // A failing OS call must not stop the others (nor the job).
      console.error(`desktop ${what} failed:`, e instanceof Error ? e.message : e);
    }
  };

  const update = () => {
    const shares = [...running.values()];
    const percent = shares.length
      ? Math.round((shares.reduce((a, b) => a + b, 0) / shares.length) * 100)
      : null;
    const awakeNow = shares.length > 0;
    if (awakeNow && !awake) {
      awake = true;
      call('keepAwake', () => port.keepAwake(true));
    }
    if (percent !== shownPercent) {
      shownPercent = percent;
      call('setProgress', () => port.setProgress(percent === null ? null : percent / 100));
    }
    if (!awakeNow && awake) {
      awake = false;
      call('keepAwake', () => port.keepAwake(false));
    }
  };

  /** A new outcome for a job: says so when it finished or needs the user, and it changed. */
  const outcome = (jobId: string, next: string, job?: JobView) => {
    const before = outcomes.get(jobId);
    outcomes.set(jobId, next);
    if (!job || before === undefined || before === next) return;
    if (next !== 'finished' && next !== 'needs_user') return;
    const kind = next;
    call('notify', () => {
      if (!port.notificationsSupported()) return;
      port.notify({
        title: word(
          job.lang,
          kind === 'finished' ? 'notify.finished.title' : 'notify.attention.title',
          { name: job.name },
        ),
        body: notificationBody(job, kind),
        jobId,
        kind,
      });
    });
  };

  const onProgress = (p: EventPayload<'job:progress'>) => {
    // Progress comes from a live run; that it ran is all it says about the job's outcome (its
    // end is read from the journal when the job changes).
    if (OPEN_STATES.includes(p.state)) {
      running.set(p.jobId, settledShare(p.counts, p.total));
      outcome(p.jobId, p.state);
    } else running.delete(p.jobId);
    update();
  };

  const onChanged = (c: Core, jobId: string) => {
    let job: JobView;
    try {
      job = c.onboarding.jobView(jobId);
    } catch {
      running.delete(jobId);
      outcomes.delete(jobId);
      update();
      return;
    }
    // The state decides: a job whose run is ending may still be listed as running for a moment.
    if (job.running && OPEN_STATES.includes(job.state))
      running.set(jobId, settledShare(job.counts, job.total));
    else running.delete(jobId);
    update();
    outcome(jobId, outcomeOf(job.state, job.stateReason), job);
  };

  /** Runs `fn` with the opened services, in the order the events came. Events about jobs only
   *  come once the services are open, so this waits at most for the first one. */
  const withCore = (fn: (c: Core) => void) => {
    if (core) return fn(core);
    if (!waiting) {
      waiting = [];
      services.ready().then(
        (c) => {
          core = c;
          const queued = waiting ?? [];
          waiting = undefined;
          for (const f of queued) if (!disposed) f(c);
        },
        () => (waiting = undefined),
      );
    }
    waiting.push(fn);
  };

  const unsubscribe = services.bus.subscribe((event, payload) => {
    if (disposed) return;
    if (event === 'job:progress') {
      const p = payload as EventPayload<'job:progress'>;
      withCore(() => onProgress(p));
    } else if (event === 'jobs:changed') {
      const { jobId } = payload as EventPayload<'jobs:changed'>;
      withCore((c) => onChanged(c, jobId));
    }
  });

  return () => {
    disposed = true;
    unsubscribe();
  };
}
