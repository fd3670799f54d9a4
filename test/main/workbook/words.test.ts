// The words of an import in both languages: every row problem the importer can produce, every
// note kind, and the German sentences of the sample file's notes and problems.
import { describe, expect, it } from 'vitest';
import { hasKey, LANGS, messages } from '../../../src-shared/i18n';
import { NOTE_KINDS, PROBLEM_CODES, ROW_NOTE_KINDS } from '../../../src-shared/i18n/import';
import { noteText, problemText, rowNoteText } from '../../../src-shared/i18n/importText';
import { importRows, suggestMapping, previewTable } from '../../../src-main/workbook';
import { errorCatalogue } from '../../../src-shared/errors';

describe('the import catalogue', () => {
  it('has problem.<code> in English and German for every code the importer produces', () => {
    for (const code of PROBLEM_CODES) {
      expect(Object.keys(errorCatalogue), code).toContain(code);
      for (const lang of LANGS)
        expect(messages[lang][`problem.${code}`], `${lang} ${code}`).toBeTruthy();
    }
    for (const kind of NOTE_KINDS) expect(hasKey(`note.${kind}`), kind).toBe(true);
    for (const kind of ROW_NOTE_KINDS) expect(hasKey(`rowNote.${kind}`), kind).toBe(true);
  });

  it('keeps the placeholders of each English sentence in its German one', () => {
    const names = (t: string) => new Set([...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
    // German may name a country or a character by other params than English does.
    const swapped: Record<string, string> = {
      inCountry: 'countryDe',
      guessName: 'guessNameDe',
      charactersList: 'codesList',
      form: 'example',
      digitWord: 'digits',
      country: 'countryDe',
    };
    for (const key of Object.keys(messages.en) as (keyof typeof messages.en)[]) {
      if (!/^(problem|note|rowNote|results)\./.test(key)) continue;
      const de = names(messages.de[key]);
      for (const name of names(messages.en[key])) {
        expect(de.has(name) || de.has(swapped[name] ?? name), `${key}: {${name}}`).toBe(true);
      }
    }
  });
});

describe('the sample file in German', () => {
  it('words its notes and its three row problems in German', async () => {
    const path = 'resources/samples/suppliers.xlsx';
    const preview = await previewTable(path);
    const mapping = suggestMapping(preview.columns.map((c) => c.header)).mapping;
    const imported = await importRows(path, { mapping });
    const problems = [];
    const rowNotes = [];
    for await (const r of imported.rows) {
      problems.push(...r.problems);
      rowNotes.push(...r.notes);
    }
    expect(imported.notes.map((n) => noteText('de', n))).toEqual([
      '1 verbundener Zellbereich: Der Wert der Zelle oben links gilt für alle Zellen des Bereichs.',
      'Spaltennamen in Zeile 3 gefunden.',
      '1 Zeile über den Spaltennamen (Titel oder Hinweise) gehört nicht zur Tabelle: Zeile 1.',
      'Zeile 65 unter der Tabelle sieht wie ein Hinweis aus („Hinweis: Änderungen bitte an einkauf@example.com melden.“) und wird nicht importiert.',
    ]);
    expect(rowNoteText('de', rowNotes[0]!)).toBe(
      'Zeile 4: Die Postleitzahl 1067 wurde zu 01067; Postleitzahlen in Deutschland haben fünf Ziffern, und Excel hat die führende Null entfernt.',
    );
    expect(problems.map((p) => problemText('de', p))).toEqual([
      {
        message: 'Die Angabe „Ort“ fehlt (Zeile 59, Spalte Ort (E)).',
        fix: 'Geben Sie den Ort des Lieferantenstandorts ein.',
      },
      {
        message: '„Atlantis“ ist kein Land, das die App kennt (Zeile 60, Spalte Land (F)).',
        fix: 'Geben Sie das Land als Namen (Deutschland, Germany, Allemagne) oder als Code aus zwei Buchstaben (DE) ein.',
      },
      {
        message:
          '„000104“ kommt mehrfach vor: Zeile 7 hat dieselbe Lieferantennummer und Quelle „SAP“ (Zeile 61, Spalte Lieferanten-Nr. (A)).',
        fix: 'Geben Sie diesem Lieferanten eine eigene Nummer oder löschen Sie die Zeile, wenn sie Zeile 7 wiederholt.',
      },
    ]);
    // The English words are the ones the importer reports.
    expect(problems.map((p) => problemText('en', p))).toEqual(
      problems.map((p) => ({ message: p.message, fix: p.fix })),
    );
    expect(imported.notes.map((n) => noteText('en', n))).toEqual(
      imported.notes.map((n) => n.message),
    );
  });
});
