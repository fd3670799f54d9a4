// Deterministic randomness keyed by what it decides (a creation's uuid, a request's id), so that
// the outcome of an item does not depend on the order in which other requests arrived, and stays
// the same across restarts of a persisted sandbox.
import { createHash, randomUUID } from 'node:crypto';

/** A number in [0, 1) derived from the seed and the key. */
export function unitHash(seed: number, ...key: (string | number)[]): number {
  const digest = createHash('sha256')
    .update(`${seed}\u0000${key.join('\u0000')}`)
    .digest();
  return digest.readUInt32BE(0) / 4294967296;
}

/** A version-4 shaped UUID derived from the seed and a sequence number, or a random one. */
export function makeUuid(seed: number | undefined, seq: number): string {
  if (seed === undefined) return randomUUID();
  const hex = createHash('sha256').update(`${seed}\u0000uuid\u0000${seq}`).digest('hex');
  const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Picks a key of `odds` with probability proportional to its weight, using `u` in [0, 1). */
export function pick<K extends string>(odds: Record<K, number>, u: number): K {
  const entries = Object.entries(odds) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
  if (total <= 0) return (entries[0] as [K, number])[0];
  let x = u * total;
  for (const [key, w] of entries) {
    x -= Math.max(0, w);
    if (x < 0) return key;
  }
  return (entries[entries.length - 1] as [K, number])[0];
}
