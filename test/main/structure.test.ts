// The shape of src-main the architecture promises (docs/architecture.md, "Kinds of job" and
// "Import order inside src-main"): no folder imports another round about, no file over 600
// lines, the row and batch runners at most 250 each, and a kind's name tested in one place (the
// registry, which validates a stored job's kind; a kind's own command line asks for its name). And of src-renderer:
// no Svelte component over 450 lines.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayImport, orderFolder, SRC_MAIN_ALLOWED } from '../../scripts/srcMainOrder.mjs';

const root = path.resolve(__dirname, '../../src-main');

/** The files of the services and the command line that still name a kind, and why. */
const KIND_NAMING_FILES: string[] = [
  // The supplier base's audit (--audit-duplicates): its help and its last line say what its
  // workbook's "To deactivate" sheet is for, the deactivation job that takes it as it is.
  path.join('cli', 'baseCommands.ts'),
  // The audit's figures on the screen (base:audit): how many suppliers its workbook suggests to
  // deactivate, a field of the contract's answer.
  path.join('services', 'handlers', 'base.ts'),
];
const renderer = path.resolve(__dirname, '../../src-renderer');

function files(dir = root, ending = '.ts'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : files(p, ending);
    return e.name.endsWith(ending) ? [p] : [];
  });
}

/** The folder of the order a file (or an import's target) is in (scripts/srcMainOrder.mjs). */
const folderOf = (file: string) => orderFolder(path.relative(root, file).split(path.sep))!;
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length;

/** Folder → the folders it imports from (relative imports only). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files()) {
    const from = folderOf(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(path.dirname(file), m[1]!));
      if (target.startsWith('..')) continue;
      const to = orderFolder(target.split(path.sep))!;
      if (to === from || !path.relative(root, file).includes(path.sep)) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

describe('the shape of src-main', () => {
  it('has no import cycle between its folders, and each folder has its place in the order', () => {
    const graph = folderGraph();
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) return void cycles.push([...trail, node].join(' → '));
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
    const folders = new Set(
      files()
        .filter((f) => path.relative(root, f).includes(path.sep))
        .map(folderOf),
    );
    expect([...folders].filter((f) => !(f in SRC_MAIN_ALLOWED))).toEqual([]);
    // The allow-lists themselves name only folders listed before their own: no cycle can be
    // allowed. And every import goes to a folder its folder's list names (lint says the same).
    const order = Object.keys(SRC_MAIN_ALLOWED);
    const forward = Object.entries(SRC_MAIN_ALLOWED).flatMap(([from, tos]) =>
      tos.filter((to) => order.indexOf(to) < 0 || order.indexOf(to) >= order.indexOf(from)),
    );
    expect(forward).toEqual([]);
    const refused = [...graph].flatMap(([from, tos]) =>
      [...tos].filter((to) => !mayImport(from, to)).map((to) => `${from} → ${to}`),
    );
    expect(refused).toEqual([]);
    // The engine and the kinds never reach the API's stand-in.
    for (const folder of ['engine', 'kinds']) expect(mayImport(folder, 'sandbox')).toBe(false);
  });

  it('builds the services in appServices.ts, which no service imports back', () => {
    // The handlers and the services they use take the core's types from services/core.ts; only
    // the services process's end of the channel builds the services there.
    const importers = files(path.join(root, 'services'))
      .filter((f) => /from\s+['"][./]*appServices['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(importers).toEqual([path.join('services', 'remote', 'serve.ts')]);
  });

  it('has no file over 600 lines, and runners of at most 250', () => {
    const long = files()
      .filter((f) => lines(f) > 600)
      .map((f) => `${path.relative(root, f)}: ${lines(f)}`);
    expect(long).toEqual([]);
    for (const runner of ['engine/jobRunner.ts', 'kinds/scores/batchRunner.ts'])
      expect(lines(path.join(root, runner)), runner).toBeLessThanOrEqual(250);
  });

  it('tests the name of a kind in one place, the registry', () => {
    // A kind's name compared with a job's kind (its operation, its kind, a kind's name, the
    // command line's words), or the kind read from stored options.
    const kindName =
      /operationOf\(|(operation|kind|\.name|argv\[[^\]]*\])\s*[=!]==\s*'(onboard|identifiers|deactivate|scores)'/;
    const places = files()
      // The sandbox is the API's stand-in, not the app: it has no kinds of job.
      .filter((f) => folderOf(f) !== 'sandbox')
      .filter((f) => kindName.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(places.sort()).toEqual([path.join('kinds', 'registry.ts')]);
  });
});

/** A source's code without its comments (a comment may name a kind; code may not). */
const codeOf = (src: string) =>
  src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** A kind other than the onboarding named in code: its name as a string, an import from its
 *  folder, or an identifier built on its own words (deactivat…, …Scores…, idchange). */
const NAMES_A_KIND =
  /(['"`])(deactivate|identifiers|scores|idchange)\1|kinds\/(deactivate|identifiers|scores)\/|[Dd]eactivat|\b[Ss]cores\b|Scores[A-Z(]|[a-z]Scores\b|\bidchange/;

describe('the front doors', () => {
  it('name a kind in at most four files of the services and the front doors', () => {
    // A kind's own features live in its folder (kinds/<kind>/front/, registered through
    // services/kindFronts.ts); the files left name a kind for a reason of their own.
    const naming = ['services', 'cli', 'electron', 'host']
      .flatMap((folder) => files(path.join(root, folder)))
      .filter((f) => NAMES_A_KIND.test(codeOf(readFileSync(f, 'utf8'))))
      .map((f) => path.relative(root, f))
      .sort();
    expect(naming.length).toBeLessThanOrEqual(4);
    expect(naming).toEqual(KIND_NAMING_FILES);
  });

  it('see a kind’s name where it is written in code, not in a comment', () => {
    const named = (src: string) => NAMES_A_KIND.test(codeOf(src));
    expect(named("const op = 'deactivate';")).toBe(true);
    expect(named("import { x } from '../kinds/scores/job';")).toBe(true);
    expect(named('deactivatedBefore: []')).toBe(true);
    expect(named('createScoresJob(input)')).toBe(true);
    expect(named('// a deactivation job\nconst x = 1;')).toBe(false);
    expect(named('/** the scores job */ const y = 2;')).toBe(false);
    expect(named("const url = 'https://example.test/x'; // scores")).toBe(false);
    expect(named('let score = 0;')).toBe(false);
  });
});

describe('the shape of src-renderer', () => {
  it('has no Svelte component over 450 lines', () => {
    const components = files(renderer, '.svelte');
    expect(components.length).toBeGreaterThan(0);
    const long = components
      .filter((f) => lines(f) > 450)
      .map((f) => `${path.relative(renderer, f)}: ${lines(f)}`);
    expect(long).toEqual([]);
  });
});
