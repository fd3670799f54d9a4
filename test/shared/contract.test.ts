import { describe, expect, it } from 'vitest';
import { commandNames, commands, isCommandName, events } from '../../src-shared/contract';
import { appError, toAppError, AppFailure, errorCatalogue } from '../../src-shared/errors';

describe('the command contract', () => {
  it('declares app:info and demo:ping with input and output schemas', () => {
    expect(commandNames).toEqual(expect.arrayContaining(['app:info', 'demo:ping']));
    for (const name of commandNames) {
      expect(commands[name].input).toBeDefined();
      expect(commands[name].output).toBeDefined();
    }
    expect(Object.keys(events)).toContain('demo:progress');
  });

  it('recognises only its own command names, including against prototype tricks', () => {
    expect(isCommandName('app:info')).toBe(true);
    expect(isCommandName('toString')).toBe(false);
    expect(isCommandName('__proto__')).toBe(false);
    expect(isCommandName(42)).toBe(false);
  });

  it('applies defaults and rejects out-of-range input', () => {
    expect(commands['demo:ping'].input.parse({})).toEqual({ steps: 5, intervalMs: 200 });
    expect(commands['demo:ping'].input.safeParse({ steps: 0 }).success).toBe(false);
    expect(commands['demo:ping'].input.safeParse({ steps: 3, extra: true }).success).toBe(false);
  });
});

describe('the error catalogue', () => {
  it('gives every code a sentence', () => {
    for (const [code, message] of Object.entries(errorCatalogue)) {
      expect(message, code).toMatch(/\.$/);
      expect(message.length, code).toBeGreaterThan(20);
    }
  });

  it('turns anything thrown into an AppError without leaking a stack', () => {
    expect(toAppError(new AppFailure(appError('not_found')))).toMatchObject({ code: 'not_found' });
    const internal = toAppError(new TypeError('x is undefined'));
    expect(internal.code).toBe('internal');
    expect(internal.message).not.toMatch(/TypeError|at /);
    expect(toAppError('plain string').code).toBe('internal');
  });
});
