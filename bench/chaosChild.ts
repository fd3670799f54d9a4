// One life of the engine for bench/chaos.ts: opens the journal, runs the job until it ends or the
// parent kills it, and says how it ended. Arguments: JSON {journalPath, jobId, token, seed,
// settings}. Lines on stdout: `started_at=<epoch ms>`, `ready`, then `exit=<how it ended>`.
import { MemorySecretStore } from '../src-main/api';
import { SyncEngine } from '../src-main/engine/syncEngine';
import type { EngineSettings } from '../src-main/engine/settings';
import { openJournal } from '../src-main/journal/journal';
import { seededRandom } from '../src-main/util/clock';

interface ChildArgs {
  journalPath: string;
  jobId: string;
  connectionId: string;
  token: string;
  seed: number;
  settings: Partial<EngineSettings>;
  concurrency: { GET: number; WRITE: number };
  trace?: boolean;
}

// When the modules are loaded and the engine's own start-up begins (bench/journal.ts's resume
// figure separates it from the runtime's start).
process.stdout.write(`started_at=${Date.now()}\n`);
const args = JSON.parse(process.argv[2] ?? '{}') as ChildArgs;
const journal = openJournal({ path: args.journalPath });
const secrets = new MemorySecretStore();
await secrets.set(args.connectionId, args.token);
const engine = new SyncEngine({
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
  journal.close();
  process.exit(exit === 'finished' ? 0 : 3);
} catch (e) {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(4);
}
