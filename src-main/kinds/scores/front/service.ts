// The scores job for the screens (docs/architecture.md, "The scores job"): a perspective's event
// types, a scores mapping checked against the sheet and the event types, the first rows as the
// job would read them, and the job made through scores/job.ts. Errors are codes worded in both
// languages (failure.*.scores_*).
import { AppFailure, appError, failWith } from '../../../../src-shared/errors';
import type { ScoresLayout } from '../../../../src-shared/operations';
import {
  ScoresMappingSchema,
  type ScoresMapping,
  type ScoresPayload,
} from '../../../../src-shared/scores';
import type { EventType } from '../../../api';
import { answerError } from '../../../api';
import type { Journal } from '../../../journal/journal';
import { createScoresJob, mappingGap } from '../job';
import { ScoresRowReader, suggestScoresMapping } from '../sheet';
import { openTable, type TableColumn } from '../../../workbook';
import type { Core } from '../../../services/core';

/** The perspective's event types, read from the API on the connection's budget. */
export async function scoresEventTypes(
  core: Pick<Core, 'journal' | 'engine'>,
  connectionId: string,
  perspectiveId: string,
): Promise<EventType[]> {
  if (!core.journal.getConnection(connectionId))
    failWith('not_found', { reason: 'connection', connectionId });
  const answer = await core.engine.runtime(connectionId).api.listEventTypes(perspectiveId);
  if (answer.kind === 'ok') return answer.value;
  if (answer.kind === 'access_denied' && !answer.permission && answer.loggedIn !== false)
    failWith('api_access_denied', { reason: 'scores_not_enabled', apiMessage: answer.message });
  if (answer.kind === 'row_error')
    failWith('invalid_input', {
      reason: 'scores_perspective',
      perspectiveId,
      apiMessage: answer.message,
    });
  if (answer.kind === 'not_found')
    failWith('api_not_found', { reason: 'scores_event_types', perspectiveId });
  throw new AppFailure(answerError(answer) ?? appError('api_unexpected_response'));
}

/** Refuses a mapping that cannot make a job: no identifier, no score column, columns the sheet
 *  lacks, event types the perspective lacks. */
export function checkScoresMapping(
  m: ScoresMapping,
  columns: readonly TableColumn[],
  eventTypes: readonly EventType[],
  perspectiveId: string,
): void {
  const gap = mappingGap(m);
  if (gap === 'scores.cli.noIdentifierColumn')
    failWith('invalid_input', { reason: 'scores_no_identifier' });
  if (gap === 'scores.cli.noScoreColumns')
    failWith('invalid_input', { reason: 'scores_no_score_columns', perspectiveId });
  if (gap === 'scores.cli.noLongColumns')
    failWith('invalid_input', { reason: 'scores_no_long_columns' });
  const used = [
    ...Object.values(m.identifier),
    ...m.eventTypeColumns.map((e) => e.column),
    m.eventType,
    m.score,
    m.comment,
  ].filter((c): c is number => typeof c === 'number');
  const missing = used.find((c) => !columns.some((col) => col.index === c));
  if (missing !== undefined)
    failWith('invalid_input', { reason: 'scores_no_such_column', column: missing + 1 });
  const keys = new Set(eventTypes.map((t) => t.eventTypeKey));
  const unknown = m.eventTypeColumns.find((e) => !keys.has(e.eventTypeKey));
  if (unknown)
    failWith('invalid_input', {
      reason: 'scores_unknown_event_type',
      eventTypeKey: unknown.eventTypeKey,
      perspectiveId,
      keys: [...keys].join(', '),
    });
}

export interface ScoresFileInput {
  path: string;
  sheet?: string | undefined;
  connectionId: string;
  perspectiveId: string;
  layout: ScoresLayout;
  mapping?: ScoresMapping | undefined;
}

/** The sheet's first rows as the job would read them, with the mapping used (the one given, or
 *  the one suggested from the headers) and the event types. */
export async function scoresPreview(
  core: Pick<Core, 'journal' | 'engine'>,
  input: ScoresFileInput & { limit: number },
) {
  const eventTypes = await scoresEventTypes(core, input.connectionId, input.perspectiveId);
  const table = await openTable(
    input.path,
    input.sheet !== undefined ? { sheet: input.sheet } : {},
  );
  try {
    const mapping = ScoresMappingSchema.parse(
      input.mapping ?? suggestScoresMapping(table.columns, input.layout, eventTypes),
    );
    const gap = mappingGap(mapping);
    if (!gap) checkScoresMapping(mapping, table.columns, eventTypes, input.perspectiveId);
    const rows = [];
    if (!gap) {
      const reader = new ScoresRowReader(table.columns, mapping, eventTypes, input.perspectiveId);
      for await (const raw of table.rows) {
        if (raw.cells.every((c) => c.trim() === '')) continue;
        const r = reader.read(raw);
        const p = r.payload as unknown as ScoresPayload;
        rows.push({
          sourceRow: r.sourceRow,
          valid: r.state === 'valid',
          identifier: Object.entries(p.identifier)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(' '),
          scores: p.scores.map((s) => ({
            eventTypeKey: s.eventTypeKey,
            value: s.value,
            cell: s.cell,
            ...(s.comment ? { comment: s.comment } : {}),
          })),
          problems: (r.problems ?? []).map((x) => ({
            code: x.code ?? 'invalid',
            ...(x.params ? { params: x.params } : {}),
            message: x.message,
          })),
        });
        if (rows.length >= input.limit) break;
      }
    }
    return {
      columns: table.columns.map((c) => ({ index: c.index, header: c.header, letter: c.letter })),
      eventTypes: eventTypes.map((t) => ({ key: t.eventTypeKey, name: t.name ?? t.eventTypeKey })),
      mapping,
      /** What the mapping lacks before rows can be read (a catalogue reason), or null. */
      gap: gap ? gapReason(gap) : null,
      rows,
    };
  } finally {
    await table.close();
  }
}

function gapReason(gap: NonNullable<ReturnType<typeof mappingGap>>) {
  return gap === 'scores.cli.noIdentifierColumn'
    ? 'scores_no_identifier'
    : gap === 'scores.cli.noScoreColumns'
      ? 'scores_no_score_columns'
      : 'scores_no_long_columns';
}

/** Makes a scores job from the file: the event types read, the mapping checked, every row
 *  validated into the journal. The answer is jobs:create's. */
export async function createScoresJobFromFile(
  core: Pick<Core, 'journal' | 'engine'>,
  input: ScoresFileInput & { name?: string | undefined; lang?: 'en' | 'de' | undefined },
) {
  const eventTypes = await scoresEventTypes(core, input.connectionId, input.perspectiveId);
  const table = await openTable(
    input.path,
    input.sheet !== undefined ? { sheet: input.sheet } : {},
  );
  await table.close();
  const mapping = input.mapping ?? suggestScoresMapping(table.columns, input.layout, eventTypes);
  checkScoresMapping(mapping, table.columns, eventTypes, input.perspectiveId);
  const made = await createScoresJob(core.journal, { ...input, mapping, eventTypes });
  return {
    jobId: made.jobId,
    summary: {
      rows: made.rows,
      valid: made.valid,
      invalid: made.invalid,
      empty: 0,
      byCode: problemCounts(core.journal, made.jobId),
    },
    notes: [],
  };
}

function problemCounts(journal: Journal, jobId: string): Record<string, number> {
  const byCode: Record<string, number> = {};
  for (const row of journal.eachRow(jobId)) {
    if (row.state !== 'invalid') continue;
    for (const p of row.problems ?? []) {
      const code = p.code ?? 'invalid';
      byCode[code] = (byCode[code] ?? 0) + 1;
    }
  }
  return byCode;
}
