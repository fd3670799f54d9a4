// The words and values of the row browser's filters (Review and Results): a problem kind as a
// filter value and in words, the groups a row is in, and the finished rows by how their
// screening or validation ended.
import type { JobView } from '../../src-shared/contract';
import { label, t } from './i18n.svelte';

/** A kind of validation problem, as the services count it (`jobs:problems`). */
export interface ProblemKindRef {
  code: string | null;
  field: string | null;
}

/** The groups a row is in, in the order the filter offers them. */
export const GROUPS = ['to_fix', 'waiting', 'in_progress', 'finished'] as const;
export type RowGroup = (typeof GROUPS)[number];

/** How many finished rows a stage ended with a status. */
export interface OutcomeCount {
  stage: 'validation' | 'screening';
  status: string;
  n: number;
}

/** The filter value of a problem kind. */
export function kindValue(k: ProblemKindRef): string {
  return `problem:${k.code ?? ''}|${k.field ?? ''}`;
}

/** A problem kind in words: "Country not known · Country". */
export function kindLabel(k: ProblemKindRef): string {
  const problem = label('problemKind', k.code ?? 'value_invalid');
  return k.field ? t('rows.kind', { problem, field: label('field', k.field) }) : problem;
}

/** Finished rows by how their screening or validation ended, leaving out the empty ones. */
export function outcomeCounts(job: Pick<JobView, 'outcomes'>): OutcomeCount[] {
  return (['validation', 'screening'] as const).flatMap((stage) =>
    Object.entries(job.outcomes[stage])
      .filter(([, n]) => n > 0)
      .map(([status, n]) => ({ stage, status, n })),
  );
}
