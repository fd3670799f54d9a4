// The rows of a supplier-base export read so far, kept in a file beside the output (one JSON
// array per line) so that an export cut short continues from its last page without reading
// again what it has. The journal's checkpoint records how many bytes of the spool belong to the
// pages it counts: a spool longer than that (a page appended, the checkpoint not yet written) is
// cut back on resume, so a page is never counted twice nor half.
//
// The output's folder may be one others can write to (a team share): the spool is created new,
// 0600, under a name nobody can guess, never through a link (util/safeFiles), and every later
// open checks that the name still holds the very file created (the checkpoint keeps its name,
// device and inode). A spool replaced by someone else is never read nor written.
import { lstat, unlink } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { basename, dirname, join } from 'node:path';
import { failWith } from '../../src-shared/errors';
import { createNew, openSame, removeSame, unguessableNameBeside } from '../util/safeFiles';

/** One supplier of the base, as the export writes it. */
export interface BaseSupplier {
  platformId: number;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  countryCode: string;
  supplierIds: { id: string; source: string }[];
}

type SpoolLine = [number, string, string, string, string, string, [string, string][]];

const toLine = (s: BaseSupplier): SpoolLine => [
  s.platformId,
  s.name,
  s.address,
  s.city,
  s.postalCode,
  s.countryCode,
  s.supplierIds.map((i) => [i.id, i.source]),
];

const fromLine = (l: SpoolLine): BaseSupplier => ({
  platformId: l[0],
  name: l[1],
  address: l[2],
  city: l[3],
  postalCode: l[4],
  countryCode: l[5],
  supplierIds: l[6].map(([id, source]) => ({ id, source })),
});

/** Which file is the spool of an export: its name beside the output, and the file it was made
 *  as. Kept in the export's checkpoint. */
export interface SpoolRef {
  name: string;
  dev: number;
  ino: number;
}

/** A spool reference as a checkpoint holds it: a plain hidden file name, device and inode. */
export function isSpoolRef(v: unknown): v is SpoolRef {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.name === 'string' &&
    r.name.startsWith('.') &&
    basename(r.name) === r.name &&
    typeof r.dev === 'number' &&
    typeof r.ino === 'number'
  );
}

/** Where versions before unguessable names kept the spool of `out`. */
const legacySpoolPath = (out: string) => join(dirname(out), `.${basename(out)}.spool`);

export class Spool {
  private constructor(
    private readonly out: string,
    readonly path: string,
    readonly ref: SpoolRef,
    private bytes: number,
  ) {}

  /** A new, empty spool beside `out`. A spool an earlier version left at its fixed name is
   *  removed, if it is a file of this user's. */
  static async fresh(out: string): Promise<Spool> {
    await removeLegacySpool(out);
    const path = unguessableNameBeside(out, 'spool');
    const fh = await createNew(path);
    try {
      const { dev, ino } = await fh.stat();
      return new Spool(out, path, { name: basename(path), dev, ino }, 0);
    } finally {
      await fh.close();
    }
  }

  /** The spool of `ref` as the checkpoint knew it: cut back to `bytes`; undefined when it is
   *  shorter, gone or not the file the app made, so that the export starts over. */
  static async resume(out: string, ref: SpoolRef, bytes: number): Promise<Spool | undefined> {
    if (!isSpoolRef(ref)) return undefined;
    const path = join(dirname(out), ref.name);
    const fh = await openSame(path, 'update', ref);
    if (!fh) return undefined;
    try {
      const { size } = await fh.stat();
      if (size < bytes) return undefined;
      if (size > bytes) await fh.truncate(bytes);
    } finally {
      await fh.close();
    }
    return new Spool(out, path, ref, bytes);
  }

  /** Removes the spool of a checkpoint that is not resumed, if it is still the file made. */
  static async discard(out: string, ref: unknown): Promise<void> {
    if (isSpoolRef(ref)) await removeSame(join(dirname(out), ref.name), ref);
  }

  /** The spool, opened as `flags` through no link, refused when it is not the file made. */
  private async openOwn(flags: 'read' | 'append') {
    const fh = await openSame(this.path, flags, this.ref);
    if (fh) return fh;
    return failWith('export_failed', {
      reason: 'folder_changed',
      folder: dirname(this.out),
      name: basename(this.out),
    });
  }

  get size(): number {
    return this.bytes;
  }

  /** Appends suppliers and makes them durable before returning (the checkpoint comes after). */
  async append(suppliers: readonly BaseSupplier[]): Promise<void> {
    if (suppliers.length === 0) return;
    const text = suppliers.map((s) => `${JSON.stringify(toLine(s))}\n`).join('');
    const fh = await this.openOwn('append');
    try {
      await fh.write(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    this.bytes += Buffer.byteLength(text);
  }

  /** Every supplier in the spool, in the order read. */
  async *read(): AsyncGenerator<BaseSupplier> {
    if (this.bytes === 0) return;
    const fh = await this.openOwn('read');
    // The stream closes the handle when it ends or is destroyed (the reader left early).
    const input = fh.createReadStream({ start: 0, end: this.bytes - 1 });
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (line) yield fromLine(JSON.parse(line) as SpoolLine);
      }
    } finally {
      lines.close();
      input.destroy();
    }
  }

  async remove(): Promise<void> {
    await removeSame(this.path, this.ref);
  }
}

/** A spool of an earlier version (at its fixed, guessable name) is removed when it is a file of
 *  this user's; a link or another user's file there is left alone. Unlinking never follows. */
async function removeLegacySpool(out: string): Promise<void> {
  const legacy = legacySpoolPath(out);
  const st = await lstat(legacy).catch(() => undefined);
  if (!st?.isFile()) return;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return;
  await unlink(legacy).catch(() => undefined);
}
