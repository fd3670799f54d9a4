// Commands on a job's rows: pages of the grid, a row's history, fixes and their undo.
import type { AreaHandlers, HandlerDeps } from './deps';

export function rowHandlers(d: HandlerDeps): AreaHandlers<'rows'> {
  return {
    'rows:page': async ({ jobId, filter, after, limit }) =>
      (await d.onboarding()).pageRows(jobId, { ...filter, after, limit }),
    'rows:events': async ({ rowId }) => (await d.onboarding()).rowEvents(rowId),
    'rows:fix': async ({ rowId, edits }) =>
      (await d.onboarding()).fixRow(rowId, edits as Record<string, string>),
    'rows:fixMany': async ({ jobId, ...q }) => (await d.onboarding()).fixMany(jobId, q),
    'rows:fixes': async ({ jobId }) => (await d.onboarding()).fixHistory(jobId),
    'rows:undo': async ({ jobId, batchId }) => (await d.onboarding()).undoFix(jobId, batchId),
    'rows:cancelWork': async ({ jobId }) => (await d.onboarding()).cancelRowWork(jobId),
  };
}
