// A kind's parts on the front doors come only through services/kindFronts.ts: without them (a
// root that did not load kinds/fronts.ts), a kind's own command and the making of its job are
// refused with a sentence, never run as something else.
import { describe, expect, it, vi } from 'vitest';
import { AppFailure, failure } from '../../../src-shared/errors';
import { wordFailure } from '../../../src-shared/i18n';

async function freshRegistry() {
  vi.resetModules();
  return import('../../../src-main/services/kindFronts');
}

describe('the kinds’ front doors', () => {
  it('are the scores job’s own commands, its job and its command line, once loaded', async () => {
    await import('../../setupKinds');
    const { kindFronts, kindCommand } = await import('../../../src-main/services/kindFronts');
    expect(kindFronts().map((f) => f.kind)).toContain('scores');
    expect(kindCommand(['list.xlsx', '--operation', 'scores'])).toBeDefined();
    expect(kindCommand(['list.xlsx', '--operation=scores'])).toBeDefined();
    expect(kindCommand(['list.xlsx', '--operation', 'deactivate'])).toBeUndefined();
  });

  it('bring the deactivation of an audit’s chosen suppliers and the job of corrected ids', async () => {
    const { kindFronts, kindHandlers, retryFollowUp } =
      await import('../../../src-main/services/kindFronts');
    expect(kindFronts().map((f) => f.kind)).toEqual(
      expect.arrayContaining(['deactivate', 'identifiers']),
    );
    const handlers = kindHandlers({} as never);
    expect(handlers['base:deactivateAudited']).toBeDefined();
    expect(handlers['jobs:idFixJob']).toBeDefined();
    expect(retryFollowUp()).toBeTypeOf('function');
  });

  it('refuse the job of a retry’s follow-up with a sentence when no kind brings it', async () => {
    const { completeHandlers, retryFollowUp } = await freshRegistry();
    expect(() => retryFollowUp()).toThrow(expect.objectContaining({ name: 'AppFailure' }));
    for (const name of ['base:deactivateAudited', 'jobs:idFixJob'] as const)
      await expect(
        Promise.resolve().then(() => completeHandlers({})[name]({} as never)),
      ).rejects.toMatchObject({ error: { code: 'unknown_command' } });
  });

  it('refuse a kind’s command with a sentence when its kind was not loaded', async () => {
    const { completeHandlers } = await freshRegistry();
    const handlers = completeHandlers({});
    let thrown: unknown;
    try {
      await handlers['scores:preview']({} as never);
    } catch (e) {
      thrown = e;
    }
    // A fresh copy of the modules: its own AppFailure class, so the shape is what counts.
    expect(thrown).toMatchObject({ name: new AppFailure(failure('unknown_command')).name });
    const error = (thrown as AppFailure).error;
    expect(error.code).toBe('unknown_command');
    expect(wordFailure('en', error)).toMatch(/does not know this command/i);
    expect(wordFailure('de', error)).toMatch(/kennt diesen Befehl nicht/);
  });

  it('never make a job of a kind with its own sheet as an onboarding when it was not loaded', async () => {
    const { createOwnJob, kindFronts } = await freshRegistry();
    expect(kindFronts()).toEqual([]);
    const input = { options: { operation: 'scores' } } as never;
    await expect(createOwnJob({} as never, input)).rejects.toMatchObject({
      error: { code: 'not_found', details: { reason: 'job_kind' } },
    });
    // An onboarding (and a kind the onboarding's import makes) is left to the import.
    const onboard = { options: { operation: 'deactivate' } } as never;
    expect(await createOwnJob({} as never, onboard)).toBeUndefined();
  });
});
