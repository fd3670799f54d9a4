// The records, reasons and results of duplicate finding. Pure data: a reason is a code and the
// values a UI needs to word it (English and German later), never a sentence.

/** One supplier site: a row of an imported list, or an active supplier of the platform. */
export interface SupplierRecord {
  /** The row's or supplier's own key, handed back in the results. */
  key: string | number;
  name: string;
  street?: string | null;
  postalCode?: string | number | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2 (DE, AT, US …); compared case-insensitively. */
  countryCode: string;
}

/** Why two records are (or are not) likely the same supplier site. */
export type DuplicateReason =
  | { code: 'name_equal' }
  | { code: 'name_equal_after_legal_form'; a: string[]; b: string[] }
  | { code: 'name_same_words' }
  | { code: 'name_similar'; similarity: number }
  | { code: 'name_different'; similarity: number }
  | { code: 'legal_form_differs'; a: string[]; b: string[] }
  | { code: 'same_postal_code' }
  | { code: 'different_postal_code'; a: string; b: string }
  | { code: 'postal_code_missing' }
  | { code: 'same_city' }
  | { code: 'different_city'; a: string; b: string }
  | { code: 'city_missing' }
  | { code: 'street_equal'; a: string; b: string }
  | { code: 'street_similar'; a: string; b: string; similarity: number }
  | { code: 'same_street_other_number'; a: string; b: string }
  | { code: 'different_street'; a: string; b: string }
  | { code: 'street_missing' };

export type DuplicateReasonCode = DuplicateReason['code'];

export interface MatchOptions {
  /** A pair at or above this score is a likely duplicate. Default 0.8. */
  threshold?: number;
  /** Names less similar than this are never a duplicate, whatever the address. Default 0.75. */
  minNameSimilarity?: number;
  /** A block — the records sharing a blocking key within one postal code, or within one city —
   *  larger than this is skipped: it bounds the pairs compared. Default 200. */
  maxBlockSize?: number;
  /** matchAgainstBase: the most candidates kept for one row, best first. Default 5. */
  maxCandidates?: number;
}

export interface ScoredPair {
  a: string | number;
  b: string | number;
  /** In [0, 1], rounded to three decimals. */
  score: number;
  reasons: DuplicateReason[];
}

export interface DuplicateGroup {
  /** The keys of the rows in the group, in input order. */
  keys: (string | number)[];
  /** Every pair of the group at or above the threshold, best first. */
  pairs: ScoredPair[];
}

export interface DuplicatesResult {
  groups: DuplicateGroup[];
  /** Pairs scored (each pair once, whatever the number of blocks it shares). */
  pairsCompared: number;
  /** Pairs at or above the threshold that were not joined because the group they would have
   *  made holds two records in different postal codes, cities or streets. */
  pairsRefused: number;
}

export interface BaseCandidate {
  baseKey: string | number;
  score: number;
  reasons: DuplicateReason[];
}

export interface BaseMatch {
  key: string | number;
  /** Best first; at most maxCandidates. */
  candidates: BaseCandidate[];
}

export interface BaseMatchResult {
  /** Only the rows with at least one candidate, in input order. */
  matches: BaseMatch[];
  pairsCompared: number;
}
