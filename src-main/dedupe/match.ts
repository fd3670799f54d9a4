// Likely duplicate suppliers: within one list (groups of rows that are likely one supplier site)
// and a list against the platform's active suppliers (for each row, the likely existing ones).
// Pure: records in, results out; no I/O.
//
// Groups are connected components of the pairs at or above the threshold, joined best pair
// first, but never into a group that would hold two records in different postal codes or
// cities, on different streets, or with names that are not alike: likeness is not transitive
// ("Müller GmbH" with no address is like the Müller in Berlin and the Müller in Munich, which are
// two sites), so a pair that would chain two such records is refused and counted.
import type { BlockIndex } from './blocking';
import {
  blockKeys,
  buildIndexSteps,
  forEachBlock,
  placeByPostalCode,
  placeByPostalCodeSteps,
  runToEnd,
} from './blocking';
import {
  ALIGNED_NAME_SLACK,
  citiesAgree,
  districtAddress,
  FoldCache,
  nameContained,
  nameSimilarity,
  postalCodesNear,
  prepare,
  numbersDiffer,
  registrationRelation,
  samePhone,
  sharesDistinctiveWord,
  tradesDiffer,
  sameAddress,
  scorePair,
  streetRelation,
} from './compare';
import type { Prepared } from './compare';
import { houseNumbersAgree, postalCodesAgree } from './fold';
import type {
  BaseMatch,
  BaseMatchResult,
  DuplicateGroup,
  DuplicatesResult,
  MatchOptions,
  ScoredPair,
  SupplierRecord,
} from './types';

const DEFAULTS = { threshold: 0.8, minNameSimilarity: 0.75, maxBlockSize: 200, maxCandidates: 5 };

function settle(opts: MatchOptions | undefined): Required<MatchOptions> {
  return {
    threshold: opts?.threshold ?? DEFAULTS.threshold,
    minNameSimilarity: opts?.minNameSimilarity ?? DEFAULTS.minNameSimilarity,
    maxBlockSize: opts?.maxBlockSize ?? DEFAULTS.maxBlockSize,
    maxCandidates: opts?.maxCandidates ?? DEFAULTS.maxCandidates,
  };
}

/** Cheap refusals before the names are compared: another postal code or city. */
function locationConflict(a: Prepared, b: Prepared): boolean {
  if (a.postal && b.postal && !postalCodesAgree(a.postal, b.postal, a.country)) return true;
  return (
    a.city !== '' && b.city !== '' && a.city !== b.city && !citiesAgree(a.cityTokens, b.cityTokens)
  );
}

/** The same street and house number as written, cheaply: such a pair is scored even when its
 *  postal codes or cities differ or its names differ in length (a district, a longer name). */
function sameStreetQuick(a: Prepared, b: Prepared): boolean {
  const x = a.street,
    y = b.street;
  return (
    !!x &&
    !!y &&
    x.core !== '' &&
    x.core === y.core &&
    x.number !== '' &&
    y.number !== '' &&
    houseNumbersAgree(x.number, y.number)
  );
}

/** Both streets known and the same address, typos aside. */
function sameSite(a: Prepared, b: Prepared): boolean {
  const [rel, sim] = streetRelation(a.street, b.street);
  return sameAddress(rel, sim);
}

/** Two postal codes that neither agree nor are a digit apart. */
function postalsApart(a: Prepared, b: Prepared): boolean {
  return !postalCodesAgree(a.postal, b.postal, a.country) && !postalCodesNear(a.postal, b.postal);
}

/** A quick upper bound of the name similarity from the lengths alone. */
function namesTooFar(a: Prepared, b: Prepared, min: number): boolean {
  const la = a.name.concat.length,
    lb = b.name.concat.length;
  return Math.min(la, lb) < Math.max(la, lb) * min - 1;
}

interface Edge {
  i: number;
  j: number;
  pair: ScoredPair;
}

/** Below "likely", a pair from this score (names alike or not, nothing against it), or at one
 *  address with a distinctive word of the names in common, is a possible duplicate: listed with
 *  its reasons, never held for a decision. */
export const POSSIBLE_THRESHOLD = 0.65;

/** The most possible pairs kept per record while a list is scored. */
const MAX_POSSIBLE = 10;

/** Scores a pair whose blocks met: a likely pair, with `possible` a possible one too, else
 *  undefined. Reasons are made only for the pairs returned. */
function scoreBand(a: Prepared, b: Prepared, o: Required<MatchOptions>, possible: boolean) {
  const floor = o.minNameSimilarity - ALIGNED_NAME_SLACK;
  const sameRegistration = registrationRelation(a, b).relation === 'same' || samePhone(a, b);
  // Names whose numbers differ ("Werk 1" / "Werk 2") say they are two, and score at most 0.6 ×
  // 0.5 + 0.4 = 0.7: below a threshold over that, neither likely nor possible. Cheap, for the
  // many rows of one address ("Supplier 1" … "Supplier 200").
  if (!sameRegistration && o.threshold > 0.7 && numbersDiffer(a.name, b.name)) return undefined;
  if (
    (locationConflict(a, b) || namesTooFar(a, b, floor)) &&
    !sameStreetQuick(a, b) &&
    !sameRegistration
  )
    return undefined;
  const s = scorePair(a, b, o.minNameSimilarity, false);
  const likely = !s.conflict && s.namesAlike && s.score >= o.threshold;
  if (!likely) {
    if (!possible || s.conflict) return undefined;
    // Some evidence: a score near "likely", or one address and a distinctive word in common.
    const near =
      s.score >= POSSIBLE_THRESHOLD || (s.addressSame && sharesDistinctiveWord(a.name, b.name));
    if (!near) return undefined;
  }
  s.reasons = scorePair(a, b, o.minNameSimilarity).reasons;
  return { likely, s };
}

/** A growing group: its members and the distinct postal codes, cities, streets and names in
 *  it, which a joining group must agree with pairwise. */
interface Component {
  members: number[];
  postals: Prepared[];
  cities: Prepared[];
  streets: Prepared[];
  names: Prepared[];
  /** The members with a registration number. */
  registered: Prepared[];
}

function componentOf(p: Prepared): Component {
  return {
    members: [p.index],
    postals: p.postal ? [p] : [],
    cities: p.city ? [p] : [],
    streets: p.street?.name ? [p] : [],
    names: [p],
    registered: Object.keys(p.reg).length ? [p] : [],
  };
}

function mayJoin(x: Component, y: Component, country: string, minName: number): boolean {
  // Postal codes a digit apart, or cities written as a district, only at one address.
  for (const a of x.postals)
    for (const b of y.postals)
      if (
        !postalCodesAgree(a.postal, b.postal, country) &&
        !(postalCodesNear(a.postal, b.postal) && sameSite(a, b))
      )
        return false;
  for (const a of x.cities)
    for (const b of y.cities)
      if (
        a.city !== b.city &&
        !citiesAgree(a.cityTokens, b.cityTokens) &&
        !(
          sameSite(a, b) &&
          (a.postal !== '' && b.postal !== '' ? !postalsApart(a, b) : districtAddress(a, b))
        ) &&
        // One telephone number: the town written as its district (no postal codes against it).
        !(samePhone(a, b) && (a.postal === '' || b.postal === ''))
      )
        return false;
  for (const a of x.streets)
    for (const b of y.streets) {
      const [rel] = streetRelation(a.street, b.street);
      if ((rel === 'different' || rel === 'other_number') && !samePhone(a, b)) return false;
    }
  // Two numbers of one kind are two companies; one number makes unlike names one company.
  for (const a of x.registered)
    for (const b of y.registered)
      if (registrationRelation(a, b).relation === 'different') return false;
  for (const a of x.names)
    for (const b of y.names)
      if (
        nameSimilarity(a.name, b.name) < minName &&
        !(nameContained(a, b) && sameSite(a, b)) &&
        registrationRelation(a, b).relation !== 'same' &&
        !(samePhone(a, b) && !numbersDiffer(a.name, b.name) && !tradesDiffer(a.name, b.name))
      )
        return false;
  return true;
}

function join(x: Component, y: Component): Component {
  x.members.push(...y.members);
  for (const p of y.postals) if (!x.postals.some((q) => q.postal === p.postal)) x.postals.push(p);
  for (const p of y.cities) if (!x.cities.some((q) => q.city === p.city)) x.cities.push(p);
  for (const p of y.streets)
    if (
      !x.streets.some(
        (q) => q.street!.name === p.street!.name && q.street!.number === p.street!.number,
      )
    )
      x.streets.push(p);
  for (const p of y.names) if (!x.names.some((q) => q.name.core === p.name.core)) x.names.push(p);
  x.registered.push(...y.registered);
  return x;
}

/** Rows handled between two pauses of a stepwise run (see `runSliced`). */
const STEP_ROWS = 256;

/**
 * Runs a stepwise matching in slices of about `sliceMs`, serving the event loop between them
 * (setImmediate): a large list is matched without holding the process for seconds.
 */
export async function runSliced<T>(
  steps: Generator<void, T>,
  sliceMs = 8,
  options: SliceOptions = {},
): Promise<T> {
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= sliceMs) {
      await betweenSlices(options);
      start = performance.now();
    }
  }
}

/** How a stepwise run shares the process (see `runSliced`). */
export interface SliceOptions {
  /** Stopped between two slices (the services closing): the run throws, nothing was written. */
  signal?: AbortSignal | undefined;
  /** A work the user waits for is running (a bulk fix, an undo): a run in the background waits
   *  until it ended before its next slice, instead of sharing each turn of the loop with it. */
  giveWay?: (() => boolean) | undefined;
}

/** Serves the event loop once, then waits while the run gives way; throws once stopped. */
export async function betweenSlices({ signal, giveWay }: SliceOptions): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
  while (giveWay?.()) {
    await new Promise<void>((resolve) => setTimeout(resolve, 25));
    signal?.throwIfAborted();
  }
}

function* prepareAll(rows: readonly SupplierRecord[]): Generator<void, Prepared[]> {
  const out: Prepared[] = new Array(rows.length);
  const cache = new FoldCache();
  for (let i = 0; i < rows.length; i++) {
    out[i] = prepare(rows[i]!, i, cache);
    if (i % STEP_ROWS === STEP_ROWS - 1) yield;
  }
  return out;
}

function* keysOfAll(prepared: readonly Prepared[]): Generator<void, string[][]> {
  const out: string[][] = new Array(prepared.length);
  for (let i = 0; i < prepared.length; i++) {
    out[i] = blockKeys(prepared[i]!);
    if (i % STEP_ROWS === STEP_ROWS - 1) yield;
  }
  return out;
}

/** Groups the rows of one list that are likely the same supplier site. */
export function findDuplicates(
  rows: readonly SupplierRecord[],
  opts?: MatchOptions,
): DuplicatesResult {
  return runToEnd(findDuplicatesSteps(rows, opts));
}

/** findDuplicates step by step: a pause (`yield`) every few hundred rows, for `runSliced`. */
export function* findDuplicatesSteps(
  rows: readonly SupplierRecord[],
  opts?: MatchOptions,
): Generator<void, DuplicatesResult> {
  const o = settle(opts);
  const prepared = yield* prepareAll(rows);
  yield* placeByPostalCodeSteps(prepared);
  const keys = yield* keysOfAll(prepared);
  const index = yield* buildIndexSteps(prepared, keys, o.maxBlockSize);
  yield;
  const stamp = new Int32Array(prepared.length).fill(-1);
  const edges: Edge[] = [];
  const maybe: Edge[] = [];
  // A record's possible pairs kept while scoring: the first few, so that a crowded address
  // (a business park, an office tower) cannot fill memory with pairs nobody reads.
  const maybeOf = new Uint8Array(prepared.length);
  let pairsCompared = 0;
  for (let i = 0; i < prepared.length; i++) {
    if (i % STEP_ROWS === STEP_ROWS - 1) yield;
    const a = prepared[i]!;
    forEachBlock(index, a, keys[i]!, i, (members, from, to) => {
      for (let m = from; m < to; m++) {
        const j = members[m]!;
        if (stamp[j] === i) continue;
        stamp[j] = i;
        pairsCompared++;
        const [x, y] = j > i ? [i, j] : [j, i];
        const px = prepared[x]!,
          py = prepared[y]!;
        const possible = maybeOf[x]! < MAX_POSSIBLE && maybeOf[y]! < MAX_POSSIBLE;
        const band = scoreBand(px, py, o, possible);
        if (!band) continue;
        const edge = {
          i: x,
          j: y,
          pair: { a: px.key, b: py.key, score: band.s.score, reasons: band.s.reasons },
        };
        if (band.likely) edges.push(edge);
        else {
          maybe.push(edge);
          maybeOf[x]!++;
          maybeOf[y]!++;
        }
      }
    });
  }

  edges.sort((x, y) => y.pair.score - x.pair.score || x.i - y.i || x.j - y.j);
  const parent = new Int32Array(prepared.length).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const components = new Map<number, Component>();
  const component = (root: number) => {
    let c = components.get(root);
    if (!c) components.set(root, (c = componentOf(prepared[root]!)));
    return c;
  };
  let pairsRefused = 0;
  let joined = 0;
  for (const e of edges) {
    if (++joined % STEP_ROWS === 0) yield;
    const ri = find(e.i),
      rj = find(e.j);
    if (ri === rj) continue;
    const ci = component(ri),
      cj = component(rj);
    const floor = o.minNameSimilarity - ALIGNED_NAME_SLACK;
    if (!mayJoin(ci, cj, prepared[e.i]!.country, floor)) {
      pairsRefused++;
      maybe.push(e);
      continue;
    }
    const [big, small, bigRoot, smallRoot] =
      ci.members.length >= cj.members.length ? [ci, cj, ri, rj] : [cj, ci, rj, ri];
    parent[smallRoot] = bigRoot;
    join(big, small);
    components.delete(smallRoot);
  }

  const byRoot = new Map<number, DuplicateGroup & { first: number }>();
  for (const [root, c] of components) {
    if (c.members.length < 2) continue;
    c.members.sort((x, y) => x - y);
    byRoot.set(root, {
      first: c.members[0]!,
      keys: c.members.map((i) => prepared[i]!.key),
      pairs: [],
    });
  }
  yield;
  for (const e of edges) {
    const g = byRoot.get(find(e.i));
    if (g && find(e.j) === find(e.i)) g.pairs.push(e.pair);
  }
  const groups = [...byRoot.values()]
    .sort((x, y) => x.first - y.first)
    .map(({ keys, pairs }) => ({ keys, pairs }));
  const possible = maybe
    .filter((e) => find(e.i) !== find(e.j))
    .sort((x, y) => y.pair.score - x.pair.score || x.i - y.i || x.j - y.j)
    .map((e) => e.pair);
  return { groups, pairsCompared, pairsRefused, possible };
}

/** Prepared base suppliers and their blocks, to match many lists against one base. */
export interface PreparedBase {
  prepared: Prepared[];
  /** Postal code → its most frequent city in the base. */
  postalCities: Map<string, string>;
  index: BlockIndex;
  maxBlockSize: number;
}

export function prepareBase(base: readonly SupplierRecord[], opts?: MatchOptions): PreparedBase {
  return runToEnd(prepareBaseSteps(base, opts));
}

/** prepareBase step by step, for `runSliced`. */
export function* prepareBaseSteps(
  base: readonly SupplierRecord[],
  opts?: MatchOptions,
): Generator<void, PreparedBase> {
  const o = settle(opts);
  const prepared = yield* prepareAll(base);
  const postalCities = yield* placeByPostalCodeSteps(prepared);
  const keys = yield* keysOfAll(prepared);
  const index = yield* buildIndexSteps(prepared, keys, o.maxBlockSize);
  return { prepared, postalCities, index, maxBlockSize: o.maxBlockSize };
}

/** For each row, the base suppliers it is likely the same site as, best first. `base` may be
 *  prepared once with prepareBase. */
export function matchAgainstBase(
  rows: readonly SupplierRecord[],
  base: readonly SupplierRecord[] | PreparedBase,
  opts?: MatchOptions,
): BaseMatchResult {
  const o = settle(opts);
  const b = Array.isArray(base) ? prepareBase(base, o) : (base as PreparedBase);
  const stamp = new Int32Array(b.prepared.length).fill(-1);
  const matches: BaseMatch[] = [];
  let pairsCompared = 0;
  const cache = new FoldCache();
  const rowsPrepared = rows.map((r, i) => prepare(r, i, cache));
  placeByPostalCode(rowsPrepared);
  placeByPostalCode(rowsPrepared, b.postalCities);
  rowsPrepared.forEach((a, i) => {
    const found: { index: number; score: number; reasons: ScoredPair['reasons'] }[] = [];
    forEachBlock(b.index, a, blockKeys(a), -1, (members, from, to) => {
      for (let m = from; m < to; m++) {
        const j = members[m]!;
        if (stamp[j] === i) continue;
        stamp[j] = i;
        pairsCompared++;
        const band = scoreBand(a, b.prepared[j]!, o, false);
        if (band) found.push({ index: j, score: band.s.score, reasons: band.s.reasons });
      }
    });
    if (found.length === 0) return;
    found.sort((x, y) => y.score - x.score || x.index - y.index);
    matches.push({
      key: a.key,
      candidates: found.slice(0, o.maxCandidates).map((f) => ({
        baseKey: b.prepared[f.index]!.key,
        score: f.score,
        reasons: f.reasons,
      })),
    });
  });
  return { matches, pairsCompared };
}
