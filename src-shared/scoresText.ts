// The scores job's sentences in a language: why the API did not write a score, and what to do.
import { hasKey, word, type Lang } from './i18n';
import type { RowScore } from './scores';

/** The reason a score was not written, with its fix, worded from the API's reason code. */
export function rejectionText(lang: Lang, score: RowScore): string {
  const params = {
    cell: score.cell,
    eventTypeKey: score.eventTypeKey,
    message: score.message ?? score.reason ?? '',
  };
  const key = `scores.rejected.${score.reason ?? 'other'}`;
  return hasKey(key) ? word(lang, key, params) : word(lang, 'scores.rejected.other', params);
}
