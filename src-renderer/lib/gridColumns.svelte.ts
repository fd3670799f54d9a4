// The grid's columns: every column of the file (a column a payload field is mapped to is edited
// as that field), then the fields the mapping fills with a constant. Widths and hidden columns
// are remembered per job on this computer (local storage).
import type { JobView, RowView } from '../../src-shared/contract';
import { FIXABLE_STATES } from '../../src-shared/rowStates';
import { identifiersText } from '../../src-shared/identifierWords';
import { label, t } from './i18n.svelte';
import { timeZone } from './outcomes';

export interface GridColumn {
  /** Stable within a job: `c<index>` for a file column, `f:<field>` for a constant field. */
  key: string;
  /** The file's header, or the field's name for a constant. */
  header: string;
  /** The file column, or null for a field the mapping fills with a constant. */
  column: number | null;
  /** The payload fields this column fills; a cell edit changes the first. */
  fields: string[];
  constant: string | null;
}

/** A column's name in the grid: the file's header, or a constant field's name in words. */
export function columnName(c: Pick<GridColumn, 'column' | 'header'>): string {
  return c.column === null ? label('field', c.header) : c.header;
}

export interface CellValue {
  /** What the grid shows: what is sent (or will be), as the results file shows it — the
   *  user's fix, a value the app corrected (a postal code's lost zero), else the file's. */
  value: string;
  /** The file's value (or the mapping's constant). */
  original: string;
  /** The user fixed it in the app. */
  fixed: boolean;
  /** The app sends another value than the file's (not a fix of the user's): shown beside. */
  changed: boolean;
}

export const DEFAULT_WIDTH = 160;
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 800;
const STORAGE_PREFIX = 'supplier-onboarding.grid.';

export function gridColumns(job: Pick<JobView, 'headers' | 'mapping'>): GridColumn[] {
  const columns: GridColumn[] = job.headers.map((header, i) => ({
    key: `c${i}`,
    header,
    column: i,
    fields: [],
    constant: null,
  }));
  for (const f of job.mapping.fields) {
    if (f.column !== null && columns[f.column]) columns[f.column]!.fields.push(f.field);
    else if (f.column === null && f.constant)
      columns.push({
        key: `f:${f.field}`,
        header: f.field,
        column: null,
        fields: [f.field],
        constant: f.constant ?? null,
      });
  }
  return columns;
}

export function cellValue(row: RowView, col: GridColumn): CellValue {
  const original = col.column !== null ? (row.cells[col.column] ?? '') : (col.constant ?? '');
  const field = col.fields[0];
  const edit = field !== undefined ? row.edits[field] : undefined;
  const change = field !== undefined ? row.changes.find((c) => c.field === field) : undefined;
  if (edit !== undefined)
    return { value: change?.sent ?? edit, original, fixed: true, changed: false };
  if (change) return { value: change.sent, original, fixed: false, changed: true };
  return { value: original, original, fixed: false, changed: false };
}

const FIXABLE: readonly string[] = FIXABLE_STATES;
export function editable(row: RowView, col: GridColumn): boolean {
  return col.fields.length > 0 && FIXABLE.includes(row.state);
}

/** The problems of a row that belong to a column (by field, or by the column's header). */
export function cellProblems(row: RowView, col: GridColumn): RowView['problems'] {
  return row.problems.filter((p) =>
    p.field
      ? col.fields.includes(p.field)
      : p.column !== undefined && col.column !== null && p.column.startsWith(`${col.header} (`),
  );
}

interface Stored {
  widths: Record<string, number>;
  hidden: string[];
}

/** Widths and hidden columns of one job's grid, remembered on this computer. */
export class GridLayout {
  #key: string;
  #widths = $state<Record<string, number>>({});
  #hidden = $state<string[]>([]);

  constructor(jobId: string) {
    this.#key = STORAGE_PREFIX + jobId;
    try {
      const raw = localStorage.getItem(this.#key);
      const s = raw ? (JSON.parse(raw) as Partial<Stored>) : {};
      if (s.widths && typeof s.widths === 'object') this.#widths = s.widths;
      if (Array.isArray(s.hidden)) this.#hidden = s.hidden.filter((h) => typeof h === 'string');
    } catch {
      // Storage refused or unreadable: the default layout.
    }
  }

  width(key: string, fallback = DEFAULT_WIDTH): number {
    return this.#widths[key] ?? fallback;
  }

  hidden(key: string): boolean {
    return this.#hidden.includes(key);
  }

  setWidth(key: string, px: number): void {
    const w = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
    this.#widths = { ...this.#widths, [key]: w };
    this.#save();
  }

  setHidden(key: string, hidden: boolean): void {
    const rest = this.#hidden.filter((k) => k !== key);
    this.#hidden = hidden ? [...rest, key] : rest;
    this.#save();
  }

  reset(): void {
    this.#widths = {};
    this.#hidden = [];
    this.#save();
  }

  #save(): void {
    try {
      localStorage.setItem(
        this.#key,
        JSON.stringify({ widths: this.#widths, hidden: this.#hidden } satisfies Stored),
      );
    } catch {
      // Private windows may refuse storage; the layout then lasts for this page only.
    }
  }
}

/** The results' own columns after the file's, each of which the user may hide. */
export const RESULT_COLUMNS = [
  'platform',
  'supplier',
  'screening',
  'validation',
  'identifiers',
  'updated',
] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

/** A column of the grid as the table lays it out: the row number, the state, the file's columns,
 *  the results columns (Results only) and the problem or reason. */
export interface TableColumn {
  key: string;
  kind: 'row' | 'status' | 'data' | ResultColumn | 'problem';
  label: string;
  width: number;
  /** The file's column or constant field, for a data column. */
  data?: GridColumn;
}

export function resultColumnLabel(k: ResultColumn): string {
  switch (k) {
    case 'platform':
      return t('rows.platformId');
    case 'supplier':
      return t('rows.supplier');
    case 'screening':
      return t('rows.screening');
    case 'validation':
      return t('rows.validation');
    case 'identifiers':
      return t('results.column.identifiers');
    case 'updated':
      return t('rows.updated', { zone: timeZone() });
  }
}

/** The ids attached after creation and what each came to, in the user's language. */
export function attachedIds(row: Pick<RowView, 'identifiers'>): string {
  return identifiersText(row.identifiers, t);
}

/** Whether this job created the row's supplier or it existed before, in words. */
export function supplierOrigin(row: Pick<RowView, 'createdByJob'>): string {
  if (row.createdByJob === null) return '';
  return row.createdByJob ? t('rows.createdByJob') : t('rows.existedBefore');
}
