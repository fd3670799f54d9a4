// A scores row's problems are worded as every row problem is (`problem.<code>`): the screens, the
// command line and the results workbook find them in both languages.
import { describe, expect, it } from 'vitest';
import { reportedProblemText } from '../../../src-shared/i18n/reported';
import { ScoresRowReader } from '../../../src-main/kinds/scores/sheet';

const columns = ['Supplier ID', 'Source', 'supplier_audit'].map((header, index) => ({
  index,
  header,
  letter: String.fromCharCode(65 + index),
}));
const reader = () =>
  new ScoresRowReader(
    columns,
    {
      layout: 'wide',
      identifier: { supplierId: 0, source: 1 },
      eventTypeColumns: [{ column: 2, eventTypeKey: 'supplier_audit' }],
      eventType: null,
      score: null,
      comment: null,
    },
    [{ eventTypeKey: 'supplier_audit', name: 'Supplier audit' }],
    '1',
  );

describe('scores row problems', () => {
  it('carry a problem code the catalogue words in English and German, naming the cell', () => {
    const r = reader().read({ sourceRow: 3, cells: ['S1', 'ERP', '85.5'] });
    expect(r.state).toBe('invalid');
    const p = r.problems![0]!;
    expect(p.code).toBe('scores.not_a_score');
    // Without the English sentence, as the German screen sees it: worded from the catalogue.
    const bare = { code: p.code, params: p.params };
    expect(reportedProblemText('en', bare)).toBe(p.message);
    expect(reportedProblemText('en', bare)).toMatch(/^Cell C3: "85.5" is not a score/);
    expect(reportedProblemText('de', p)).toMatch(/^Zelle C3: „85.5“ ist kein Score/);
  });

  it('a whole number outside 1 to 100 is told the range, not the hint about decimals', () => {
    for (const value of ['120', '0', '-5']) {
      const p = reader().read({ sourceRow: 4, cells: ['S1', 'ERP', value] }).problems![0]!;
      expect(p.code).toBe('scores.score_out_of_range');
      expect(reportedProblemText('en', { code: p.code, params: p.params })).toBe(
        `Cell C4: ${value} is outside the scores the API takes. Enter a whole number from 1 to 100.`,
      );
      expect(reportedProblemText('de', { code: p.code, params: p.params })).not.toContain('85,5');
    }
    const decimal = reader().read({ sourceRow: 4, cells: ['S1', 'ERP', '85.5'] }).problems![0]!;
    expect(decimal.code).toBe('scores.not_a_score');
  });

  it('a supplier named twice for one event type: the later cell names the earlier', () => {
    const rd = reader();
    rd.read({ sourceRow: 2, cells: ['S1', 'ERP', '40'] });
    const r = rd.read({ sourceRow: 3, cells: ['S1', 'ERP', '50'] });
    expect(reportedProblemText('de', r.problems![0]!)).toMatch(/^Zelle C3: .*Zelle C2/);
  });
});
