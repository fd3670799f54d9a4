// What a start may still order leaves out the screening and validation a taken create carried
// (issue 38): a resumed job's summary announced them again, for a row checked again whose
// supplier then "exists". Counted apart as sent; a row whose create carried nothing is counted
// as before.
import { describe, expect, it } from 'vitest';
import { paidWorkOf } from '../../../src-main/engine/paidWork';
import type { PaidColumnGroup } from '../../../src-main/journal/rowsRead';

const group = (over: Partial<PaidColumnGroup>): PaidColumnGroup => ({
  state: 'exists',
  period: null,
  validation: null,
  attach: 0,
  screeningOnCreate: 0,
  validationOnCreate: 0,
  n: 1,
  ...over,
});

const job = (options: Record<string, unknown>) =>
  ({ id: 'job', options: { operation: 'onboard', ...options } }) as never;

describe('paidWorkOf', () => {
  it('says a screening and a validation a taken create carried as sent, not as still to order', () => {
    const journal = {
      paidColumns: () => [
        // Checked again after its create carried both: its supplier "exists".
        group({ state: 'exists', screeningOnCreate: 1, validationOnCreate: 1, n: 2 }),
        // Paused after the 202: followed, not ordered again.
        group({ state: 'created', screeningOnCreate: 1, n: 1 }),
        // Nothing sent yet: still to order.
        group({ state: 'new', n: 3 }),
      ],
    };
    const paid = paidWorkOf(
      journal,
      job({ screeningPeriod: 2, validate: true, skipExisting: false }),
    );
    expect(paid.screenings[2]).toBe(3);
    expect(paid.existing.screenings).toBe(0);
    expect(paid.sent).toEqual({ screenings: 3, validations: 2 });
    // The created row's validation did not ride with its create: still to request.
    expect(paid.validations).toBe(4);
  });
});
