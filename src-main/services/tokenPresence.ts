// Whether a connection has a token, without asking the keychain every time the connection list is
// shown: the list is asked for often (each screen, each browser tab), and each keychain read opens
// a connection to the keychain. What is kept is only the fact and the address the token was
// entered for, never the token. It changes when the app itself stores or deletes a token, and
// whenever a real read (a request about to leave) finds something else; `forget` asks again.
import { systemClock, type Clock } from '../util/clock';

/** What the keychain holds for an account: nothing, or a token bound to an address (null: a
 *  token stored before tokens were bound, which belongs to the connection's address). */
export type Presence = { stored: false } | { stored: true; boundTo: string | null };

/** After a failed read (a locked or missing keychain), how long the answer "unknown" stands
 *  before the keychain is asked again: a locked keychain may ask the user to unlock it. */
export const UNREADABLE_RETRY_MS = 30_000;

type Entry = Presence | { unreadableAt: number };

export class TokenPresence {
  readonly #known = new Map<string, Entry>();
  readonly #reading = new Map<string, Promise<Presence | undefined>>();
  /** Bumped by every change, so that a read that started before it cannot undo it. */
  readonly #generation = new Map<string, number>();

  constructor(private readonly clock: Clock = systemClock) {}

  /**
   * What the keychain holds for the account: the remembered answer, else one read shared by
   * everyone asking at the same time. Undefined while the keychain cannot be read.
   */
  async lookup(account: string, read: () => Promise<Presence>): Promise<Presence | undefined> {
    const known = this.#known.get(account);
    if (known && !('unreadableAt' in known)) return known;
    if (known && this.clock.now() - known.unreadableAt < UNREADABLE_RETRY_MS) return undefined;
    const inFlight = this.#reading.get(account);
    if (inFlight) return inFlight;
    const generation = this.#generation.get(account) ?? 0;
    const reading = read().then(
      (presence) => {
        if ((this.#generation.get(account) ?? 0) === generation) this.#known.set(account, presence);
        return presence;
      },
      () => {
        if ((this.#generation.get(account) ?? 0) === generation) {
          this.#known.set(account, { unreadableAt: this.clock.now() });
        }
        return undefined;
      },
    );
    this.#reading.set(account, reading);
    try {
      return await reading;
    } finally {
      if (this.#reading.get(account) === reading) this.#reading.delete(account);
    }
  }

  /** The keychain was just read, written or cleared: this is what it holds now. */
  saw(account: string, presence: Presence): void {
    this.#bump(account);
    this.#known.set(account, presence);
  }

  /** The keychain could not be read for the account: asked again after a while. */
  unreadable(account: string): void {
    this.#bump(account);
    this.#known.set(account, { unreadableAt: this.clock.now() });
  }

  /** Nothing is known any more: the next lookup reads the keychain. */
  forget(account: string): void {
    this.#bump(account);
    this.#known.delete(account);
  }

  #bump(account: string): void {
    this.#generation.set(account, (this.#generation.get(account) ?? 0) + 1);
    this.#reading.delete(account);
  }
}
