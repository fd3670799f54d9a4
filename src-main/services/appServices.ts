// The services behind the contract, free of Electron and of any transport. Each front door builds
// one of these and adapts it: Electron IPC, the browser host's WebSocket, or direct calls (CLI).
// The command handlers live per area in services/handlers/ and are combined here; what they and
// the other services are given (the core, the options) is in core.ts, which imports none of
// them.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppInfo, Limits } from '../../src-shared/contract';
import { failWith } from '../../src-shared/errors';
import { KeyringSecretStore } from '../api';
import { DEFAULT_WINDOWS } from '../api/limiter';
import { stopGroupings } from '../engine/duplicates';
import { sandboxEngineSettings } from '../engine/settings';
import { SyncEngine } from '../engine/syncEngine';
import { diskFull, isDiskFull, openJournal } from '../journal/journal';
import { startSandbox, type SandboxHandle } from '../sandbox';
import { systemClock } from '../util/clock';
import {
  privateDatabase,
  privateDir,
  PRIVATE_DIR_MODE,
  tightenDataDir,
} from '../util/privateFiles';
import { AppSecrets } from './appSecrets';
import { Downloads } from './downloads';
import { EventBus } from './eventBus';
import { FileGrants } from './fileGrants';
import { OpenedFiles } from './openedFiles';
import { AuditMemory } from './auditMemory';
import { baseHandlers } from './handlers/base';
import { completeHandlers, kindHandlers } from './kindFronts';
import { connectionHandlers } from './handlers/connections';
import type { HandlerDeps } from './handlers/deps';
import { fileHandlers } from './handlers/files';
import { duplicateHandlers } from './handlers/duplicates';
import { jobHandlers } from './handlers/jobs';
import { rowHandlers } from './handlers/rows';
import { templateHandlers } from './handlers/templates';
import { holdingUploads, Uploads } from './uploads';
import { Onboarding, SANDBOX_USER } from './onboarding';
import { journalPathFor } from './paths';
import { createRouter, type Handlers } from './router';
import { RunLogRecorder } from './runPicture';
import { said } from '../../src-shared/i18n/said';
import { APP_VERSION } from './version';
import { runnerFor } from '../kinds';
import type { AppServices, AppServicesOptions, Core } from './core';

export type { AppServices, AppServicesOptions, Core, DesktopHooks } from './core';

/** The journal setting that remembers the files the app wrote (services/fileGrants.ts). */
const WRITTEN_FILES_SETTING = 'files:written';

/** Practice sandbox: lifecycles take seconds instead of hours. */
export const PRACTICE_SANDBOX = { processingMs: 4_000, screeningMs: 6_000, validationMs: 6_000 };

function toSandboxLimits(l: Limits) {
  const w = (ws: Limits['GET']) =>
    ws.map((x) => ({ limit: x.limit, windowSeconds: Math.max(1, Math.round(x.windowMs / 1000)) }));
  return { GET: w(l.GET), WRITE: w(l.WRITE) };
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const clock = options.clock ?? systemClock;
  const bus = new EventBus();
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  const secrets = new AppSecrets(options.secrets ?? new KeyringSecretStore(), clock);
  const downloads = new Downloads(clock);
  const grants = new FileGrants();
  const uploads = new Uploads(options.dataDir, clock, (folder) => grants.forgetUnder(folder));
  const opened = new OpenedFiles(grants, () => bus.emit('files:opened', {}));
  const canDownload = options.transport === 'browser-host';
  let core: Promise<Core> | undefined;

  const info = (): AppInfo => ({
    name: 'Supplier Onboarding',
    version: APP_VERSION,
    dataDir: options.dataDir,
    journalPath: options.journalPath ?? journalPathFor(options.dataDir),
    transport: options.transport,
    locale: options.locale ?? Intl.DateTimeFormat().resolvedOptions().locale,
    capabilities: {
      nativeFileDialog: Boolean(options.desktop),
      openFolder: Boolean(options.desktop),
      download: canDownload,
    },
  });

  async function open(): Promise<Core> {
    // Only the user may read the data folder and what is in it (supplier data).
    await privateDir(options.dataDir);
    await tightenDataDir(options.dataDir);
    const journalPath = options.journalPath ?? journalPathFor(options.dataDir);
    await mkdir(path.dirname(journalPath), { recursive: true, mode: PRIVATE_DIR_MODE });
    // A file that cannot be made is reported by openJournal, with what to do.
    await privateDatabase(journalPath).catch(() => undefined);
    const journal = openJournal({ path: journalPath, clock, checkpointInBackground: true });
    grants.attach(
      {
        load: () => journal.getSetting(WRITTEN_FILES_SETTING),
        save: (written) => journal.setSetting(WRITTEN_FILES_SETTING, written),
      },
      () => journal.listJobs().map((j) => j.sourcePath),
    );
    // Uploads no job reads are removed once unused for an hour, also those of earlier runs; the
    // browser host, where uploads come from, keeps looking while it runs.
    uploads.attach(() => journal.listJobs().map((j) => j.sourcePath));
    await uploads.sweep().catch(() => []);
    if (options.transport === 'browser-host') {
      const sweeping = uploads.keepSweeping(stop.signal);
      running.add(sweeping);
      void sweeping.finally(() => running.delete(sweeping));
    }
    secrets.addressOf = (id) => journal.getConnection(id)?.baseUrl;
    type Practice = Exclude<AppServicesOptions['sandbox'], false | undefined> &
      typeof PRACTICE_SANDBOX;
    const practice: Practice | undefined =
      options.sandbox === false ? undefined : { ...PRACTICE_SANDBOX, ...options.sandbox };
    let sandbox: SandboxHandle | undefined;
    let sandboxConnectionId: string | undefined;
    let sandboxToken: string | undefined;
    // The job's state changes and warnings go to the journal too: the Run screen's log.
    const recorder = new RunLogRecorder(journal, (jobId) => engine.runMode(jobId));
    const engine = new SyncEngine({
      runnerFor,
      journal,
      secrets,
      clock,
      ...(options.network ? { fetch: options.network.fetch } : {}),
      ...(options.engineSettings ? { settings: options.engineSettings } : {}),
      settingsFor: (conn) =>
        conn.isSandbox && practice
          ? sandboxEngineSettings(practice.processingMs, {
              screeningMs: practice.screeningMs,
              validationMs: practice.validationMs,
            })
          : undefined,
      onEvent: (e) => {
        if (e.type === 'progress') {
          const p = e.progress;
          recorder.observe(p.jobId);
          bus.emit('job:progress', {
            ...p,
            ratePerMinute: p.ratePerMinute ?? null,
            etaMs: p.etaMs ?? null,
            etaParts: p.etaParts ?? null,
            counts: p.counts as Record<string, number>,
            // The job's figures as its kind computes them, from these same counts.
            figures: onboarding.jobFigures(p.jobId, p.counts as Record<string, number>) ?? null,
          });
        } else if (e.type === 'warning') {
          if (e.jobId) recorder.warning(e.jobId, e.code, e.message, e.params);
          bus.emit('app:warning', {
            code: e.code,
            message: e.message,
            ...(e.params ? { params: e.params } : {}),
            ...(e.jobId ? { jobId: e.jobId } : {}),
          });
        } else if (e.event.type === 'throttled') {
          const s = said('warning', 'throttled_wait', {
            seconds: Math.ceil(e.event.waitMs / 1000),
          });
          bus.emit('app:warning', s);
        } else if (e.event.type === 'shared_user') {
          bus.emit('app:warning', said('warning', 'shared_user'));
        }
      },
    });
    const onboarding = new Onboarding({
      journal,
      engine,
      secrets,
      dataDir: options.dataDir,
      clock,
      onJobChanged: (jobId) => {
        recorder.observe(jobId);
        bus.emit('jobs:changed', { jobId });
      },
      onImportProgress: (p) => bus.emit('job:import', p),
      onRowsWork: (p) => bus.emit('rows:work', p),
      onExportProgress: (p) => bus.emit('job:export', p),
    });
    if (practice) {
      try {
        const { limits, ...times } = practice;
        const statePath = practice.statePath ?? path.join(options.dataDir, 'sandbox.sqlite');
        await privateDatabase(statePath);
        // A new token each launch, known to this process only: another user of the computer, or
        // a web page, cannot guess it (the sandbox also refuses web pages and other host names).
        sandboxToken = randomBytes(32).toString('base64url');
        sandbox = await startSandbox({
          ...times,
          ...(limits ? { limits: toSandboxLimits(limits) } : {}),
          statePath,
          seedSuppliers: 'sample',
          randomSeed: 1,
          tokens: [{ token: sandboxToken, user: SANDBOX_USER }],
        });
        secrets.sandboxToken = sandboxToken;
        const existing = journal.listConnections().find((c) => c.isSandbox);
        if (existing) secrets.sandboxIds.add(existing.id);
        const conn = await onboarding.ensureSandboxConnection(
          sandbox.url,
          limits ?? DEFAULT_WINDOWS,
        );
        secrets.sandboxIds.add(conn.id);
        sandboxConnectionId = conn.id;
      } catch (e) {
        await sandbox?.close().catch(() => undefined);
        await journal.closeFully();
        // The practice sandbox keeps its state beside the journal: a full disk is said as such.
        if (isDiskFull(e) || isDiskFull((e as Error | undefined)?.cause))
          throw diskFull(practice.statePath ? path.dirname(practice.statePath) : options.dataDir);
        throw e;
      }
    }
    return { journal, engine, onboarding, sandbox, sandboxConnectionId, sandboxToken };
  }

  const ready = () => (core ??= open());
  const onboarding = async () => (await ready()).onboarding;
  const deps: HandlerDeps = {
    options,
    clock,
    grants,
    opened,
    downloads,
    uploads,
    audits: new AuditMemory(),
    canDownload,
    ready,
    onboarding,
    readable: async (filePath) => {
      const o = await onboarding();
      if (uploads.expired(filePath)) failWith('file_not_found', { reason: 'upload_expired' });
      grants.assertMayRead(filePath);
      uploads.touch(filePath);
      return o;
    },
  };

  const router = createRouter(
    // A command naming an uploaded file keeps it while it runs (services/uploads.ts).
    holdingUploads<Handlers>(
      uploads,
      // The kinds' own commands come from their folders (kinds/fronts.ts); a command of a kind
      // not loaded is refused with a sentence.
      completeHandlers({
        'app:info': () => info(),
        'demo:ping': ({ steps, intervalMs }) => {
          const runId = randomUUID();
          const task = (async () => {
            for (let step = 1; step <= steps; step++) {
              await clock.sleep(intervalMs, stop.signal);
              bus.emit('demo:progress', { runId, step, steps, done: step === steps });
            }
          })().catch(() => undefined);
          running.add(task);
          void task.finally(() => running.delete(task));
          return { runId, steps };
        },
        ...connectionHandlers(deps),
        ...fileHandlers(deps),
        ...templateHandlers(deps),
        ...jobHandlers(deps),
        ...rowHandlers(deps),
        ...duplicateHandlers(deps),
        ...baseHandlers(deps, bus),
        ...kindHandlers(deps),
      }),
    ),
    (e) => console.error('command failed:', e instanceof Error ? (e.stack ?? e.message) : e),
  );

  return {
    bus,
    router,
    downloads,
    grants,
    uploads,
    opened,
    info,
    ready,
    async close() {
      stop.abort(new Error('closing'));
      await Promise.allSettled([...running]);
      if (core) {
        const c = await core.catch(() => undefined);
        if (c) {
          await c.engine.close();
          await c.onboarding.waitForBackground();
          // A list being grouped after its import: stopped, nothing of it written.
          await stopGroupings(c.journal);
          await c.sandbox?.close();
          await c.journal.closeFully();
        }
      }
      // Tunnels through a proxy hold their connections open until closed.
      await options.network?.close();
    },
  };
}
