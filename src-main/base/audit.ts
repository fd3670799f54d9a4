// The platform's own supplier base audited for likely duplicates (`--audit-duplicates FILE`, the
// supplier-base screen): every active supplier read at the API's read limit (resuming like the
// export), grouped by the same matching as a list (src-main/dedupe), and written to a workbook
// with one row per supplier in a group — its platform ID, name and place, `Likely duplicate of`
// (`platform N; platform M`), why, and a decision (the first supplier of a group kept, the others
// to deactivate) — and a sheet "To deactivate" that the existing deactivation job takes as it is
// (typed count, results of its own): `npm run onboard -- FILE --sheet "To deactivate"
// --operation deactivate`.
import path from 'node:path';
import { evidenceWords } from '../../src-shared/duplicatesText';
import { word, type Lang, type MessageKey } from '../../src-shared/i18n';
import { findDuplicatesSteps, runSliced } from '../dedupe/match';
import type { DuplicateReason, SupplierRecord } from '../dedupe/types';
import { systemClock } from '../util/clock';
import { readSupplierBase, type BaseExportOptions, type BaseExportResult } from './exportSuppliers';
import { bookWriter, writeBeside } from './sheets';
import type { BaseSupplier } from './spool';

export type AuditOptions = BaseExportOptions;

export interface AuditGroup {
  /** The group's suppliers, lowest platform ID first (the one kept by default). */
  members: BaseSupplier[];
  /** Per member (by platform ID), its best pair's reasons. */
  why: Map<number, DuplicateReason[]>;
}

export interface AuditResult {
  path: string;
  complete: boolean;
  /** Active suppliers read and compared. */
  suppliers: number;
  groups: number;
  /** Suppliers in a group, and those beyond each group's first (the ones to deactivate). */
  inGroups: number;
  toDeactivate: number;
  pairsCompared: number;
  base: BaseExportResult;
  /** The groups, as the workbook lists them (the screen shows them). */
  found: AuditGroup[];
}

/** A supplier's ids as the audit shows them, on the screen and in the workbook: `id (source)`,
 *  joined by `; `. */
export function supplierIdsText(s: Pick<BaseSupplier, 'supplierIds'>): string {
  return s.supplierIds.map((i) => (i.source ? `${i.id} (${i.source})` : i.id)).join('; ');
}

/** Groups the suppliers of a base: the likely duplicates among them, each group's members by
 *  platform ID. In slices, so that the services answer meanwhile. */
export async function groupBase(
  suppliers: readonly BaseSupplier[],
  signal?: AbortSignal,
): Promise<{ groups: AuditGroup[]; pairsCompared: number }> {
  const records: SupplierRecord[] = suppliers.map((s, i) => ({
    key: i,
    name: s.name,
    street: s.address || null,
    postalCode: s.postalCode || null,
    city: s.city || null,
    countryCode: s.countryCode,
  }));
  const found = await runSliced(findDuplicatesSteps(records), undefined, signal ? { signal } : {});
  const groups = found.groups.map((g) => {
    const why = new Map<number, DuplicateReason[]>();
    for (const p of g.pairs) {
      for (const k of [p.a, p.b] as number[]) {
        const id = suppliers[k]!.platformId;
        if (!why.has(id)) why.set(id, p.reasons);
      }
    }
    const members = (g.keys as number[])
      .map((k) => suppliers[k]!)
      .sort((a, b) => a.platformId - b.platformId);
    return { members, why };
  });
  groups.sort((a, b) => a.members[0]!.platformId - b.members[0]!.platformId);
  return { groups, pairsCompared: found.pairsCompared };
}

/** Reads the base (resuming a read cut short), groups it and writes the audit workbook. */
export async function auditBase(o: AuditOptions): Promise<AuditResult> {
  const out = path.resolve(o.out);
  const read = await readSupplierBase({ ...o, out }, 'audit');
  const result: AuditResult = {
    path: out,
    complete: false,
    suppliers: 0,
    groups: 0,
    inGroups: 0,
    toDeactivate: 0,
    pairsCompared: 0,
    base: read.result,
    found: [],
  };
  if (!read.result.complete) return result;
  const suppliers: BaseSupplier[] = [];
  for await (const s of read.spool.read()) suppliers.push(s);
  const { groups, pairsCompared } = await groupBase(suppliers, o.signal);
  result.suppliers = suppliers.length;
  result.groups = groups.length;
  result.inGroups = groups.reduce((n, g) => n + g.members.length, 0);
  result.toDeactivate = result.inGroups - groups.length;
  result.pairsCompared = pairsCompared;
  result.found = groups;
  await writeAuditWorkbook(out, groups, result, o);
  result.complete = true;
  await read.done();
  return result;
}

async function writeAuditWorkbook(
  out: string,
  groups: readonly AuditGroup[],
  result: AuditResult,
  o: AuditOptions,
): Promise<void> {
  const lang: Lang = o.lang ?? 'en';
  const w = (k: MessageKey, p?: Parameters<typeof word>[2]) => word(lang, k, p);
  await writeBeside(out, async (file) => {
    const book = bookWriter(file.stream(), lang, o.maxRowsPerSheet);
    const header = [
      w('base.audit.column.group'),
      w('base.column.platformId'),
      w('base.column.name'),
      w('base.column.address'),
      w('base.column.postalCode'),
      w('base.column.city'),
      w('base.column.country'),
      w('base.audit.column.supplierIds'),
      w('results.column.likelyDuplicateOf'),
      w('base.audit.column.why'),
      w('base.audit.column.decision'),
    ];
    // Platform ID, postal code and supplier IDs as text.
    const sheet = book.table(w('base.audit.sheet.groups'), header, [1, 4, 7]);
    const extras: BaseSupplier[] = [];
    groups.forEach((g, n) => {
      g.members.forEach((s, k) => {
        const others = g.members
          .filter((m) => m !== s)
          .map((m) => w('results.duplicateOf.platform', { id: m.platformId }));
        const why = evidenceWords(lang, g.why.get(s.platformId) ?? []);
        if (k > 0) extras.push(s);
        sheet.add([
          n + 1,
          String(s.platformId),
          s.name,
          s.address,
          s.postalCode,
          s.city,
          s.countryCode,
          supplierIdsText(s),
          others.join('; '),
          why,
          w(k === 0 ? 'base.audit.decision.keep' : 'base.audit.decision.deactivate'),
        ]);
      });
    });
    sheet.end();
    // What the deactivation job takes: the platform IDs of the suppliers beyond each group's
    // first. Remove a row here to keep that supplier.
    const deactivate = book.table(
      w('base.audit.sheet.deactivate'),
      [w('base.column.platformId'), w('base.column.name'), w('base.column.city')],
      [0],
    );
    for (const s of extras) deactivate.add([String(s.platformId), s.name, s.city]);
    deactivate.end();
    book.summary(w('base.sheet.summary'), [
      [w('base.audit.summary.title')],
      [w('base.audit.summary.madeAt'), new Date((o.clock ?? systemClock).now()).toISOString()],
      [w('base.audit.summary.suppliers'), result.suppliers],
      [w('base.audit.summary.groups'), result.groups],
      [w('base.audit.summary.inGroups'), result.inGroups],
      [
        w('base.audit.summary.toDeactivate'),
        result.toDeactivate,
        w('base.audit.summary.toDeactivateHelp', { sheet: w('base.audit.sheet.deactivate') }),
      ],
    ]);
    await book.workbook.commit();
  });
}
