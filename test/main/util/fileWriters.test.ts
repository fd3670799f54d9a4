// Every file the app writes goes through the safe-file path (util/safeFiles: created new, never
// through a link planted at its name, renamed into place only over no link). A writer that opens
// a path itself (fs.writeFile, appendFile, createWriteStream, rename, copyFile, an open for
// writing, ...) follows whatever link another account put at that name: this test reads every
// file of src-main and fails for any such call outside the two modules that make the path safe.
// Writes through a handle the safe-file path gave (`handle.writeFile(...)`) are not path-based
// and pass; SQLite's own files in the private data folder are not written through node:fs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../src-main');

/** The modules that are the safe-file path itself. */
const ALLOWED = new Set(['util/safeFiles.ts', 'util/privateFiles.ts']);

/** Functions of node:fs that write, create, replace or link a file named by a path. */
const WRITERS = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'rename',
  'renameSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'truncate',
  'truncateSync',
  'symlink',
  'symlinkSync',
  'link',
  'linkSync',
];
const W = WRITERS.join('|');
const FS_MODULE = `['"](?:node:)?fs(?:/promises)?['"]`;

/** The places in `source` where a file is written by its path, as `line: text`. */
export function pathWriters(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    // A writer imported from node:fs by name: `import { writeFile } from 'node:fs/promises'`.
    new RegExp(`import\\s*\\{[^}]*\\b(?:${W})\\b[^}]*\\}\\s*from\\s*${FS_MODULE}`, 'g'),
    // A writer called through the module: fs.writeFileSync(…), fsp.rename(…), promises.cp(…).
    new RegExp(`\\b(?:fs|fsp|fsPromises|promises)\\s*\\.\\s*(?:${W})\\s*\\(`, 'g'),
    // A writer called bare, as imported: writeFile(…), rename(…).
    new RegExp(`(?<![.\\w$])(?:${W})\\s*\\(`, 'g'),
    // An open for writing by path: open(file, 'w'), fs.openSync(file, 'a+'), O_WRONLY/O_RDWR/O_CREAT.
    /\bopen(?:Sync)?\s*\(\s*[^,()]+,\s*(?:['"](?:w|a|r\+)|[^)]*\bO_(?:WRONLY|RDWR|CREAT|APPEND|TRUNC)\b)/g,
  ];
  const found = new Map<number, string>();
  for (const re of patterns) {
    for (const m of code.matchAll(re)) {
      const line = code.slice(0, m.index).split('\n').length;
      found.set(line, `${line}: ${source.split('\n')[line - 1]!.trim()}`);
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
}

function files(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|mts|cts|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

describe('writers of files', () => {
  it('finds a writer by path in every form it can take, and not a write through a handle', () => {
    for (const bad of [
      "import { writeFile } from 'node:fs/promises';",
      "import { readFile, createWriteStream } from 'fs';",
      'fs.writeFileSync(file, text);',
      'await fsp.rename(temp, target);',
      'await fs.promises.copyFile(a, b);',
      'await appendFile(file, data);',
      "const fh = await open(target, 'w');",
      'fs.openSync(target, constants.O_WRONLY | constants.O_CREAT);',
    ]) {
      expect(pathWriters(bad), bad).toHaveLength(1);
    }
    for (const fine of [
      "import { readFile, stat } from 'node:fs/promises';",
      'await handle.writeFile(text);',
      'await fh.appendFile(data);',
      'const s = handle.createWriteStream({ autoClose: false });',
      "const fh = await open(path, 'r');",
      'process.stdout.write(line);',
      '// fs.writeFileSync(file) in a comment',
      'const renamed = renameColumn(c);',
    ]) {
      expect(pathWriters(fine), fine).toEqual([]);
    }
  });

  it('every file of src-main writes files only through the safe-file path', () => {
    const offenders = files().flatMap((file) => {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (ALLOWED.has(rel)) return [];
      return pathWriters(readFileSync(file, 'utf8')).map((at) => `${rel}:${at}`);
    });
    expect(
      offenders,
      'write through util/safeFiles (replaceSafely, createNew, openSame) instead',
    ).toEqual([]);
  });
});
