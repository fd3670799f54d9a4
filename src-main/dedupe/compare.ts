// Scoring one pair of prepared records: how alike the names are, and whether postal code, city
// and street agree. Score = 0.6 × name similarity + 0.4 × address agreement; a different postal
// code or city caps it far below any threshold (the same company in another city is another
// site), and so does a different street (a chain's second site in one town).
import { distance } from 'fastest-levenshtein';
import {
  normalisePhone,
  REGISTRATION_FIELDS,
  registrationsOf,
  type RegistrationField,
  type Registrations,
} from '../../src-shared/registration';
import { distinctiveStreet } from './address';
import {
  foldCity,
  foldName,
  foldStreet,
  houseNumbersAgree,
  normalisePostalCode,
  postalCodesAgree,
} from './fold';
import type { FoldedName, FoldedStreet } from './fold';
import { legalFormsCompatible } from './legalForms';
import { GENERIC_WORDS, isTradeWord } from './nameWords';
import type { DuplicateReason, SupplierRecord } from './types';

/** A record folded once, compared many times. */
export interface Prepared {
  index: number;
  key: string | number;
  country: string;
  name: FoldedName;
  postal: string;
  /** City tokens; city the tokens joined by one space. */
  cityTokens: string[];
  city: string;
  /** The city's first word, or the one its postal code has elsewhere: for blocking only. */
  blockCity: string;
  street: FoldedStreet | undefined;
  /** The record's own strings, for reasons. */
  rawPostal: string;
  rawCity: string;
  /** Registration numbers normalised, and as written (for reasons); empty when none. */
  reg: Registrations;
  rawReg: Registrations;
  /** The telephone number's digits (normalisePhone), '' none; and as written. */
  phone: string;
  rawPhone: string;
}

/** Folded streets, cities and postal codes of one run, by what was written: a list repeats its
 *  towns and many of its streets, and their folding is the most of a record's preparing. The
 *  folded values are shared, never changed. */
export class FoldCache {
  private readonly streets = new Map<string, FoldedStreet | undefined>();
  private readonly cities = new Map<string, string[]>();
  private readonly postals = new Map<string, string>();

  street(raw: string | null | undefined, country: string): FoldedStreet | undefined {
    if (raw == null) return undefined;
    const key = country + '|' + String(raw);
    if (this.streets.has(key)) return this.streets.get(key);
    const v = foldStreet(raw, country);
    if (this.streets.size < CACHE_MAX) this.streets.set(key, v);
    return v;
  }

  city(raw: string | null | undefined): string[] {
    if (raw == null) return [];
    const key = String(raw);
    let v = this.cities.get(key);
    if (!v) {
      v = foldCity(key);
      if (this.cities.size < CACHE_MAX) this.cities.set(key, v);
    }
    return v;
  }

  postal(raw: string | number | null | undefined, country: string): string {
    if (raw == null) return '';
    const key = country + '|' + String(raw);
    let v = this.postals.get(key);
    if (v === undefined) {
      v = normalisePostalCode(raw, country);
      if (this.postals.size < CACHE_MAX) this.postals.set(key, v);
    }
    return v;
  }
}
const CACHE_MAX = 200_000;

export function prepare(
  record: SupplierRecord,
  index: number,
  cache: FoldCache = new FoldCache(),
): Prepared {
  const country = String(record.countryCode ?? '')
    .trim()
    .toUpperCase();
  const cityTokens = cache.city(record.city);
  return {
    index,
    key: record.key,
    country,
    name: foldName(String(record.name ?? '')),
    postal: cache.postal(record.postalCode, country),
    cityTokens,
    city: cityTokens.join(' '),
    blockCity: cityTokens[0] ?? '',
    street: cache.street(record.street, country),
    rawPostal: record.postalCode == null ? '' : String(record.postalCode).trim(),
    rawCity: record.city == null ? '' : String(record.city).trim(),
    reg: registrationsOf(record.registrations, country),
    rawReg: record.registrations ?? {},
    phone: normalisePhone(record.phone, country),
    rawPhone: record.phone == null ? '' : String(record.phone).trim(),
  };
}

/** Both records have the same telephone number: evidence of one site. */
export function samePhone(a: Prepared, b: Prepared): boolean {
  return a.phone !== '' && a.phone === b.phone;
}

/** How two records' registration numbers relate: a kind on both sides with another number
 *  (two companies), else one with the same number (one company), else nothing to say. */
export function registrationRelation(
  a: Prepared,
  b: Prepared,
): { relation: 'same' | 'different' | 'none'; kind?: RegistrationField } {
  let same: RegistrationField | undefined;
  for (const k of REGISTRATION_FIELDS) {
    const x = a.reg[k],
      y = b.reg[k];
    if (!x || !y) continue;
    if (x !== y) return { relation: 'different', kind: k };
    same ??= k;
  }
  return same ? { relation: 'same', kind: same } : { relation: 'none' };
}

/** 1 − edit distance / longer length. */
export function ratio(a: string, b: string): number {
  if (a === b) return 1;
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - distance(a, b) / max;
}

/** 1 − optimal string alignment distance / longer length: two neighbouring letters swapped
 *  cost one edit ("Eruopa" / "Europa"), two letters replaced two ("Mayor" / "Menor"). For the
 *  short words of a street's own name, where Levenshtein's two edits for a swap are too many. */
export function transposedRatio(a: string, b: string): number {
  if (a === b) return 1;
  const n = a.length,
    m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const cur = new Array<number>(m + 1);
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
    }
    [prev2, prev] = [prev, cur];
  }
  return 1 - prev[m]! / Math.max(n, m);
}

const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;

/** b's words in the order that matches a's best, each of a's words taking the closest one left
 *  (swapped words with a typo: "Gllvanik Gärtner" / "Gärtner Galvanik"); leftovers at the end. */
function alignedOrder(a: readonly string[], b: readonly string[]): string {
  const left = [...b];
  const out: string[] = [];
  for (const t of a) {
    if (left.length === 0) break;
    let best = 0,
      bestRatio = -1;
    for (let k = 0; k < left.length; k++) {
      const r = ratio(t, left[k]!);
      if (r > bestRatio) [best, bestRatio] = [k, r];
    }
    out.push(left.splice(best, 1)[0]!);
  }
  return [...out, ...left].join(' ');
}

/** Numbers in both names that differ: other companies or sites ("Lager 1" / "Lager 2"). */
export function numbersDiffer(a: FoldedName, b: FoldedName): boolean {
  if (!a.numbers || !b.numbers) return false;
  return a.numbers !== b.numbers && a.sortedNumbers !== b.sortedNumbers;
}

/** Name similarity in [0, 1]: 1 equal after folding (legal forms aside), 0.98 the same words
 *  in another order, else the best of 1 − edit distance / length over the words as given,
 *  without spaces, and (the first words far apart) in the order that matches best. */
export function nameSimilarity(a: FoldedName, b: FoldedName): number {
  if (!a.core || !b.core) return 0; // a row without a name is nobody's duplicate
  if (a.core === b.core) return 1;
  // Numbers in both names that differ name other companies or sites ("Lager 1" / "Lager 2",
  // "Supplier 101" / "Supplier 1"), however alike the letters.
  if (numbersDiffer(a, b)) return Math.min(0.5, ratio(a.core, b.core));
  if (tradesDiffer(a, b)) return Math.min(0.5, ratio(a.core, b.core));
  if (a.sorted === b.sorted) return 0.98;
  let s = Math.max(ratio(a.core, b.core), ratio(a.concat, b.concat));
  const n = a.tokens.length;
  if (s < 0.9 && n > 1 && n === b.tokens.length && ratio(a.tokens[0]!, b.tokens[0]!) < 0.6)
    s = Math.max(
      s,
      ratio(a.core, n === 2 ? b.tokens[1] + ' ' + b.tokens[0] : alignedOrder(a.tokens, b.tokens)),
    );
  return Math.min(s, 0.97);
}

function nameReason(a: FoldedName, b: FoldedName, s: number): DuplicateReason {
  if (a.core && a.core === b.core) {
    const same =
      a.legalForms.length === b.legalForms.length &&
      a.legalForms.every((l, i) => l === b.legalForms[i]);
    return same
      ? { code: 'name_equal' }
      : { code: 'name_equal_after_legal_form', a: a.legalForms, b: b.legalForms };
  }
  if (a.core && a.sorted === b.sorted) return { code: 'name_same_words' };
  return { code: s >= 0.75 ? 'name_similar' : 'name_different', similarity: round(s) };
}

function wordsClose(x: readonly string[], y: readonly string[]): boolean {
  for (let i = 0; i < x.length; i++) if (ratio(x[i]!, y[i]!) < 0.5) return false;
  return true;
}

/** Every word of one name has a counterpart in the other, at most a few letters off ("Wiknler
 *  Bu" / "Winkler Bau"), in the same or in sorted order; no word is another ("Müller Bau" /
 *  "Müller Holzbau", "Schmidt Logistik" / "Schmitt Elektro"). */
export function wordsAligned(a: FoldedName, b: FoldedName): boolean {
  if (a.tokens.length !== b.tokens.length) return false;
  if (wordsClose(a.tokens, b.tokens)) return true;
  return a.tokens.length > 1 && wordsClose(a.sorted.split(' '), b.sorted.split(' '));
}

/** How far below minNameSimilarity a name may be when its words align and the street agrees. */
export const ALIGNED_NAME_SLACK = 0.15;

/** The little words between a city's name and its river or region ("am Main", "a. d. Ruhr",
 *  "im Breisgau", "upon Tyne", "sur Mer"). */
const CITY_LINKS = new Set(
  'a am an ad d der die das den dem i im in b bei o ob upon on sur de la le les del di'.split(' '),
);

/** Each word of x the start of a word of y. */
function covered(x: readonly string[], y: readonly string[]): boolean {
  return x.every((t) => y.some((u) => u.startsWith(t)));
}

/** Cities agree when folded equal, when one adds words the other abbreviates or leaves out
 *  ("Frankfurt a. M." / "Frankfurt am Main" / "Frankfurt"), or when they differ by a typo in a
 *  long name. "Frankfurt (Oder)" and "Frankfurt am Main" do not. */
export function citiesAgree(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  if (a[0] === b[0]) {
    const ra = a.slice(1).filter((t) => !CITY_LINKS.has(t)),
      rb = b.slice(1).filter((t) => !CITY_LINKS.has(t));
    if (ra.length === 0 || rb.length === 0) return true;
    // Each further word of one a prefix of a further word of the other: a. M. / am Main / Main.
    return covered(ra, rb) || covered(rb, ra);
  }
  // "Camden, London" / "London": the city as the last word of a district's name.
  const [one, more] = a.length === 1 ? [a, b] : b.length === 1 ? [b, a] : [[], []];
  if (one.length === 1 && one[0]!.length >= 4 && more.at(-1) === one[0]) return true;
  const ja = a.join(''),
    jb = b.join('');
  return Math.min(ja.length, jb.length) >= 6 && ratio(ja, jb) >= 0.85;
}

export type StreetRelation = 'equal' | 'similar' | 'other_number' | 'different' | 'missing';

const digitsOf = (s: string) => s.replace(/\D+/g, ' ').trim();

/** How two folded streets relate, and the similarity of their names. Another directional ("N
 *  Elm" / "S Elm"), another numbered street ("W 12th" / "W 14th") or another street type
 *  ("Lincoln Ave" / "Lincoln Blvd") is another street; a type left out on one side is not. */
export function streetRelation(
  a: FoldedStreet | undefined,
  b: FoldedStreet | undefined,
): [StreetRelation, number] {
  if (!a || !b || !a.name || !b.name) return ['missing', 0];
  if (a.dir && b.dir && a.dir !== b.dir) return ['different', 0];
  if (digitsOf(a.core) !== digitsOf(b.core)) return ['different', 0];
  if (a.type && b.type && a.type !== b.type) return ['different', 0];
  let s: number;
  if (a.core && a.core === b.core) s = 1;
  else if (a.name === b.name || a.short === b.short) s = 1;
  // The same type on both sides says nothing: a typo in the street's own words ("Calle Mayor" /
  // "Calle Menor" are two streets). A type on one side only may be a mistyped one
  // ("Bahnhofssraße"): the whole names then.
  else if (a.type && a.type === b.type && a.core && b.core) s = transposedRatio(a.core, b.core);
  else
    s = Math.max(
      a.core && b.core ? ratio(a.core, b.core) : 0,
      ratio(a.name, b.name),
      ratio(a.short, b.short),
    );
  const numbers = !a.number || !b.number ? 'unknown' : houseNumbersAgree(a.number, b.number);
  if (s === 1) {
    if (numbers === true)
      return [
        a.number === b.number && a.type === b.type && a.dir === b.dir ? 'equal' : 'similar',
        1,
      ];
    return numbers === 'unknown' ? ['similar', 0.9] : ['other_number', 1];
  }
  // A typo: the names close, or fairly close at the same house number.
  if ((s >= 0.8 && numbers !== false) || (s >= 0.7 && numbers === true))
    return ['similar', numbers === true ? s : s * 0.95];
  return ['different', s];
}

/** Both streets with a house number and not one every town has: where two towns' names are
 *  the same place written as city and as district (the street and number agreeing). */
export function districtAddress(a: Prepared, b: Prepared): boolean {
  return distinctiveStreet(a.street) && distinctiveStreet(b.street);
}

/** The same street and house number, typos aside: the address of one site. */
export function sameAddress(rel: StreetRelation, sim: number): boolean {
  return rel === 'equal' || (rel === 'similar' && sim >= 0.85);
}

/** Two postal codes of one length that differ in one digit or two neighbours swapped: a typo,
 *  when everything else agrees. */
export function postalCodesNear(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < 4) return false;
  const diff: number[] = [];
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) diff.push(k);
  if (diff.length === 1) return true;
  return (
    diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
  );
}

/** s without a trailing "s" (a possessive or a plural: "Mario's" / "Mario"). */
const stem = (s: string) => (s.length >= 4 && s.endsWith('s') ? s.slice(0, -1) : s);

/** Where a word of the shorter name is in the longer (-1 nowhere): equal, one a plural or
 *  possessive of the other, or (four letters or more) a clipped form ("Techn" / "Technik"). */
function wordAt(w: string, words: readonly string[]): number {
  const sw = stem(w);
  return words.findIndex(
    (u) =>
      u === w ||
      stem(u) === sw ||
      (w.length >= 4 && u.length > w.length && u.startsWith(w)) ||
      (u.length >= 4 && w.length > u.length && w.startsWith(u)),
  );
}

/** The words of one name that the other lacks (a plural, possessive or clipped form counts as
 *  the same word). */
function unshared(x: FoldedName, y: FoldedName): string[] {
  return x.tokens.filter((w) => wordAt(w, y.tokens) < 0);
}

/** The names share a word that is no generic word, a trade or a number ("Grandhotel" of "Café
 *  Grandhotel Elbe" and "Grandhotel Elbe Restaurant"). */
export function sharesDistinctiveWord(x: FoldedName, y: FoldedName): boolean {
  return x.tokens.some(
    (w) =>
      w.length >= 3 &&
      !GENERIC_WORDS.has(w) &&
      !isTradeWord(w) &&
      !/^\d+$/.test(w) &&
      wordAt(w, y.tokens) >= 0,
  );
}

/** Every word of the shorter name is in the longer (plural, possessive or clipped forms too). */
export function wordsWithin(x: FoldedName, y: FoldedName): boolean {
  const [short, long] = x.tokens.length <= y.tokens.length ? [x, y] : [y, x];
  return short.tokens.length > 0 && short.tokens.every((w) => wordAt(w, long.tokens) >= 0);
}

/** Each name has a trade the other lacks ("Dreherei Keller" / "Fräserei Keller", "Müller Bau" /
 *  "Müller Elektro"): two businesses, however alike their letters. */
export function tradesDiffer(x: FoldedName, y: FoldedName): boolean {
  return unshared(x, y).some(isTradeWord) && unshared(y, x).some(isTradeWord);
}

/** One name within the other at one address: every word of the shorter is in the longer, at
 *  least one of them no generic word, and what the longer adds is generic ("Restaurant", "Pub",
 *  "Evangelische"), a number, its city's name, or a part of its own ("Caritas Verband Köln – Kita
 *  Sonnenschein" / "Kita Sonnenschein Caritas", "Stadtwerke Brandt, Karl" / "Brandt"). A
 *  business word added to the name ("Pyrofix" / "Pyrofix Conseil", "Mulder" / "Mulder
 *  Machinebouw") is a sister company; numbers that differ are other sites. */
export function nameContained(a: Prepared, b: Prepared): boolean {
  const x = a.name,
    y = b.name;
  if (!x.core || !y.core || numbersDiffer(x, y) || tradesDiffer(x, y)) return false;
  if (x.tokens.length === y.tokens.length)
    return within(x, y, b.cityTokens) || within(y, x, a.cityTokens);
  return x.tokens.length < y.tokens.length
    ? within(x, y, b.cityTokens)
    : within(y, x, a.cityTokens);
}

/** Every word of `short` in `long`, and what `long` adds generic, a number, its city, a word
 *  `short` set aside in brackets, a trade beside one they share, or a part of its own. */
function within(short: FoldedName, long: FoldedName, longCity: readonly string[]): boolean {
  const sharesTrade = short.tokens.some((w) => isTradeWord(w) && wordAt(w, long.tokens) >= 0);
  let distinctive = 0;
  const used = new Uint8Array(long.tokens.length);
  for (const w of short.tokens) {
    if (/^\d+$/.test(w)) continue;
    const at = wordAt(w, long.tokens);
    if (at < 0) {
      if (GENERIC_WORDS.has(w)) continue;
      return false;
    }
    used[at] = 1;
    if (w.length >= 3 && !GENERIC_WORDS.has(w)) distinctive++;
  }
  if (distinctive === 0) return false;
  const sharedParts = new Set<number>();
  if (long.parts)
    for (let k = 0; k < used.length; k++)
      if (used[k] && !GENERIC_WORDS.has(long.tokens[k]!)) sharedParts.add(long.parts[k]!);
  for (let k = 0; k < long.tokens.length; k++) {
    const w = long.tokens[k]!;
    if (used[k] || GENERIC_WORDS.has(w) || /^\d+$/.test(w) || longCity.includes(w)) continue;
    if (short.aside.includes(w) || (sharesTrade && isTradeWord(w))) continue;
    if (long.parts && !sharedParts.has(long.parts[k]!)) continue;
    return false;
  }
  return true;
}

/** The name similarity a contained name counts as, at the same address. */
export const CONTAINED_NAME_SIMILARITY = 0.85;

const STREET_WEIGHT: Record<StreetRelation, number> = {
  equal: 1,
  similar: 0.9,
  missing: 0.75,
  other_number: 0.2,
  different: 0,
};

export interface PairScore {
  score: number;
  nameSimilarity: number;
  /** The names are alike enough for a duplicate: at least minNameSimilarity, or (words aligned,
   *  street agreeing) at most ALIGNED_NAME_SLACK below. */
  namesAlike: boolean;
  /** Postal code or city differ: never a duplicate, never in one group. */
  conflict: boolean;
  /** The same street and house number, typos aside. */
  addressSame: boolean;
  /** Empty when scored without reasons. */
  reasons: DuplicateReason[];
}

/** Scores two records of one country; `withReasons` false saves their making, for the many
 *  pairs of a block that are no duplicates. */
export function scorePair(
  a: Prepared,
  b: Prepared,
  minNameSimilarity = 0.75,
  withReasons = true,
): PairScore {
  const [relation, streetSim] = streetRelation(a.street, b.street);
  const addressSame = sameAddress(relation, streetSim);
  let nameSim = nameSimilarity(a.name, b.name);
  // A name within the other at one address: a short and a long name, a parent before the site.
  if (nameSim < CONTAINED_NAME_SIMILARITY && addressSame && nameContained(a, b))
    nameSim = CONTAINED_NAME_SIMILARITY;
  const formsDiffer = !legalFormsCompatible(a.name.legalForms, b.name.legalForms);
  const postal: 'same' | 'near' | 'different' | 'missing' =
    a.postal && b.postal
      ? postalCodesAgree(a.postal, b.postal, a.country)
        ? 'same'
        : addressSame && postalCodesNear(a.postal, b.postal)
          ? 'near'
          : 'different'
      : 'missing';
  const city: 'same' | 'district' | 'different' | 'missing' =
    a.city && b.city
      ? a.city === b.city || citiesAgree(a.cityTokens, b.cityTokens)
        ? 'same'
        : // The same street and number, the postal codes not against it: the city written as
          // a district under one postal code ("Hollywood" / "Los Angeles", both 90028), or
          // without one on a street not found in every town ("Los Feliz" / "Los Angeles").
          (addressSame &&
              (postal === 'same' ||
                postal === 'near' ||
                (postal === 'missing' && districtAddress(a, b)))) ||
            // One telephone number and one name: the town written as its district.
            (postal === 'missing' && samePhone(a, b) && nameSim >= minNameSimilarity)
          ? 'district'
          : 'different'
      : 'missing';
  const reg = registrationRelation(a, b);
  const conflict = postal === 'different' || city === 'different' || reg.relation === 'different';
  const location =
    postal === 'same'
      ? 1
      : postal === 'near'
        ? 0.9
        : postal === 'different'
          ? 0
          : city === 'same'
            ? 0.95
            : 0.85;

  let score = 0.6 * nameSim + 0.4 * STREET_WEIGHT[relation] * location;
  if (formsDiffer) score -= 0.05;
  // The same registration number, nothing else against it: one company, whatever its names.
  const sameRegistration =
    reg.relation === 'same' && relation !== 'different' && relation !== 'other_number';
  if (sameRegistration) score = Math.max(score, 0.95);
  // The same telephone number and names alike (a guide's other address of one restaurant, a
  // street left out): one site, unless the names say two (numbers, trades, outlets).
  const phone = samePhone(a, b);
  const phoneJoins =
    phone &&
    !numbersDiffer(a.name, b.name) &&
    !tradesDiffer(a.name, b.name) &&
    (nameSim >= minNameSimilarity ||
      (nameSim >= minNameSimilarity - ALIGNED_NAME_SLACK && relation !== 'different') ||
      // At one address, every word of one name in the other ("Grill The" / "Grill on the Alley"),
      // or a distinctive word in common ("Kühne Feinmechanik" / "Kuehne Präzisionsteile").
      (addressSame && (wordsWithin(a.name, b.name) || sharesDistinctiveWord(a.name, b.name))));
  if (phoneJoins) score = Math.max(score, 0.9);
  if (conflict) score = Math.min(score, 0.3);
  const namesAlike =
    sameRegistration ||
    phoneJoins ||
    nameSim >= minNameSimilarity ||
    (nameSim >= minNameSimilarity - ALIGNED_NAME_SLACK &&
      (relation === 'equal' || relation === 'similar') &&
      wordsAligned(a.name, b.name));

  const reasons: DuplicateReason[] = [];
  if (withReasons) {
    reasons.push(nameReason(a.name, b.name, nameSim));
    if (formsDiffer)
      reasons.push({ code: 'legal_form_differs', a: a.name.legalForms, b: b.name.legalForms });
    if (postal === 'same') reasons.push({ code: 'same_postal_code' });
    else if (postal === 'different' || postal === 'near')
      reasons.push({ code: 'different_postal_code', a: a.rawPostal, b: b.rawPostal });
    else reasons.push({ code: 'postal_code_missing' });
    if (city === 'same') reasons.push({ code: 'same_city' });
    else if (city === 'different' || city === 'district')
      reasons.push({ code: 'different_city', a: a.rawCity, b: b.rawCity });
    else reasons.push({ code: 'city_missing' });
    const sa = a.street?.raw ?? '',
      sb = b.street?.raw ?? '';
    if (relation === 'equal') reasons.push({ code: 'street_equal', a: sa, b: sb });
    else if (relation === 'similar')
      reasons.push({ code: 'street_similar', a: sa, b: sb, similarity: round(streetSim) });
    else if (relation === 'other_number')
      reasons.push({ code: 'same_street_other_number', a: sa, b: sb });
    else if (relation === 'different') reasons.push({ code: 'different_street', a: sa, b: sb });
    else reasons.push({ code: 'street_missing' });
    if (phone) reasons.push({ code: 'same_phone', a: a.rawPhone, b: b.rawPhone });
    if (reg.kind) {
      const k = reg.kind;
      reasons.push({
        code: reg.relation === 'same' ? 'same_registration' : 'different_registration',
        kind: k,
        a: a.rawReg[k] ?? '',
        b: b.rawReg[k] ?? '',
      });
    }
  }
  return {
    score: round(Math.max(0, score)),
    nameSimilarity: nameSim,
    namesAlike,
    conflict,
    addressSame,
    reasons,
  };
}
