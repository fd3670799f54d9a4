// A scores job made from a sheet (docs/architecture.md, "The scores job"): the perspective's
// event types, the mapping (suggested from the headers unless given), and every row validated
// into the journal (the job's rows are the sheet's rows, as for an onboarding).
import path from 'node:path';
import { fail } from '../../../src-shared/errors';
import type { ScoresLayout } from '../../../src-shared/operations';
import { ScoresMappingSchema, type ScoresMapping } from '../../../src-shared/scores';
import type { EventType } from '../../api';
import type { JobOptions, Journal, NewRow } from '../../journal/journal';
import { hashFile, openTable } from '../../workbook';
import { ScoresRowReader, suggestScoresMapping } from './sheet';

export interface CreateScoresJobInput {
  path: string;
  sheet?: string | undefined;
  connectionId: string;
  perspectiveId: string;
  layout: ScoresLayout;
  eventTypes: readonly EventType[];
  mapping?: ScoresMapping | undefined;
  name?: string | undefined;
  lang?: 'en' | 'de' | undefined;
}

export interface ScoresJobMade {
  jobId: string;
  mapping: ScoresMapping;
  headers: string[];
  rows: number;
  valid: number;
  invalid: number;
  scores: number;
}

/** Why a mapping cannot make a scores job (a catalogue key of `scores.cli.*`), or undefined. */
export function mappingGap(
  m: ScoresMapping,
):
  | 'scores.cli.noIdentifierColumn'
  | 'scores.cli.noScoreColumns'
  | 'scores.cli.noLongColumns'
  | undefined {
  const ids = Object.entries(m.identifier).filter(([k]) => k !== 'source');
  if (!ids.length) return 'scores.cli.noIdentifierColumn';
  if (m.layout === 'wide' && !m.eventTypeColumns.length) return 'scores.cli.noScoreColumns';
  if (m.layout === 'long' && (m.eventType === null || m.score === null))
    return 'scores.cli.noLongColumns';
  return undefined;
}

/** A scores job's options: the kind of job, its perspective and layout (none of the
 *  onboarding's follow-ups). */
export function scoresJobOptions(perspectiveId: string, layout: ScoresLayout): JobOptions {
  return {
    skipExisting: false,
    screeningPeriod: null,
    validate: false,
    operation: 'scores',
    perspectiveId,
    scoresLayout: layout,
  };
}

export async function createScoresJob(
  journal: Journal,
  input: CreateScoresJobInput,
): Promise<ScoresJobMade> {
  const hash = await hashFile(input.path);
  const table = await openTable(
    input.path,
    input.sheet !== undefined ? { sheet: input.sheet } : {},
  );
  const mapping = ScoresMappingSchema.parse(
    input.mapping ?? suggestScoresMapping(table.columns, input.layout, input.eventTypes),
  );
  if (mappingGap(mapping)) {
    await table.close();
    fail('invalid_input', undefined, {
      reason: 'request',
      field: 'mapping',
      problem: mappingGap(mapping),
    });
  }
  const job = journal.createJob({
    name: input.name?.trim() || `${path.basename(input.path)} · scores ${input.perspectiveId}`,
    connectionId: input.connectionId,
    sourcePath: path.resolve(input.path),
    sourceHash: hash,
    sourceSheet: table.sheet,
    headerRow: table.headerRow,
    headers: table.columns.map((c) => c.header),
    mapping: { scores: mapping } as unknown as Record<string, unknown>,
    options: {
      ...scoresJobOptions(input.perspectiveId, input.layout),
      ...(input.lang ? { lang: input.lang } : {}),
    },
  });
  const reader = new ScoresRowReader(table.columns, mapping, input.eventTypes, input.perspectiveId);
  const made: ScoresJobMade = {
    jobId: job.id,
    mapping,
    headers: table.columns.map((c) => c.header),
    rows: 0,
    valid: 0,
    invalid: 0,
    scores: 0,
  };
  let batch: NewRow[] = [];
  for await (const row of table.rows) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    const r = reader.read(row);
    made.rows++;
    if (r.state === 'valid') {
      made.valid++;
      made.scores += (r.payload as { scores: unknown[] }).scores.length;
    } else made.invalid++;
    batch.push(r);
    if (batch.length >= 2_000) {
      journal.addRows(job.id, batch);
      batch = [];
    }
  }
  if (batch.length) journal.addRows(job.id, batch);
  return made;
}
