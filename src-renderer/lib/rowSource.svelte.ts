// The rows of a job for a virtualized table: pages fetched on demand around the viewport with
// the journal's keyset paging, and dropped again when far away.
//
// With a known row count (no text filter) every page but the last holds exactly PAGE rows, so
// index i lives in page floor(i / PAGE). A page's cursor is only known once the page before it
// was read; a jump far ahead walks the cursors forward without keeping the rows it passes.
// A text filter scans the job in bounded windows and its pages vary in size, so that view
// grows at its end as the user scrolls instead.
// The next row that needs the user past the loaded ones is asked of the services, then located.
/* eslint-disable svelte/prefer-svelte-reactivity -- cursors and stale marks are bookkeeping the
   view never reads; only #pages is reactive. */
import { SvelteMap } from 'svelte/reactivity';
import type { CommandInput, RowView } from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import { PROBLEM_STATES } from '../../src-shared/rowStates';
import { call } from './call';

export type RowFilter = NonNullable<CommandInput<'rows:page'>['filter']>;

export const PAGE = 250;
/** Pages per request: 2 × 250 rows, the most one `rows:page` answers. */
const PAGES_PER_FETCH = 2;
const KEEP_PAGES = 12;
const TEXT_BATCH = 500;
/** The row states that need the user. */
const PROBLEMS: readonly string[] = PROBLEM_STATES;

export class RowSource {
  #jobId: string;
  #filter: RowFilter = {};
  /** Row count when known (counted mode); null while a text filter is on. */
  #counted: number | null = 0;
  #pages = new SvelteMap<number, RowView[]>();
  /** cursors[k]: the `after` for page k; page 0 starts at the beginning (undefined). */
  #cursors = new Map<number, number | undefined>([[0, undefined]]);
  #appended = $state.raw<RowView[]>([]);
  #more = $state(true);
  #length = $state(0);
  #want: [number, number] = [0, 60];
  #stale = new Set<number>();
  /** The first source row when the rows in view are proven to have no gaps in their source rows
   *  (the usual case): every page's cursor is then known by arithmetic, so any jump is one
   *  request. undefined: not proven (yet); null: proven otherwise. */
  #firstRow: number | null | undefined;
  #busy = false;
  #generation = 0;
  #error = $state<AppError | undefined>();
  #loading = $state(false);
  #version = $state(0);

  constructor(jobId: string) {
    this.#jobId = jobId;
  }

  get jobId(): string {
    return this.#jobId;
  }
  get length(): number {
    return this.#length;
  }
  get error() {
    return this.#error;
  }
  get loading() {
    return this.#loading;
  }
  /** Changes with every new filter: the table then scrolls back to the top. */
  get version() {
    return this.#version;
  }
  /** In text mode: whether more rows may follow the loaded ones. */
  get more(): boolean {
    return this.#counted === null && this.#more;
  }

  row(index: number): RowView | undefined {
    if (this.#counted === null) return this.#appended[index];
    return this.#pages.get(Math.floor(index / PAGE))?.[index % PAGE];
  }

  /** A new filter (or a fresh start): `total` is the expected count, null when unknown. */
  reset(filter: RowFilter, total: number | null): void {
    this.#generation++;
    this.#version++;
    this.#filter = filter;
    this.#counted = total;
    this.#pages.clear();
    this.#stale.clear();
    this.#cursors = new Map([[0, undefined]]);
    this.#firstRow = undefined;
    this.#appended = [];
    this.#textCursor = undefined;
    this.#more = true;
    this.#length = total ?? 0;
    this.#want = [0, 60];
    this.#busy = false;
    this.#error = undefined;
    void this.#pump();
  }

  /** Re-reads the rows in view (their states changed), keeping the scroll position. */
  refresh(total: number | null): void {
    if (this.#counted === null || total === null) {
      this.reset(this.#filter, total);
      return;
    }
    this.#generation++;
    this.#busy = false;
    this.#counted = total;
    this.#length = total;
    // Unfiltered cursors (source rows) stay valid; a filtered set may have shifted.
    const stable = !this.#filter.states && !this.#filter.group && !this.#filter.problemsOnly;
    if (!stable) {
      this.#cursors = new Map([[0, undefined]]);
      this.#firstRow = undefined;
    }
    // Rows stay on screen until their fresh copy arrives.
    this.#stale = new Set(this.#pages.keys());
    void this.#pump();
  }

  /** The rows the viewport shows now, from..to (inclusive indexes). */
  want(from: number, to: number): void {
    this.#want = [Math.max(0, from), Math.max(0, to)];
    void this.#pump();
  }

  /** A row changed by a fix: replace it where it is shown. */
  replace(row: RowView): void {
    if (this.#counted === null) {
      this.#appended = this.#appended.map((r) => (r.id === row.id ? row : r));
      return;
    }
    for (const [k, rows] of this.#pages) {
      const i = rows.findIndex((r) => r.id === row.id);
      if (i >= 0) {
        const next = [...rows];
        next[i] = row;
        this.#pages.set(k, next);
      }
    }
  }

  /** The filter in use (for a request of the same rows, e.g. the next problem). */
  get filter(): RowFilter {
    return this.#filter;
  }

  /** The index of the row with this source row, loading pages as needed; null when the rows
   *  of this filter do not hold it. */
  async locate(sourceRow: number): Promise<number | null> {
    const generation = this.#generation;
    const loaded = (): number | null => {
      if (this.#counted === null) {
        const i = this.#appended.findIndex((r) => r.sourceRow === sourceRow);
        return i >= 0 ? i : null;
      }
      for (const [k, rows] of this.#pages) {
        const i = rows.findIndex((r) => r.sourceRow === sourceRow);
        if (i >= 0) return k * PAGE + i;
      }
      return null;
    };
    let found = loaded();
    if (found !== null) return found;
    if (this.#counted !== null && typeof this.#firstRow === 'number') {
      const i = sourceRow - this.#firstRow;
      return i >= 0 && i < this.#length ? i : null;
    }
    // Walk the rows in order until it shows up (the filtered set is not contiguous).
    for (let step = 0; step < 2_000 && generation === this.#generation; step++) {
      if (this.#counted === null) {
        if (!this.#more) return null;
        const last = this.#appended.at(-1);
        if (last && last.sourceRow > sourceRow) return null;
        this.want(this.#appended.length, this.#appended.length + TEXT_BATCH);
      } else {
        const k = step;
        if (k * PAGE >= this.#length) return null;
        this.want(k * PAGE, k * PAGE + PAGE - 1);
      }
      await this.#settled();
      found = loaded();
      if (found !== null) return found;
    }
    return null;
  }

  /** The index of the next (1) or previous (-1) row that needs the user past the loaded rows,
   *  seen from the row at index `from`: the services name its source row, `locate` finds where
   *  it is; null when there is none. */
  async problemBeyond(from: number, dir: 1 | -1): Promise<number | null> {
    const filter = this.#filter;
    const states = (filter.states ?? [...PROBLEMS]).filter((s) => PROBLEMS.includes(s));
    if (states.length === 0) return null;
    const here = this.row(from)?.sourceRow;
    const problems = { ...filter, states, problemsOnly: false };
    let target: number | undefined;
    if (dir > 0) {
      const r = await call('rows:page', {
        jobId: this.#jobId,
        filter: problems,
        ...(here !== undefined ? { after: here } : {}),
        limit: 1,
      });
      // A filter scanned in windows may answer an empty page with a cursor: read on.
      let page = r.ok ? r.value : undefined;
      while (page && page.rows.length === 0 && page.nextCursor !== null) {
        const next = await call('rows:page', {
          jobId: this.#jobId,
          filter: problems,
          after: page.nextCursor,
          limit: 1,
        });
        page = next.ok ? next.value : undefined;
      }
      target = page?.rows[0]?.sourceRow;
    } else {
      let after: number | undefined;
      for (let n = 0; n < 400; n++) {
        const r = await call('rows:page', {
          jobId: this.#jobId,
          filter: problems,
          ...(after !== undefined ? { after } : {}),
          limit: 500,
        });
        if (!r.ok) break;
        for (const row of r.value.rows) {
          if (here !== undefined && row.sourceRow >= here) break;
          target = row.sourceRow;
        }
        const last = r.value.rows.at(-1);
        if (r.value.nextCursor === null || (here !== undefined && last && last.sourceRow >= here))
          break;
        after = r.value.nextCursor;
      }
    }
    return target === undefined ? null : this.locate(target);
  }

  async #settled(): Promise<void> {
    await Promise.resolve();
    while (this.#busy) await new Promise((r) => setTimeout(r, 15));
  }

  async #fetch(after: number | undefined, limit: number) {
    return call('rows:page', {
      jobId: this.#jobId,
      filter: this.#filter,
      ...(after !== undefined ? { after } : {}),
      limit,
    });
  }

  async #pump(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    const generation = this.#generation;
    this.#loading = true;
    try {
      while (generation === this.#generation) {
        const step = this.#counted === null ? await this.#stepText() : await this.#stepCounted();
        if (!step) break;
      }
    } finally {
      // A new filter or refresh meanwhile started its own pump, which now owns the flag: two
      // pumps at once would append the same rows twice.
      if (generation === this.#generation) {
        this.#busy = false;
        this.#loading = false;
      }
    }
  }

  /** One request in counted mode; false when the wanted pages are all loaded. */
  async #stepCounted(): Promise<boolean> {
    const generation = this.#generation;
    const [from, to] = this.#want;
    const last = Math.max(0, Math.ceil(this.#length / PAGE) - 1);
    const first = Math.min(Math.floor(from / PAGE), last);
    const end = Math.min(Math.floor(to / PAGE), last);
    let target: number | undefined;
    for (let k = first; k <= end; k++) {
      if (!this.#pages.has(k) || this.#stale.has(k)) {
        target = k;
        break;
      }
    }
    if (target === undefined || this.#length === 0) return false;
    // The nearest page at or before the target whose cursor is known. One request reads
    // PAGES_PER_FETCH pages and learns the cursor of every page boundary inside it, so a jump far
    // ahead walks with the largest pages the contract allows.
    let k = target;
    const first0 = this.#firstRow;
    if (typeof first0 === 'number' && k > 0) this.#cursors.set(k, first0 - 1 + k * PAGE);
    while (!this.#cursors.has(k)) k--;
    const r = await this.#fetch(this.#cursors.get(k), PAGE * PAGES_PER_FETCH);
    if (generation !== this.#generation) return false;
    if (!r.ok) {
      this.#error = r.error;
      return false;
    }
    const { rows, nextCursor } = r.value;
    for (let i = 0; i < PAGES_PER_FETCH; i++) {
      const page = k + i;
      const slice = rows.slice(i * PAGE, (i + 1) * PAGE);
      if (i > 0 && slice.length === 0) break;
      this.#stale.delete(page);
      if (page >= first - 1 && page <= end + 1) this.#pages.set(page, slice);
      // Keyset cursors are source rows: a full page's last row starts the next page.
      if (slice.length === PAGE) this.#cursors.set(page + 1, slice[PAGE - 1]!.sourceRow);
    }
    // The end of the rows: fewer than counted when rows changed state meanwhile.
    if (nextCursor === null && k * PAGE + rows.length !== this.#length) {
      this.#length = k * PAGE + rows.length;
    }
    if (k === 0 && this.#firstRow === undefined && nextCursor !== null && rows[0]) {
      await this.#proveContiguous(rows[0].sourceRow, generation);
    }
    this.#evict(first, end);
    return true;
  }

  /** With `count` rows from source row `first` on, exactly one row after
   *  first + count - 2, and it is first + count - 1, there is no gap: count - 1 rows fill the
   *  count - 1 source rows before it. */
  async #proveContiguous(first: number, generation: number): Promise<void> {
    const count = this.#length;
    const r = await this.#fetch(first + count - 2, 2);
    if (generation !== this.#generation || !r.ok) return;
    const only = r.value.rows.length === 1 ? r.value.rows[0] : undefined;
    this.#firstRow =
      only && only.sourceRow === first + count - 1 && r.value.nextCursor === null ? first : null;
  }

  #evict(first: number, end: number): void {
    if (this.#pages.size <= KEEP_PAGES) return;
    for (const k of [...this.#pages.keys()]) {
      if (k < first - 2 || k > end + 2) this.#pages.delete(k);
    }
  }

  /** One request in text mode: more rows at the end when the viewport nears it. */
  async #stepText(): Promise<boolean> {
    const generation = this.#generation;
    if (!this.#more || this.#want[1] < this.#appended.length - 50) return false;
    const lastRow = this.#appended[this.#appended.length - 1];
    const after = this.#textCursor ?? (lastRow ? lastRow.sourceRow : undefined);
    const r = await this.#fetch(after, TEXT_BATCH);
    if (generation !== this.#generation) return false;
    if (!r.ok) {
      this.#error = r.error;
      return false;
    }
    this.#textCursor = r.value.nextCursor ?? undefined;
    this.#more = r.value.nextCursor !== null;
    if (r.value.rows.length) this.#appended = [...this.#appended, ...r.value.rows];
    this.#length = this.#appended.length;
    return this.#more;
  }
  #textCursor: number | undefined;
}
