// What the journal knows of rows matched to a supplier, and of suppliers across jobs, named by
// no kind: the kinds call these with their own states, own outcomes and payload fields
// (kinds/types.ts `targetStates`, `targetFilter`, `endsSupplier`).
import type { ReadHandle } from './handle';
import type { RowState } from './rowStates';

export interface FinishedBefore {
  /** Rows of the job whose supplier (by supplier id and source) the other job's rows ended. */
  rows: number;
  /** When the other job ended the last of them (its row's last change). */
  at: number;
  /** A few of the identities, as their keys, in the order of the file. */
  examples: string[];
}

/** Another job's finished rows of one own outcome, and the job its rows were made from (row
 *  for row, by their place in the file), whose identities stand in for a row without its own. */
export interface FinishedBy {
  jobId: string;
  opResult: string;
  madeFrom: string | null;
}

/**
 * Rows of `jobId` in `states` whose supplier a row of `other.jobId` finished with the own
 * outcome `other.opResult`; null when none. That supplier's identity (supplier id and source, as
 * an onboarding keys its rows) is the other row's own supplier id when its file had one (a base
 * export's rows name the platform id and the supplier id), else the identity of the row of
 * `other.madeFrom` it was made from (the same row of the file). Every lookup goes through an
 * index: the other job's finished rows, the made-from job's row by its number, this job's rows
 * by identity.
 */
export function identitiesFinishedIn(
  h: ReadHandle,
  jobId: string,
  states: readonly RowState[],
  other: FinishedBy,
): FinishedBefore | null {
  if (!states.length) return null;
  const mine = states.map(() => '?').join(', ');
  const found = h.sqlite
    .prepare(
      `WITH gone AS (
         SELECT coalesce(
                  CASE WHEN trim(d.payload ->> '$.supplierId.id') <> ''
                       THEN trim(d.payload ->> '$.supplierId.id') || char(31) ||
                            trim(coalesce(d.payload ->> '$.supplierId.source', '')) END,
                  (SELECT u.identity_key FROM rows u
                    WHERE u.job_id = @madeFrom AND u.source_row = d.source_row)) AS identityKey,
                max(d.updated_at) AS at
           FROM rows d
          WHERE d.job_id = @other AND d.state = 'done' AND d.op_result = @result
          GROUP BY 1)
       SELECT r.identity_key AS identityKey, gone.at AS at
         FROM gone JOIN rows r ON r.job_id = @job AND r.identity_key = gone.identityKey
        WHERE gone.identityKey IS NOT NULL AND r.state IN (${mine})
        ORDER BY r.source_row`,
    )
    .all(
      { other: other.jobId, result: other.opResult, madeFrom: other.madeFrom, job: jobId },
      ...states,
    ) as Array<{ identityKey: string; at: number }>;
  if (!found.length) return null;
  return {
    rows: found.length,
    at: Math.max(...found.map((f) => f.at)),
    examples: found.slice(0, 3).map((f) => f.identityKey),
  };
}

/** A row matched by the check to one supplier, as the platform answered (name and place), with
 *  its payload: what the row's kind lists of it is the kind's to read. */
export interface MatchedRow {
  sourceRow: number;
  platformId: string | null;
  name: string | null;
  city: string | null;
  countryCode: string | null;
  payload: Record<string, unknown>;
}

/** Only the rows whose payload has `value` at `path` (JSON path; a row without one counts as
 *  having `absent`). */
export interface PayloadFilter {
  path: string;
  value: string;
  absent: string;
}

/** The rows of `jobId` in `states` (only those `only` lets through), in the order of the file,
 *  the first `limit`, with the supplier each was matched to; with how many there are. */
export function matchedRows(
  h: ReadHandle,
  jobId: string,
  states: readonly RowState[],
  limit: number,
  only?: PayloadFilter,
): { rows: MatchedRow[]; total: number } {
  if (!states.length) return { rows: [], total: 0 };
  const list = states.map(() => '?').join(', ');
  const where = `job_id = ? AND state IN (${list})${
    only ? ` AND coalesce(payload ->> ?, ?) = ?` : ''
  }`;
  const params = [jobId, ...states, ...(only ? [only.path, only.absent, only.value] : [])];
  const rows = limit
    ? (
        h.sqlite
          .prepare(
            `SELECT source_row AS sourceRow, platform_id AS platformId,
                  matched ->> '$.name' AS name, matched ->> '$.city' AS city,
                  matched ->> '$.countryCode' AS countryCode, payload
             FROM rows WHERE ${where} ORDER BY source_row LIMIT ?`,
          )
          .all(...params, limit) as (Omit<MatchedRow, 'payload'> & { payload: string | null })[]
      ).map((r) => ({ ...r, payload: r.payload ? JSON.parse(r.payload) : {} }))
    : [];
  const { total } = h.sqlite
    .prepare(`SELECT count(*) AS total FROM rows WHERE ${where}`)
    .get(...params) as { total: number };
  return { rows, total };
}

/** The job's rows whose supplier its own creation made (created_by_job). */
export function createdByJobCount(h: ReadHandle, jobId: string): number {
  return (
    h.sqlite
      .prepare('SELECT count(*) AS n FROM rows WHERE job_id = ? AND created_by_job = 1')
      .get(jobId) as { n: number }
  ).n;
}
