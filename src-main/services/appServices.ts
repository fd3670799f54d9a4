// The services behind the contract, free of Electron and of any transport. Each front door builds
// one of these and adapts it: Electron IPC, the browser host's WebSocket, or direct calls (CLI).
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppInfo, CommandOutput, Limits } from '../../src-shared/contract';
import { fail } from '../../src-shared/errors';
import { KeyringSecretStore, type SecretStore } from '../api';
import { DEFAULT_WINDOWS } from '../api/limiter';
import { sandboxEngineSettings, type EngineSettings } from '../engine/settings';
import { SyncEngine } from '../engine/syncEngine';
import { diskFull, isDiskFull, openJournal, type Journal } from '../journal/journal';
import { startSandbox, type SandboxHandle } from '../sandbox';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import {
  privateDatabase,
  privateDir,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  tightenDataDir,
} from '../util/privateFiles';
import { inspectFile } from '../workbook';
import { AppSecrets } from './appSecrets';
import { Downloads } from './downloads';
import { EventBus } from './eventBus';
import { FileGrants } from './fileGrants';
import { Onboarding } from './onboarding';
import { journalPathFor } from './paths';
import { createRouter, type CommandRouter } from './router';
import { runChart, runLog, RunLogRecorder } from './runPicture';
import { APP_VERSION } from './version';

export interface DesktopHooks {
  chooseFile(purpose: 'import' | 'export', defaultPath?: string): Promise<string | null>;
  showInFolder(filePath: string): void;
}

export interface AppServicesOptions {
  dataDir: string;
  /** The journal file; `<dataDir>/journal.sqlite` by default. */
  journalPath?: string;
  transport: AppInfo['transport'];
  locale?: string;
  clock?: Clock;
  /** Where tokens live; the OS keychain by default. */
  secrets?: SecretStore;
  /** The built-in sandbox: started with the services unless `false`. */
  sandbox?:
    | false
    | {
        processingMs?: number;
        screeningMs?: number;
        validationMs?: number;
        statePath?: string;
        /** Rate limits of the sandbox and of its connection (default: the API's). */
        limits?: Limits;
      };
  desktop?: DesktopHooks;
  /** Engine settings for every connection (tests and automation; the sandbox's own come on top). */
  engineSettings?: Partial<EngineSettings>;
}

export interface AppServices {
  readonly bus: EventBus;
  readonly router: CommandRouter;
  /** Exported files the browser host may serve as downloads. */
  readonly downloads: Downloads;
  /** The files the user chose in this run, and where exports may go. A front door grants what
   *  the user chose outside the commands: a file dropped on the desktop window. */
  readonly grants: FileGrants;
  info(): AppInfo;
  /** Opens the journal, starts the sandbox; called by the first command that needs them. */
  ready(): Promise<Core>;
  /** Pauses running jobs, stops the sandbox, closes the journal. */
  close(): Promise<void>;
}

export interface Core {
  journal: Journal;
  engine: SyncEngine;
  onboarding: Onboarding;
  sandbox: SandboxHandle | undefined;
  sandboxConnectionId: string | undefined;
}

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
  const secrets = new AppSecrets(options.secrets ?? new KeyringSecretStore());
  const uploads = new Map<string, { path: string; bytes: number }>();
  const downloads = new Downloads(clock);
  const grants = new FileGrants();
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
    const journal = openJournal({ path: journalPath, clock });
    grants.attach(
      {
        load: () => journal.getSetting(WRITTEN_FILES_SETTING),
        save: (written) => journal.setSetting(WRITTEN_FILES_SETTING, written),
      },
      () => journal.listJobs().map((j) => j.sourcePath),
    );
    secrets.addressOf = (id) => journal.getConnection(id)?.baseUrl;
    type Practice = Exclude<AppServicesOptions['sandbox'], false | undefined> &
      typeof PRACTICE_SANDBOX;
    const practice: Practice | undefined =
      options.sandbox === false ? undefined : { ...PRACTICE_SANDBOX, ...options.sandbox };
    let sandbox: SandboxHandle | undefined;
    let sandboxConnectionId: string | undefined;
    // The job's state changes and warnings go to the journal too: the Run screen's log.
    const recorder = new RunLogRecorder(journal);
    const engine = new SyncEngine({
      journal,
      secrets,
      clock,
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
          });
        } else if (e.type === 'warning') {
          if (e.jobId) recorder.warning(e.jobId, e.code, e.message);
          bus.emit('app:warning', {
            code: e.code,
            message: e.message,
            ...(e.jobId ? { jobId: e.jobId } : {}),
          });
        } else if (e.event.type === 'throttled') {
          bus.emit('app:warning', {
            code: 'api_throttled',
            message: `The API asked the app to slow down; it waits ${Math.ceil(e.event.waitMs / 1000)} s and continues by itself.`,
          });
        } else if (e.event.type === 'shared_user') {
          bus.emit('app:warning', {
            code: 'api_throttled',
            message:
              'Another program uses the same API user: the app slows down to share the limit, and speeds up again gradually.',
          });
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
    });
    if (practice) {
      try {
        const { limits, ...times } = practice;
        const statePath = practice.statePath ?? path.join(options.dataDir, 'sandbox.sqlite');
        await privateDatabase(statePath);
        sandbox = await startSandbox({
          ...times,
          ...(limits ? { limits: toSandboxLimits(limits) } : {}),
          statePath,
          seedSuppliers: 'sample',
          randomSeed: 1,
        });
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
        journal.close();
        // The practice sandbox keeps its state beside the journal: a full disk is said as such.
        if (isDiskFull(e) || isDiskFull((e as Error | undefined)?.cause))
          throw diskFull(practice.statePath ? path.dirname(practice.statePath) : options.dataDir);
        throw e;
      }
    }
    return { journal, engine, onboarding, sandbox, sandboxConnectionId };
  }

  const ready = () => (core ??= open());
  const ob = async () => (await ready()).onboarding;
  /** The services, once the file names the user chose (or a job's source, or a file the app
   *  wrote); refused with a sentence otherwise, whether the file exists or not. */
  const readable = async (filePath: string) => {
    const o = await ob();
    grants.assertMayRead(filePath);
    return o;
  };

  const router = createRouter(
    {
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

      'connections:list': async () => (await ob()).listConnections(),
      'connections:save': async (input) => (await ob()).saveConnection(input),
      'connections:delete': async ({ id }) => ({
        deleted: await (await ob()).deleteConnection(id),
      }),
      'connections:test': async ({ id }) => (await ob()).testConnection(id),
      'connections:use': async ({ id }) => (await ob()).useConnection(id),

      'files:upload': async ({ uploadId, name, chunk, done }) => {
        const o = await ob();
        let up = uploadId ? uploads.get(uploadId) : undefined;
        if (uploadId && !up)
          fail('not_found', 'The upload was interrupted. Choose the file again.');
        let id = uploadId;
        if (!up) {
          const target = o.uploadPath(name);
          id = target.uploadId;
          up = { path: target.path, bytes: 0 };
          uploads.set(id, up);
          await mkdir(path.dirname(up.path), { recursive: true, mode: PRIVATE_DIR_MODE });
        }
        const data = Buffer.from(chunk, 'base64');
        if (up.bytes + data.length > 200 * 1024 * 1024) {
          uploads.delete(id!);
          fail('file_too_large', 'The file is larger than 200 MB. Split it into smaller files.');
        }
        await appendFile(up.path, data, { mode: PRIVATE_FILE_MODE });
        up.bytes += data.length;
        if (done) {
          uploads.delete(id!);
          grants.grantRead(up.path);
        }
        return { uploadId: id!, path: done ? up.path : null, bytes: up.bytes };
      },
      'files:choose': async ({ purpose, defaultPath }) => {
        if (!options.desktop) {
          fail(
            'invalid_input',
            'Choosing a file through a dialog works in the desktop app only. Drop the file on the page or choose it with the file button.',
          );
        }
        const chosen = await options.desktop.chooseFile(purpose, defaultPath);
        if (chosen !== null) {
          if (purpose === 'import') grants.grantRead(chosen);
          else grants.grantSaveAs(chosen);
        }
        return { path: chosen };
      },
      'files:inspect': async ({ path: p }) => {
        await readable(p);
        const f = await inspectFile(p);
        return { ...f, ...(f.text ? { text: f.text } : {}) };
      },
      'files:preview': async (input) => (await readable(input.path)).preview(input),
      'mapping:preview': async (input) => (await readable(input.path)).mappingPreview(input),
      'templates:list': async ({ headers }) => (await ob()).listTemplates(headers),
      'templates:save': async ({ name, headers, mapping }) => {
        (await ob()).saveTemplate(name, headers, mapping);
        return { name };
      },
      'templates:delete': async ({ name }) => ({ deleted: (await ob()).deleteTemplate(name) }),

      'jobs:create': async (input) => (await readable(input.path)).createJob(input),
      'jobs:list': async () => (await ob()).listJobs(),
      'jobs:get': async ({ jobId }) => (await ob()).jobView(jobId),
      'jobs:problems': async ({ jobId }) => (await ob()).problemKinds(jobId),
      'jobs:setOptions': async ({ jobId, options: o }) => (await ob()).setOptions(jobId, o),
      'jobs:check': async ({ jobId }) => ({
        started: (await ob()).start(jobId, { mode: 'check', wait: true }),
      }),
      'jobs:plan': async ({ jobId }) => (await ob()).plan(jobId),
      'jobs:runChart': async ({ jobId }) => {
        const { journal, engine } = await ready();
        return runChart(journal, engine, jobId);
      },
      'jobs:log': async ({ jobId }) => {
        const { journal, engine } = await ready();
        return runLog(journal, engine, jobId);
      },
      'jobs:start': async ({ jobId, confirmed, leaveOutHeld }) => {
        const o = await ob();
        const { leftOut } = o.confirmStart(jobId, { confirmed, leaveOutHeld });
        const started = o.start(jobId, { mode: 'run', wait: true });
        return leftOut ? { started, leftOut } : { started };
      },
      'jobs:pause': async ({ jobId }) => (await ob()).pause(jobId),
      'jobs:cancel': async ({ jobId }) => (await ob()).cancel(jobId),
      'jobs:setConnection': async ({ jobId, connectionId }) =>
        (await ob()).setJobConnection(jobId, connectionId),
      'jobs:archive': async ({ jobId, archived }) => (await ob()).archiveJob(jobId, archived),
      'jobs:delete': async ({ jobId }) => (await ob()).deleteJob(jobId),
      'jobs:retry': async ({ jobId, states }) => ({ rows: (await ob()).retry(jobId, states) }),
      'jobs:export': async ({ jobId, format, path: requested }) => {
        const o = await ob();
        const target = await grants.exportTarget({
          defaultPath: o.defaultExportPath(jobId, format),
          format,
          requested,
        });
        const s = await o.exportJob(jobId, format, target);
        downloads.allow(s.path, await grants.written(s.path));
        return {
          path: s.path,
          rows: s.rows,
          attention: s.attention,
          byStatus: s.byStatus,
          byErrorCode: s.byErrorCode,
        } satisfies CommandOutput<'jobs:export'>;
      },
      'jobs:retryFromResults': async ({ path: p, jobId }) =>
        (await readable(p)).retryFromResults(p, jobId),
      'rows:page': async ({ jobId, filter, after, limit }) =>
        (await ob()).pageRows(jobId, { ...filter, after, limit }),
      'rows:events': async ({ rowId }) => (await ob()).rowEvents(rowId),
      'rows:fix': async ({ rowId, edits }) =>
        (await ob()).fixRow(rowId, edits as Record<string, string>),
      'rows:fixMany': async ({ jobId, ...q }) => (await ob()).fixMany(jobId, q),
      'rows:fixes': async ({ jobId }) => (await ob()).fixHistory(jobId),
      'rows:undo': async ({ jobId, batchId }) => (await ob()).undoFix(jobId, batchId),
      'files:download': async ({ path: p }) => {
        if (!canDownload) {
          fail('invalid_input', 'Downloads are for the browser. Use "Show in folder" instead.');
        }
        return { url: await downloads.offer(p), name: path.basename(p) };
      },
      'shell:showInFolder': async ({ path: p }) => {
        if (!options.desktop) return { shown: false };
        await ready();
        if (!grants.mayShow(p)) fail('file_not_chosen');
        if (!(await stat(p).catch(() => undefined))) fail('file_not_found');
        options.desktop.showInFolder(p);
        return { shown: true };
      },
    },
    (e) => console.error('command failed:', e instanceof Error ? (e.stack ?? e.message) : e),
  );

  return {
    bus,
    router,
    downloads,
    grants,
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
          await c.sandbox?.close();
          c.journal.close();
        }
      }
    },
  };
}
