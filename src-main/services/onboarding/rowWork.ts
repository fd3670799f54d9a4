// Long works on a job's rows (a bulk fix, a find and replace, its count, the undo of a fix) run a
// slice at a time: each slice holds the event loop for a few milliseconds at most, and between
// slices the loop answers every other command (the job list, the grid's pages). A work shows its
// progress (`rows:work`) and can be cancelled between slices (`rows:cancelWork`). At most one work
// that writes runs per job: a second fix or undo of the same job is refused (work_running), so
// two fixes never interleave.
import type { RowsWork } from '../../../src-shared/contract';
import { failWith } from '../../../src-shared/errors';
import type { FixBatch, RowValues } from '../../journal/fixBatches';
import type { Ctx, RowWork } from './context';

/**
 * How long one slice may hold the event loop, before its commit. Short: a command that comes
 * meanwhile waits for the slice, and so does the rest of a long answer (a grid page of 500 rows
 * is a few hundred KB, more than the channel to the window takes at once: its remainder is
 * written between slices), so an answer takes about two or three slices longer than when idle.
 */
export const SLICE_MS = 5;
/** The most rows one slice reads at once (its time decides when it ends). */
export const SLICE_ROWS = 2000;
/** Progress at most this often, besides the end. */
const PROGRESS_MS = 100;

/** One turn of the event loop: what else waits (a command, a timer, I/O) is served first. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A deadline for one slice: `enough()` answers true once its time is up. */
export function sliceClock(ms = SLICE_MS): { enough: () => boolean } {
  const end = performance.now() + ms;
  return { enough: () => performance.now() >= end };
}

/** A running work with its progress; `end` must be called however it ends. */
export interface Running extends RowWork {
  progress(work: RowsWork['work'], done: number, total: number): void;
  /** Refuses to go on (work_cancelled) once cancelled. */
  check(): void;
  end(): void;
}

/** Registers a work on a job's rows; one that writes is refused while another writes. */
export function beginWork(ctx: Ctx, jobId: string, writes: boolean): Running {
  const works = ctx.rowWork.get(jobId) ?? new Set<RowWork>();
  if (writes && [...works].some((w) => w.writes)) failWith('work_running', { jobId });
  let last: RowsWork | null = null;
  let sentAt = 0;
  let ended = false;
  const emit = (p: RowsWork) => {
    last = p;
    sentAt = performance.now();
    ctx.onRowsWork?.(p);
  };
  const running: Running = {
    jobId,
    writes,
    cancelled: false,
    progress(work, done, total) {
      if (ended) return;
      const p = { jobId, work, done: Math.min(done, total), total, finished: false };
      // A new phase, or its end, always; otherwise a few times a second.
      if (last?.work === work && done < total && performance.now() - sentAt < PROGRESS_MS) {
        last = p;
        return;
      }
      emit(p);
    },
    check() {
      if (running.cancelled) failWith('work_cancelled', { jobId });
    },
    end() {
      if (ended) return;
      ended = true;
      works.delete(running);
      if (!works.size) ctx.rowWork.delete(jobId);
      const l: RowsWork = last ?? { jobId, work: 'count', done: 0, total: 0, finished: false };
      emit({ ...l, finished: true });
    },
  };
  works.add(running);
  ctx.rowWork.set(jobId, works);
  return running;
}

/** Refuses a fix of one row while a work writes the job's rows. */
export function refuseWhileWriting(ctx: Ctx, jobId: string): void {
  if ([...(ctx.rowWork.get(jobId) ?? [])].some((w) => w.writes))
    failWith('work_running', { jobId });
}

/** Cancels the works on a job's rows; they stop after their slice and take back what they did. */
export function cancelRowWork(ctx: Ctx, jobId: string): { cancelled: boolean } {
  const works = ctx.rowWork.get(jobId);
  if (!works?.size) return { cancelled: false };
  for (const w of works) w.cancelled = true;
  return { cancelled: true };
}

/**
 * Undoes the newest fix batch of a job a slice at a time (its undo, or a cancelled fix taken
 * back). `stop` is asked between slices: when it throws, the rows put back so far get the values
 * they had before the undo again and the error goes on.
 */
export async function undoInSlices(
  ctx: Ctx,
  work: Running,
  batchId: number,
  total: number,
  stop: () => void,
): Promise<{ rowIds: number[]; batch: FixBatch }> {
  const { journal } = ctx;
  const rowIds: number[] = [];
  const was: Array<{ rowId: number; values: RowValues }> = [];
  let below: number | null | undefined;
  work.progress('undo', 0, total);
  try {
    for (;;) {
      const r = journal.fixes.undoSlice(work.jobId, batchId, {
        below,
        enough: sliceClock().enough,
      });
      rowIds.push(...r.rowIds);
      was.push(...r.was);
      work.progress('undo', rowIds.length, total);
      if (r.below === null) return { rowIds, batch: r.batch };
      below = r.below;
      await nextTurn();
      stop();
    }
  } catch (e) {
    await putBackInSlices(ctx, work, was, { undoFixCancelled: batchId });
    throw e;
  }
}

/** Rows put back to values kept in memory, a slice at a time. */
async function putBackInSlices(
  ctx: Ctx,
  work: Running,
  items: Array<{ rowId: number; values: RowValues }>,
  note: Record<string, unknown>,
): Promise<void> {
  // Newest first, as they were put back.
  const todo = [...items].reverse();
  for (let at = 0; at < todo.length;) {
    at += ctx.journal.fixes.putBack(work.jobId, todo.slice(at, at + SLICE_ROWS), note, {
      enough: sliceClock().enough,
    });
    // Their fixes written again.
    work.progress('fix', at, items.length);
    if (at < todo.length) await nextTurn();
  }
}
