// The command line's options of a kind come from the kind (src-main/kinds/*: `cli`): cli/args.ts
// builds their parsing, their checks and their lines of the help from those lists (issue 40).
import { describe, expect, it } from 'vitest';
import { HELP, importOptions, parse, type Args } from '../../../src-main/cli/args';
import type { UsageError } from '../../../src-main/cli/words';
import { KINDS } from '../../../src-main/kinds/registry';
import type { JobKind } from '../../../src-main/kinds/types';
import { word } from '../../../src-shared/i18n';
import { usageKey } from './cli';

const key = usageKey;
const args = (argv: string[]) => parse(argv) as Args;

describe("a kind's own options", () => {
  const own = (Object.values(KINDS) as JobKind[]).flatMap((k) => k.cli.options);

  it('are parsed, named in the help with their words, and worded in English and German', () => {
    expect(own.map((o) => o.flag).sort()).toEqual(['action', 'undo']);
    for (const o of own) {
      expect(Object.keys(importOptions())).toContain(o.flag);
      expect(HELP).toContain(`--${o.flag} ${o.value}`);
      const en = word('en', o.help);
      expect(HELP.replace(/\s+/g, ' ')).toContain(en);
      expect(word('de', o.help)).not.toBe(en);
    }
  });

  it('set the job option their kind declares', () => {
    expect(args(['a.csv', '--operation', 'identifiers', '--action', 'remove']).kindOptions).toEqual(
      { identifierAction: 'remove' },
    );
    expect(args(['a.csv', '--operation', 'identifiers']).kindOptions).toEqual({});
    const undo = args(['--undo', 'JOB1']);
    expect(undo.operation).toBe('deactivate');
    expect(undo.undo).toBe('JOB1');
    expect(undo.kindOptions).toEqual({ undoOf: 'JOB1' });
  });

  it('keep their checks: another kind, a value not taken, a file beside --undo', () => {
    expect(key(['a.csv', '--action', 'add'])).toBe('cli.usage.actionWithoutIdentifiers');
    expect(key(['a.csv', '--operation', 'deactivate', '--action', 'add'])).toBe(
      'cli.usage.actionWithoutIdentifiers',
    );
    expect(key(['a.csv', '--operation', 'identifiers', '--action', 'swap'])).toBe(
      'cli.usage.action',
    );
    expect(key(['a.csv', '--undo', 'JOB1'])).toBe('cli.usage.undoAndFile');
    expect(key(['--resume', 'JOB2', '--undo', 'JOB1'])).toBe('cli.usage.undoAndFile');
    expect(key(['a.csv', '--operation', 'merge'])).toBe('cli.usage.operation');
    expect(key(['a.csv', '--operation', 'scores'])).toBe('cli.usage.operation');
  });

  it("refuse the import's options the kind refuses, named in the message", () => {
    try {
      parse(['a.csv', '--operation', 'identifiers', '--screening', '2', '--validate']);
      expect.unreachable();
    } catch (e) {
      expect((e as UsageError).key).toBe('cli.usage.identifiersOwnOptions');
      expect((e as UsageError).params).toEqual({ options: '--screening, --validate' });
    }
    expect(key(['--undo', 'JOB1', '--dry-run'])).toBe('cli.usage.undoOwnOptions');
    // A deactivation of a list may be tried offline; only an undo refuses --dry-run.
    expect(key(['a.csv', '--operation', 'deactivate', '--dry-run'])).toBe('parsed');
    expect(key(['a.csv', '--operation', 'deactivate', '--include-existing'])).toBe(
      'cli.usage.undoOwnOptions',
    );
    expect(key(['a.csv', '--screening', '5', '--validate'])).toBe('parsed');
  });
});
