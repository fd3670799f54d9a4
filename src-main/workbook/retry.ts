// A results file the user fixed in Excel and brings back. Each of its rows is matched with the
// job's row by the Source row column (by identity, supplierId.id + source, in a results file
// without it), and what the user changed is found by comparing the row's values with what the
// job has for it (its payload in the journal), never by the Status column: a row that was not
// done and whose values now differ and validate is sent again, whatever its Status says. Rows on
// the Errors sheet count like rows on the Results sheet; a row changed differently on both is
// left out and named.
import { FOLLOW_UP_STATES } from '../../src-shared/rowStates';
import { CUT_MARK, fitCell } from './export';
import { padZeros } from './transforms';
import { payloadKey, shownRow, type JobRowValues } from './sentValues';
import type { Mapping, ValidatedRow } from './types';

/** States after which the supplier exists, or the row is still on its way in its job: a results
 *  file does not send these again. Every other state (invalid, rejected, ambiguous, vanished,
 *  needs_user, cancelled, skipped) is a row that was not done. */
const DONE_OR_UNDERWAY = new Set<string>([
  'draft',
  'valid',
  'new',
  'exists',
  'pending',
  'queued',
  'sending',
  'in_doubt',
  'accepted',
  'created',
  ...FOLLOW_UP_STATES,
  'done',
]);

/** The fields whose values are ids: a number a spreadsheet made of one is not the same id. */
const ID_FIELDS = new Set([
  'supplierId.id',
  'customerId',
  'ownId',
  'platformId',
  'taxNumber',
  'duns',
]);

/** `cell` is `before` with its leading zeros lost: a spreadsheet turned the id into a number. */
function lostZeros(cell: string, before: string): boolean {
  const c = cell.trim();
  return (
    /^\d+$/.test(c) && /^0+\d/.test(before) && before.replace(/^0+/, '') === c.replace(/^0+/, '')
  );
}

/** A row of the file as the journal keeps a row's values: its payload (or, invalid, its draft)
 *  with the customer and own ids beside it (services/onboarding/importJob.ts toNewRow). Without
 *  them, every row with a Customer ID column would read as changed. */
export function journalValues(row: ValidatedRow): Record<string, unknown> | null {
  const values = (row.payload ?? row.draft ?? null) as Record<string, unknown> | null;
  return values && Object.keys(row.extraIds).length ? { ...values, ...row.extraIds } : values;
}

export function wasDone(state: string): boolean {
  return DONE_OR_UNDERWAY.has(state);
}

/** What the journal has for a row, as the selection needs it. */
export interface JobRow extends JobRowValues {
  id: number;
  sourceRow: number;
  state: string;
  identityKey: string | null;
  /** The row's problems as the journal keeps them (a letter lost to the job's file). */
  problems?: readonly { field?: string | undefined; code?: string | undefined }[] | null;
}

/** A letter lost to the encoding of the job's file is lost in its results file as well, which
 *  holds every letter and so is not checked for it: a value still as the job had it keeps the
 *  problem, even when another value of the row was changed. */
function keepsLostLetter(c: RetryCandidate): boolean {
  const now = journalValues(c.row) ?? {};
  return (c.previous.problems ?? []).some(
    (p) =>
      p.code === 'encoding_lost' &&
      p.field !== undefined &&
      now[p.field] === c.previous.payload?.[p.field],
  );
}

export interface JobRowLookup {
  atSource(sourceRow: number): JobRow | null;
  withIdentity(identity: string): JobRow[];
}

export interface RetryCandidate {
  row: ValidatedRow;
  previous: JobRow;
  /** The row's values differ from the job's. */
  changed: boolean;
  /** Ids typed without the zeros of their column, given them back. */
  padded: ZerosPadded[];
  /** The platform id typed into Attach to platform ID ('' for none). */
  attachTo: string;
}

/** An id of a zero-padded column typed as a number, and the id it was sent as. */
export interface ZerosPadded {
  sourceRow: number;
  from: string;
  to: string;
}

/** The width of each id column whose ids in the job all keep leading zeros and have one
 *  length (000151, 000152, ...): a shorter number typed there lost its zeros to a spreadsheet. */
export function zeroPaddedWidths(
  rows: Iterable<JobRowValues>,
  mapping: Mapping,
  headers: readonly string[],
): Map<number, number> {
  const columns = mapping.fields
    .filter((f) => f.column !== null && ID_FIELDS.has(f.field))
    .map((f) => f.column as number);
  const seen = new Map<number, { width: number; padded: boolean } | null>();
  for (const row of rows) {
    const cells = shownRow(row, mapping, headers).cells;
    for (const i of columns) {
      const id = (cells[i] ?? '').trim();
      if (!/^\d+$/.test(id) || seen.get(i) === null) continue;
      const s = seen.get(i);
      if (s && s.width !== id.length) seen.set(i, null);
      else seen.set(i, { width: id.length, padded: (s?.padded ?? false) || id.startsWith('0') });
    }
  }
  const widths = new Map<number, number>();
  for (const [i, s] of seen) if (s?.padded) widths.set(i, s.width);
  return widths;
}

export interface RetrySelection {
  /** Not done before, changed, valid now: send these again. */
  retry: RetryCandidate[];
  /** Not done before and still has problems. */
  stillInvalid: number;
  /** Done (or under way) before and not changed: left alone. */
  alreadyDone: number;
  /** Done (or under way) before, and changed in the file: a change the app does not send. */
  doneButChanged: number[];
  /** Those rows themselves (an id on another supplier corrected: services/onboarding/idFixes.ts). */
  doneChanged: RetryCandidate[];
  /** Not done before, valid, but no value changed: sending it again would end the same way. */
  unchanged: number;
  /** Changed differently on the Results and the Errors sheets: left out. */
  conflicts: number[];
  /** No row of the job (an added row, an emptied Source row, a repeated row). */
  unmatched: number;
  /** Ids of the rows sent again that were typed without the zeros of their column. */
  padded: ZerosPadded[];
  /** Done (or under way) before, with a platform id typed into Attach to platform ID: the
   *  supplier exists already, nothing is attached. */
  attachDone: number[];
}

/**
 * Reads the rows of a results file back, sheet family by sheet family: first every Errors sheet,
 * then the Results sheets, then `finish()`.
 */
export class RetrySelector {
  private readonly fromErrors = new Map<number, RetryCandidate>();
  /** The columns of ids (supplier, customer and own ids): text whose zeros count. */
  private readonly idColumns: Set<number>;
  private readonly taken = { results: new Set<number>(), errors: new Set<number>() };
  readonly selection: RetrySelection = {
    retry: [],
    stillInvalid: 0,
    alreadyDone: 0,
    doneButChanged: [],
    doneChanged: [],
    unchanged: 0,
    conflicts: [],
    unmatched: 0,
    padded: [],
    attachDone: [],
  };

  constructor(
    private readonly lookup: JobRowLookup,
    private readonly mapping: Mapping,
    private readonly headers: readonly string[],
    /** Maps and validates cells again: a cut cell given back its whole text, a fix in the app
     *  for a field the file has no column for. */
    private readonly revalidate: (row: ValidatedRow, cells: string[], job: JobRow) => ValidatedRow,
    /** The width of each zero-padded id column (zeroPaddedWidths). */
    private readonly widths: ReadonlyMap<number, number> = new Map(),
  ) {
    this.idColumns = new Set(
      mapping.fields
        .filter((f) => f.column !== null && ID_FIELDS.has(f.field))
        .map((f) => f.column as number),
    );
  }

  /** The job's row for a row of the file, once per sheet family. */
  private match(
    row: ValidatedRow,
    sourceRowCell: string | undefined,
    family: 'results' | 'errors',
  ): JobRow | null {
    const taken = this.taken[family];
    let found: JobRow | null = null;
    if (sourceRowCell !== undefined) {
      const n = /^\s*(\d+)\s*$/.exec(sourceRowCell);
      found = n ? this.lookup.atSource(Number(n[1])) : null;
    } else if (row.identity !== null) {
      found = this.lookup.withIdentity(row.identity).find((j) => !taken.has(j.id)) ?? null;
    }
    if (!found || taken.has(found.id)) return null;
    taken.add(found.id);
    return found;
  }

  private candidate(row: ValidatedRow, job: JobRow, attachCell = ''): RetryCandidate {
    const shown = shownRow(job, this.mapping, this.headers).cells;
    // A cell the export cut to fit Excel gets back its whole text from the journal; so does an
    // id a spreadsheet turned into a number ("Convert to Number" made 000156 into 156): the
    // zeros come back from the journal, and the id is never sent bent.
    let cells: string[] | undefined;
    const padded: ZerosPadded[] = [];
    for (let i = 0; i < shown.length; i++) {
      const cell = row.cells[i] ?? '';
      const cut = CUT_MARK.test(cell) && shown[i] !== cell && fitCell(shown[i]!) === cell;
      if (cut || (this.idColumns.has(i) && lostZeros(cell, shown[i] ?? ''))) {
        cells ??= [...row.cells];
        cells[i] = shown[i]!;
        continue;
      }
      // A new id typed into a column whose every id has six digits with zeros, kept as the
      // number 160 by the spreadsheet: it is sent as 000160, and said.
      const width = this.widths.get(i);
      const typed = cell.trim();
      if (width !== undefined && /^[1-9]\d*$/.test(typed) && typed.length < width) {
        if (typed === (shown[i] ?? '').trim()) continue;
        const to = padZeros(typed, width);
        cells ??= [...row.cells];
        cells[i] = to;
        padded.push({ sourceRow: job.sourceRow, from: typed, to });
      }
    }
    const columnless = Object.keys(job.userEdits ?? {}).some(
      (f) => !this.mapping.fields.some((m) => m.field === f && m.column !== null),
    );
    const again = cells || columnless ? this.revalidate(row, cells ?? [...row.cells], job) : row;
    return {
      row: again,
      previous: job,
      changed: payloadKey(journalValues(again)) !== payloadKey(job.payload),
      padded,
      attachTo: attachCell.trim(),
    };
  }

  /** A row of an Errors sheet: kept until the Results sheets are read. */
  addFromErrors(row: ValidatedRow, sourceRowCell: string | undefined, attachCell?: string): void {
    const job = this.match(row, sourceRowCell, 'errors');
    if (!job) {
      this.selection.unmatched++;
      return;
    }
    this.fromErrors.set(job.id, this.candidate(row, job, attachCell));
  }

  /** A row of a Results sheet, with the same row of an Errors sheet if there was one. */
  addFromResults(row: ValidatedRow, sourceRowCell: string | undefined, attachCell?: string): void {
    const job = this.match(row, sourceRowCell, 'results');
    if (!job) {
      this.selection.unmatched++;
      return;
    }
    const mine = this.candidate(row, job, attachCell);
    const other = this.fromErrors.get(job.id);
    this.fromErrors.delete(job.id);
    // A platform id typed on either sheet counts (the Results sheet's first).
    if (other) mine.attachTo = other.attachTo = mine.attachTo || other.attachTo;
    if (!other || !other.changed) return this.decide(mine);
    if (!mine.changed) return this.decide(other);
    const same = payloadKey(journalValues(mine.row)) === payloadKey(journalValues(other.row));
    if (same) return this.decide(mine);
    this.selection.conflicts.push(job.sourceRow);
  }

  /** Rows only on an Errors sheet (deleted from the Results sheet) count on their own. */
  finish(): RetrySelection {
    for (const c of this.fromErrors.values()) this.decide(c);
    this.fromErrors.clear();
    return this.selection;
  }

  private decide(c: RetryCandidate): void {
    const s = this.selection;
    if (wasDone(c.previous.state)) {
      if (c.attachTo) s.attachDone.push(c.previous.sourceRow);
      if (c.changed) {
        s.doneButChanged.push(c.previous.sourceRow);
        s.doneChanged.push(c);
      } else s.alreadyDone++;
    } else if (c.row.status !== 'valid' || keepsLostLetter(c)) s.stillInvalid++;
    // A platform id typed into Attach to platform ID sends the row again unchanged: attached.
    else if (c.changed || c.attachTo) {
      s.retry.push(c);
      s.padded.push(...c.padded);
    } else s.unchanged++;
  }
}
