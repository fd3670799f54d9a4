// The words of a duplicate reason, in a language: one wording for the screens, the results
// workbook and the command line (`dup.reason.<code>` in src-shared/i18n/duplicates.ts).
import type { DuplicateReason, PossibleDuplicate } from './duplicates';
import { word, type Lang, type MessageKey } from './i18n';

const LOCALE: Record<Lang, string> = { en: 'en-GB', de: 'de-DE' };

/** A share from 0 to 1 as a percentage in the language (87 %, 87%). */
export function percentIn(lang: Lang, share: number): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

const sideText = (lang: Lang, v: string | string[]) =>
  Array.isArray(v) ? (v.length ? v.join(', ') : word(lang, 'dup.reason.none')) : v;

/** Why two records are (or are not) the same site, in words. */
export function reasonWords(lang: Lang, reason: DuplicateReason): string {
  const params: Record<string, string> = {};
  if ('a' in reason) params.a = sideText(lang, reason.a);
  if ('b' in reason) params.b = sideText(lang, reason.b);
  if ('similarity' in reason) params.similarity = percentIn(lang, reason.similarity);
  if ('kind' in reason) params.kind = word(lang, `field.${reason.kind}` as MessageKey);
  return word(lang, `dup.reason.${reason.code}` as MessageKey, params);
}

/** The `Possible duplicate of` cell: `row N (name similar (70 %); same street …)` per possible
 *  duplicate, separated by ` | `; empty when none. Only the reasons for the pair, not those
 *  against it, are worded: the cell says what the rows have in common. */
export function possibleDuplicateWords(
  lang: Lang,
  list: readonly PossibleDuplicate[] | null | undefined,
): string {
  return (list ?? [])
    .map(
      (p) =>
        `${word(lang, 'results.duplicateOf.row', { row: p.sourceRow })} (${evidenceWords(lang, p.reasons)})`,
    )
    .join(' | ');
}

/** What two records have in common, in words: the pair's evidence reasons only (the others say
 *  what is missing or differs), separated by `; `. */
export function evidenceWords(lang: Lang, reasons: readonly DuplicateReason[]): string {
  return reasons
    .filter((r) => EVIDENCE.has(r.code))
    .map((r) => reasonWords(lang, r))
    .join('; ');
}

/** The reasons that are evidence for a pair (the others say what is missing or differs). */
const EVIDENCE = new Set<DuplicateReason['code']>([
  'name_equal',
  'name_equal_after_legal_form',
  'name_same_words',
  'name_similar',
  'same_postal_code',
  'same_city',
  'street_equal',
  'street_similar',
  'same_registration',
  'same_phone',
]);
