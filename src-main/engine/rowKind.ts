// What the row runner (jobRunner.ts) asks of the kind of its job. The kinds' modules
// (src-main/kinds/) give it; the engine never tests a kind's name.
import type { JournalRow, RowOutcome } from '../journal/journal';
import type { RowState } from '../journal/rowStates';
import type { JobOptions } from '../journal/schema';
import type { OpResult } from '../../src-shared/operations';
import type { RunContext } from './context';
import type { KindFigures } from './kindFigures';
import type { HistoryCode } from './messages';
import type { KindWriteStage } from './ownWrite';

export interface RowKind {
  /** The kind's reads and writes, for the time left. */
  readonly figures: KindFigures;
  /** How the check finds a row's supplier: `lists` for a supplier to create (the pending list,
   *  the supplier list or one lookup at most, by the identity index); `named` for a row naming an
   *  existing supplier by any identifier (one lookup each). */
  readonly check: 'lists' | 'named';
  /** A named kind's own step of its check, once a row's supplier matched (the identifiers
   *  kind: who holds the identifier it changes); without it, a matched row is `exists`. */
  readonly named?: NamedCheck;
  /** The reason a named row whose supplier is not found says (its history); default
   *  `supplier_not_found`. */
  readonly notFound?: HistoryCode;
  /** A named row whose supplier none active answers ends done with this own outcome and reason
   *  instead (the undo of an onboarding: its supplier was deactivated since, and
   *  find-by-identifier finds active suppliers only), from the job's options; undefined: it is
   *  skipped as not found. */
  goneMeans?(options: JobOptions): { opResult: OpResult; reason: HistoryCode } | undefined;
  /** Where a row the check matched goes without a request (its own write's queue); undefined:
   *  the onboarding's way (new rows to create, existing ones to their ids and follow-ups). */
  readonly matchedTo: Extract<RowState, HistoryCode> | undefined;
  /** The kind's own write (ownWrite.ts): its lane is filled from its queue, its rows in doubt are
   *  settled by it. */
  readonly write?: KindWriteStage;
  /** The kind keeps each row's own outcome (op_result): the check's note and the end of the
   *  run count them. */
  readonly opResults: boolean;
  /** Its check groups the rows of the list that are likely one site and compares the rows it
   *  would create with the platform's suppliers; a likely duplicate waits (engine/duplicates.ts). */
  readonly findsDuplicates?: boolean;
}

/** A named kind's own step of the check (RowKind.named). */
export interface NamedCheck {
  /** The row's payload says what the kind needs to check it (else the row is invalid). */
  readable(row: JournalRow, options: JobOptions): boolean;
  /** The row's outcome once its supplier matched (`platformId`, and its name and place as the
   *  platform answered: `matched`); undefined after a failed read (told to the job's health:
   *  the row stays valid and is checked again). */
  matched(
    run: RunContext,
    row: JournalRow,
    supplier: Pick<NonNullable<RowOutcome['patch']>, 'platformId' | 'matched'>,
  ): Promise<RowOutcome | undefined>;
}
