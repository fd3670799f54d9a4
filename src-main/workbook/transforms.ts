// Per-field value transforms: each takes the cell text and returns the payload value, or says
// why it cannot (the caller turns that into a row problem).
import type { TextCase } from '../../src-shared/fieldTransforms';

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

const splitters = new Map<string, RegExp>();

/** `a; b, c` → ['a', 'b', 'c'], blanks and repeats left out. */
export function splitList(text: string, separators = ';,'): string[] {
  let splitter = splitters.get(separators);
  if (!splitter) {
    splitter = new RegExp(`[${separators.replace(/[\\\]^-]/g, '\\$&')}\\n]`);
    splitters.set(separators, splitter);
  }
  const parts = text.split(splitter).map(collapse).filter(Boolean);
  return [...new Set(parts)];
}

const YES = new Set(['ja', 'j', 'yes', 'y', 'x', '1', 'true', 'wahr', 'oui', 'o', 'si', '✓', '✔']);
const NO = new Set(['nein', 'n', 'no', '0', 'false', 'falsch', 'non', '-']);

/** Yes/no words to a boolean; undefined for an empty cell; 'invalid' for anything else. */
export function toBoolean(text: string): boolean | undefined | 'invalid' {
  const t = collapse(text).toLowerCase();
  if (t === '') return undefined;
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return 'invalid';
}

/** 2, 5 or 10 years (`5`, `5 Jahre`, `10 years`, `5.0`); 'invalid' for any other value. */
export function toScreeningPeriod(text: string): 2 | 5 | 10 | undefined | 'invalid' {
  const t = collapse(text).toLowerCase();
  if (t === '') return undefined;
  const m = /^(\d+)(?:[.,]0+)?\s*(?:y|yr|yrs|year|years|j|jahr|jahre|an|ans)?$/.exec(t);
  const n = m ? Number(m[1]) : NaN;
  return n === 2 || n === 5 || n === 10 ? n : 'invalid';
}

/** Countries whose postal codes are always five digits, so a shorter all-digit code lost its
 *  leading zeros (Excel stored it as a number). */
const FIVE_DIGIT_POSTAL = new Set(['DE', 'FR', 'US', 'ES', 'IT']);

/** Restores leading zeros where the country makes it certain; `restored` says it happened. */
export function restorePostalCode(
  text: string,
  countryCode: string | null,
): { value: string; restored: boolean } {
  const t = collapse(text);
  if (countryCode && FIVE_DIGIT_POSTAL.has(countryCode) && /^\d{3,4}$/.test(t)) {
    return { value: t.padStart(5, '0'), restored: true };
  }
  // US ZIP+4 with the first part cut short: 2134-1234 → 02134-1234.
  if (countryCode === 'US' && /^\d{3,4}-\d{4}$/.test(t)) {
    const [zip, plus] = t.split('-') as [string, string];
    return { value: `${zip.padStart(5, '0')}-${plus}`, restored: true };
  }
  return { value: t, restored: false };
}

/** Letter case as the user chose it on the Map screen. `title`: every word starts with a capital
 *  (after a space, hyphen, slash, dot, bracket or ampersand), the rest in small letters. */
export function changeCase(text: string, mode: TextCase | undefined): string {
  switch (mode) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return text
        .toLowerCase()
        .replace(/(^|[\s\-/.(&])(\p{Ll})/gu, (_m, before: string, letter: string) => {
          return before + letter.toUpperCase();
        });
    default:
      return text;
  }
}

/** An all-digit value shorter than `digits` with leading zeros put back (000123 that Excel
 *  stored as the number 123); anything else as it is. */
export function padZeros(text: string, digits: number | undefined): string {
  if (digits === undefined || !/^\d+$/.test(text) || text.length >= digits) return text;
  return text.padStart(digits, '0');
}

/** Characters that take no room on screen: zero-width space, non-joiner and joiner, the
 *  direction marks, embeddings, overrides and isolates, word joiner, byte order mark and soft
 *  hyphen. Copied from web pages and other programs, they make two equal values differ. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
/** Spaces other than the normal one: no-break, narrow no-break, typographic and ideographic. */
const UNUSUAL_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
const ANY_ODD =
  /[\u00A0\u00AD\u1680\u2000-\u200F\u202A-\u202F\u205F\u2060\u2066-\u2069\u3000\uFEFF]/;

const CHARACTER_NAMES: Record<string, string> = {
  '\u00AD': 'soft hyphen',
  '\u200B': 'zero-width space',
  '\u200C': 'zero-width non-joiner',
  '\u200D': 'zero-width joiner',
  '\u200E': 'left-to-right mark',
  '\u200F': 'right-to-left mark',
  '\u202A': 'left-to-right embedding',
  '\u202B': 'right-to-left embedding',
  '\u202C': 'pop directional formatting',
  '\u202D': 'left-to-right override',
  '\u202E': 'right-to-left override',
  '\u2060': 'word joiner',
  '\u2066': 'left-to-right isolate',
  '\u2067': 'right-to-left isolate',
  '\u2068': 'first strong isolate',
  '\u2069': 'pop directional isolate',
  '\uFEFF': 'byte order mark',
  '\u00A0': 'no-break space',
  '\u1680': 'Ogham space mark',
  '\u202F': 'narrow no-break space',
  '\u205F': 'medium mathematical space',
  '\u3000': 'ideographic space',
};

/** `zero-width space U+200B`. */
/** `U+00A0`: a character by its code point. */
export function characterCode(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function characterName(ch: string): string {
  const code = characterCode(ch);
  const name =
    CHARACTER_NAMES[ch] ?? (/[\u2000-\u200A]/.test(ch) ? 'typographic space' : 'character');
  return `${name} ${code}`;
}

export interface CleanText {
  text: string;
  /** The invisible characters removed, each once, in the order found. */
  removed: string[];
  /** The unusual spaces that became normal spaces, each once. */
  replaced: string[];
}

/** Removes invisible characters and turns unusual spaces into normal ones; says which. */
export function cleanText(text: string): CleanText {
  if (!ANY_ODD.test(text)) return { text, removed: [], replaced: [] };
  const removed = new Set<string>();
  const replaced = new Set<string>();
  const out = text
    .replace(INVISIBLE, (ch) => {
      removed.add(ch);
      return '';
    })
    .replace(UNUSUAL_SPACES, (ch) => {
      replaced.add(ch);
      return ' ';
    });
  return { text: out, removed: [...removed], replaced: [...replaced] };
}

/** A number as Excel writes it in scientific notation (`1.23E+11`, `1,23E+11`): a value typed
 *  or read as a number and saved as it was shown, with its last digits lost. */
export const isScientificText = (text: string): boolean =>
  /^[-+]?\d(?:[.,]\d+)?E[-+]\d{1,3}$/i.test(text.trim());
