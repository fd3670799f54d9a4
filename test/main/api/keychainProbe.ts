// Whether the system keychain answers here: on Linux a Secret Service on a D-Bus session bus (CI
// runs the tests under dbus-run-session with gnome-keyring-daemon). The tests of the real keychain
// are skipped with this reason where there is none.
import { randomUUID } from 'node:crypto';
import { KeyringSecretStore } from '../../../src-main/api/secrets';

/** Undefined when a secret stored under `service` comes back; else why the keychain is not usable. */
export async function probeKeychain(service: string): Promise<string | undefined> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    return 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service';
  }
  const store = new KeyringSecretStore(service);
  const account = `probe-${randomUUID()}`;
  try {
    await store.set(account, 'probe');
    const back = await store.get(account);
    await store.delete(account);
    return back === 'probe' ? undefined : 'the keychain did not return what was stored';
  } catch (e) {
    return `the Secret Service is not reachable or locked (${e instanceof Error ? e.message : String(e)})`;
  }
}
