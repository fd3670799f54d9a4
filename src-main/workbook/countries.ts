// Country names and codes to ISO 3166-1 alpha-2, from the i18n-iso-countries data (names in the
// languages procurement lists use, with their official and short forms), ISO-3 codes, and the
// everyday forms lists carry (USA, UK, England, Holland, ...). Misspelt names get a suggestion
// only where it cannot point at the wrong country (see `suggestCountry`).
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };

/** The languages whose country names are recognised, in order of precedence when one name
 *  means different countries in two of them (English first). */
const LOCALES = [en, de, fr, es, it, nl, pl, pt];
for (const locale of LOCALES) countries.registerLocale(locale);
export const COUNTRY_LANGUAGES = LOCALES.map((l) => l.locale);

/** Everyday names the data package does not carry. */
const COMMON_FORMS: Record<string, string> = {
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  america: 'US',
  'united states of america': 'US',
  'vereinigte staaten von amerika': 'US',
  amerika: 'US',
  uk: 'GB',
  'u k': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  britain: 'GB',
  'great britain': 'GB',
  grossbritannien: 'GB',
  'grande bretagne': 'GB',
  schottland: 'GB',
  angleterre: 'GB',
  brd: 'DE',
  'west germany': 'DE',
  allemagne: 'DE',
  holland: 'NL',
  'the netherlands': 'NL',
  'south korea': 'KR',
  'korea south': 'KR',
  suedkorea: 'KR',
  'north korea': 'KP',
  nordkorea: 'KP',
  russia: 'RU',
  russland: 'RU',
  'czech republic': 'CZ',
  tschechei: 'CZ',
  'tschechische republik': 'CZ',
  turkey: 'TR',
  turkiye: 'TR',
  prc: 'CN',
  'p r china': 'CN',
  'vr china': 'CN',
  'peoples republic of china': 'CN',
  taiwan: 'TW',
  vietnam: 'VN',
  'viet nam': 'VN',
  'hong kong': 'HK',
  uae: 'AE',
  'u a e': 'AE',
  emirates: 'AE',
  'ivory coast': 'CI',
  elfenbeinkueste: 'CI',
  macedonia: 'MK',
  mazedonien: 'MK',
  swaziland: 'SZ',
  burma: 'MM',
  'volksrepublik china': 'CN',
  'republique populaire de chine': 'CN',
  // Everyday forms in Spanish, Italian, Dutch, Polish and Portuguese.
  holanda: 'NL',
  olanda: 'NL',
  inglaterra: 'GB',
  inghilterra: 'GB',
  anglia: 'GB',
  engeland: 'GB',
  'gran bretana': 'GB',
  'gran bretagna': 'GB',
  'groot brittannie': 'GB',
  'gra bretanha': 'GB',
  eeuu: 'US',
  'ee uu': 'US',
  'stati uniti': 'US',
  'corea del sur': 'KR',
  'corea del sud': 'KR',
  // Names in the country's own language, as local staff write them.
  italia: 'IT',
  espana: 'ES',
  nederland: 'NL',
  polska: 'PL',
  oesterreich: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  sverige: 'SE',
  norge: 'NO',
  danmark: 'DK',
  suomi: 'FI',
  'ceska republika': 'CZ',
  cesko: 'CZ',
  magyarorszag: 'HU',
  belgie: 'BE',
  brasil: 'BR',
  'republica checa': 'CZ',
  zhongguo: 'CN',
  nippon: 'JP',
  hrvatska: 'HR',
  slovensko: 'SK',
  slovenija: 'SI',
  romania: 'RO',
  ellada: 'GR',
};

/** Lower case without accents, umlauts spelled out both ways, punctuation as spaces. */
function keys(text: string): string[] {
  const base = text.toLowerCase().trim();
  const strip = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const spelled = base
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss');
  return [...new Set([strip(spelled), strip(base)])];
}

const lookup = new Map<string, string>();
const displayNames: { key: string; code: string }[] = [];

function add(name: string, code: string): void {
  for (const k of keys(name)) {
    if (!lookup.has(k)) lookup.set(k, code);
    displayNames.push({ key: k, code });
  }
}

for (const lang of COUNTRY_LANGUAGES) {
  const names = countries.getNames(lang, { select: 'all' }) as Record<string, string[]>;
  for (const [code, list] of Object.entries(names)) for (const n of list) add(n, code);
}
for (const code of Object.keys(countries.getAlpha2Codes())) lookup.set(code.toLowerCase(), code);
for (const [alpha3, code] of Object.entries(countries.getAlpha3Codes())) {
  lookup.set(alpha3.toLowerCase(), code);
}
for (const [name, code] of Object.entries(COMMON_FORMS)) {
  for (const k of keys(name)) {
    lookup.set(k, code);
    displayNames.push({ key: k, code });
  }
}

const cache = new Map<string, string | null>();

/** The ISO-2 code for a country name or code, or null when the value is not a country. */
export function toCountryCode(value: string): string | null {
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  let code: string | null = null;
  for (const k of keys(value)) {
    code = lookup.get(k) ?? null;
    if (code) break;
  }
  // Lists of distinct values are short; a cap keeps a file of nonsense from filling memory.
  if (cache.size < 10_000) cache.set(value, code);
  return code;
}

/** The name of an ISO-2 code in a language (English unless told), for messages. */
export function countryName(code: string, lang: 'en' | 'de' = 'en'): string {
  return countries.getName(code, lang) ?? code;
}

/** Edits from `a` to `b`: a letter added, removed, replaced, or two neighbours swapped
 *  (Frnace → France is one edit). */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Languages whose country names the runtime's Unicode data (CLDR) knows: the names a value may
 *  be in although the app does not take it as a country (Swedish "Tyskland", Czech "Německo"). */
const WORLD_LANGUAGES = [
  'af',
  'az',
  'bs',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'en',
  'es',
  'et',
  'eu',
  'fi',
  'fil',
  'fr',
  'ga',
  'gl',
  'ha',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'nn',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'so',
  'sq',
  'sr-Latn',
  'sv',
  'sw',
  'tk',
  'tr',
  'uz',
  'vi',
  'zu',
];

let worldNames: Map<string, Set<string>> | null = null;

/** Every country's name in every language above (written in Latin letters), by key, with the
 *  countries it names; built on the first unknown value. */
function namesInAnyLanguage(): Map<string, Set<string>> {
  if (worldNames) return worldNames;
  const map = new Map<string, Set<string>>();
  const put = (name: string, code: string) => {
    const plain = name
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    // Names in other scripts, or with letters such as ø or đ, have no key of their own.
    if (/[^a-z]/.test(plain.replace(/[^\p{L}]/gu, ''))) return;
    for (const k of keys(name)) {
      if (k.length < 3) continue;
      const set = map.get(k) ?? new Set<string>();
      set.add(code);
      map.set(k, set);
    }
  };
  const codes = Object.keys(countries.getAlpha2Codes());
  // A runtime without the Unicode data for a language just leaves that language out.
  const supported = Intl.DisplayNames.supportedLocalesOf(WORLD_LANGUAGES);
  for (const lang of supported) {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const code of codes) {
      const name = names.of(code);
      if (name && name !== code) put(name, code);
    }
  }
  for (const n of displayNames) {
    const set = map.get(n.key) ?? new Set<string>();
    set.add(n.code);
    map.set(n.key, set);
  }
  worldNames = map;
  return map;
}

const suggestions = new Map<string, string | null>();

/**
 * The country a value that is not recognised most likely means, or null. Suggested only where it
 * cannot send the user to the wrong country:
 * - a value that is a country's name in any language (Swedish "Tyskland", but also Latvian
 *   "Nigēra" for Niger, one letter from Nigeria) gets none: a guess could name another country;
 * - a misspelling of a name the app knows (`Germny`, `Frnace` → DE, FR) gets its country when it
 *   is at most one edit away in up to seven letters, two in up to eleven, three beyond, and every
 *   name of every other country, in any language, is further away than the suggested one;
 * - values shorter than four letters get none.
 */
export function suggestCountry(value: string): string | null {
  const cached = suggestions.get(value);
  if (cached !== undefined) return cached;
  const result = findSuggestion(value);
  if (suggestions.size < 10_000) suggestions.set(value, result);
  return result;
}

function findSuggestion(value: string): string | null {
  const variants = keys(value);
  const [k] = variants;
  if (!k || k.replace(/ /g, '').length < 4) return null;
  const world = namesInAnyLanguage();
  if (variants.some((v) => world.has(v))) return null;
  const limit = Math.max(1, Math.floor(k.length / 4));
  let best: { code: string; d: number } | null = null;
  for (const n of displayNames) {
    if (Math.abs(n.key.length - k.length) > limit) continue;
    const d = distance(k, n.key);
    if (d <= limit && (!best || d < best.d)) best = { code: n.code, d };
  }
  if (!best) return null;
  for (const [name, codes] of world) {
    if (Math.abs(name.length - k.length) > best.d) continue;
    if ([...codes].some((c) => c !== best.code) && distance(k, name) <= best.d) return null;
  }
  return best.code;
}
