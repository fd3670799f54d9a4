// A scores sheet read into journal rows (docs/architecture.md, "The scores job"): the mapping
// suggested from the headers and the perspective's event types, and each row validated before
// anything is sent — an identifier present, each score a whole number from 1 to 100, each event
// type one of the perspective's — every problem naming its cell and the fix.
import { word, type Params } from '../../../src-shared/i18n';
import type { ScoresLayout } from '../../../src-shared/operations';
import {
  parseScoreValue,
  SCORE_IDENTIFIER_FIELDS,
  type RowScore,
  type ScoreIdentifierField,
  type ScoresMapping,
  type ScoresPayload,
} from '../../../src-shared/scores';
import type { EventType } from '../../api';
import type { NewRow } from '../../journal/journal';
import type { RowProblem } from '../../journal/schema';
import type { TableColumn, TableRow } from '../../workbook';

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Header words per identifier kind (English and German, with the usual spellings). */
const IDENTIFIER_HEADERS: Record<ScoreIdentifierField, string[]> = {
  supplierId: [
    'supplierid',
    'supplier',
    'vendorid',
    'lieferantenid',
    'lieferantennummer',
    'lieferant',
  ],
  source: ['source', 'quelle', 'supplieridsource'],
  customerId: ['customerid', 'kundenid', 'kundennummer'],
  ownId: ['ownid', 'eigeneid'],
  platformId: ['platformid', 'plattformid', 'targetid'],
};
const LONG_HEADERS = {
  eventType: ['eventtype', 'eventtypekey', 'ereignistyp', 'type'],
  score: ['score', 'scorevalue', 'value', 'wert', 'bewertung'],
  comment: ['comment', 'kommentar', 'note', 'bemerkung'],
};

/** The mapping the headers suggest; the user (or a mapping file) may change it. */
export function suggestScoresMapping(
  columns: readonly TableColumn[],
  layout: ScoresLayout,
  eventTypes: readonly EventType[],
): ScoresMapping {
  const find = (words: string[]) =>
    columns.find((c) => words.includes(norm(c.header)))?.index ?? null;
  const identifier: ScoresMapping['identifier'] = {};
  for (const field of SCORE_IDENTIFIER_FIELDS) {
    const col = find(IDENTIFIER_HEADERS[field]);
    if (col !== null) identifier[field] = col;
  }
  if (layout === 'long') {
    return {
      layout,
      identifier,
      eventTypeColumns: [],
      eventType: find(LONG_HEADERS.eventType),
      score: find(LONG_HEADERS.score),
      comment: find(LONG_HEADERS.comment),
    };
  }
  const eventTypeColumns: ScoresMapping['eventTypeColumns'] = [];
  for (const c of columns) {
    const h = norm(c.header);
    const type = eventTypes.find(
      (t) => norm(t.eventTypeKey) === h || (t.name && norm(t.name) === h),
    );
    if (type) eventTypeColumns.push({ column: c.index, eventTypeKey: type.eventTypeKey });
  }
  return { layout, identifier, eventTypeColumns, eventType: null, score: null, comment: null };
}

/** The identity a row's supplier is grouped by (rows of one supplier may share an entry). */
export function scoresIdentity(identifier: ScoresPayload['identifier']): string | null {
  const parts = SCORE_IDENTIFIER_FIELDS.map((f) => String(identifier[f] ?? '').trim());
  return parts.some((p, i) => p !== '' && SCORE_IDENTIFIER_FIELDS[i] !== 'source')
    ? parts.join('\u001f')
    : null;
}

function problem(code: string, params: Params, column?: string): RowProblem {
  return {
    // Worded as every row problem is, `problem.<code>` (src-shared/i18n/reported.ts).
    code: `scores.${code}`,
    params,
    message: word('en', `problem.scores.${code}` as Parameters<typeof word>[1], params),
    ...(column ? { column } : {}),
  };
}

/** Validates rows one by one; remembers which supplier+event type came where (duplicates). */
export class ScoresRowReader {
  private readonly keys: Set<string>;
  private readonly seen = new Map<string, string>();
  private readonly letters: Map<number, string>;

  constructor(
    private readonly columns: readonly TableColumn[],
    private readonly mapping: ScoresMapping,
    eventTypes: readonly EventType[],
    private readonly perspectiveId: string,
  ) {
    this.keys = new Set(eventTypes.map((t) => t.eventTypeKey));
    this.letters = new Map(columns.map((c) => [c.index, c.letter]));
  }

  private cellName(column: number, row: number): string {
    return `${this.letters.get(column) ?? '?'}${row}`;
  }

  private keyList(): string {
    return [...this.keys].join(', ');
  }

  read(row: TableRow): NewRow {
    const m = this.mapping;
    const cell = (col: number | null | undefined) =>
      col === null || col === undefined ? '' : (row.cells[col] ?? '').trim();
    const problems: RowProblem[] = [];
    const identifier: ScoresPayload['identifier'] = {};
    for (const field of SCORE_IDENTIFIER_FIELDS) {
      const col = m.identifier[field];
      const value = cell(col);
      if (value === '' || col === undefined) continue;
      if (field === 'platformId') {
        if (/^\d+$/.test(value)) identifier.platformId = Number(value);
        else
          problems.push(
            problem(
              'platform_id',
              { cell: this.cellName(col, row.sourceRow), value },
              this.letters.get(col),
            ),
          );
      } else identifier[field] = value;
    }
    const identity = scoresIdentity(identifier);
    if (!identity && !problems.length) {
      const cols = SCORE_IDENTIFIER_FIELDS.filter(
        (f) => f !== 'source' && m.identifier[f] !== undefined,
      )
        .map((f) => this.columns.find((c) => c.index === m.identifier[f])?.header ?? f)
        .join(', ');
      problems.push(problem('no_identifier', { row: row.sourceRow, columns: cols || '—' }));
    }
    const scores: RowScore[] = [];
    const addScore = (key: string, valueCol: number, valueText: string, comment: string) => {
      const name = this.cellName(valueCol, row.sourceRow);
      const value = parseScoreValue(valueText);
      if (value === null) {
        // A whole number outside 1 to 100 is told the range, not the hint about decimals.
        const code = /^[+-]?\d+$/.test(valueText.trim()) ? 'score_out_of_range' : 'not_a_score';
        problems.push(problem(code, { cell: name, value: valueText }, this.letters.get(valueCol)));
        return;
      }
      if (identity) {
        const dup = `${identity}\u001e${key}`;
        const first = this.seen.get(dup);
        if (first) {
          problems.push(
            problem(
              'duplicate',
              { cell: name, eventTypeKey: key, first },
              this.letters.get(valueCol),
            ),
          );
          return;
        }
        this.seen.set(dup, name);
      }
      scores.push({ eventTypeKey: key, value, cell: name, ...(comment ? { comment } : {}) });
    };
    if (m.layout === 'wide') {
      for (const { column, eventTypeKey } of m.eventTypeColumns) {
        const text = cell(column);
        if (text === '') continue;
        if (!this.keys.has(eventTypeKey)) {
          problems.push(
            problem('unknown_event_type', {
              cell: this.cellName(column, row.sourceRow),
              value: eventTypeKey,
              perspectiveId: this.perspectiveId,
              keys: this.keyList(),
            }),
          );
          continue;
        }
        addScore(eventTypeKey, column, text, '');
      }
      if (scores.length === 0 && problems.length === 0) {
        const cols = m.eventTypeColumns
          .map((e) => this.columns.find((c) => c.index === e.column)?.header ?? e.eventTypeKey)
          .join(', ');
        problems.push(problem('no_scores', { row: row.sourceRow, columns: cols || '—' }));
      }
    } else {
      const typeCol = m.eventType ?? 0;
      const scoreCol = m.score ?? 0;
      const key = cell(m.eventType);
      const text = cell(m.score);
      if (key === '') {
        problems.push(
          problem('no_event_type', {
            cell: this.cellName(typeCol, row.sourceRow),
            keys: this.keyList(),
          }),
        );
      } else if (!this.keys.has(key)) {
        problems.push(
          problem('unknown_event_type', {
            cell: this.cellName(typeCol, row.sourceRow),
            value: key,
            perspectiveId: this.perspectiveId,
            keys: this.keyList(),
          }),
        );
      } else if (text === '') {
        problems.push(problem('no_score', { cell: this.cellName(scoreCol, row.sourceRow) }));
      } else addScore(key, scoreCol, text, cell(m.comment));
    }
    const payload: ScoresPayload = { kind: 'scores', identifier, scores };
    return {
      sourceRow: row.sourceRow,
      cells: row.cells,
      payload: payload as unknown as Record<string, unknown>,
      identityKey: identity,
      state: problems.length ? 'invalid' : 'valid',
      problems: problems.length ? problems : null,
    };
  }
}
