// Where API tokens live: the OS keychain (Keychain, Credential Manager, Secret Service) behind a
// small interface, or memory only (tests, and automation that passes the token in an environment
// variable). A token is read when a request needs it and never kept in a field of the client.
import { AsyncEntry, type EntryOptions, type LinuxStore } from '@napi-rs/keyring';
import { appError, AppFailure } from '../../src-shared/errors';
import { TaskQueue } from '../util/taskQueue';
import type { TokenSource } from './client';

export interface SecretStore {
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** True when a secret was there and is now gone. */
  delete(account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'Supplier Onboarding';

/**
 * Every keychain call of this process, one at a time: each opens its own connection to the
 * keychain (a D-Bus connection on Linux), and a burst of them at once ran the process out of file
 * descriptors, past which the keyring library's select() spins and nothing answers any more.
 */
export const keychainQueue = new TaskQueue(1);

/**
 * The OS keychain via @napi-rs/keyring. Failures (no keychain, locked store) become an
 * AppFailure whose message says what to do; the keychain's own text is kept out of it, since a
 * store's error should never be a channel for the secret.
 */
export class KeyringSecretStore implements SecretStore {
  private readonly options: EntryOptions;

  /**
   * On Linux the store is pinned to the Secret Service by default: the library's fallback, the
   * kernel keyring, forgets everything at logout, and a token that silently vanishes is worse
   * than a clear "unlock the keychain" message.
   */
  constructor(
    private readonly service = KEYCHAIN_SERVICE,
    linuxStore: LinuxStore | 'auto' = 'secret-service',
  ) {
    this.options = linuxStore === 'auto' ? {} : { linux: { store: linuxStore } };
  }

  private entry(account: string): AsyncEntry {
    return new AsyncEntry(this.service, account, this.options);
  }

  async get(account: string): Promise<string | undefined> {
    try {
      const value = await keychainQueue.run(() => this.entry(account).getPassword());
      return value ?? undefined;
    } catch {
      throw keychainFailure('read');
    }
  }

  async set(account: string, secret: string): Promise<void> {
    try {
      await keychainQueue.run(() => this.entry(account).setPassword(secret));
    } catch {
      throw keychainFailure('store');
    }
  }

  async delete(account: string): Promise<boolean> {
    try {
      return await keychainQueue.run(() => this.entry(account).deleteCredential());
    } catch {
      throw keychainFailure('delete');
    }
  }
}

function keychainFailure(action: string): AppFailure {
  return new AppFailure(
    appError(
      'api_no_token',
      `The token could not be ${action === 'read' ? 'read from' : action === 'store' ? 'stored in' : 'removed from'} the system keychain. Unlock the keychain (or start its service) and try again; for automation, pass the token in an environment variable.`,
      { action },
    ),
  );
}

/** Secrets in this process's memory only. */
export class MemorySecretStore implements SecretStore {
  private readonly secrets = new Map<string, string>();
  async get(account: string): Promise<string | undefined> {
    return this.secrets.get(account);
  }
  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }
  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}

/** A TokenSource that reads the account's secret from the store at every call. */
export function tokenFrom(store: SecretStore, account: string): TokenSource {
  return () => store.get(account);
}
