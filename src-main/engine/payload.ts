// What is sent for a row: the create payload (with screening and validation asked for on create
// where the API user may), and the identifiers a row is found by.
import type { SupplierPage } from '../api';
import type { JournalRow } from '../journal/journal';
import type { JobOptions } from '../journal/schema';
import {
  SupplierCreatePayloadSchema,
  type SupplierCreatePayload,
  type SupplierIdentifier,
} from '../../src-shared/supplier';
import { rowIdentifier } from '../../src-shared/operations';
import type { OnCreateEntitlements } from './runTypes';
import { rowPaidWork, type RowPaidWork } from './paidWork';

export interface BuiltPayload {
  payload: SupplierCreatePayload;
  screening: boolean;
  validation: boolean;
  /** What the row orders, riding with this create or later (engine/paidWork.ts). */
  paid: RowPaidWork;
}

/** The create's payload: the row's fields, with the screening and validation the row orders
 *  (its own columns, else the job's options) where they ride with the create, and without
 *  them where they do not (a separate request follows, or the API user may not). */
export function buildPayload(
  row: Pick<JournalRow, 'payload'>,
  options: JobOptions,
  onCreate: OnCreateEntitlements,
): BuiltPayload | undefined {
  const parsed = SupplierCreatePayloadSchema.safeParse(row.payload ?? {});
  if (!parsed.success) return undefined;
  const { screeningPeriodInYears: _p, requestValidationOnCreate: _v, ...fields } = parsed.data;
  const paid = rowPaidWork(parsed.data, options, onCreate);
  const payload: SupplierCreatePayload = { ...fields };
  if (paid.onCreate.screening && paid.period) payload.screeningPeriodInYears = paid.period;
  if (paid.onCreate.validation) payload.requestValidationOnCreate = true;
  return {
    payload,
    screening: paid.onCreate.screening,
    validation: paid.onCreate.validation,
    paid,
  };
}

/** The row's supplier identifier (id and source), as find-by-identifier takes it. */
export function supplierRef(
  row: Pick<JournalRow, 'payload'>,
): { id: string; source?: string } | undefined {
  const sid = (row.payload as { supplierId?: { id?: unknown; source?: unknown } } | null)
    ?.supplierId;
  if (!sid || typeof sid.id !== 'string' || !sid.id.trim()) return undefined;
  const source =
    typeof sid.source === 'string' && sid.source.trim() ? sid.source.trim() : undefined;
  return source ? { id: sid.id.trim(), source } : { id: sid.id.trim() };
}

export function findQuery(ref: { id: string; source?: string }): {
  supplierId: string;
  source?: string;
} {
  return { supplierId: ref.id, ...(ref.source ? { source: ref.source } : {}) };
}

export function platformIdentifier(
  row: Pick<JournalRow, 'platformId'>,
): SupplierIdentifier | undefined {
  if (!row.platformId) return undefined;
  return { platformId: row.platformId };
}

/** How many pages the supplier list has and their size, or undefined when the first page does
 *  not say (then the check asks find-by-identifier per row). */
export function listShape(
  page: SupplierPage,
  asked: number,
): { size: number; pages: number } | undefined {
  const n = page.content.length;
  // A server that sends no size may still have capped it: a short first page that is not the
  // whole list shows the size it used.
  const size = Math.max(
    1,
    page.size ||
      (page.totalElements != null && n < asked && n < page.totalElements && n > 0 ? n : asked),
  );
  if (page.totalElements != null) return { size, pages: Math.ceil(page.totalElements / size) };
  if (page.totalPages != null && page.size) return { size, pages: page.totalPages };
  return undefined;
}

/** The identifier a row names its supplier by, for the kinds of job that act on an existing
 *  supplier (deactivate): its platform id, else its supplier id (with source), customer id or
 *  own id, as find-by-identifier and DELETE take them (src-shared/operations.ts rowIdentifier). */
export function namedSupplier(row: Pick<JournalRow, 'payload'>): SupplierIdentifier | undefined {
  return rowIdentifier(row.payload);
}
