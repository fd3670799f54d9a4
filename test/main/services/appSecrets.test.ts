import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { AppSecrets } from '../../../src-main/services/appSecrets';

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
