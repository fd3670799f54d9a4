// Settings: JSON values by key (callers parse them with their own schema). drizzle.
import { eq } from 'drizzle-orm';
import { fail } from '../../src-shared/errors';
import { rowWhere, type ReadHandle, type WriteHandle } from './handle';
import { settings } from './schema';

/** The stored value, or undefined. */
export function getSetting(h: ReadHandle, key: string): unknown {
  const row = rowWhere(h, settings, settings.key, key);
  return row ? row.value : undefined;
}

export function setSetting(h: WriteHandle, key: string, value: unknown): void {
  // No value is spelled deleteSetting; a stored null would read back as a missing key.
  if (value === undefined || value === null) {
    fail('invalid_input', undefined, { key, reason: 'no value' });
  }
  const now = h.clock.now();
  h.db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
    .run();
}

export function deleteSetting(h: WriteHandle, key: string): void {
  h.db.delete(settings).where(eq(settings.key, key)).run();
}
