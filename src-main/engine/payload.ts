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
import { identifierChange, rowIdentifier } from '../../src-shared/operations';
import type { OnCreateEntitlements } from './runTypes';

export interface BuiltPayload {
  payload: SupplierCreatePayload;
  screening: boolean;
  validation: boolean;
}

export function buildPayload(
  row: Pick<JournalRow, 'payload'>,
  options: JobOptions,
  onCreate: OnCreateEntitlements,
): BuiltPayload | undefined {
  const parsed = SupplierCreatePayloadSchema.safeParse(row.payload ?? {});
  if (!parsed.success) return undefined;
  const payload: SupplierCreatePayload = { ...parsed.data };
  let screening = payload.screeningPeriodInYears != null;
  let validation = payload.requestValidationOnCreate === true;
  // Writes are the scarce budget: ask for screening and validation with the create where the
  // API user is entitled to, saving a separate request per supplier.
  const period = options.screeningPeriod;
  if (!screening && period && onCreate.screening !== false) {
    payload.screeningPeriodInYears = period as 2 | 5 | 10;
    screening = true;
  }
  if (
    !validation &&
    options.validate &&
    !options.screeningPeriod &&
    onCreate.validation !== false
  ) {
    // With screening asked for too, validation waits until the screening has ended: the API
    // refuses a validation while a screening is pending.
    payload.requestValidationOnCreate = true;
    validation = true;
  }
  if (onCreate.screening === false) {
    delete payload.screeningPeriodInYears;
    screening = false;
  }
  if (onCreate.validation === false) {
    delete payload.requestValidationOnCreate;
    validation = false;
  }
  return { payload, screening, validation };
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

/** What an identifiers row changes: its identifier, and its action (the row's own Action cell,
 *  else the job's). */
export function changeOf(
  row: Pick<JournalRow, 'payload'>,
  options: Pick<JobOptions, 'identifierAction'>,
): ReturnType<typeof identifierChange> {
  return identifierChange(row.payload, options.identifierAction ?? 'add');
}
