// The command/event contract between the UI and the services, declared once. Every transport
// (Electron IPC, the browser host's WebSocket, direct calls from the CLI) validates what crosses
// it with these schemas; nothing else crosses.
import { z } from 'zod';
import type { Result } from './errors';
import {
  BaseCandidateSchema,
  DuplicateDecisionSchema,
  DuplicateReasonSchema,
  RememberedDecisionSchema,
} from './duplicates';
import { CreateFieldNamesSchema } from './fieldNames';
import { DEFAULT_IDENTIFIER_TYPES, IdentifierTypesSchema } from './identifierTypes';
import { FieldTransformSchema } from './fieldTransforms';
import {
  MAPPABLE_FIELDS,
  OperationOptionsSchema,
  OperationSchema,
  ScoresLayoutSchema,
} from './operations';
import { RowStateSchema } from './rowStates';
import { ATTENTION_REASONS } from './outcomes';
import { ROW_OUTCOMES } from './tally';
import { ScoresMappingSchema } from './scores';
import { ATTACH_RESULTS, IdentifierTypeSchema, ScreeningPeriodSchema } from './supplier';

// ---- app -------------------------------------------------------------------------------------

/** The values of a message's placeholders: what the services report is data, `{code, params}`,
 *  worded by whoever shows it (src-shared/i18n). `message` fields beside a code hold the English
 *  sentence, for logs and for codes the catalogue has no words for yet. */
export const LangSchema = z.enum(['en', 'de']);
export const ParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  dataDir: z.string(),
  journalPath: z.string(),
  transport: z.enum(['electron', 'browser-host', 'direct']),
  locale: z.string(),
  /** What the front door can do besides the common commands. */
  capabilities: z
    .object({
      nativeFileDialog: z.boolean(),
      openFolder: z.boolean(),
      /** Exported files can be downloaded through the browser (the browser host). */
      download: z.boolean(),
    })
    .default({ nativeFileDialog: false, openFolder: false, download: false }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

// ---- connections -----------------------------------------------------------------------------

const LimitWindowSchema = z.object({
  limit: z.number().int().min(1).max(1_000_000),
  windowMs: z.number().int().min(100).max(86_400_000),
});
export const LimitsSchema = z.object({
  GET: z.array(LimitWindowSchema).min(1).max(4),
  WRITE: z.array(LimitWindowSchema).min(1).max(4),
});
export type Limits = z.infer<typeof LimitsSchema>;

export const ConnectionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  isSandbox: z.boolean(),
  /** Whether a token is stored in the keychain. The token itself never leaves the services. */
  hasToken: z.boolean(),
  limits: LimitsSchema,
  /** How creates spell city and address on this API (city-address unless the API refuses it). */
  fieldNames: CreateFieldNamesSchema,
  /** What this API calls the customer id and the own id in identifier requests. */
  identifierTypes: IdentifierTypesSchema.default(DEFAULT_IDENTIFIER_TYPES),
  /** The connection new jobs use: one that passed its test (or the practice sandbox). */
  isDefault: z.boolean().default(false),
  /** The last answer of this API that lacked a value the app needs (a job paused on it):
   *  the endpoint, the field and when (ms since the epoch). */
  answerProblem: z.object({ endpoint: z.string(), field: z.string(), at: z.number() }).optional(),
});
export type ConnectionView = z.infer<typeof ConnectionViewSchema>;

export const ConnectionCheckSchema = z.object({
  key: z.enum(['reachable', 'token', 'read', 'create', 'screening', 'validation', 'onCreate']),
  status: z.enum(['ok', 'failed', 'unknown']),
  code: z.string().optional(),
  params: ParamsSchema.optional(),
  message: z.string(),
});
/** One read of the connection test as it came back: enough for a support call to start from. */
export const AnswerSeenSchema = z.object({
  /** What was read: list, find (an identifier no supplier has), supplier (find by the first
   *  listed supplier's platform id), pending, screening, validation. */
  read: z.enum(['list', 'find', 'supplier', 'pending', 'screening', 'validation']),
  /** Method and path, e.g. `GET /public/v2/suppliers/sites`. */
  endpoint: z.string(),
  /** The HTTP status; absent when no answer came. */
  status: z.number().int().optional(),
  /** The answer's class (ok, not_found, access_denied, unexpected_response, ...). */
  answer: z.string(),
  /** The body: a JSON object, a JSON list, none (or not JSON). */
  body: z.enum(['object', 'list', 'none']),
  /** Field names of the object (of a list: of its first item), as they came. */
  fields: z.array(z.string()),
  /** Field names of the first item of the object's list of suppliers (`content`), if any. */
  itemFields: z.array(z.string()).optional(),
});
export type AnswerSeen = z.infer<typeof AnswerSeenSchema>;

/** What the API's answers looked like at the connection test (no token, no supplier data). */
export const AnswerReportSchema = z.object({
  /** ISO 8601, when the test ran. */
  testedAt: z.string(),
  baseUrl: z.string(),
  /** How creates spell city and address (the connection's setting). */
  fieldNames: CreateFieldNamesSchema,
  /** The supplier list's fields besides its suppliers (its paging), empty for a bare list. */
  pagingFields: z.array(z.string()),
  seen: z.array(AnswerSeenSchema),
});
export type AnswerReport = z.infer<typeof AnswerReportSchema>;

export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  checks: z.array(ConnectionCheckSchema),
  summaryCode: z.string().optional(),
  summaryParams: ParamsSchema.optional(),
  summary: z.string(),
  /** What the answers the test read looked like (field names, statuses; never a value). */
  answers: AnswerReportSchema.optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

// ---- files, mapping --------------------------------------------------------------------------

const FileInfoSchema = z.object({
  path: z.string(),
  kind: z.enum(['xlsx', 'csv']),
  sizeBytes: z.number(),
  hash: z.string(),
  sheets: z.array(z.object({ index: z.number().int(), name: z.string(), hidden: z.boolean() })),
  text: z.object({ encoding: z.string(), bom: z.boolean(), delimiter: z.string() }).optional(),
});
export type FileInfoView = z.infer<typeof FileInfoSchema>;

export const FIELD_KEYS = MAPPABLE_FIELDS.map((f) => f.key) as [
  (typeof MAPPABLE_FIELDS)[number]['key'],
  ...(typeof MAPPABLE_FIELDS)[number]['key'][],
];
export const FieldKeySchema = z.enum(FIELD_KEYS);

export const MappingSchema = z.object({
  fields: z
    .array(
      z.object({
        field: FieldKeySchema,
        column: z.number().int().min(0).nullable(),
        constant: z.string().max(500).optional(),
        transform: FieldTransformSchema.optional(),
      }),
    )
    .max(50),
  /** A scores job's mapping (operation 'scores'): which columns name the supplier and hold the
   *  scores; `fields` is then empty. */
  scores: ScoresMappingSchema.optional(),
});
export type MappingView = z.infer<typeof MappingSchema>;

const ColumnSchema = z.object({ index: z.number().int(), header: z.string(), letter: z.string() });
const NoteSchema = z.object({
  row: z.number().int().nullable(),
  kind: z.string(),
  params: ParamsSchema.optional(),
  message: z.string(),
});

export const PreviewSchema = z.object({
  file: FileInfoSchema,
  sheet: z.string(),
  headerRow: z.number().int(),
  columns: z.array(ColumnSchema),
  rows: z.array(z.object({ sourceRow: z.number().int(), cells: z.array(z.string()) })),
  notes: z.array(NoteSchema),
  truncated: z.boolean(),
  suggestion: z.object({
    fields: z.array(
      z.object({
        field: FieldKeySchema,
        column: z.number().int().nullable(),
        header: z.string().nullable(),
        confidence: z.number(),
        reason: z.string(),
      }),
    ),
    mapping: MappingSchema,
    template: z.string().nullable(),
  }),
  /** The jobs made from a file with the same content (the sha-256 of its bytes, whatever its
   *  name or folder), newest first: the Import screen says so before another job is made of it.
   *  Absent when there is none. */
  sameFileJobs: z
    .array(
      z.object({
        jobId: z.string(),
        name: z.string(),
        operation: OperationSchema,
        // Declared further down (the jobs' part of the contract).
        state: z.lazy(() => JobStateSchema),
        createdAt: z.number(),
        finishedAt: z.number().nullable(),
        /** What that job did, for the newest one named (the Jobs list's own figures): its rows,
         *  those finished and those to fix, the suppliers its own creations made (a kind that
         *  creates suppliers), and what its rows' own changes came to (the other kinds). */
        did: z
          .object({
            rows: z.number().int(),
            finished: z.number().int(),
            toFix: z.number().int(),
            created: z.number().int().nullable(),
            opResults: z.record(z.string(), z.number().int()),
          })
          .optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type PreviewView = z.infer<typeof PreviewSchema>;

export const RowProblemSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  column: z.string().nullable(),
  value: z.string(),
  code: z.string(),
  params: ParamsSchema.optional(),
  message: z.string(),
  fix: z.string(),
});
export type RowProblemView = z.infer<typeof RowProblemSchema>;

export const ValidationSummarySchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  empty: z.number().int(),
  byCode: z.record(z.string(), z.number()),
});

export const MappingPreviewSchema = z.object({
  fields: z.array(
    z.object({
      field: FieldKeySchema,
      before: z.array(z.string()),
      after: z.array(z.string()),
    }),
  ),
  missingRequired: z.array(FieldKeySchema),
  problems: z.array(RowProblemSchema),
  summary: ValidationSummarySchema,
  /** Of the rows previewed, how many order paid work by their own cells (a screening period,
   *  a validation answered yes): the Map screen says so beside the field. */
  paid: z
    .object({ rows: z.number().int(), screening: z.number().int(), validation: z.number().int() })
    .default({ rows: 0, screening: 0, validation: 0 }),
});
export type MappingPreview = z.infer<typeof MappingPreviewSchema>;

const FileRefSchema = z.object({
  path: z.string().min(1).max(4096),
  sheet: z.string().max(255).optional(),
  headerRow: z.number().int().min(1).max(1_048_576).optional(),
});

const ScoresPerspectiveSchema = z.string().trim().min(1).max(100);
const ScoresPreviewSchema = z.object({
  columns: z.array(ColumnSchema),
  eventTypes: z.array(z.object({ key: z.string(), name: z.string() })),
  mapping: ScoresMappingSchema,
  /** What the mapping lacks before rows can be read (failure.invalid_input.<gap>), or null. */
  gap: z.string().nullable(),
  rows: z.array(
    z.object({
      sourceRow: z.number().int(),
      valid: z.boolean(),
      identifier: z.string(),
      scores: z.array(
        z.object({
          eventTypeKey: z.string(),
          value: z.number(),
          cell: z.string(),
          comment: z.string().optional(),
        }),
      ),
      problems: z.array(
        z.object({ code: z.string(), params: ParamsSchema.optional(), message: z.string() }),
      ),
    }),
  ),
});
export type ScoresPreviewView = z.infer<typeof ScoresPreviewSchema>;

// ---- jobs and rows ---------------------------------------------------------------------------

export const JobOptionsSchema = z
  .object({
    skipExisting: z.boolean().default(false),
    screeningPeriod: ScreeningPeriodSchema.nullable().default(null),
    validate: z.boolean().default(false),
  })
  // The kind and its options: absent means an onboarding (no defaults here, so that a view or a
  // change of the other options never fills them in).
  .extend({
    operation: OperationSchema.optional(),
    identifierAction: OperationOptionsSchema.shape.identifierAction.unwrap().optional(),
    undoOf: z.string().min(1).max(100).nullable().optional(),
    perspectiveId: z.string().min(1).max(100).nullable().optional(),
    scoresLayout: OperationOptionsSchema.shape.scoresLayout.unwrap().optional(),
  });
export type JobOptionsView = z.infer<typeof JobOptionsSchema>;

export const JobStateSchema = z.enum([
  'ready',
  'running',
  'paused',
  'waiting_network',
  'needs_attention',
  'cancelled',
  'finished',
]);

const CountsSchema = z.record(z.string(), z.number().int());

const GroupsSchema = z.object({
  to_fix: z.number().int(),
  waiting: z.number().int(),
  in_progress: z.number().int(),
  finished: z.number().int(),
});

/** src-shared/tally.ts JobTally. */
export const TallySchema = z.object({
  total: z.number().int(),
  outcomes: z.record(z.enum(ROW_OUTCOMES), z.number().int()),
  groups: GroupsSchema,
  attention: z.record(z.enum(ATTENTION_REASONS), z.number().int()),
});

/** One figure a job's kind computed for the screens: its name (a row state for an onboarding's
 *  check, else the kind's own figure: toChange, already, notFound, deactivated, …) and its
 *  count. The screens word it by its name and draw it; they compute none of their own. */
export const FigureSchema = z.object({ name: z.string(), count: z.number().int() });
export type Figure = z.infer<typeof FigureSchema>;

/** A job's figures as its kind computes them from its rows' states and own outcomes
 *  (src-main/services/runFigures.ts), live in each progress event and in the job view: what the
 *  check sorted the rows into (none for a kind without a check), what the rows' own changes came
 *  to (the non-empty ones), the rows the check has not seen and has sorted, and whether a start
 *  has sent anything (or the job ended). */
export const RunFiguresSchema = z.object({
  check: z.array(FigureSchema),
  outcomes: z.array(FigureSchema),
  unchecked: z.number().int(),
  checked: z.number().int(),
  started: z.boolean(),
});
export type RunFiguresView = z.infer<typeof RunFiguresSchema>;
export const NO_FIGURES: RunFiguresView = {
  check: [],
  outcomes: [],
  unchecked: 0,
  checked: 0,
  started: false,
};

export const JobViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  sourcePath: z.string(),
  sourceSheet: z.string().nullable(),
  connectionId: z.string(),
  connectionName: z.string(),
  isSandbox: z.boolean(),
  /** The language the job was made in (its results workbooks are worded in it). */
  lang: LangSchema.default('en'),
  state: JobStateSchema,
  stateReason: z
    .object({ code: z.string(), params: ParamsSchema.optional(), message: z.string() })
    .nullable(),
  options: JobOptionsSchema,
  headers: z.array(z.string()),
  /** Which column (or constant) each payload field comes from: the grid edits a column's
   *  cells as the field mapped to it. */
  mapping: MappingSchema,
  counts: CountsSchema,
  total: z.number().int(),
  /** Rows per group the UI summarises: need you (to fix), waiting, in progress, finished; the
   *  tally's groups. */
  groups: GroupsSchema,
  running: z.boolean(),
  /** Its list is being looked through for likely duplicates now (after its import, in the
   *  background): the screens read the groups again when this turns false. */
  lookingForDuplicates: z.boolean().default(false),
  /** Stopped by a restart or crash while running: offer to resume. */
  interrupted: z.boolean(),
  /** What the last identifier check found, kept after the run moves the rows on. */
  lastCheck: z
    .object({
      at: z.number(),
      new: z.number().int(),
      exists: z.number().int(),
      ambiguous: z.number().int(),
      pending: z.number().int(),
    })
    .nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** How the finished rows' screening and validation ended (status → rows), and how many of
   *  them need the user (a rejected validation, an aborted screening); those count as to fix. */
  outcomes: z
    .object({
      screening: CountsSchema,
      validation: CountsSchema,
      attention: z.number().int(),
    })
    .default({ screening: {}, validation: {}, attention: 0 }),
  /** The job's one set of numbers (src-shared/tally.ts): each row once by what it came to, the
   *  groups summed from it, and the finished rows per reason they need the user. */
  tally: TallySchema,
  /** A deactivate or identifiers job: rows per own outcome (OP_RESULTS: deactivated, already
   *  inactive, not found, added, already present, on another supplier, removed, not present). */
  opResults: CountsSchema.default({}),
  /** Its figures as its kind computes them (RunFiguresSchema). */
  figures: RunFiguresSchema.default(NO_FIGURES),
  /** Hidden from the job list unless the user shows archived jobs. */
  archived: z.boolean().default(false),
  /** The job this one sends rows again for (made from its results file), and the jobs made
   *  from this one's results: their rows left this job, which names them. */
  retryOf: z.object({ jobId: z.string(), name: z.string() }).nullable().default(null),
  retries: z
    .array(z.object({ jobId: z.string(), name: z.string(), rows: z.number().int() }))
    .default([]),
});
export type JobView = z.infer<typeof JobViewSchema>;

export const RowViewSchema = z.object({
  id: z.number().int(),
  sourceRow: z.number().int(),
  cells: z.array(z.string()),
  state: z.string(),
  group: z.enum(['to_fix', 'waiting', 'in_progress', 'finished']),
  identity: z.string().nullable(),
  platformId: z.string().nullable(),
  creationUuid: z.string().nullable(),
  /** True when this job created the supplier, false when it existed before; null while neither
   *  is known. */
  createdByJob: z.boolean().nullable().default(null),
  screening: z.string().nullable(),
  validation: z.string().nullable(),
  /** The customer and own ids attached after creation, each with what it came to. */
  identifiers: z
    .array(
      z.object({
        type: IdentifierTypeSchema,
        id: z.string(),
        source: z.string().optional(),
        result: z.enum(ATTACH_RESULTS),
        holder: z.string().optional(),
        message: z.string().optional(),
      }),
    )
    .default([]),
  /** The statuses as the API reported them (`OnCreate`: asked for with the creation), for the
   *  words and explanations of src-shared/outcomes.ts; and the platform's rejection reason. */
  screeningStatus: z.string().nullable().default(null),
  validationStatus: z.string().nullable().default(null),
  rejectionReason: z.string().nullable().default(null),
  outcomeTargetId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The values of the error's placeholders, `reason` naming its case (`failure.<code>.<reason>`). */
  errorParams: ParamsSchema.nullable().default(null),
  problems: z.array(
    z.object({
      message: z.string(),
      field: z.string().optional(),
      column: z.string().optional(),
      code: z.string().optional(),
      params: ParamsSchema.optional(),
    }),
  ),
  edits: z.record(z.string(), z.string()),
  /** Each field whose value sent (or to be sent) differs from the file's in more than form (a
   *  fix, a postal code's lost zero, an id's zeros): what is sent, with the file's value beside
   *  it. The same rule as the results file's (workbook/sentValues.ts); a value that only takes
   *  another form (a country's name for its code, spaces, case) is not listed. */
  changes: z
    .array(
      z.object({
        field: z.string(),
        column: z.number().int().nullable(),
        file: z.string(),
        sent: z.string(),
      }),
    )
    .default([]),
  payload: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number().int(),
  updatedAt: z.number(),
});
export type RowView = z.infer<typeof RowViewSchema>;

export const RowFilterSchema = z.object({
  states: z.array(z.string()).max(30).optional(),
  /** Rows with a validation problem of this kind (see `jobs:problems`). */
  problem: z
    .object({ code: z.string().max(100).nullable(), field: z.string().max(100).nullable() })
    .optional(),
  group: z.enum(['to_fix', 'waiting', 'in_progress', 'finished']).optional(),
  /** Finished rows whose screening or validation ended with this status. */
  outcome: z
    .object({ stage: z.enum(['screening', 'validation']), status: z.string().max(100) })
    .optional(),
  problemsOnly: z.boolean().optional(),
  text: z.string().max(200).optional(),
  /** Rows whose current value (the user's fix, else the file's cell) of a field or of a column
   *  of the file is exactly this (trimmed). */
  value: z
    .object({
      field: FieldKeySchema.nullable(),
      column: z.number().int().min(0).max(10_000).nullable(),
      value: z.string().max(2000),
    })
    .strict()
    .optional(),
});

/** A fix that can be undone: of one row, or of many rows at once. */
export const FixBatchSchema = z.object({
  id: z.number().int(),
  at: z.number(),
  kind: z.enum(['fix', 'same_value', 'replace']),
  field: z.string().nullable(),
  fields: z.array(z.string()),
  find: z.string().optional(),
  replace: z.string().optional(),
  rows: z.number().int(),
  sourceRow: z.number().int().optional(),
});
export type FixBatchView = z.infer<typeof FixBatchSchema>;

const ThrottleViewSchema = z.object({
  sentInWindow: z.number(),
  ceiling: z.number(),
  windowSeconds: z.number(),
  ceilingPerMinute: z.number(),
  targetPerMinute: z.number(),
  throttledUntil: z.number().nullable(),
  queued: z.number(),
  inFlight: z.number(),
});

/** The time left by phase: the check's reads, the writes left by kind and the time to send
 *  them at the limiter's pace, then the platform's processing. `processingMs` and `etaMs` are
 *  null while the platform's part is not known (a connection none of whose jobs was measured
 *  yet): the check and the sending are. */
export const EtaPartsSchema = z.object({
  etaMs: z.number().nullable(),
  checkMs: z.number(),
  writes: z.object({
    create: z.number(),
    screening: z.number(),
    validation: z.number(),
    change: z.number().default(0),
    /** Customer and own ids to attach, a write each. */
    identifiers: z.number().default(0),
  }),
  sendMs: z.number(),
  processingMs: z.number().nullable(),
  platformKnown: z.boolean().default(true),
});
export type EtaPartsView = z.infer<typeof EtaPartsSchema>;

export const JobProgressSchema = z.object({
  jobId: z.string(),
  state: z.string(),
  counts: CountsSchema,
  total: z.number().int(),
  ratePerMinute: z.number().nullable(),
  etaMs: z.number().nullable(),
  etaParts: EtaPartsSchema.nullable(),
  /** The job's tally as of this event (the same as the job view's, read with the counts). */
  tally: TallySchema.nullable().default(null),
  /** The job's figures as of this event (RunFiguresSchema), as its kind computes them. */
  figures: RunFiguresSchema.nullable().default(null),
  throttle: z.object({ GET: ThrottleViewSchema, WRITE: ThrottleViewSchema }),
  offline: z.boolean(),
});
export type JobProgressView = z.infer<typeof JobProgressSchema>;

/** The run chart: write requests per minute against the connection's ceiling, and rows
 *  settled, per bucket of `bucketMinutes` minutes (writes are per minute, averaged over the
 *  bucket), from the journal. */
export const RunChartSchema = z.object({
  bucketMinutes: z.number().int(),
  /** Per bucket: write requests per minute, and the rows that became finished in it (less those
   *  that stopped being finished), so the line ends on the job's finished rows. */
  buckets: z.array(z.object({ at: z.number(), writes: z.number(), settled: z.number().int() })),
  ceilingPerMinute: z.number(),
  total: z.number().int(),
  /** How long the run has taken: from its first write request (without any, its first finished
   *  row) to its rows' last move, or to now while it runs; null before the run began. */
  elapsedMs: z.number().nullable().default(null),
});
export type RunChartView = z.infer<typeof RunChartSchema>;

/** A line of a job's "What happened" log, kept in the journal as a job-level note. */
export const JobLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.number(),
  kind: z.enum(['state', 'warning', 'check', 'plan']),
  state: z.string().optional(),
  /** A 'running' state of the check alone: nothing is sent. */
  checking: z.boolean().optional(),
  code: z.string().optional(),
  params: ParamsSchema.optional(),
  message: z.string().optional(),
  figures: z.record(z.string(), z.number()).optional(),
  /** A check's figures as the job's kind sorts them (the same names as the Check card's), for
   *  a kind that sorts its rows into its own figures. */
  lines: z.array(FigureSchema).optional(),
});
export type JobLogEntry = z.infer<typeof JobLogEntrySchema>;

export const RowEventSchema = z.object({
  id: z.number().int(),
  at: z.number(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export const ExportSummarySchema = z.object({
  path: z.string(),
  rows: z.number().int(),
  attention: z.number().int(),
  byStatus: z.record(z.string(), z.number()),
  byErrorCode: z.record(z.string(), z.number()),
});

/** The summary shown before a job starts (`jobs:plan`): what it will create, order and cost,
 *  how long it will take, and which of its suppliers another unfinished job is working on. The
 *  desktop app and the command line show these same figures. */
/** A job's likely duplicates in figures, from its rows (journal/duplicates.ts). */
export const DuplicateFiguresSchema = z.object({
  /** Groups of rows within the list that are likely one supplier site, and the rows in them. */
  listGroups: z.number().int(),
  listRows: z.number().int(),
  /** Rows that likely are a supplier the platform has (found by the identifier check). */
  baseRows: z.number().int(),
  /** Rows waiting for the user's decision: they are not created until decided. */
  undecided: z.number().int(),
  /** Rows with a decision, by decision. */
  keep: z.number().int(),
  skip: z.number().int(),
  attach: z.number().int(),
  /** Rows with possible duplicates in the list (some evidence below "likely"): listed with
   *  their reasons, never waiting. Absent in answers made before it existed: none. */
  possibleRows: z.number().int().default(0),
  /** Rows whose decision the check carried out because it was made before, in another job of the
   *  connection, against the same candidates (they did not wait). */
  remembered: z.number().int().default(0),
  /** Where the list's own grouping stands: being looked through now (after the import, in the
   *  background), done (no row fixed since), or pending (the check groups it before anything is
   *  created). While it is not done, the list's groups above are those of an earlier grouping,
   *  or none. Absent in answers made before it existed: done. */
  grouping: z.enum(['running', 'done', 'pending']).default('done'),
});

/** One row of a group of likely duplicates, side by side with the others. */
export const DuplicateMemberSchema = z.object({
  sourceRow: z.number().int(),
  state: RowStateSchema,
  name: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
  supplierId: z.string().nullable(),
  /** The user's decision; for `attach`, the supplier in `platformId`. */
  decision: DuplicateDecisionSchema.nullable(),
  platformId: z.string().nullable(),
  /** Whether a decision can still be made (nothing of the row was sent). */
  decidable: z.boolean(),
  /** The other rows of the group compared with this one: score and reasons. */
  pairs: z.array(
    z.object({
      sourceRow: z.number().int(),
      score: z.number(),
      reasons: z.array(DuplicateReasonSchema),
    }),
  ),
  /** The platform's suppliers this row likely is, best first, with score and reasons. */
  base: z.array(BaseCandidateSchema),
  /** The decision the check carried out because it was made before, in another job of the
   *  connection (the user may take it back: `duplicates:askAgain`). */
  remembered: RememberedDecisionSchema.nullable().default(null),
});

/** What a search of the platform's suppliers by hand looks for; empty fields are not asked. */
export const PlatformSearchQuerySchema = z
  .object({
    name: z.string().max(300).default(''),
    city: z.string().max(200).default(''),
    postalCode: z.string().max(40).default(''),
    /** A platform id, or any supplier id the platform has for the supplier. */
    id: z.string().max(200).default(''),
  })
  .strict();
export type PlatformSearchQuery = z.infer<typeof PlatformSearchQuerySchema>;

/** A platform supplier a search by hand found, best first: as a candidate is shown, with its
 *  supplier ids; `score` is how well the name agrees (1 for a search without a name). */
export const PlatformSupplierFoundSchema = BaseCandidateSchema.omit({ reasons: true }).extend({
  supplierIds: z.array(z.string()),
});
export type PlatformSupplierFound = z.infer<typeof PlatformSupplierFoundSchema>;

/** A group of likely duplicates: rows of the list that are likely one site (`list`), or one
 *  row that likely is a supplier of the platform (`base`); a list group's rows may have
 *  platform suppliers too. */
export const DuplicateGroupSchema = z.object({
  /** 1, 2, … in the order of the file (a group's first row). */
  id: z.number().int(),
  scope: z.enum(['list', 'base']),
  rows: z.array(DuplicateMemberSchema),
  /** Rows of the group waiting for a decision. */
  undecided: z.number().int(),
});

/** One of the writes a start of a kind makes, as its kind counts and words it (the services
 *  compute it, src-main/kinds/; the screens and the command line show it). */
export const PlanChangeSchema = z.object({
  /** Its name; the confirmed plan's note keeps its count under it. */
  name: z.string(),
  /** Its sentence in the catalogue, given `n` (the count, formatted) and `params`. */
  key: z.string(),
  count: z.number().int(),
  params: z.record(z.string(), z.number()).default({}),
  /** A start is confirmed by typing this count: the command line's sentences that name it
   *  among what needs confirming (`listed`) and ask for it (`ask`); null: confirmed as a whole. */
  // `targets`: the words of the list of its suppliers shown before the count is typed
  // (`cli.plan.<targets>`, `plan.<targets>Title`); without it, the words of any kind's change.
  typed: z
    .object({ listed: z.string(), ask: z.string(), targets: z.string().optional() })
    .nullable()
    .default(null),
});
export type PlanChange = z.infer<typeof PlanChangeSchema>;

/** A line of a kind's own in the plan besides its counts (an undo names the job it undoes): its
 *  name, its sentence on the screens (`key`) and on the command line (`said`), and what fills
 *  them. */
export const PlanNoteSchema = z.object({
  name: z.string(),
  key: z.string(),
  said: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type PlanNote = z.infer<typeof PlanNoteSchema>;

/** The change a start is confirmed by typing the count of, if the kind has one. */
export function typedChange(plan: Pick<JobPlanView, 'changes'>): PlanChange | undefined {
  return plan.changes.find((c) => c.typed !== null);
}

/** The count of a kind's change by its name (0 when the plan has none of it). */
export function changeCount(plan: Pick<JobPlanView, 'changes'>, name: string): number {
  return plan.changes.find((c) => c.name === name)?.count ?? 0;
}

export const JobPlanSchema = z.object({
  jobId: z.string(),
  /** Rows the identifier check sorted, and rows it has not seen yet (checked when the job
   *  starts: figures that depend on them are upper bounds). */
  rows: z.object({
    total: z.number().int(),
    new: z.number().int(),
    existing: z.number().int(),
    pending: z.number().int(),
    ambiguous: z.number().int(),
    unchecked: z.number().int(),
    invalid: z.number().int(),
    /** Rows already past these steps (a job that ran before). */
    underway: z.number().int(),
    /** Rows whose create was on its way when the job stopped: checked before sent again. */
    inDoubt: z.number().int().default(0),
  }),
  checkedAt: z.number().nullable(),
  /** Creations this job will send at most. */
  creations: z.number().int(),
  skipExisting: z.boolean(),
  /** Screenings that will be ordered at most (each may cost money), from the job's option and
   *  the rows' own column alike: per period, of which for suppliers that exist already, and
   *  how many the sheet's column orders (`column`: its header, or null for a fixed value);
   *  null when nothing orders screening. */
  screening: z
    .object({
      suppliers: z.number().int(),
      byPeriod: z.array(
        z.object({
          years: z.union([z.literal(2), z.literal(5), z.literal(10)]),
          suppliers: z.number().int(),
        }),
      ),
      existing: z.number().int(),
      fromColumn: z.number().int(),
      column: z.string().nullable(),
    })
    .nullable(),
  /** Validations that will be requested at most (each may cost money), the same way. */
  validation: z
    .object({
      suppliers: z.number().int(),
      existing: z.number().int(),
      fromColumn: z.number().int(),
      column: z.string().nullable(),
    })
    .nullable(),
  /** Paid orders (screenings and validations) a start confirms by typing this number, as a
   *  deactivation by its count; 0 when nothing paid is ordered or it was confirmed before. */
  paidToConfirm: z.number().int().default(0),
  /** Customer and own ids the job attaches at most, to new and existing suppliers alike. */
  identifiersToAttach: z.number().int().default(0),
  /** Screenings and validations this job ordered already with a create the platform took: not
   *  in the figures above (they are not ordered again), said apart on a resumed start. */
  paidSent: z
    .object({ screenings: z.number().int(), validations: z.number().int() })
    .default({ screenings: 0, validations: 0 }),
  /** The expected duration: the check's reads and the writes at the connection's pace, then the
   *  platform's processing as this connection's jobs measured it (the same estimate as the time
   *  left of the run, engine/estimate.ts). `platformMs` and `totalMs` are null while the
   *  platform's part is not known yet (`platformKnown` false). */
  duration: z.object({
    totalMs: z.number().nullable(),
    checkMs: z.number(),
    sendMs: z.number(),
    platformMs: z.number().nullable(),
    platformKnown: z.boolean().default(true),
    reads: z.number().int(),
    writes: z.number().int(),
    readsPerMinute: z.number(),
    writesPerMinute: z.number(),
    /** The write pace this job's earlier run kept when it wrote for a few minutes, else the
     *  one the connection's last jobs kept: the estimate takes it where it is slower than the
     *  limits allow. */
    measuredWritesPerMinute: z.number().nullable().default(null),
    measuredBy: z.enum(['job', 'connection']).nullable().default(null),
    /** Other jobs running on the same connection share its budget. */
    sharedWithJobs: z.number().int(),
  }),
  /** Other unfinished jobs on the same connection that work on some of the same suppliers
   *  (supplier id and source). */
  overlaps: z.array(
    z.object({
      jobId: z.string(),
      jobName: z.string(),
      jobState: z.string(),
      running: z.boolean(),
      rows: z.number().int(),
      /** A few of the shared identities, as "id · source". */
      examples: z.array(z.string()),
    }),
  ),
  /** Rows of this job another unfinished job holds (each counted once). */
  heldRows: z.number().int(),
  /** Rows this job would create whose supplier (same supplier id and source) an earlier job of
   *  this journal ended (a kind's `endsSupplier`: a deactivation), by job: the check does not
   *  find an ended supplier, so it is created again as a new one. */
  endedBefore: z
    .array(
      z.object({
        jobId: z.string(),
        jobName: z.string(),
        /** The command line's sentence for them: the ending kind's (its `endsSupplier.said`). */
        said: z.string(),
        /** When that job ended the last of them. */
        at: z.number(),
        rows: z.number().int(),
        /** A few of them, as "id · source". */
        examples: z.array(z.string()),
      }),
    )
    .default([]),
  /** Likely duplicates (src-main/dedupe): groups within the list, rows that likely are a
   *  supplier of the platform, rows waiting for a decision (not created until decided), the
   *  decisions made, and the paid work those decisions saved (what the rows left out or
   *  attached to an existing supplier would have ordered as new suppliers). */
  duplicates: DuplicateFiguresSchema.extend({
    screeningsSaved: z.number().int(),
    validationsSaved: z.number().int(),
  }).default({
    listGroups: 0,
    listRows: 0,
    baseRows: 0,
    undecided: 0,
    keep: 0,
    skip: 0,
    attach: 0,
    possibleRows: 0,
    remembered: 0,
    grouping: 'done',
    screeningsSaved: 0,
    validationsSaved: 0,
  }),
  /** The kind of job; the writes of its own a start makes, as the kind counts and words them (a
   *  deactivate job's DELETEs still to send at most, which a start must confirm by typing their
   *  number; an identifiers job's POSTs or DELETEs; a scores job's rows and batches); the kind's
   *  own lines besides (an undo: the onboarding job it undoes). */
  operation: OperationSchema,
  changes: z.array(PlanChangeSchema).default([]),
  notes: z.array(PlanNoteSchema).default([]),
  /** The start must be confirmed: it orders screenings or validations not confirmed before,
   *  deactivates suppliers, or another job holds some of the same suppliers. */
  needsConfirmation: z.boolean(),
});
export type JobPlanView = z.infer<typeof JobPlanSchema>;

const JobIdSchema = z.object({ jobId: z.string().min(1).max(100) }).strict();

// ---- the commands ----------------------------------------------------------------------------

// ---- The supplier base (services/supplierBase.ts)

export const BaseProgressSchema = z.object({
  operation: z.enum(['export', 'drift', 'audit']),
  phase: z.enum(['base', 'rows']),
  pagesDone: z.number().int(),
  totalPages: z.number().int().nullable(),
  suppliers: z.number().int(),
  totalElements: z.number().int().nullable(),
  readsPerMinute: z.number().nullable(),
  etaMs: z.number().nullable(),
  rows: z.number().int().nullable(),
});
export type BaseProgressView = z.infer<typeof BaseProgressSchema>;

export const BaseExportSchema = z.object({
  path: z.string(),
  complete: z.boolean(),
  suppliers: z.number().int(),
  pages: z.number().int(),
  reads: z.number().int(),
  listChanged: z.boolean(),
  /** Reads per minute as a share of the connection's read ceiling. */
  readRate: z.number().nullable(),
  elapsedMs: z.number(),
});

const DriftValuesSchema = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});
export const DRIFT_STATUSES = [
  'same',
  'differs',
  'not_found',
  'ambiguous',
  'no_identifier',
] as const;
/** A row of the list that is not the same on the platform, as the drift workbook lists it. */
export const DriftRowSchema = z.object({
  sourceRow: z.number().int(),
  supplierId: z.string(),
  source: z.string(),
  status: z.enum(DRIFT_STATUSES),
  platformId: z.number().nullable(),
  /** Suppliers with the ID, for an ambiguous row. */
  matches: z.number().int(),
  /** The fields whose values differ (compared as the import reads them). */
  differs: z.array(DriftValuesSchema.keyof()),
  file: DriftValuesSchema,
  platform: DriftValuesSchema.nullable(),
});
export type DriftRowView = z.infer<typeof DriftRowSchema>;

export const BaseDriftSchema = z.object({
  path: z.string(),
  complete: z.boolean(),
  rows: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  byField: z.record(z.string(), z.number().int()),
  postalCodesCompared: z.boolean(),
  /** The rows that differ or are not matched, the first 2,000 in the order of the file: shown
   *  row by row; the workbook has every one. */
  differences: z.array(DriftRowSchema).default([]),
});

/** A supplier of the base as the audit shows it in a group. */
export const AuditMemberSchema = z.object({
  platformId: z.number().int(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  /** Its supplier IDs, `id (source)`, joined by `; `. */
  supplierIds: z.string(),
  /** Why it is in the group: its best pair's reasons. */
  reasons: z.array(DuplicateReasonSchema),
});
export type AuditMemberView = z.infer<typeof AuditMemberSchema>;

export const BaseAuditSchema = z.object({
  path: z.string(),
  complete: z.boolean(),
  suppliers: z.number().int(),
  groups: z.number().int(),
  inGroups: z.number().int(),
  toDeactivate: z.number().int(),
  pairsCompared: z.number().int(),
  /** The groups, the first 500 (lowest platform ID first): each group's members, the one kept
   *  by default first. The workbook has every one. */
  shown: z.array(z.array(AuditMemberSchema)),
  /** The connection the base was read from, by name (every result names it). */
  connection: z.string(),
});
export type BaseAuditView = z.infer<typeof BaseAuditSchema>;

export const commands = {
  'app:info': {
    input: z.object({}).strict(),
    output: AppInfoSchema,
  },
  /** A demonstration of request/response plus an event stream: answers at once with a run id,
   *  then emits `demo:progress` `steps` times, `intervalMs` apart. */
  'demo:ping': {
    input: z
      .object({
        steps: z.number().int().min(1).max(50).default(5),
        intervalMs: z.number().int().min(0).max(5_000).default(200),
      })
      .strict(),
    output: z.object({ runId: z.string(), steps: z.number().int() }),
  },

  'connections:list': {
    input: z.object({}).strict(),
    output: z.array(ConnectionViewSchema),
  },
  /** Creates or updates a connection. The token, when given, goes to the OS keychain and is
   *  never returned. */
  'connections:save': {
    input: z
      .object({
        id: z.string().max(100).optional(),
        name: z.string().trim().min(1).max(100),
        baseUrl: z.string().trim().min(1).max(2000),
        token: z.string().min(1).max(4096).optional(),
        limits: LimitsSchema.optional(),
        /** Left out: unchanged (city-address for a new connection). */
        fieldNames: CreateFieldNamesSchema.optional(),
        /** Left out: unchanged (CUSTOMER_ID and OWN_ID for a new connection). */
        identifierTypes: IdentifierTypesSchema.optional(),
      })
      .strict(),
    output: ConnectionViewSchema,
  },
  'connections:delete': {
    input: z.object({ id: z.string().min(1) }).strict(),
    output: z.object({ deleted: z.boolean() }),
  },
  /** Reachability, token, permissions and entitlements, in plain words. */
  'connections:test': {
    input: z.object({ id: z.string().min(1) }).strict(),
    output: ConnectionTestSchema,
  },
  /** Makes the connection the one new jobs use, after testing it: a connection that fails its
   *  test never becomes the default (`used` false; the default stays as it was). */
  'connections:use': {
    input: z.object({ id: z.string().min(1) }).strict(),
    output: z.object({
      used: z.boolean(),
      test: ConnectionTestSchema,
      defaultId: z.string().nullable(),
    }),
  },

  /** A file chosen in a browser (no path available there): sent in chunks, saved in the data
   *  folder, and its path answered when `done`. */
  'files:upload': {
    input: z
      .object({
        uploadId: z.string().max(100).optional(),
        name: z.string().min(1).max(255),
        /** base64, at most 1 MiB of data per chunk */
        chunk: z.string().max(1_400_000),
        done: z.boolean(),
      })
      .strict(),
    output: z.object({ uploadId: z.string(), path: z.string().nullable(), bytes: z.number() }),
  },
  /** The native file dialog (desktop only). */
  'files:choose': {
    input: z
      .object({ purpose: z.enum(['import', 'export']), defaultPath: z.string().optional() })
      .strict(),
    output: z.object({ path: z.string().nullable() }),
  },
  /** The supplier list the system asked the app to open (desktop: a double-click, "Open with",
   *  a second launch naming a file), already granted to be read; null when there is none. Each
   *  is answered once; `files:opened` tells that one is waiting. */
  'files:takeOpened': {
    input: z.object({}).strict(),
    output: z.object({ path: z.string().nullable() }),
  },
  'files:inspect': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: FileInfoSchema,
  },
  /** The first rows of the detected table, and a suggested mapping. */
  'files:preview': {
    input: FileRefSchema.extend({ limit: z.number().int().min(1).max(500).default(50) }).strict(),
    output: PreviewSchema,
  },
  /** Sample values before and after the mapping's transforms, and the problems they have. */
  'mapping:preview': {
    input: FileRefSchema.extend({
      mapping: MappingSchema,
      /** The kind of job the rows are validated for (default: onboarding). */
      operation: OperationSchema.optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }).strict(),
    output: MappingPreviewSchema,
  },
  /** The saved mappings, newest first. With `headers` (the columns of the file being mapped),
   *  each comes with its mapping onto those columns and the columns of its own that the file
   *  lacks, so the user can pick one that was made for another file. */
  'templates:list': {
    input: z.object({ headers: z.array(z.string().max(500)).max(500).optional() }).strict(),
    output: z.array(
      z.object({
        name: z.string(),
        headers: z.array(z.string()),
        updatedAt: z.number(),
        /** Made for exactly this set of columns (in any order). */
        sameColumns: z.boolean(),
        mapping: MappingSchema.nullable(),
        /** Columns the template maps that the file does not have. */
        missingColumns: z.array(z.string()),
      }),
    ),
  },
  'templates:save': {
    input: z
      .object({
        name: z.string().trim().min(1).max(100),
        headers: z.array(z.string()).max(500),
        mapping: MappingSchema,
      })
      .strict(),
    output: z.object({ name: z.string() }),
  },
  'templates:delete': {
    input: z.object({ name: z.string().trim().min(1).max(100) }).strict(),
    output: z.object({ deleted: z.boolean() }),
  },

  /** Imports the whole file into a new job (streaming), validating every row. */
  'jobs:create': {
    input: FileRefSchema.extend({
      name: z.string().trim().max(200).optional(),
      connectionId: z.string().min(1),
      mapping: MappingSchema,
      options: JobOptionsSchema,
      /** The language the job is made in: its results workbooks are worded in it. */
      lang: LangSchema.optional(),
    }).strict(),
    output: z.object({
      jobId: z.string(),
      summary: ValidationSummarySchema,
      notes: z.array(NoteSchema),
    }),
  },
  /** A perspective's external-score event types (a read on the connection's budget): 403 is
   *  the feature not enabled for the organisation, 400 a perspective the API refuses. */
  'scores:eventTypes': {
    input: z
      .object({ connectionId: z.string().min(1), perspectiveId: ScoresPerspectiveSchema })
      .strict(),
    output: z.array(z.object({ key: z.string(), name: z.string() })),
  },
  /** A scores sheet's first rows as the job would read them: the mapping (given, or suggested
   *  from the headers), each row's supplier, scores and problems. */
  'scores:preview': {
    input: FileRefSchema.extend({
      connectionId: z.string().min(1),
      perspectiveId: ScoresPerspectiveSchema,
      layout: ScoresLayoutSchema.default('wide'),
      mapping: ScoresMappingSchema.optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }).strict(),
    output: ScoresPreviewSchema,
  },
  'jobs:list': {
    input: z.object({}).strict(),
    output: z.array(JobViewSchema),
  },
  'jobs:get': {
    input: JobIdSchema,
    output: JobViewSchema,
  },
  'jobs:setOptions': {
    input: z.object({ jobId: z.string().min(1), options: JobOptionsSchema }).strict(),
    output: JobViewSchema,
  },
  /** The rows waiting for a fix, by the kind of their problems (code and field), most frequent
   *  first: the Review screen's counts and filters. */
  /** The suppliers a start of a deactivation would deactivate, as its check matched them (name
   *  and place as the platform answered), the first `limit` in the order of the file, and how
   *  many there are: listed before the count is typed. An identifiers job's: the suppliers it
   *  removes an identifier from, with the identifier. Empty for the other kinds. */
  'jobs:targets': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        limit: z.number().int().min(1).max(5000).optional(),
      })
      .strict(),
    output: z.object({
      rows: z.array(
        z.object({
          sourceRow: z.number().int(),
          platformId: z.string().nullable(),
          name: z.string().nullable(),
          city: z.string().nullable(),
          countryCode: z.string().nullable(),
          /** The identifier an identifiers row removes; null for a deactivation. */
          identifier: z
            .object({ type: z.string(), id: z.string(), source: z.string().nullable() })
            .nullable()
            .default(null),
        }),
      ),
      total: z.number().int(),
    }),
  },
  'jobs:problems': {
    input: JobIdSchema,
    output: z.object({
      kinds: z.array(
        z.object({
          code: z.string().nullable(),
          field: z.string().nullable(),
          rows: z.number().int(),
        }),
      ),
      rows: z.number().int(),
    }),
  },
  /** The job's likely duplicates, group by group, in the order of the file, with its figures.
   *  Reads the journal only. */
  'duplicates:list': {
    input: JobIdSchema,
    output: z.object({ groups: z.array(DuplicateGroupSchema), figures: DuplicateFiguresSchema }),
  },
  /** The user's decisions for rows with likely duplicates, by row of the file: `keep` (create
   *  it), `skip` (leave it out), `attach` (its ids go to the platform supplier `platformId`, one
   *  of its candidates, instead of creating it). Carried out at once in one transaction; a row
   *  something was sent for already is refused and counted. */
  'duplicates:decide': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        decisions: z
          .array(
            z
              .object({
                sourceRow: z.number().int(),
                decision: DuplicateDecisionSchema,
                platformId: z.string().min(1).max(100).optional(),
              })
              .strict(),
          )
          .min(1)
          .max(100_000),
      })
      .strict(),
    output: z.object({
      applied: z.number().int(),
      refused: z.array(
        z.object({
          sourceRow: z.number().int(),
          reason: z.enum(['not_a_duplicate', 'already_sent', 'not_a_candidate', 'not_checked']),
        }),
      ),
      figures: DuplicateFiguresSchema,
    }),
  },
  /** Takes back decisions the check carried out because they were made before (remembered for
   *  the connection): each row named forgets its remembered decision and waits for a decision
   *  again, as when it was first found. A row something was sent for is refused. */
  'duplicates:askAgain': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        sourceRows: z.array(z.number().int()).min(1).max(100_000),
      })
      .strict(),
    output: z.object({ asked: z.number().int(), refused: z.number().int() }),
  },
  /** Searches the platform's active suppliers for a row's supplier by hand: by name (folded as
   *  the duplicate matching folds it, alike or containing the words), city, postal code and
   *  platform id or any supplier id; every field given must agree. Reads the list the last
   *  check (or search) of the connection read whole, or reads it again (`fresh`, or none kept). */
  'duplicates:searchPlatform': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        query: PlatformSearchQuerySchema,
        fresh: z.boolean().default(false),
        limit: z.number().int().min(1).max(200).default(25),
      })
      .strict(),
    output: z.object({
      suppliers: z.array(PlatformSupplierFoundSchema),
      /** How many suppliers agree (beyond `limit` too). */
      matches: z.number().int(),
      /** How many active suppliers the list held, and when it was read. */
      baseSize: z.number().int(),
      readAt: z.number(),
      /** The list was read again for this search (else the one kept was searched). */
      readNow: z.boolean(),
    }),
  },
  /** Attaches a row to a platform supplier the user found (any supplier, not only one of its
   *  candidates): verified active on the platform first, then the row is `exists` with that
   *  platform id, its ids go there instead of creating it, and the decision is remembered for
   *  the connection. Only a row nothing was sent for. */
  'duplicates:attachFound': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        sourceRow: z.number().int(),
        platformId: z.string().trim().min(1).max(100),
      })
      .strict(),
    output: z.object({
      platformId: z.string(),
      name: z.string().nullable(),
      /** The row as it is now (attached: `exists` with that platform id). */
      row: RowViewSchema,
      figures: DuplicateFiguresSchema,
    }),
  },
  /** Checks every valid row's identity against the API (new, exists, ambiguous, pending);
   *  creates nothing. Runs in the background; follow `job:progress`. */
  'jobs:check': { input: JobIdSchema, output: z.object({ started: z.boolean() }) },
  /** The summary to confirm before a start: see JobPlanSchema. Reads the journal only. */
  'jobs:plan': { input: JobIdSchema, output: JobPlanSchema },
  /** Makes the undo of an onboarding job: a deactivate job whose rows are exactly the suppliers
   *  that job created (never ones that existed before it); started like any job, with its
   *  count confirmed (`jobs:start` `confirmedCount`). */
  'jobs:undo': {
    input: z.object({ jobId: z.string().min(1).max(100), lang: LangSchema.optional() }).strict(),
    output: z.object({ jobId: z.string(), rows: z.number().int() }),
  },
  /** The run chart's figures, from the journal: the same after a reload or a restart. */
  'jobs:runChart': { input: JobIdSchema, output: RunChartSchema },
  /** The job's "What happened" log from the journal, newest first (at most 200 lines). */
  'jobs:log': { input: JobIdSchema, output: z.array(JobLogEntrySchema) },
  /** Starts or resumes the job in the background; follow `job:progress`. A start that
   *  `jobs:plan` says needs confirming is refused without `confirmed`; `leaveOutHeld` first
   *  leaves out (skipped, with the other job named) the rows another unfinished job holds. */
  'jobs:start': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        confirmed: z.boolean().default(false),
        /** The number the user typed to confirm: the count of the plan's change its kind
         *  confirms by typing (`typedChange`, a deactivate job's deactivations), or the paid
         *  orders not confirmed before (`paidToConfirm`); a start without the matching number
         *  is refused. */
        confirmedCount: z.number().int().min(0).optional(),
        leaveOutHeld: z.boolean().default(false),
      })
      .strict(),
    /** `leftOut`: the rows left out for another job, when any were. */
    output: z.object({ started: z.boolean(), leftOut: z.number().int().min(1).optional() }),
  },
  'jobs:pause': { input: JobIdSchema, output: JobViewSchema },
  /** Moves a job that is not running to another connection of the same API (or of another API
   *  when nothing of the job reached the first one); refused with a sentence otherwise. */
  'jobs:setConnection': {
    input: z
      .object({ jobId: z.string().min(1).max(100), connectionId: z.string().min(1) })
      .strict(),
    output: JobViewSchema,
  },
  /** Hides a job that is not running from the job list, or shows it again. */
  'jobs:archive': {
    input: z.object({ jobId: z.string().min(1).max(100), archived: z.boolean() }).strict(),
    output: JobViewSchema,
  },
  /** Deletes a job that is not running, with its rows and their history. */
  'jobs:delete': {
    input: JobIdSchema,
    output: z.object({ deleted: z.boolean(), rows: z.number().int(), events: z.number().int() }),
  },
  'jobs:cancel': { input: JobIdSchema, output: JobViewSchema },
  /** Puts failed rows back to be checked and sent again. */
  'jobs:retry': {
    input: z
      .object({ jobId: z.string().min(1), states: z.array(z.string()).max(10).optional() })
      .strict(),
    output: z.object({ rows: z.number().int() }),
  },
  'jobs:export': {
    input: z
      .object({
        jobId: z.string().min(1),
        format: z.enum(['xlsx', 'csv']),
        path: z.string().max(4096).optional(),
      })
      .strict(),
    output: ExportSummarySchema,
  },
  /** A results file the user fixed in Excel (Results or Errors sheet): a new job with the rows
   *  not done whose values changed. */
  /** Stops the results export of the job under way (`job:export` shows it): nothing is written
   *  in the target's place, and its command answers `export_cancelled`. `cancelled` is false when
   *  no export of the job was running. */
  'jobs:cancelExport': {
    input: JobIdSchema,
    output: z.object({ cancelled: z.boolean() }),
  },
  'jobs:retryFromResults': {
    input: z.object({ path: z.string().min(1).max(4096), jobId: z.string().optional() }).strict(),
    output: z.object({
      jobId: z.string().nullable(),
      retry: z.number().int(),
      /** Of those, the rows this job hands over to the retry job (left out here, naming it). */
      handedOver: z.number().int().default(0),
      stillInvalid: z.number().int(),
      alreadyDone: z.number().int(),
      unmatched: z.number().int(),
      /** Not done, valid, but no value changed: not sent again. */
      unchanged: z.number().int(),
      /** Changed, but the supplier exists or is being created: not sent. */
      doneButChanged: z.number().int(),
      doneButChangedRows: z.array(z.number().int()),
      /** Changed differently on the Results and the Errors sheets: not sent. */
      conflicts: z.number().int(),
      conflictRows: z.array(z.number().int()),
      /** Done rows whose id the platform has on another supplier, the id corrected in the
       *  file: `jobs:idFixJob` makes the identifiers job that adds them (first 20 rows named). */
      idFixes: z.number().int().default(0),
      idFixRows: z.array(z.number().int()).default([]),
      /** Ids typed without the zeros every other id of their column has: sent with them. */
      zerosPadded: z.number().int().default(0),
      zerosPaddedRows: z
        .array(z.object({ sourceRow: z.number().int(), from: z.string(), to: z.string() }))
        .default([]),
      /** Rows with a platform id typed into Attach to platform ID: attached to that active
       *  supplier (nothing created), the id unknown or inactive (the row's problem, nothing
       *  sent), or done before (nothing attached). */
      attach: z
        .object({
          rows: z.array(
            z.object({
              sourceRow: z.number().int(),
              platformId: z.string(),
              name: z.string().nullable(),
            }),
          ),
          unknown: z.array(z.object({ sourceRow: z.number().int(), platformId: z.string() })),
          done: z.array(z.number().int()),
        })
        .default({ rows: [], unknown: [], done: [] }),
    }),
  },
  /** The identifiers job of a results file's corrected ids: each done row whose customer id,
   *  own id or supplier id was on another supplier, with only that id changed, adds the
   *  corrected id to its own supplier (by platform id). Null when the file corrects none. */
  'jobs:idFixJob': {
    input: z.object({ path: z.string().min(1).max(4096), jobId: z.string().optional() }).strict(),
    output: z.object({ jobId: z.string().nullable(), rows: z.number().int() }),
  },
  'rows:page': {
    input: z
      .object({
        jobId: z.string().min(1),
        filter: RowFilterSchema.default({}),
        after: z.number().int().optional(),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict(),
    output: z.object({ rows: z.array(RowViewSchema), nextCursor: z.number().int().nullable() }),
  },
  'rows:events': {
    input: z.object({ rowId: z.number().int() }).strict(),
    output: z.array(RowEventSchema),
  },
  /** A value the user fixed in the app: mapped and validated again; kept in the journal. */
  'rows:fix': {
    input: z
      .object({
        rowId: z.number().int(),
        edits: z.partialRecord(FieldKeySchema, z.string().max(2000)),
      })
      .strict(),
    output: RowViewSchema,
  },
  /** One field of many rows at once, in one transaction, each row mapped and validated again:
   *  `whole`: every row whose value is `find` gets `replace` (the same fix for every row with
   *  this value); otherwise `find` is replaced by `replace` inside the values (find and replace).
   *  Without `apply` it only counts the rows it would change, with a few examples. */
  'rows:fixMany': {
    input: z
      .object({
        jobId: z.string().min(1).max(100),
        field: FieldKeySchema,
        find: z.string().max(2000),
        replace: z.string().max(2000),
        whole: z.boolean(),
        matchCase: z.boolean().default(false),
        apply: z.boolean().default(false),
      })
      .strict(),
    output: z.object({
      rows: z.number().int(),
      examples: z.array(
        z.object({ sourceRow: z.number().int(), before: z.string(), after: z.string() }),
      ),
      batch: FixBatchSchema.nullable(),
      /** Of the rows fixed, those that have a problem now (never said as fixed). */
      withProblems: z.number().int().default(0),
    }),
  },
  /** The fixes that can be undone, newest first. */
  'rows:fixes': { input: JobIdSchema, output: z.array(FixBatchSchema) },
  /** Undoes the newest fix (which must be `batchId`): every row it touched gets back exactly
   *  the values it had before. */
  'rows:undo': {
    input: z.object({ jobId: z.string().min(1).max(100), batchId: z.number().int() }).strict(),
    output: z.object({ rows: z.number().int(), batch: FixBatchSchema }),
  },
  /** Cancels the bulk fix, find and replace, count or undo of a fix running for the job
   *  (`rows:work` shows it): the rows get back what they had before it, and its command answers
   *  `work_cancelled`. `cancelled` is false when nothing was running. */
  'rows:cancelWork': {
    input: z.object({ jobId: z.string().min(1).max(100) }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** A one-time address (relative to the page) from which the browser downloads a results file
   *  exported in this session; browser host only. */
  'files:download': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: z.object({ url: z.string(), name: z.string() }),
  },
  'shell:showInFolder': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: z.object({ shown: z.boolean() }),
  },
  // ---- The supplier base: export and drift report (progress: `base:progress`).
  /** An export of `path` (default: supplier-base.xlsx in the data folder) cut short: how far. */
  'base:checkpoint': {
    input: z.object({ path: z.string().max(4096).optional() }).strict(),
    output: z
      .object({ path: z.string(), pages: z.number().int(), suppliers: z.number().int() })
      .nullable(),
  },
  /** Every active supplier of the connection into an .xlsx, resuming an export of the same file. */
  'base:export': {
    input: z
      .object({ connectionId: z.string().min(1), path: z.string().max(4096).optional() })
      .strict(),
    output: BaseExportSchema,
  },
  /** A supplier list against the platform: a report of the rows that differ or are missing. */
  'base:drift': {
    input: z
      .object({
        connectionId: z.string().min(1),
        path: z.string().min(1).max(4096),
        sheet: z.string().optional(),
        out: z.string().max(4096).optional(),
      })
      .strict(),
    output: BaseDriftSchema,
  },
  /** The likely duplicates among the connection's active suppliers: grouped on the screen and
   *  written to a workbook (default: supplier-audit.xlsx in the data folder). */
  'base:audit': {
    input: z
      .object({ connectionId: z.string().min(1), path: z.string().max(4096).optional() })
      .strict(),
    output: BaseAuditSchema,
  },
  /** A deactivate job of the suppliers the user chose among the last audit's groups (only those:
   *  an ID the audit did not group is refused). Started like any deactivate job: checked, its
   *  count typed, results of its own, undoable. */
  'base:deactivateAudited': {
    input: z
      .object({
        connectionId: z.string().min(1),
        platformIds: z.array(z.number().int().positive()).min(1).max(100_000),
        lang: LangSchema.optional(),
      })
      .strict(),
    output: z.object({ jobId: z.string(), rows: z.number().int() }),
  },
  /** Stops the running export or drift report after the page being read (it resumes later). */
  'base:stop': { input: z.object({}).strict(), output: z.object({ stopped: z.boolean() }) },
} as const;

export const RowsWorkSchema = z.object({
  jobId: z.string(),
  work: z.enum(['count', 'fix', 'undo']),
  done: z.number().int(),
  total: z.number().int(),
  finished: z.boolean(),
});
export type RowsWork = z.infer<typeof RowsWorkSchema>;

export const events = {
  'demo:progress': z.object({
    runId: z.string(),
    step: z.number().int(),
    steps: z.number().int(),
    done: z.boolean(),
  }),
  /** Something the user should know that is not an error of one request (a deprecated API
   *  endpoint, a slowed-down throttle, ...). */
  'app:warning': z.object({
    code: z.string(),
    params: ParamsSchema.optional(),
    message: z.string(),
    jobId: z.string().optional(),
  }),
  /** A running job's live figures, at most a few times a second. */
  'job:progress': JobProgressSchema,
  /** Rows read while a file is imported into a job. */
  'job:import': z.object({ path: z.string(), rowsRead: z.number().int(), done: z.boolean() }),
  /** Rows written while a job's results are exported, a few times a second; `done` once at
   *  the end, however it ended. */
  'job:export': z.object({
    jobId: z.string(),
    rowsWritten: z.number().int(),
    total: z.number().int(),
    done: z.boolean(),
  }),
  /** The job list changed (created, state changed, finished). */
  'jobs:changed': z.object({ jobId: z.string() }),
  /** A supplier-base export or drift report under way. */
  'base:progress': BaseProgressSchema,
  /** A long work on a job's rows under way (`rows:fixMany`, `rows:undo`), a few times a
   *  second: `count` looks at the rows, `fix` writes the fixes, `undo` puts rows back (an undo,
   *  or a cancelled fix taken back). `finished` once, at the end, however it ended. */
  'rows:work': RowsWorkSchema,
  /** The system asked the app to open a supplier list: `files:takeOpened` gives it. */
  'files:opened': z.object({}),
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<C extends CommandName> = z.input<Commands[C]['input']>;
export type CommandOutput<C extends CommandName> = z.output<Commands[C]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const commandNames = Object.keys(commands) as CommandName[];
export const eventNames = Object.keys(events) as EventName[];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commands, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** What the renderer sees as `window.api`, whatever the transport. */
export interface WindowApi {
  invoke<C extends CommandName>(
    command: C,
    input: CommandInput<C>,
  ): Promise<Result<CommandOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Desktop only: the path of a file dropped on the window (browsers never reveal it); the
   *  app may then read that file. */
  pathForFile?(file: unknown): Promise<string | null>;
}

/** The browser host's WebSocket frames. */
export const WsClientFrameSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  command: z.string(),
  input: z.unknown(),
});
export type WsClientFrame = z.infer<typeof WsClientFrameSchema>;
export type WsServerFrame =
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; event: EventName; payload: unknown };

/** WebSocket subprotocols: the app's protocol, and the per-launch secret carried as a second one. */
export const WS_PROTOCOL = 'supplier-onboarding.v1';
export const WS_SECRET_PREFIX = 'secret.';
