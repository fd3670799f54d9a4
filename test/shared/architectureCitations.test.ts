// A comment that cites docs/architecture.md by a heading (`docs/architecture.md, "Kinds of
// job"`) cites one the document has: a heading (without the folders it names after its title),
// or the bold title a paragraph starts with.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src-main', 'src-renderer', 'src-shared'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|svelte|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** The document's headings and the bold titles its paragraphs start with. */
function titles(): Set<string> {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const found = new Set<string>();
  for (const line of doc.split('\n')) {
    const heading = /^#+\s+(.+?)\s*$/.exec(line);
    // A heading that names its folders after the title is cited by the title alone.
    if (heading) found.add(heading[1]!).add(heading[1]!.replace(/\s*\(`.*\)$/, ''));
    const bold = /^\*\*(.+?)\.?\*\*/.exec(line);
    if (bold) found.add(bold[1]!);
  }
  return found;
}

/** Every heading a source cites, as `file: "heading"`; comment markers and line breaks read as
 *  one space, so a title broken over two lines is read whole. */
function citations(): Array<{ file: string; title: string }> {
  return FOLDERS.flatMap((folder) =>
    sources(path.join(ROOT, folder)).flatMap((full) => {
      const text = readFileSync(full, 'utf8').replace(/\s*\n\s*(?:\/\/|\*(?!\/))?\s*/g, ' ');
      const file = path.relative(ROOT, full).split(path.sep).join('/');
      return [...text.matchAll(/architecture\.md,((?:\s*"[^"]+",?)+)/g)].flatMap((m) =>
        [...m[1]!.matchAll(/"([^"]+)"/g)].map((q) => ({ file, title: q[1]! })),
      );
    }),
  );
}

describe('citations of docs/architecture.md', () => {
  it('finds the citations it looks for', () => {
    expect(citations().length).toBeGreaterThan(5);
  });

  it('cites only headings the document has', () => {
    const known = titles();
    const missing = citations()
      .filter((c) => !known.has(c.title))
      .map((c) => `${c.file}: "${c.title}"`);
    expect(missing).toEqual([]);
  });
});
