// Results files handed to a browser as downloads. A browser page cannot open a file on this
// computer by its path, so the browser host serves a file the app itself wrote (an export) under
// a one-time, short-lived, unguessable address. Nothing else can be fetched this way: the file
// is served only while it is still the very file the export wrote (a regular file, not a link,
// with the device, inode, size and modification time recorded at the export), read through the
// descriptor that was checked.
import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import path from 'node:path';
import { fail, failWith } from '../../src-shared/errors';
import { systemClock, type Clock } from '../util/clock';
import { sameIdentity, type FileIdentity } from './fileGrants';

/** How long an offered download stays valid. */
const TOKEN_TTL_MS = 2 * 60_000;
const URL_PREFIX = '/download/';
/** Not following a link where the system can say so (not on Windows, where it is 0). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

export interface Download {
  path: string;
  /** The file name the browser saves it under. */
  name: string;
  /** The file as the export wrote it. */
  identity: FileIdentity;
}

export interface OpenedDownload {
  handle: fsp.FileHandle;
  size: number;
}

export class Downloads {
  private readonly allowed = new Map<string, FileIdentity>();
  private readonly offers = new Map<string, Download & { expiresAt: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** A file the app wrote for the user (an export), as it was written: it may be downloaded. */
  allow(filePath: string, identity: FileIdentity): void {
    this.allowed.set(path.resolve(filePath), identity);
  }

  /** A one-time address for an allowed file, relative to the host's origin. */
  async offer(filePath: string): Promise<string> {
    const resolved = path.resolve(filePath);
    const identity = this.allowed.get(resolved);
    if (!identity) {
      failWith('not_found', { reason: 'download' });
    }
    const now = await fsp.lstat(resolved).catch(() => undefined);
    if (!now) failWith('file_not_found', { reason: 'download' });
    if (!now.isFile() || !sameIdentity(identity, now)) fail('download_changed');
    this.prune();
    const token = randomBytes(24).toString('base64url');
    this.offers.set(token, {
      path: resolved,
      name: path.basename(resolved),
      identity,
      expiresAt: this.clock.now() + TOKEN_TTL_MS,
    });
    return `${URL_PREFIX}${token}`;
  }

  /** The file behind an address's token, once; undefined for an unknown, used or old token. */
  take(urlPath: string): Download | undefined {
    if (!urlPath.startsWith(URL_PREFIX)) return undefined;
    const token = urlPath.slice(URL_PREFIX.length);
    const offer = this.offers.get(token);
    this.offers.delete(token);
    if (!offer || offer.expiresAt < this.clock.now()) return undefined;
    return { path: offer.path, name: offer.name, identity: offer.identity };
  }

  /** Opens the download's file if it is still the one the export wrote (see openDownload). */
  open(download: Download): Promise<OpenedDownload | undefined> {
    return openDownload(download);
  }

  isDownloadPath(urlPath: string): boolean {
    return isDownloadPath(urlPath);
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [token, offer] of this.offers) if (offer.expiresAt < now) this.offers.delete(token);
  }
}

/** Whether an address is one of the download addresses (whatever its token). */
export function isDownloadPath(urlPath: string): boolean {
  return urlPath.startsWith(URL_PREFIX);
}

/**
 * Opens the download's file if it is still the one the export wrote: the path is not a link
 * and names a regular file, and the opened descriptor is that same file. Undefined otherwise
 * (removed, replaced, changed); the caller reads from the handle and closes it.
 */
export async function openDownload(download: Download): Promise<OpenedDownload | undefined> {
  const before = await fsp.lstat(download.path).catch(() => undefined);
  if (!before?.isFile() || !sameIdentity(download.identity, before)) return undefined;
  const handle = await fsp
    .open(download.path, constants.O_RDONLY | NO_FOLLOW)
    .catch(() => undefined);
  if (!handle) return undefined;
  const opened = await handle.stat().catch(() => undefined);
  if (!opened?.isFile() || !sameIdentity(download.identity, opened)) {
    await handle.close();
    return undefined;
  }
  return { handle, size: opened.size };
}
