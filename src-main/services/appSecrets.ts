// The services' view of the token store: the built-in sandbox's fixed practice token, and every
// other token bound to the API address it was entered for. The binding travels inside the stored
// secret, so a connection whose address changes finds no token until one is entered for the new
// address: a token is never sent anywhere but where the user meant it to go.
import type { SecretStore } from '../api';
import { SANDBOX_TOKEN } from './onboarding';

interface BoundToken {
  boundTo: string;
  token: string;
}

function parseBound(stored: string): BoundToken | undefined {
  if (!stored.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(stored) as Partial<BoundToken>;
    return typeof value.boundTo === 'string' && typeof value.token === 'string'
      ? { boundTo: value.boundTo, token: value.token }
      : undefined;
  } catch {
    return undefined;
  }
}

export class AppSecrets implements SecretStore {
  readonly sandboxIds = new Set<string>();
  /** The address a connection has now; answered by the journal once it is open. */
  addressOf: (account: string) => string | undefined = () => undefined;

  constructor(private readonly inner: SecretStore) {}

  async get(account: string): Promise<string | undefined> {
    if (this.sandboxIds.has(account)) return SANDBOX_TOKEN;
    const stored = await this.inner.get(account);
    if (stored === undefined) return undefined;
    const bound = parseBound(stored);
    // A token stored before tokens were bound belongs to the address the connection had then,
    // which is the one it has now: an address cannot change without a new token any more.
    if (!bound) return stored;
    return bound.boundTo === this.addressOf(account) ? bound.token : undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    if (this.sandboxIds.has(account)) return;
    const boundTo = this.addressOf(account);
    if (boundTo === undefined) throw new Error(`no connection ${account} to bind a token to`);
    await this.inner.set(account, JSON.stringify({ boundTo, token: secret } satisfies BoundToken));
  }

  async delete(account: string): Promise<boolean> {
    return this.sandboxIds.has(account) ? false : this.inner.delete(account);
  }
}
