// The columns an export appends after the original ones. Re-importing an exported file
// recognises them by these headers, so they are never mapped to payload fields.
import type { RowResult } from './types';

export const RESULT_COLUMNS = [
  { key: 'status', header: 'Status' },
  { key: 'platformId', header: 'Platform ID' },
  { key: 'supplier', header: 'Supplier outcome' },
  { key: 'creationUuid', header: 'Creation UUID' },
  { key: 'screening', header: 'Screening outcome' },
  { key: 'validation', header: 'Validation outcome' },
  { key: 'errorCode', header: 'Error code' },
  { key: 'errorMessage', header: 'Error message' },
  { key: 'updatedAt', header: 'Last update' },
  { key: 'changedValues', header: 'Changed values' },
  { key: 'sourceRow', header: 'Source row' },
] as const satisfies readonly { key: keyof RowResult; header: string }[];

/** The words of the Supplier outcome column: the job's own creation, confirmed by its answer or
 *  by reconciling a lost one, or a supplier that was there before the job. */
export const SUPPLIER_OUTCOME = {
  created: 'created by this job',
  existing: 'existed before',
} as const;

const resultHeaders = new Set<string>(RESULT_COLUMNS.map((c) => c.header.toLowerCase()));

/** The header of the column that ties a results file's row to the job's row. */
export const SOURCE_ROW_HEADER = 'Source row';

export function isResultHeader(header: string): boolean {
  return resultHeaders.has(header.trim().toLowerCase());
}
