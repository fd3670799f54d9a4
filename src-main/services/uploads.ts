// Files a browser uploaded for import: each in its own folder of the data folder
// (`imports/<upload id>/<name>`), where its job's results files are written too. They hold
// supplier data, so they do not stay forever:
//
// - A folder a job reads (a job's source file is in it) is kept as long as that job exists:
//   an import cut short reads the rest of the file, and exports go beside it.
// - Any other folder goes once it has not been used for UPLOAD_IDLE_MS: not written to, not
//   read by a command (inspect, preview, a job made from it), and no job's since that job went.
//   A command naming a file in it holds it while the command runs (a drift report over a large
//   supplier base can take longer than the hour, and writes its report beside the list).
//   A sweep looks every UPLOAD_SWEEP_EVERY_MS while the browser host runs, and once when the
//   services start, which removes what earlier runs left behind.
// - An upload refused half-way (too large) goes at once.
//
// "Used" is kept in memory for this run and, for another copy of the app using the same data
// folder, as the folder's modification time; a folder this run does not know is judged by the
// newest modification time of it and its files.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../util/clock';
import { PRIVATE_DIR_MODE } from '../util/privateFiles';
import { createNew, openSame, type FileIdentity } from '../util/safeFiles';

/** An upload no job reads is removed after this long unused. */
export const UPLOAD_IDLE_MS = 60 * 60_000;
/** How often the browser host looks for such uploads. */
export const UPLOAD_SWEEP_EVERY_MS = 5 * 60_000;

export interface OpenUpload {
  path: string;
  bytes: number;
  /** The file `begin` created: a chunk is added only to that very file (util/safeFiles). */
  identity?: FileIdentity;
}

export class Uploads {
  /** The folder holding one folder per upload. */
  readonly dir: string;
  readonly #open = new Map<string, OpenUpload>();
  readonly #lastUse = new Map<string, number>();
  /** Folders a command is using now (a write, a command naming a file in it). */
  readonly #held = new Map<string, number>();
  readonly #expired = new Set<string>();
  #sources: () => Iterable<string> = () => [];
  #sweeping: Promise<string[]> | undefined;

  constructor(
    dataDir: string,
    private readonly clock: Clock,
    /** Called with each folder removed (the grants to read its files go with it). */
    private readonly onRemoved: (folder: string) => void = () => undefined,
  ) {
    this.dir = path.join(path.resolve(dataDir), 'imports');
  }

  /** The journal's jobs: the files they read (their source files). */
  attach(sources: () => Iterable<string>): void {
    this.#sources = sources;
  }

  /** The upload's folder when `filePath` is in one, else undefined. */
  folderOf(filePath: string): string | undefined {
    const rel = path.relative(this.dir, path.resolve(filePath));
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    const first = rel.split(path.sep)[0];
    return first ? path.join(this.dir, first) : undefined;
  }

  /** Starts an upload that will be written to `filePath` (in its own folder). */
  async begin(uploadId: string, filePath: string): Promise<OpenUpload> {
    const folder = this.folderOf(filePath);
    if (!folder) throw new Error(`an upload belongs in ${this.dir}, not at ${filePath}`);
    const upload: OpenUpload = { path: path.resolve(filePath), bytes: 0 };
    this.#open.set(uploadId, upload);
    this.#lastUse.set(folder, this.clock.now());
    this.#expired.delete(folder);
    await fsp.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
    // Created new and private: whatever is at that name (a planted link) makes it fail.
    const fh = await createNew(upload.path);
    try {
      const { dev, ino } = await fh.stat();
      upload.identity = { dev, ino };
    } finally {
      await fh.close();
    }
    return upload;
  }

  /** An upload still being written, by its id. */
  find(uploadId: string): OpenUpload | undefined {
    return this.#open.get(uploadId);
  }

  /** Adds a chunk to an upload; the sweep leaves a folder alone while it is written to. */
  async append(uploadId: string, data: Buffer): Promise<OpenUpload | undefined> {
    const upload = this.#open.get(uploadId);
    const folder = upload && this.folderOf(upload.path);
    if (!upload?.identity || !folder) return undefined;
    const release = this.hold(upload.path);
    try {
      // Not the file `begin` created any more (removed, replaced): the page starts again.
      const fh = await openSame(upload.path, 'append', upload.identity);
      if (!fh) return undefined;
      try {
        await fh.appendFile(data);
      } finally {
        await fh.close();
      }
      upload.bytes += data.length;
    } finally {
      release();
    }
    return upload;
  }

  /** Keeps the upload `filePath` is in while a command uses it; the release counts as a use. */
  hold(filePath: string): () => void {
    const folder = this.folderOf(filePath);
    if (!folder) return () => undefined;
    this.#held.set(folder, (this.#held.get(folder) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#held.get(folder) ?? 1) - 1;
      if (left > 0) this.#held.set(folder, left);
      else this.#held.delete(folder);
      this.touch(filePath);
    };
  }

  /** The upload is complete: it is now a file like any the user chose. */
  finish(uploadId: string): void {
    this.#open.delete(uploadId);
  }

  /** An upload that will never be complete (refused half-way): removed at once. */
  async discard(uploadId: string): Promise<void> {
    const upload = this.#open.get(uploadId);
    this.#open.delete(uploadId);
    const folder = upload && this.folderOf(upload.path);
    if (folder) await this.#remove(folder);
  }

  /** A command reads this file: if it is an upload, its time unused starts again. */
  touch(filePath: string): void {
    const folder = this.folderOf(filePath);
    if (!folder || this.#expired.has(folder)) return;
    const now = this.clock.now();
    this.#lastUse.set(folder, now);
    // For another copy of the app on the same data folder, which cannot see this one's memory.
    void fsp.utimes(folder, now / 1000, now / 1000).catch(() => undefined);
  }

  /** Whether `filePath` was in an upload this run removed for being unused. */
  expired(filePath: string): boolean {
    const folder = this.folderOf(filePath);
    return folder !== undefined && this.#expired.has(folder);
  }

  /** Removes every upload no job reads that has not been used for UPLOAD_IDLE_MS; resolves
   *  with the folders removed. A sweep already under way is joined, not started twice. */
  sweep(): Promise<string[]> {
    this.#sweeping ??= this.#sweep().finally(() => (this.#sweeping = undefined));
    return this.#sweeping;
  }

  /** The sweep under way, if any, has ended (tests on a fake clock wait for it). */
  async settled(): Promise<void> {
    await this.#sweeping;
  }

  /** Sweeps every UPLOAD_SWEEP_EVERY_MS until `signal` aborts. */
  async keepSweeping(signal: AbortSignal): Promise<void> {
    try {
      for (;;) {
        await this.clock.sleep(UPLOAD_SWEEP_EVERY_MS, signal);
        // A folder that cannot be removed now is tried again next time.
        await this.sweep().catch(() => undefined);
      }
    } catch {
      // Aborted: the services are closing.
    }
  }

  async #sweep(): Promise<string[]> {
    const entries = await fsp.readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const removed: string[] = [];
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const folder = path.join(this.dir, entry.name);
      if (this.#readByJob(folder)) {
        // Its time unused starts when no job reads it any more.
        this.#lastUse.set(folder, this.clock.now());
        continue;
      }
      const lastUse = this.#lastUse.get(folder) ?? (await lastModified(folder));
      if (lastUse === undefined || this.clock.now() - lastUse < UPLOAD_IDLE_MS) continue;
      // Asked again right before removing: a command may have used it while the disk was read.
      if (this.#readByJob(folder) || (this.#lastUse.get(folder) ?? lastUse) !== lastUse) continue;
      if (this.#held.has(folder)) continue;
      await this.#remove(folder);
      removed.push(folder);
    }
    return removed;
  }

  #readByJob(folder: string): boolean {
    for (const source of this.#sources()) if (this.folderOf(source) === folder) return true;
    return false;
  }

  async #remove(folder: string): Promise<void> {
    for (const [id, upload] of this.#open) {
      if (this.folderOf(upload.path) === folder) this.#open.delete(id);
    }
    this.#lastUse.delete(folder);
    this.#expired.add(folder);
    this.onRemoved(folder);
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** The newest modification time of a folder and the files in it; undefined when it is gone. */
async function lastModified(folder: string): Promise<number | undefined> {
  const own = await fsp.lstat(folder).catch(() => undefined);
  if (!own) return undefined;
  let newest = own.mtimeMs;
  for (const entry of await fsp.readdir(folder).catch(() => [])) {
    const s = await fsp.lstat(path.join(folder, entry)).catch(() => undefined);
    if (s) newest = Math.max(newest, s.mtimeMs);
  }
  return newest;
}

/**
 * The command handlers, each holding the upload its input's `path` names (if any) while it runs:
 * the sweep never removes a file a command is reading, or the folder it writes beside it.
 */
export function holdingUploads<T extends object>(uploads: Uploads, handlers: T): T {
  const held: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers) as Array<[string, unknown]>) {
    const run = handler as (input: unknown) => unknown;
    held[name] = async (input) => {
      const file =
        input && typeof input === 'object' && 'path' in input && typeof input.path === 'string'
          ? input.path
          : undefined;
      const release = file === undefined ? undefined : uploads.hold(file);
      try {
        return await run(input);
      } finally {
        release?.();
      }
    };
  }
  return held as T;
}
