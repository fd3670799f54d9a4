// After the tour: how many pictures it made in each language, and any picture in
// docs/screenshots/<lang>/ it did not make (left from an earlier tour, or its step failed).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PICTURES_DIR } from './pictures';

const LANGS = ['en', 'de'] as const;

export default async function teardown(): Promise<void> {
  const started = Number(process.env.TOUR_STARTED_AT ?? 0);
  const made: Record<string, string[]> = {};
  const old: string[] = [];
  for (const lang of LANGS) {
    const folder = path.join(PICTURES_DIR, lang);
    const files = (await readdir(folder).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.png'),
    );
    made[lang] = [];
    for (const f of files) {
      if ((await stat(path.join(folder, f))).mtimeMs >= started) made[lang].push(f);
      else old.push(path.join('docs/screenshots', lang, f));
    }
  }
  const counts = LANGS.map((l) => made[l]!.length);
  if (new Set(counts).size > 1)
    console.log(
      `Not the same pictures in every language: ${LANGS.map((l, i) => `${l}=${counts[i]}`).join(' ')}`,
    );
  if (old.length)
    console.log(`Not made by this tour (delete them if nothing uses them):\n  ${old.join('\n  ')}`);
  console.log(`screenshots=${Math.min(...counts)} languages=${LANGS.length}`);
}
