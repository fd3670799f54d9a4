// Which files a caller of the commands may read, and where an export may be written. A command
// names files by path, and whoever can send commands (the app's page, a page in a browser holding
// the host's secret) must not be able to read or overwrite any file of the user by naming it, nor
// find out which files exist. So:
//
// - A file is read only when the user chose it while the app runs (the file dialog, a file
//   dropped on the desktop window, a browser upload saved in the data folder, a path typed on
//   the command line), when the app wrote it itself (a results file brought back), or when it is
//   the source file of a job in the journal.
// - An export goes beside the job's imported file or where the user chose in the Save dialog,
//   as .xlsx or .csv, into a folder that exists (no folder is made), and replaces a file only
//   when the app wrote that very file (same device, inode, size and modification time) or the
//   user chose it in the Save dialog, which asked about replacing it.
//
// The files the app wrote are remembered in the journal, so that exporting a job again on
// another day replaces its own results file but not one the user has since edited.
import { promises as fsp, type Stats } from 'node:fs';
import path from 'node:path';
import { fail, failWith } from '../../src-shared/errors';
import { privateFile } from '../util/privateFiles';

/** What tells one file from another one put at the same path. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

export function identityOf(s: Stats): FileIdentity {
  return { dev: s.dev, ino: s.ino, size: s.size, mtimeMs: s.mtimeMs };
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

/** Where the files the app wrote are kept between runs (the journal's settings). */
export interface WrittenStore {
  load(): unknown;
  save(written: Record<string, FileIdentity>): void;
}

/** How many written files are remembered across runs (the newest). */
const KEEP_WRITTEN = 500;

export class FileGrants {
  readonly #read = new Set<string>();
  readonly #saveAs = new Set<string>();
  #written = new Map<string, FileIdentity>();
  #store: WrittenStore | undefined;
  #sources: () => Iterable<string> = () => [];

  /** The journal: the files written in earlier runs, and the jobs' own source files. */
  attach(store: WrittenStore, sources: () => Iterable<string>): void {
    this.#store = store;
    this.#sources = sources;
    const saved = store.load();
    if (saved && typeof saved === 'object') {
      const before = this.#written;
      this.#written = new Map();
      for (const [p, id] of Object.entries(saved as Record<string, unknown>)) {
        if (isIdentity(id)) this.#written.set(p, id);
      }
      for (const [p, id] of before) this.#written.set(p, id);
    }
  }

  /** The user chose this file to be read (dialog, drop, upload, command line). */
  grantRead(filePath: string): string {
    const resolved = path.resolve(filePath);
    this.#read.add(resolved);
    return resolved;
  }

  /** The files in `folder` are gone (an upload removed after an hour unused): chosen no more. */
  forgetUnder(folder: string): void {
    const prefix = path.resolve(folder) + path.sep;
    for (const p of this.#read) if (p.startsWith(prefix)) this.#read.delete(p);
  }

  /** The user chose this place in the Save dialog (which asked before replacing a file). */
  grantSaveAs(filePath: string): string {
    const resolved = path.resolve(filePath);
    this.#saveAs.add(resolved);
    return resolved;
  }

  mayRead(filePath: string): boolean {
    const resolved = path.resolve(filePath);
    if (this.#read.has(resolved) || this.#written.has(resolved)) return true;
    for (const source of this.#sources()) if (path.resolve(source) === resolved) return true;
    return false;
  }

  /** Refuses a file the user did not choose, with the same sentence whether it exists or not. */
  assertMayRead(filePath: string): string {
    if (!this.mayRead(filePath)) fail('file_not_chosen');
    return path.resolve(filePath);
  }

  /** A file the app may show in its folder or offer as a download: one it read or wrote. */
  mayShow(filePath: string): boolean {
    return this.mayRead(filePath) || this.#saveAs.has(path.resolve(filePath));
  }

  /**
   * Where an export of a job may be written: `requested` when the user chose it in the Save
   * dialog or it is in the job's folder, else the job's default results file; refused with a
   * sentence otherwise.
   */
  async exportTarget(input: {
    defaultPath: string;
    format: 'xlsx' | 'csv';
    requested?: string | undefined;
  }): Promise<string> {
    const target = path.resolve(input.requested ?? input.defaultPath);
    const chosen = this.#saveAs.has(target);
    if (path.extname(target).toLowerCase() !== `.${input.format}`) {
      failWith('export_type_refused', {
        reason: 'extension',
        format: input.format === 'csv' ? 'CSV' : 'Excel',
        extension: input.format,
      });
    }
    if (!chosen && path.dirname(target) !== path.dirname(path.resolve(input.defaultPath))) {
      fail('export_place_refused');
    }
    const folder = await fsp.stat(path.dirname(target)).catch(() => undefined);
    if (!folder?.isDirectory()) fail('export_folder_missing');
    if (!chosen) {
      const existing = await fsp.lstat(target).catch(() => undefined);
      // A folder in the file's place is never replaced: the export itself says so.
      if (
        existing &&
        !existing.isDirectory() &&
        !(existing.isFile() && this.#isWritten(target, existing))
      ) {
        failWith('export_file_exists', { reason: 'named', name: path.basename(target) });
      }
    }
    return target;
  }

  /** The app has written this file (an export): only the user may read it, it may be read back
   *  and replaced by the next export, and a download serves it only while it is unchanged. */
  async written(filePath: string): Promise<FileIdentity> {
    const resolved = path.resolve(filePath);
    await privateFile(resolved);
    const identity = identityOf(await fsp.lstat(resolved));
    this.#written.delete(resolved);
    this.#written.set(resolved, identity);
    while (this.#written.size > KEEP_WRITTEN) {
      this.#written.delete(this.#written.keys().next().value as string);
    }
    this.#store?.save(Object.fromEntries(this.#written));
    return identity;
  }

  /** The identity the app recorded when it wrote this file, if it did. */
  writtenIdentity(filePath: string): FileIdentity | undefined {
    return this.#written.get(path.resolve(filePath));
  }

  #isWritten(resolved: string, now: Stats): boolean {
    const identity = this.#written.get(resolved);
    return identity !== undefined && sameIdentity(identity, identityOf(now));
  }
}

function isIdentity(v: unknown): v is FileIdentity {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return ['dev', 'ino', 'size', 'mtimeMs'].every((k) => typeof o[k] === 'number');
}
