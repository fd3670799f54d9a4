// Blocking: which pairs are compared at all. Never all pairs: two records meet only when they
// share a key, and every key starts with the country, so two countries never meet. Keys: the
// first folded word of the name, its Cologne phonetic code (Meyer = Meier = Maier, Schmidt =
// Schmitt), every further word (swapped word order, a typo in the first), the first six letters
// of the name without spaces, the first letter and last three of the first word, and the street with its house number (a name mistyped beyond
// recognition at the same address).
//
// One kind of key is met within the whole country: street, house number and a distinctive word
// of the name (a postal code a digit off, a city written as its district, at one address).
//
// A likely duplicate is in the same postal code and city, or one of them is missing: so a key
// is met within its postal code, and within its city only by a record without a postal code
// (two postal codes that differ are never a duplicate, whatever the names). A record with a
// postal code but no city is placed in the city its postal code has elsewhere in the records. A
// record with neither is met by every record with its key. The pairs so grow with the records of
// one town, not of a country.
import { colognePhonetic } from 'cologne-phonetic';
import type { Prepared } from './compare';
import { GENERIC_WORDS } from './nameWords';

/** Cologne phonetic codes by word: names repeat their first words (Müller, Schmidt, Supplier). */
const phonetic = new Map<string, string>();
function phoneticOf(word: string): string {
  let code = phonetic.get(word);
  if (code === undefined) {
    code = colognePhonetic(word);
    if (phonetic.size >= 100_000) phonetic.clear();
    phonetic.set(word, code);
  }
  return code;
}

/** The keys of a record, country first. */
export function blockKeys(p: Prepared): string[] {
  const t = p.name.tokens;
  const first = t[0] ?? '';
  const keys = new Set<string>();
  const c = p.country + '|';
  if (first) {
    keys.add(c + 'f' + (first.length >= 2 || t.length < 2 ? first : first + t[1]));
    // cologne-phonetic drops digits and lower-cases itself; a word of digits has no code.
    const code = phoneticOf(first);
    if (code) keys.add(c + 'p' + code);
    for (let k = 1; k < t.length; k++) if (t[k]!.length >= 3) keys.add(c + 'f' + t[k]);
    if (p.name.concat.length >= 6 && p.name.concat.slice(0, 6) !== first.slice(0, 6))
      keys.add(c + 'c' + p.name.concat.slice(0, 6));
    // First letter and last three: a typo early in a single word ("Dpatamat" / "Datamat").
    if (first.length >= 5) keys.add(c + 'e' + first[0] + first.slice(-3));
  }
  if (p.street?.short && p.street.number)
    keys.add(c + ADDRESS + p.street.short + '|' + p.street.number);
  // Met across postal codes and cities (GLOBAL): the street, its number and a distinctive word of
  // the name: a postal code a digit off or on one side only, a city written as its district.
  const house = /^\d+/.exec(p.street?.number ?? '')?.[0];
  if (p.street?.core && house) {
    let n = 0;
    for (const w of t)
      if (w.length >= 3 && !GENERIC_WORDS.has(w) && n++ < 4)
        // Without a plural or possessive "s" ("Mario's" / "Mario").
        keys.add(
          c +
            GLOBAL +
            p.street.core +
            '|' +
            house +
            '|' +
            (w.length >= 4 ? w.replace(/s$/, '') : w),
        );
  }
  // Met within the whole country: each registration number (GLOBAL, its own mark after it).
  for (const [kind, value] of Object.entries(p.reg)) keys.add(c + GLOBAL + '#' + kind + value);
  if (p.phone) keys.add(c + GLOBAL + '#phone' + p.phone);
  return [...keys];
}

/** The mark of a key met within the whole country, not within a postal code or city. */
const GLOBAL = 'g';
const isGlobal = (key: string) => key[key.indexOf('|') + 1] === GLOBAL;

/** The mark of the street-and-house-number key, and the most records its block may hold: it is
 *  there for a name mistyped beyond recognition at one address, and an address of dozens of
 *  suppliers (a business park, an office tower) is compared by the names' keys instead. */
const ADDRESS = 'a';
const ADDRESS_BLOCK_MAX = 40;
const isAddress = (key: string) => key[key.indexOf('|') + 1] === ADDRESS;

/** Fills blockCity of the records with a postal code but no city: the city that code has most
 *  often among `known` (the records themselves, or a base). Returns the map it used. */
export function placeByPostalCode(
  records: readonly Prepared[],
  known?: Map<string, string>,
): Map<string, string> {
  return runToEnd(placeByPostalCodeSteps(records, known));
}

/** Loop turns of a stepwise build (see `runSliced` in match.ts): a pause (`yield`) every so many
 *  records or entries, each a few microseconds of work. */
const STEP = 1024;

/** placeByPostalCode step by step. */
export function* placeByPostalCodeSteps(
  records: readonly Prepared[],
  known?: Map<string, string>,
): Generator<void, Map<string, string>> {
  const cities = known ?? (yield* postalCities(records));
  for (let i = 0; i < records.length; i++) {
    const p = records[i]!;
    if (!p.blockCity && p.postal) p.blockCity = cities.get(p.country + p.postal) ?? '';
    if (i % STEP === STEP - 1) yield;
  }
  return cities;
}

function* postalCities(records: readonly Prepared[]): Generator<void, Map<string, string>> {
  const counts = new Map<string, Map<string, number>>();
  for (let i = 0; i < records.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const p = records[i]!;
    if (!p.postal || !p.cityTokens[0]) continue;
    const k = p.country + p.postal;
    const m = counts.get(k) ?? new Map<string, number>();
    m.set(p.cityTokens[0], (m.get(p.cityTokens[0]) ?? 0) + 1);
    counts.set(k, m);
  }
  const out = new Map<string, string>();
  let n = 0;
  for (const [k, m] of counts) {
    out.set(k, [...m].sort((x, y) => y[1] - x[1])[0]![0]);
    if (++n % STEP === 0) yield;
  }
  return out;
}

/** Runs a stepwise build or matching to its end at once. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** One arrangement of the (key, record) entries: per key a segment of the records, sorted by a
 *  location id (postal code or city) and then by record, so that (key, location) is a range. */
interface Arrangement {
  /** Per key id, where its segment starts; segment k is [start[k], start[k + 1]). */
  start: Int32Array;
  /** Record indexes. */
  record: Int32Array;
  /** The location id of each entry's record. */
  loc: Int32Array;
  /** Per entry, where the run of its (key, location) ends: a block's size without walking it. */
  runEnd: Int32Array;
}

/** The records' keys, interned, arranged by postal code and by city: a few typed arrays instead
 *  of a map entry per key and place (100,000 records have some 600,000 keys). */
export interface BlockIndex {
  /** Key → key id. */
  keyIds: Map<string, number>;
  /** Country + postal code → location id (from 1); country + city word likewise. */
  postalIds: Map<string, number>;
  cityIds: Map<string, number>;
  byPostal: Arrangement;
  byCity: Arrangement;
  /** The same, only the records without a postal code: what a record with one meets in its
   *  city (the others it meets in its postal code's block, or they differ). */
  byCityWithoutPostal: Arrangement;
  /** The entries of GLOBAL keys, all at one location (1): met within the whole country. */
  byCountry: Arrangement;
  /** Key id → the records with it and neither postal code nor city, ascending. */
  unplaced: Map<number, number[]>;
  maxBlock: number;
}

function intern(map: Map<string, number>, key: string, from: number): number {
  let id = map.get(key);
  if (id === undefined) map.set(key, (id = map.size + from));
  return id;
}

/** Entries (key id, record) with a location id > 0, arranged by key, location, record. */
function* arrange(
  keyCount: number,
  entryKey: Int32Array,
  entryRecord: Int32Array,
  locOf: Int32Array,
): Generator<void, Arrangement> {
  const start = new Int32Array(keyCount + 1);
  let n = 0;
  for (let e = 0; e < entryKey.length; e++) {
    if (locOf[entryRecord[e]!]! > 0) {
      start[entryKey[e]! + 1]!++;
      n++;
    }
    if (e % STEP === STEP - 1) yield;
  }
  for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!;
  yield;
  const fill = start.slice(0, keyCount);
  const record = new Int32Array(n);
  for (let e = 0; e < entryKey.length; e++) {
    const r = entryRecord[e]!;
    if (locOf[r]! > 0) record[fill[entryKey[e]!]!++] = r;
    if (e % STEP === STEP - 1) yield;
  }
  // Entries were filled in record order; sort each key's segment by location, stably.
  for (let k = 0, sorted = 0; k < keyCount; k++) {
    const a = start[k]!,
      b = start[k + 1]!;
    if (b - a > 1) {
      record.set(
        Array.from(record.subarray(a, b)).sort((x, y) => locOf[x]! - locOf[y]! || x - y),
        a,
      );
      sorted += b - a;
    }
    if (sorted >= STEP) {
      sorted = 0;
      yield;
    }
  }
  yield;
  const loc = record.map((r) => locOf[r]!);
  const runEnd = new Int32Array(record.length);
  for (let k = 0; k < keyCount; k++) {
    const a = start[k]!,
      b = start[k + 1]!;
    for (let e = b - 1, end = b; e >= a; e--) {
      if (e + 1 < b && loc[e + 1] !== loc[e]) end = e + 1;
      runEnd[e] = end;
    }
    if (k % STEP === STEP - 1) yield;
  }
  return { start, record, loc, runEnd };
}

/** Indexes records by their keys (keysOf[i] are the keys of records[i]), step by step: 100,000
 *  records take a few hundred milliseconds. */
export function* buildIndexSteps(
  records: readonly Prepared[],
  keysOf: readonly string[][],
  maxBlock: number,
): Generator<void, BlockIndex> {
  const keyIds = new Map<string, number>();
  const postalIds = new Map<string, number>();
  const cityIds = new Map<string, number>();
  const postalOf = new Int32Array(records.length);
  const cityOf = new Int32Array(records.length);
  let entries = 0;
  for (let i = 0; i < records.length; i++) {
    const p = records[i]!;
    if (p.postal) postalOf[i] = intern(postalIds, p.country + p.postal, 1);
    if (p.blockCity) cityOf[i] = intern(cityIds, p.country + p.blockCity, 1);
    entries += keysOf[i]!.length;
    if (i % STEP === STEP - 1) yield;
  }
  const entryKey = new Int32Array(entries);
  const entryRecord = new Int32Array(entries);
  const unplaced = new Map<number, number[]>();
  let e = 0;
  for (let i = 0; i < records.length; i++) {
    for (const key of keysOf[i]!) {
      const k = intern(keyIds, key, 0);
      entryKey[e] = k;
      entryRecord[e++] = i;
      if (!postalOf[i] && !cityOf[i]) {
        const list = unplaced.get(k);
        if (list) list.push(i);
        else unplaced.set(k, [i]);
      }
    }
    if (i % STEP === STEP - 1) yield;
  }
  const byPostal = yield* arrange(keyIds.size, entryKey, entryRecord, postalOf);
  const byCity = yield* arrange(keyIds.size, entryKey, entryRecord, cityOf);
  const cityWithoutPostal = cityOf.map((c, i) => (postalOf[i] ? 0 : c));
  yield;
  const byCityWithoutPostal = yield* arrange(keyIds.size, entryKey, entryRecord, cityWithoutPostal);
  const globalIds = new Uint8Array(keyIds.size);
  for (const [key, id] of keyIds) if (isGlobal(key)) globalIds[id] = 1;
  let g = 0;
  for (let e = 0; e < entryKey.length; e++) if (globalIds[entryKey[e]!]) g++;
  const gKey = new Int32Array(g),
    gRecord = new Int32Array(g);
  for (let e = 0, k = 0; e < entryKey.length; e++)
    if (globalIds[entryKey[e]!]) {
      gKey[k] = entryKey[e]!;
      gRecord[k++] = entryRecord[e]!;
    }
  yield;
  const byCountry = yield* arrange(
    keyIds.size,
    gKey,
    gRecord,
    new Int32Array(records.length).fill(1),
  );
  return {
    keyIds,
    postalIds,
    cityIds,
    byPostal,
    byCity,
    byCityWithoutPostal,
    byCountry,
    unplaced,
    maxBlock,
  };
}

/** Calls visit on the records of key k at location loc in an arrangement that come after
 *  record `after`, unless the block is over max. */
function visitRange(
  a: Arrangement,
  k: number,
  loc: number,
  after: number,
  max: number,
  visit: (records: Int32Array | number[], from: number, to: number) => void,
) {
  const last = a.start[k + 1]!;
  let lo = a.start[k]!,
    hi = last;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a.loc[mid]! < loc) lo = mid + 1;
    else hi = mid;
  }
  // A block over max is skipped: its end is known without walking it (a common word in one
  // city would otherwise be walked through once per record that has it).
  if (lo >= last || a.loc[lo] !== loc) return;
  const end = a.runEnd[lo]!;
  if (end - lo > max) return;
  let from = lo;
  while (from < end && a.record[from]! <= after) from++;
  if (from < end) visit(a.record, from, end);
}

/**
 * Calls visit(records, from, to) for every block of the index that a record with these keys
 * meets: its postal code's; its city's, only the records without a postal code when it has one;
 * and the unplaced records'. A block over maxBlock is skipped. `after`: within one list, the
 * record's own index — only records after it are visited (each pair once), but for a placed
 * record all unplaced ones (an unplaced record never meets a placed one); -1 against a base.
 */
export function forEachBlock(
  index: BlockIndex,
  p: Prepared,
  keys: readonly string[],
  after: number,
  visit: (records: Int32Array | number[], from: number, to: number) => void,
) {
  const postal = p.postal ? (index.postalIds.get(p.country + p.postal) ?? -1) : 0;
  const city = p.blockCity ? (index.cityIds.get(p.country + p.blockCity) ?? -1) : 0;
  const placed = postal !== 0 || city !== 0;
  for (const key of keys) {
    const k = index.keyIds.get(key);
    if (k === undefined) continue;
    const max = isAddress(key) ? Math.min(index.maxBlock, ADDRESS_BLOCK_MAX) : index.maxBlock;
    if (isGlobal(key)) {
      visitRange(index.byCountry, k, 1, after, max, visit);
      continue;
    }
    if (postal > 0) visitRange(index.byPostal, k, postal, after, max, visit);
    if (city > 0)
      visitRange(postal ? index.byCityWithoutPostal : index.byCity, k, city, after, max, visit);
    const unplaced = index.unplaced.get(k);
    if (unplaced && unplaced.length <= max) {
      let from = 0;
      if (!placed) while (from < unplaced.length && unplaced[from]! <= after) from++;
      if (from < unplaced.length) visit(unplaced, from, unplaced.length);
    }
  }
}
