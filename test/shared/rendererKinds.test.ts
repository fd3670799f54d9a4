// The screens ask a job's kind what it is (kindTraits: namesSupplier, sheetLayouts, hasCheck, …)
// and choose its words through src-renderer/lib/kindWords.ts; they never test the kind's name.
// This reads every .svelte and .ts file of src-renderer and fails on a comparison with a kind's
// name (`=== 'scores'`, `!== 'onboard'`), on operationOf (whose answer is a name to compare), and
// on a cast to a kind's name (`operation as 'deactivate'`, a key that exists for some kinds only).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src-shared/operations';
import { ROW_STATES } from '../../src-shared/rowStates';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RENDERER = path.join(ROOT, 'src-renderer');

const names = OPERATIONS.join('|');
const COMPARED = new RegExp(`[=!]== *'(${names})'|operationOf\\(`);
const CAST = new RegExp(`\\bas '(${names})'`);

/** Comparisons the pattern finds that are not about a job's kind: file, and the text compared. */
const NOT_A_KIND: ReadonlyArray<{ file: string; text: string; why: string }> = [
  {
    file: 'components/RowTableRow.svelte',
    text: "c.kind === 'identifiers'",
    why: "a results column's key (gridColumns RESULT_COLUMNS)",
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.(svelte|ts)$/.test(e.name) ? [full] : [];
  });
}

const files = sources(RENDERER);

/** Every line of the renderer that tests a kind by its name, as `file:line: text`. */
function findings(): { hits: string[]; allowedSeen: Set<number> } {
  const hits: string[] = [];
  const allowedSeen = new Set<number>();
  for (const full of files) {
    const file = path.relative(RENDERER, full).split(path.sep).join('/');
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!COMPARED.test(line) && !CAST.test(line)) return;
        const allowed = NOT_A_KIND.findIndex((a) => a.file === file && line.includes(a.text));
        if (allowed >= 0) {
          allowedSeen.add(allowed);
          return;
        }
        hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return { hits, allowedSeen };
}

describe("the renderer and the kinds' names", () => {
  it('reads the screens', () => {
    const read = files.map((f) => path.relative(RENDERER, f).split(path.sep).join('/'));
    expect(read).toEqual(
      expect.arrayContaining([
        'screens/RunScreen.svelte',
        'screens/MapScreen.svelte',
        'components/StartSummary.svelte',
        'lib/wizard.svelte.ts',
        'components/RunCheckCard.svelte',
      ]),
    );
  });

  it('never compares a kind by its name: the screens ask kindTraits', () => {
    expect(findings().hits).toEqual([]);
  });

  it('finds what it looks for', () => {
    for (const line of [
      "if (operation === 'scores') return;",
      "plan.operation !== 'deactivate'",
      'const op = operationOf(job.options);',
      "t(`run.startHint.${operation as 'identifiers'}`)",
    ])
      expect(COMPARED.test(line) || CAST.test(line), line).toBe(true);
    expect(COMPARED.test('hasOwnSheet(kindTraits(job.options.operation))')).toBe(false);
  });

  it('lets through only comparisons still in the code', () => {
    const { allowedSeen } = findings();
    const stale = NOT_A_KIND.filter((_, i) => !allowedSeen.has(i)).map((a) => a.file);
    expect(stale).toEqual([]);
  });
});

// The screens draw the figures the services send (issue 40): the job's kind computes what its
// check sorted the rows into, what its rows' changes came to and whether a start sent anything
// (src-main/services/runFigures.ts); the renderer keeps no list of row states of its own to
// count them by.
describe('the figures the screens draw', () => {
  /** The screens that show a job's figures: none imports a list of row states. */
  const FIGURE_SCREENS = [
    'screens/RunScreen.svelte',
    'screens/ResultsScreen.svelte',
    'components/RunCheckCard.svelte',
    'components/RunFigures.svelte',
    'components/RunLog.svelte',
    'components/StartSummary.svelte',
  ];
  const STATE_LIST_IMPORT = /import\s*{[^}]*\b[A-Z_]*_STATES\b[^}]*}\s*from\s*'[^']*rowStates'/;
  /** Files that still write a list of row states, and why: not figures to count, but the rows a
   *  command is asked to act on. */
  const WRITES_STATES = [
    // The states the Retry button asks `jobs:retry` to send again, and its count of them.
    'screens/ResultsScreen.svelte',
  ];
  /** A literal list of two row states or more (`['new', 'exists', …]`). */
  const STATE_LIST = new RegExp(
    `\\[\\s*'(${ROW_STATES.join('|')})',\\s*'(${ROW_STATES.join('|')})'`,
  );

  it('keep no list of row states: no screen of figures imports one, no file writes one', () => {
    const text = (f: string) => readFileSync(path.join(RENDERER, f), 'utf8');
    for (const f of FIGURE_SCREENS) expect(STATE_LIST_IMPORT.test(text(f)), f).toBe(false);
    const written = files.filter(
      (f) =>
        !WRITES_STATES.includes(path.relative(RENDERER, f).split(path.sep).join('/')) &&
        STATE_LIST.test(readFileSync(f, 'utf8').replace(/\s+/g, ' ')),
    );
    expect(written.map((f) => path.relative(RENDERER, f))).toEqual([]);
    expect(files.some((f) => f.endsWith('kindFigures.ts'))).toBe(false);
  });

  it('finds what it looks for', () => {
    expect(
      STATE_LIST_IMPORT.test("import { FOLLOW_UP_STATES } from '../../src-shared/rowStates';"),
    ).toBe(true);
    expect(STATE_LIST.test("const CHECK_STATES = ['new', 'exists', 'ambiguous'] as const;")).toBe(
      true,
    );
    expect(STATE_LIST.test("const SENT = [ 'queued', 'sending' ];")).toBe(true);
    expect(STATE_LIST.test("const WORDS = ['add', 'remove'];")).toBe(false);
  });
});
