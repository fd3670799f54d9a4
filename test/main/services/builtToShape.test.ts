// The grid's pages pass the router as built (router.ts, BUILT_TO_SHAPE): under the test runner
// the router still checks each against the contract, and an answer the check would change is an
// error, never a page with fields the contract does not name.
import { describe, expect, it } from 'vitest';
import { commands } from '../../../src-shared/contract';
import { createRouter, type Handlers } from '../../../src-main/services/router';

const row = {
  id: 1,
  sourceRow: 2,
  cells: ['A'],
  state: 'valid',
  group: 'waiting',
  identity: 'A',
  platformId: null,
  creationUuid: null,
  createdByJob: null,
  screening: null,
  validation: null,
  identifiers: [],
  screeningStatus: null,
  validationStatus: null,
  rejectionReason: null,
  outcomeTargetId: null,
  errorCode: null,
  errorMessage: null,
  errorParams: null,
  problems: [],
  edits: {},
  changes: [],
  payload: null,
  attempts: 0,
  updatedAt: 1,
};

function routerAnswering(page: unknown) {
  return createRouter({ 'rows:page': () => page } as unknown as Handlers);
}

describe('a grid page as built', () => {
  it('passes the router as it is when it is the contract’s shape', async () => {
    const page = { rows: [row], nextCursor: null };
    expect(commands['rows:page'].output.parse(page)).toStrictEqual(page);
    const r = await routerAnswering(page).dispatch('rows:page', { jobId: 'j' });
    expect(r).toEqual({ ok: true, value: page });
    if (r.ok) expect(r.value).toBe(page);
  });

  it('is an internal error under the tests when it carries a field the contract does not name', async () => {
    const page = { rows: [{ ...row, secret: 'x' }], nextCursor: null };
    const r = await routerAnswering(page).dispatch('rows:page', { jobId: 'j' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('internal');
  });
});
