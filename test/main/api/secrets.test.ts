// Secret stores: the in-memory one everywhere, the OS keychain where a Secret Service answers
// (CI runs this file under dbus-run-session with gnome-keyring-daemon; elsewhere it is skipped
// with the reason).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  KeyringSecretStore,
  MemorySecretStore,
  tokenFrom,
  type SecretStore,
} from '../../../src-main/api/secrets';
import { AppFailure } from '../../../src-shared/errors';
import { probeKeychain } from './keychainProbe';

const SERVICE = 'Supplier Onboarding (test)';

const keychainUnavailable = await probeKeychain(SERVICE);

async function roundTrip(store: SecretStore): Promise<void> {
  const account = `conn-${randomUUID()}`;
  expect(await store.get(account)).toBeUndefined();
  await store.set(account, 'tok-first');
  expect(await store.get(account)).toBe('tok-first');
  await store.set(account, 'tok-second');
  expect(await store.get(account)).toBe('tok-second');
  // A token source reads at call time: a changed secret is used at the next request.
  const source = tokenFrom(store, account);
  expect(await source()).toBe('tok-second');
  await store.set(account, 'tok-third');
  expect(await source()).toBe('tok-third');
  expect(await store.delete(account)).toBe(true);
  expect(await store.delete(account)).toBe(false);
  expect(await store.get(account)).toBeUndefined();
}

describe('secret stores', () => {
  it('memory: stores, replaces, reads at call time and deletes', async () => {
    await roundTrip(new MemorySecretStore());
  });

  it('OS keychain: the same, through the Secret Service', async (ctx) => {
    ctx.skip(keychainUnavailable !== undefined, keychainUnavailable);
    await roundTrip(new KeyringSecretStore(SERVICE));
  });

  it('OS keychain failures say what to do and carry no secret', async (ctx) => {
    ctx.skip(
      keychainUnavailable === undefined,
      'a Secret Service is reachable here, so its failure cannot be observed',
    );
    const store = new KeyringSecretStore(SERVICE);
    const err = await store.set('conn-x', 'tok-never-shown-4242').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppFailure);
    const failure = err as AppFailure;
    expect(failure.error.code).toBe('api_no_token');
    expect(failure.error.message).toMatch(/keychain/);
    expect(JSON.stringify(failure.error)).not.toContain('tok-never-shown-4242');
  });
});
