// Ids of a zero-padded column that a spreadsheet may have made into numbers: `000160` typed into
// a column Excel keeps as numbers is the number 160, and sent as it is it would name another
// supplier than every other id of the list. The import holds such rows with a problem on the id;
// the user types the id with its zeros, or types it again as it is to say it is right.
import type { Journal, JournalRow } from '../../journal/journal';
import type { RowState } from '../../journal/rowStates';
import { rowProblem } from '../../workbook/rowProblems';
import { padZeros } from '../../workbook/transforms';
import { toJournalProblem } from './importJob';

/** An all-digit id without leading zeros, shorter than the column's zero-padded ids. */
export function zerosDropped(id: unknown, width: number): id is string {
  return typeof id === 'string' && /^[1-9]\d*$/.test(id) && id.length < width;
}

/** Rows per write while the held rows are marked. */
const BATCH = 500;

/** Marks the job's rows whose supplier id lost the zeros of its column (valid ones become
 *  invalid); returns how many were held. */
export function holdZerosDropped(
  journal: Journal,
  jobId: string,
  column: { width: number; padded: string; column: string },
): number {
  let held = 0;
  let batch: Array<{ row: JournalRow; id: string }> = [];
  const write = () => {
    const outcomes = batch.map(({ row, id }) => {
      const problem = toJournalProblem(
        rowProblem(row.sourceRow, 'supplierId.id', column.column, id, 'id_zeros_dropped', {
          padded: column.padded,
          restored: padZeros(id, column.width),
        }),
      );
      return {
        rowId: row.id,
        from: row.state as RowState,
        to: 'invalid' as const,
        patch: { problems: [...(row.problems ?? []), problem] },
      };
    });
    held += journal.recordOutcomes(outcomes).applied.length;
    batch = [];
  };
  for (const row of journal.eachRow(jobId)) {
    if (row.state !== 'valid' && row.state !== 'invalid') continue;
    const id = (row.payload?.supplierId as { id?: unknown } | undefined)?.id;
    if (!zerosDropped(id, column.width)) continue;
    batch.push({ row, id });
    if (batch.length >= BATCH) write();
  }
  if (batch.length) write();
  return held;
}
