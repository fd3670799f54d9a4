// Which job a results file belongs to: the file a user exported, fixed in Excel and brings back
// (from the Results screen or the command line's --retry-from).
import path from 'node:path';
import type { Job } from '../journal/journal';

/** Case matters for file names on Linux only. */
export const fold = (p: string) => (process.platform === 'linux' ? p : p.toLowerCase());

/** The path without its extension: `/a/suppliers.results.xlsx` → `/a/suppliers.results`. */
function stem(p: string): string {
  const parsed = path.parse(path.resolve(p));
  return fold(path.join(parsed.dir, parsed.name));
}

/**
 * The job a results file came from, newest job first: the one whose results file it is by name
 * and folder (`<source>.results.xlsx` or `.csv`, whatever the format the user saved it in);
 * else a job whose source name begins the file's name (a renamed or
 * moved copy such as `suppliers.results fixed.xlsx`), the longest such name winning.
 */
export function sourceJobOf(jobs: readonly Job[], file: string): Job | undefined {
  const target = stem(file);
  const exact = jobs.find((j) => `${stem(j.sourcePath)}.results` === target);
  if (exact) return exact;
  const name = fold(path.parse(file).name);
  let best: Job | undefined;
  let bestLength = -1;
  for (const j of jobs) {
    const source = fold(path.parse(j.sourcePath).name);
    if (source && name.startsWith(source) && source.length > bestLength) {
      best = j;
      bestLength = source.length;
    }
  }
  return best;
}
