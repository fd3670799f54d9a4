// What the journal knows of suppliers across jobs. Suppliers an earlier job deactivated: a later onboarding's check does not find
// them (the platform's lookups return active suppliers), so they would be created again. The
// start summary names them, with the job that deactivated them (services/plan.ts).
import type { ReadHandle } from './handle';
import type { RowState } from './rowStates';

export interface DeactivatedBefore {
  /** Rows of the job whose supplier (by supplier id and source) the other job deactivated. */
  rows: number;
  /** When the other job deactivated the last of them (its row's last change). */
  at: number;
  /** A few of the identities, as their keys, in the order of the file. */
  examples: string[];
}

/**
 * Rows of `jobId` in `states` whose supplier a row of `otherJobId` deactivated (finished with the
 * result `deactivated`); null when none. The deactivated supplier's identity (supplier id and
 * source, as an onboarding keys its rows) is the deactivating row's own supplier id when its
 * file had one (a base export's rows name the platform id and the supplier id), else, for an
 * undo, the identity of the undone job's row it was made from (the same row of the file). Every
 * lookup goes through an index: the other job's finished rows, the undone job's row by its
 * number, this job's rows by identity.
 */
export function deactivatedIn(
  h: ReadHandle,
  jobId: string,
  states: readonly RowState[],
  otherJobId: string,
  undoneJobId: string | null,
): DeactivatedBefore | null {
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
                    WHERE u.job_id = @undone AND u.source_row = d.source_row)) AS identityKey,
                max(d.updated_at) AS at
           FROM rows d
          WHERE d.job_id = @other AND d.state = 'done' AND d.op_result = 'deactivated'
          GROUP BY 1)
       SELECT r.identity_key AS identityKey, gone.at AS at
         FROM gone JOIN rows r ON r.job_id = @job AND r.identity_key = gone.identityKey
        WHERE gone.identityKey IS NOT NULL AND r.state IN (${mine})
        ORDER BY r.source_row`,
    )
    .all({ other: otherJobId, undone: undoneJobId, job: jobId }, ...states) as Array<{
    identityKey: string;
    at: number;
  }>;
  if (!found.length) return null;
  return {
    rows: found.length,
    at: Math.max(...found.map((f) => f.at)),
    examples: found.slice(0, 3).map((f) => f.identityKey),
  };
}

/** A row a start would deactivate (or change an identifier of): matched by the check to one
 *  supplier, not sent yet. `identifier`: the one an identifiers row changes. */
export interface TargetRow {
  sourceRow: number;
  platformId: string | null;
  name: string | null;
  city: string | null;
  countryCode: string | null;
  identifier: { type: string; id: string; source: string | null } | null;
}

/** Only the rows of one identifier action (the row's own, else the job's). */
export interface TargetAction {
  action: 'add' | 'remove';
  jobAction: 'add' | 'remove';
}

/** The rows a start of a deactivation would act on (matched, queued, or in doubt), in the
 *  order of the file, the first `limit`; with how many there are. `only`: an identifiers job's
 *  rows of one action (its removals, listed before their count is typed). */
export function targetRows(
  h: ReadHandle,
  jobId: string,
  states: readonly RowState[],
  limit: number,
  only?: TargetAction,
): { rows: TargetRow[]; total: number } {
  if (!states.length) return { rows: [], total: 0 };
  const list = states.map(() => '?').join(', ');
  const where = `job_id = ? AND state IN (${list})${
    only ? ` AND coalesce(payload ->> '$.action', ?) = ?` : ''
  }`;
  const params = [jobId, ...states, ...(only ? [only.jobAction, only.action] : [])];
  const rows = (
    h.sqlite
      .prepare(
        `SELECT source_row AS sourceRow, platform_id AS platformId,
              matched ->> '$.name' AS name, matched ->> '$.city' AS city,
              matched ->> '$.countryCode' AS countryCode,
              payload ->> '$.identifier.type' AS idType, payload ->> '$.identifier.id' AS idValue,
              payload ->> '$.identifier.source' AS idSource
         FROM rows WHERE ${where} ORDER BY source_row LIMIT ?`,
      )
      .all(...params, limit) as (Omit<TargetRow, 'identifier'> & {
      idType: string | null;
      idValue: string | null;
      idSource: string | null;
    })[]
  ).map(({ idType, idValue, idSource, ...r }) => ({
    ...r,
    identifier:
      idType !== null && idValue !== null
        ? { type: idType, id: String(idValue), source: idSource }
        : null,
  }));
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
