// Commands on the supplier base: its export and the drift report of a supplier list, one at a
// time, with their progress as `base:progress` events and a stop that lets them resume later.
import path from 'node:path';
import type {
  AuditMemberView,
  BaseProgressView,
  CommandOutput,
} from '../../../src-shared/contract';
import { fail } from '../../../src-shared/errors';
import { supplierIdsText, type AuditGroup } from '../../base/audit';
import type { BaseExportProgress } from '../../base/exportSuppliers';
import type { EventBus } from '../eventBus';
import { defaultDriftPath, SupplierBaseService } from '../supplierBase';
import type { AreaHandlers, HandlerDeps } from './deps';

const where = (r: { path: string; complete: boolean }) => ({ path: r.path, complete: r.complete });

const share = (perMinute: number | null, ceiling: number) =>
  perMinute === null ? null : perMinute / ceiling;

/** The groups the audit screen shows (the workbook has every one). */
const SHOWN_GROUPS = 500;

const membersOf = (g: AuditGroup): AuditMemberView[] =>
  g.members.map((s) => ({
    platformId: s.platformId,
    name: s.name,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    countryCode: s.countryCode,
    supplierIds: supplierIdsText(s),
    reasons: g.why.get(s.platformId) ?? [],
  }));

/** The commands on the supplier base; a command on an audit's chosen suppliers is brought by
 *  the kind it makes a job of (services/kindFronts.ts), reading the audit kept in `d.audits`. */
export function baseHandlers(d: HandlerDeps, bus: EventBus): Partial<AreaHandlers<'base'>> {
  let running: AbortController | undefined;
  const defaultExport = () => path.join(d.options.dataDir, 'supplier-base.xlsx');
  const defaultAudit = () => path.join(d.options.dataDir, 'supplier-audit.xlsx');
  const service = async () => new SupplierBaseService(await d.ready());
  const progress =
    (operation: BaseProgressView['operation']) =>
    (p: BaseExportProgress): void =>
      bus.emit('base:progress', {
        operation,
        phase: 'base',
        pagesDone: p.pagesDone,
        totalPages: p.totalPages,
        suppliers: p.suppliers,
        totalElements: p.totalElements,
        readsPerMinute: p.readsPerMinute,
        etaMs: p.etaMs,
        rows: null,
      });
  /** One export or report at a time: both read the same list within one read budget. */
  const exclusive = async <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    if (running) fail('invalid_input', 'An export of the supplier base is already running.');
    const stop = new AbortController();
    running = stop;
    try {
      return await work(stop.signal);
    } finally {
      running = undefined;
    }
  };
  /** A finished workbook may be downloaded (browser host). */
  const offer = async (r: { path: string; complete: boolean }) => {
    if (r.complete) d.downloads.allow(r.path, await d.grants.written(r.path));
  };
  return {
    'base:checkpoint': async ({ path: p }) => {
      const target = path.resolve(p ?? defaultExport());
      const c = (await service()).checkpoint(target);
      return c ? { path: target, pages: c.pages, suppliers: c.suppliers } : null;
    },
    'base:export': async ({ connectionId, path: requested }) => {
      const target = await d.grants.exportTarget({
        defaultPath: defaultExport(),
        format: 'xlsx',
        requested,
      });
      const s = await service();
      const r = await exclusive((signal) =>
        s.export({ connectionId, out: target, signal, onProgress: progress('export') }),
      );
      await offer(r);
      return {
        ...where(r),
        suppliers: r.suppliers,
        pages: r.pages,
        reads: r.reads,
        listChanged: r.listChanged,
        readRate: share(r.readsPerMinute, r.readCeilingPerMinute),
        elapsedMs: r.elapsedMs,
      } satisfies CommandOutput<'base:export'>;
    },
    'base:drift': async ({ connectionId, path: list, sheet, out }) => {
      await d.readable(list);
      const target = await d.grants.exportTarget({
        defaultPath: defaultDriftPath(path.resolve(list)),
        format: 'xlsx',
        requested: out,
      });
      const s = await service();
      const onBase = progress('drift');
      const r = await exclusive((signal) =>
        s.drift({
          connectionId,
          file: list,
          ...(sheet ? { sheet } : {}),
          out: target,
          signal,
          onProgress: (p) => {
            if (p.phase === 'base') onBase(p);
            else
              bus.emit('base:progress', {
                operation: 'drift',
                phase: 'rows',
                pagesDone: 0,
                totalPages: null,
                suppliers: 0,
                totalElements: null,
                readsPerMinute: null,
                etaMs: null,
                rows: p.rows,
              });
          },
        }),
      );
      await offer(r);
      const { rows, byStatus, byField, postalCodesCompared, differences } = r;
      return {
        ...where(r),
        rows,
        byStatus,
        byField,
        postalCodesCompared,
        differences,
      } satisfies CommandOutput<'base:drift'>;
    },
    'base:audit': async ({ connectionId, path: requested }) => {
      const target = await d.grants.exportTarget({
        defaultPath: defaultAudit(),
        format: 'xlsx',
        requested,
      });
      const s = await service();
      const r = await exclusive((signal) =>
        s.audit({ connectionId, out: target, signal, onProgress: progress('audit') }),
      );
      await offer(r);
      if (r.complete) d.audits.remember(connectionId, r.path, r.found);
      return {
        ...where(r),
        suppliers: r.suppliers,
        groups: r.groups,
        inGroups: r.inGroups,
        toDeactivate: r.toDeactivate,
        pairsCompared: r.pairsCompared,
        shown: r.found.slice(0, SHOWN_GROUPS).map(membersOf),
        connection: r.connection,
      } satisfies CommandOutput<'base:audit'>;
    },
    'base:stop': () => {
      const stopped = Boolean(running);
      running?.abort();
      return { stopped };
    },
  };
}
