// An onboarding row whose customer id, own id or supplier id the platform has on another
// supplier: the supplier itself is done (created or found), the id was not added, since an
// identifier belongs to one supplier only (api-notes.md, "Identifiers": 409 on this or another
// supplier). The onboarding creates suppliers and never changes them, so a retry of such a row
// would send nothing. The step that works is an identifiers job: brought back in the results
// file with the id corrected, each such row becomes an add of the corrected id to the row's own
// supplier (by the platform id the onboarding kept), checked and sent like any identifiers row
// (a corrected id that is on another supplier too says so again; one already there is done).
// Here the corrected ids are found (a retry counts them); the job is made by the identifiers
// kind's front-door parts (kinds/identifiers/front/).
//
// Moving the id (removing it from the supplier that has it, then adding it here) is not made
// from a results file: it is two writes on two suppliers, the removal hard to undo, and an
// identifiers job checks all its rows before it sends any, so the add would be checked while the
// id is still on the other supplier. The Errors sheet's advice says the two jobs to run instead.
import {
  ATTACHED_ID_FIELDS,
  identifiersToAttach,
  sameIdentifier,
  type IdentifierToAttach,
} from '../../../src-shared/supplier';
import type { Journal } from '../../journal/journal';
import { journalValues, payloadKey, type RetryCandidate } from '../../workbook';

/** A corrected id, to add to the supplier of the row it came from. */
export interface IdFix {
  sourceRow: number;
  platformId: string;
  identifier: IdentifierToAttach;
  cells: string[];
}

/** The payload's field of an identifier type (the supplier id is an object with its source). */
function fieldOf(type: string): string {
  return ATTACHED_ID_FIELDS.find((f) => f.type === type)?.key ?? 'supplierId';
}

/**
 * Of the done rows the user changed in a results file, those whose only change is a corrected
 * id where the platform had the row's id on another supplier: one fix per corrected id. A row
 * with any other change is not one (the app does not change a supplier's fields), and neither is
 * an id typed back as it was.
 */
export function idFixesOf(journal: Journal, changed: readonly RetryCandidate[]): IdFix[] {
  const out: IdFix[] = [];
  for (const c of changed) {
    const row = journal.getRow(c.previous.id);
    const others = (row?.identifiers ?? []).filter((i) => i.result === 'other');
    if (!row?.platformId || !others.length) continue;
    const now = journalValues(c.row) ?? {};
    const attach = row.duplicateDecision === 'attach';
    const fresh = identifiersToAttach(now, attach);
    const fixes = others.flatMap((o) => {
      const typed = fresh.find((i) => i.type === o.type);
      return typed && !sameIdentifier(typed, o) ? [{ was: o, typed }] : [];
    });
    if (!fixes.length) continue;
    // Nothing else changed: the corrected fields put back, the row is as the job had it.
    const restored = { ...now };
    for (const { was } of fixes) restored[fieldOf(was.type)] = row.payload?.[fieldOf(was.type)];
    if (payloadKey(restored) !== payloadKey(row.payload)) continue;
    for (const { typed } of fixes)
      out.push({
        sourceRow: row.sourceRow,
        platformId: row.platformId,
        identifier: typed,
        cells: c.row.cells,
      });
  }
  return out;
}
