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
import { DUE_STATES_SQL, LISTED_STATES_SQL } from '../../../src-main/journal/schema';
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
});
