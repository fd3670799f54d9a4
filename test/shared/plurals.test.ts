// Counts in both languages: every sentence of the catalogue that counts something (rows,
// suppliers, requests, screenings, jobs, columns…) says it in the form its language's plural rules
// choose: "1 row", "2 rows", "0 rows"; "1 Zeile", "2 Zeilen". The keys are found from the words
// themselves, so a sentence added later cannot slip by: each is filled with 0, 1 and 2 for every
// value it takes, and the filled sentence must not say "1 rows", "1 Zeilen" or "2 row".
import { describe, expect, it } from 'vitest';
import { fill, messages, word, type Lang, type MessageKey } from '../../src-shared/i18n';

const en = messages.en as Record<string, string>;

// Nouns a count can go with, in the plural and the singular.
const EN_PLURAL =
  'rows|suppliers|requests|screenings|validations|jobs|errors|columns|identifiers|pages|cells|steps|years|creations|event types|scores|times|characters|digits|batches|matches|changes|reads|values|files|entries|problems|notes|sheets|days|hours|minutes|seconds|issues|codes|sends|types|ids|IDs|areas|row\\(s\\)';
const EN_SINGULAR =
  'row|supplier|request|screening|validation|job|error|column|identifier|page|cell|step|year|creation|event type|score|character|digit|batch|match|change|value|file|entry|problem|note|sheet';
const DE_PLURAL =
  'Zeilen|Anfragen|Screenings|Validierungen|Aufträge|Aufträgen|Spalten|Kennungen|Seiten|Zellen|Schritten|Schritte|Jahre|Jahren|Anlagen|Ereignistypen|Scores|Ziffern|Paketen|Pakete|Bewertungen|Lesezugriffe|Werte|Werten|Dateien|Einträge|Probleme|Hinweise|Blätter|Blättern|Kennungstypen|Zeile\\(n\\)';
const DE_SINGULAR =
  'Zeile|Lieferant|Lieferanten-ID|Anfrage|Validierung|Auftrag|Spalte|Kennung|Seite|Zelle|Schritt|Jahr|Anlage|Ereignistyp|Ziffer|Paket|Bewertung|Wert|Datei|Eintrag|Problem|Hinweis|Blatt';

// Words between a count and its noun that say nothing of how many ("2 more rows").
const ADJECTIVES = 'more|new|other|failed|waiting|weitere|neue|andere|fehlgeschlagene|wartende';
// Words after which the noun is not the one counted, or is rightly in the plural.
const OTHER_WORDS = 'has|have|is|with|still|of|hat|haben|ist|mit|weiterhin|ihrer|dieser|davon';
// Up to two words between the count and its noun ("1 more rows", "1 of its columns").
const between = (lower: string) => `(?:${lower}+ ){0,2}`;
const EN_WORD = "[a-z'’]";
const DE_WORD = '[a-zäöüß]';

/** What is wrong with a sentence filled with the count `n`, if anything. */
function wrong(lang: Lang, text: string, n: number): string | undefined {
  const [w, plural, singular] =
    lang === 'en' ? [EN_WORD, EN_PLURAL, EN_SINGULAR] : [DE_WORD, DE_PLURAL, DE_SINGULAR];
  const bad =
    n === 1
      ? new RegExp(`(?<![\\d.,])1 ${between(w)}(?:${plural})(?![\\w/-])`)
      : new RegExp(`(?<![\\d.,])${n} (?:${ADJECTIVES} )?(?:${singular})(?![\\w(-])`);
  for (const m of text.matchAll(new RegExp(bad, 'g'))) {
    // "1 row has problems", "1 of its columns", "1 dieser Lieferanten": the noun is not the count's.
    const words = m[0].split(' ').slice(1, -1).join(' ');
    if (n === 1 && new RegExp(`(?:^|\\b)(?:${singular}|${OTHER_WORDS})\\b`).test(words)) continue;
    return m[0];
  }
  // A verb after one thing: "1 row have", "1 of them are".
  if (lang === 'en' && n === 1) {
    const verb = /(?<![\d.,])1 (?:[a-z]+ ){0,3}(?:are|were|have|need|differ|share)\b/.exec(text);
    if (verb) return verb[0];
  }
  if (lang === 'de' && n === 1) {
    const verb =
      /(?<![\d.,])1 (?:[\wäöüß-]+ ){0,3}(?:werden|sind|haben|brauchen|waren|wurden|bestehen|bleiben|nennen|passten|fehlen|teilen|enthalten)\b/.exec(
        text,
      );
    if (verb) return verb[0];
  }
  return undefined;
}

/** The names of the values a sentence takes, in either language. */
function names(key: string): string[] {
  const found = new Set<string>();
  for (const text of [messages.en[key as MessageKey], messages.de[key as MessageKey]])
    for (const m of text.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)) found.add(m[1]!);
  return [...found];
}

/** A sentence with a form for one and one for several as two keys (`.one`, `.other`): the caller
 *  chooses the key by the count; each is checked with the counts it is chosen for. */
function pairCounts(key: string): number[] {
  const base = key.replace(/\.(one|other)$/, '');
  if (!(`${base}.one` in en && `${base}.other` in en)) return [0, 1, 2];
  return key.endsWith('.one') ? [1] : [0, 2];
}

// Sentences whose number is not a count of the noun after it.
// Sentences whose value before a noun is no count: a list of rows or characters, a country, a
// kind of file, a cell's value.
const NOT_COUNTS = new Set<string>([
  'import.fileFacts',
  'retryFile.doneButChanged',
  'retryFile.conflicts',
  'note.hidden_rows_imported',
  'note.hidden_rows_imported.truncated',
  'note.merged_header_split.many',
  'rowNote.invisible_removed.many',
  'rowNote.invisible_removed.many_empty',
  'rowNote.postal_zeros_restored',
  'problem.id_digits_lost',
  'problem.postal_code_invalid.digits.fix',
  'problem.duplicate_in_file.identifier',
  'problem.scores.no_identifier',
  'problem.scores.duplicate',
  'scores.cli.noEventTypes',
  'failure.invalid_input.scores_unknown_event_type',
  'failure.export_type_refused.extension',
  'rowNote.spaces_replaced.many',
  'rowNote.spaces_replaced.many_empty',
  'note.file_type',
]);

describe('counts in the catalogue', () => {
  it('say one thing in the singular and several in the plural, in English and German', () => {
    const failures: string[] = [];
    for (const key of Object.keys(en) as MessageKey[]) {
      if (NOT_COUNTS.has(key)) continue;
      const params = names(key);
      if (!params.length) continue;
      for (const n of pairCounts(key))
        for (const lang of ['en', 'de'] as const) {
          const text = word(lang, key, Object.fromEntries(params.map((p) => [p, n])));
          const bad = wrong(lang, text, n);
          if (bad) failures.push(`${key} (${lang}, ${n}): "${bad}" in "${text}"`);
        }
    }
    expect(failures).toEqual([]);
  });
});

describe('a count in a sentence', () => {
  it('picks the form by the language’s plural rules and shows the number as the language writes it', () => {
    const text = '{n, plural, =0 {no rows} one {# row} other {# rows}}';
    expect([0, 1, 2, 1234].map((n) => fill(text, { n }, 'en'))).toEqual([
      'no rows',
      '1 row',
      '2 rows',
      '1,234 rows',
    ]);
    const de = '{n, plural, one {# Zeile} other {# Zeilen}}';
    expect([0, 1, 2, 1234].map((n) => fill(de, { n }, 'de'))).toEqual([
      '0 Zeilen',
      '1 Zeile',
      '2 Zeilen',
      '1.234 Zeilen',
    ]);
    // A count the caller formatted is shown as given, its form chosen from its digits.
    expect(fill(de, { n: '1' }, 'de')).toBe('1 Zeile');
    expect(fill(de, { n: '1.234' }, 'de')).toBe('1.234 Zeilen');
    expect(fill(text, { n: '1,234' }, 'en')).toBe('1,234 rows');
    // Without its value the count stays a placeholder, as `{n}` does.
    expect(fill(text, {}, 'en')).toBe('{n}');
  });

  it.each([
    ['rows.count', { n: 1 }, '1 row', '1 Zeile'],
    ['rows.count', { n: 0 }, '0 rows', '0 Zeilen'],
    ['rows.count', { n: 2 }, '2 rows', '2 Zeilen'],
    ['results.retry', { n: 1 }, 'Retry 1 failed row', '1 fehlgeschlagene Zeile erneut senden'],
    ['results.retry', { n: 3 }, 'Retry 3 failed rows', '3 fehlgeschlagene Zeilen erneut senden'],
    [
      'plan.durationSend',
      { n: 1, rate: 100, time: '1s' },
      "Sending 1 request at up to 100 per minute (the connection's limit): 1s.",
      '1 Anfrage mit bis zu 100 pro Minute senden (das Limit der Verbindung): 1s.',
    ],
    [
      'plan.suppliers',
      { new: 1, existing: 1 },
      '1 new supplier will be created; 1 exists already.',
      '1 neuer Lieferant wird angelegt; 1 ist schon vorhanden.',
    ],
    [
      'review.fixHint',
      { n: 1 },
      '1 row has problems and will not be sent. Open a row to fix its values; it is checked again at once.',
      '1 Zeile hat Probleme und wird nicht gesendet. Öffnen Sie eine Zeile, um ihre Werte zu korrigieren; sie wird sofort erneut geprüft.',
    ],
    [
      'cli.results.written',
      { file: 'a.xlsx', rows: 1, attention: 1 },
      'Results: a.xlsx (1 row, 1 needs attention).',
      'Ergebnisse: a.xlsx (1 Zeile, 1 braucht Aufmerksamkeit).',
    ],
  ] as const)('%s with %o', (key, params, english, german) => {
    expect(word('en', key, params)).toBe(english);
    expect(word('de', key, params)).toBe(german);
  });
});

describe('words of issue 29', () => {
  it('name a retry and an undo job in the job’s language', () => {
    expect(word('en', 'kind.retryName', { name: 'Q3' })).toBe('Q3 · retry');
    expect(word('de', 'kind.retryName', { name: 'Q3' })).toBe('Q3 · erneut');
    expect(word('en', 'kind.undoName', { name: 'Q3' })).toBe('Q3 · undo');
    expect(word('de', 'kind.undoName', { name: 'Q3' })).toBe('Q3 · rückgängig');
  });

  it('date a check as German says it: "vom"', () => {
    const params = { time: '26.11.2026, 14:30', new: 1, exists: 0, ambiguous: 0, pending: 2 };
    expect(word('de', 'run.checkFound', params)).toBe(
      'Die Prüfung vom 26.11.2026, 14:30 fand 1 neuen Lieferanten, 0 vorhandene, 0 unklare Treffer und 2 noch laufende Anlagen.',
    );
    expect(word('en', 'run.checkFound', { ...params, time: '26 Nov 2026, 14:30' })).toBe(
      'The check of 26 Nov 2026, 14:30 found 1 new supplier, 0 existing, 0 unclear matches and 2 creations still pending.',
    );
  });

  it('say a yes or a no in the user’s language', () => {
    expect([word('en', 'map.value.true'), word('en', 'map.value.false')]).toEqual(['yes', 'no']);
    expect([word('de', 'map.value.true'), word('de', 'map.value.false')]).toEqual(['ja', 'nein']);
  });
});
