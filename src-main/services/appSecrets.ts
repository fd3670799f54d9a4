// The services' view of the token store: the built-in sandbox's token of this launch, and every
// other token bound to the API address it was entered for. The binding travels inside the stored
// secret, so a connection whose address changes finds no token until one is entered for the new
// address: a token is never sent anywhere but where the user meant it to go.
//
// Whether a connection has a token is remembered (services/tokenPresence.ts), so showing the
// connection list does not read the keychain for every connection every time.
import type { SecretStore } from '../api';
import type { Clock } from '../util/clock';
import { TokenPresence, type Presence } from './tokenPresence';

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

/** What a stored secret says about the account, without the token. */
function presenceOf(stored: string | undefined): Presence {
  if (!stored) return { stored: false };
  const bound = parseBound(stored);
  if (!bound) return { stored: true, boundTo: null };
  return bound.token ? { stored: true, boundTo: bound.boundTo } : { stored: false };
}

export class AppSecrets implements SecretStore {
  readonly sandboxIds = new Set<string>();
  /** The running practice sandbox's token: random per launch, held in memory only. */
  sandboxToken: string | undefined;
  /** The address a connection has now; answered by the journal once it is open. */
  addressOf: (account: string) => string | undefined = () => undefined;

  readonly #presence: TokenPresence;

  constructor(
    private readonly inner: SecretStore,
    clock?: Clock,
  ) {
    this.#presence = new TokenPresence(clock);
  }

  /** A real read (a request about to leave): what it finds is also what is remembered. */
  async get(account: string): Promise<string | undefined> {
    if (this.sandboxIds.has(account)) return this.sandboxToken;
    let stored: string | undefined;
    try {
      stored = await this.inner.get(account);
    } catch (e) {
      this.#presence.unreadable(account);
      throw e;
    }
    this.#presence.saw(account, presenceOf(stored));
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
    try {
      await this.inner.set(
        account,
        JSON.stringify({ boundTo, token: secret } satisfies BoundToken),
      );
    } catch (e) {
      this.#presence.forget(account);
      throw e;
    }
    this.#presence.saw(account, secret ? { stored: true, boundTo } : { stored: false });
  }

  async delete(account: string): Promise<boolean> {
    if (this.sandboxIds.has(account)) return false;
    try {
      const deleted = await this.inner.delete(account);
      this.#presence.saw(account, { stored: false });
      return deleted;
    } catch (e) {
      this.#presence.forget(account);
      throw e;
    }
  }

  /**
   * Whether the connection has a token for the address it has now: remembered, so that listing
   * connections reads the keychain at most once per connection (one read shared by everyone
   * asking at the same time). False while the keychain cannot be read.
   */
  async hasToken(account: string): Promise<boolean> {
    if (this.sandboxIds.has(account)) return Boolean(this.sandboxToken);
    const presence = await this.#presence.lookup(account, async () =>
      presenceOf(await this.inner.get(account)),
    );
    if (!presence?.stored) return false;
    return presence.boundTo === null || presence.boundTo === this.addressOf(account);
  }
}
