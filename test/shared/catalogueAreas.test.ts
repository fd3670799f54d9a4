// The catalogue is joined from its areas by spreading them: a key two areas both define would
// silently take one area's words. Each key belongs to one area.
import { describe, expect, it } from 'vitest';
import * as base from '../../src-shared/i18n/base';
import * as cli from '../../src-shared/i18n/cli';
import * as connection from '../../src-shared/i18n/connection';
import * as desktop from '../../src-shared/i18n/desktop';
import * as duplicates from '../../src-shared/i18n/duplicates';
import * as engine from '../../src-shared/i18n/engine';
import * as errors from '../../src-shared/i18n/errors';
import * as importWords from '../../src-shared/i18n/import';
import * as kinds from '../../src-shared/i18n/kinds';
import * as results from '../../src-shared/i18n/results';
import * as scores from '../../src-shared/i18n/scores';
import * as ui from '../../src-shared/i18n/ui';
import { messages } from '../../src-shared/i18n';

const areas = {
  ui,
  errors,
  connection,
  desktop,
  import: importWords,
  engine,
  results,
  cli,
  base,
  kinds,
  scores,
  duplicates,
};

describe('the message catalogue', () => {
  it('has each key in one area only, in both languages', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, area] of Object.entries(areas)) {
      for (const key of Object.keys(area.en)) {
        const first = owner.get(key);
        if (first) clashes.push(`${key} (${first}, ${name})`);
        else owner.set(key, name);
      }
      expect(Object.keys(area.de).sort()).toEqual(Object.keys(area.en).sort());
    }
    expect(clashes).toEqual([]);
    expect(Object.keys(messages.en).length).toBe(owner.size);
  });
});
