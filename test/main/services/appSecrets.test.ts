import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { AppSecrets } from '../../../src-main/services/appSecrets';
import { UNREADABLE_RETRY_MS } from '../../../src-main/services/tokenPresence';
import { FakeClock } from '../../../src-main/util/clock';

/** A memory store that counts its reads and fails them while `locked`. */
class LockableStore extends MemorySecretStore {
  reads = 0;
  locked = false;
  override async get(account: string): Promise<string | undefined> {
    this.reads++;
    if (this.locked) throw new Error('the keychain is locked');
    return super.get(account);
  }
}

describe('tokens bound to their address', () => {
  it('gives a token only while the connection keeps the address it was entered for', async () => {
    const inner = new MemorySecretStore();
    const secrets = new AppSecrets(inner);
    const addresses = new Map([['conn-1', 'https://api.example.com']]);
    secrets.addressOf = (id) => addresses.get(id);
    await secrets.set('conn-1', 'tok-1');
    expect(await secrets.get('conn-1')).toBe('tok-1');
    // The stored secret carries the address; the keychain never holds a token without it.
    expect(JSON.parse((await inner.get('conn-1'))!)).toEqual({
      boundTo: 'https://api.example.com',
      token: 'tok-1',
    });
    addresses.set('conn-1', 'https://elsewhere.example.net');
    expect(await secrets.get('conn-1')).toBeUndefined();
    await secrets.set('conn-1', 'tok-2');
    expect(await secrets.get('conn-1')).toBe('tok-2');
  });

  it('reads a token stored before tokens were bound, for the address the connection has', async () => {
    const inner = new MemorySecretStore();
    await inner.set('conn-1', 'legacy-token');
    const secrets = new AppSecrets(inner);
    secrets.addressOf = () => 'https://api.example.com';
    expect(await secrets.get('conn-1')).toBe('legacy-token');
  });
});

describe('whether a connection has a token', () => {
  it("is remembered, follows the app's own saves and the real reads, and a locked keychain is asked again after a while", async () => {
    const clock = new FakeClock();
    const inner = new LockableStore();
    await inner.set('conn-1', JSON.stringify({ boundTo: 'https://api.example.com', token: 't' }));
    const secrets = new AppSecrets(inner, clock);
    secrets.addressOf = () => 'https://api.example.com';
    // Asked many times at once: one read.
    const answers = await Promise.all(Array.from({ length: 50 }, () => secrets.hasToken('conn-1')));
    expect(answers.every(Boolean)).toBe(true);
    expect(inner.reads).toBe(1);
    // The token is bound to the address: another address has none, without a read.
    secrets.addressOf = () => 'https://elsewhere.example.net';
    expect(await secrets.hasToken('conn-1')).toBe(false);
    secrets.addressOf = () => 'https://api.example.com';
    // Deleted by the app: known without a read.
    await secrets.delete('conn-1');
    expect(await secrets.hasToken('conn-1')).toBe(false);
    expect(inner.reads).toBe(1);
    // Stored outside the app: seen at the next real read, not before.
    await inner.set('conn-1', 'legacy-token');
    expect(await secrets.hasToken('conn-1')).toBe(false);
    expect(await secrets.get('conn-1')).toBe('legacy-token');
    expect(await secrets.hasToken('conn-1')).toBe(true);
    expect(inner.reads).toBe(2);
    // A failed real read: unknown, and the keychain is left alone for a while.
    inner.locked = true;
    await expect(secrets.get('conn-1')).rejects.toThrow('locked');
    expect(await secrets.hasToken('conn-1')).toBe(false);
    expect(inner.reads).toBe(3);
    inner.locked = false;
    await clock.advance(UNREADABLE_RETRY_MS - 1);
    expect(await secrets.hasToken('conn-1')).toBe(false);
    expect(inner.reads).toBe(3);
    await clock.advance(1);
    expect(await secrets.hasToken('conn-1')).toBe(true);
    expect(inner.reads).toBe(4);
  });
});
