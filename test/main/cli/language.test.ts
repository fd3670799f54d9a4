// The command line speaks the language of LANG or LC_ALL: German for de_*, English otherwise. The
// figures of the last line stay the same in every language.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { word } from '../../../src-shared/i18n';
import { planLines } from '../../../src-main/cli/planText';
import { cliWords } from '../../../src-main/cli/words';
import { SAMPLE, SUMMARY, lastLine, runCli, tempDir, type CliResult } from './cli';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let sample: string;

beforeAll(async () => {
  tmp = await tempDir('onboard-language-');
  sample = path.join(tmp.dir, 'suppliers.xlsx');
  await copyFile(SAMPLE, sample);
});

afterAll(async () => {
  await tmp.remove();
});

const SUMMARY_LINE =
  'rows=60 created=0 existing=0 invalid=3 rejected=0 failed=0 pending=57 validation_rejected=0 screening_aborted=0 screening_findings=0 needs_review=0';

/** A dry run of the sample with `LANG`; its exit code and last line do not depend on it. */
async function dryRun(lang: string): Promise<CliResult> {
  const home = path.join(tmp.dir, lang.replace(/\W/g, '-'));
  const r = await runCli([sample, '--dry-run'], { SUPPLIER_ONBOARDING_HOME: home, LANG: lang });
  expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(lastLine(r)).toMatch(SUMMARY);
  expect(lastLine(r)).toBe(SUMMARY_LINE);
  // Three row problems, one line each, worded from their codes where the catalogue has them.
  expect(r.lines.filter((l) => l.startsWith('  '))).toHaveLength(3);
  return r;
}

describe('a dry run of the sample', () => {
  it('speaks German with LANG=de_DE.UTF-8', async () => {
    const r = await dryRun('de_DE.UTF-8');
    expect(r.stdout).toContain('Zuordnung (vorgeschlagen): name ← "Name"');
    expect(r.stdout).toContain(
      '60 Zeilen aus suppliers.xlsx importiert (Blatt Lieferanten, Kopfzeile in Zeile 3): 57 gültig, 3 mit Problemen, 0 leer.',
    );
    expect(r.stdout).toMatch(/^Hinweis: /m);
    expect(r.stdout).toMatch(
      /^Ergebnisse: .*suppliers\.dry-run\.xlsx \(60 Zeilen, 3 brauchen Aufmerksamkeit\)\.$/m,
    );
    expect(r.stdout).not.toMatch(/^(Mapping|Note:|Imported|Results:)/m);
    // The import notes and the three row problems of the sample, in German too.
    expect(r.stdout).toContain('Hinweis: 1 verbundener Zellbereich');
    expect(r.stdout).toContain(
      'Hinweis: Zeile 4: Die Postleitzahl 1067 wurde zu 01067; Postleitzahlen in Deutschland haben fünf Ziffern',
    );
    expect(r.stdout).toContain('(und 10 weitere Zeilen dieser Art)');
    expect(r.stdout).toContain('  Die Angabe „Ort“ fehlt (Zeile 59, Spalte Ort (E)).');
    expect(r.stdout).toContain(
      '  „Atlantis“ ist kein Land, das die App kennt (Zeile 60, Spalte Land (F)).',
    );
    expect(r.stdout).toContain(
      '  „000104“ kommt mehrfach vor: Zeile 7 hat dieselbe Lieferantennummer',
    );
    expect(r.stdout).not.toMatch(/rows like it|is required|is used again|not a country/);
  });

  it('speaks English with LANG=C', async () => {
    const r = await dryRun('C');
    expect(r.stdout).toContain('Mapping (suggested): name ← "Name"');
    expect(r.stdout).toContain(
      'Imported 60 rows from suppliers.xlsx (sheet Lieferanten, header in row 3): 57 valid, 3 with problems, 0 empty.',
    );
    expect(r.stdout).toMatch(/^Note: /m);
    expect(r.stdout).toMatch(/^Results: .*\(60 rows, 3 need attention\)\.$/m);
  });

  it('LC_ALL wins over LANG', async () => {
    const env = {
      SUPPLIER_ONBOARDING_HOME: path.join(tmp.dir, 'all'),
      LANG: 'en_GB.UTF-8',
      LC_ALL: 'de_AT.UTF-8',
    };
    const r = await runCli([sample, '--dry-run', '--screening', '7'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--screening nimmt 2, 5 oder 10 (Jahre), nicht „7“.');
    expect(r.stderr).toContain(word('de', 'cli.usage.seeHelp'));
  });
});

describe('the summary before a start', () => {
  const plan = {
    rows: { new: 1, unchecked: 0, existing: 2, pending: 0, underway: 0, inDoubt: 0 },
    creations: 1,
    identifiersToAttach: 0,
    duration: {
      reads: 3,
      writes: 1,
      checkMs: 200,
      sendMs: 1500,
      platformMs: 5000,
      totalMs: 6700,
      writesPerMinute: 60,
      sharedWithJobs: 0,
    },
    skipExisting: false,
    screening: {
      suppliers: 3,
      byPeriod: [{ years: 2, suppliers: 3 }],
      existing: 2,
      fromColumn: 0,
      column: null,
    },
    validation: null,
    overlaps: [],
    heldRows: 0,
    endedBefore: [],
    needsConfirmation: true,
  } as unknown as Parameters<typeof planLines>[0];

  it('reads in English as before', () => {
    expect(planLines(plan, false)).toEqual([
      'Before you start:',
      '  1 new supplier will be created; 2 exist already.',
      '  3 screenings for 2 years will be ordered. Each may cost money or quota.',
      '  2 of them are for suppliers that exist already and may have been screened before; add --skip-existing to leave them out.',
      '  No validation is requested.',
      "  Expected duration: about 7s (checking 3 identifiers: under 1s; sending 1 request at up to 60/min: 2s; then the platform's processing: 5s).",
    ]);
  });

  it('reads in German', () => {
    const lines = planLines(plan, false, cliWords('de'));
    expect(lines[0]).toBe('Bevor Sie starten:');
    expect(lines[1]).toBe('  1 neuer Lieferant wird angelegt; 2 bestehen bereits.');
    expect(lines).toContain('  Es wird keine Validierung angefordert.');
    expect(lines.at(-1)).toContain('Erwartete Dauer: etwa 7s');
  });
});
