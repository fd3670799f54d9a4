// Likely duplicates as the journal keeps them: each row's `duplicates` (the other rows of its
// group in the same list, the platform's suppliers it likely is) and the user's
// `duplicate_decision`. The matching itself is src-main/dedupe's; the check writes a row's
// suppliers with its outcome (engine/check.ts), the grouping within the list is written here.
import type {
  DuplicateDecision,
  PossibleDuplicate,
  RowDuplicates,
} from '../../src-shared/duplicates';
import type { ReadHandle, WriteHandle } from './handle';
import type { RowState } from './rowStates';

/** The rows compared within a list: nothing of them is on the platform yet, or the check has
 *  just matched them (an existing one may be what another row duplicates). */
export const GROUPED_STATES = [
  'invalid',
  'valid',
  'new',
  'exists',
  'ambiguous',
  'pending',
  'duplicate',
] as const satisfies readonly RowState[];

/** The rows grouped: GROUPED_STATES, and rows the user left out as a duplicate (they stay in
 *  their group, so that the others keep theirs). */
const IN_GROUPED = `(state IN (${GROUPED_STATES.map((s) => `'${s}'`).join(', ')})
  OR (state = 'skipped' AND duplicate_decision = 'skip'))`;

/** What the matching reads of a row: its name and place as mapped. */
export interface DedupeRow {
  id: number;
  sourceRow: number;
  state: RowState;
  name: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
  /** Registration numbers as written (src-shared/registration.ts), or null. */
  vatId: string | null;
  taxNumber: string | null;
  duns: string | null;
  registerNumber: string | null;
  phone: string | null;
}

/** The job's rows in GROUPED_STATES with their name and place, in the order of the file, a page
 *  of `limit` rows from the row after source row `after`. */
export function dedupeRows(h: ReadHandle, jobId: string, after = -1, limit = 2_000): DedupeRow[] {
  // The payload read once per row (one parse), not once per field: 100,000 rows are read in a
  // fraction of the time ten `->>` paths take.
  const raw = h
    .statement(
      `SELECT id, source_row AS sourceRow, state, payload
         FROM rows WHERE job_id = ? AND source_row > ? AND ${IN_GROUPED}
        ORDER BY source_row LIMIT ?`,
    )
    .all(jobId, after, limit) as {
    id: number;
    sourceRow: number;
    state: RowState;
    payload: string | null;
  }[];
  return raw.map((r) => {
    const p = (r.payload ? JSON.parse(r.payload) : {}) as Record<string, unknown>;
    const v = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : null);
    return {
      id: r.id,
      sourceRow: r.sourceRow,
      state: r.state,
      name: v(p.name),
      street: v(p.address),
      postalCode: v(p.postalCode),
      city: v(p.city),
      countryCode: v(p.countryCode),
      vatId: v(p.vatId),
      taxNumber: v(p.taxNumber),
      duns: v(p.duns),
      registerNumber: v(p.registerNumber),
      phone: v(p.phone),
    };
  });
}

/**
 * Writes the groups found within the job's list: each row of `groups` gets its group and the
 * other rows (its platform suppliers, if any, stay); a row in GROUPED_STATES no longer in a group
 * loses them, and with nothing left its decision too. One transaction. Returns the rows left
 * `duplicate` without any duplicate (their partner was fixed apart), for the caller to release.
 */
export function setListDuplicates(
  h: WriteHandle,
  jobId: string,
  groups: ReadonlyMap<number, Required<Pick<RowDuplicates, 'group' | 'rows'>>>,
): number[] {
  return h.transact(() => {
    const update = h.statement(
      'UPDATE rows SET duplicates = ?, duplicate_decision = ? WHERE id = ?',
    );
    const had = h
      .statement(
        `SELECT id, duplicates, duplicate_decision AS decision, state FROM rows
          WHERE job_id = ? AND duplicates IS NOT NULL AND ${IN_GROUPED}`,
      )
      .all(jobId) as { id: number; duplicates: string; decision: string | null; state: RowState }[];
    const orphans: number[] = [];
    const seen = new Set<number>();
    for (const r of had) {
      const old = JSON.parse(r.duplicates) as RowDuplicates;
      const entry = groups.get(r.id);
      seen.add(r.id);
      const next: RowDuplicates = { ...(old.base ? { base: old.base } : {}), ...(entry ?? {}) };
      const empty = !next.base && !next.rows;
      if (empty && r.state === 'duplicate') orphans.push(r.id);
      update.run(empty ? null : JSON.stringify(next), empty ? null : r.decision, r.id);
    }
    for (const [id, entry] of groups) {
      if (seen.has(id)) continue;
      update.run(JSON.stringify(entry), null, id);
    }
    return orphans;
  });
}

/**
 * Writes the possible duplicates found within the job's list: each row of `possible` gets its
 * list, every other row of the job in GROUPED_STATES loses its. One transaction; never changes
 * a row's state (a possible duplicate never waits for a decision).
 */
export function setPossibleDuplicates(
  h: WriteHandle,
  jobId: string,
  possible: ReadonlyMap<number, readonly PossibleDuplicate[]>,
): void {
  h.transact(() => {
    h.statement(
      `UPDATE rows SET possible_duplicates = NULL
        WHERE job_id = ? AND possible_duplicates IS NOT NULL AND ${IN_GROUPED}`,
    ).run(jobId);
    const update = h.statement('UPDATE rows SET possible_duplicates = ? WHERE id = ?');
    for (const [id, list] of possible) if (list.length) update.run(JSON.stringify(list), id);
  });
}

/** Whether a row of the job was edited by the user (a fix, a bulk fix, an undo of one) at or
 *  after `since` (an edit in the same millisecond as a grouping's start may have come after its
 *  read): the grouping within the list is made again only then. A range of the rows' edit index
 *  (`rows_edited_idx`), not a pass over the job. */
export function fixedSince(h: ReadHandle, jobId: string, since: number): boolean {
  return (
    h
      .statement(
        `SELECT 1 FROM rows INDEXED BY rows_edited_idx
          WHERE job_id = ? AND edited_at IS NOT NULL AND edited_at >= ? LIMIT 1`,
      )
      .get(jobId, since) !== undefined
  );
}

/** A row with likely duplicates, as the screens and the results show it. */
export interface DuplicateRowRead {
  id: number;
  sourceRow: number;
  state: RowState;
  platformId: string | null;
  name: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
  supplierId: string | null;
  duplicates: RowDuplicates;
  decision: DuplicateDecision | null;
}

/** Every row of the job with likely duplicates, in the order of the file. */
export function duplicateRows(h: ReadHandle, jobId: string): DuplicateRowRead[] {
  const rows = h
    .statement(
      `SELECT id, source_row AS sourceRow, state, platform_id AS platformId,
              payload ->> '$.name' AS name, payload ->> '$.address' AS street,
              payload ->> '$.postalCode' AS postalCode, payload ->> '$.city' AS city,
              payload ->> '$.countryCode' AS countryCode,
              payload ->> '$.supplierId.id' AS supplierId,
              duplicates, duplicate_decision AS decision
         FROM rows WHERE job_id = ? AND duplicates IS NOT NULL ORDER BY source_row`,
    )
    .all(jobId) as (Omit<DuplicateRowRead, 'duplicates'> & { duplicates: string })[];
  return rows.map((r) => ({
    ...r,
    postalCode: r.postalCode === null ? null : String(r.postalCode),
    duplicates: JSON.parse(r.duplicates) as RowDuplicates,
  }));
}

/** The job's likely duplicates in figures, from the rows' own columns. */
export interface DuplicateFigures {
  /** Groups within the list, and the rows in them. */
  listGroups: number;
  listRows: number;
  /** Rows that likely are a supplier of the platform. */
  baseRows: number;
  /** Rows that wait for the user's decision (state `duplicate`). */
  undecided: number;
  /** Rows with a decision, by decision. */
  keep: number;
  skip: number;
  attach: number;
  /** Rows with possible duplicates in the list (below "likely"; they never wait). */
  possibleRows: number;
  /** Rows whose decision was carried out from an earlier job of the connection. */
  remembered: number;
}

export function duplicateFigures(h: ReadHandle, jobId: string): DuplicateFigures {
  const r = h
    .statement(
      `SELECT count(DISTINCT duplicates ->> '$.group') AS listGroups,
              count(duplicates ->> '$.group') AS listRows,
              count(duplicates -> '$.base') AS baseRows,
              count(CASE WHEN state = 'duplicate' THEN 1 END) AS undecided,
              count(CASE WHEN duplicate_decision = 'keep' THEN 1 END) AS keep,
              count(CASE WHEN duplicate_decision = 'skip' THEN 1 END) AS skip,
              count(CASE WHEN duplicate_decision = 'attach' THEN 1 END) AS attach,
              count(duplicates -> '$.remembered') AS remembered
         FROM rows WHERE job_id = ? AND duplicates IS NOT NULL`,
    )
    .get(jobId) as Omit<DuplicateFigures, 'possibleRows'>;
  const possible = h
    .statement(
      `SELECT count(*) AS n FROM rows INDEXED BY rows_possible_idx
        WHERE job_id = ? AND possible_duplicates IS NOT NULL`,
    )
    .get(jobId) as { n: number };
  return { ...r, possibleRows: possible.n };
}
