// The Map screen says, under each field without settings of its own, how its cells are read
// (`map.fixed.<field>`): every such field of every kind has those words in both languages, so the
// screen never shows a raw key.
import { describe, expect, it } from 'vitest';
import { FIELD_TRANSFORM_SETTINGS } from '../../src-shared/fieldTransforms';
import { LANGS, messages } from '../../src-shared/i18n';
import { MAPPABLE_FIELDS } from '../../src-shared/operations';

const withoutSettings = MAPPABLE_FIELDS.map((f) => f.key).filter(
  (key) =>
    !(key in FIELD_TRANSFORM_SETTINGS) ||
    FIELD_TRANSFORM_SETTINGS[key as keyof typeof FIELD_TRANSFORM_SETTINGS].length === 0,
);

describe('the Map screen words of fields without settings', () => {
  it("include the kinds' own fields", () => {
    expect(withoutSettings).toEqual(
      expect.arrayContaining(['platformId', 'identifier.type', 'identifier.action']),
    );
  });

  it.each(LANGS)('are there in %s', (lang) => {
    const missing = withoutSettings.filter((key) => !(`map.fixed.${key}` in messages[lang]));
    expect(missing).toEqual([]);
  });
});
