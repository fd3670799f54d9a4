// The workbook's long loops (a sheet's scan, its shared strings, an import's rows, an export's
// rows) run on the event loop that also answers the screens. Each gives it back after at most a
// few dozen milliseconds of work: `turns.due()` says when, `turns.give()` lets it run.

/** Work between two turns of the event loop, in milliseconds. */
export const TURN_MS = 20;

export class Turns {
  private last = performance.now();

  constructor(private readonly ms = TURN_MS) {}

  /** True when the loop has held the event loop for `ms` or more since the last turn. */
  due(): boolean {
    return performance.now() - this.last >= this.ms;
  }

  /** Lets the event loop run (timers, I/O, the screens' requests) before going on. */
  async give(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }

  /** `give` when `due`. */
  async maybe(): Promise<void> {
    if (this.due()) await this.give();
  }
}
