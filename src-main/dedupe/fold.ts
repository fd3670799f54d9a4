// Folding of names, streets, cities and postal codes into the forms that are compared: what two
// spellings of one supplier site have in common and two sites do not. Names: transliteration
// (any-ascii: ä → a, ß → ss, ø → o, Ł → L, Cyrillic, Greek …), then the German spellings of
// umlauts folded too (Mueller → muller, so "Müller" = "Mueller" = "Muller"), case, punctuation,
// legal forms stripped and reported, "&"/"und"/"and" dropped. Streets: the street word in one
// long form ("Str."/"Strasse"/"Straße" → strasse, "St."/"Street" → street …), spaces and dashes
// dropped ("Haupt-Straße" = "Hauptstr."), the house number apart.
import anyAscii from 'any-ascii';
import { stripLegalForms } from './legalForms';

/** Lower-case ASCII tokens: letters and digits, "&" a token of its own ("+" is one too),
 *  apostrophes dropped ("McDonald's" → mcdonalds), everything else a separator. */
export function tokenize(text: string): string[] {
  const ascii = anyAscii(text).toLowerCase();
  const out: string[] = [];
  for (const t of ascii
    .replace(/['`´]/g, '')
    .replace(/[&+]/g, ' & ')
    .split(/[^a-z0-9&]+/))
    if (t) out.push(t);
  return out;
}

/** The German transliterations of umlauts read as the plain vowel: ae → a, oe → o, ue → u at a
 *  word's start or after a consonant (Mueller → muller, Koeln → koln, Oesterreich → osterreich).
 *  Applied to both sides of every comparison, it costs little elsewhere (Michael → michal). */
export function foldUmlautSpellings(token: string): string {
  return token.includes('e') ? token.replace(/(^|[^aeiou])([aou])e/g, '$1$2') : token;
}

const NAME_CONNECTORS = new Set(['&', 'und', 'and', 'u', 'et', 'y']);
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
}

/** Folds a company name: "Müller GmbH & Co. KG" → tokens [muller], legal forms ['GmbH & Co.
 *  KG']; "MULLER GMBH" and "Mueller GmbH" → [muller], ['GmbH']; "Smith and Sons Ltd." →
 *  [smith, sons], ['Ltd']. */
export function foldName(name: string): FoldedName {
  let tokens = tokenize(name);
  if (tokens.length > 1 && NAME_LEADING.has(tokens[0]!)) tokens = tokens.slice(1);
  const stripped = stripLegalForms(tokens);
  const words = stripped.tokens.filter((t) => !NAME_CONNECTORS.has(t)).map(foldUmlautSpellings);
  const kept = words.length > 0 ? words : stripped.tokens.map(foldUmlautSpellings);
  const core = kept.join(' ');
  return {
    tokens: kept,
    legalForms: stripped.legalForms,
    core,
    sorted: kept.length > 1 ? [...kept].sort().join(' ') : core,
    concat: kept.join(''),
  };
}

/** Street words: their long form (a typo in a long word costs little) and their short form (a
 *  typo in an abbreviation costs little). A compound ending in one ("Hauptstr") gets it too. */
const STREET_WORDS = new Map<string, [string, string]>([
  ['str', ['strasse', 'str']],
  ['strasse', ['strasse', 'str']],
  ['strase', ['strasse', 'str']],
  ['straat', ['strasse', 'str']],
  ['st', ['street', 'st']],
  ['street', ['street', 'st']],
  ['ave', ['avenue', 'av']],
  ['av', ['avenue', 'av']],
  ['avenue', ['avenue', 'av']],
  ['avda', ['avenida', 'av']],
  ['avenida', ['avenida', 'av']],
  ['rd', ['road', 'rd']],
  ['road', ['road', 'rd']],
  ['blvd', ['boulevard', 'bd']],
  ['bd', ['boulevard', 'bd']],
  ['bvd', ['boulevard', 'bd']],
  ['boul', ['boulevard', 'bd']],
  ['boulevard', ['boulevard', 'bd']],
  ['dr', ['drive', 'dr']],
  ['drive', ['drive', 'dr']],
  ['ln', ['lane', 'ln']],
  ['lane', ['lane', 'ln']],
  ['pl', ['platz', 'pl']],
  ['place', ['platz', 'pl']],
  ['platz', ['platz', 'pl']],
  ['sq', ['square', 'sq']],
  ['square', ['square', 'sq']],
  ['ct', ['court', 'ct']],
  ['court', ['court', 'ct']],
  ['hwy', ['highway', 'hwy']],
  ['highway', ['highway', 'hwy']],
  ['pkwy', ['parkway', 'pkwy']],
  ['parkway', ['parkway', 'pkwy']],
  ['rte', ['route', 'rte']],
  ['route', ['route', 'rte']],
  ['ch', ['chemin', 'ch']],
  ['chemin', ['chemin', 'ch']],
  ['pza', ['piazza', 'pza']],
  ['piazza', ['piazza', 'pza']],
  ['v', ['via', 'v']],
  ['via', ['via', 'v']],
  ['c', ['calle', 'c']],
  ['r', ['rue', 'r']],
  ['rue', ['rue', 'r']],
  ['calle', ['calle', 'c']],
]);
/** Words that say nothing about the site: house number words, Poland's "ul." (ulica). */
const STREET_NOISE = new Set(['nr', 'no', 'num', 'hausnummer', 'number', 'ul', 'ulica']);
const STREET_SUFFIXES: [string, string, string][] = [
  ['strasse', 'strasse', 'str'],
  ['strase', 'strasse', 'str'],
  ['straat', 'strasse', 'str'],
  ['str', 'strasse', 'str'],
  ['platz', 'platz', 'pl'],
  ['pl', 'platz', 'pl'],
];

/** A street word's long and short forms. */
function streetWord(token: string): [string, string] {
  const word = STREET_WORDS.get(token);
  if (word) return word;
  for (const [suffix, long, short] of STREET_SUFFIXES)
    if (token.length > suffix.length + 2 && token.endsWith(suffix)) {
      const stem = foldUmlautSpellings(token.slice(0, -suffix.length));
      return [stem + long, stem + short];
    }
  const folded = foldUmlautSpellings(token);
  return [folded, folded];
}

export interface FoldedStreet {
  /** The street's words in long form, without spaces: "Haupt-Straße 5" → hauptstrasse. */
  name: string;
  /** The same in short form: "Haupt-Straße 5" → hauptstr. */
  short: string;
  /** The house number, a range with "-": "5", "5a", "5-7"; '' if none. */
  number: string;
  /** The street as given, trimmed: what reasons show. */
  raw: string;
}

/** Folds a street: "Hauptstr. 5", "Hauptstraße 5", "Haupt-Strasse 5" → hauptstrasse / 5;
 *  "12 Main St." and "Main Street 12" → mainstreet / 12; "ul. Długa 5" and "Długa 5" → dluga / 5.
 *  Undefined when nothing is left. */
export function foldStreet(street: string | null | undefined): FoldedStreet | undefined {
  if (street == null) return undefined;
  const raw = String(street).trim();
  if (!raw) return undefined;
  const tokens = tokenize(raw.replace(/(\p{L})(\d)/gu, '$1 $2'));
  const words: string[] = [];
  const shorts: string[] = [];
  const numbers: string[] = [];
  let lastWasNumber = false;
  for (const t of tokens) {
    if (/^\d+[a-z]?$/.test(t)) {
      numbers.push(t);
      lastWasNumber = true;
    } else if (lastWasNumber && words.length > 0 && t.length === 1 && t !== '&') {
      numbers[numbers.length - 1] += t; // "Hauptstr. 5 a" → 5a, but not "12 r. Pasteur"
      lastWasNumber = false;
    } else {
      lastWasNumber = false;
      if (t === '&' || STREET_NOISE.has(t)) continue;
      const [long, short] = streetWord(t);
      words.push(long);
      shorts.push(short);
    }
  }
  const name = words.join('');
  const number = numbers.join('-');
  return name || number ? { name, short: shorts.join(''), number, raw } : undefined;
}

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
