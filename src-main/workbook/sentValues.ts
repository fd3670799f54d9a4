// What a results file shows in the original columns: the values the job sent (or will send) for
// the row, not the file's, wherever the two differ in more than form. A value the user fixed in
// the app or the app changed on the user's behalf (a postal code's lost zero, an id's leading
// zeros) is shown as sent and listed as a change with the file's value beside it; a value that
// only takes another form ("Deutschland" sent as DE, spaces, letter case, list separators) keeps
// the file's text. The export and the round trip of a results file both work from this.
import { EVIDENCE_FIELDS } from '../../src-shared/registration';
import { DEFAULT_SEPARATORS } from '../../src-shared/fieldTransforms';
import { toCountryCode } from './countries';
import { collapse, splitList, toBoolean, toScreeningPeriod } from './transforms';
import type { Mapping } from './types';

/** What the journal has for one row: the file's cells, the payload, the user's fixes. */
export interface JobRowValues {
  cells: readonly string[];
  payload: Record<string, unknown> | null;
  userEdits: Record<string, string> | null;
}

export interface ValueChange {
  field: string;
  /** The column in the file, or null for a field the file has no column for. */
  column: number | null;
  /** The column's header, or the field's name when it has no column. */
  label: string;
  /** What the file (or the mapping's constant) gave. */
  file: string;
  /** What the job sent or will send. */
  sent: string;
}

export interface ShownRow {
  /** The original columns as the results show them. */
  cells: string[];
  changes: ValueChange[];
}

/** Fields that are not part of the create payload: only a fix in the app changes them. */
const EXTRA_ID_FIELDS = new Set(['customerId', 'ownId', ...EVIDENCE_FIELDS]);

/** Field names split at their dots, once per name. */
const fieldPaths = new Map<string, readonly string[]>();

function valueAt(payload: Record<string, unknown> | null, field: string): unknown {
  let path = fieldPaths.get(field);
  if (!path) {
    path = field.split('.');
    if (fieldPaths.size < 1_000) fieldPaths.set(field, path);
  }
  let v: unknown = payload;
  for (const part of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** A payload value as a cell shows it. */
export function payloadText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.join('; ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** The same value in another form: spaces, letter case, a country's name for its code, list
 *  separators, yes/no words, "5 Jahre" for 5. */
export function sameValue(field: string, file: string, sent: string, separators?: string): boolean {
  if (file === sent) return true;
  const a = collapse(file);
  const b = collapse(sent);
  if (a === b || a.toLowerCase() === b.toLowerCase()) return true;
  switch (field) {
    case 'countryCode':
      return toCountryCode(a) === b;
    case 'industries': {
      const list = (t: string, s: string) =>
        splitList(t, s)
          .map((x) => x.toLowerCase())
          .join('\n');
      return list(a, `${DEFAULT_SEPARATORS}${separators ?? ''}`) === list(b, ';');
    }
    case 'requestValidationOnCreate':
      return toBoolean(a) === toBoolean(b);
    case 'screeningPeriodInYears':
      return toScreeningPeriod(a) === toScreeningPeriod(b);
    default:
      return false;
  }
}

type FieldsByName = ReadonlyMap<string, Mapping['fields'][number] | undefined>;

/** The mapping's fields by name, made once per mapping (an export shows every row of a job
 *  with the same one). */
const mappingFields = new WeakMap<Mapping, FieldsByName>();

function fieldsOf(mapping: Mapping): FieldsByName {
  let fields = mappingFields.get(mapping);
  if (!fields) {
    fields = new Map(mapping.fields.map((f) => [f.field, f]));
    mappingFields.set(mapping, fields);
  }
  return fields;
}

/** The row as its results show it, with every value that differs from the file's. */
export function shownRow(
  row: JobRowValues,
  mapping: Mapping,
  headers: readonly string[],
): ShownRow {
  const changes = valueChanges(row, mapping, headers);
  const cells = headers.map((_, i) => row.cells[i] ?? '');
  // In column order, a column's later field after its earlier one (the sort keeps their order):
  // the later one's value is shown, as when each was written in the fields' order.
  for (const c of changes) if (c.column !== null) cells[c.column] = c.sent;
  return { cells, changes };
}

/** What `sameValue` answered, by field and separators, file text and sent text: a grid page or
 *  an export compares the same few values over and over (a country's name and its code, yes/no
 *  words). Cleared when full. */
const sameAnswers = new Map<string, Map<string, Map<string, boolean>>>();
const SAME_ANSWERS_MAX = 20_000;
let sameAnswersSize = 0;

function sameValueKnown(field: string, file: string, sent: string, separators?: string): boolean {
  if (file === sent) return true;
  const group = separators ? `${field}\u0000${separators}` : field;
  let byFile = sameAnswers.get(group);
  let bySent = byFile?.get(file);
  const known = bySent?.get(sent);
  if (known !== undefined) return known;
  const same = sameValue(field, file, sent, separators);
  if (sameAnswersSize >= SAME_ANSWERS_MAX) {
    sameAnswers.clear();
    sameAnswersSize = 0;
    byFile = undefined;
    bySent = undefined;
  }
  if (!byFile) sameAnswers.set(group, (byFile = new Map()));
  if (!bySent) byFile.set(file, (bySent = new Map()));
  bySent.set(sent, same);
  sameAnswersSize++;
  return same;
}

/** Every value of the row the job sends (or will send) that differs from the file's in more
 *  than form, in the order of the file's columns (a field without a column last): `shownRow`'s
 *  changes, without making the row's cells. */
export function valueChanges(
  row: JobRowValues,
  mapping: Mapping,
  headers: readonly string[],
): ValueChange[] {
  const changes: ValueChange[] = [];
  const edits = row.userEdits;
  const fields = fieldsOf(mapping);
  const one = (field: string, f: Mapping['fields'][number] | undefined) => {
    const column = f?.column ?? null;
    const fileText = column !== null ? (row.cells[column] ?? '') : (f?.constant ?? '');
    let sent: string | undefined;
    if (!EXTRA_ID_FIELDS.has(field)) {
      const v = valueAt(row.payload, field);
      if (v !== undefined && v !== null) sent = payloadText(v);
    }
    // A field the payload lacks (its value did not validate, or the user emptied it): the
    // user's own text when they fixed it, else the file's.
    if (sent === undefined && edits) sent = edits[field];
    if (sent === undefined) return;
    if (column === null && fileText === '' && sent === '') return;
    if (sameValueKnown(field, fileText, sent, f?.transform?.separators)) return;
    changes.push({
      field,
      column,
      label: column !== null ? (headers[column] ?? field) : field,
      file: fileText,
      sent,
    });
  };
  for (const [field, f] of fields) one(field, f);
  // The fields the user fixed that the mapping does not have, after the mapping's.
  if (edits) for (const field of Object.keys(edits)) if (!fields.has(field)) one(field, undefined);
  if (changes.length > 1) changes.sort((a, b) => (a.column ?? Infinity) - (b.column ?? Infinity));
  return changes;
}

const shown = (t: string) => (collapse(t) === '' ? '(empty)' : t);

/** "Land: Atlantis → ES; PLZ: 1067 → 01067" */
export function changesText(changes: readonly ValueChange[]): string {
  return changes.map((c) => `${c.label}: ${shown(c.file)} → ${shown(c.sent)}`).join('; ');
}

/** The note on a changed cell. */
export function changeNote(change: ValueChange): string {
  return `In your file: ${shown(change.file)}`;
}

/** Payload fields the mapping reads, for comparing what a results file gives with the job's. */
export function payloadKey(payload: Record<string, unknown> | null | undefined): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined && x !== null && x !== '')
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v;
  return JSON.stringify(sort(payload ?? {}));
}
