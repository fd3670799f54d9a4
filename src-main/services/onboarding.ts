// The onboarding service: what every front door does with a supplier list. Files in (inspect,
// preview, mapping), jobs in the journal (import, options, fixes), the sync engine (check, run,
// pause, cancel, retry), and results out. The CLI calls it directly; the desktop app and the
// browser host call it through the command contract. Each responsibility lives in its own file
// under services/onboarding/, as plain functions over one context; this class holds the context
// and hands each call on.
import type { Journal } from '../journal/journal';
import { systemClock } from '../util/clock';
import * as connections from './onboarding/connections';
import * as files from './onboarding/files';
import * as importJob from './onboarding/importJob';
import * as jobView from './onboarding/jobView';
import * as jobAdmin from './onboarding/jobAdmin';
import * as jobRun from './onboarding/jobRun';
import * as rows from './onboarding/rows';
import * as duplicates from './onboarding/duplicates';
import * as platformMatch from './onboarding/platformMatch';
import * as fixes from './onboarding/fixes';
import * as rowWork from './onboarding/rowWork';
import * as results from './onboarding/results';
import * as retryFromResults from './onboarding/retryFromResults';
import * as undo from './onboarding/undo';
import * as jobOfRows from './onboarding/jobOfRows';
import type { Ctx, OnboardingOptions } from './onboarding/context';

export type { OnboardingOptions } from './onboarding/context';
export { SANDBOX_CONNECTION_NAME, SANDBOX_USER } from './onboarding/connections';
export type { CreateJobInput } from './onboarding/importJob';
export { APP_EXPORT_WORDING, type ExportWording } from './onboarding/results';
export type { ReadResults, RetryFromResults } from './onboarding/retryFromResults';

/** The arguments of a service function after its context. */
type Args<F> = F extends (ctx: Ctx, ...rest: infer R) => unknown ? R : never;

export class Onboarding {
  private readonly ctx: Ctx;

  constructor(options: OnboardingOptions) {
    this.ctx = {
      ...options,
      clock: options.clock ?? systemClock,
      background: new Map(),
      opResultCache: new Map(),
      rowWork: new Map(),
      exports: new Map(),
    };
  }

  get journal(): Journal {
    return this.ctx.journal;
  }

  // ---- connections
  readonly connectionView = (...a: Args<typeof connections.connectionView>) =>
    connections.connectionView(this.ctx, ...a);
  readonly defaultConnectionId = (...a: Args<typeof connections.defaultConnectionId>) =>
    connections.defaultConnectionId(this.ctx, ...a);
  readonly useConnection = (...a: Args<typeof connections.useConnection>) =>
    connections.useConnection(this.ctx, ...a);
  readonly listConnections = (...a: Args<typeof connections.listConnections>) =>
    connections.listConnections(this.ctx, ...a);
  readonly ensureSandboxConnection = (...a: Args<typeof connections.ensureSandboxConnection>) =>
    connections.ensureSandboxConnection(this.ctx, ...a);
  readonly saveConnection = (...a: Args<typeof connections.saveConnection>) =>
    connections.saveConnection(this.ctx, ...a);
  readonly deleteConnection = (...a: Args<typeof connections.deleteConnection>) =>
    connections.deleteConnection(this.ctx, ...a);
  readonly testConnection = (...a: Args<typeof connections.testConnectionOf>) =>
    connections.testConnectionOf(this.ctx, ...a);

  // ---- files
  readonly preview = (...a: Args<typeof files.preview>) => files.preview(this.ctx, ...a);
  readonly mappingPreview = (...a: Args<typeof files.mappingPreview>) =>
    files.mappingPreview(this.ctx, ...a);
  readonly templatesFor = (...a: Args<typeof files.templatesFor>) =>
    files.templatesFor(this.ctx, ...a);
  readonly listTemplates = (...a: Args<typeof files.listTemplates>) =>
    files.listTemplates(this.ctx, ...a);
  readonly deleteTemplate = (...a: Args<typeof files.deleteTemplate>) =>
    files.deleteTemplate(this.ctx, ...a);
  readonly saveTemplate = (...a: Args<typeof files.saveTemplate>) =>
    files.saveTemplate(this.ctx, ...a);
  readonly uploadPath = (...a: Args<typeof files.uploadPath>) => files.uploadPath(this.ctx, ...a);

  // ---- importJob
  readonly createJob = (...a: Args<typeof importJob.createJob>) =>
    importJob.createJob(this.ctx, ...a);
  readonly createUndoJob = (...a: Args<typeof undo.createUndoJob>) =>
    undo.createUndoJob(this.ctx, ...a);
  readonly createJobOfRows = (...a: Args<typeof jobOfRows.createJobOfRows>) =>
    jobOfRows.createJobOfRows(this.ctx, ...a);
  readonly finishImport = (...a: Args<typeof importJob.finishImport>) =>
    importJob.finishImport(this.ctx, ...a);

  // ---- jobView
  readonly jobView = (...a: Args<typeof jobView.jobView>) => jobView.jobView(this.ctx, ...a);
  readonly listJobs = (...a: Args<typeof jobView.listJobs>) => jobView.listJobs(this.ctx, ...a);
  readonly jobFigures = (...a: Args<typeof jobView.jobFigures>) =>
    jobView.jobFigures(this.ctx, ...a);

  // ---- jobAdmin
  readonly archiveJob = (...a: Args<typeof jobAdmin.archiveJob>) =>
    jobAdmin.archiveJob(this.ctx, ...a);
  readonly deleteJob = (...a: Args<typeof jobAdmin.deleteJob>) =>
    jobAdmin.deleteJob(this.ctx, ...a);
  readonly setJobConnection = (...a: Args<typeof jobAdmin.setJobConnection>) =>
    jobAdmin.setJobConnection(this.ctx, ...a);
  readonly setOptions = (...a: Args<typeof jobAdmin.setOptions>) =>
    jobAdmin.setOptions(this.ctx, ...a);

  // ---- jobRun
  readonly run = (...a: Args<typeof jobRun.run>) => jobRun.run(this.ctx, ...a);
  readonly plan = (...a: Args<typeof jobRun.startPlan>) => jobRun.startPlan(this.ctx, ...a);
  readonly confirmStart = (...a: Args<typeof jobRun.confirmStart>) =>
    jobRun.confirmStart(this.ctx, ...a);
  readonly start = (...a: Args<typeof jobRun.start>) => jobRun.start(this.ctx, ...a);
  readonly pause = (...a: Args<typeof jobRun.pause>) => jobRun.pause(this.ctx, ...a);
  readonly cancel = (...a: Args<typeof jobRun.cancel>) => jobRun.cancel(this.ctx, ...a);
  readonly retry = (...a: Args<typeof jobRun.retry>) => jobRun.retry(this.ctx, ...a);
  readonly switchFieldNames = (...a: Args<typeof jobRun.switchFieldNames>) =>
    jobRun.switchFieldNames(this.ctx, ...a);
  readonly setIdentifierTypes = (...a: Args<typeof jobRun.setIdentifierTypes>) =>
    jobRun.setIdentifierTypes(this.ctx, ...a);
  readonly waitForBackground = (...a: Args<typeof jobRun.waitForBackground>) =>
    jobRun.waitForBackground(this.ctx, ...a);

  // ---- rows
  readonly rowView = (...a: Args<typeof rows.rowView>) => rows.rowView(this.ctx, ...a);
  readonly pageRows = (...a: Args<typeof rows.pageRows>) => rows.pageRows(this.ctx, ...a);
  readonly problemKinds = (...a: Args<typeof rows.problemKinds>) =>
    rows.problemKinds(this.ctx, ...a);
  readonly rowEvents = (...a: Args<typeof rows.rowEvents>) => rows.rowEvents(this.ctx, ...a);
  readonly targets = (...a: Args<typeof rows.targets>) => rows.targets(this.ctx, ...a);

  // ---- likely duplicates
  readonly listDuplicates = (...a: Args<typeof duplicates.listDuplicates>) =>
    duplicates.listDuplicates(this.ctx, ...a);
  readonly decideDuplicates = (...a: Args<typeof duplicates.decideDuplicates>) =>
    duplicates.decideDuplicates(this.ctx, ...a);
  readonly askAgain = (...a: Args<typeof duplicates.askAgain>) =>
    duplicates.askAgain(this.ctx, ...a);
  readonly searchPlatform = (...a: Args<typeof platformMatch.searchPlatform>) =>
    platformMatch.searchPlatform(this.ctx, ...a);
  readonly attachFound = (...a: Args<typeof platformMatch.attachFound>) =>
    platformMatch.attachFound(this.ctx, ...a);
  readonly groupDuplicates = (...a: Args<typeof duplicates.groupDuplicates>) =>
    duplicates.groupDuplicates(this.ctx, ...a);

  // ---- fixes
  readonly fixRow = (...a: Args<typeof fixes.fixRow>) => fixes.fixRow(this.ctx, ...a);
  readonly fixMany = (...a: Args<typeof fixes.fixMany>) => fixes.fixMany(this.ctx, ...a);
  readonly fixHistory = (...a: Args<typeof fixes.fixHistory>) => fixes.fixHistory(this.ctx, ...a);
  readonly undoFix = (...a: Args<typeof fixes.undoFix>) => fixes.undoFix(this.ctx, ...a);
  readonly cancelRowWork = (...a: Args<typeof rowWork.cancelRowWork>) =>
    rowWork.cancelRowWork(this.ctx, ...a);

  // ---- results
  readonly defaultExportPath = (...a: Args<typeof results.defaultExportPath>) =>
    results.defaultExportPath(this.ctx, ...a);
  readonly exportJob = (...a: Args<typeof results.exportJob>) => results.exportJob(this.ctx, ...a);
  readonly cancelExport = (jobId: string) => results.cancelExport(this.ctx, jobId);
  readonly resultRow = (...a: Args<typeof results.resultRow>) => results.resultRow(this.ctx, ...a);

  // ---- retryFromResults
  readonly retryFromResults = (...a: Args<typeof retryFromResults.retryFromResults>) =>
    retryFromResults.retryFromResults(this.ctx, ...a);
  readonly retryFromRead = (...a: Args<typeof retryFromResults.retryFromRead>) =>
    retryFromResults.retryFromRead(this.ctx, ...a);
  readonly readResultsFile = (...a: Args<typeof retryFromResults.readResultsFile>) =>
    retryFromResults.readResultsFile(this.ctx, ...a);
}
