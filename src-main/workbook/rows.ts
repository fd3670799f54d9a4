// Rows to payloads: the mapping and its transforms per row (`applyMapping`), then the validation
// of each mapped row (`RowValidator`, rowValidator.ts), for a preview, a re-import or a job's
// import. Every problem names the row, the column, the value and the fix (rowProblems.ts). Each
// mapped cell is read in one place (`read`): Excel error values, invisible characters and values
// Excel bent are dealt with there, before any field's own transform.
import { EVIDENCE_FIELDS } from '../../src-shared/registration';
import type { Params } from '../../src-shared/i18n';
import type { ProblemCode } from '../../src-shared/i18n/import';
import { kindTraits } from '../../src-shared/operations';
import { countryName, suggestCountry, toCountryCode } from './countries';
import { assertMappingUsable } from './mapping';
import { postalCodeProblem } from './postalCodes';
import { openTable } from './table';
import { DEFAULT_SEPARATORS, type FieldTransform } from '../../src-shared/fieldTransforms';
import { excelErrorOf } from './cellText';
import { bentValue, columnLabel, countVariant, rowNote, rowProblem } from './rowProblems';
import { RowValidator, type RowValidatorOptions } from './rowValidator';
import {
  changeCase,
  characterCode,
  characterName,
  cleanText,
  collapse,
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

export { CELL_PROBLEM_CODES } from './rowProblems';
export { RowValidator } from './rowValidator';

type CompiledField = {
  column: number | null;
  constant?: string;
  transform: FieldTransform;
  label: string | null;
};
type CompiledMapping = Map<MappableField, CompiledField>;

/** The mapping by field with column labels; worked out once per table by the loops below. */
function compileMapping(mapping: Mapping, columns: readonly TableColumn[]): CompiledMapping {
  // A row is read by its kind's fields only: an onboarding list made from a results file or a
  // supplier-base export has a platform id in the app's own column, and creates anyway; a
  // deactivate or identifiers list made from one has names, addresses and countries, which a
  // supplier named by its identifiers never needs (a country no longer known is not its problem).
  const reads = new Set<MappableField>(kindTraits(mapping.operation).fields.map((f) => f.key));
  return new Map(
    mapping.fields
      .filter((f) => reads.has(f.field))
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

/** A field's cell as `RowMapper.read` gives it. */
interface ReadCell {
  text: string;
  column: string | null;
  transform: FieldTransform;
}

const NOT_MAPPED: ReadCell = Object.freeze({
  text: '',
  column: null,
  transform: Object.freeze({}),
});

/** The parameters of a note on characters removed from or replaced in a value. */
function characterParams(chars: readonly string[], value: string): Params {
  return {
    ...countVariant(chars.length, value),
    charactersList: chars.map(characterName).join(', '),
    codesList: chars.map(characterCode).join(', '),
    value,
  };
}

/** One row at a time through the mapping. Its steps are methods rather than closures made per
 *  row: at a hundred thousand rows, making (and naming) a handful of functions per row costs
 *  more than the mapping itself. */
class RowMapper {
  private row!: TableRow;
  private problems: RowProblem[] = [];
  private notes: RowNote[] = [];
  private anyValue = false;

  constructor(private readonly byField: CompiledMapping) {}

  private problem(
    field: MappableField,
    column: string | null,
    value: string,
    code: ProblemCode,
    params?: Params,
    shown = value,
  ): void {
    this.problems.push(rowProblem(this.row.sourceRow, field, column, value, code, params, shown));
  }

  /** A field's cell as text: an Excel error is a problem and no value; invisible characters are
   *  removed and unusual spaces become normal ones (each said in a note); a value Excel bent is
   *  a problem but kept in the draft, so that a fix starts from it. */
  private read(field: MappableField): ReadCell {
    const f = this.byField.get(field);
    if (!f) return NOT_MAPPED;
    const row = this.row;
    const cell = f.column === null ? '' : (row.cells[f.column] ?? '');
    const mark = f.column === null ? null : (row.marks?.[f.column] ?? null);
    const clean = cleanText(cell);
    const excelError = excelErrorOf(clean.text);
    if (excelError !== null || mark === 'error') {
      this.anyValue = true;
      this.problem(
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
    if (clean.removed.length > 0) {
      this.notes.push(
        rowNote(
          row.sourceRow,
          field,
          'invisible_removed',
          f.label,
          characterParams(clean.removed, value),
        ),
      );
    }
    if (clean.replaced.length > 0) {
      this.notes.push(
        rowNote(
          row.sourceRow,
          field,
          'spaces_replaced',
          f.label,
          characterParams(clean.replaced, value),
        ),
      );
    }
    const blank = value === '';
    if (!blank) {
      this.anyValue = true;
      const bent = bentValue(field, value, mark);
      if (bent) this.problem(field, f.label, value, bent);
    }
    return {
      text: blank && f.constant !== undefined ? f.constant : clean.text,
      column: f.label,
      transform: f.transform,
    };
  }

  /** A text field with its spaces collapsed and the user's case; identifiers are only trimmed
   *  (their inner spaces may matter) and get their leading zeros back when asked. */
  private text(field: MappableField): string {
    const { text: t, transform } = this.read(field);
    return changeCase(padZeros(t.trim(), transform.padZeros), transform.case);
  }

  map(row: TableRow): MappedRow {
    this.row = row;
    const problems: RowProblem[] = (this.problems = []);
    const notes: RowNote[] = (this.notes = []);
    this.anyValue = false;

    const draft: Record<string, unknown> = {};
    for (const field of NAME_FIELDS) {
      const { text: t, transform } = this.read(field);
      const v = changeCase(collapse(t), transform.case);
      if (v) draft[field] = v;
    }

    const country = this.read('countryCode');
    let countryCode: string | null = null;
    const countryText = collapse(country.text);
    if (countryText) {
      countryCode = toCountryCode(countryText);
      if (countryCode) draft.countryCode = countryCode;
      else {
        const guess = suggestCountry(countryText);
        this.problem(
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

    const postal = this.read('postalCode');
    let postalBent = false;
    for (const p of problems) if (p.field === 'postalCode') postalBent = true;
    const postalText = collapse(postal.text);
    if (postalText) {
      const { value, restored } =
        postal.transform.restoreZeros === false || postalBent
          ? { value: postalText, restored: false }
          : restorePostalCode(postal.text, countryCode);
      draft.postalCode = value;
      // A cell Excel already bent has its own problem: one problem per cell.
      const wrong = postalBent ? undefined : postalCodeProblem(value, countryCode);
      if (wrong)
        this.problem('postalCode', postal.column, value, 'postal_code_invalid', wrong.params);
      if (restored) {
        notes.push(
          rowNote(row.sourceRow, 'postalCode', 'postal_zeros_restored', postal.column, {
            from: postalText,
            to: value,
            country: countryCode ?? '',
            countryDe: countryName(countryCode ?? '', 'de'),
          }),
        );
      }
    }

    const id = this.text('supplierId.id');
    const source = this.text('supplierId.source');
    draft.supplierId = { ...(id ? { id } : {}), ...(source ? { source } : {}) };

    const industries = this.read('industries');
    if (industries.text.trim()) {
      draft.industries = splitList(
        industries.text,
        industries.transform.separators ?? DEFAULT_SEPARATORS,
      );
    }

    const period = this.read('screeningPeriodInYears');
    const p = toScreeningPeriod(period.text);
    if (p === 'invalid') {
      this.problem(
        'screeningPeriodInYears',
        period.column,
        collapse(period.text),
        'value_invalid',
        { variant: 'screening_period' },
      );
    } else if (p !== undefined) draft.screeningPeriodInYears = p;

    const validation = this.read('requestValidationOnCreate');
    const b = toBoolean(validation.text);
    if (b === 'invalid') {
      this.problem(
        'requestValidationOnCreate',
        validation.column,
        collapse(validation.text),
        'value_invalid',
        { variant: 'yes_no' },
      );
    } else if (b !== undefined) draft.requestValidationOnCreate = b;

    const extraIds: MappedRow['extraIds'] = {};
    const customerId = this.text('customerId');
    if (customerId) extraIds.customerId = customerId;
    const ownId = this.text('ownId');
    if (ownId) extraIds.ownId = ownId;
    const platformId = this.text('platformId');
    if (platformId) extraIds.platformId = platformId;
    for (const field of EVIDENCE_FIELDS) {
      const v = this.text(field);
      if (v) extraIds[field] = v;
    }

    // An identifiers job's identifier and action (only that kind validates them).
    let change: IdentifierChangeCells | undefined;
    for (const [key, field] of CHANGE_FIELDS) {
      const v = this.text(field);
      if (v) (change ??= {})[key] = v;
    }

    const mapped: MappedRow = {
      sourceRow: row.sourceRow,
      cells: row.cells,
      draft,
      extraIds,
      ...(change ? { change } : {}),
      problems,
      notes,
      empty: !this.anyValue,
    };
    this.problems = [];
    this.notes = [];
    return mapped;
  }
}

const NAME_FIELDS = ['name', 'city', 'address'] as const;

function mapRow(row: TableRow, byField: CompiledMapping): MappedRow {
  return new RowMapper(byField).map(row);
}

const CHANGE_FIELDS = [
  ['type', 'identifier.type'],
  ['id', 'identifier.id'],
  ['source', 'identifier.source'],
  ['action', 'identifier.action'],
] as const satisfies readonly (readonly [keyof IdentifierChangeCells, MappableField])[];

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
  options: RowValidatorOptions = {},
): { rows: ValidatedRow[]; summary: ValidationSummary } {
  const validator = new RowValidator(mapping, columns, [], options);
  const compiledMapping = compileMapping(mapping, columns);
  const mapper = new RowMapper(compiledMapping);
  const out = rows.map((r) => validator.validate(mapper.map(r)));
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
  const validator = new RowValidator(options.mapping, table.columns, [], {
    lettersMayBeLost: table.lettersMayBeLost === true,
  });
  const compiledMapping = compileMapping(options.mapping, table.columns);
  const mapper = new RowMapper(compiledMapping);
  async function* rows(): AsyncGenerator<ValidatedRow> {
    for await (const row of table.rows) {
      yield validator.validate(mapper.map(row));
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
