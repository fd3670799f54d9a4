// The journal's disk fills up mid-run. Made real with SQLite's own limit: `PRAGMA
// max_page_count` at the journal's current size makes every write that needs a new page fail
// with SQLITE_FULL, exactly as a full disk does (whichever write comes first: a send's record in
// the limiter's log, an intent, an outcome). Works without root and on every OS; the command
// line test (test/main/cli/diskFull.test.ts) fills a real small file system instead.
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { duplicates, makeRig, supplierRows, until, type Rig } from './support';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** The journal's own connection (max_page_count is a setting of the connection). */
function sqliteOf(rig: Rig): BetterSqlite3.Database {
  return (rig.journal as unknown as { sqlite: BetterSqlite3.Database }).sqlite;
}

it('a full disk pauses the job with a sentence naming the folder; once freed, the job finishes with every supplier created once', async () => {
  rig = await makeRig({
    limits: { GET: [{ limit: 100, windowSeconds: 1 }], WRITE: [{ limit: 20, windowSeconds: 1 }] },
  });
  const ROWS = 40;
  const jobId = rig.newJob(supplierRows(ROWS));
  const db = sqliteOf(rig);
  const running = rig.engine.run(jobId);
  await until(() => rig!.sandbox.stats().createRequestsAccepted >= 5, 'a few creates sent');
  db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);

  expect(await running).toBe('disk_full');
  const warning = rig.events.find((e) => e.type === 'warning' && e.code === 'disk_full');
  expect(warning).toBeDefined();
  const message = (warning as { message: string }).message;
  expect(message).toContain(rig.dir);
  expect(message).toMatch(/disk is full/i);
  expect(message).toMatch(/free some space/i);
  expect(message).toMatch(/resume/i);
  // Not a row failure: no row was marked failed or handed to the user for it.
  const counts = rig.journal.counts(jobId);
  expect(counts.needs_user + counts.rejected + counts.vanished + counts.invalid).toBe(0);
  expect(rig.sandbox.stats().createRequestsAccepted).toBeLessThan(ROWS);

  // Still full: a second run stops the same way, before sending anything.
  const sentBefore = rig.sandbox.stats().requests.WRITE;
  expect(await rig.engine.run(jobId)).toBe('disk_full');
  expect(rig.sandbox.stats().requests.WRITE).toBe(sentBefore);

  // Space freed: the run finishes, and nothing was created twice.
  db.pragma('max_page_count = 1073741823');
  expect(await rig.engine.run(jobId)).toBe('finished');
  expect(rig.journal.counts(jobId).done).toBe(ROWS);
  expect(rig.sandbox.stats().suppliers).toBe(ROWS);
  expect(duplicates(rig.sandbox)).toEqual([]);
  expect(rig.journal.getJob(jobId)?.state).toBe('finished');
}, 60_000);
