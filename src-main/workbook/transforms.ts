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
