// Row problems and notes as data: each names the row, the column, the value and the fix, with
// its English sentence from the catalogue; and the values Excel bent on their way into a cell
// (identifiers read as dates or numbers, postal codes read as dates).
import type { ErrorCode } from '../../src-shared/errors';
import type { Params } from '../../src-shared/i18n';
import type { ProblemCode } from '../../src-shared/i18n/import';
import { problemText, rowNoteText } from '../../src-shared/i18n/importText';
import type { CellMark } from './cellText';
import { isScientificText } from './transforms';
import type { MappableField, RowNote, RowProblem, TableColumn } from './types';

/** The fields that hold identifiers: Excel must not have read them as numbers or dates. */
const ID_FIELDS: ReadonlySet<MappableField> = new Set([
  'supplierId.id',
  'customerId',
  'ownId',
  'identifier.id',
  'taxNumber',
  'duns',
]);

/** Problems of a cell that Excel changed (an identifier read as a date or a number, a postal
 *  code read as a date), where the cell's text alone may no longer show it. A row validated
 *  again from its texts (after a fix of another field) keeps them until the field is changed. */
export const CELL_PROBLEM_CODES: readonly ErrorCode[] = [
  'excel_error_value',
  'id_became_date',
  'id_in_scientific_notation',
  'id_digits_lost',
  'id_fraction',
  // A plain number among zero-padded ids (services/onboarding/idZeros.ts): typed again, even
  // as it is, it counts as the user's word.
  'id_zeros_dropped',
  'postal_code_became_date',
  // Whether a question mark is a lost letter depends on the file's encoding, not on the text: a
  // value the user types in the app holds every letter.
  'encoding_lost',
];

/** A value Excel bent on its way into the cell, for the fields where that matters; `mark` is
 *  what the reader knows of the cell beyond its text. */
export function bentValue(
  field: MappableField,
  text: string,
  mark: CellMark | null,
): ProblemCode | null {
  if (ID_FIELDS.has(field)) {
    if (mark === 'date') return 'id_became_date';
    if (mark === 'scientific' || isScientificText(text)) return 'id_in_scientific_notation';
    if (mark === 'long_number') return 'id_digits_lost';
    if (mark === 'fraction') return 'id_fraction';
  }
  if (field === 'postalCode' && mark === 'date') return 'postal_code_became_date';
  return null;
}

export function columnLabel(columns: readonly TableColumn[], column: number | null): string | null {
  if (column === null) return null;
  const c = columns[column];
  return c ? `${c.header} (${c.letter})` : `column ${column + 1}`;
}

/** A row problem as data, with its English sentence and fix from the catalogue. `params` are
 *  the placeholders of its words besides the row, the column and the value shown. */
export function rowProblem(
  row: number,
  field: MappableField | null,
  column: string | null,
  value: string,
  code: ProblemCode,
  params: Params = {},
  shown = value,
): RowProblem {
  const all: Params = {
    row,
    ...(column ? { column } : {}),
    value: shown,
    ...(field ? { field } : {}),
    ...params,
  };
  const { message, fix } = problemText('en', { code, params: all });
  return { row, field, column, value, code, params: all, message, fix };
}

/** A note on a row's cell as data, with its English sentence from the catalogue. */
export function rowNote(
  row: number,
  field: MappableField,
  kind: RowNote['kind'],
  column: string | null,
  params: Params,
): RowNote {
  const all: Params = { row, ...(column ? { column } : {}), ...params };
  return {
    row,
    field,
    kind,
    column,
    params: all,
    message: rowNoteText('en', { kind, params: all }),
  };
}

/** The variant of a row note by how many characters it names and whether a value is left. */
export function countVariant(n: number, value: string): Params {
  const variant = [n === 1 ? '' : 'many', value ? '' : 'empty'].filter(Boolean).join('_');
  return variant ? { variant } : {};
}
