// Values fixed in the app: one row, or one field of many rows at once; each fix is a batch that can be undone.
import type { RowView } from '../../../src-shared/contract';
import { failWith } from '../../../src-shared/errors';
import type { Operation } from '../../../src-shared/operations';
import { kindOf } from '../../kinds';
import { DEFAULT_SEPARATORS } from '../../../src-shared/fieldTransforms';
import type { FixBatch, ValueTarget } from '../../journal/fixBatches';
import type { JournalRow, UserFix } from '../../journal/journal';
import {
  CELL_PROBLEM_CODES,
  type Mapping,
  applyMapping,
  columnLetter,
  validateRows,
} from '../../workbook';
import { said } from '../../../src-shared/i18n/said';
import type { Ctx } from './context';
import { toJournalProblem } from './importJob';
import { rowView } from './rows';

/** A value fixed in the app: the row is mapped and validated again; the fix is journaled as
 *  a batch of one row, which can be undone. */
export function fixRow(ctx: Ctx, rowId: number, edits: Record<string, string>): RowView {
  const { journal } = ctx;
  const row = journal.getRow(rowId) ?? failWith('not_found', { reason: 'row', rowId });
  if (ctx.engine.isRunning(row.jobId)) failWith('invalid_input', { reason: 'pause_to_fix' });
  const job = journal.getJob(row.jobId)!;
  refuseScoresFix(job);
  journal.fixes.apply(row.jobId, [rowId], (r) => computeFix(ctx, r, job, edits), {
    kind: 'fix',
    field: null,
    fields: Object.keys(edits),
  });
  ctx.onJobChanged?.(row.jobId);
  return rowView(ctx, journal.getRow(rowId)!);
}

/**
 * One field of many rows: `whole` gives every row whose current value is `find` the value
 * `replace`; otherwise `find` is replaced inside the values. Only rows that may still be fixed
 * and whose value changes count. Without `apply`, nothing is written.
 */
/** Rows whose fix is worked out between two turns of the event loop (see fixMany). */
const FIX_SLICE = 250;

export async function fixMany(
  ctx: Ctx,
  jobId: string,
  q: {
    field: string;
    find: string;
    replace: string;
    whole: boolean;
    matchCase: boolean;
    apply: boolean;
  },
): Promise<{
  rows: number;
  examples: Array<{ sourceRow: number; before: string; after: string }>;
  batch: FixBatch | null;
}> {
  const { journal } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  refuseScoresFix(job);
  if (!q.whole && q.find === '') failWith('invalid_input', { reason: 'find_empty' });
  const find = q.whole ? q.find.trim() : q.find;
  const replace = q.whole ? q.replace.trim() : q.replace;
  const lower = (v: string) => v.toLocaleLowerCase();
  const pattern = q.whole
    ? null
    : new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), q.matchCase ? 'g' : 'gi');
  const changed = new Map<number, { sourceRow: number; before: string; after: string }>();
  for (const r of journal.fixableValues(jobId, valueTarget(ctx, job, q.field))) {
    let after: string;
    if (pattern === null) {
      if (q.matchCase ? r.value !== find : lower(r.value) !== lower(find)) continue;
      after = replace;
    } else {
      after = r.value.replace(pattern, () => replace);
    }
    if (after !== r.value) changed.set(r.id, { sourceRow: r.sourceRow, before: r.value, after });
  }
  const examples = [...changed.values()].slice(0, 5);
  if (!q.apply || changed.size === 0) return { rows: changed.size, examples, batch: null };
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_fix' });
  // Each row's fix (its mapping and validation again) is worked out a slice at a time, the event
  // loop served between slices: done inside the transaction, 10,000 rows held every window of
  // the app for seconds. The transaction then writes what was worked out; a row that changed
  // meanwhile (its updatedAt moved: a fix of its own) is worked out again inside it.
  const fixOf = (row: JournalRow) =>
    computeFix(ctx, row, job, { [q.field]: changed.get(row.id)!.after });
  const ids = [...changed.keys()];
  const worked = new Map<number, { updatedAt: number; fix: UserFix }>();
  for (let i = 0; i < ids.length; i += FIX_SLICE) {
    for (const row of journal.getRows(ids.slice(i, i + FIX_SLICE)))
      worked.set(row.id, { updatedAt: row.updatedAt, fix: fixOf(row) });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // The job may have been started meanwhile.
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_fix' });
  const { batch } = journal.fixes.apply(
    jobId,
    ids,
    (row) => {
      const w = worked.get(row.id);
      return w && w.updatedAt === row.updatedAt ? w.fix : fixOf(row);
    },
    {
      kind: q.whole ? 'same_value' : 'replace',
      field: q.field,
      fields: [q.field],
      find,
      replace,
    },
  );
  ctx.onJobChanged?.(jobId);
  return { rows: batch?.rows ?? 0, examples, batch };
}

/** The fixes of a job that can be undone, newest first. */
export function fixHistory(ctx: Ctx, jobId: string): FixBatch[] {
  if (!ctx.journal.getJob(jobId)) failWith('not_found', { reason: 'job', jobId });
  return ctx.journal.fixes.undoable(jobId);
}

/** Undoes the newest fix: its rows get back exactly the values they had before it. */
export function undoFix(
  ctx: Ctx,
  jobId: string,
  batchId: number,
): { rows: number; batch: FixBatch } {
  if (!ctx.journal.getJob(jobId)) failWith('not_found', { reason: 'job', jobId });
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_undo', jobId });
  const { batch, rowIds } = ctx.journal.fixes.undo(jobId, batchId);
  ctx.onJobChanged?.(jobId);
  return { rows: rowIds.length, batch };
}

/** Where a field's current value comes from: the user's edit, the mapped column, the
 *  mapping's constant. */
export function valueTarget(ctx: Ctx, job: { mapping: unknown }, field: string): ValueTarget {
  const mapped = (job.mapping as unknown as Mapping).fields.find((f) => f.field === field);
  return { field, column: mapped?.column ?? null, constant: mapped?.constant ?? null };
}

/** A row mapped and validated again with the user's edits merged into its earlier ones. */
/** A scores job's rows are the sheet's scores, not a supplier's fields: they are fixed in the
 *  sheet and uploaded again as a new job, never edited here. */
export function refuseScoresFix(job: { options: { operation?: Operation | undefined } }): void {
  if (!kindOf(job.options).fixesInApp) failWith('invalid_input', { reason: 'scores_fix_in_sheet' });
}

export function computeFix(
  ctx: Ctx,
  row: JournalRow,
  job: { headers: string[]; mapping: unknown; id: string },
  edits: Record<string, string>,
): UserFix {
  const { journal } = ctx;
  const mapping = job.mapping as unknown as Mapping;
  const columns = job.headers.map((header, index) => ({
    index,
    header,
    letter: columnLetter(index),
  }));
  const allEdits = { ...(row.userEdits ?? {}), ...edits };
  // The fix replaces the mapped column's cell for this row; with no column, it becomes the
  // row's own constant.
  const cells = [...row.cells];
  const rowMapping: Mapping = {
    fields: mapping.fields.map((original) => {
      const edit = allEdits[original.field];
      if (edit === undefined) return original;
      // The field's transform settings apply to a fix as to the file; a list typed in the
      // app may also use the usual separators (the editor shows "a, b").
      const f =
        original.field === 'industries' && original.transform?.separators
          ? {
              ...original,
              transform: {
                ...original.transform,
                separators: `${DEFAULT_SEPARATORS}${original.transform.separators}`,
              },
            }
          : original;
      if (f.column !== null) {
        cells[f.column] = edit;
        return f;
      }
      return { ...f, constant: edit };
    }),
  };
  for (const [field, value] of Object.entries(allEdits)) {
    if (!rowMapping.fields.some((f) => f.field === field)) {
      rowMapping.fields.push({
        field: field as Mapping['fields'][number]['field'],
        column: null,
        constant: value,
      });
    }
  }
  const others: Array<[string, number]> = [];
  const validated = validateRows([{ sourceRow: row.sourceRow, cells }], rowMapping, columns)
    .rows[0]!;
  if (validated.identity) {
    for (const other of journal.findByIdentity(row.jobId, validated.identity)) {
      if (other.id !== row.id) others.push([validated.identity, other.sourceRow]);
    }
  }
  const duplicate = others.length > 0;
  // What Excel did to a cell (an id read as a date, ...) is not in the cell's text: such a
  // problem stays until its field is fixed.
  const kept = (row.problems ?? []).filter(
    (p) =>
      p.field !== undefined &&
      p.code !== undefined &&
      (CELL_PROBLEM_CODES as readonly string[]).includes(p.code) &&
      allEdits[p.field] === undefined &&
      !validated.problems.some((v) => v.field === p.field && v.code === p.code),
  );
  const problems = [
    ...validated.problems
      .filter((v) => !kept.some((k) => k.field === v.field))
      .map(toJournalProblem),
    ...kept,
    ...(duplicate
      ? [
          {
            ...said('problem', 'duplicate_identity', {
              rows: others.map(([, n]) => n).join(', '),
            }),
            field: 'supplierId.id',
          },
        ]
      : []),
  ];
  const state =
    validated.status === 'valid' && !duplicate && kept.length === 0 ? 'valid' : 'invalid';
  return {
    edits: allEdits,
    payload: {
      ...((validated.payload ??
        applyMapping({ sourceRow: row.sourceRow, cells }, rowMapping, columns).draft) as Record<
        string,
        unknown
      >),
      // The customer and own ids ride in the payload: attached once the supplier exists.
      ...validated.extraIds,
    },
    identityKey: validated.identity,
    state,
    problems: problems.length ? problems : null,
  };
}
