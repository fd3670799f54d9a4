// The screens ask a job's kind what it is (kindTraits: namesSupplier, ownSheetLayout, hasCheck, …)
// and choose its words through src-renderer/lib/kindWords.ts; they never test the kind's name.
// This reads every .svelte and .ts file of src-renderer and fails on a comparison with a kind's
// name (`=== 'scores'`, `!== 'onboard'`), on operationOf (whose answer is a name to compare), and
// on a cast to a kind's name (`operation as 'deactivate'`, a key that exists for some kinds only).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src-shared/operations';
import { kindSentRows } from '../../src-renderer/lib/kindFigures';

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
        'lib/kindFigures.ts',
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
    expect(COMPARED.test('kindTraits(job.options.operation).ownSheetLayout')).toBe(false);
  });

  it('lets through only comparisons still in the code', () => {
    const { allowedSeen } = findings();
    const stale = NOT_A_KIND.filter((_, i) => !allowedSeen.has(i)).map((a) => a.file);
    expect(stale).toEqual([]);
  });
});

describe('a kind change on its way, as the screens count it', () => {
  it('counts the states the kind declares for its own write, and its settled changes', () => {
    const job = (operation: 'deactivate' | 'identifiers', counts: Record<string, number>) => ({
      options: { operation },
      counts,
      opResults: { deactivated: 1, added: 2 },
    });
    const states = { deactivate_queued: 3, deactivate_in_doubt: 1, idchange_sending: 5 };
    // deactivate: its own two states and the one deactivated; the identifiers' state is not its.
    expect(kindSentRows(job('deactivate', states) as never)).toBe(3 + 1 + 1 + 2);
    expect(kindSentRows(job('identifiers', states) as never)).toBe(5 + 1 + 2);
  });
});
