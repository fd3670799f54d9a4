// Streets folded into what two spellings of one address have in common: the street's own words
// (the core), its type (street, Straße, rue, via …) and directional (N/North) apart, ordinals as
// numbers ("Fifth" = "5th"), the house number or range, and notes that are no part of the address
// set aside ("between 5th and 6th Ave", "at Pier 9", "Suite 400", "2. OG", "c/o …", a business
// park's name before the street). The tables are small and hand-kept: no npm package folds
// street types of many countries without a native library and its model data.
import { foldUmlautSpellings, tokenize } from './tokens';

/** Street types to one canonical word per type, across the languages of the lists. */
const TYPES: Record<string, string[]> = {
  strasse: ['strasse', 'str', 'strase', 'straat'],
  street: ['street', 'st'],
  avenue: ['avenue', 'ave', 'av', 'avenida', 'avda', 'avd'],
  boulevard: ['boulevard', 'blvd', 'blv', 'bd', 'bvd', 'boul'],
  road: ['road', 'rd'],
  drive: ['drive', 'dr'],
  lane: ['lane', 'ln'],
  platz: ['platz', 'pl', 'place', 'plac', 'plein'],
  piazza: ['piazza', 'pza', 'pzza', 'plaza', 'plz'],
  square: ['square', 'sq'],
  court: ['court', 'ct'],
  highway: ['highway', 'hwy'],
  parkway: ['parkway', 'pkwy'],
  route: ['route', 'rte'],
  terrace: ['terrace', 'ter', 'terr'],
  chemin: ['chemin', 'ch'],
  via: ['via', 'v'],
  viale: ['viale', 'vle'],
  corso: ['corso', 'cso'],
  largo: ['largo', 'lgo'],
  calle: ['calle', 'c', 'cl', 'carrer'],
  paseo: ['paseo', 'po', 'pso', 'passeig', 'pg'],
  rue: ['rue', 'r'],
  allee: ['allee', 'al', 'aleja', 'aleje'],
  weg: ['weg'],
  gasse: ['gasse'],
  laan: ['laan'],
  kade: ['kade'],
  gracht: ['gracht'],
  impasse: ['impasse', 'imp'],
  quai: ['quai'],
  osiedle: ['osiedle', 'os'],
  carretera: ['carretera', 'ctra', 'crta'],
};
const TYPE_OF = new Map<string, string>();
for (const [canonical, forms] of Object.entries(TYPES))
  for (const f of forms) TYPE_OF.set(f, canonical);
/** A compound ending in a type ("Hauptstr.", "Kerkstraat", "Lindenallee", "Kirchweg"). */
const TYPE_SUFFIXES: [string, string][] = [
  ['strasse', 'strasse'],
  ['strase', 'strasse'],
  ['straat', 'strasse'],
  ['str', 'strasse'],
  ['platz', 'platz'],
  ['plein', 'platz'],
  ['allee', 'allee'],
  ['gasse', 'gasse'],
  ['laan', 'laan'],
  ['weg', 'weg'],
  ['kade', 'kade'],
  ['gracht', 'gracht'],
];

/** Directionals (in English-speaking countries only: "S." is San in Italy, "E." a first name). */
const DIRECTIONS = new Map<string, string>([
  ['n', 'n'],
  ['north', 'n'],
  ['s', 's'],
  ['south', 's'],
  ['e', 'e'],
  ['east', 'e'],
  ['w', 'w'],
  ['west', 'w'],
  ['ne', 'ne'],
  ['northeast', 'ne'],
  ['nw', 'nw'],
  ['northwest', 'nw'],
  ['se', 'se'],
  ['southeast', 'se'],
  ['sw', 'sw'],
  ['southwest', 'sw'],
]);
const DIRECTIONAL_COUNTRIES = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ']);

const ORDINAL_WORDS =
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth'
    .split(' ')
    .map((w, i) => [w, `${i + 1}th`] as const);
const ORDINALS = new Map<string, string>(ORDINAL_WORDS);

/** Titles in street names, written out ("Burg. de Vlugtlaan" = "Burgemeester de Vlugtlaan"). */
const TITLES = new Map<string, string>([
  ['burg', 'burgemeester'],
  ['prof', 'professor'],
  ['pres', 'president'],
  ['gen', 'general'],
  ['mgr', 'monsignor'],
]);

/** A Roman numeral of two letters or more ("Via XX Settembre" = "Via 20 Settembre"); one
 *  letter is an abbreviation too often ("V." is Via). */
function roman(t: string): string | undefined {
  if (t.length < 2 || !/^[ivxl]+$/.test(t)) return undefined;
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50 };
  let n = 0;
  for (let k = 0; k < t.length; k++) {
    const x = v[t[k]!]!,
      y = v[t[k + 1] ?? ''] ?? 0;
    n += x < y ? -x : x;
  }
  return n > 0 ? String(n) : undefined;
}

/** Words that say nothing about the site: house-number words, Poland's "ul.", the particles of
 *  Romance street names ("Avda. de la Constitución" = "Avenida Constitución"). */
const NOISE = new Set(
  'nr no num hausnummer number ul ulica km de la le les l d du des del della dello dei degli di da dos das'.split(
    ' ',
  ),
);

/** Notes after the address: a word that starts one, and all after it goes. */
const NOTE_WORDS =
  /\s(between|btw|betw|at|near|opposite|opp|corner|cnr|behind|beside|next to|zwischen|bei|nahe|neben|gegenuber|pres de|entre|vicino)\s.*$/i;
/** A unit, floor or door after the house number, with its number ("Suite 400", "#4", "2. OG",
 *  "3rd Floor", "Top 5", "piso 2"). */
const UNIT_WORDS =
  /\s(suite|ste|apt|apartment|unit|rm|room|fl|floor|bldg|building|top|tur|stiege|stg|piso|planta|puerta|pta|interno|int|scala|etage|stock|og|eg|lokal|lok)\.?\s*#?\s*\d+\w*.*$/i;
const FLOOR_AFTER =
  /\s\d+\s*(\.|st|nd|rd|th|e|er|eme)?\s*(floor|fl|og|ug|stock|etage|obergeschoss|piso|planta|piano)\b.*$/i;
/** A part of its own that is a note: "c/o …", "Unit 4", "Gebäude B". */
const NOTE_PART =
  /^(c\s*\/\s*o|care of|attn|z\s*\.?\s*hd|bei|unit|suite|ste|apt|floor|fl|building|bldg|gebaude|haus|hall|halle|top|stiege|etage|piso|planta|#)\b/i;

/** The part of a street field that is the street and its number: parts split at commas and
 *  semicolons, a part of only a number joined to its street ("Via Roma, 15"), notes dropped. */
export function streetPart(raw: string): string {
  const parts = raw
    .split(/[,;]|\s[–—]\s|\(|\)/)
    .map((p) => p.trim())
    .filter((p) => p && !NOTE_PART.test(anyLower(p)));
  const joined: string[] = [];
  for (const p of parts) {
    if (/^\d+\s*[a-z]?(\s*bis|\s*ter)?$/i.test(p) && joined.length > 0)
      joined[joined.length - 1] += ' ' + p;
    else joined.push(p);
  }
  // "14bis, rue Nationale": the number came first.
  for (let k = 0; k + 1 < joined.length; k++)
    if (/^\d+\s*[a-z]?(\s*bis|\s*ter)?$/i.test(joined[k]!)) {
      joined[k + 1] = joined[k] + ' ' + joined[k + 1];
      joined.splice(k, 1);
    }
  // The part with a number and a word; else one with a street type ("Unit 5, Riverside
  // Industrial Estate, Mill Road" → Mill Road); else the first.
  const street =
    joined.find((p) => /\d/.test(p) && /\p{L}{2}/u.test(p)) ??
    joined.find((p) => tokenize(p).some((t, k, all) => typeOf(t, k === all.length - 1))) ??
    joined[0] ??
    raw.trim();
  return (' ' + street)
    .replace(NOTE_WORDS, '')
    .replace(UNIT_WORDS, '')
    .replace(FLOOR_AFTER, '')
    .replace(/\s#\s*\d+\w*.*$/, '')
    .trim();
}

const anyLower = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

export interface FoldedStreet {
  /** The street's words in long form, without spaces: "Haupt-Straße 5" → hauptstrasse. */
  name: string;
  /** The same in short form: "Haupt-Straße 5" → hauptstr. */
  short: string;
  /** The street's own words without type and directional: "W 12th St" → 12th. */
  core: string;
  /** The canonical street type, '' if none written: "Blvd" → boulevard. */
  type: string;
  /** The directional, '' if none: "North", "N." → n. */
  dir: string;
  /** The house number, a range with "-": "5", "5a", "5-7"; '' if none. */
  number: string;
  /** The street as given, trimmed: what reasons show. */
  raw: string;
}

/** A word's type, from the table or a compound's ending, with the stem left. */
function typeOf(token: string, last: boolean): [string, string] | undefined {
  // "St." before a name is Saint ("rue St-Jean"), after it Street.
  if (token === 'st' && !last) return undefined;
  const t = TYPE_OF.get(token);
  if (t) return [t, ''];
  for (const [suffix, type] of TYPE_SUFFIXES)
    if (token.length > suffix.length + 2 && token.endsWith(suffix))
      return [type, foldUmlautSpellings(token.slice(0, -suffix.length))];
  return undefined;
}

/** Italian abbreviations written with a dot inside the word ("C.so", "P.za", "V.le"). */
const DOTTED: [RegExp, string][] = [
  [/\bc\.\s?so\b/gi, 'corso '],
  [/\bp\.\s?z?za\b/gi, 'piazza '],
  [/\bp\.\s?le\b/gi, 'piazzale '],
  [/\bv\.\s?le\b/gi, 'viale '],
  [/\bl\.\s?go\b/gi, 'largo '],
];

const SHORT_OF: Record<string, string> = {
  strasse: 'str',
  street: 'st',
  avenue: 'av',
  boulevard: 'bd',
  road: 'rd',
  platz: 'pl',
};

/** Folds a street: "Hauptstr. 5", "Hauptstraße 5", "Haupt-Strasse 5" → hauptstrasse / 5;
 *  "12 Main St." and "Main Street 12" → mainstreet / 12; "214 W 12th St" and "214 West Twelfth
 *  Street" → core 12th, dir w, type street. Undefined when nothing is left. */
export function foldStreet(
  street: string | null | undefined,
  country = '',
): FoldedStreet | undefined {
  if (street == null) return undefined;
  const raw = String(street).trim();
  if (!raw) return undefined;
  const part = DOTTED.reduce((x, [re, word]) => x.replace(re, word), streetPart(raw));
  const tokens = tokenize(part.replace(/(\p{L})(\d)/gu, '$1 $2'));
  const directional = DIRECTIONAL_COUNTRIES.has(country.toUpperCase());
  const words: string[] = [];
  const shorts: string[] = [];
  const core: string[] = [];
  const numbers: string[] = [];
  let type = '',
    dir = '';
  let lastWasNumber = false;
  // A number-first address ("2355 Peachtree Rd NE …") ends with its street type and a
  // directional after it: what follows is a note ("Peachtree Battle Shopping Center", "Lenox
  // Square Mall", a district), set aside like "between …".
  const numberFirst = /^\d/.test(tokens[0] ?? '');
  let closed = false;
  let closedAt = -1;
  tokens.forEach((t0, k) => {
    if (closed) {
      const d = directional ? DIRECTIONS.get(t0) : undefined;
      if (d && !dir && k === closedAt + 1) dir = d;
      return;
    }
    const t =
      ORDINALS.get(t0) ?? TITLES.get(t0) ?? roman(t0) ?? t0.replace(/^(\d+)(st|nd|rd|th)$/, '$1th');
    if (/^\d+([a-z]|bis|ter)?$/.test(t)) {
      numbers.push(t);
      lastWasNumber = true;
      return;
    }
    if (lastWasNumber && (words.length > 0 || numbers.length > 0) && /^([a-z]|bis|ter)$/.test(t)) {
      // "Hauptstr. 5 a" → 5a, "14 bis rue", "178 b rue" → 14bis, 178b; not "12 r. Pasteur".
      const next = tokens[k + 1];
      if (t.length > 1 || words.length > 0 || next === undefined || typeOf(next, false)) {
        numbers[numbers.length - 1] += t;
        lastWasNumber = false;
        return;
      }
    }
    lastWasNumber = false;
    if (t === '&' || NOISE.has(t)) return;
    const d = directional ? DIRECTIONS.get(t) : undefined;
    // A directional is one before or after the street's own words, not the street itself.
    if (d && tokens.length > 2 && !dir) {
      dir = d;
      return;
    }
    const isLast = tokens.slice(k + 1).every((u) => /^\d/.test(u));
    const ty = typeOf(t, isLast);
    if (ty) {
      const [canonical, stem] = ty;
      if (stem) core.push(stem);
      if (!type) type = canonical;
      words.push(stem + canonical);
      shorts.push(stem + (SHORT_OF[canonical] ?? canonical));
      if (numberFirst && core.length > 0 && numbers.length > 0) {
        closed = true;
        closedAt = k;
      }
      return;
    }
    const w = foldUmlautSpellings(t === 'st' ? 'saint' : t);
    core.push(w);
    words.push(w);
    shorts.push(w);
  });
  const name = words.join('');
  const number = numbers.join('-');
  if (!name && !number) return undefined;
  return {
    name: (dir || '') + name,
    short: (dir || '') + shorts.join(''),
    core: core.join(''),
    type,
    dir,
    number,
    raw,
  };
}

/** The house number as a range of integers: "5" → [5, 5], "5-7" → [5, 7], "45/3" (door 3) and
 *  "47-20" (a Queens block) → [45, 45] and [47, 47]. */
function numberRange(n: string): [number, number] | undefined {
  const m = /^(\d+)[a-z]*(?:-(\d+))?/.exec(n);
  if (!m) return undefined;
  const lo = Number(m[1]);
  const hi = m[2] ? Number(m[2]) : lo;
  return hi > lo && hi - lo <= 20 ? [lo, hi] : [lo, lo];
}

/** House numbers agree when equal, when their numbers are ("5" / "5a"), or when ranges overlap
 *  ("5-7" / "7"). */
export function houseNumbersAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const ra = numberRange(a),
    rb = numberRange(b);
  if (!ra || !rb) return false;
  return ra[0] <= rb[1] && rb[0] <= ra[1];
}

/** Street names (their own words, folded) found in so many towns that one name at one house
 *  number in two towns says nothing: "Main St", "High Street", "Hauptstraße", "Bahnhofstraße",
 *  "Via Roma", "Calle Mayor", "Kerkstraat", "ul. Polna". */
const COMMON_STREETS = new Set(
  (
    'main high church park oak elm maple pine cedar walnut chestnut washington lincoln lake hill ' +
    'mill station school market victoria london bridge water spring north south east west ' +
    'broadway center centre front river college union franklin jefferson jackson madison ' +
    'haupt bahnhof dorf schul kirch garten linden berg wald post industrie feld muhlen muhl ' +
    'gartenstrasse ring markt rosen birken eichen friedhof sonnen wiesen ' +
    'republique gare eglise ecoles paix liberte victor hugo general gaulle ' +
    'roma garibaldi mazzini dante cavour matteotti marconi vittorio emanuele nazionale ' +
    'mayor real iglesia constitucion sol ' +
    'kerk dorps molen stations school markt ' +
    'polna lesna sloneczna krotka szkolna ogrodowa lipowa koscielna mickiewicza kosciuszki'
  ).split(' '),
);

/** A street whose name and house number (both written) say which site it is wherever the town:
 *  not one of the streets every town has, nor a numbered street without a directional ("5th
 *  Ave"). Two lists may then write the town as its district ("Los Feliz" / "Los Angeles"). */
export function distinctiveStreet(s: FoldedStreet | undefined): boolean {
  if (!s || !s.core || !s.number) return false;
  if (/^\d+(th)?$/.test(s.core)) return s.dir !== '' && s.core.length > 3;
  return !COMMON_STREETS.has(s.core) && s.core.length >= 4;
}
