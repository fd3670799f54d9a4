// In-flight accounting: which rows are in hand, how many requests each lane has outstanding,
// and the tasks a run waits for before it ends.
import type { Lane } from './stages';

export class Lanes {
  /** Rows some task is working on: never handed out twice. */
  readonly inHand = new Set<number>();
  private readonly outstanding = new Map<Lane, number>();
  private readonly tasks = new Set<Promise<void>>();

  constructor(
    /** A task failed: disk full, or anything else (reported, the row tried again later). */
    private readonly onError: (e: unknown) => void,
    /** A task ended: the loop may have work again. */
    private readonly onSettled: () => void,
  ) {}

  get busy(): boolean {
    return this.tasks.size > 0;
  }

  idle(lane: Lane): boolean {
    return (this.outstanding.get(lane) ?? 0) === 0;
  }

  count(lane: Lane): number {
    return this.outstanding.get(lane) ?? 0;
  }

  /** Marks a lane busy for work done in line (the check). */
  set(lane: Lane, n: number): void {
    this.outstanding.set(lane, n);
  }

  /** Starts `work` on a row, on the rows of a batch, or on none. */
  spawn(lane: Lane, rows: number | readonly number[] | undefined, work: () => Promise<void>): void {
    const ids = rows === undefined ? [] : typeof rows === 'number' ? [rows] : rows;
    for (const id of ids) this.inHand.add(id);
    this.outstanding.set(lane, this.count(lane) + 1);
    const task = (async () => {
      try {
        await work();
      } catch (e) {
        this.onError(e);
      } finally {
        for (const id of ids) this.inHand.delete(id);
        this.outstanding.set(lane, (this.outstanding.get(lane) ?? 1) - 1);
      }
    })();
    this.tasks.add(task);
    void task.finally(() => {
      this.tasks.delete(task);
      this.onSettled();
    });
  }

  /** Works on a row already taken by a task of its own (tracking's rows, one by one). */
  async hold<T>(rowId: number, work: () => Promise<T>): Promise<T> {
    this.inHand.add(rowId);
    try {
      return await work();
    } finally {
      this.inHand.delete(rowId);
    }
  }

  async settle(): Promise<void> {
    while (this.tasks.size) await Promise.allSettled([...this.tasks]);
  }
}
