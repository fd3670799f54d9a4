// Renders resources/icon.svg to every icon file the installers use (see icons.ts):
//   npm run icons
// The output is deterministic: rendering an unchanged SVG again rewrites identical files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_SVG, iconFiles } from './icons';

const ROOT = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(ROOT, ICON_SVG), 'utf8');
for (const [file, contents] of iconFiles(svg)) {
  const target = path.join(ROOT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, contents);
  console.log(`${file} (${contents.length.toLocaleString('en')} bytes)`);
}
