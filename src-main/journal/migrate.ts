// Applies the drizzle-kit migrations at start-up. Before any pending migration touches an
// existing journal, the file is copied aside; the migrations run in one transaction, so a
// failure rolls back and leaves the journal as it was.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { fail } from '../../src-shared/errors';

/**
 * Where the migrations are when no folder is passed, by how the code runs: from source (tsx,
 * vitest: ./migrations beside this file), bundled by electron-vite (out/main/index.js, in the
 * project: ../../src-main/journal/migrations), or packaged (electron-builder copies the folder to
 * resources/migrations). The first that exists wins; the Electron layer may also pass it.
 */
export function migrationsDirCandidates(
  moduleUrl: string = import.meta.url,
  resourcesPath: string | undefined = (process as { resourcesPath?: string }).resourcesPath,
): string[] {
  const candidates = [
    fileURLToPath(new URL('./migrations', moduleUrl)),
    fileURLToPath(new URL('../../src-main/journal/migrations', moduleUrl)),
  ];
  if (resourcesPath) candidates.push(path.join(resourcesPath, 'migrations'));
  return candidates;
}

export function findMigrationsDir(
  candidates: readonly string[] = migrationsDirCandidates(),
): string {
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  return found ?? candidates[0]!;
}

export const DEFAULT_MIGRATIONS_DIR = findMigrationsDir();

const MIGRATIONS_TABLE = '__drizzle_migrations';

export interface MigrationReport {
  /** How many migrations this start-up applied. */
  applied: number;
  /** The copy made before applying them, or null (nothing pending, or a brand-new file). */
  backupPath: string | null;
}

// Until src-shared/errors has `journal_migration_failed`, the code travels in the details.
const MIGRATION_FAILED = 'journal_migration_failed';

export function applyMigrations(
  sqlite: BetterSqlite3.Database,
  dbPath: string,
  migrationsDir: string,
  now: number,
): MigrationReport {
  if (!fs.existsSync(path.join(migrationsDir, 'meta', '_journal.json'))) {
    fail(
      'internal',
      'The app cannot find its journal update files. Reinstall the app; your journal was not changed.',
      { code: MIGRATION_FAILED, migrationsDir },
    );
  }
  const migrations = readMigrationFiles({ migrationsFolder: migrationsDir });
  const last = lastAppliedMillis(sqlite);
  const newest = Math.max(0, ...migrations.map((m) => m.folderMillis));
  if (last !== null && last > newest) {
    fail(
      'internal',
      'This journal was written by a newer version of the app. Install that version (or newer) to open it; the journal was not changed.',
      { code: MIGRATION_FAILED, journal: dbPath },
    );
  }
  const pending = migrations.filter((m) => last === null || m.folderMillis > last);
  if (pending.length === 0) return { applied: 0, backupPath: null };

  const backupPath = isEmptyDatabase(sqlite) ? null : backup(sqlite, dbPath, now);

  // Off during the migration: drizzle-kit rebuilds SQLite tables by copy, drop and rename, and a
  // drop with foreign keys on would cascade into the child tables. Checked again afterwards.
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(drizzle(sqlite), {
      migrationsFolder: migrationsDir,
      migrationsTable: MIGRATIONS_TABLE,
    });
  } catch (e) {
    fail(
      'internal',
      backupPath
        ? `The journal could not be updated for this version of the app, and was left as it was. A copy was saved as ${path.basename(backupPath)}. Export the job log for support.`
        : 'The journal could not be created. Check that the data folder is writable and has free space, then restart the app.',
      {
        code: MIGRATION_FAILED,
        journal: dbPath,
        backupPath,
        cause: e instanceof Error ? e.message : String(e),
      },
    );
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
  const violations = sqlite.pragma('foreign_key_check') as unknown[];
  if (violations.length > 0) {
    fail(
      'internal',
      'The journal update left inconsistent data. Restore the copy saved before the update and export the job log for support.',
      { code: MIGRATION_FAILED, journal: dbPath, backupPath, violations: violations.length },
    );
  }
  return { applied: pending.length, backupPath };
}

function lastAppliedMillis(sqlite: BetterSqlite3.Database): number | null {
  const table = sqlite
    .prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`)
    .get(MIGRATIONS_TABLE);
  if (!table) return null;
  const row = sqlite
    .prepare(`SELECT created_at AS at FROM "${MIGRATIONS_TABLE}" ORDER BY created_at DESC LIMIT 1`)
    .get() as { at: number | string } | undefined;
  return row ? Number(row.at) : null;
}

function isEmptyDatabase(sqlite: BetterSqlite3.Database): boolean {
  const row = sqlite
    .prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`)
    .get() as { n: number };
  return row.n === 0;
}

/** `VACUUM INTO` writes a consistent snapshot (WAL content included) synchronously, so the copy
 *  is complete before the first migration statement runs. */
function backup(sqlite: BetterSqlite3.Database, dbPath: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let target = `${dbPath}.backup-${stamp}`;
  for (let n = 2; fs.existsSync(target); n++) target = `${dbPath}.backup-${stamp}-${n}`;
  try {
    sqlite.prepare('VACUUM INTO ?').run(target);
  } catch (e) {
    fs.rmSync(target, { force: true });
    fail(
      'internal',
      'The journal could not be backed up before an update, so it was not updated. Free some disk space and restart the app.',
      {
        code: MIGRATION_FAILED,
        journal: dbPath,
        cause: e instanceof Error ? e.message : String(e),
      },
    );
  }
  return target;
}
