// Rows to payloads: the mapping and its transforms per row (`applyMapping`), then the payload
// schema, in-file duplicates of the identity and empty rows (`RowValidator`). Every problem names
// the row, the column, the value and the fix. Each mapped cell is read in one place (`read`):
// Excel error values, invisible characters and values Excel bent are dealt with there, before
// any field's own transform.
import type { ErrorCode } from '../../src-shared/errors';
import type { Params } from '../../src-shared/i18n';
import type { ProblemCode } from '../../src-shared/i18n/import';
import { problemText, rowNoteText } from '../../src-shared/i18n/importText';
import {
  fieldsFor,
  identifierActionOf,
  identifierTypeOf,
  rowIdentifier,
  SUPPLIER_REF_FIELDS,
  type IdentifierAction,
} from '../../src-shared/operations';
import type { IdentifierToAttach } from '../../src-shared/supplier';
import { identityKey, SupplierCreatePayloadSchema } from '../../src-shared/supplier';
import { countryName, suggestCountry, toCountryCode } from './countries';
import { assertMappingUsable } from './mapping';
import { postalCodeProblem } from './postalCodes';
import { openTable } from './table';
import { DEFAULT_SEPARATORS, type FieldTransform } from '../../src-shared/fieldTransforms';
import { excelErrorOf, type CellMark } from './cellText';
import {
  changeCase,
  characterCode,
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
  IdentifierChangeCells,
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

/** The fields that hold identifiers: Excel must not have read them as numbers or dates. */
const ID_FIELDS: ReadonlySet<MappableField> = new Set([
  'supplierId.id',
  'customerId',
  'ownId',
  'identifier.id',
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
  'postal_code_became_date',
];

/** A value Excel bent on its way into the cell, for the fields where that matters; `mark` is
 *  what the reader knows of the cell beyond its text. */
function bentValue(field: MappableField, text: string, mark: CellMark | null): ProblemCode | null {
  if (ID_FIELDS.has(field)) {
    if (mark === 'date') return 'id_became_date';
    if (mark === 'scientific' || isScientificText(text)) return 'id_in_scientific_notation';
    if (mark === 'long_number') return 'id_digits_lost';
    if (mark === 'fraction') return 'id_fraction';
  }
  if (field === 'postalCode' && mark === 'date') return 'postal_code_became_date';
  return null;
}

function columnLabel(columns: readonly TableColumn[], column: number | null): string | null {
  if (column === null) return null;
  const c = columns[column];
  return c ? `${c.header} (${c.letter})` : `column ${column + 1}`;
}

/** A row problem as data, with its English sentence and fix from the catalogue. `params` are
 *  the placeholders of its words besides the row, the column and the value shown. */
function rowProblem(
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
function rowNote(
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
function countVariant(n: number, value: string): Params {
  const variant = [n === 1 ? '' : 'many', value ? '' : 'empty'].filter(Boolean).join('_');
  return variant ? { variant } : {};
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
  // The platform id is read only by a kind that maps it: an onboarding list made from a results
  // file or a supplier-base export has one in the app's own column, and creates anyway.
  const readsPlatformId = fieldsFor(mapping.operation ?? 'onboard').some(
    (f) => f.key === 'platformId',
  );
  return new Map(
    mapping.fields
      .filter((f) => f.field !== 'platformId' || readsPlatformId)
      .map((f) => [
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
    code: ProblemCode,
    params?: Params,
    shown = value,
  ) => problems.push(rowProblem(row.sourceRow, field, column, value, code, params, shown));

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
        excelError ? { variant: 'error', error: excelError } : {},
        '',
      );
      return { text: '', column: f.label, transform: f.transform };
    }
    const value = clean.text.trim();
    const characters = (chars: readonly string[]): Params => ({
      ...countVariant(chars.length, value),
      charactersList: chars.map(characterName).join(', '),
      codesList: chars.map(characterCode).join(', '),
      value,
    });
    if (clean.removed.length > 0) {
      notes.push(
        rowNote(row.sourceRow, field, 'invisible_removed', f.label, characters(clean.removed)),
      );
    }
    if (clean.replaced.length > 0) {
      notes.push(
        rowNote(row.sourceRow, field, 'spaces_replaced', f.label, characters(clean.replaced)),
      );
    }
    const blank = value === '';
    if (!blank) {
      anyValue = true;
      const bent = bentValue(field, value, mark);
      if (bent) problem(field, f.label, value, bent);
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
        guess
          ? {
              variant: 'guess',
              guess,
              guessName: countryName(guess),
              guessNameDe: countryName(guess, 'de'),
            }
          : {},
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
    if (wrong) problem('postalCode', postal.column, value, 'postal_code_invalid', wrong.params);
    if (restored) {
      notes.push(
        rowNote(row.sourceRow, 'postalCode', 'postal_zeros_restored', postal.column, {
          from: collapse(postal.text),
          to: value,
          country: countryCode ?? '',
          countryDe: countryName(countryCode ?? '', 'de'),
        }),
      );
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
    problem('screeningPeriodInYears', period.column, collapse(period.text), 'value_invalid', {
      variant: 'screening_period',
    });
  } else if (p !== undefined) draft.screeningPeriodInYears = p;

  const validation = read('requestValidationOnCreate');
  const b = toBoolean(validation.text);
  if (b === 'invalid') {
    problem(
      'requestValidationOnCreate',
      validation.column,
      collapse(validation.text),
      'value_invalid',
      { variant: 'yes_no' },
    );
  } else if (b !== undefined) draft.requestValidationOnCreate = b;

  const extraIds: MappedRow['extraIds'] = {};
  const customerId = text('customerId');
  if (customerId) extraIds.customerId = customerId;
  const ownId = text('ownId');
  if (ownId) extraIds.ownId = ownId;
  const platformId = text('platformId');
  if (platformId) extraIds.platformId = platformId;

  // An identifiers job's identifier and action (only that kind validates them).
  const change: IdentifierChangeCells = {};
  for (const [key, field] of CHANGE_FIELDS) {
    const v = text(field);
    if (v) change[key] = v;
  }

  return {
    sourceRow: row.sourceRow,
    cells: row.cells,
    draft,
    extraIds,
    ...(Object.keys(change).length ? { change } : {}),
    problems,
    notes,
    empty: !anyValue,
  };
}

const CHANGE_FIELDS = [
  ['type', 'identifier.type'],
  ['id', 'identifier.id'],
  ['source', 'identifier.source'],
  ['action', 'identifier.action'],
] as const satisfies readonly (readonly [keyof IdentifierChangeCells, MappableField])[];

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
      problems.push(rowProblem(row, null, null, '', 'row_empty'));
    } else if (
      this.mapping.operation === 'deactivate' ||
      this.mapping.operation === 'identifiers'
    ) {
      const checked = this.validateRef(mapped, problems);
      status = checked.status;
      payload = checked.payload;
      identity = checked.identity;
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
          problems.push(
            value === ''
              ? rowProblem(row, field, column, value, 'value_missing')
              : rowProblem(row, field, column, value, 'value_invalid', { issue: issue.message }),
          );
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
          const source = supplierId.source;
          problems.push(
            rowProblem(
              row,
              'supplierId.id',
              this.label('supplierId.id'),
              supplierId.id,
              'duplicate_in_file',
              source ? { variant: 'source', first, source } : { first },
            ),
          );
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

  /** An identifiers row's identifier and action, each problem naming its cell: the type in the
   *  API's words or readable ones, the id, an optional source, and the action when an Action
   *  column is mapped (a blank cell of a mapped Action column is a problem too: the row must say
   *  it, or the column be unmapped so that the job's action applies). */
  private changeOf(
    mapped: MappedRow,
    problems: RowProblem[],
  ): { identifier: IdentifierToAttach; action?: IdentifierAction } | undefined {
    const row = mapped.sourceRow;
    const cells = mapped.change ?? {};
    const bent = (field: MappableField) => problems.some((p) => p.field === field);
    const missing = (field: MappableField) =>
      problems.push(rowProblem(row, field, this.label(field), '', 'value_missing'));
    const invalid = (field: MappableField, value: string, variant: string) =>
      problems.push(rowProblem(row, field, this.label(field), value, 'value_invalid', { variant }));
    const type = cells.type ? identifierTypeOf(cells.type) : undefined;
    if (!cells.type) {
      if (!bent('identifier.type')) missing('identifier.type');
    } else if (!type) invalid('identifier.type', cells.type, 'identifier_type');
    if (!cells.id && !bent('identifier.id')) missing('identifier.id');
    let action: IdentifierAction | undefined;
    if (this.label('identifier.action') !== null || cells.action) {
      action = cells.action ? identifierActionOf(cells.action) : undefined;
      if (!cells.action) {
        if (!bent('identifier.action')) missing('identifier.action');
      } else if (!action) invalid('identifier.action', cells.action, 'identifier_action');
    }
    if (!type || !cells.id) return undefined;
    const identifier: IdentifierToAttach = { type, id: cells.id };
    if (cells.source) identifier.source = cells.source;
    return action ? { identifier, action } : { identifier };
  }

  /** A row that names an existing supplier (deactivate, identifiers): one identifier at least,
   *  each a problem of its own cell; the same supplier twice in the file is a duplicate (for an
   *  identifiers job: the same identifier to change). */
  private validateRef(
    mapped: MappedRow,
    problems: RowProblem[],
  ): { status: 'valid' | 'invalid'; payload: ValidatedRow['payload']; identity: string | null } {
    const row = mapped.sourceRow;
    const sid = mapped.draft.supplierId as { id?: string; source?: string } | undefined;
    const draft = {
      ...(sid?.id || sid?.source ? { supplierId: sid } : {}),
      ...mapped.extraIds,
    };
    const ref = rowIdentifier(draft);
    if (!ref && !problems.length) {
      const field = SUPPLIER_REF_FIELDS.find((f) => this.label(f) !== null) ?? 'supplierId.id';
      problems.push(rowProblem(row, field, this.label(field), '', 'value_missing'));
    }
    const changing = this.mapping.operation === 'identifiers';
    const change = changing ? this.changeOf(mapped, problems) : undefined;
    let identity: string | null = null;
    if (change) {
      identity = JSON.stringify({ identifier: change.identifier });
      const first = this.firstRowOf.get(identity);
      if (first !== undefined) {
        const field = 'identifier.id';
        const params = { variant: 'identifier', first };
        const value = change.identifier.id;
        problems.push(
          rowProblem(row, field, this.label(field), value, 'duplicate_in_file', params),
        );
      } else this.firstRowOf.set(identity, row);
    } else if (ref && !changing) {
      identity = JSON.stringify(ref);
      const first = this.firstRowOf.get(identity);
      if (first !== undefined) {
        const field = ref.platformId ? 'platformId' : 'supplierId.id';
        const value = String(ref.platformId ?? ref.supplierId ?? ref.customerId ?? ref.ownId);
        problems.push(
          rowProblem(row, field, this.label(field), value, 'duplicate_in_file', { first }),
        );
      } else this.firstRowOf.set(identity, row);
    }
    if (ref && (!changing || change) && !problems.length) {
      // Not a create payload: the row's payload is the supplier it names (SupplierRefPayload),
      // and for an identifiers job the identifier it changes (IdentifierChangePayload).
      const payload = change ? { ...draft, ...change } : draft;
      return { status: 'valid', payload: payload as unknown as ValidatedRow['payload'], identity };
    }
    return { status: 'invalid', payload: null, identity };
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
