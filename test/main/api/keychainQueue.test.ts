// The queue every keychain call goes through: one call at a time, in order, a failure does not stop
// the ones after it, and a bounded queue refuses at once instead of piling up. The OS keychain's
// calls are checked to go through it where a Secret Service answers (CI runs this file under
// dbus-run-session with gnome-keyring-daemon; elsewhere that part is skipped with the reason).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyringSecretStore, keychainQueue } from '../../../src-main/api/secrets';
import { QueueFull, TaskQueue } from '../../../src-main/util/taskQueue';
import { probeKeychain } from './keychainProbe';

const SERVICE = 'Supplier Onboarding (queue test)';

const keychainUnavailable = await probeKeychain(SERVICE);

/** A task that runs until the test ends it, recording when it starts and ends. */
function gated(log: string[], name: string) {
  let end!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    end = () => resolve(name);
    fail = reject;
  });
  return {
    task: () => {
      log.push(`start ${name}`);
      return done.finally(() => log.push(`end ${name}`));
    },
    end,
    fail,
  };
}

describe('the keychain queue', () => {
  it('never runs two calls at once, and runs them in the order they came', async () => {
    const queue = new TaskQueue(1);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const tasks = Array.from({ length: 50 }, (_, i) => gated(log, `t${i}`));
    const results = tasks.map((t) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        try {
          return await t.task();
        } finally {
          running--;
        }
      }),
    );
    expect(queue.running).toBe(1);
    expect(queue.waiting).toBe(49);
    // End them in reverse order: a later one ending first must not let another start.
    for (const t of [...tasks].reverse()) t.end();
    expect(await Promise.all(results)).toEqual(tasks.map((_, i) => `t${i}`));
    expect(most).toBe(1);
    expect(log).toEqual(tasks.flatMap((_, i) => [`start t${i}`, `end t${i}`]));
    expect(queue.running).toBe(0);
  });

  it('goes on after a call fails or throws at once', async () => {
    const queue = new TaskQueue(1);
    const log: string[] = [];
    const a = gated(log, 'a');
    const first = queue.run(a.task);
    const second = queue.run(() => {
      throw new Error('thrown before any await');
    });
    const third = queue.run(async () => 'third');
    a.fail(new Error('keychain locked'));
    await expect(first).rejects.toThrow('keychain locked');
    await expect(second).rejects.toThrow('thrown before any await');
    expect(await third).toBe('third');
  });

  it('refuses at once beyond the places it has, and takes calls again once there is room', async () => {
    const queue = new TaskQueue(2, 3);
    const log: string[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) => gated(log, `t${i}`));
    const accepted = tasks.map((t) => queue.run(t.task));
    const refused = queue.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(QueueFull);
    await expect(refused).rejects.toMatchObject({ concurrency: 2, maxWaiting: 3 });
    expect(log).toEqual(['start t0', 'start t1']);
    tasks[0]!.end();
    await accepted[0];
    expect(log).toEqual(['start t0', 'start t1', 'end t0', 'start t2']);
    // The place t2 left in the waiting line is taken again; the next call is refused.
    const later = queue.run(async () => 'later');
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(QueueFull);
    for (const t of tasks) t.end();
    expect(await Promise.all(accepted)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(await later).toBe('later');
  });

  it('carries every call of the OS keychain, one at a time', async (ctx) => {
    ctx.skip(keychainUnavailable !== undefined, keychainUnavailable);
    const store = new KeyringSecretStore(SERVICE);
    const account = `queued-${randomUUID()}`;
    // Another store of the same process shares the one queue.
    const other = new KeyringSecretStore(SERVICE);
    const calls = [
      store.set(account, 'tok-1'),
      ...Array.from({ length: 20 }, () => store.get(account)),
      other.set(account, 'tok-2'),
      other.get(account),
    ];
    expect(keychainQueue.running).toBe(1);
    expect(keychainQueue.waiting).toBe(calls.length - 1);
    const results = await Promise.all(calls);
    // In order: the reads between the two writes see the first token, the last read the second.
    expect(results.slice(1, 21)).toEqual(Array(20).fill('tok-1'));
    expect(results.at(-1)).toBe('tok-2');
    expect(keychainQueue.running).toBe(0);
    expect(await store.delete(account)).toBe(true);
  });
});
