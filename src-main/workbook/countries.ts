// Country names and codes to ISO 3166-1 alpha-2, from the i18n-iso-countries data (English,
// German and French names with their official and short forms), ISO-3 codes, and the everyday
// forms lists carry (USA, UK, England, Holland, ...).
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };

const LOCALES = [en, de, fr];
for (const locale of LOCALES) countries.registerLocale(locale);

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

for (const lang of ['en', 'de', 'fr']) {
  const names = countries.getNames(lang, { select: 'all' }) as Record<string, string[]>;
  for (const [code, list] of Object.entries(names)) for (const n of list) add(n, code);
}
for (const code of Object.keys(countries.getAlpha2Codes())) lookup.set(code.toLowerCase(), code);
for (const [alpha3, code] of Object.entries(countries.getAlpha3Codes())) {
  lookup.set(alpha3.toLowerCase(), code);
}
for (const [name, code] of Object.entries(COMMON_FORMS)) {
  for (const k of keys(name)) lookup.set(k, code);
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

/** The English name of an ISO-2 code, for messages. */
export function countryName(code: string): string {
  return countries.getName(code, 'en') ?? code;
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(
        up + 1,
        (prev[j - 1] as number) + 1,
        diag + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** The closest country for a misspelt name (`Germny` → DE), or null when nothing is close. */
export function suggestCountry(value: string): string | null {
  const [k] = keys(value);
  if (!k || k.length < 3) return null;
  let best: { code: string; d: number } | null = null;
  for (const n of displayNames) {
    if (Math.abs(n.key.length - k.length) > 2) continue;
    const d = distance(k, n.key);
    if (!best || d < best.d) best = { code: n.code, d };
  }
  return best && best.d <= Math.max(1, Math.floor(k.length / 4)) ? best.code : null;
}
