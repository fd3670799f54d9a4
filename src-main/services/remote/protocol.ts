// The messages between a front door and the services running in a process of their own (the
// desktop's utility process, the browser host's child process). Plain data only: every message
// is copied by the structured clone of the channel, never shared.
import type { Result } from '../../../src-shared/errors';
import type { EventName } from '../../../src-shared/contract';
import type { AppInfo } from '../../../src-shared/contract';
import type { Download } from '../downloads';
import type { DesktopNotification } from '../desktopSignals';
import type { PackedAt } from './packRows';

/** One end of a message channel: what the child's `process.parentPort`, a forked child's IPC
 *  channel, and Electron's UtilityProcess all offer in their own way. */
export interface MessagePortLike {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** How the services in the process are made: what the front door decides, as data. */
export interface StartOptions {
  dataDir: string;
  transport: AppInfo['transport'];
  locale?: string;
  /** The way to the API: the system's proxy settings asked of the front door (desktop), or the
   *  environment's HTTPS_PROXY and NO_PROXY (browser host). */
  network: 'system' | 'environment';
  /** Where tokens are kept: the system's keychain (the app), or this run's memory (tests and
   *  benchmarks, where no keychain may be). */
  secrets?: 'keychain' | 'memory';
  /** Whether the front door offers the desktop's dialogs, taskbar, power and notifications. */
  desktop?: { notificationsSupported: boolean };
}

/** From the front door to the services' process. */
export type ToServices =
  | { t: 'start'; options: StartOptions }
  | { t: 'call'; id: number; command: unknown; input: unknown }
  | { t: 'grant'; path: string }
  | { t: 'open'; path: string }
  | { t: 'takeDownload'; id: number; urlPath: string }
  | { t: 'answer'; id: number; value: unknown; error?: string }
  | { t: 'close' };

/** What the services ask of the front door, and it answers (`answer`). */
export type Ask =
  | { what: 'chooseFile'; purpose: 'import' | 'export'; defaultPath?: string }
  | { what: 'resolveProxy'; url: string };

/** What the services tell the desktop to do, without an answer. */
export type DesktopCall =
  | { what: 'setProgress'; fraction: number | null }
  | { what: 'keepAwake'; on: boolean }
  | { what: 'notify'; notification: DesktopNotification }
  | { what: 'showInFolder'; path: string };

/** From the services' process to the front door. */
export type FromServices =
  | { t: 'ready'; pid: number }
  /** A result whose value's long lists of records are packed (packRows.ts) says where. */
  | { t: 'result'; id: number; result: Result<unknown>; packed?: PackedAt }
  | { t: 'download'; id: number; download: Download | null }
  | { t: 'event'; event: EventName; payload: unknown }
  | { t: 'ask'; id: number; ask: Ask }
  | { t: 'desktop'; call: DesktopCall }
  | { t: 'closed' }
  | { t: 'fatal'; message: string };
