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
import {
  SLICE_ROWS,
  beginWork,
  nextTurn,
  refuseWhileWriting,
  sliceClock,
  type Running,
  undoInSlices,
} from './rowWork';

/** A value fixed in the app: the row is mapped and validated again; the fix is journaled as
 *  a batch of one row, which can be undone. */
export function fixRow(ctx: Ctx, rowId: number, edits: Record<string, string>): RowView {
  const { journal } = ctx;
  const row = journal.getRow(rowId) ?? failWith('not_found', { reason: 'row', rowId });
  if (ctx.engine.isRunning(row.jobId)) failWith('invalid_input', { reason: 'pause_to_fix' });
  refuseWhileWriting(ctx, row.jobId);
  const job = journal.getJob(row.jobId)!;
  refuseFixOutsideApp(job);
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
 *
 * Both the count and the writing run a slice at a time, the event loop served between slices
 * (rowWork.ts), with progress and a cancel: the fixes are written as one batch in several short
 * transactions, each row worked out inside its slice's transaction from the row as it is then (a
 * row changed meanwhile is worked out again). A cancel, a job started meanwhile or a row that can
 * no longer be fixed takes the slices already written back, and the command is refused.
 */
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
  /** Of the rows fixed, those that have a problem now. */
  withProblems: number;
}> {
  const { journal } = ctx;
  const job = journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  refuseFixOutsideApp(job);
  if (!q.whole && q.find === '') failWith('invalid_input', { reason: 'find_empty' });
  const work = beginWork(ctx, jobId, q.apply);
  let written = false;
  try {
    const changed = await changesOf(ctx, work, job, q);
    const examples = [...changed.values()].slice(0, 5);
    if (!q.apply || changed.size === 0)
      return { rows: changed.size, examples, batch: null, withProblems: 0 };
    // The rows the fix leaves with a problem (worked out again, a row counts as it ends).
    const invalid = new Set<number>();
    const fixOf = (row: JournalRow) => {
      const fix = computeFix(ctx, row, job, { [q.field]: changed.get(row.id)!.after });
      if (fix.state === 'invalid') invalid.add(row.id);
      else invalid.delete(row.id);
      return fix;
    };
    const ids = [...changed.keys()];
    const meta = {
      kind: q.whole ? ('same_value' as const) : ('replace' as const),
      field: q.field,
      fields: [q.field],
      find: q.whole ? q.find.trim() : q.find,
      replace: q.whole ? q.replace.trim() : q.replace,
    };
    let batch: FixBatch | null = null;
    try {
      work.progress('fix', 0, ids.length);
      for (let at = 0; at < ids.length;) {
        work.check();
        // The job may have been started meanwhile.
        if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_fix' });
        const r = journal.fixes.apply(jobId, ids.slice(at, at + SLICE_ROWS), fixOf, meta, {
          batchId: batch?.id,
          enough: sliceClock().enough,
        });
        at += r.consumed;
        batch = r.batch ?? batch;
        written ||= r.rowIds.length > 0;
        work.progress('fix', at, ids.length);
        if (at < ids.length) await nextTurn();
      }
    } catch (e) {
      // What was written is taken back as the batch's undo; should that be refused (a row
      // sent meanwhile), its reason is the answer.
      if (batch) await undoInSlices(ctx, work, batch.id, batch.rows, () => {});
      throw e;
    }
    return { rows: batch?.rows ?? 0, examples, batch, withProblems: invalid.size };
  } finally {
    work.end();
    if (written) ctx.onJobChanged?.(jobId);
  }
}

/** The rows of a bulk fix whose value changes, with the value before and after, looked at a
 *  page at a time. */
async function changesOf(
  ctx: Ctx,
  work: Running,
  job: { id: string; mapping: unknown },
  q: { field: string; find: string; replace: string; whole: boolean; matchCase: boolean },
): Promise<Map<number, { sourceRow: number; before: string; after: string }>> {
  const { journal } = ctx;
  const find = q.whole ? q.find.trim() : q.find;
  const replace = q.whole ? q.replace.trim() : q.replace;
  const lower = (v: string) => v.toLocaleLowerCase();
  const lowerFind = lower(find);
  const pattern = q.whole
    ? null
    : new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), q.matchCase ? 'g' : 'gi');
  const changed = new Map<number, { sourceRow: number; before: string; after: string }>();
  const target = valueTarget(ctx, job, q.field);
  const total = journal.rowCount(job.id);
  let seen = 0;
  let after = Number.MIN_SAFE_INTEGER;
  let slice = sliceClock();
  work.progress('count', 0, total);
  // A turn first: what waits (a cancel, a page of the grid) goes before the first slice.
  await nextTurn();
  work.check();
  for (;;) {
    const page = journal.valuesPage(job.id, target, after, COUNT_PAGE);
    for (const r of page) {
      if (!r.fixable) continue;
      let next: string;
      if (pattern === null) {
        if (q.matchCase ? r.value !== find : lower(r.value) !== lowerFind) continue;
        next = replace;
      } else {
        next = r.value.replace(pattern, () => replace);
      }
      if (next !== r.value)
        changed.set(r.id, { sourceRow: r.sourceRow, before: r.value, after: next });
    }
    seen += page.length;
    if (page.length < COUNT_PAGE) break;
    after = page.at(-1)!.sourceRow;
    if (slice.enough()) {
      work.progress('count', seen, Math.max(total, seen));
      await nextTurn();
      work.check();
      slice = sliceClock();
    }
  }
  work.progress('count', Math.max(total, seen), Math.max(total, seen));
  work.check();
  return changed;
}

/** Rows a page of the count reads at once. */
const COUNT_PAGE = 500;

/** The fixes of a job that can be undone, newest first. */
export function fixHistory(ctx: Ctx, jobId: string): FixBatch[] {
  if (!ctx.journal.getJob(jobId)) failWith('not_found', { reason: 'job', jobId });
  return ctx.journal.fixes.undoable(jobId);
}

/** Undoes the newest fix: its rows get back exactly the values they had before it, a slice at a
 *  time (rowWork.ts). Cancelled, or the job started meanwhile, the rows keep the fix. */
export async function undoFix(
  ctx: Ctx,
  jobId: string,
  batchId: number,
): Promise<{ rows: number; batch: FixBatch }> {
  if (!ctx.journal.getJob(jobId)) failWith('not_found', { reason: 'job', jobId });
  if (ctx.engine.isRunning(jobId)) failWith('invalid_input', { reason: 'pause_to_undo', jobId });
  const work = beginWork(ctx, jobId, true);
  try {
    const total = ctx.journal.fixes.batch(jobId, batchId)?.rows ?? 0;
    const { rowIds, batch } = await undoInSlices(ctx, work, batchId, total, () => {
      work.check();
      if (ctx.engine.isRunning(jobId))
        failWith('invalid_input', { reason: 'pause_to_undo', jobId });
    });
    return { rows: rowIds.length, batch };
  } finally {
    work.end();
    ctx.onJobChanged?.(jobId);
  }
}

/** Where a field's current value comes from: the user's edit, the mapped column, the
 *  mapping's constant. */
export function valueTarget(ctx: Ctx, job: { mapping: unknown }, field: string): ValueTarget {
  const mapped = (job.mapping as unknown as Mapping).fields.find((f) => f.field === field);
  return { field, column: mapped?.column ?? null, constant: mapped?.constant ?? null };
}

/** A row mapped and validated again with the user's edits merged into its earlier ones. */
/** A kind whose rows are not a supplier's fields (a sheet of its own layout) has them fixed
 *  where they came from and imported again as a new job, never edited here: refused with the
 *  kind's reason. */
export function refuseFixOutsideApp(job: { options: { operation?: Operation | undefined } }): void {
  const kind = kindOf(job.options);
  if (!kind.fixesInApp) failWith('invalid_input', { reason: kind.fixRefusal ?? 'fix_not_in_app' });
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
