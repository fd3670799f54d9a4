// A queue that runs at most `concurrency` tasks at a time, in the order they came, and keeps at
// most `maxWaiting` waiting: a task beyond that is refused at once (`QueueFull`) rather than
// piling up. The keychain runs through one of concurrency 1 (api/secrets.ts): every keychain call
// opens a D-Bus connection, and many at once exhaust the process's file descriptors. The browser
// host gives each client one, so a page that floods it gets a quick refusal instead of a hang.

/** Thrown by `run` when the queue already holds as many waiting tasks as it may. */
export class QueueFull extends Error {
  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    super(`busy: ${concurrency} running and ${maxWaiting} waiting`);
    this.name = 'QueueFull';
  }
}

export class TaskQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly concurrency = 1,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency must be a whole number of at least 1, not ${concurrency}`);
    }
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` when its turn comes; rejects with `QueueFull` at once when no place is left. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    if (this.#running < this.concurrency) return this.#start(task);
    if (this.#waiting.length >= this.maxWaiting) {
      return Promise.reject(new QueueFull(this.concurrency, this.maxWaiting));
    }
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => {
        this.#start(task).then(resolve, reject);
      });
    });
  }

  /** Forgets the tasks still waiting (their promises never settle): the caller has gone. */
  clear(): void {
    this.#waiting.length = 0;
  }

  #start<T>(task: () => Promise<T> | T): Promise<T> {
    this.#running++;
    let result: Promise<T>;
    try {
      result = Promise.resolve(task());
    } catch (e) {
      result = Promise.reject(e as Error);
    }
    return result.finally(() => {
      this.#running--;
      this.#waiting.shift()?.();
    });
  }
}
