// What the command handlers of every area share: the services once opened, the files the user
// chose, the downloads the browser may fetch. Each area's handlers are built from these and
// combined into one table at the root (services/appServices.ts).
import type { CommandName } from '../../../src-shared/contract';
import type { Clock } from '../../util/clock';
import type { AuditMemory } from '../auditMemory';
import type { AppServicesOptions, Core } from '../core';
import type { Downloads } from '../downloads';
import type { FileGrants } from '../fileGrants';
import type { OpenedFiles } from '../openedFiles';
import type { Onboarding } from '../onboarding';
import type { Handlers } from '../router';
import type { Uploads } from '../uploads';

export interface HandlerDeps {
  options: AppServicesOptions;
  clock: Clock;
  grants: FileGrants;
  /** The supplier lists the system asked the app to open, until the page takes them. */
  opened: OpenedFiles;
  downloads: Downloads;
  /** Files the browser uploaded, removed once unused for a while. */
  uploads: Uploads;
  /** The last complete audit of each connection (base:audit keeps it). */
  audits: AuditMemory;
  /** The browser host may offer exported files as downloads. */
  canDownload: boolean;
  /** Opens the journal and the engine on first use. */
  ready(): Promise<Core>;
  onboarding(): Promise<Onboarding>;
  /** The services, once the file is one the user chose (or a job's source, or a file the app
   *  wrote); refused otherwise, whether the file exists or not. */
  readable(filePath: string): Promise<Onboarding>;
}

/** The handlers of the commands named `<area>:…`. */
export type AreaHandlers<A extends string> = Pick<Handlers, Extract<CommandName, `${A}:${string}`>>;
