// What --duplicates decides for each waiting row (cli/duplicates.ts bulkDecisions), the line
// after the check, the plan's lines, and the question on a terminal, without a sandbox.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandOutput, JobPlanView } from '../../../src-shared/contract';
import { askDuplicates, bulkDecisions, duplicatesLine } from '../../../src-main/cli/duplicates';
import { HELP, parse, type Args } from '../../../src-main/cli/args';
import { duplicatePlanLines } from '../../../src-main/cli/planText';
import { cliWords } from '../../../src-main/cli/words';
import { usageKey } from './cli';

type Group = CommandOutput<'duplicates:list'>['groups'][number];
type Member = Group['rows'][number];

const candidate = (platformId: string) => ({
  platformId,
  name: 'Nordwind Stahlbau GmbH',
  street: null,
  postalCode: null,
  city: 'Hamburg',
  countryCode: 'DE',
  score: 0.9,
  reasons: [],
});

function member(sourceRow: number, over: Partial<Member> = {}): Member {
  return {
    sourceRow,
    state: 'duplicate',
    name: `Row ${sourceRow}`,
    street: null,
    postalCode: null,
    city: null,
    countryCode: 'DE',
    supplierId: `S-${sourceRow}`,
    decision: null,
    platformId: null,
    decidable: true,
    pairs: [],
    base: [],
    remembered: null,
    ...over,
  };
}

function group(id: number, scope: Group['scope'], rows: Member[]): Group {
  return { id, scope, rows, undecided: rows.filter((r) => r.state === 'duplicate').length };
}

const groups: Group[] = [
  // Listed out of order: the lowest row number is the one kept.
  group(1, 'list', [member(5), member(2), member(11)]),
  group(2, 'base', [member(4, { base: [candidate('100045'), candidate('100046')] })]),
  // A group whose first row is invalid: the next row is the one kept.
  group(3, 'list', [member(6, { state: 'invalid', decidable: true }), member(8), member(12)]),
  // A group one of whose rows is a supplier of the platform: the site exists, none is created.
  group(4, 'list', [member(20), member(21, { base: [candidate('100050')] })]),
  // A group with a row decided before and one already created: only the waiting row is decided.
  group(5, 'list', [member(30, { state: 'done', decision: 'keep' }), member(31)]),
];

const decided = (choice: 'keep' | 'skip' | 'attach') =>
  Object.fromEntries(
    bulkDecisions(groups, choice).map((d) => [
      d.sourceRow,
      d.decision === 'attach' ? `attach ${d.platformId}` : d.decision,
    ]),
  );

describe('--duplicates', () => {
  it('keep: every waiting row is created', () => {
    expect(decided('keep')).toEqual({
      2: 'keep',
      5: 'keep',
      11: 'keep',
      4: 'keep',
      8: 'keep',
      12: 'keep',
      20: 'keep',
      21: 'keep',
      31: 'keep',
    });
  });

  it('skip: the first row of each group is kept, the others and the rows like a platform supplier left out', () => {
    expect(decided('skip')).toEqual({
      2: 'keep',
      5: 'skip',
      11: 'skip',
      4: 'skip',
      8: 'keep',
      12: 'skip',
      20: 'skip',
      21: 'skip',
      31: 'skip',
    });
  });

  it('attach: the rows like a platform supplier go to their best candidate, the groups as skip', () => {
    expect(decided('attach')).toEqual({
      2: 'keep',
      5: 'skip',
      11: 'skip',
      4: 'attach 100045',
      8: 'keep',
      12: 'skip',
      20: 'skip',
      21: 'attach 100050',
      31: 'skip',
    });
  });
});

describe('the words', () => {
  const figures = {
    listGroups: 2,
    listRows: 5,
    baseRows: 3,
    undecided: 8,
    keep: 0,
    skip: 0,
    attach: 0,
    possibleRows: 0,
    remembered: 0,
    grouping: 'done' as const,
  };
  it('say what the check found', () => {
    expect(duplicatesLine(figures, cliWords('en'))).toBe(
      'Likely duplicates: 2 groups within the list (5 rows); 3 rows look like suppliers the platform has; 8 rows wait for your decision.',
    );
    expect(
      duplicatesLine(
        { ...figures, listGroups: 1, listRows: 2, baseRows: 1, undecided: 1 },
        cliWords('en'),
      ),
    ).toBe(
      'Likely duplicates: 1 group within the list (2 rows); 1 row looks like a supplier the platform has; 1 row waits for your decision.',
    );
    expect(duplicatesLine(figures, cliWords('de'))).toBe(
      'Wahrscheinliche Dubletten: 2 Gruppen innerhalb der Liste (5 Zeilen); 3 Zeilen gleichen Lieferanten der Plattform; 8 Zeilen warten auf Ihre Entscheidung.',
    );
    expect(duplicatesLine({ ...figures, listGroups: 0, baseRows: 0 }, cliWords('en'))).toBe(
      'Likely duplicates: none found.',
    );
    expect(
      duplicatesLine({ ...figures, listGroups: 0, baseRows: 0, possibleRows: 2 }, cliWords('en')),
    ).toBe(
      'Likely duplicates: none found. Possible duplicates: 2 rows, in the results column "Possible duplicate of" with their reasons (they do not wait for a decision).',
    );
  });

  it('say in the plan what happens to them and the paid screenings the decisions saved', () => {
    const plan = {
      duplicates: {
        ...figures,
        undecided: 1,
        keep: 2,
        skip: 3,
        attach: 1,
        screeningsSaved: 4,
        validationsSaved: 0,
      },
    } as unknown as JobPlanView;
    expect(duplicatePlanLines(plan, cliWords('en'))).toEqual([
      '  1 row waits for your decision as a likely duplicate: it is not created (--duplicates keep|skip|attach decides).',
      '  2 likely duplicates are created anyway, as you decided.',
      '  3 likely duplicates are left out: they are not created.',
      '  1 row is attached to the supplier the platform has that it likely is: its ids go there instead of creating it.',
      '  Your decisions save 4 paid screenings the rows left out or attached would have ordered as new suppliers.',
    ]);
  });

  it('say in the plan when the list is still being looked through, or will be again', () => {
    const planWith = (grouping: 'running' | 'pending') =>
      ({
        duplicates: { ...figures, grouping, screeningsSaved: 0, validationsSaved: 0 },
      }) as unknown as JobPlanView;
    expect(duplicatePlanLines(planWith('running'), cliWords('en'))[0]).toBe(
      '  The list is still being looked through for likely duplicates; the check waits for it, and rows found are not created until you decide.',
    );
    expect(duplicatePlanLines(planWith('pending'), cliWords('de'))[0]).toBe(
      '  Die wahrscheinlichen Dubletten sind nicht aktuell (seitdem wurden Zeilen korrigiert, oder die Suche wurde nicht beendet); die Prüfung durchsucht die Liste zuerst erneut, und gefundene Zeilen werden erst angelegt, wenn Sie entscheiden.',
    );
  });
});

describe('the question on a terminal', () => {
  async function answer(text: string) {
    const input = new PassThrough();
    const output = new PassThrough();
    const asked = askDuplicates(3, cliWords('en'), { input, output, terminal: false });
    input.end(text);
    return asked;
  }
  it('takes keep, skip, attach (or their German words), and none or Enter leaves the rows waiting', async () => {
    expect(await answer('skip\n')).toBe('skip');
    expect(await answer('Attach\n')).toBe('attach');
    expect(await answer('behalten\n')).toBe('keep');
    expect(await answer('none\n')).toBeUndefined();
    expect(await answer('\n')).toBeUndefined();
  });
});

describe('the option', () => {
  const key = usageKey;
  it('takes keep, skip or attach, for an onboarding that checks', () => {
    expect((parse(['a.xlsx', '--duplicates', 'attach']) as Args).duplicates).toBe('attach');
    expect((parse(['--resume', 'JOB', '--duplicates', 'keep']) as Args).duplicates).toBe('keep');
    expect((parse(['a.xlsx']) as Args).duplicates).toBeUndefined();
    expect(key(['a.xlsx', '--duplicates', 'maybe'])).toBe('cli.usage.duplicates');
    expect(key(['a.xlsx', '--duplicates', 'skip', '--dry-run'])).toBe('cli.usage.duplicatesDryRun');
    expect(key(['a.xlsx', '--operation', 'deactivate', '--duplicates', 'skip'])).toBe(
      'cli.usage.undoOwnOptions',
    );
    expect(HELP).toContain('--duplicates keep|skip|attach');
  });
});
