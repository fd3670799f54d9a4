import { describe, expect, it } from 'vitest';
import { createAppServices } from '../../../src-main/services/appServices';
import { FakeClock } from '../../../src-main/util/clock';

describe('the command router', () => {
  const make = () => {
    const clock = new FakeClock();
    const services = createAppServices({ dataDir: '/data/so', transport: 'direct', clock });
    return { clock, services };
  };

  it('answers app:info with the data folder and journal path', async () => {
    const { services } = make();
    const result = await services.router.dispatch('app:info', {});
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).toMatchObject({
        name: 'Supplier Onboarding',
        dataDir: '/data/so',
        transport: 'direct',
      });
      expect((result.value as { journalPath: string }).journalPath).toMatch(/journal\.sqlite$/);
    }
  });

  it('rejects an unknown command with a clear error instead of throwing', async () => {
    const { services } = make();
    const result = await services.router.dispatch('jobs:drop-all', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it('rejects bad input naming the field, instead of crashing', async () => {
    const { services } = make();
    for (const bad of [
      { steps: 'five' },
      { steps: 1000 },
      'not an object',
      [1, 2],
      { steps: 2, x: 1 },
    ]) {
      const result = await services.router.dispatch('demo:ping', bad);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('invalid_input');
        expect(result.error.message).toContain('demo:ping');
      }
    }
    const named = await services.router.dispatch('demo:ping', { steps: 'five' });
    expect(!named.ok && named.error.message).toMatch(/steps/);
  });

  it('streams demo:progress events after answering demo:ping', async () => {
    const { services, clock } = make();
    const seen: Array<{ step: number; done: boolean }> = [];
    services.bus.subscribe((event, payload) => {
      if (event === 'demo:progress') seen.push(payload as { step: number; done: boolean });
    });
    const result = await services.router.dispatch('demo:ping', { steps: 3, intervalMs: 100 });
    expect(result).toMatchObject({ ok: true, value: { steps: 3 } });
    expect(seen).toHaveLength(0);
    await clock.advance(350);
    expect(seen.map((s) => s.step)).toEqual([1, 2, 3]);
    expect(seen.at(-1)?.done).toBe(true);
    await services.close();
  });
});
