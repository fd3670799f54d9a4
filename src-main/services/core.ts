// What the services are made of and given, apart from how they are built (appServices.ts): the
// options of a front door, the services it gets, and the core (journal, engine, onboarding,
// sandbox) the handlers work on. Types only, so that the handlers and the services they use
// import this file and not appServices.ts, which imports them: no cycle.
import type { AppInfo, Limits } from '../../src-shared/contract';
import type { SecretStore } from '../api';
import type { Transport } from '../api/transport';
import type { EngineSettings } from '../engine/settings';
import type { SyncEngine } from '../engine/syncEngine';
import type { Journal } from '../journal/journal';
import type { SandboxHandle } from '../sandbox';
import type { Clock } from '../util/clock';
import type { Downloads } from './downloads';
import type { EventBus } from './eventBus';
import type { FileGrants } from './fileGrants';
import type { Onboarding } from './onboarding';
import type { OpenedFiles } from './openedFiles';
import type { CommandRouter } from './router';
import type { Uploads } from './uploads';
import type { Routes } from '../sandbox';

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
        /** Routes besides the API's (SandboxOptions.extraRoutes): a test's own endpoint. */
        extraRoutes?: Routes;
      };
  desktop?: DesktopHooks;
  /** Engine settings for every connection (tests and automation; the sandbox's own come on top). */
  engineSettings?: Partial<EngineSettings>;
  /** The way to the API (proxy, certificates: src-main/api/transport.ts), closed with the
   *  services; the global fetch by default. */
  network?: Transport;
}

export interface AppServices {
  readonly bus: EventBus;
  readonly router: CommandRouter;
  /** Exported files the browser host may serve as downloads. */
  readonly downloads: Downloads;
  /** The files the user chose in this run, and where exports may go. A front door grants what
   *  the user chose outside the commands: a file dropped on the desktop window. */
  readonly grants: FileGrants;
  /** Files the browser uploaded for import, removed once unused for a while. */
  readonly uploads: Uploads;
  /** The supplier lists the system asks the app to open (desktop: file associations, a second
   *  launch): the front door hands each path here, and the page takes it (`files:takeOpened`). */
  readonly opened: OpenedFiles;
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
  /** The practice sandbox's token of this launch (for this process only: never sent to a page,
   *  written or logged). */
  sandboxToken: string | undefined;
}
