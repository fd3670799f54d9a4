// Child process of crash.test.ts: runs a scores job on the journal and kills itself with SIGKILL
// at its k-th journal write: `before` it (the write is lost; a request already sent stays sent)
// or `after` it is committed (e.g. right after a batch's intent, before its request leaves).
// Argument: JSON {journalPath, jobId, connectionId, token, settings, die?: {at, when}}. Prints
// `write=<n> <name>` for each write and, when it was not killed, `writes=<n> exit=<how>`.
import { MemorySecretStore } from '../../../src-main/api';
import { SyncEngine } from '../../../src-main/engine/syncEngine';
import { openJournal } from '../../../src-main/journal/journal';
import { runnerFor } from '../../../src-main/kinds';

interface Args {
  journalPath: string;
  jobId: string;
  connectionId: string;
  token: string;
  settings: Record<string, number>;
  die?: { at: number; when: 'before' | 'after' };
}
const args = JSON.parse(process.argv[2] ?? '{}') as Args;

/** The journal calls by which the scores run writes (the async ones commit in a group). */
const WRITES = ['markSendingAsync', 'recordOutcomesAsync', 'moveRows', 'setJobState'] as const;

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // Nothing more of this process runs while the signal lands.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
}

const journal = openJournal({ path: args.journalPath });
let writes = 0;
const target = journal as unknown as Record<string, (...a: unknown[]) => unknown>;
for (const name of WRITES) {
  const original = target[name]!.bind(journal);
  target[name] = (...a: unknown[]) => {
    const k = ++writes;
    process.stdout.write(`write=${k} ${name}\n`);
    const dying = args.die?.at === k;
    if (dying && args.die!.when === 'before') die();
    const result = original(...a);
    if (!dying) return result;
    // After: once committed (an async write's promise settles after its fsynced commit).
    if (result instanceof Promise) return result.then(die, die);
    die();
  };
}
const secrets = new MemorySecretStore();
await secrets.set(args.connectionId, args.token);
const engine = new SyncEngine({ runnerFor, journal, secrets, settings: args.settings });
const exit = await engine.run(args.jobId, { mode: 'run', wait: true });
await engine.close();
journal.close();
process.stdout.write(`writes=${writes} exit=${exit}\n`);
process.exit(0);
