// Export of the supplier base: every active site the list endpoint (GET /public/v2/suppliers/sites)
// answers, page by page at the read ceiling, into an .xlsx workbook.
//
// Pacing: the calls go through the connection's scheduler (the GET limiter, shared with every
// job on the connection), so the export never reads faster than 100 per 10 s and 500 per minute,
// and never starves a running job of its reads either.
//
// Resume: each page read is appended to a spool beside the output (spool.ts) and made durable,
// then the journal's checkpoint (a setting per output file) records the next page and the
// spool's length. An export killed at any point continues from its last checkpoint: the pages it
// has are not read again, and the workbook is written only once the last page is in, under a
// temporary name renamed into place.
//
// A list that changes while it is read: pages are offsets into a list ordered by name, so a
// supplier added before the current page pushes one already read onto the next page (read twice:
// dropped by its platform id), and one removed pulls an unread supplier back onto a page already
// read. The second is seen as a smaller totalElements on the next page: the page before is then
// read again (once per such change), which brings back what slid back. What is added or removed
// during the export may or may not be in it; the Summary says when the list changed.
import path from 'node:path';
import type { ApiAnswer, SupplierPage, SupplierSummary } from '../api';
import { answerError } from '../api';
import { recognisableIds } from '../api/openWords';
import { AppFailure, appError } from '../../src-shared/errors';
import { word, type Lang } from '../../src-shared/i18n';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import { refuseLink } from '../util/safeFiles';
import { bookWriter, writeBeside } from './sheets';
import { Spool, type BaseSupplier, type SpoolRef } from './spool';

/** The list call, as the scheduler-backed API offers it (ThrottledApi). */
export interface SupplierLister {
  listSuppliers(
    page: number,
    size: number,
    o?: { signal?: AbortSignal; kind?: string },
  ): Promise<ApiAnswer<SupplierPage>>;
}

/** Where the checkpoint lives: the journal's settings (get/set/deleteSetting). */
export interface CheckpointStore {
  getSetting(key: string): unknown;
  setSetting(key: string, value: unknown): void;
  deleteSetting(key: string): void;
}

/** The page size asked for: the largest the sandbox answers (its MAX_PAGE_SIZE). The API
 *  publishes no maximum; the size it answers is read back from the first page and used. */
export const EXPORT_PAGE_SIZE = 2000;

export interface BaseExportProgress {
  pagesDone: number;
  totalPages: number | null;
  suppliers: number;
  totalElements: number | null;
  /** Reads of this run per minute, since its first read. */
  readsPerMinute: number | null;
  etaMs: number | null;
  elapsedMs: number;
}

export interface BaseExportOptions {
  out: string;
  api: SupplierLister;
  store: CheckpointStore;
  /** The connection read from: a checkpoint of another connection is not resumed. */
  connectionId: string;
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: BaseExportProgress) => void;
  clock?: Clock;
  lang?: Lang;
  maxRowsPerSheet?: number;
  /** Stops (as if interrupted) after reading this many pages in this run: tests. */
  stopAfterPages?: number;
  /** A failed read (offline, server error) is tried again this many times before the export
   *  stops; it resumes from the same page later. */
  retries?: number;
}

export interface BaseExportResult {
  path: string;
  /** Finished and written; false when stopped before the last page (resume to go on). */
  complete: boolean;
  suppliers: number;
  /** Pages of the list the export holds (the last one included). */
  pages: number;
  /** Reads of this run (re-reads included). */
  reads: number;
  /** Pages read again because the list shrank between two pages. */
  rereads: number;
  /** Suppliers met a second time (a page read again, the list shifted) and left out. */
  duplicates: number;
  /** The page this run started at (0 for a fresh export). */
  resumedAtPage: number;
  pageSize: number;
  totalAtStart: number | null;
  totalAtEnd: number | null;
  listChanged: boolean;
  /** Time of this run and of every run of the export together. */
  elapsedMs: number;
  totalElapsedMs: number;
  readsPerMinute: number | null;
  sheets: string[];
  cutCells: number;
}

interface Checkpoint {
  v: 1;
  connectionId: string;
  size: number;
  nextPage: number;
  /** The spool: its unguessable name beside the output and the file it is (absent in a
   *  checkpoint of a version that named it by the output alone: that export starts over). */
  spool?: SpoolRef;
  spoolBytes: number;
  suppliers: number;
  pages: number;
  rereads: number;
  duplicates: number;
  totalAtStart: number | null;
  totalAtEnd: number | null;
  listChanged: boolean;
  elapsedMs: number;
}

export const checkpointKey = (out: string, purpose: 'export' | 'drift' | 'audit' = 'export') =>
  `base:${purpose}:${path.resolve(out)}`;

/** An export of `out` cut short and not finished: where it stands. */
export function exportCheckpoint(
  store: CheckpointStore,
  out: string,
): { pages: number; suppliers: number; connectionId: string } | undefined {
  const c = store.getSetting(checkpointKey(out)) as Checkpoint | undefined;
  return c?.v === 1
    ? { pages: c.pages, suppliers: c.suppliers, connectionId: c.connectionId }
    : undefined;
}

const text = (v: string | null | undefined) => (v ?? '').trim();

export function toBaseSupplier(s: SupplierSummary & { postalCode?: unknown }): BaseSupplier {
  return {
    platformId: s.platformTargetId,
    name: text(s.name),
    address: text(s.address),
    city: text(s.city),
    postalCode: typeof s.postalCode === 'string' ? s.postalCode.trim() : '',
    countryCode: text(s.countryCode),
    // Identifiers of a kind the app does not know count as supplier ids, as in the check.
    supplierIds: recognisableIds(s).map((i) => ({
      id: String(i.id ?? '').trim(),
      source: String(i.source ?? '').trim(),
    })),
  };
}

async function readPage(
  o: BaseExportOptions,
  page: number,
  size: number,
  clock: Clock,
): Promise<ApiAnswer<SupplierPage>> {
  const retries = o.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const answer = await o.api.listSuppliers(page, size, {
      kind: 'check',
      ...(o.signal ? { signal: o.signal } : {}),
    });
    // A read changes nothing: one that failed on the way is simply read again, a little later.
    const transient = answer.kind === 'offline' || answer.kind === 'maybe_processed';
    if (!transient || attempt >= retries || o.signal?.aborted) return answer;
    try {
      await clock.sleep(Math.min(30_000, 1000 * 2 ** attempt), o.signal);
    } catch {
      return { kind: 'aborted', maybeSent: false };
    }
  }
}

/** Reads the supplier base into `out` (.xlsx), resuming an export of the same file cut short. */
export async function exportSupplierBase(o: BaseExportOptions): Promise<BaseExportResult> {
  const { result, spool, done } = await readSupplierBase(o, 'export');
  if (!result.complete) return result;
  const written = await writeBaseWorkbook(result.path, spool, result, o);
  result.sheets = written.sheets;
  result.cutCells = written.cutCells;
  await done();
  return result;
}

/**
 * Reads every page of the list into the spool of `o.out`, resuming from its checkpoint. Once
 * complete, the caller reads the spool and calls `done` to forget the checkpoint and the spool.
 */
export async function readSupplierBase(
  o: BaseExportOptions,
  purpose: 'export' | 'drift' | 'audit',
): Promise<{ result: BaseExportResult; spool: Spool; done: () => Promise<void> }> {
  const clock = o.clock ?? systemClock;
  const out = path.resolve(o.out);
  const key = checkpointKey(out, purpose);
  const started = clock.now();
  // Said before a page is read: the workbook would not be written through a link at the end.
  await refuseLink(out);

  let cp = o.store.getSetting(key) as Checkpoint | undefined;
  let spool: Spool | undefined;
  if (cp?.v === 1 && cp.connectionId === o.connectionId && cp.spool) {
    spool = await Spool.resume(out, cp.spool, cp.spoolBytes);
  }
  // A spool no checkpoint records yet (the run stops before its first page) is removed at the
  // end: nothing could resume it.
  let recorded = spool !== undefined;
  if (!spool || !cp) {
    if (cp?.spool) await Spool.discard(out, cp.spool);
    spool = await Spool.fresh(out);
    cp = {
      v: 1,
      connectionId: o.connectionId,
      size: Math.max(1, o.pageSize ?? EXPORT_PAGE_SIZE),
      nextPage: 0,
      spool: spool.ref,
      spoolBytes: 0,
      suppliers: 0,
      pages: 0,
      rereads: 0,
      duplicates: 0,
      totalAtStart: null,
      totalAtEnd: null,
      listChanged: false,
      elapsedMs: 0,
    };
  }
  const resumedAtPage = cp.nextPage;
  const priorElapsed = cp.elapsedMs;
  const seen = new Set<number>();
  for await (const s of spool.read()) seen.add(s.platformId);
  cp.suppliers = seen.size;

  let reads = 0;
  let firstReadAt: number | undefined;
  const rate = () => {
    const ms = firstReadAt === undefined ? 0 : clock.now() - firstReadAt;
    return reads > 1 && ms > 0 ? ((reads - 1) / ms) * 60_000 : null;
  };
  const progress = () => {
    const totalPages = cp.totalAtEnd !== null ? Math.ceil(cp.totalAtEnd / cp.size) : null;
    const perMinute = rate();
    const left = totalPages !== null ? Math.max(0, totalPages - cp.nextPage) : null;
    o.onProgress?.({
      pagesDone: cp.nextPage,
      totalPages,
      suppliers: cp.suppliers,
      totalElements: cp.totalAtEnd,
      readsPerMinute: perMinute,
      etaMs: left === 0 ? 0 : left !== null && perMinute ? (left / perMinute) * 60_000 : null,
      elapsedMs: priorElapsed + clock.now() - started,
    });
  };

  /** One page into the spool; its total, or the failure that stopped the export. */
  const take = async (page: number): Promise<SupplierPage> => {
    const answer = await readPage(o, page, cp.size, clock);
    if (answer.kind !== 'ok') {
      if (answer.kind === 'aborted') throw new Interrupted();
      const err = answerError(answer) ?? appError('api_unexpected_response');
      throw new AppFailure(err);
    }
    reads++;
    firstReadAt ??= clock.now();
    const fresh: BaseSupplier[] = [];
    for (const item of answer.value.content) {
      if (seen.has(item.platformTargetId)) {
        cp.duplicates++;
        continue;
      }
      seen.add(item.platformTargetId);
      fresh.push(toBaseSupplier(item));
    }
    await spool.append(fresh);
    cp.suppliers = seen.size;
    cp.spoolBytes = spool.size;
    return answer.value;
  };

  let runPages = 0;
  let complete = false;
  try {
    for (;;) {
      if (o.signal?.aborted) throw new Interrupted();
      if (o.stopAfterPages !== undefined && runPages >= o.stopAfterPages) throw new Interrupted();
      const page = cp.nextPage;
      const answer = await take(page);
      runPages++;
      // The API may answer a smaller page than asked: its size decides the paging from the first
      // page on (a later change of size would skip or repeat suppliers: start over then).
      const answered = answer.size ?? cp.size;
      if (page === 0 && answered > 0 && answered !== cp.size) cp.size = answered;
      const total = answer.totalElements ?? null;
      if (page === 0 || cp.totalAtStart === null) cp.totalAtStart = total;
      if (total !== null && cp.totalAtEnd !== null && total !== cp.totalAtEnd) {
        cp.listChanged = true;
        // Fewer than before: suppliers slid back onto pages already read; read them again.
        const shrunk = cp.totalAtEnd - total;
        if (shrunk > 0 && page > 0) {
          const back = Math.min(page, Math.ceil(shrunk / cp.size));
          for (let p = page - back; p < page; p++) {
            await take(p);
            cp.rereads++;
          }
        }
      }
      cp.totalAtEnd = total;
      cp.pages = page + 1;
      cp.nextPage = page + 1;
      const last =
        answer.content.length === 0 ||
        answer.last === true ||
        answer.content.length < cp.size ||
        (total !== null && cp.nextPage * cp.size >= total);
      if (last) complete = true;
      o.store.setSetting(key, { ...cp, elapsedMs: priorElapsed + clock.now() - started });
      recorded = true;
      progress();
      if (complete) break;
    }
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
  } finally {
    if (!recorded) await spool.remove();
  }

  const elapsedMs = clock.now() - started;
  const result: BaseExportResult = {
    path: out,
    complete,
    suppliers: cp.suppliers,
    pages: cp.pages,
    reads,
    rereads: cp.rereads,
    duplicates: cp.duplicates,
    resumedAtPage,
    pageSize: cp.size,
    totalAtStart: cp.totalAtStart,
    totalAtEnd: cp.totalAtEnd,
    listChanged: cp.listChanged,
    elapsedMs,
    totalElapsedMs: priorElapsed + elapsedMs,
    readsPerMinute: rate(),
    sheets: [],
    cutCells: 0,
  };
  const done = async () => {
    o.store.deleteSetting(key);
    await spool.remove();
  };
  return { result, spool, done };
}

class Interrupted extends Error {}

/** The export's workbook: the Suppliers table and a Summary sheet. */
export function baseHeader(lang: Lang): string[] {
  const w = (k: Parameters<typeof word>[1]) => word(lang, k);
  return [
    w('base.column.platformId'),
    w('base.column.name'),
    w('base.column.address'),
    w('base.column.city'),
    w('base.column.postalCode'),
    w('base.column.country'),
    w('base.column.supplierId'),
    w('base.column.source'),
    w('base.column.moreIds'),
  ];
}

/** The identifier columns (text cells). */
const ID_COLUMNS = [0, 4, 6, 7, 8];

async function writeBaseWorkbook(
  out: string,
  spool: Spool,
  result: BaseExportResult,
  o: BaseExportOptions,
): Promise<{ sheets: string[]; cutCells: number }> {
  const lang = o.lang ?? 'en';
  const w = (k: Parameters<typeof word>[1], p?: Parameters<typeof word>[2]) => word(lang, k, p);
  return writeBeside(out, async (file) => {
    const book = bookWriter(file.stream(), lang, o.maxRowsPerSheet);
    const table = book.table(w('base.sheet.suppliers'), baseHeader(lang), ID_COLUMNS);
    let withPostal = 0;
    for await (const s of spool.read()) {
      const [first, ...more] = s.supplierIds;
      if (s.postalCode) withPostal++;
      table.add([
        String(s.platformId),
        s.name,
        s.address,
        s.city,
        s.postalCode,
        s.countryCode,
        first?.id ?? '',
        first?.source ?? '',
        more.map((i) => (i.source ? `${i.id} (${i.source})` : i.id)).join('; '),
      ]);
    }
    table.end();
    const lines: (string | number)[][] = [
      [w('base.summary.title')],
      [w('base.summary.exportedAt'), new Date((o.clock ?? systemClock).now()).toISOString()],
      [w('base.summary.suppliers'), result.suppliers],
      [
        w('base.summary.pages'),
        result.pages,
        w('base.summary.pagesHelp', { size: result.pageSize }),
      ],
    ];
    if (table.names.length > 1)
      lines.push([
        w('base.summary.sheets'),
        table.names.length,
        w('base.summary.sheetsHelp', { sheets: table.names.slice(1).join(', ') }),
      ]);
    if (result.duplicates > 0)
      lines.push([
        w('base.summary.duplicates'),
        result.duplicates,
        w('base.summary.duplicatesHelp'),
      ]);
    if (result.listChanged)
      lines.push([
        w('base.summary.listChanged'),
        `${result.totalAtStart ?? '?'} → ${result.totalAtEnd ?? '?'}`,
        w('base.summary.listChangedHelp'),
      ]);
    if (withPostal === 0 && result.suppliers > 0)
      lines.push([w('base.summary.noPostalCodes'), '', w('base.summary.noPostalCodesHelp')]);
    if (book.cutCells() > 0)
      lines.push([w('base.summary.cut'), book.cutCells(), w('base.summary.cutHelp')]);
    book.summary(w('base.sheet.summary'), lines);
    await book.workbook.commit();
    return { sheets: table.names, cutCells: book.cutCells() };
  });
}
