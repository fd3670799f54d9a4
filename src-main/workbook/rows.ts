// Rows to payloads: the mapping and its transforms per row (`applyMapping`), then the payload
// schema, in-file duplicates of the identity and empty rows (`RowValidator`). Every problem names
// the row, the column, the value and the fix. Each mapped cell is read in one place (`read`):
// Excel error values, invisible characters and values Excel bent are dealt with there, before
// any field's own transform.
import type { ErrorCode } from '../../src-shared/errors';
import { identityKey, SupplierCreatePayloadSchema } from '../../src-shared/supplier';
import { countryName, suggestCountry, toCountryCode } from './countries';
import { assertMappingUsable } from './mapping';
import { postalCodeProblem } from './postalCodes';
import { openTable } from './table';
import { DEFAULT_SEPARATORS, type FieldTransform } from '../../src-shared/fieldTransforms';
import { excelErrorOf, type CellMark } from './cellText';
import {
  changeCase,
  characterName,
  cleanText,
  collapse,
  isScientificText,
  padZeros,
  restorePostalCode,
  splitList,
  toBoolean,
  toScreeningPeriod,
} from './transforms';
import type {
  MappableField,
  MappedRow,
  Mapping,
  ReadTableOptions,
  RowNote,
  RowProblem,
  TableColumn,
  TableLayout,
  TableNote,
  TableRow,
  ValidatedRow,
  ValidationSummary,
} from './types';

/** What the user can do about a field's problem. */
const FIELD_FIX: Record<MappableField, string> = {
  name: 'Enter the supplier name.',
  countryCode:
    'Enter the country as a name (Germany, Deutschland, Allemagne) or a two-letter code (DE).',
  city: 'Enter the city of the supplier site.',
  address: 'Enter the street and house number.',
  postalCode: 'Enter the postal code, or leave it empty.',
  'supplierId.id': 'Enter the supplier number that identifies this supplier in your system.',
  'supplierId.source': 'Enter the system the supplier number comes from, or leave it empty.',
  industries: 'List the industries separated by ";".',
  screeningPeriodInYears: 'Enter 2, 5 or 10, or leave it empty.',
  requestValidationOnCreate: 'Enter yes or no (ja/nein, x, 1/0), or leave it empty.',
  customerId: 'Enter the customer number, or leave it empty.',
  ownId: 'Enter your own id, or leave it empty.',
};

/** What a field is called in a sentence. */
const FIELD_NAME: Record<MappableField, string> = {
  name: 'supplier name',
  countryCode: 'country',
  city: 'city',
  address: 'address',
  postalCode: 'postal code',
  'supplierId.id': 'supplier id',
  'supplierId.source': 'source',
  industries: 'industries',
  screeningPeriodInYears: 'screening period',
  requestValidationOnCreate: 'validation request',
  customerId: 'customer number',
  ownId: 'own id',
};

/** The fields that hold identifiers: Excel must not have read them as numbers or dates. */
const ID_FIELDS: ReadonlySet<MappableField> = new Set(['supplierId.id', 'customerId', 'ownId']);

const RETYPE_ID = 'Format the column as Text in Excel and type the id again.';

/** Problems of a cell that Excel changed (an identifier read as a date or a number, a postal
 *  code read as a date), where the cell's text alone may no longer show it. A row validated
 *  again from its texts (after a fix of another field) keeps them until the field is changed. */
export const CELL_PROBLEM_CODES: readonly ErrorCode[] = [
  'excel_error_value',
  'id_became_date',
  'id_in_scientific_notation',
  'id_digits_lost',
  'postal_code_became_date',
];

type Bent = { code: ErrorCode; what: string; fix: string };

/** A value Excel bent on its way into the cell, for the fields where that matters; `mark` is
 *  what the reader knows of the cell beyond its text. */
function bentValue(field: MappableField, text: string, mark: CellMark | null): Bent | null {
  if (ID_FIELDS.has(field)) {
    const name = FIELD_NAME[field];
    if (mark === 'date') {
      return {
        code: 'id_became_date',
        what: `is a date: Excel turned the ${name} into a date.`,
        fix: RETYPE_ID,
      };
    }
    if (mark === 'scientific' || isScientificText(text)) {
      return {
        code: 'id_in_scientific_notation',
        what: `is in scientific notation (such as 1.23E+11): Excel read the ${name} as a number and its last digits may be lost.`,
        fix: RETYPE_ID,
      };
    }
    if (mark === 'long_number') {
      return {
        code: 'id_digits_lost',
        what: `has more than 15 digits in a number cell: Excel keeps only 15, so the last digits of the ${name} have changed.`,
        fix: RETYPE_ID,
      };
    }
  }
  if (field === 'postalCode' && mark === 'date') {
    return {
      code: 'postal_code_became_date',
      what: 'is a date: Excel turned the postal code into a date.',
      fix: 'Format the column as Text in Excel and type the postal code again.',
    };
  }
  return null;
}

/** `a`, `a and b`, `a, b and c`. */
const listWords = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

function columnLabel(columns: readonly TableColumn[], column: number | null): string | null {
  if (column === null) return null;
  const c = columns[column];
  return c ? `${c.header} (${c.letter})` : `column ${column + 1}`;
}

/** A problem's sentence leads with what is wrong; where it is follows in brackets (the row and
 *  column also travel beside it, so a table shows them in their own columns). */
function problemText(row: number, column: string | null, value: string, what: string): string {
  const where = column ? `row ${row}, column ${column}` : `row ${row}`;
  const text = value === '' ? what.charAt(0).toUpperCase() + what.slice(1) : `"${value}" ${what}`;
  return text.endsWith('.') ? `${text.slice(0, -1)} (${where}).` : `${text} (${where})`;
}

type CompiledField = {
  column: number | null;
  constant?: string;
  transform: FieldTransform;
  label: string | null;
};
type CompiledMapping = Map<MappableField, CompiledField>;

/** The mapping by field with column labels; worked out once per table by the loops below. */
function compileMapping(mapping: Mapping, columns: readonly TableColumn[]): CompiledMapping {
  return new Map(
    mapping.fields.map((f) => [
      f.field,
      {
        column: f.column,
        ...(f.constant !== undefined ? { constant: f.constant } : {}),
        transform: f.transform ?? {},
        label: columnLabel(columns, f.column),
      },
    ]),
  );
}

/** Builds the payload draft of one row with the mapping's transforms. */
export function applyMapping(
  row: TableRow,
  mapping: Mapping,
  columns: readonly TableColumn[],
): MappedRow {
  return mapRow(row, compileMapping(mapping, columns));
}

function mapRow(row: TableRow, byField: CompiledMapping): MappedRow {
  const problems: RowProblem[] = [];
  const notes: RowNote[] = [];
  let anyValue = false;

  const problem = (
    field: MappableField,
    column: string | null,
    value: string,
    code: ErrorCode,
    what: string,
    fix = FIELD_FIX[field],
    shown = value,
  ) => {
    problems.push({
      row: row.sourceRow,
      field,
      column,
      value,
      code,
      message: problemText(row.sourceRow, column, shown, what),
      fix,
    });
  };

  /** A field's cell as text: an Excel error is a problem and no value; invisible characters are
   *  removed and unusual spaces become normal ones (each said in a note); a value Excel bent is
   *  a problem but kept in the draft, so that a fix starts from it. */
  const read = (
    field: MappableField,
  ): { text: string; column: string | null; transform: FieldTransform } => {
    const f = byField.get(field);
    if (!f) return { text: '', column: null, transform: {} };
    const cell = f.column === null ? '' : (row.cells[f.column] ?? '');
    const mark = f.column === null ? null : (row.marks?.[f.column] ?? null);
    const clean = cleanText(cell);
    const excelError = excelErrorOf(clean.text);
    if (excelError !== null || mark === 'error') {
      anyValue = true;
      problem(
        field,
        f.label,
        excelError ?? cell,
        'excel_error_value',
        excelError
          ? `the cell shows the Excel error ${excelError}.`
          : 'the cell shows an Excel error instead of a value.',
        'Correct the formula or type the value.',
        '',
      );
      return { text: '', column: f.label, transform: f.transform };
    }
    const value = clean.text.trim();
    const where = f.label ? `Row ${row.sourceRow}, column ${f.label}` : `Row ${row.sourceRow}`;
    const now = value ? `: "${value}"` : ' and the cell is empty';
    if (clean.removed.length > 0) {
      const n = clean.removed.length;
      notes.push({
        row: row.sourceRow,
        field,
        kind: 'invisible_removed',
        column: f.label,
        message: `${where}: the invisible ${listWords(clean.removed.map(characterName))} ${n === 1 ? 'was' : 'were'} removed${now}.`,
      });
    }
    if (clean.replaced.length > 0) {
      const n = clean.replaced.length;
      notes.push({
        row: row.sourceRow,
        field,
        kind: 'spaces_replaced',
        column: f.label,
        message: `${where}: the ${listWords(clean.replaced.map(characterName))} became ${n === 1 ? 'a normal space' : 'normal spaces'}${value ? `: "${value}"` : ''}.`,
      });
    }
    const blank = value === '';
    if (!blank) {
      anyValue = true;
      const bent = bentValue(field, value, mark);
      if (bent) problem(field, f.label, value, bent.code, bent.what, bent.fix);
    }
    return {
      text: blank && f.constant !== undefined ? f.constant : clean.text,
      column: f.label,
      transform: f.transform,
    };
  };
  /** A text field with its spaces collapsed and the user's case; identifiers are only trimmed
   *  (their inner spaces may matter) and get their leading zeros back when asked. */
  const text = (field: MappableField): string => {
    const { text: t, transform } = read(field);
    return changeCase(padZeros(t.trim(), transform.padZeros), transform.case);
  };
  const draft: Record<string, unknown> = {};
  for (const field of ['name', 'city', 'address'] as const) {
    const { text: t, transform } = read(field);
    const v = changeCase(collapse(t), transform.case);
    if (v) draft[field] = v;
  }

  const country = read('countryCode');
  let countryCode: string | null = null;
  const countryText = collapse(country.text);
  if (countryText) {
    countryCode = toCountryCode(countryText);
    if (countryCode) draft.countryCode = countryCode;
    else {
      const guess = suggestCountry(countryText);
      problem(
        'countryCode',
        country.column,
        countryText,
        'country_unknown',
        'is not a country the app knows.',
        guess
          ? `Did you mean ${countryName(guess)}? Enter ${countryName(guess)} or ${guess}.`
          : FIELD_FIX.countryCode,
      );
    }
  }

  const postal = read('postalCode');
  const postalBent = problems.some((p) => p.field === 'postalCode');
  if (collapse(postal.text)) {
    const { value, restored } =
      postal.transform.restoreZeros === false || postalBent
        ? { value: collapse(postal.text), restored: false }
        : restorePostalCode(postal.text, countryCode);
    draft.postalCode = value;
    // A cell Excel already bent has its own problem: one problem per cell.
    const wrong = postalBent ? undefined : postalCodeProblem(value, countryCode);
    if (wrong)
      problem('postalCode', postal.column, value, 'postal_code_invalid', wrong.what, wrong.fix);
    if (restored) {
      notes.push({
        row: row.sourceRow,
        field: 'postalCode',
        kind: 'postal_zeros_restored',
        column: postal.column,
        message: `Row ${row.sourceRow}: postal code ${collapse(postal.text)} became ${value}; ${countryCode} postal codes have five digits and the leading zero was lost in Excel.`,
      });
    }
  }

  const id = text('supplierId.id');
  const source = text('supplierId.source');
  draft.supplierId = { ...(id ? { id } : {}), ...(source ? { source } : {}) };

  const industries = read('industries');
  if (industries.text.trim()) {
    draft.industries = splitList(
      industries.text,
      industries.transform.separators ?? DEFAULT_SEPARATORS,
    );
  }

  const period = read('screeningPeriodInYears');
  const p = toScreeningPeriod(period.text);
  if (p === 'invalid') {
    problem(
      'screeningPeriodInYears',
      period.column,
      collapse(period.text),
      'value_invalid',
      'is not a screening period: the API accepts 2, 5 or 10 years.',
    );
  } else if (p !== undefined) draft.screeningPeriodInYears = p;

  const validation = read('requestValidationOnCreate');
  const b = toBoolean(validation.text);
  if (b === 'invalid') {
    problem(
      'requestValidationOnCreate',
      validation.column,
      collapse(validation.text),
      'value_invalid',
      'is not a yes or no.',
    );
  } else if (b !== undefined) draft.requestValidationOnCreate = b;

  const extraIds: MappedRow['extraIds'] = {};
  const customerId = text('customerId');
  if (customerId) extraIds.customerId = customerId;
  const ownId = text('ownId');
  if (ownId) extraIds.ownId = ownId;

  return {
    sourceRow: row.sourceRow,
    cells: row.cells,
    draft,
    extraIds,
    problems,
    notes,
    empty: !anyValue,
  };
}

const SCHEMA_WORDING: Partial<Record<MappableField, string>> = {
  name: 'the supplier name is required.',
  countryCode: 'the country is required.',
  city: 'the city is required.',
  address: 'the address is required.',
  'supplierId.id': 'the supplier id is required.',
};

/** Validates mapped rows one after the other, remembering identities to find duplicates. */
export class RowValidator {
  private readonly firstRowOf = new Map<string, number>();
  private readonly counts: ValidationSummary = {
    rows: 0,
    valid: 0,
    invalid: 0,
    empty: 0,
    byCode: {},
  };

  /** `known`: identities of rows validated before (identity → row number), e.g. the other rows
   *  of a job when one row is validated again after the user fixed it. */
  constructor(
    private readonly mapping: Mapping,
    private readonly columns: readonly TableColumn[],
    known: Iterable<readonly [string, number]> = [],
  ) {
    for (const [identity, row] of known) this.firstRowOf.set(identity, row);
  }

  private label(field: MappableField | null): string | null {
    if (field === null) return null;
    const f = this.mapping.fields.find((m) => m.field === field);
    return f ? columnLabel(this.columns, f.column) : null;
  }

  validate(mapped: MappedRow): ValidatedRow {
    const problems = [...mapped.problems];
    const row = mapped.sourceRow;
    let status: ValidatedRow['status'];
    let payload: ValidatedRow['payload'] = null;
    let identity: string | null = null;

    if (mapped.empty) {
      status = 'empty';
      problems.push({
        row,
        field: null,
        column: null,
        value: '',
        code: 'row_empty',
        message: `No mapped column has a value (row ${row}).`,
        fix: 'Fill the row or delete it from the file.',
      });
    } else {
      const parsed = SupplierCreatePayloadSchema.safeParse(mapped.draft);
      if (!parsed.success) {
        const seenFields = new Set(problems.map((p) => p.field));
        for (const issue of parsed.error.issues) {
          const field = issue.path.map(String).join('.') as MappableField;
          if (seenFields.has(field)) continue;
          seenFields.add(field);
          const value = valueAt(mapped.draft, issue.path);
          const column = this.label(field);
          const missing = value === '';
          const what = missing
            ? (SCHEMA_WORDING[field] ?? `${field} is required.`)
            : `is not accepted: ${issue.message}.`;
          problems.push({
            row,
            field,
            column,
            value,
            code: missing ? 'value_missing' : 'value_invalid',
            message: problemText(row, column, value, what),
            fix: FIELD_FIX[field] ?? 'Correct the value.',
          });
        }
      }
      const supplierId = mapped.draft.supplierId as { id?: string; source?: string } | undefined;
      // An id Excel bent is neither compared nor remembered: two different ids may have become
      // the same number, and its real value is not known.
      const idBent = mapped.problems.some((p) => p.field === 'supplierId.id');
      if (supplierId?.id) {
        identity = identityKey({ id: supplierId.id, source: supplierId.source });
      }
      if (supplierId?.id && identity !== null && !idBent) {
        const first = this.firstRowOf.get(identity);
        if (first !== undefined) {
          const column = this.label('supplierId.id');
          problems.push({
            row,
            field: 'supplierId.id',
            column,
            value: supplierId.id,
            code: 'duplicate_in_file',
            message: problemText(
              row,
              column,
              supplierId.id,
              `is used again: row ${first} has the same supplier id${supplierId.source ? ` and source "${supplierId.source}"` : ''}.`,
            ),
            fix: `Give this supplier its own id, or delete the row if it repeats row ${first}.`,
          });
        } else {
          this.firstRowOf.set(identity, row);
        }
      }
      if (problems.length === 0 && parsed.success) {
        status = 'valid';
        payload = parsed.data;
      } else status = 'invalid';
    }

    this.counts.rows++;
    this.counts[status]++;
    for (const p of problems) this.counts.byCode[p.code] = (this.counts.byCode[p.code] ?? 0) + 1;
    return {
      sourceRow: row,
      cells: mapped.cells,
      status,
      payload,
      ...(status === 'invalid' ? { draft: mapped.draft } : {}),
      identity,
      extraIds: mapped.extraIds,
      problems,
      notes: mapped.notes,
    };
  }

  summary(): ValidationSummary {
    return { ...this.counts, byCode: { ...this.counts.byCode } };
  }
}

function valueAt(draft: Record<string, unknown>, path: readonly PropertyKey[]): string {
  let v: unknown = draft;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? v.join('; ') : String(v);
}

/** One row again after the user changed a value in the app: mapped and validated, with the
 *  other rows' identities (identity → row number) for the duplicate check. */
export function revalidateRow(
  row: TableRow,
  mapping: Mapping,
  columns: readonly TableColumn[],
  otherIdentities: Iterable<readonly [string, number]> = [],
): ValidatedRow {
  const others = [...otherIdentities].filter(([, n]) => n !== row.sourceRow);
  return new RowValidator(mapping, columns, others).validate(applyMapping(row, mapping, columns));
}

/** Maps and validates an array of rows (a preview, a re-import, or rows the user edited). */
export function validateRows(
  rows: readonly TableRow[],
  mapping: Mapping,
  columns: readonly TableColumn[],
): { rows: ValidatedRow[]; summary: ValidationSummary } {
  const validator = new RowValidator(mapping, columns);
  const compiledMapping = compileMapping(mapping, columns);
  const out = rows.map((r) => validator.validate(mapRow(r, compiledMapping)));
  return { rows: out, summary: validator.summary() };
}

export interface RowImport extends TableLayout {
  rows: AsyncIterable<ValidatedRow>;
  /** Table notes; complete once `rows` has been iterated. */
  notes: TableNote[];
  /** Counts so far; final once `rows` has been iterated. */
  summary(): ValidationSummary;
  /** Releases the file when the rows are not read to the end. */
  close(): Promise<void>;
}

/** Reads, maps and validates a file's table as a stream: what a job is created from. */
export async function importRows(
  path: string,
  options: ReadTableOptions & { mapping: Mapping },
): Promise<RowImport> {
  const table = await openTable(path, options);
  try {
    assertMappingUsable(options.mapping, table.columns.length);
  } catch (e) {
    await table.close();
    throw e;
  }
  const validator = new RowValidator(options.mapping, table.columns);
  const compiledMapping = compileMapping(options.mapping, table.columns);
  async function* rows(): AsyncGenerator<ValidatedRow> {
    for await (const row of table.rows) {
      yield validator.validate(mapRow(row, compiledMapping));
    }
  }
  return {
    sheet: table.sheet,
    headerRow: table.headerRow,
    columns: table.columns,
    rows: rows(),
    notes: table.notes,
    summary: () => validator.summary(),
    close: () => table.close(),
  };
}
