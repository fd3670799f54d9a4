// The rows of a supplier-base export read so far, kept in a file beside the output (one JSON
// array per line) so that an export cut short continues from its last page without reading
// again what it has. The journal's checkpoint records how many bytes of the spool belong to the
// pages it counts: a spool longer than that (a page appended, the checkpoint not yet written) is
// cut back on resume, so a page is never counted twice nor half.
import { createReadStream } from 'node:fs';
import { open, rm, stat, truncate } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { basename, dirname, join } from 'node:path';

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

/** The spool of the export to `out`: hidden, beside it, on the same disk. */
export function spoolPathFor(out: string): string {
  return join(dirname(out), `.${basename(out)}.spool`);
}

export class Spool {
  private constructor(
    readonly path: string,
    private bytes: number,
  ) {}

  /** A new, empty spool (an old one at the same place is removed). */
  static async fresh(path: string): Promise<Spool> {
    await rm(path, { force: true });
    await (await open(path, 'w')).close();
    return new Spool(path, 0);
  }

  /** The spool as the checkpoint knew it: cut back to `bytes`; undefined when it is shorter
   *  (lost or replaced), so that the export starts over. */
  static async resume(path: string, bytes: number): Promise<Spool | undefined> {
    const size = await stat(path).then(
      (s) => s.size,
      () => -1,
    );
    if (size < bytes) return undefined;
    if (size > bytes) await truncate(path, bytes);
    return new Spool(path, bytes);
  }

  get size(): number {
    return this.bytes;
  }

  /** Appends suppliers and makes them durable before returning (the checkpoint comes after). */
  async append(suppliers: readonly BaseSupplier[]): Promise<void> {
    if (suppliers.length === 0) return;
    const text = suppliers.map((s) => `${JSON.stringify(toLine(s))}\n`).join('');
    const fh = await open(this.path, 'a');
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
    const lines = createInterface({
      input: createReadStream(this.path, { end: Math.max(0, this.bytes - 1) }),
      crlfDelay: Infinity,
    });
    if (this.bytes === 0) {
      lines.close();
      return;
    }
    for await (const line of lines) {
      if (line) yield fromLine(JSON.parse(line) as SpoolLine);
    }
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
