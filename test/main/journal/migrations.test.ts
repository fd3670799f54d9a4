import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-shared/errors';
import { openJournal } from '../../../src-main/journal/journal';
import {
  applyMigrations,
  DEFAULT_MIGRATIONS_DIR,
  findMigrationsDir,
  migrationsDirCandidates,
} from '../../../src-main/journal/migrate';
import { FakeClock } from '../../../src-main/util/clock';
import { addMigration, copyMigrations, makeJob, makeRows, removeDir, tempDir } from './helpers';

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function tables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (
      db
        .prepare(`SELECT name FROM sqlite_schema WHERE type IN ('table', 'trigger') ORDER BY name`)
        .all() as Array<{ name: string }>
    ).map((r) => r.name);
  } finally {
    db.close();
  }
}

function caught(fn: () => unknown): AppFailure {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected an AppFailure');
}

describe('journal migrations', () => {
  let dir: string;
  afterEach(() => removeDir(dir));

  it('creates every table on a fresh file, in WAL mode, without a backup', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    const journal = openJournal({ path: file, clock: new FakeClock() });
    expect(journal.migration).toEqual({ applied: 20, backupPath: null });
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    journal.close();
    expect(tables(file)).toEqual(
      expect.arrayContaining([
        'connections',
        'jobs',
        'rows',
        'row_events',
        'send_log',
        'mapping_templates',
        'settings',
        'job_row_counts',
        'rows_count_update',
        'row_events_no_update',
        'row_events_no_delete',
      ]),
    );
    expect(fs.readdirSync(dir).filter((f) => f.includes('.backup-'))).toEqual([]);
  });

  it('opens an up-to-date file without migrating or backing up', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    openJournal({ path: file }).close();
    const again = openJournal({ path: file });
    expect(again.migration).toEqual({ applied: 0, backupPath: null });
    again.close();
  });

  it('backs up an existing file before applying a pending migration, and keeps its data', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    const clock = new FakeClock();
    // An older app version: only the first migration, and its rows written as it wrote them
    // (today's journal code expects today's columns).
    const raw = new Database(file);
    raw.pragma('journal_mode = WAL');
    expect(applyMigrations(raw, file, copyMigrations(dir, 1), clock.now()).applied).toBe(1);
    raw.close();
    const jobId = 'old-job';
    const db = new Database(file);
    db.prepare(
      `INSERT INTO connections (id, name, base_url, limits, is_sandbox, created_at)
       VALUES ('c', 'c', 'http://127.0.0.1:1', '{}', 0, 0)`,
    ).run();
    db.prepare(
      `INSERT INTO jobs (id, name, connection_id, source_path, source_hash, header_row, headers,
         mapping, options, state, created_at, updated_at)
       VALUES (?, 'old', 'c', 'x.xlsx', 'h', 1, '[]', '{}', '{}', 'ready', 0, 0)`,
    ).run(jobId);
    const insert = db.prepare(
      `INSERT INTO rows (job_id, source_row, cells, state, creation_uuid, updated_at)
       VALUES (?, ?, '[]', 'valid', ?, 0)`,
    );
    for (const r of makeRows(30)) insert.run(jobId, r.sourceRow, r.sourceRow === 2 ? 'u-1' : null);
    db.prepare(
      `INSERT INTO row_events (job_id, row_id, at, kind, detail)
       VALUES (?, 1, 5, 'note', '{"old":true}')`,
    ).run(jobId);
    db.close();
    expect(tables(file)).not.toContain('rows_count_update');

    const current = openJournal({ path: file, clock });
    expect(current.migration.applied).toBe(19);
    // The event log was copied without AUTOINCREMENT: the old event is there, new ones follow
    // it, and it is still append-only.
    expect(current.rowEvents(1).map((e) => e.detail)).toEqual([{ old: true }]);
    current.appendEvents([{ jobId, rowId: 1, kind: 'note', detail: { new: true } }]);
    expect(current.rowEvents(1).map((e) => e.id)).toEqual([1, 2]);
    const check = new Database(file);
    expect(() => check.prepare(`UPDATE row_events SET kind = 'x'`).run()).toThrow(/append-only/);
    expect(() => check.prepare(`DELETE FROM row_events`).run()).toThrow(/append-only/);
    expect(
      check
        .prepare(`SELECT name FROM sqlite_sequence WHERE name IN ('row_events', 'send_log')`)
        .all(),
    ).toEqual([]);
    check.close();
    // The due index is partial now; the engine's due query still finds the rows.
    expect(current.takeDue(jobId, ['valid'], 0, 100)).toHaveLength(30);
    const job = { id: jobId };
    // A connection from before the field-name setting keeps its data and gets the default.
    expect(current.getConnection('c')).toMatchObject({
      name: 'c',
      baseUrl: 'http://127.0.0.1:1',
      fieldNames: 'city-address',
      // And the identifier types setting's defaults.
      identifierTypes: { CUSTOMER_ID: 'CUSTOMER_ID', OWN_ID: 'OWN_ID' },
    });
    // A creation UUID said "created by this job" before the column did.
    expect(current.pageRows(jobId).rows.filter((r) => r.createdByJob)).toHaveLength(1);
    const backup = current.migration.backupPath;
    expect(backup).toBe(`${file}.backup-2026-01-15T10-30-00-000Z`);
    expect(fs.existsSync(backup!)).toBe(true);
    // The new migration counted the rows that were there before it.
    expect(current.counts(job.id).valid).toBe(30);
    current.close();

    // The backup is the old journal: old schema, same data.
    expect(tables(backup!)).not.toContain('rows_count_update');
    const copy = new Database(backup!, { readonly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM rows').get()).toEqual({ n: 30 });
    copy.close();
  });

  it('keys a journal’s row events by their row, keeping every event, its job and its order', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    const clock = new FakeClock();
    // The journal as the previous version left it: every event with its job's id.
    const oldMigrations = copyMigrations(dir, 9);
    openJournal({ path: file, clock, migrationsDir: oldMigrations }).close();
    // Its connection and jobs as that version wrote them (today's connection has columns the
    // old schema lacks).
    const raw = new Database(file);
    raw
      .prepare(
        `INSERT INTO connections (id, name, base_url, limits, is_sandbox, created_at)
         VALUES ('c', 'c', 'http://127.0.0.1:1', '{}', 1, 0)`,
      )
      .run();
    const oldJob = raw.prepare(
      `INSERT INTO jobs (id, name, connection_id, source_path, source_hash, header_row, headers,
         mapping, options, state, created_at, updated_at)
       VALUES (?, 'old', 'c', 'x.xlsx', 'h', 1, '[]', '{}', '{}', 'ready', 0, 0)`,
    );
    const job = { id: 'job-1' };
    const other = { id: 'job-2' };
    oldJob.run(job.id);
    oldJob.run(other.id);
    raw.close();
    const old = openJournal({ path: file, clock, migrationsDir: oldMigrations });
    old.addRows(job.id, makeRows(30));
    old.addRows(other.id, makeRows(5));
    old.close();
    const db = new Database(file);
    const rowIds = (
      db.prepare('SELECT id FROM rows WHERE job_id = ? ORDER BY id').all(job.id) as Array<{
        id: number;
      }>
    ).map((r) => r.id);
    const otherRow = (
      db.prepare('SELECT id FROM rows WHERE job_id = ?').get(other.id) as { id: number }
    ).id;
    // Rows tracked on the platform, which the state index no longer holds.
    db.prepare(`UPDATE rows SET state = 'accepted' WHERE id IN (?, ?)`).run(rowIds[3], rowIds[7]);
    // A row the user fixed: its last change (at 7) is the best known time of the edit.
    db.prepare(`UPDATE rows SET user_edits = '{"name":"x"}', updated_at = 7 WHERE id = ?`).run(
      rowIds[5],
    );
    const insert = db.prepare(
      `INSERT INTO row_events (job_id, row_id, at, kind, detail) VALUES (?, ?, ?, ?, ?)`,
    );
    insert.run(job.id, rowIds[0], 1, 'request', '{"attempt":1}');
    insert.run(other.id, otherRow, 2, 'transition', '{"from":"valid","to":"queued"}');
    insert.run(job.id, null, 3, 'note', '{"check":{"n":30}}');
    insert.run(job.id, rowIds[0], 4, 'response', '{"status":202}');
    db.close();

    const current = openJournal({ path: file, clock });
    expect(current.migration.applied).toBe(11);
    expect(current.jobEvents(job.id).map((e) => [e.id, e.jobId, e.rowId, e.kind])).toEqual([
      [1, job.id, rowIds[0], 'request'],
      [3, job.id, null, 'note'],
      [4, job.id, rowIds[0], 'response'],
    ]);
    expect(current.jobEvents(other.id).map((e) => [e.id, e.jobId, e.rowId])).toEqual([
      [2, other.id, otherRow],
    ]);
    expect(current.rowEvents(rowIds[0]!).map((e) => [e.jobId, e.detail])).toEqual([
      [job.id, { attempt: 1 }],
      [job.id, { status: 202 }],
    ]);
    expect(current.lastJobNote(job.id, 'check')?.detail).toEqual({ check: { n: 30 } });
    // The fixed row's edit time, read through the edit index: a grouping begun at 7 or before is
    // stale, one begun after it not.
    expect([current.fixedSince(job.id, 7), current.fixedSince(job.id, 8)]).toEqual([true, false]);
    expect([current.fixedSince(other.id, 0)]).toEqual([false]);
    // New events follow the old ones; a row's keeps no job id, a job-level one keeps it.
    current.appendEvents([
      { jobId: job.id, rowId: rowIds[1]!, kind: 'note', detail: { new: true } },
      { jobId: job.id, rowId: null, kind: 'note', detail: { job: true } },
    ]);
    expect(current.jobEvents(job.id).map((e) => e.id)).toEqual([1, 3, 4, 5, 6]);
    const check = new Database(file);
    expect(check.prepare('SELECT id, job_id AS jobId FROM row_events ORDER BY id').all()).toEqual([
      { id: 1, jobId: null },
      { id: 2, jobId: null },
      { id: 3, jobId: job.id },
      { id: 4, jobId: null },
      { id: 5, jobId: null },
      { id: 6, jobId: job.id },
    ]);
    // Still append-only, a row's events as well as the job's.
    expect(() => check.prepare(`UPDATE row_events SET kind = 'x'`).run()).toThrow(/append-only/);
    expect(() => check.prepare(`DELETE FROM row_events WHERE id = 1`).run()).toThrow(/append-only/);
    expect(() => check.prepare(`DELETE FROM row_events WHERE id = 3`).run()).toThrow(/append-only/);
    check.close();
    // The filter on a state the index left out finds its rows by scanning.
    expect(current.pageRows(job.id, { states: ['accepted'] }).rows.map((r) => r.id)).toEqual([
      rowIds[3],
      rowIds[7],
    ]);
    // Deleting a job takes its rows' events and its own with it, and leaves the other job's.
    expect(current.deleteJob(job.id)).toEqual({ rows: 30, events: 5 });
    expect(current.jobEvents(other.id)).toHaveLength(1);
    current.close();
  });

  it('leaves the file untouched when a migration fails, keeps the backup, and says so', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    const first = openJournal({ path: file });
    const job = makeJob(first);
    first.addRows(job.id, makeRows(10));
    first.close();
    const before = sha(file);
    const tablesBefore = tables(file);

    const migrations = copyMigrations(dir);
    addMigration(
      migrations,
      '0099_broken',
      'CREATE TABLE `half_done` (`x` integer);\n--> statement-breakpoint\nINSERT INTO `no_such_table` VALUES (1);\n',
    );
    const failure = caught(() => openJournal({ path: file, migrationsDir: migrations }));
    expect(failure.error.code).toBe('internal');
    expect(failure.error.details?.code).toBe('journal_migration_failed');
    expect(failure.error.message).toMatch(/left as it was/);
    const backupPath = failure.error.details?.backupPath as string;
    expect(fs.existsSync(backupPath)).toBe(true);

    expect(sha(file)).toBe(before);
    expect(tables(file)).toEqual(tablesBefore);
    expect(tables(file)).not.toContain('half_done');

    // The app's own migrations still open it, data intact.
    const again = openJournal({ path: file });
    expect(again.migration.applied).toBe(0);
    expect(again.counts(job.id).valid).toBe(10);
    again.close();
  });

  it('refuses a journal written by a newer app version, without changing it', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    const migrations = copyMigrations(dir);
    addMigration(migrations, '0099_future', 'CREATE TABLE `future` (`x` integer);\n');
    openJournal({ path: file, migrationsDir: migrations }).close();
    const before = sha(file);
    const failure = caught(() => openJournal({ path: file }));
    expect(failure.error.details?.code).toBe('journal_migration_failed');
    expect(failure.error.message).toMatch(/newer version/);
    expect(sha(file)).toBe(before);
  });

  it('finds its migrations from source, from the bundle and from packaged resources', () => {
    dir = tempDir();
    const [source, bundled, packaged] = migrationsDirCandidates(
      'file:///app/out/main/index.js',
      '/app/resources',
    );
    expect([source, bundled, packaged]).toEqual([
      path.resolve('/app/out/main/migrations'),
      path.resolve('/app/src-main/journal/migrations'),
      path.join('/app/resources', 'migrations'),
    ]);
    const copy = copyMigrations(dir);
    expect(findMigrationsDir([path.join(dir, 'none'), copy])).toBe(copy);
    expect(findMigrationsDir([path.join(dir, 'none')])).toBe(path.join(dir, 'none'));
    expect(fs.existsSync(path.join(DEFAULT_MIGRATIONS_DIR, 'meta', '_journal.json'))).toBe(true);
  });

  it('creates the data folder of a first run', () => {
    dir = tempDir();
    const file = path.join(dir, 'new', 'folder', 'journal.sqlite');
    openJournal({ path: file }).close();
    expect(fs.existsSync(file)).toBe(true);
  });

  it('says so when the migration files are missing', () => {
    dir = tempDir();
    const failure = caught(() =>
      openJournal({ path: path.join(dir, 'j.sqlite'), migrationsDir: path.join(dir, 'nowhere') }),
    );
    expect(failure.error.details?.code).toBe('journal_migration_failed');
    expect(failure.error.message).toMatch(/Reinstall/);
  });

  it('rejects a file that is not a journal, and leaves it as it was', () => {
    dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    fs.writeFileSync(file, 'this is a spreadsheet, not a database '.repeat(200));
    const before = sha(file);
    const failure = caught(() => openJournal({ path: file }));
    expect(failure.error.code).toBe('internal');
    expect(failure.error.message).toMatch(/damaged or is not a journal/);
    expect(sha(file)).toBe(before);
  });
});
