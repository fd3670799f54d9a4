// A job whose kind this version does not know (made by a newer version, or with a kind an add-on
// registered) is refused with a sentence and a next step, in English and German, not a crash.
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../src-shared/errors';
import { word } from '../../src-shared/i18n';
import { kindTraits, type Operation } from '../../src-shared/operations';
import { kindOf } from '../../src-main/kinds';

describe('a kind of job this version does not know', () => {
  it('is refused with what to do, by the traits and by the registry', () => {
    for (const ask of [
      () => kindTraits('relocate' as Operation),
      () => kindOf({ operation: 'relocate' as Operation }),
    ]) {
      let error: unknown;
      try {
        ask();
      } catch (e) {
        error = e;
      }
      const app = toAppError(error);
      expect(app.code).toBe('not_found');
      expect(app.message).toMatch(/does not know \("relocate"\).*update the app/);
    }
    expect(word('de', 'failure.not_found.job_kind', { kind: 'relocate' })).toMatch(
      /„relocate“.*aktualisieren Sie die App/,
    );
  });
});
