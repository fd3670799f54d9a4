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

/** The rows a results file attaches to existing suppliers (Attach to platform ID), those whose
 *  platform id the platform does not have active, and those done before: one sentence each,
 *  said before anything is sent. */
export function attachSentences(
  lang: Lang,
  a: {
    rows: ReadonlyArray<{ sourceRow: number; platformId: string; name: string | null }>;
    unknown: ReadonlyArray<{ sourceRow: number; platformId: string }>;
    done: readonly number[];
  },
): string[] {
  const out: string[] = [];
  const list = (items: string[]) =>
    items.length > 20 ? items.slice(0, 20).join(', ') + ' …' : items.join(', ');
  if (a.rows.length)
    out.push(
      word(lang, 'retry.attach', {
        count: a.rows.length,
        examples: list(
          a.rows.map((r) =>
            r.name
              ? word(lang, 'retry.attachRowNamed', {
                  row: r.sourceRow,
                  platformId: r.platformId,
                  name: r.name,
                })
              : word(lang, 'retry.attachRow', { row: r.sourceRow, platformId: r.platformId }),
          ),
        ),
      }),
    );
  if (a.unknown.length)
    out.push(
      word(lang, 'retry.attachUnknown', {
        count: a.unknown.length,
        examples: list(a.unknown.map((r) => `${r.sourceRow} (${r.platformId})`)),
      }),
    );
  if (a.done.length)
    out.push(
      word(lang, 'retry.attachDone', { count: a.done.length, rows: list(a.done.map(String)) }),
    );
  return out;
}
