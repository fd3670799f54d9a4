// The Review and Results screens count and filter a job's rows by kind of problem, each kind
// worded as `problemKind.<code>`: every code a row's problem can carry (the importer's, the
// services' own, a scores sheet's `scores.<code>`) has those words in both languages, so no
// screen shows a code ("scores.not a score") instead.
import { describe, expect, it } from 'vitest';
import { LANGS, messages } from '../../src-shared/i18n';
import { PROBLEM_CODES } from '../../src-shared/i18n/import';

const SCORES_CODES = Object.keys(messages.en)
  .filter((k) => k.startsWith('problem.scores.'))
  .map((k) => k.slice('problem.'.length));

const CODES = [...PROBLEM_CODES, 'empty_row', 'duplicate_identity', ...SCORES_CODES];

describe('the kinds of row problems', () => {
  it("include a scores sheet's", () => {
    expect(SCORES_CODES).toEqual(expect.arrayContaining(['scores.not_a_score']));
  });

  it.each(LANGS)('are worded in %s', (lang) => {
    const missing = CODES.filter((code) => !(`problemKind.${code}` in messages[lang]));
    expect(missing).toEqual([]);
  });
});
