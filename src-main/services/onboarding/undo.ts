// Undoing an onboarding job: a deactivate job whose rows are exactly the suppliers that job
// created (`created_by_job`), never one that existed before it. It goes through the same check,
// confirmation by number, journal and throttle as any deactivate job.
import { createHash } from 'node:crypto';
import { failWith } from '../../../src-shared/errors';
import { word } from '../../../src-shared/i18n';
import { kindOf } from '../../kinds';
import type { RowState } from '../../../src-shared/rowStates';
import type { NewRow } from '../../journal/journal';
import { isBusy, type Ctx } from './context';

/** Creations that may still make a supplier: the undo waits until every one is answered. */
const CREATING: readonly RowState[] = ['queued', 'sending', 'in_doubt', 'accepted', 'pending'];

export function createUndoJob(
  ctx: Ctx,
  input: { jobId: string; name?: string | undefined; lang?: 'en' | 'de' | undefined },
): { jobId: string; rows: number } {
  const { journal } = ctx;
  const job =
    journal.getJob(input.jobId) ?? failWith('not_found', { reason: 'job', jobId: input.jobId });
  // The kind of job that undoes this one's (a deactivation), if its kind has one.
  const undoneBy =
    kindOf(job.options).traits.undoneBy ??
    failWith('undo_refused', { reason: 'kind', name: job.name });
  if (isBusy(ctx, job.id)) failWith('job_running', { reason: 'undo', name: job.name });
  const counts = journal.counts(job.id);
  const unsettled = CREATING.reduce((n, s) => n + (counts[s] ?? 0), 0);
  if (unsettled > 0)
    failWith('undo_refused', { reason: 'unsettled', name: job.name, rows: unsettled });

  const rows: NewRow[] = [];
  for (const row of journal.eachRow(job.id)) {
    // Only the suppliers this job's own creates made; a supplier found existing is left alone.
    if (!row.createdByJob || !row.platformId) continue;
    rows.push({
      sourceRow: row.sourceRow,
      cells: row.cells,
      payload: { platformId: row.platformId },
      identityKey: JSON.stringify({ platformId: row.platformId }),
      state: 'valid',
    });
  }
  const lang = input.lang ?? job.options.lang ?? 'en';
  const undo = journal.createJob({
    name: input.name?.trim() || word(lang, 'kind.undoName', { name: job.name }),
    connectionId: job.connectionId,
    sourcePath: job.sourcePath,
    sourceHash: job.sourceHash,
    sourceSheet: job.sourceSheet,
    headerRow: job.headerRow,
    headers: job.headers,
    // The rows name their supplier by platform id alone: nothing to map from the file.
    mapping: { fields: [], operation: undoneBy },
    options: {
      skipExisting: false,
      screeningPeriod: null,
      validate: false,
      operation: undoneBy,
      undoOf: job.id,
      lang,
    },
  });
  journal.addRows(undo.id, rows);
  ctx.onJobChanged?.(undo.id);
  return { jobId: undo.id, rows: rows.length };
}

/** A supplier of an audit's groups the user chose to deactivate. */
export interface AuditedSupplier {
  platformId: number;
  name: string;
  city: string;
}

/**
 * The deactivation of the suppliers the user chose among an audit's groups (the supplier-base
 * screen): a deactivate job whose rows name each by its platform ID, made like an undo — the same
 * check, typed count, journal, throttle and results, and undoable as any deactivation is not
 * (its results file lists what it deactivated). The rows are laid out as the audit workbook's
 * "To deactivate" sheet, which the command line takes as it is.
 */
export function createAuditDeactivationJob(
  ctx: Ctx,
  input: {
    connectionId: string;
    auditPath: string;
    suppliers: readonly AuditedSupplier[];
    lang?: 'en' | 'de' | undefined;
  },
): { jobId: string; rows: number } {
  const { journal } = ctx;
  const conn =
    journal.getConnection(input.connectionId) ??
    failWith('not_found', { reason: 'connection', connectionId: input.connectionId });
  const lang = input.lang ?? 'en';
  const rows: NewRow[] = input.suppliers.map((s, i) => ({
    // Row 1 is the header, as on the audit workbook's sheet.
    sourceRow: i + 2,
    cells: [String(s.platformId), s.name, s.city],
    payload: { platformId: String(s.platformId) },
    identityKey: JSON.stringify({ platformId: String(s.platformId) }),
    state: 'valid',
  }));
  const ids = input.suppliers.map((s) => s.platformId).join(',');
  const job = journal.createJob({
    name: word(lang, 'base.audit.jobName', { count: rows.length }),
    connectionId: conn.id,
    sourcePath: input.auditPath,
    sourceHash: createHash('sha256').update(ids).digest('hex'),
    sourceSheet: word(lang, 'base.audit.sheet.deactivate'),
    headerRow: 1,
    headers: [
      word(lang, 'base.column.platformId'),
      word(lang, 'base.column.name'),
      word(lang, 'base.column.city'),
    ],
    mapping: { fields: [{ field: 'platformId', column: 0 }], operation: 'deactivate' },
    options: {
      skipExisting: false,
      screeningPeriod: null,
      validate: false,
      operation: 'deactivate',
      lang,
    },
  });
  journal.addRows(job.id, rows);
  ctx.onJobChanged?.(job.id);
  return { jobId: job.id, rows: rows.length };
}
