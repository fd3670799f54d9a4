// The journal's log copied back into its file by a thread of its own (journal/checkpointer.ts):
// while the services write, the thread's passes copy the log's frames, the file holds what was
// written, and the journal stays writable and readable throughout; stopped with the journal.
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer, type CheckpointPass } from '../../../src-main/journal/checkpointer';
import { openJournal } from '../../../src-main/journal/journal';
import { makeJob, makeRows, openTemp, removeDir } from './helpers';

let dir: string | undefined;
afterEach(() => {
  if (dir) removeDir(dir);
  dir = undefined;
});

async function until<T>(what: string, get: () => T, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = get();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} did not happen`);
}

describe('checkpoints in a thread of their own', () => {
  it('copy the log into the file while the journal is written, and end with the journal', async () => {
    const t = openTemp();
    dir = t.dir;
    const job = makeJob(t.journal);
    const passes: CheckpointPass[] = [];
    const checkpointer = startCheckpointer(t.file, { everyMs: 20, onPass: (p) => passes.push(p) });
    const sizeBefore = fs.statSync(t.file).size;
    // Writes go on while the thread copies: several batches, the loop free between them.
    for (let i = 0; i < 10; i++) {
      t.journal.addRows(job.id, makeRows(500, 'valid', 2 + i * 500));
      await new Promise((r) => setImmediate(r));
    }
    const copied = await until(
      'a pass that copied every frame of the log',
      () => passes.at(-1),
      (p) => p !== undefined && p.frames > 0 && p.copied === p.frames,
    );
    expect(copied!.frames).toBeGreaterThan(0);
    // The rows are in the database file itself now, not only in its log.
    expect(fs.statSync(t.file).size).toBeGreaterThan(sizeBefore);
    expect(t.journal.counts(job.id).valid).toBe(5_000);
    // The thread has closed its connection before the file is touched from outside.
    await checkpointer.stop();
    t.journal.close();
    // Reopened without the log: every row is there.
    fs.rmSync(`${t.file}-wal`, { force: true });
    fs.rmSync(`${t.file}-shm`, { force: true });
    const again = openJournal({ path: t.file });
    expect(again.counts(job.id).valid).toBe(5_000);
    again.close();
  });

  it('copies a long log to its end holding the write lock, and the next commit starts it over', async () => {
    const t = openTemp();
    dir = t.dir;
    const job = makeJob(t.journal);
    const passes: CheckpointPass[] = [];
    // 256 frames of 1 KB: a log the writes below pass many times over.
    const checkpointer = startCheckpointer(t.file, {
      everyMs: 20,
      restartAtBytes: 256 * 1024,
      onPass: (p) => passes.push(p),
    });
    for (let i = 0; i < 10; i++) {
      t.journal.addRows(job.id, makeRows(500, 'valid', 2 + i * 500));
      await new Promise((r) => setImmediate(r));
    }
    const long = await until(
      'a pass over the long log holding the lock',
      () => passes.at(-1),
      (p) => p !== undefined && p.restarts > 0 && p.frames >= 256 && p.copied === p.frames,
    );
    // The services' next commit writes the log from its beginning: it stays short.
    t.journal.addRows(job.id, makeRows(1, 'valid', 10_002));
    // A pass that was under way in the checkpointer's thread during that commit may still report
    // the long log; a later pass sees the log started over.
    const seen = passes.length;
    const after = await until(
      'a pass after the next commit that sees the log started over',
      () => (passes.length > seen ? passes.at(-1) : undefined),
      (p) => p !== undefined && p.frames < long!.frames,
    );
    expect(after!.frames).toBeLessThan(256);
    expect(t.journal.counts(job.id).valid).toBe(5_001);
    await checkpointer.stop();
    t.journal.close();
  });

  it('is started and stopped with a journal opened for it', async () => {
    const t = openTemp();
    dir = t.dir;
    t.journal.close();
    const journal = openJournal({ path: t.file, checkpointInBackground: true });
    expect(journal.checkpointer).toBeDefined();
    await journal.closeFully();
    expect(() => journal.counts('x')).toThrow();
  });

  it('closed fully, has ended before the file is removed: no error line on a normal end', async () => {
    const t = openTemp();
    t.journal.close();
    const journal = openJournal({ path: t.file, checkpointInBackground: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A dry run removes its temporary journal as soon as the services are closed.
      await journal.closeFully();
      removeDir(t.dir);
      await new Promise((r) => setTimeout(r, 500));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
