// Plain records the workbook services exchange with their callers (CLI, engine, UI commands).
// They hold only strings, numbers, booleans, arrays and plain objects, so they cross IPC and
// the journal as they are.
import type { AttachedIdentifier } from '../../src-shared/supplier';
import type { ErrorCode } from '../../src-shared/errors';
import type { Params } from '../../src-shared/i18n';
import type { NoteKind, RowNoteKind } from '../../src-shared/i18n/import';
import type { CellMark } from './cellText';
import type { FieldTransform } from '../../src-shared/fieldTransforms';
import type { MappableFieldKey, Operation } from '../../src-shared/operations';
import type { SupplierCreatePayload } from '../../src-shared/supplier';

export type FileKind = 'xlsx' | 'csv';

export interface SheetInfo {
  /** 0-based position among the workbook's sheets, as Excel orders its tabs. */
  index: number;
  name: string;
  hidden: boolean;
}

export interface TextFileFormat {
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'macintosh';
  bom: boolean;
  delimiter: ',' | ';' | '\t' | '|';
  /** When Windows-1252 and Mac Roman were hard to tell apart: which was assumed, with an example
   *  of both readings. */
  doubt?: string;
  /** The same as data: the placeholders of `note.encoding_detected.doubt`. */
  doubtParams?: DoubtParams;
}

export interface DoubtParams {
  assumed: string;
  reading: string;
  other: string;
  otherReading: string;
}

export interface FileInfo {
  path: string;
  kind: FileKind;
  sizeBytes: number;
  /** sha256 of the file's bytes, hex; kept with the job to notice a file changed since import. */
  hash: string;
  sheets: SheetInfo[];
  /** For .csv/.txt: the detected encoding and delimiter. */
  text?: TextFileFormat;
}

/** Something the reader decided on the user's behalf; shown next to the table, never hidden. */
export interface TableNote {
  /** 1-based row number as Excel shows it; null for notes about the whole table. */
  row: number | null;
  kind: NoteKind;
  /** The placeholders of its words, `note.<kind>` (src-shared/i18n/import.ts). */
  params?: Params;
  /** The English sentence, for logs. */
  message: string;
}

export interface TableColumn {
  /** Position in `cells` (0-based). */
  index: number;
  /** The header text as shown (trimmed, spaces collapsed); made unique with " (2)", ... */
  header: string;
  /** Column letter in the sheet (A, B, ...); for text files the same letters by position. */
  letter: string;
}

export interface TableRow {
  /** 1-based row number as Excel shows it (for text files: the record number). */
  sourceRow: number;
  /** Cell texts, one per column, '' for empty. */
  cells: string[];
  /** What Excel did to a cell that its text does not say (a date, a number in scientific
   *  notation or of more than 15 digits, an error), by column as `cells`; only on rows that
   *  have such a cell, and possibly shorter than `cells`. */
  marks?: (CellMark | null)[];
}

export interface ReadTableOptions {
  /** Sheet name or 0-based index; the first visible sheet when left out. */
  sheet?: string | number;
  /** 1-based header row chosen by the user; detected when left out. */
  headerRow?: number;
  /** When given, the file must still have this sha256 (`file_changed` otherwise). */
  expectedHash?: string;
  /** Largest file accepted, in bytes. */
  maxBytes?: number;
}

export interface TableLayout {
  sheet: string;
  headerRow: number;
  columns: TableColumn[];
}

/** A table being read. `rows` can be iterated once; `notes` is complete after the iteration.
 *  Iterating to the end (or breaking out of the loop) releases the file; `close()` releases it
 *  when the rows are not read at all. */
export interface TableStream extends TableLayout {
  rows: AsyncIterable<TableRow>;
  notes: TableNote[];
  /** Read in a single-byte encoding (a CSV saved as ANSI or Mac Roman): a question mark may
   *  stand for a letter the encoding could not hold. False for xlsx and UTF-8/UTF-16 text. */
  lettersMayBeLost?: boolean;
  close(): Promise<void>;
}

export interface TablePreview extends TableLayout {
  rows: TableRow[];
  notes: TableNote[];
  /** As TableStream's. */
  lettersMayBeLost?: boolean;
  /** True when the preview stopped at its limit and the table goes on. */
  truncated: boolean;
}

// ---- Mapping

export type MappableField = MappableFieldKey;

export interface FieldMapping {
  field: MappableField;
  /** Column index in the table, or null when unmapped (or a constant is used). */
  column: number | null;
  /** A value for every row, used when `column` is null or the cell is empty. */
  constant?: string;
  /** The user's transform settings for this field (case, leading zeros, separators, ...). */
  transform?: FieldTransform;
}

export interface Mapping {
  fields: FieldMapping[];
  /** The kind of job the rows are validated for (src-shared/operations.ts); an onboarding when
   *  absent. Set by the import from the job's options, never by a file. */
  operation?: Operation;
}

export interface FieldSuggestion {
  field: MappableField;
  column: number | null;
  header: string | null;
  /** 0..1: 1 for an exact known header name or a template, less for partial or sample evidence. */
  confidence: number;
  reason: string;
}

export interface MappingSuggestion {
  fields: FieldSuggestion[];
  mapping: Mapping;
  /** The template the suggestion came from, when one matched the header set. */
  template: string | null;
}

/** A saved mapping, keyed by the header set it was made for. Columns are stored by header text
 *  so that a reordered file still matches. */
export interface MappingTemplate {
  name: string;
  signature: string;
  headers: string[];
  fields: {
    field: MappableField;
    header: string | null;
    constant?: string;
    transform?: FieldTransform;
  }[];
}

// ---- Validation

export interface RowProblem {
  row: number;
  field: MappableField | null;
  /** Header and letter, e.g. `PLZ (E)`; null when the problem is not about one column. */
  column: string | null;
  value: string;
  code: ErrorCode;
  /** The placeholders of its words, `problem.<code>` and its fix (src-shared/i18n/import.ts). */
  params?: Params;
  /** The English sentence and fix, for logs. */
  message: string;
  fix: string;
}

/** A change the app made to a value on the user's behalf; said once per kind and field. */
export interface RowNote {
  row: number;
  field: MappableField;
  kind: RowNoteKind;
  column: string | null;
  /** The placeholders of its words, `rowNote.<kind>`. */
  params?: Params;
  message: string;
}

/** Identifiers of the other kinds a column can hold; attached after creation. */
export interface ExtraIdentifiers {
  customerId?: string;
  ownId?: string;
  /** A deactivate row's platform id (onboarding has none). */
  platformId?: string;
  /** Registration numbers as written (src-shared/registration.ts): kept, compared, never sent. */
  vatId?: string;
  taxNumber?: string;
  duns?: string;
  registerNumber?: string;
  /** The telephone number as written: kept, compared, never sent. */
  phone?: string;
}

/** The texts of the identifier fields an identifiers job maps. */
export interface IdentifierChangeCells {
  type?: string;
  id?: string;
  source?: string;
  action?: string;
}

export interface MappedRow {
  sourceRow: number;
  cells: string[];
  /** The payload as far as the transforms could build it; checked by validation. */
  draft: Record<string, unknown>;
  extraIds: ExtraIdentifiers;
  /** An identifiers job's identifier and action, as the cells give them (checked by
   *  validation for that kind only). */
  change?: IdentifierChangeCells;
  problems: RowProblem[];
  notes: RowNote[];
  /** No mapped column of the row has a value. */
  empty: boolean;
}

export type RowValidity = 'valid' | 'invalid' | 'empty';

export interface ValidatedRow {
  sourceRow: number;
  cells: string[];
  status: RowValidity;
  payload: SupplierCreatePayload | null;
  /** For a row that is not valid: the payload as far as the transforms could build it, so that
   *  a fix starts from the row's current values. */
  draft?: Record<string, unknown>;
  /** `identityKey(payload.supplierId)` when the supplier id is known. */
  identity: string | null;
  extraIds: ExtraIdentifiers;
  problems: RowProblem[];
  notes: RowNote[];
}

export interface ValidationSummary {
  rows: number;
  valid: number;
  invalid: number;
  empty: number;
  byCode: Partial<Record<ErrorCode, number>>;
}

// ---- Results out

export interface RowResult {
  status: string;
  platformId?: string | number | null;
  /** Who made the supplier: this job's own create, or it existed before (SUPPLIER_OUTCOME); or
   *  the row's own outcome, for a kind whose rows keep one. Worded by `supplierWord`. */
  supplier?: string | null;
  creationUuid?: string | null;
  /** The screening's status as the API reported it (OUTCOME_STATUSES; `OnCreate` the app's own
   *  mark): the workbook words it in its language with the API's word beside it. */
  screening?: string | null;
  /** The validation's status as the API reported it, worded as `screening` is. */
  validation?: string | null;
  /** The platform record a validation confirmed, when another than the row's supplier. */
  validationTarget?: string | null;
  /** The platform's reason for a rejected validation, as the platform wrote it. */
  rejectionReason?: string | null;
  /** The customer and own ids attached after creation, each with what it came to. */
  identifiers?: readonly AttachedIdentifier[] | null;
  /** The row's likely duplicates: the others of its group as `row N`, the platform's suppliers
   *  as `platform ID`, worded in the job's language (services/onboarding/results.ts
   *  duplicateOfText); empty when none. */
  likelyDuplicateOf?: string | null;
  /** Other rows with some evidence below "likely", each with its reasons (never held). */
  possibleDuplicateOf?: string | null;
  /** What the user decided for a row with likely duplicates (`attach`: to `platformId`), or
   *  `waiting` for a row that waits for that decision; worded in the export's language. */
  duplicateDecision?: {
    decision: 'keep' | 'skip' | 'attach' | 'waiting';
    platformId?: string | null;
    /** Carried out from an earlier job of the connection: its name and when. */
    remembered?: { jobName: string; at: number };
  } | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  /** ISO timestamp or epoch milliseconds. */
  updatedAt?: string | number | null;
  /** "Land: Atlantis → ES": the values sent that differ from the file's. */
  changedValues?: string | null;
  /** Attach to platform ID: empty in an export; the user types a platform id there. */
  attachTo?: string | null;
  /** The row of the job's file; the results file's rows are matched back by it. */
  sourceRow?: number | null;
  /** The row's problems as data: when given, the Error message column words them in the
   *  export's language instead of `errorMessage`. */
  problems?: ReadonlyArray<{ code: string; params?: Params; message?: string; fix?: string }>;
  /** The row's error as data: when given, the Error message column words it in the export's
   *  language (`failure.<code>[.<reason>]`) instead of `errorMessage`. */
  error?: { code: string; params?: Params | null; message?: string };
}

export interface ResultRow {
  sourceRow: number;
  cells: string[];
  result: RowResult;
  /** Notes on cells of the original columns (a changed value's "In your file: …"). */
  notes?: ReadonlyArray<{ column: number; text: string }>;
}

export type ExportFormat = 'xlsx' | 'csv';
