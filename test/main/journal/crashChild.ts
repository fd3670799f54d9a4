// Child process of crash.test.ts: writes the intent (write A), optionally an outcome (write B),
// reports, then waits for a go that never comes before its next write. The test kills it with
// SIGKILL while it waits, as a crash or a closed laptop lid would.
import readline from 'node:readline';
import { openJournal } from '../../../src-main/journal/journal';

const [file, jobId, stopAfter] = process.argv.slice(2);
if (!file || !jobId || (stopAfter !== 'intent' && stopAfter !== 'outcome')) {
  console.error('usage: crashChild <journal> <jobId> intent|outcome');
  process.exit(2);
}

const journal = openJournal({ path: file });
const now = Date.now();
const due = journal.takeDue(jobId, ['queued'], now, 3).map((r) => r.id);
const sending = journal.markSending(due, now, { request: { method: 'POST' } }); // write A
if (stopAfter === 'outcome') {
  // write B: the first answer arrived
  journal.recordOutcome({
    rowId: sending[0]!,
    from: 'sending',
    to: 'accepted',
    patch: { creationUuid: 'uuid-first' },
    response: { status: 202 },
  });
}
process.stdout.write(`ready ${JSON.stringify(sending)}\n`);

// The next write would only happen on a line from the parent, which kills instead.
const input = readline.createInterface({ input: process.stdin });
input.once('line', () => {
  journal.recordOutcomes(
    sending.map((rowId) => ({ rowId, from: 'sending' as const, to: 'accepted' as const })),
  );
  journal.close();
  process.exit(0);
});
