// Mapped rows to validated rows (`RowValidator`): the payload schema, in-file duplicates of the
// identity and empty rows; a row that names an existing supplier is checked for the identifiers
// it names and its kind's own values (KindTraits.rowValues).
import { kindTraits, rowIdentifier, SUPPLIER_REF_FIELDS } from '../../src-shared/operations';
import { identityKey, SupplierCreatePayloadSchema } from '../../src-shared/supplier';
import { columnLabel, rowProblem } from './rowProblems';
import type {
  MappableField,
  MappedRow,
  Mapping,
  RowProblem,
  TableColumn,
  ValidatedRow,
  ValidationSummary,
} from './types';

/** The free-text fields of a supplier where a letter lost to the file's encoding shows. */
const LOSS_FIELDS = ['name', 'address', 'city'] as const;

/** A letter the file's encoding could not hold: the replacement character of bytes that were
 *  not text in the encoding read, in any file; and, only in a file read in a single-byte
 *  encoding (`lettersMayBeLost`: a CSV saved as ANSI or Mac Roman keeps "?" for "İ" of İstanbul,
 *  "ń" of Gdańsk), a question mark where a letter stands in a word: before a letter, at a word's
 *  start or after a letter or hyphen ("?stanbul", "Gda?sk", "A?B"). A question mark ending a word
 *  or before a space ("Why? GmbH") or in an address ("example.com/?q=1") is left alone, and in
 *  an xlsx file or a UTF-8 or UTF-16 CSV, which hold every letter, any question mark is one. */
export function lostLetter(text: string, lettersMayBeLost: boolean): boolean {
  if (text.includes('\uFFFD')) return true;
  return lettersMayBeLost && /(?<=^|[\p{L}\p{M}\s\-'’])\?\p{L}/u.test(text);
}

export interface RowValidatorOptions {
  /** The rows come from a file read in a single-byte encoding (Windows-1252, Mac Roman): a
   *  question mark may stand for a letter it could not hold. */
  lettersMayBeLost?: boolean;
}

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
    private readonly options: RowValidatorOptions = {},
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
    } else if (kindTraits(this.mapping.operation).namesSupplier) {
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
      for (const field of LOSS_FIELDS) {
        const value = mapped.draft[field];
        if (typeof value !== 'string' || !lostLetter(value, this.options.lettersMayBeLost === true))
          continue;
        if (problems.some((p) => p.field === field)) continue;
        problems.push(rowProblem(row, field, this.label(field), value, 'encoding_lost'));
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

  /** A row that names an existing supplier: one identifier at least, each a problem of its own
   *  cell, and the kind's own values (KindTraits.rowValues); the same supplier twice in the
   *  file is a duplicate (or, when the kind names what a row changes, the same change). */
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
    const own = kindTraits(this.mapping.operation).rowValues;
    const values = own?.({
      draft: mapped.draft,
      change: mapped.change ?? {},
      isMapped: (field) => this.label(field) !== null,
      hasProblem: (field) => problems.some((p) => p.field === field),
      problem: (field, value, code, params) =>
        problems.push(rowProblem(row, field, this.label(field), value, code, params)),
    });
    // A kind whose values cannot be read has no identity (its row is invalid anyway).
    const byRef = ref ? refIdentity(ref) : undefined;
    const same = own ? values && (values.identity ?? byRef) : byRef;
    if (same) {
      const first = this.firstRowOf.get(same.key);
      if (first !== undefined) {
        const params: Record<string, string | number> = { first };
        if (same.variant) params.variant = same.variant;
        problems.push(
          rowProblem(
            row,
            same.field,
            this.label(same.field),
            same.value,
            'duplicate_in_file',
            params,
          ),
        );
      } else this.firstRowOf.set(same.key, row);
    }
    if (ref && (!own || values) && !problems.length) {
      // Not a create payload: the row's payload is the supplier it names (SupplierRefPayload)
      // and the kind's own values (an identifiers job's IdentifierChangePayload).
      const payload = { ...draft, ...values?.values };
      const identity = same?.key ?? null;
      return { status: 'valid', payload: payload as unknown as ValidatedRow['payload'], identity };
    }
    return { status: 'invalid', payload: null, identity: same?.key ?? null };
  }
}

/** The identity of a row by the supplier it names, said on its platform id or supplier id. */
function refIdentity(ref: NonNullable<ReturnType<typeof rowIdentifier>>) {
  const field: MappableField = ref.platformId ? 'platformId' : 'supplierId.id';
  const value = String(ref.platformId ?? ref.supplierId ?? ref.customerId ?? ref.ownId);
  return { key: JSON.stringify(ref), field, value, variant: undefined };
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
