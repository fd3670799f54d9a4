// What a results file brought back changed on the user's behalf, in the words the screens and the
// command line share.
import { word, type Lang } from './i18n';

/** Ids typed without the zeros of their column and sent with them, one sentence; null when none. */
export function zerosPaddedSentence(
  lang: Lang,
  r: {
    zerosPadded: number;
    zerosPaddedRows: ReadonlyArray<{ sourceRow: number; from: string; to: string }>;
  },
): string | null {
  if (r.zerosPadded <= 0) return null;
  const shown = r.zerosPaddedRows.map((p) =>
    word(lang, 'retry.zerosPaddedRow', { row: p.sourceRow, from: p.from, to: p.to }),
  );
  const more = r.zerosPadded > shown.length ? ' …' : '';
  return word(lang, 'retry.zerosPadded', {
    count: r.zerosPadded,
    examples: shown.join(', ') + more,
  });
}
