// Leases: who runs a job, one process at a time (the desktop app or the command line). A lease
// is a setting (`lease:<name>`), taken and renewed in immediate transactions so that two
// processes on the same file cannot both win. drizzle, through the settings area.
import type { ReadHandle, WriteHandle } from './handle';
import { deleteSetting, getSetting, setSetting } from './settings';

export interface Lease {
  owner: string;
  pid: number;
  host: string;
  /** Until when the holder's heartbeat vouches for it. */
  expiresAt: number;
  takenAt: number;
}

export const leaseKey = (name: string): string => `lease:${name}`;

/**
 * Takes the named lease: granted when it is free, already ours, or `canTakeOver` says its
 * holder is gone. Returns the lease now held, or the other holder's when refused.
 */
export function takeLease(
  h: WriteHandle,
  name: string,
  lease: Lease,
  canTakeOver: (held: Lease) => boolean,
): { taken: true; lease: Lease; tookOver: Lease | undefined } | { taken: false; held: Lease } {
  const key = leaseKey(name);
  return h.sqlite
    .transaction(() => {
      const held = getSetting(h, key) as Lease | undefined;
      if (held && held.owner !== lease.owner && !canTakeOver(held)) {
        return { taken: false as const, held };
      }
      setSetting(h, key, lease);
      return {
        taken: true as const,
        lease,
        tookOver: held && held.owner !== lease.owner ? held : undefined,
      };
    })
    .immediate();
}

/** Moves the lease's expiry on; false when it is no longer ours (taken over meanwhile). */
export function renewLease(
  h: WriteHandle,
  name: string,
  owner: string,
  expiresAt: number,
): boolean {
  const key = leaseKey(name);
  return h.sqlite
    .transaction(() => {
      const held = getSetting(h, key) as Lease | undefined;
      if (!held || held.owner !== owner) return false;
      setSetting(h, key, { ...held, expiresAt });
      return true;
    })
    .immediate();
}

/** Gives the lease up if it is ours. */
export function releaseLease(h: WriteHandle, name: string, owner: string): void {
  const key = leaseKey(name);
  h.sqlite
    .transaction(() => {
      const held = getSetting(h, key) as Lease | undefined;
      if (held?.owner === owner) deleteSetting(h, key);
    })
    .immediate();
}

/** The lease's holder, if any (expired or not). */
export function getLease(h: ReadHandle, name: string): Lease | undefined {
  return getSetting(h, leaseKey(name)) as Lease | undefined;
}
