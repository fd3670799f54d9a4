// Likely duplicates in a job: rows of one list that are the same supplier site (grouped after
// the import and again when a check starts), and rows the check would create that likely are a
// supplier the platform has (compared with the supplier list the check reads). The matching is
// src-main/dedupe's; what is found is kept on the rows (journal/duplicates.ts), and a row that
// would be created but has a likely duplicate waits in `duplicate` for the user's decision.
import type { SupplierSummary } from '../api';
import {
  betweenSlices,
  findDuplicatesSteps,
  matchAgainstBase,
  prepareBaseSteps,
  runSliced,
  type PreparedBase,
  type SliceOptions,
} from '../dedupe/match';
import type { ScoredPair, SupplierRecord } from '../dedupe/types';
import {
  REGISTRATION_FIELDS,
  type RegistrationField,
  type Registrations,
} from '../../src-shared/registration';
import type { Journal, JournalRow } from '../journal/journal';
import type { DedupeRow, DuplicateFigures } from '../journal/duplicates';
import type {
  BaseCandidate,
  DuplicateReason,
  PossibleDuplicate,
  RowDuplicates,
} from '../../src-shared/duplicates';

/** A row's pairs kept with their reasons (its best ones), and the other rows of its group it
 *  lists (a group of hundreds of equal rows is counted beyond them). */
const PAIRS_WITH_REASONS = 5;
const ROWS_LISTED = 50;

type Place = Pick<DedupeRow, 'name' | 'street' | 'postalCode' | 'city' | 'countryCode'> &
  Partial<Pick<DedupeRow, RegistrationField | 'phone'>>;

function text(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** A row's record for the matching, or none without a name or a country. */
function recordOf(key: number, p: Place): SupplierRecord | undefined {
  const name = text(p.name);
  const countryCode = text(p.countryCode);
  if (!name || !countryCode) return undefined;
  return {
    key,
    name,
    street: text(p.street),
    postalCode: text(p.postalCode),
    city: text(p.city),
    countryCode,
    registrations: registrationsWritten(p),
    phone: text(p.phone),
  };
}

/** The registration numbers a row's place holds, as written; undefined when none. */
function registrationsWritten(p: Place): Registrations | undefined {
  let out: Registrations | undefined;
  for (const f of REGISTRATION_FIELDS) {
    const v = text(p[f]);
    if (v) (out ??= {})[f] = v;
  }
  return out;
}

/** A journal row's name and place, from its payload. */
export function placeOf(row: Pick<JournalRow, 'payload'>): Place {
  const p = (row.payload ?? {}) as Record<string, unknown>;
  return {
    name: text(p.name),
    street: text(p.address),
    postalCode: text(p.postalCode),
    city: text(p.city),
    countryCode: text(p.countryCode),
    vatId: text(p.vatId),
    taxNumber: text(p.taxNumber),
    duns: text(p.duns),
    registerNumber: text(p.registerNumber),
    phone: text(p.phone),
  };
}

export interface ListGrouping {
  groups: number;
  rows: number;
  /** Pairs of rows that are possible duplicates (listed, never held). */
  possiblePairs: number;
  pairsCompared: number;
  /** Rows that waited for a decision and no longer have a likely duplicate: back to `new`. */
  released: number;
}

/** The groupings running now, per journal and job: one at a time per job, stopped when the
 *  journal's services close. */
interface Grouping {
  done: Promise<ListGrouping>;
  stop: AbortController;
}
interface JournalGroupings {
  /** The newest grouping of each job (it runs after those before it). */
  newest: Map<string, Grouping>;
  /** Every grouping running or waiting for one before it. */
  all: Set<Grouping>;
}
const groupings = new WeakMap<Journal, JournalGroupings>();

function groupingsOf(journal: Journal): JournalGroupings {
  let g = groupings.get(journal);
  if (!g) groupings.set(journal, (g = { newest: new Map(), all: new Set() }));
  return g;
}

/** Whether the job's list is being grouped now (after its import, or by a check). */
export function isGrouping(journal: Journal, jobId: string): boolean {
  return groupings.get(journal)?.newest.has(jobId) ?? false;
}

/** Whether the job's list was grouped and no row was fixed since (else a check groups it). */
export function isGrouped(journal: Journal, jobId: string): boolean {
  const last = journal.lastJobNote(jobId, 'duplicates');
  return !!last && !journal.fixedSince(jobId, last.at);
}

/** Where the job's list stands with its grouping: being looked through now, grouped (and no
 *  row fixed since), or to be grouped (by the check: after a fix, or the app closed meanwhile). */
export function groupingOf(journal: Journal, jobId: string): 'running' | 'done' | 'pending' {
  if (isGrouping(journal, jobId)) return 'running';
  return isGrouped(journal, jobId) ? 'done' : 'pending';
}

/** The job's likely duplicates in figures (from the rows' own columns) and where its grouping
 *  stands: what the tiles, the plan and the command line say. */
export function duplicateFiguresOf(
  journal: Journal,
  jobId: string,
): DuplicateFigures & { grouping: 'running' | 'done' | 'pending' } {
  return { ...journal.duplicateFigures(jobId), grouping: groupingOf(journal, jobId) };
}

/** What a grouping stopped by `stopGroupings` ends with. */
export class GroupingStopped extends Error {
  constructor() {
    super('the grouping was stopped: the services are closing');
    this.name = 'GroupingStopped';
  }
}

/** Stops the groupings running on the journal (the services closing) and waits for them:
 *  nothing of a stopped grouping is written, and a check groups the list again. */
export async function stopGroupings(journal: Journal): Promise<void> {
  const running = [...(groupings.get(journal)?.all ?? [])];
  for (const g of running) g.stop.abort(new GroupingStopped());
  await Promise.allSettled(running.map((g) => g.done));
}

/**
 * Groups the job's rows that are likely the same supplier site and writes the groups to the
 * rows (a row's platform suppliers and decisions stay). A row left waiting in `duplicate`
 * without any duplicate (its partner was fixed apart) goes back to `new`. A grouping of the job
 * already running is waited for first: the rows are grouped as they are after it.
 */
export function groupWithinList(
  journal: Journal,
  jobId: string,
  options: Pick<SliceOptions, 'giveWay'> = {},
): Promise<ListGrouping> {
  const { newest, all } = groupingsOf(journal);
  const before = newest.get(jobId);
  const stop = new AbortController();
  const done = (before ? before.done.catch(() => undefined) : Promise.resolve()).then(() =>
    groupNow(journal, jobId, { ...options, signal: stop.signal }),
  );
  const entry = { done, stop };
  newest.set(jobId, entry);
  all.add(entry);
  const forget = () => {
    all.delete(entry);
    if (newest.get(jobId) === entry) newest.delete(jobId);
  };
  done.then(forget, forget);
  return done;
}

/** Groups the job's list unless it was grouped and no row was fixed since; a grouping running
 *  now is waited for first. */
export async function groupIfChanged(journal: Journal, jobId: string): Promise<void> {
  await groupings
    .get(journal)
    ?.newest.get(jobId)
    ?.done.catch(() => undefined);
  if (isGrouped(journal, jobId)) return;
  await groupWithinList(journal, jobId);
}

async function groupNow(
  journal: Journal,
  jobId: string,
  slices: SliceOptions & { signal: AbortSignal },
): Promise<ListGrouping> {
  const { signal } = slices;
  const startedAt = journal.now();
  // Read a page at a time, each made into records, the event loop served between pages.
  const sourceRowOf = new Map<number, number>();
  const records: SupplierRecord[] = [];
  for (let after = -1; ;) {
    signal.throwIfAborted();
    const page = journal.dedupeRows(jobId, after);
    if (!page.length) break;
    for (const r of page) {
      sourceRowOf.set(r.id, r.sourceRow);
      const rec = recordOf(r.id, r);
      if (rec) records.push(rec);
    }
    after = page[page.length - 1]!.sourceRow;
    await betweenSlices(slices);
  }
  // In slices: a list of 100,000 rows takes seconds, and the services answer meanwhile.
  const found = await runSliced(findDuplicatesSteps(records), undefined, slices);
  signal.throwIfAborted();
  const byRow = new Map<number, Required<Pick<RowDuplicates, 'group' | 'rows'>>>();
  found.groups.forEach((g, i) => {
    // Each row's pairs with the others, best first: the reasons are kept for its best few.
    const pairsOf = new Map<
      number,
      { other: number; score: number; reasons: DuplicateReason[] }[]
    >();
    for (const p of g.pairs) {
      const [a, b] = [p.a as number, p.b as number];
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const list = pairsOf.get(x) ?? [];
        list.push({ other: y, score: p.score, reasons: p.reasons });
        pairsOf.set(x, list);
      }
    }
    for (const key of g.keys) {
      const id = key as number;
      const best = new Map(
        (pairsOf.get(id) ?? []).slice(0, PAIRS_WITH_REASONS).map((p) => [p.other, p]),
      );
      const others = (g.keys as number[]).filter((k) => k !== id);
      const entry: Required<Pick<RowDuplicates, 'group' | 'rows'>> & RowDuplicates = {
        group: i + 1,
        rows: others.slice(0, ROWS_LISTED).map((o) => {
          const pair = best.get(o);
          return {
            sourceRow: sourceRowOf.get(o)!,
            ...(pair ? { score: pair.score, reasons: pair.reasons } : {}),
          };
        }),
      };
      if (others.length > ROWS_LISTED) entry.moreRows = others.length - ROWS_LISTED;
      byRow.set(id, entry);
    }
  });
  const orphans = journal.setListDuplicates(jobId, byRow);
  journal.setPossibleDuplicates(jobId, possibleByRow(found.possible, sourceRowOf));
  if (orphans.length) {
    journal.recordOutcomes(
      orphans.map((rowId) => ({
        rowId,
        from: 'duplicate' as const,
        to: 'new' as const,
        patch: { duplicateDecision: null },
        reason: 'duplicate_gone' as const,
      })),
    );
  }
  const result = {
    groups: found.groups.length,
    rows: byRow.size,
    possiblePairs: found.possible.length,
    pairsCompared: found.pairsCompared,
    released: orphans.length,
  };
  // When: the check groups again only if a row was fixed since.
  journal.appendEvents([
    { jobId, rowId: null, kind: 'note', at: startedAt, detail: { duplicates: result } },
  ]);
  return result;
}

/** Each row's possible duplicates (the other row, score and reasons), best first, at most
 *  PAIRS_WITH_REASONS per row. */
function possibleByRow(
  pairs: readonly ScoredPair[],
  sourceRowOf: ReadonlyMap<number, number>,
): Map<number, PossibleDuplicate[]> {
  const out = new Map<number, PossibleDuplicate[]>();
  for (const p of pairs) {
    const [a, b] = [p.a as number, p.b as number];
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = out.get(x) ?? [];
      if (list.length >= PAIRS_WITH_REASONS) continue;
      list.push({ sourceRow: sourceRowOf.get(y)!, score: p.score, reasons: p.reasons });
      out.set(x, list);
    }
  }
  return out;
}

/** The platform's active suppliers, prepared once, to compare the rows a check would create. */
export class BaseComparison {
  pairsCompared = 0;

  private constructor(
    private readonly suppliers: readonly SupplierSummary[],
    private readonly prepared: PreparedBase,
  ) {}

  /** The suppliers prepared in slices (100,000 of them take a few seconds). */
  static async of(all: readonly SupplierSummary[]): Promise<BaseComparison> {
    const records: SupplierRecord[] = [];
    const suppliers: SupplierSummary[] = [];
    for (const s of all) {
      const rec = recordOf(suppliers.length, {
        name: s.name ?? null,
        street: s.address ?? null,
        postalCode: s.postalCode ?? null,
        city: s.city ?? null,
        countryCode: s.countryCode ?? null,
      });
      if (!rec) continue;
      suppliers.push(s);
      records.push(rec);
    }
    return new BaseComparison(suppliers, await runSliced(prepareBaseSteps(records)));
  }

  get size(): number {
    return this.suppliers.length;
  }

  /** For each row (by id), the suppliers it likely is, best first; rows without are absent. */
  candidates(rows: readonly JournalRow[]): Map<number, BaseCandidate[]> {
    const records = rows.flatMap((r) => recordOf(r.id, placeOf(r)) ?? []);
    const out = new Map<number, BaseCandidate[]>();
    if (!records.length || !this.suppliers.length) return out;
    const result = matchAgainstBase(records, this.prepared);
    this.pairsCompared += result.pairsCompared;
    for (const m of result.matches) {
      out.set(
        m.key as number,
        m.candidates.map((c) => {
          const s = this.suppliers[c.baseKey as number]!;
          return {
            platformId: String(s.platformTargetId),
            name: s.name ?? null,
            street: s.address ?? null,
            postalCode: s.postalCode == null ? null : String(s.postalCode),
            city: s.city ?? null,
            countryCode: s.countryCode ?? null,
            score: c.score,
            reasons: c.reasons,
          };
        }),
      );
    }
    return out;
  }
}
