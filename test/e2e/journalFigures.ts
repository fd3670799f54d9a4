// A job's figures as the journal holds them, read from its file by a reader of its own (a second
// SQLite connection, never the app's code): what the screens show is compared with these. Each
// row's outcome is worked out here in SQL from its own columns, apart from src-shared/tally.ts,
// so that a rule the app gets wrong shows as a disagreement.
import Database from 'better-sqlite3';
import path from 'node:path';
import { ROW_STATE_GROUP, type RowState, type RowStateGroup } from '../../src-shared/rowStates';

export interface JournalFigures {
  total: number;
  /** Rows per state. */
  states: Record<string, number>;
  /** Rows per outcome (done, findings, platform, review, to_fix, left_out, not_sent,
   *  in_progress, waiting), each row once. */
  outcomes: Record<string, number>;
  groups: Record<RowStateGroup, number>;
  /** Finished (done) rows per screening and per validation status. */
  screening: Record<string, number>;
  validation: Record<string, number>;
  /** Rows per validation problem kind (`problem:<code>|<field>`) of the invalid rows. */
  kinds: Record<string, number>;
}

/** The states a screen counts by outcome, not by step. */
export const ENDED_STATES = ['done', 'skipped', 'cancelled'];

/**
 * What each row came to, from the columns the journal keeps for it:
 * - a finished row whose screening found something: findings to review (also where its
 *   validation was rejected); else one whose validation was rejected or whose screening was
 *   stopped: the platform's answer needs the user (platform); one with a status the API's notes
 *   do not list: review;
 * - a finished row that changed nothing (supplier not found) or attached an id that is another
 *   supplier's: to fix;
 * - otherwise done, skipped by choice (left out), cancelled (not sent); any other state is on
 *   its way or waiting for the user, by its state's group.
 */
const OUTCOME_CASE = `
  CASE
    WHEN state = 'done' AND screening_status = 'Finished' THEN 'findings'
    WHEN state = 'done' AND (validation_status = 'REJECTED' OR screening_status = 'Aborted')
      THEN 'platform'
    WHEN state = 'done' AND (
         validation_status NOT IN ('OnCreate', 'PENDING', 'COMPLETED', 'REJECTED')
      OR screening_status NOT IN ('OnCreate', 'New', 'Finished', 'NoFindings', 'Aborted', 'Skipped'))
      THEN 'review'
    WHEN state IN ('done', 'skipped') AND op_result = 'not_found' THEN 'to_fix'
    WHEN state = 'done' AND EXISTS (SELECT 1 FROM json_each(rows.identifiers) i
                                     WHERE i.value ->> '$.result' = 'other') THEN 'to_fix'
    WHEN state = 'done' THEN 'done'
    WHEN state = 'skipped' THEN 'left_out'
    WHEN state = 'cancelled' THEN 'not_sent'
    ELSE 'state:' || state
  END`;
const OUTCOME_SQL = `SELECT ${OUTCOME_CASE} AS outcome, count(*) AS n
  FROM rows WHERE job_id = ? GROUP BY 1`;

/** A row on its way or waiting for the user is counted by its state's group. */
const outcomeOf = (sql: string): string =>
  sql.startsWith('state:') ? ROW_STATE_GROUP[sql.slice(6) as RowState] : sql;

/** The group each outcome counts in: findings and the platform's answers need the user. */
function groupOf(outcome: string): RowStateGroup {
  if (['done', 'left_out', 'not_sent'].includes(outcome)) return 'finished';
  if (['findings', 'platform', 'review'].includes(outcome)) return 'to_fix';
  return outcome as RowStateGroup;
}

function open(dataDir: string): Database.Database {
  return new Database(path.join(dataDir, 'journal.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
}

/** The source rows of the job in each group, in order, as the journal's rows say. */
export function journalGroupRows(
  dataDir: string,
  jobName: string,
): Record<RowStateGroup, number[]> {
  const db = open(dataDir);
  try {
    const out: Record<RowStateGroup, number[]> = {
      to_fix: [],
      waiting: [],
      in_progress: [],
      finished: [],
    };
    const rows = db
      .prepare(
        `SELECT ${OUTCOME_CASE} AS outcome, source_row AS sourceRow FROM rows
          WHERE job_id = (SELECT id FROM jobs WHERE name = ?) ORDER BY source_row`,
      )
      .all(jobName) as Array<{ outcome: string; sourceRow: number }>;
    for (const r of rows) out[groupOf(outcomeOf(r.outcome))].push(r.sourceRow);
    return out;
  } finally {
    db.close();
  }
}

/** The figures of the job named `jobName` in the journal of the data folder `dataDir`. */
export function journalFigures(dataDir: string, jobName: string): JournalFigures {
  const db = open(dataDir);
  try {
    const job = db.prepare('SELECT id FROM jobs WHERE name = ?').get(jobName) as
      { id: string } | undefined;
    if (!job) throw new Error(`no job "${jobName}" in the journal`);
    const pairs = (sql: string) =>
      Object.fromEntries(
        (db.prepare(sql).all(job.id) as Array<{ k: string; n: number }>).map((r) => [r.k, r.n]),
      );
    const states = pairs('SELECT state AS k, count(*) AS n FROM rows WHERE job_id = ? GROUP BY 1');
    const outcomes: Record<string, number> = {};
    const groups: Record<RowStateGroup, number> = {
      to_fix: 0,
      waiting: 0,
      in_progress: 0,
      finished: 0,
    };
    for (const r of db.prepare(OUTCOME_SQL).all(job.id) as Array<{ outcome: string; n: number }>) {
      const outcome = outcomeOf(r.outcome);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + r.n;
      groups[groupOf(outcome)] += r.n;
    }
    const screening = pairs(
      `SELECT screening_status AS k, count(*) AS n FROM rows
        WHERE job_id = ? AND state = 'done' AND screening_status IS NOT NULL GROUP BY 1`,
    );
    const validation = pairs(
      `SELECT validation_status AS k, count(*) AS n FROM rows
        WHERE job_id = ? AND state = 'done' AND validation_status IS NOT NULL GROUP BY 1`,
    );
    const kinds = Object.fromEntries(
      (
        db
          .prepare(
            `SELECT p.value ->> '$.code' AS code, p.value ->> '$.field' AS field,
                    count(DISTINCT rows.id) AS n
               FROM rows, json_each(rows.problems) p
              WHERE rows.job_id = ? AND rows.state = 'invalid' GROUP BY 1, 2`,
          )
          .all(job.id) as Array<{ code: string | null; field: string | null; n: number }>
      ).map((k) => [`problem:${k.code ?? ''}|${k.field ?? ''}`, k.n]),
    );
    const total = Object.values(states).reduce((a, b) => a + b, 0);
    return { total, states, outcomes, groups, screening, validation, kinds };
  } finally {
    db.close();
  }
}

/** The rows on their way, by state: every state a screen counts by step. */
export function onTheirWay(states: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(states).filter(([s]) => !ENDED_STATES.includes(s)));
}

/** Every key of two counts whose numbers differ, as "what: screen n, journal m". */
export function differences(
  what: string,
  shown: Record<string, number>,
  held: Record<string, number>,
): string[] {
  const keys = new Set([...Object.keys(shown), ...Object.keys(held)]);
  return [...keys]
    .filter((k) => (shown[k] ?? 0) !== (held[k] ?? 0))
    .map((k) => `${what} ${k}: screen ${shown[k] ?? 0}, journal ${held[k] ?? 0}`);
}
