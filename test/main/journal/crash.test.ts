// A crash between journal writes: a child process writes, is killed with SIGKILL before its
// next write, and the reopened journal must hold exactly what was committed. (SIGKILL proves
// the commits reached the OS; surviving a power cut rests on synchronous=FULL, checked in
// journal.test.ts, which makes SQLite fsync every commit.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { builtChild } from '../../children';
import { makeJob, makeRows, removeDir, tempDir } from './helpers';

const CHILD = fileURLToPath(new URL('./crashChild.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the child until it reports, kills it, and returns the row ids it marked. */
async function runAndKill(file: string, jobId: string, stopAfter: 'intent' | 'outcome') {
  const child = spawn(process.execPath, [await builtChild(CHILD), file, jobId, stopAfter], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const marked = await new Promise<number[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\[.*\])\n/.exec(out);
      if (m) resolve(JSON.parse(m[1]!) as number[]);
    });
    void exited.then((how) => reject(new Error(`child ended (${String(how)}): ${stderr}`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return marked;
}

describe('a crash between journal writes', () => {
  let dir: string;
  afterEach(() => removeDir(dir));

  function prepare() {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    const journal = openJournal({ path: file });
    const job = makeJob(journal);
    journal.addRows(job.id, makeRows(5));
    journal.moveRows(job.id, 'valid', 'queued');
    journal.close();
    return { file, jobId: job.id };
  }

  it('keeps the intent written before the kill and finds the rows in doubt', async () => {
    const { file, jobId } = prepare();
    const marked = await runAndKill(file, jobId, 'intent');
    expect(marked).toHaveLength(3);
    // Killed, not closed: the commits are in the WAL file, recovered on open.
    expect(fs.existsSync(`${file}-wal`)).toBe(true);

    const journal = openJournal({ path: file });
    try {
      expect(journal.rowsInDoubt().map((r) => [r.id, r.state, r.attempts])).toEqual(
        marked.map((id) => [id, 'sending', 1]),
      );
      const counts = journal.counts(jobId);
      expect([counts.sending, counts.queued, counts.accepted]).toEqual([3, 2, 0]);
      for (const id of marked) {
        expect(journal.rowEvents(id).map((e) => e.kind)).toEqual(['transition', 'request']);
      }
    } finally {
      journal.close();
    }
  });

  it('keeps an outcome written before the kill, and nothing of the write after it', async () => {
    const { file, jobId } = prepare();
    const [first, ...others] = await runAndKill(file, jobId, 'outcome');

    const journal = openJournal({ path: file });
    try {
      expect(journal.getRow(first!)).toMatchObject({
        state: 'accepted',
        creationUuid: 'uuid-first',
      });
      expect(journal.rowEvents(first!).map((e) => e.kind)).toEqual([
        'transition',
        'request',
        'response', // the answer and the move it made, one event
      ]);
      expect(journal.rowsInDoubt(jobId).map((r) => r.id)).toEqual(others);
      for (const id of others) {
        expect(journal.rowEvents(id).map((e) => e.kind)).toEqual(['transition', 'request']);
      }
    } finally {
      journal.close();
    }
  });
});
