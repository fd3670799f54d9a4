// Registration numbers in the one form two spellings share.
import { describe, expect, it } from 'vitest';
import {
  normalisePhone,
  normaliseRegistration,
  registrationsOf,
} from '../../src-shared/registration';

describe('normaliseRegistration', () => {
  it.each([
    ['vatId', 'DE 123 456 789', 'DE', 'DE123456789'],
    ['vatId', 'de123456789', 'DE', 'DE123456789'],
    ['vatId', '123456789', 'DE', 'DE123456789'],
    ['vatId', '094259216', 'GR', 'EL094259216'],
    ['vatId', 'ATU12345678', 'AT', 'ATU12345678'],
    ['vatId', 'FR 40 303 265 045', 'FR', 'FR40303265045'],
    ['duns', '15-048-3782', 'US', '150483782'],
    ['duns', '31 537 5043', 'DE', '315375043'],
    ['duns', '8083427', 'US', '008083427'],
    ['taxNumber', '143/815/08156', 'DE', '14381508156'],
    ['registerNumber', 'HRB 12345', 'DE', 'HRB12345'],
    ['registerNumber', 'n/a', 'DE', ''],
    ['vatId', '  -  ', 'DE', ''],
  ] as const)('%s %s (%s) → %s', (field, value, cc, want) => {
    expect(normaliseRegistration(field, value, cc)).toBe(want);
  });

  it('keeps the register type: HRA and HRB are other registers', () => {
    expect(normaliseRegistration('registerNumber', 'HRA 12345')).not.toBe(
      normaliseRegistration('registerNumber', 'HRB 12345'),
    );
  });

  it('reads a payload, numbers as Excel gives them included', () => {
    expect(registrationsOf({ vatId: 'DE 1234 56789', duns: 150483782, name: 'x' }, 'DE')).toEqual({
      vatId: 'DE123456789',
      duns: '150483782',
    });
  });
});

describe('normalisePhone', () => {
  it.each([
    ['310/652-4025', 'US', '3106524025'],
    ['(310) 652-4025', 'US', '3106524025'],
    ['+1 310 652 4025', 'US', '3106524025'],
    ['1-310-652-4025', 'US', '3106524025'],
    ['0341 2345678', 'DE', '3412345678'],
    ['+49 (0)341 2345678', 'DE', '3412345678'],
    ['0049 341 2345678', 'DE', '3412345678'],
    ['044 123 45 67', 'CH', '441234567'],
    ['+41 44 123 45 67', 'CH', '441234567'],
    ['02 1234 5678 ext. 12', 'IT', '212345678'],
    ['+44 20 7946 0958', 'DE', '+442079460958'],
    ['12 34', 'DE', ''],
  ])('%s (%s) → %s', (value, cc, want) => {
    expect(normalisePhone(value, cc)).toBe(want);
  });
});
