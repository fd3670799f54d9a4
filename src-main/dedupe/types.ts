// The records, reasons and results of duplicate finding. Pure data: a reason is a code and the
// values a UI needs to word it (English and German later), never a sentence.
import type { DuplicateReason, DuplicateReasonCode } from '../../src-shared/duplicates';
import type { Registrations } from '../../src-shared/registration';

export type { DuplicateReason, DuplicateReasonCode };

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
  /** Registration numbers by kind, as written (normalised when prepared): the same number of
   *  one kind is one company, two different numbers of one kind are two. */
  registrations?: Registrations | undefined;
  /** The telephone number as written: the same number is evidence of one site. */
  phone?: string | null | undefined;
}

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
  /** Possible duplicates: pairs with some evidence below "likely" (a score from
   *  POSSIBLE_THRESHOLD, or refused from a group), their records in no one group. Best first. */
  possible: ScoredPair[];
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
