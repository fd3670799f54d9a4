// The row panel offers the fields of the row's kind: a deactivation's rows the fields that name
// a supplier, an identifiers job's also the identifier it changes, and a batch of scores none
// (its rows are fixed in the sheet; the grid offers no "Fix" for them).
import { describe, expect, it } from 'vitest';
import { fieldsFor, fixableFields } from '../../src-shared/operations';

describe('the fields a row panel offers to fix', () => {
  it('are the kind’s own fields', () => {
    expect(fixableFields(undefined)).toEqual(fieldsFor('onboard').map((f) => f.key));
    expect(fixableFields('deactivate')).toEqual(fieldsFor('deactivate').map((f) => f.key));
    expect(fixableFields('identifiers')).toContain('identifier.id');
    expect(fixableFields('deactivate')).not.toContain('city');
  });

  it('are none for a batch of scores, fixed in its sheet', () => {
    expect(fixableFields('scores')).toEqual([]);
  });
});
