// Folding of names, cities and postal codes into the forms that are compared: what two
// spellings of one supplier site have in common and two sites do not. Names: transliteration
// (any-ascii: ä → a, ß → ss, ø → o, Ł → L, Cyrillic, Greek …), then the German spellings of
// umlauts folded too (Mueller → muller, so "Müller" = "Mueller" = "Muller"), case, punctuation,
// additions in brackets dropped, legal forms stripped and reported, "&"/"und"/"and"/"et"
// dropped, abbreviations written out (nameWords.ts). Streets are folded in address.ts.
import { stripLegalForms } from './legalForms';
import { expandAbbreviations } from './nameWords';
import { foldUmlautSpellings, tokenize } from './tokens';

export { foldUmlautSpellings, tokenize } from './tokens';
export { foldStreet, houseNumbersAgree } from './address';
export type { FoldedStreet } from './address';

const NAME_CONNECTORS = new Set(['&', 'und', 'and', 'u', 'et', 'y', 'e', 'en', 'i']);
const NAME_LEADING = new Set(['the']);

export interface FoldedName {
  /** The name's words without legal forms and connectors. */
  tokens: string[];
  /** The legal forms stripped, as labels ("GmbH & Co. KG", "Ltd", "S.A."), outermost last. */
  legalForms: string[];
  /** tokens joined by one space. */
  core: string;
  /** tokens sorted, joined by one space: the same for swapped word order. */
  sorted: string;
  /** tokens joined without spaces: the same for "Haupt Bau" and "Hauptbau". */
  concat: string;
  /** Per token, the part of the name it is in; undefined when the name is one part. */
  parts: number[] | undefined;
  /** The words of additions in brackets, set aside ("(Buckhead)", "(Hauptsitz)"): what the other
   *  name may hold without naming another site. */
  aside: string[];
  /** The numbers in the name, in order and sorted ('' when none): "Werk 1" and "Werk 2" differ. */
  numbers: string;
  sortedNumbers: string;
}

/** Folds a company name: "Müller GmbH & Co. KG" → tokens [muller], legal forms ['GmbH & Co.
 *  KG']; "MULLER GMBH" and "Mueller GmbH" → [muller], ['GmbH']; "Smith and Sons Ltd." →
 *  [smith, sons], ['Ltd']. */
export function foldName(name: string): FoldedName {
  // Additions in brackets say which site or what role ("(Hauptsitz)", "(Boston)"), not who.
  const unbracketed = name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  const aside = (name.match(/\([^)]*\)|\[[^\]]*\]/g) ?? [])
    .flatMap((b) => tokenize(b))
    .map(foldUmlautSpellings);
  const text = /[\p{L}\d]/u.test(unbracketed) ? unbracketed : name;
  // Parts of a name: a parent organisation and its site ("Caritas Köln – Kita Sonnenschein").
  let tokens: string[] = [];
  let partOf: number[] = [];
  text.split(NAME_PARTS).forEach((part, k) => {
    for (const t of tokenize(part)) {
      tokens.push(t);
      partOf.push(k);
    }
  });
  if (tokens.length > 1 && NAME_LEADING.has(tokens[0]!)) {
    tokens = tokens.slice(1);
    partOf = partOf.slice(1);
  }
  const stripped = stripLegalForms(tokens);
  let words: string[] = [];
  let parts: number[] = [];
  stripped.tokens.forEach((t, k) => {
    // A connector joins two words; a single letter first is an initial ("E. Wagner").
    if (NAME_CONNECTORS.has(t) && !(k === 0 && t.length === 1 && t !== '&')) return;
    for (const w of expandAbbreviations([t])) {
      words.push(foldUmlautSpellings(w));
      parts.push(partOf[k]!);
    }
  });
  if (words.length === 0) {
    words = stripped.tokens.map(foldUmlautSpellings);
    parts = partOf.slice(0, words.length);
  }
  const core = words.join(' ');
  const digits = core.match(/\d+/g) ?? [];
  return {
    tokens: words,
    legalForms: stripped.legalForms,
    core,
    sorted: words.length > 1 ? [...words].sort().join(' ') : core,
    concat: words.join(''),
    parts: parts.some((x) => x !== parts[0]) ? parts : undefined,
    aside,
    numbers: digits.join(' '),
    sortedNumbers: [...digits].sort().join(' '),
  };
}

/** Where a name splits into parts: a dash between spaces, a comma, a slash, a colon, "at" (a
 *  restaurant in a hotel: "Fenix at the Argyle"). */
const NAME_PARTS = /\s[–—-]\s|[,/:|]|\s(?:at|@)\s/i;

/** The postal code's fixed length where it is all digits: a shorter one lost its leading zeros
 *  in a spreadsheet (Dresden 01067 read as 1067). */
const NUMERIC_POSTAL_LENGTH: Record<string, number> = {
  DE: 5,
  FR: 5,
  IT: 5,
  ES: 5,
  FI: 5,
  SE: 5,
  US: 5,
  MX: 5,
  HR: 5,
  GR: 5,
  TR: 5,
  AT: 4,
  CH: 4,
  BE: 4,
  DK: 4,
  NO: 4,
  LU: 4,
  HU: 4,
  SI: 4,
  AU: 4,
  PL: 5,
  CZ: 5,
  SK: 5,
};

/** Normalises a postal code for comparison in its country: upper case, no spaces, dashes or
 *  dots, a "D-"/"CH-"/"F-" prefix dropped, leading zeros restored where the code is all digits
 *  of a fixed length (DE 1067 → 01067), ZIP+4 cut to the ZIP (US 12345-6789 → 12345), Poland's
 *  00-950 → 00950, the Netherlands' "1234 ab" → 1234AB, Britain's "sw1a 1aa" → SW1A1AA. '' when
 *  nothing is left. */
export function normalisePostalCode(code: string | number | null | undefined, country: string) {
  if (code == null) return '';
  const cc = country.trim().toUpperCase();
  let s = String(code).trim().toUpperCase();
  const fixed = NUMERIC_POSTAL_LENGTH[cc];
  if (fixed) s = s.replace(/^[A-Z]{1,3}\s*-?\s*(?=\d)/, '');
  if (cc === 'US') s = s.replace(/^(\d{5})\s*-\s*\d{4}$/, '$1');
  s = s.replace(/[\s.\-–/]+/g, '');
  if (fixed && /^\d+$/.test(s) && s.length < fixed) s = s.padStart(fixed, '0');
  return /^0+$/.test(s) ? '' : s;
}

/** Two normalised postal codes of one country name the same area: equal, or (where codes
 *  are given to the district only: GB, IE, NL, CA) one a prefix of the other. */
export function postalCodesAgree(a: string, b: string, country: string): boolean {
  if (a === b) return true;
  if (country === 'GB' || country === 'IE' || country === 'NL' || country === 'CA') {
    const [s, l] = a.length < b.length ? [a, b] : [b, a];
    return s.length >= 3 && l.startsWith(s);
  }
  return false;
}

/** English (and other) names of cities, to their own name, folded. */
const CITY_NAMES = new Map<string, string>([
  ['munich', 'munchen'],
  ['cologne', 'koln'],
  ['nuremberg', 'nurnberg'],
  ['vienna', 'wien'],
  ['milan', 'milano'],
  ['rome', 'roma'],
  ['turin', 'torino'],
  ['florence', 'firenze'],
  ['naples', 'napoli'],
  ['venice', 'venezia'],
  ['genoa', 'genova'],
  ['lisbon', 'lisboa'],
  ['prague', 'praha'],
  ['warsaw', 'warszawa'],
  ['cracow', 'krakow'],
  ['brussels', 'brussel'],
  ['bruxelles', 'brussel'],
  ['antwerp', 'antwerpen'],
  ['anvers', 'antwerpen'],
  ['ghent', 'gent'],
  ['gand', 'gent'],
  ['geneva', 'geneve'],
  ['genf', 'geneve'],
  ['basle', 'basel'],
  ['bale', 'basel'],
  ['gothenburg', 'goteborg'],
  ['copenhagen', 'kobenhavn'],
  ['athens', 'athina'],
  ['luxemburg', 'luxembourg'],
  ['seville', 'sevilla'],
  ['arhus', 'aarhus'],
  ['nyc', 'new york'],
  ['new york city', 'new york'],
  // Districts lists write instead of their city, where the district is no "City-District" form
  // (those agree by their first word): boroughs, neighbourhoods with their own postal name.
  ['brooklyn', 'new york'],
  ['queens', 'new york'],
  ['manhattan', 'new york'],
  ['bronx', 'new york'],
  ['the bronx', 'new york'],
  ['staten island', 'new york'],
  ['long island city', 'new york'],
  ['sf', 'san francisco'],
  ['hollywood', 'los angeles'],
  ['la', 'los angeles'],
  ['westminster', 'london'],
  ['southwark', 'london'],
  ['islington', 'london'],
  ['hackney', 'london'],
  ['lambeth', 'london'],
  ['camden', 'london'],
  ['kensington', 'london'],
  ['chelsea', 'london'],
  ['greenwich', 'london'],
  ['shoreditch', 'london'],
  ['soho', 'london'],
  ['city of london', 'london'],
  ['hoofddorp', 'haarlemmermeer'],
  ['nieuw vennep', 'haarlemmermeer'],
  ['altona', 'hamburg'],
  ['wandsbek', 'hamburg'],
  ['harburg', 'hamburg'],
  ['charlottenburg', 'berlin'],
  ['kreuzberg', 'berlin'],
  ['spandau', 'berlin'],
  ['the hague', 'den haag'],
  ['s gravenhage', 'den haag'],
]);

/** Folds a city: "Frankfurt a. M." → [frankfurt, a, m]; "München", "Muenchen" and "Munich" →
 *  [munchen]. [] when none. */
export function foldCity(city: string | null | undefined): string[] {
  if (city == null) return [];
  const tokens = tokenize(String(city))
    .filter((t) => t !== '&')
    .map(foldUmlautSpellings);
  const whole = CITY_NAMES.get(tokens.join(' '));
  if (whole) return whole.split(' ');
  if (tokens.length > 0) tokens[0] = CITY_NAMES.get(tokens[0]!) ?? tokens[0]!;
  return tokens;
}
