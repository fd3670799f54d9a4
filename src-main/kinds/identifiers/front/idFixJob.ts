// The identifiers job of a results file's corrected ids (services/onboarding/idFixes.ts): the
// step that works for an onboarding row whose id the platform had on another supplier, offered
// by --retry-from and the Results screen.
import { word } from '../../../../src-shared/i18n';
import type { NewRow } from '../../../journal/journal';
import type { Onboarding, ReadResults } from '../../../services/onboarding';
import { idFixesOf } from '../../../services/onboarding/idFixes';
import { identifiersKind } from '..';

/**
 * Makes the identifiers job of a results file's corrected ids, from the file as read: on the
 * job's connection, named after it, its rows named by platform id with the identifier to add,
 * and the file as its source (so the same file brought back again is known as used). None is
 * made when the file corrects no such id.
 */
export function makeIdFixJob(
  onboarding: Onboarding,
  read: ReadResults,
): { jobId: string | null; rows: number } {
  const { job, selection, original } = read;
  const fixes = idFixesOf(onboarding.journal, selection.doneChanged);
  if (!fixes.length) return { jobId: null, rows: 0 };
  const lang = job.options.lang ?? 'en';
  const rows: NewRow[] = fixes.map((f) => ({
    sourceRow: f.sourceRow,
    cells: f.cells.slice(0, original),
    payload: { platformId: f.platformId, identifier: f.identifier, action: 'add' },
    identityKey: JSON.stringify(f.identifier),
    state: 'valid',
  }));
  return onboarding.createJobOfRows(
    {
      name: word(lang, 'kind.idFixName', { name: job.name }),
      ...read.source,
      // The rows name their supplier by platform id and carry their identifier: nothing to map.
      operation: identifiersKind.name,
      options: { identifierAction: 'add', lang },
    },
    rows,
  );
}

/** The identifiers job of the corrected ids in the results file at `filePath` of the job
 *  `jobId` (else the job the file names). */
export async function idFixJobFromResults(
  onboarding: Onboarding,
  filePath: string,
  jobId?: string,
): Promise<{ jobId: string | null; rows: number }> {
  return makeIdFixJob(onboarding, await onboarding.readResultsFile(filePath, jobId));
}
