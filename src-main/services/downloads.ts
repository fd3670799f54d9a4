// Results files handed to a browser as downloads. A browser page cannot open a file on this
// computer by its path, so the browser host serves a file the app itself wrote (an export) under
// a one-time, short-lived, unguessable address. Nothing else can be fetched this way.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fail } from '../../src-shared/errors';
import { systemClock, type Clock } from '../util/clock';

/** How long an offered download stays valid. */
const TOKEN_TTL_MS = 2 * 60_000;
const URL_PREFIX = '/download/';

export interface Download {
  path: string;
  /** The file name the browser saves it under. */
  name: string;
}

export class Downloads {
  private readonly allowed = new Set<string>();
  private readonly offers = new Map<string, Download & { expiresAt: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** A file the app wrote for the user (an export): it may be downloaded later. */
  allow(filePath: string): void {
    this.allowed.add(path.resolve(filePath));
  }

  /** A one-time address for an allowed file, relative to the host's origin. */
  offer(filePath: string): string {
    const resolved = path.resolve(filePath);
    if (!this.allowed.has(resolved)) {
      fail(
        'not_found',
        'Only results files exported in this session can be downloaded. Export the job again.',
      );
    }
    this.prune();
    const token = randomBytes(24).toString('base64url');
    this.offers.set(token, {
      path: resolved,
      name: path.basename(resolved),
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
    return { path: offer.path, name: offer.name };
  }

  isDownloadPath(urlPath: string): boolean {
    return urlPath.startsWith(URL_PREFIX);
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [token, offer] of this.offers) if (offer.expiresAt < now) this.offers.delete(token);
  }
}
