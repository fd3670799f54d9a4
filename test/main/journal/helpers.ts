// Real journals in temp folders for the journal tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  openJournal,
  type Job,
  type Journal,
  type NewRow,
} from '../../../src-main/journal/journal';
import { DEFAULT_MIGRATIONS_DIR } from '../../../src-main/journal/migrate';
import { FakeClock } from '../../../src-main/util/clock';

export const LIMITS = {
  GET: [{ limit: 100, windowMs: 10_000 }],
  WRITE: [{ limit: 20, windowMs: 10_000 }],
};

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'journal-test-'));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export function openTemp(dir = tempDir(), clock = new FakeClock()) {
  const file = path.join(dir, 'journal.sqlite');
  const journal = openJournal({ path: file, clock });
  return { dir, file, clock, journal };
}

export function makeJob(journal: Journal, name = 'suppliers'): Job {
  const connection = journal.createConnection({
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:1',
    limits: LIMITS,
    isSandbox: true,
  });
  return journal.createJob({
    name,
    connectionId: connection.id,
    sourcePath: 'suppliers.xlsx',
    sourceHash: 'sha256:abc',
    sourceSheet: 'Sheet1',
    headerRow: 1,
    headers: ['Name', 'Country', 'Id'],
    mapping: { name: 'Name' },
    options: { skipExisting: true, screeningPeriod: null, validate: false },
  });
}

/** Rows numbered from source row 2 (under a header row), cells [name, country, id]. */
export function makeRows(n: number, state: NewRow['state'] = 'valid', first = 2): NewRow[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `S-${String(first + i).padStart(6, '0')}`;
    return {
      sourceRow: first + i,
      cells: [`Supplier ${first + i}`, 'DE', id],
      payload: { name: `Supplier ${first + i}`, countryCode: 'DE', supplierId: { id } },
      identityKey: `${id}\u001f`,
      state,
    };
  });
}

/** A copy of the app's migrations, optionally cut to the first `keep` entries. */
export function copyMigrations(dir: string, keep?: number): string {
  const target = path.join(dir, 'migrations');
  fs.cpSync(DEFAULT_MIGRATIONS_DIR, target, { recursive: true });
  if (keep !== undefined) {
    const journalFile = path.join(target, 'meta', '_journal.json');
    const meta = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    meta.entries = meta.entries.slice(0, keep);
    fs.writeFileSync(journalFile, JSON.stringify(meta, null, 2));
  }
  return target;
}

/** Appends a migration to a copied migrations folder. */
export function addMigration(migrationsDir: string, tag: string, sqlText: string): void {
  const journalFile = path.join(migrationsDir, 'meta', '_journal.json');
  const meta = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{
      idx: number;
      version: string;
      when: number;
      tag: string;
      breakpoints: boolean;
    }>;
  };
  const last = meta.entries[meta.entries.length - 1]!;
  meta.entries.push({
    idx: last.idx + 1,
    version: last.version,
    when: last.when + 1_000,
    tag,
    breakpoints: true,
  });
  fs.writeFileSync(journalFile, JSON.stringify(meta, null, 2));
  fs.writeFileSync(path.join(migrationsDir, `${tag}.sql`), sqlText);
}
