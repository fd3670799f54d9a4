// The supplier base as the front doors use it: the export and the drift report on a saved
// connection (the built-in sandbox by default), through that connection's scheduler, with the
// checkpoint in the journal. The command line calls it directly, the app through base:* commands.
import path from 'node:path';
import { failWith } from '../../src-shared/errors';
import type { Lang } from '../../src-shared/i18n';
import { DEFAULT_WINDOWS } from '../api/limiter';
import {
  DRIFT_FIELDS,
  driftReport,
  type DriftField,
  type DriftProgress,
  type DriftResult,
} from '../base/drift';
import {
  exportCheckpoint,
  exportSupplierBase,
  type BaseExportProgress,
  type BaseExportResult,
} from '../base/exportSuppliers';
import { auditBase, type AuditResult } from '../base/audit';
import { REQUIRED_FIELDS, type Mapping } from '../workbook';
import type { Core } from './core';

/** The GET ceiling per minute of a connection: its narrowest window, scaled to a minute. */
export function readCeilingPerMinute(
  limits: { GET?: { limit: number; windowMs: number }[] } | undefined,
): number {
  const windows = limits?.GET?.length ? limits.GET : DEFAULT_WINDOWS.GET;
  return Math.min(...windows.map((w) => (w.limit * 60_000) / w.windowMs));
}

/**
 * A mapping the importer takes for a drift report: required fields the list lacks get a
 * placeholder constant and are left out of the comparison. Without a supplier ID column no row
 * can be found: refused.
 */
export function driftMapping(mapping: Mapping): { mapping: Mapping; compare: DriftField[] } {
  const mapped = (field: string) => {
    const f = mapping.fields.find((m) => m.field === field);
    return Boolean(f && (f.column !== null || (f.constant ?? '').trim() !== ''));
  };
  if (!mapped('supplierId.id'))
    failWith('mapping_incomplete', { reason: 'drift_supplier_id', missing: ['supplierId.id'] });
  const fields = mapping.fields.filter((f) => mapped(f.field));
  for (const field of REQUIRED_FIELDS) {
    if (!mapped(field))
      fields.push({ field, column: null, constant: field === 'countryCode' ? 'DE' : '-' });
  }
  // A drift field is named as the mapping names its field.
  const compare = DRIFT_FIELDS.filter(mapped);
  return { mapping: { fields }, compare };
}

export interface BaseRunOptions {
  connectionId: string;
  signal?: AbortSignal;
  lang?: Lang;
}

export class SupplierBaseService {
  constructor(private readonly core: Core) {}

  private runtime(connectionId: string) {
    const conn = this.core.journal.getConnection(connectionId);
    if (!conn) failWith('not_found', { reason: 'connection', connectionId });
    return { conn, rt: this.core.engine.runtime(connectionId) };
  }

  /** An export of `out` cut short: how far it got. */
  checkpoint(out: string) {
    return exportCheckpoint(this.core.journal, path.resolve(out)) ?? null;
  }

  async export(
    o: BaseRunOptions & {
      out: string;
      pageSize?: number;
      stopAfterPages?: number;
      onProgress?: (p: BaseExportProgress) => void;
    },
  ): Promise<BaseExportResult & { readCeilingPerMinute: number }> {
    const { conn, rt } = this.runtime(o.connectionId);
    const result = await exportSupplierBase({
      out: o.out,
      api: rt.api,
      store: this.core.journal,
      connectionId: conn.id,
      ...(o.pageSize !== undefined ? { pageSize: o.pageSize } : {}),
      ...(o.stopAfterPages !== undefined ? { stopAfterPages: o.stopAfterPages } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      ...(o.lang ? { lang: o.lang } : {}),
    });
    return { ...result, readCeilingPerMinute: readCeilingPerMinute(conn.limits) };
  }

  /** The likely duplicates among the connection's active suppliers, written to `out`. */
  async audit(
    o: BaseRunOptions & {
      out: string;
      pageSize?: number;
      onProgress?: (p: BaseExportProgress) => void;
    },
  ): Promise<AuditResult & { readCeilingPerMinute: number; connection: string }> {
    const { conn, rt } = this.runtime(o.connectionId);
    const result = await auditBase({
      out: o.out,
      api: rt.api,
      store: this.core.journal,
      connectionId: conn.id,
      ...(o.pageSize !== undefined ? { pageSize: o.pageSize } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      ...(o.lang ? { lang: o.lang } : {}),
    });
    return {
      ...result,
      readCeilingPerMinute: readCeilingPerMinute(conn.limits),
      connection: conn.name,
    };
  }

  async drift(
    o: BaseRunOptions & {
      file: string;
      sheet?: string;
      /** The list's mapping; by default the one suggested from its headers (and templates). */
      mapping?: Mapping;
      out?: string;
      postalCodes?: boolean;
      onProgress?: (p: DriftProgress) => void;
    },
  ): Promise<DriftResult & { readCeilingPerMinute: number }> {
    const { conn, rt } = this.runtime(o.connectionId);
    const file = path.resolve(o.file);
    let mapping = o.mapping;
    let sheet = o.sheet;
    if (!mapping) {
      const preview = await this.core.onboarding.preview({
        path: file,
        ...(sheet !== undefined ? { sheet } : {}),
        limit: 50,
      });
      mapping = preview.suggestion.mapping as Mapping;
      sheet ??= preview.sheet ?? undefined;
    }
    const usable = driftMapping(mapping);
    const out = path.resolve(o.out ?? defaultDriftPath(file));
    const result = await driftReport({
      file,
      ...(sheet ? { sheet } : {}),
      mapping: usable.mapping,
      compare: usable.compare,
      out,
      api: rt.api,
      details: rt.api,
      store: this.core.journal,
      connectionId: conn.id,
      ...(o.postalCodes !== undefined ? { postalCodes: o.postalCodes } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      ...(o.lang ? { lang: o.lang } : {}),
    });
    return { ...result, readCeilingPerMinute: readCeilingPerMinute(conn.limits) };
  }
}

/** `list.xlsx` → `list.drift.xlsx` beside it. */
export function defaultDriftPath(file: string): string {
  const ext = path.extname(file);
  return path.join(path.dirname(file), `${path.basename(file, ext)}.drift.xlsx`);
}
