// A kind of job as a plug-in over the engine (docs/architecture.md, "Kinds of job"): what the
// engine, the services, the command line and the screens ask of a kind instead of testing its
// name. Each kind is a module of this folder; registry.ts lists them, one line each.
import type { RowState } from '../journal/rowStates';
import type { Figure, JobPlanView, PlanChange, PlanNote } from '../../src-shared/contract';
import type { ExportSummary } from '../workbook/export';
import type { FailureReason } from '../../src-shared/errors';
import type { MessageKey } from '../../src-shared/i18n';
import type { KindTraits, Operation, OperationOptions } from '../../src-shared/operations';
import type { KindFigures, RowCounts } from '../engine/kindFigures';
import type { KindWriteStage } from '../engine/ownWrite';
import type { OwnPolicyCases } from '../engine/policy/table';
import type { Runner } from '../engine/runSkeleton';
import type { JobRunnerDeps } from '../engine/runTypes';
import type { Journal } from '../journal/journal';
import type { PayloadFilter } from '../journal/matchedReads';
import type { JobOptions } from '../journal/schema';

/** A sentence of the catalogue with what fills it: a front door words it in its language
 *  (`count` picks the form for one or several). */
export interface Said {
  key: string;
  count?: number;
  params?: Record<string, string | number>;
}

/** The plan's figures of a kind's own writes, as the plan view carries them: the onboarding's
 *  creations, and a list of the kind's own changes (a count with its words, a typed count where
 *  the kind asks for one). */
export type KindPlanCounts = Pick<JobPlanView, 'creations'> & { changes: PlanChange[] };

export interface JobKind {
  readonly name: Operation;
  /** What its rows are (src-shared/operations.ts KIND_TRAITS): fields, what a row names. */
  readonly traits: KindTraits;
  /** Its reads and writes from its row counts: the plan and the time left ask the same. */
  readonly figures: KindFigures;
  /** The runner of a job of this kind. */
  runner(deps: JobRunnerDeps): Runner;
  /** Its own write stage, when it has one (engine/ownWrite.ts): its request, its reconcile after
   *  a lost answer, its policy's lines of the table. */
  readonly ownWrite?: KindWriteStage;
  /** Its policy's lines of the table when it writes without a row write stage (a scores job's
   *  batches, kinds/scores/policy.ts); a kind with `ownWrite` gives them there. */
  policyCases?(): OwnPolicyCases;
  /** What a start will write, from the job's row counts (and, where the counts do not tell,
   *  the rows themselves: an identifiers job's adds and removals). */
  planCounts(counts: RowCounts, rows: PlanRows): KindPlanCounts;
  /** The rows whose write may have reached the platform without an answer, named by the plan. */
  readonly inDoubtStates: readonly string[];
  /** The command line's lines of the plan that are the kind's own. */
  planSaid(plan: JobPlanView): Said[];
  /** The command line's summary line: `label=count` pairs in order (count: a key of the
   *  summary). */
  readonly summaryCounts: readonly (readonly [label: string, count: string])[];
  /** The summary count each own outcome of its rows goes to (op_result: a count of
   *  `summaryCounts`), and whether its rows need the user (counted in the command line's exit
   *  code). A kind without own outcomes has none. */
  readonly summaryOutcomes?: Readonly<Record<string, SummaryOutcome>>;
  /** The word a results file's name says the kind by: `<name>.<word>.xlsx`. */
  resultsWord(options: JobOptions): string;
  /** A results export of its own (a kind whose rows are not a supplier's fields). */
  exportResults?(
    journal: Journal,
    jobId: string,
    format: 'xlsx' | 'csv',
    out: string,
    maxRowsPerSheet?: number,
  ): Promise<ExportSummary>;
  /** Its rows keep an own outcome each (op_result: deactivated, added, not found, …). */
  readonly opResults: boolean;
  /** Its rows are fixed in the app (not: a sheet of its own layout is fixed in the sheet). */
  readonly fixesInApp: boolean;
  /** The reason a fix of its rows in the app is refused with (`failure.invalid_input.<reason>`,
   *  its words saying where they are fixed), for a kind whose rows are not fixed in the app;
   *  absent: the general `fix_not_in_app`. */
  readonly fixRefusal?: FailureReason<'invalid_input'>;
  /** A kind confirmed by a typed count: the states of the rows a start acts on (matched to a
   *  supplier by the check, not sent yet or in doubt), listed with their suppliers before the
   *  count is typed. */
  readonly targetStates?: readonly RowState[];
  /** Of those, only the rows this lets through are listed (an identifiers job's removals: its
   *  adds need no typed count). */
  targetFilter?(options: JobOptions): PayloadFilter;
  /** What a listed row changes besides its supplier, from its payload (an identifiers row's
   *  identifier); none for a kind whose change is the supplier itself. */
  targetIdentifier?(payload: Record<string, unknown>): TargetIdentifier | null;
  /** The own outcome by which a row of it ends its supplier on the platform (a deactivation's
   *  `deactivated`), and the job its rows were made from (an undo's onboarding): a later
   *  onboarding's plan names such suppliers, which its check would not find, in the command
   *  line's sentence `said` (plural, with `job`, `name`, `date` and `examples`). */
  readonly endsSupplier?: {
    readonly opResult: string;
    readonly said: string;
    madeFrom(options: JobOptions): string | null;
  };

  // ---- its own shapes on the front doors (issue 40)
  /** Its options on the command line. */
  readonly cli: KindCli;
  /** The figures the screens draw of a job of this kind (services/runFigures.ts), from its
   *  rows' states and own outcomes: what its check sorted the rows into, in order (named by a
   *  row state, or by the kind's own figure where `ownCheckFigures`; none without a check), and
   *  the rows its start has sent or is sending. */
  checkFigures(counts: RowCounts, opResults: RowCounts): Figure[];
  sentRows(counts: RowCounts, opResults: RowCounts): number;
  /** Its own lines of the plan besides its counts, from the job's options (an undo names the
   *  job it undoes); none when absent. */
  planNotes?(options: JobOptions): PlanNote[];
}

// ---- The kind's own shapes on the front doors (issue 40) -------------------------------------

/** Where a row's own outcome is counted in the command line's summary. */
export interface SummaryOutcome {
  readonly count: string;
  readonly needsUser?: boolean;
}

/** One of a kind's own options on the command line: cli/args.ts builds its parsing, its checks
 *  and its lines of the help from these. */
export interface KindCliOption {
  /** The flag without its dashes (`action` is `--action`). */
  readonly flag: string;
  /** What follows the flag in the help (`add|remove`, `JOB`). */
  readonly value: string;
  /** Its line of the help (the help is English; the catalogue has its German too). */
  readonly help: MessageKey;
  /** The job option its value sets. */
  readonly sets: keyof OperationOptions;
  /** The values it takes; another is a usage error worded by `refused` (`{given}`). */
  readonly choices?: readonly string[];
  readonly refused?: MessageKey;
  /** The usage error when it is given for a job of another kind. */
  readonly otherKind?: MessageKey;
  /** Given, it makes the job of this kind whatever --operation says (--undo). */
  readonly makesKind?: boolean;
  /** It makes its own job: the usage error when a file, --resume or --retry-from is given too. */
  readonly standsAlone?: MessageKey;
  /** The import's options it refuses besides the kind's own `refuses` (flags without dashes). */
  readonly alsoRefuses?: readonly string[];
}

/** A kind on the command line: its own options, and the import's options a job of it refuses
 *  (flags without dashes, worded by `key` with `{options}`). A kind with a command of its own
 *  (`ownCommand`: a scores job) parses its options there. */
export interface KindCli {
  readonly options: readonly KindCliOption[];
  readonly refuses?: { readonly key: MessageKey; readonly flags: readonly string[] };
  readonly ownCommand?: boolean;
  /** Its parts of the import's --help (cli/args.ts; its usage line is made from its name and
   *  options). */
  readonly help?: KindHelp;
}

/** A kind's parts of the import's --help, in English as the help is, each a list of lines
 *  wrapped to the help's width (95). */
export interface KindHelp {
  /** What a job of it does, under `--operation KIND`: the first line begins with its name. */
  readonly what: readonly string[];
  /** What the last line of a job of it says: its summary's counts, and which rows need the user
   *  (exit code 1). */
  readonly ends?: readonly string[];
}

/** The identifier a listed row changes, as the list of targets shows it. */
export interface TargetIdentifier {
  type: string;
  id: string;
  source: string | null;
}

/** What the plan reads of a job's rows beyond their counts. */
export interface PlanRows {
  /** The job's options. */
  readonly options: JobOptions;
  /** How many rows in `states` `only` lets through (journal/matchedReads.ts). */
  count(states: readonly RowState[], only: PayloadFilter): number;
  /** Rows per own outcome so far (a deactivation's suppliers found inactive already). */
  opResults(): Record<string, number>;
}
