// One life of the engine for bench/chaos.ts: opens the journal, runs the job until it ends or the
// parent kills it, and says how it ended. Arguments: JSON {journalPath, jobId, token, seed,
// settings}. Lines on stdout: `started_at=<epoch ms>`, `ready`, then `exit=<how it ended>`; with
// `io`, after the journal is closed, `io=<JSON>`: the bytes this process wrote to disk (Linux's
// /proc/self/io `write_bytes`) in all and by the journal call that wrote them.
import { readFileSync } from 'node:fs';
import { MemorySecretStore } from '../src-main/api';
import { SyncEngine } from '../src-main/engine/syncEngine';
import type { EngineSettings } from '../src-main/engine/settings';
import { openJournal } from '../src-main/journal/journal';
import { seededRandom } from '../src-main/util/clock';
import { runnerFor } from '../src-main/kinds';

interface ChildArgs {
  journalPath: string;
  jobId: string;
  connectionId: string;
  token: string;
  seed: number;
  settings: Partial<EngineSettings>;
  concurrency: { GET: number; WRITE: number };
  trace?: boolean;
  io?: boolean;
}

/** Bytes this process has caused to be written to storage so far, or null where the kernel
 *  does not say (not Linux). */
function writeBytes(): number | null {
  try {
    const m = /^write_bytes:\s*(\d+)/m.exec(readFileSync('/proc/self/io', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Wraps the journal's writing calls so that the bytes written during each are added to its
 *  name (a checkpoint counts for the commit that triggered it; a call made inside another
 *  metered call counts for the outer one only). */
let depth = 0;
function meterWrites(target: object, names: string[], into: Record<string, number>): void {
  const t = target as Record<string, (...a: unknown[]) => unknown>;
  for (const name of names) {
    const original = t[name]!;
    t[name] = function (this: unknown, ...a: unknown[]) {
      if (depth > 0) return original.apply(this, a);
      depth++;
      const before = writeBytes() ?? 0;
      try {
        return original.apply(this, a);
      } finally {
        depth--;
        into[name] = (into[name] ?? 0) + (writeBytes() ?? 0) - before;
        into[`${name}_calls`] = (into[`${name}_calls`] ?? 0) + 1;
      }
    };
  }
}

// When the modules are loaded and the engine's own start-up begins (bench/journal.ts's resume
// figure separates it from the runtime's start).
process.stdout.write(`started_at=${Date.now()}\n`);
const args = JSON.parse(process.argv[2] ?? '{}') as ChildArgs;
const startBytes = writeBytes();
const journal = openJournal({ path: args.journalPath });
const byCall: Record<string, number> = {};
if (args.io) {
  meterWrites(
    journal,
    [
      // The group commit (markSendingAsync, recordOutcomesAsync, the send log's timer).
      'flushGroup',
      'markSending',
      'recordOutcomes',
      'moveRows',
      'appendEvents',
      'setJobState',
      'takeLease',
      'renewLease',
      'releaseLease',
      'setSetting',
    ],
    byCall,
  );
  meterWrites(journal.sendLog, ['append', 'prune'], byCall);
}
const secrets = new MemorySecretStore();
await secrets.set(args.connectionId, args.token);
const engine = new SyncEngine({
  runnerFor,
  journal,
  secrets,
  random: seededRandom(args.seed),
  settings: args.settings,
  concurrency: args.concurrency,
  onEvent: (e) => {
    if (e.type === 'warning' && e.code === 'internal') process.stderr.write(`${e.message}\n`);
    if (!args.trace) return;
    const t = new Date().toISOString().slice(14, 23);
    if (e.type === 'progress') {
      const p = e.progress;
      const counts = Object.entries(p.counts).filter(([, n]) => n);
      process.stderr.write(
        `${t} ${p.state} ${counts.map(([k, n]) => `${k}=${n}`).join(' ')} | W q${p.throttle.WRITE.queued} f${p.throttle.WRITE.inFlight} t${Math.round(p.throttle.WRITE.targetPerMinute)} G q${p.throttle.GET.queued} f${p.throttle.GET.inFlight} t${Math.round(p.throttle.GET.targetPerMinute)}${p.offline ? ' OFFLINE' : ''}\n`,
      );
    } else process.stderr.write(`${t} ${JSON.stringify(e)}\n`);
  },
});
process.stdout.write('ready\n');
try {
  const exit = await engine.run(args.jobId, { mode: 'run', wait: true });
  process.stdout.write(`exit=${exit}\n`);
  await engine.close();
  const beforeClose = writeBytes() ?? 0;
  journal.close();
  if (args.io) {
    const end = writeBytes();
    byCall.close = (end ?? 0) - beforeClose;
    const total = end === null || startBytes === null ? null : end - startBytes;
    process.stdout.write(`io=${JSON.stringify({ writeBytes: total, byCall })}\n`);
  }
  process.exit(exit === 'finished' ? 0 : 3);
} catch (e) {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(4);
}
