// The deactivation of the suppliers the user chose among an audit's groups (the supplier-base
// screen, base:deactivateAudited): only suppliers the connection's last complete audit grouped.
import { createHash } from 'node:crypto';
import type { CommandOutput } from '../../../../src-shared/contract';
import { failWith } from '../../../../src-shared/errors';
import { word } from '../../../../src-shared/i18n';
import { platformIdRow } from '../../../services/onboarding/jobOfRows';
import type { AuditedSupplier } from '../../../services/auditMemory';
import type { HandlerDeps } from '../../../services/handlers/deps';
import type { Onboarding } from '../../../services/onboarding';
import { deactivateKind } from '..';

/**
 * A deactivate job whose rows name each chosen supplier by its platform ID, made like an undo —
 * the same check, typed count, journal, throttle and results, and undoable as any deactivation
 * is not (its results file lists what it deactivated). The rows are laid out as the audit
 * workbook's "To deactivate" sheet, which the command line takes as it is.
 */
export function createAuditDeactivationJob(
  onboarding: Onboarding,
  input: {
    connectionId: string;
    auditPath: string;
    suppliers: readonly AuditedSupplier[];
    lang?: 'en' | 'de' | undefined;
  },
): { jobId: string; rows: number } {
  const conn =
    onboarding.journal.getConnection(input.connectionId) ??
    failWith('not_found', { reason: 'connection', connectionId: input.connectionId });
  const lang = input.lang ?? 'en';
  // Row 1 is the header, as on the audit workbook's sheet.
  const rows = input.suppliers.map((s, i) =>
    platformIdRow(i + 2, [String(s.platformId), s.name, s.city], String(s.platformId)),
  );
  const ids = input.suppliers.map((s) => s.platformId).join(',');
  return onboarding.createJobOfRows(
    {
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
      operation: deactivateKind.name,
      fields: [{ field: 'platformId', column: 0 }],
      options: { lang },
    },
    rows,
  );
}

/** base:deactivateAudited: the chosen suppliers, each one the connection's last complete audit
 *  grouped (services/auditMemory.ts); an ID it did not group is refused. */
export async function deactivateAudited(
  d: HandlerDeps,
  input: { connectionId: string; platformIds: number[]; lang?: 'en' | 'de' | undefined },
): Promise<CommandOutput<'base:deactivateAudited'>> {
  const { connectionId, platformIds, lang } = input;
  const last = d.audits.last(connectionId);
  if (!last) failWith('not_found', { reason: 'audit', connectionId });
  const unknown = platformIds.filter((id) => !last.suppliers.has(id));
  if (unknown.length > 0)
    failWith('not_found', {
      reason: 'audit_member',
      count: unknown.length,
      ids: unknown.slice(0, 5).join(', '),
    });
  const chosen = [...new Set(platformIds)].map((id) => last.suppliers.get(id)!);
  const core = await d.ready();
  return createAuditDeactivationJob(core.onboarding, {
    connectionId,
    auditPath: last.path,
    suppliers: chosen,
    ...(lang ? { lang } : {}),
  });
}
