// --identifier-types: the connection's names of the customer id and the own id on the command
// line, checked before anything runs, and only where a connection is named or resumed.
import { describe, expect, it } from 'vitest';
import { parse, UsageError, type Args } from '../../../src-main/cli/args';
import { word } from '../../../src-shared/i18n';

function usage(argv: string[]): { key: string; en: string; de: string } {
  try {
    parse(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return {
      key: e.key,
      en: word('en', e.key, e.params),
      de: word('de', e.key, e.params),
    };
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('--identifier-types', () => {
  it('is read with --base-url, --connection or --resume', () => {
    const names = { CUSTOMER_ID: 'CUST', OWN_ID: 'OWN' };
    for (const where of [
      ['--base-url', 'https://api.example.com'],
      ['--connection', 'API'],
      ['--resume'],
    ]) {
      const args = parse([
        'list.xlsx',
        ...where,
        '--identifier-types',
        'CUSTOMER_ID=CUST,OWN_ID=OWN',
      ]);
      expect((args as Args).identifierTypes, where.join(' ')).toEqual(names);
    }
    expect((parse(['list.xlsx']) as Args).identifierTypes).toBeUndefined();
  });

  it('says what it takes, in English and German, for a name that is not valid', () => {
    const bad = usage([
      'list.xlsx',
      '--base-url',
      'https://api.example.com',
      '--identifier-types',
      'CUSTOMER_ID=cust',
    ]);
    expect(bad.key).toBe('cli.usage.identifierTypes');
    expect(bad.en).toContain('CUSTOMER_ID=CUST,OWN_ID=OWN');
    expect(bad.en).toContain('"CUSTOMER_ID=cust"');
    expect(bad.de).toContain('Großbuchstaben');
  });

  it('needs a connection to keep it', () => {
    const alone = usage(['list.xlsx', '--identifier-types', 'CUSTOMER_ID=CUST']);
    expect(alone.key).toBe('cli.usage.identifierTypesWithoutConnection');
    expect(alone.en).toContain('--base-url or --connection');
    expect(alone.de).toContain('--base-url oder --connection');
  });
});
