// Every fixed query of the journal's areas, prepared against a real journal. SQLite plans a
// query when it is prepared, and refuses one that names a partial index (INDEXED BY) without
// repeating the index's condition ("no query solution"): a query that forgot it fails here, not
// at the first run of the engine.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SQL } from '../../../src-main/journal/events';
import { PAGE_SQL, pageDoneSql } from '../../../src-main/journal/rowsPage';
import { dueSql, ROW_READ_SQL } from '../../../src-main/journal/rowsRead';
import { ROW_WRITE_SQL } from '../../../src-main/journal/rowsWrite';
import { ROW_STATES } from '../../../src-main/journal/rowStates';
import { DUE_STATES_SQL, JOB_NOTES_SQL, LISTED_STATES_SQL } from '../../../src-main/journal/schema';
import { SEND_LOG_SQL } from '../../../src-main/journal/sendLog';
import { makeJob, makeRows, openTemp, removeDir } from './helpers';

/** Every query with its name. */
function allQueries(): Array<[string, string]> {
  const fixed = { ...ROW_READ_SQL, ...PAGE_SQL, ...ROW_WRITE_SQL, ...EVENT_SQL, ...SEND_LOG_SQL };
  const out: Array<[string, string]> = Object.entries(fixed);
  for (const state of ROW_STATES) {
    for (const kind of ['due', 'after', 'next'] as const) {
      out.push([`${kind}:${state}`, dueSql(kind, state)]);
    }
  }
  const filters = [
    { attention: true },
    { attention: false },
    { stage: 'screening', status: 'completed' },
    { stage: 'validation', status: 'valid' },
  ] as const;
  for (const f of filters) out.push([`pageDone:${JSON.stringify(f)}`, pageDoneSql(f).sql]);
  return out;
}

/** The condition a query naming this index must repeat. */
const CONDITIONS: Record<string, string> = {
  rows_due_idx: DUE_STATES_SQL,
  rows_state_source_row_idx: LISTED_STATES_SQL,
  row_events_job_notes_idx: JOB_NOTES_SQL,
};

describe('the journal’s queries', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;

  beforeEach(() => {
    const t = openTemp();
    dir = t.dir;
    file = t.file;
    const job = makeJob(t.journal);
    t.journal.addRows(job.id, makeRows(20));
    t.journal.close();
    db = new Database(file, { readonly: true });
  });

  afterEach(() => {
    db.close();
    removeDir(dir);
  });

  it('prepares every one of them against a real journal', () => {
    const failed: string[] = [];
    for (const [name, sql] of allQueries()) {
      try {
        db.prepare(sql);
      } catch (e) {
        failed.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it('repeats a partial index’s condition wherever a query names the index', () => {
    for (const [name, sql] of allQueries()) {
      for (const m of sql.matchAll(/INDEXED BY (\w+)/g)) {
        const condition = CONDITIONS[m[1]!];
        if (condition) expect(sql, name).toContain(condition);
      }
    }
  });

  it('fails a query that names a partial index without its condition', () => {
    expect(() =>
      db.prepare(
        `SELECT id FROM rows INDEXED BY rows_due_idx WHERE job_id = ? AND state = 'queued'`,
      ),
    ).toThrow(/no query solution/);
  });

  it('reads the due rows of a waiting state through the due index', () => {
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${dueSql('due', 'queued')}`)
      .all('job', 0, 10) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/rows_due_idx/);
  });

  it('finds a job’s last check past the notes of its bulk fixes, in the job’s own range', () => {
    db.close();
    const t = openTemp();
    const job = makeJob(t.journal);
    const other = makeJob(t.journal);
    t.journal.appendEvents([
      { jobId: job.id, rowId: null, kind: 'note', detail: { check: { new: 1 } } },
    ]);
    // A bulk fix writes a note per slice of its rows; another job notes a check of its own.
    t.journal.appendEvents(
      Array.from({ length: 2_000 }, (_, i) => ({
        jobId: job.id,
        rowId: null,
        kind: 'note' as const,
        detail: i === 0 ? { fixBatch: { rows: 10 } } : { fixBatchPart: { batch: 1, rows: 10 } },
      })),
    );
    t.journal.appendEvents([
      { jobId: job.id, rowId: null, kind: 'note', detail: { fixUndo: 1 } },
      { jobId: other.id, rowId: null, kind: 'note', detail: { check: { new: 2 } } },
    ]);
    expect(t.journal.lastJobNote(job.id, 'check')?.detail).toEqual({ check: { new: 1 } });
    expect(t.journal.lastJobNote(other.id, 'check')?.detail).toEqual({ check: { new: 2 } });
    expect(t.journal.lastJobNote(job.id, 'plan')).toBeNull();
    t.journal.close();
    db = new Database(t.file, { readonly: true });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${EVENT_SQL.lastJobNote}`)
      .all(job.id, '$.check') as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/row_events_job_notes_idx \(job_id=\?\)/);
    // The index holds the job's own notes only: neither the fixes' nor the rows' events.
    const held = db
      .prepare(
        `SELECT count(*) AS n FROM row_events INDEXED BY row_events_job_notes_idx
        WHERE ${JOB_NOTES_SQL} AND job_id = ?`,
      )
      .get(job.id) as { n: number };
    expect(held.n).toBe(1);
    db.close();
    removeDir(t.dir);
    db = new Database(file, { readonly: true });
  });
});
