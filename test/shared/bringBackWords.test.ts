// The help for bringing back a results file names the sheets and columns the results file has:
// the ones of the job's language, in which its workbook is written (a German workbook's sheets
// are "Fehler" and "Ergebnisse", its row column "Zeile in der Datei"), whatever the screen's.
import { describe, expect, it } from 'vitest';
import { word, type Lang } from '../../src-shared/i18n';

const fileWords = (lang: Lang) => ({
  errors: word(lang, 'results.sheet.errors'),
  results: word(lang, 'results.sheet.results'),
  sourceRow: word(lang, 'results.column.sourceRow'),
  status: word(lang, 'results.column.status'),
});

describe('the bring-back help', () => {
  it('names the German sheets and columns of a German results file', () => {
    const help = word('de', 'retryFile.help', fileWords('de'));
    for (const name of ['„Fehler“', '„Ergebnisse“', '„Zeile in der Datei“', '„Status“'])
      expect(help).toContain(name);
    for (const english of ['Errors', 'Results', 'Source row']) expect(help).not.toContain(english);
    const conflicts = word('de', 'retryFile.conflicts', { ...fileWords('de'), rows: '3, 4' });
    expect(conflicts).toContain('„Ergebnisse“ und „Fehler“');
  });

  it('names an English file’s sheets on a German screen, and the other way round', () => {
    expect(word('de', 'retryFile.help', fileWords('en'))).toContain('„Errors“ oder „Results“');
    expect(word('en', 'retryFile.help', fileWords('de'))).toContain(
      '“Fehler” or the “Ergebnisse” sheet',
    );
  });
});
