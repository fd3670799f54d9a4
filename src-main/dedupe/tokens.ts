// Tokens of names, streets and cities: ASCII words, and the German spellings of umlauts folded.
import anyAscii from 'any-ascii';

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-case ASCII tokens: letters and digits, "&" a token of its own ("+" is one too),
 *  apostrophes dropped ("McDonald's" → mcdonalds), everything else a separator. */
export function tokenize(text: string): string[] {
  // Most names and streets are ASCII already: the transliteration only where it changes a letter.
  const ascii = (ASCII.test(text) ? text : anyAscii(text)).toLowerCase();
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
