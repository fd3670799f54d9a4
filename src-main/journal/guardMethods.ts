// Every public call of an object guarded (journal.ts): its prototype's methods, wrapped on the
// object itself, turn what they throw into what `said` makes of it (SQLite's bare SQLITE_FULL
// into the sentence that names the folder).

/** Wraps each method of `prototype` but those named in `except` as an own property of
 *  `target` that throws `said(e)` for whatever the method threw. */
export function guardMethods(
  target: object,
  prototype: object,
  except: readonly string[],
  said: (e: unknown) => unknown,
): void {
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
    if (except.includes(name) || typeof descriptor?.value !== 'function') continue;
    const method = descriptor.value as (...args: unknown[]) => unknown;
    // A plain function: called through a proxy (the crash tests), `this` stays the proxy.
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      try {
        return method.apply(this, args);
      } catch (e) {
        throw said(e);
      }
    };
    Object.defineProperty(target, name, { value: wrapped, writable: true, configurable: true });
  }
}
