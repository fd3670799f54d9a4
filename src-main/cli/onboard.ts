// `npm run onboard`: the command-line front door, the batch mode of the app. It calls the same
// services as the desktop app, directly, without a transport in between.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isSettled } from '../../src-shared/rowStates';
import { toAppError, type AppError } from '../../src-shared/errors';
import type { Params } from '../../src-shared/i18n';
import { otherFieldNames } from '../../src-shared/fieldNames';
import { formatIdentifierTypes } from '../../src-shared/identifierTypes';
import type { RunExit } from '../engine/jobRunner';
import { sandboxEngineSettings } from '../engine/settings';
import { createAppServices, PRACTICE_SANDBOX, type AppServices } from '../services/appServices';
import { defaultDataDir, journalPathFor } from '../services/paths';
import { APP_VERSION } from '../services/version';
import { checkExportTarget, missingRequiredFields, type Mapping } from '../workbook';
import { EXIT, HELP, parse, UsageError, type Args } from './args';
import { kindTraits, mappingOfKind } from '../../src-shared/operations';
import { kindOf } from '../kinds';
import { PAID_FIELDS } from '../../src-shared/supplier';
import { baseMain, isBaseCommand } from './baseCommands';
import { kindCommand } from '../services/kindFronts';
import {
  cliNetwork,
  connectionAt,
  jobConnectionLine,
  namedConnection,
  setConnectionIdentifierTypes,
  tokenStore,
} from './connection';
import { readMappingFile, writeMappingFile } from './mappingFile';
import { formatDuration, ProgressView, summarizeCounts, type OutputMode } from './progressView';
import {
  CLI_WORDING,
  findRetrySource,
  retryConnection,
  retryDetails,
  retrySummary,
} from './retryFrom';
import { attachSentences } from '../../src-shared/retryWords';
import { confirmStart, resultsNextStep, resumeCommand } from './start';
import { idFixStep } from './idFixes';
import { duplicateStep, sayWaiting } from './duplicates';
import { checkedFields, checkedLine } from './checkedText';
import {
  rowsNeedingUser,
  printProblems,
  stateAfterRun,
  stateWord,
  summarize,
  summaryLine,
  summaryOf,
} from './summary';
import { CliFailure, cliWords } from './words';

export { summarize, summaryLine, type Summary } from './summary';

export async function main(argv: string[]): Promise<number> {
  // The supplier base (export, drift report): its own options, in cli/baseCommands.ts.
  if (isBaseCommand(argv)) return baseMain(argv);
  // A kind with a command line of its own (its options and its run, in its folder's front/).
  const own = kindCommand(argv);
  if (own) return own.main(argv);
  const w = cliWords();
  let args: Args | 'help' | 'version';
  try {
    args = parse(argv);
  } catch (e) {
    const text = e instanceof CliFailure ? w.t(e.key, e.params) : String(e);
    console.error(`${text}\n${w.t('cli.usage.seeHelp')}`);
    return EXIT.usage;
  }
  if (args === 'help') {
    process.stdout.write(HELP);
    return EXIT.ok;
  }
  if (args === 'version') {
    console.log(`Supplier Onboarding ${APP_VERSION}`);
    console.log(w.t('cli.version.dataFolder', { path: defaultDataDir() }));
    return EXIT.ok;
  }
  const mode: OutputMode = args.json ? 'json' : process.stdout.isTTY ? 'tty' : 'plain';
  const view = new ProgressView(mode, process.stdout, w);
  let tempDir: string | undefined;
  let services: AppServices | undefined;
  // Ctrl-C is handled from the start: during the import it lets the job's rows be recorded in
  // full (a job cut short there would resume with rows missing), then stops before sending.
  let interrupted = false;
  let stops = 0;
  let pauseRun: (() => void) | undefined;
  let ran = false;
  const onSignal = () => {
    stops++;
    if (stops > 1) {
      view.log(w.t('cli.signal.stopNow'));
      process.exit(EXIT.interrupted);
    }
    interrupted = true;
    if (pauseRun) {
      view.log(w.t('cli.signal.pausing'));
      pauseRun();
    } else view.log(w.t(ran ? 'cli.signal.afterResults' : 'cli.signal.beforeSending'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // A dry run touches no journal of the user's: it works in a temporary one.
    if (args.dryRun) tempDir = await mkdtemp(path.join(os.tmpdir(), 'onboard-dry-run-'));
    const { tokenFromEnv, secrets } = tokenStore(args.tokenEnv);
    const useSandbox = !args.dryRun && !args.baseUrl && !args.connection;
    const journalPath = tempDir
      ? path.join(tempDir, 'journal.sqlite')
      : args.journal
        ? path.resolve(args.journal)
        : journalPathFor(args.dataDir);
    services = createAppServices({
      dataDir: args.dataDir,
      journalPath,
      transport: 'direct',
      secrets,
      // HTTPS_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS, as Node's tools honour them.
      network: cliNetwork(w.lang),
      // A sandbox at --base-url (npm run sandbox), or the job resumed there: follow its pace, not
      // the real API's minutes. The built-in sandbox's connection gets its own on top.
      ...(args.sandboxProcessingMs !== undefined
        ? { engineSettings: sandboxEngineSettings(args.sandboxProcessingMs) }
        : {}),
      sandbox: useSandbox
        ? {
            ...(args.sandboxProcessingMs !== undefined
              ? {
                  processingMs: args.sandboxProcessingMs,
                  screeningMs: Math.max(args.sandboxProcessingMs, 1),
                  validationMs: Math.max(args.sandboxProcessingMs, 1),
                }
              : PRACTICE_SANDBOX),
          }
        : false,
    });
    const core = await services.ready();
    const { journal, onboarding } = core;

    // ---- a results file brought back: the job it came from decides the connection
    const retrySource = args.retryFrom
      ? await findRetrySource(journal, args.retryFrom, journalPath)
      : undefined;

    // ---- which connection
    let connectionId: string;
    if (retrySource) {
      connectionId = await retryConnection(retrySource, args, {
        journal,
        core,
        secrets,
        tokenFromEnv,
        view,
        w,
      });
    } else if (args.connection) {
      const found = namedConnection(journal, args.connection, w.t('cli.connection.none'));
      connectionId = found.id;
      if (tokenFromEnv) await secrets.set(connectionId, tokenFromEnv);
      // With --resume, the resumed job's connection takes them (below).
      if (
        args.identifierTypes &&
        args.resume === undefined &&
        (await setConnectionIdentifierTypes(onboarding, found, args.identifierTypes))
      )
        view.log(
          w.t('cli.connection.identifierTypes', {
            name: found.name,
            names: formatIdentifierTypes(args.identifierTypes),
          }),
        );
    } else if (args.baseUrl) {
      connectionId = await connectionAt(
        journal,
        onboarding,
        args.baseUrl,
        args.fieldNames,
        args.resume === undefined ? args.identifierTypes : undefined,
      );
      if (tokenFromEnv) await secrets.set(connectionId, tokenFromEnv);
    } else if (core.sandboxConnectionId) {
      connectionId = core.sandboxConnectionId;
      // A resumed job and an undo act on their job's connection: said with it (below).
      if (!args.resume && args.undo === undefined)
        view.log(w.t('cli.connection.sandbox', { url: core.sandbox!.url }));
    } else {
      // A dry run needs a connection record for its job only.
      connectionId = journal.createConnection({
        name: 'dry run',
        baseUrl: 'http://127.0.0.1:9',
        limits: { GET: [{ limit: 1, windowMs: 1000 }], WRITE: [{ limit: 1, windowMs: 1000 }] },
      }).id;
    }

    // ---- which job
    let jobId: string;
    if (args.resume !== undefined) {
      const jobs = journal.listJobs();
      const job =
        args.resume === true
          ? jobs
              .filter((j) => !['finished', 'cancelled'].includes(j.state))
              .sort((a, b) => b.updatedAt - a.updatedAt)[0]
          : jobs.find((j) => j.id === args.resume || j.id.startsWith(args.resume as string));
      if (!job) {
        throw args.resume === true
          ? new UsageError('cli.resume.none')
          : new UsageError('cli.resume.unknown', { job: args.resume });
      }
      jobId = job.id;
      // The job keeps its own connection: a token from --token-env is for that one.
      if (tokenFromEnv && job.connectionId !== core.sandboxConnectionId)
        await secrets.set(job.connectionId, tokenFromEnv);
      view.log(w.t('cli.resume.resuming', { job: job.id, name: job.name }));
      // The API refused the spelling of city and address: the same job goes on under the other.
      if (args.fieldNames) {
        const again = onboarding.switchFieldNames(job.id, args.fieldNames);
        view.log(w.n('cli.resume.fieldNames', again, { names: args.fieldNames }));
      }
      // The API refused the type of a customer id or an own id: the same job goes on under the
      // names it uses.
      if (args.identifierTypes) {
        const again = onboarding.setIdentifierTypes(job.id, args.identifierTypes);
        view.log(
          w.n('cli.resume.identifierTypes', again, {
            names: formatIdentifierTypes(args.identifierTypes),
          }),
        );
      }
    } else if (args.undo !== undefined) {
      // The undo of an onboarding job: a deactivate job of the suppliers it created, on its
      // connection, confirmed by number before anything is sent.
      const source = journal
        .listJobs()
        .find((j) => j.id === args.undo || j.id.startsWith(args.undo as string));
      if (!source) throw new UsageError('cli.resume.unknown', { job: args.undo });
      if (tokenFromEnv && source.connectionId !== core.sandboxConnectionId)
        await secrets.set(source.connectionId, tokenFromEnv);
      view.log(jobConnectionLine(w, journal, core, source));
      const made = onboarding.createUndoJob({ jobId: source.id, lang: w.lang });
      jobId = made.jobId;
      view.log(w.n('cli.undo.made', made.rows, { job: jobId, of: source.id, name: source.name }));
    } else if (retrySource) {
      if (retrySource.madeBefore) {
        const before = retrySource.madeBefore;
        view.log(
          w.t('cli.retry.unchanged', {
            file: path.basename(retrySource.file),
            job: before.id,
            name: before.name,
            when: new Date(before.createdAt).toISOString().slice(0, 16).replace('T', ' '),
            command: resumeCommand(args, before.id),
          }),
        );
        return nothingToSend(mode);
      }
      const { file, job: source } = retrySource;
      view.log(
        w.t('cli.retry.holds', {
          file: path.basename(file),
          job: source.id,
          name: source.name.startsWith(path.basename(source.sourcePath))
            ? source.name
            : w.t('cli.retry.nameFrom', {
                name: source.name,
                file: path.basename(source.sourcePath),
              }),
        }),
      );
      // Read once: the retry and the identifiers job of its corrected ids take it as read.
      const read = await onboarding.readResultsFile(file, source.id, CLI_WORDING);
      const r = await onboarding.retryFromRead(read);
      const counts = {
        retry: r.retry,
        stillInvalid: r.stillInvalid,
        alreadyDone: r.alreadyDone,
        unmatched: r.unmatched,
      };
      view.log(`${retrySummary(counts, w)}.`, {
        retryFrom: { ...counts, sourceJobId: source.id, jobId: r.jobId },
      });
      if (r.stillInvalid > 0) view.log(w.n('cli.retry.stillInvalid', r.stillInvalid));
      if (r.unmatched > 0) view.log(w.n('cli.retry.unmatched', r.unmatched, { job: source.id }));
      for (const line of retryDetails(r, w)) view.log(line);
      for (const line of attachSentences(w.lang, r.attach)) view.log(line);
      // Corrected ids on other suppliers: their identifiers job (offered; made with a yes).
      const fixes = await idFixStep(onboarding, r, { read, args, mode, view, w });
      if (!r.jobId && !fixes) {
        view.log(w.t('cli.retry.nothing'));
        return nothingToSend(mode);
      }
      jobId = r.jobId ?? fixes!;
      if (r.jobId) view.log(w.n('cli.retry.made', r.retry, { job: jobId }));
    } else {
      const file = path.resolve(args.file!);
      const preview = await onboarding.preview({
        path: file,
        ...(args.sheet ? { sheet: args.sheet } : {}),
        limit: 50,
      });
      const headers = preview.columns.map((c) => c.header);
      let mapping: Mapping;
      if (args.mapping === 'auto') {
        mapping = preview.suggestion.mapping;
        // Only the fields the job's kind reads are said (the others are not imported).
        const read = new Set<string>(kindTraits(args.operation).fields.map((f) => f.key));
        const lines = preview.suggestion.fields
          .filter((f) => f.column !== null && read.has(f.field))
          .map((f) => {
            const text = `${f.field} ← "${f.header}"`;
            return (PAID_FIELDS as readonly string[]).includes(f.field)
              ? w.t('cli.mapping.paidField', { field: text })
              : text;
          })
          .join(', ');
        view.log(
          preview.suggestion.template
            ? w.t('cli.mapping.template', { template: preview.suggestion.template, fields: lines })
            : w.t('cli.mapping.suggested', { fields: lines }),
        );
      } else {
        mapping = await readMappingFile(path.resolve(args.mapping), headers);
      }
      if (args.saveMapping)
        await writeMappingFile(path.resolve(args.saveMapping), mapping, headers);
      // The rows are validated for the kind of job: a deactivate row names its supplier, an
      // identifiers row its supplier and the identifier it changes.
      mapping = mappingOfKind(mapping, args.operation);
      const missing = missingRequiredFields(mapping);
      if (missing.length)
        throw new UsageError('cli.mapping.incomplete', { fields: missing.join(', ') });
      const madeIn = { lang: w.lang };
      const created = await onboarding.createJob({
        path: file,
        sheet: args.sheet ?? preview.sheet,
        headerRow: preview.headerRow,
        connectionId,
        mapping,
        resultsAs: args.out?.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx',
        // The results workbook's words follow the language the job is made in.
        ...madeIn,
        options: {
          skipExisting: args.skipExisting,
          screeningPeriod: args.screening,
          validate: args.validate,
          operation: args.operation,
          ...args.kindOptions,
        },
      });
      jobId = created.jobId;
      for (const note of created.notes) view.log(w.t('cli.import.note', { note: w.note(note) }));
      const s = created.summary;
      view.log(
        w.t('cli.import.summary', {
          rows: s.rows,
          file: path.basename(file),
          sheet: preview.sheet,
          headerRow: preview.headerRow,
          valid: s.valid,
          invalid: s.invalid,
          empty: s.empty,
        }),
      );
      printProblems(journal, jobId, view, w);
      // Paid work the list's own columns order, counted by the plan the start confirms.
      const plan = onboarding.plan(jobId);
      for (const [key, part] of [
        ['cli.mapping.paidScreening', plan.screening],
        ['cli.mapping.paidValidation', plan.validation],
      ] as const) {
        if (part && part.fromColumn > 0)
          view.log(w.n(key, part.fromColumn, { column: part.column ?? '' }));
      }
    }

    // ---- where the results go: a target that cannot be written is said before anything is sent
    const format = args.out?.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
    // A dry run's results never take the place of real ones (`<name>.dry-run.xlsx`).
    const out = args.out
      ? path.resolve(args.out)
      : onboarding.defaultExportPath(jobId, format, { dryRun: args.dryRun });
    await checkExportTarget(out, resultsNextStep(w, args, jobId, format, true));

    // ---- run
    let exit: RunExit | 'dry-run' = 'dry-run';
    if (!args.dryRun && interrupted) {
      exit = 'paused';
      view.log(w.t('cli.run.stoppedBefore', { command: resumeCommand(args, jobId) }));
    } else if (!args.dryRun) {
      const unsubscribe = services.bus.subscribe((event, payload) => {
        if (event === 'job:progress') view.progress(payload as never);
        else if (event === 'app:warning')
          view.log(
            w.t('cli.run.warning', {
              warning: w.warning(payload as { code?: string; params?: Params; message: string }),
            }),
          );
      });
      const runningJob = jobId;
      pauseRun = () => void onboarding.pause(runningJob);
      const started = Date.now();
      let declined = false;
      // Rows the check holds back as likely duplicates: said, and decided before the start.
      const finds = kindOf(journal.getJob(jobId)!.options).traits.createsSuppliers;
      const base = { view, w, json: mode === 'json' };
      const duplicates = duplicateStep(onboarding, jobId, finds, args.duplicates, base);
      try {
        if (args.checkOnly) {
          exit = await onboarding.run(jobId, { mode: 'check', wait: true });
          view.clearLive();
          if (exit === 'checked') await duplicates(true, false);
        } else {
          // The identifier check first: the summary before the start counts what it found.
          let checked: RunExit | undefined;
          if (journal.counts(jobId).valid > 0)
            checked = await onboarding.run(jobId, { mode: 'check', wait: true });
          if (checked === undefined || checked === 'checked') {
            view.clearLive();
            // On a terminal the waiting rows are asked about (unless --yes: no question).
            await duplicates(
              checked !== undefined,
              mode !== 'json' && process.stdin.isTTY === true && !args.yes && !interrupted,
            );
            const answer = await confirmStart(
              onboarding,
              jobId,
              args,
              mode,
              view,
              w,
              () => interrupted,
            );
            if (answer === 'refused') return EXIT.usage;
            declined = answer === 'declined';
          }
          if (checked !== undefined && checked !== 'checked') exit = checked;
          else if (declined || interrupted) exit = 'paused';
          else
            exit = await onboarding.run(jobId, {
              mode: 'run',
              wait: !args.noWait,
            });
        }
      } finally {
        pauseRun = undefined;
        ran = true;
        unsubscribe();
        view.clearLive();
      }
      const job = journal.getJob(jobId)!;
      const time = formatDuration(Date.now() - started);
      const counts = journal.counts(jobId) as Record<string, number>;
      // A finished --check-only says what the check found: its rows' states ("checking" for a
      // row found new) would say it had not.
      if (args.checkOnly && exit === 'checked') {
        const figures = { counts, outcomes: summarize(journal, jobId), createsSuppliers: finds };
        view.log(checkedLine(figures, time, w), { checked: checkedFields(figures) });
      } else
        view.log(
          w.t('cli.run.ended', {
            state: stateWord(w, stateAfterRun(job.state, exit)),
            time,
            counts: summarizeCounts(counts, w, journal.tally(jobId)),
          }),
        );
      if (exit === 'access_denied')
        view.log(
          job.stateReason ? w.reason(job.stateReason) : w.t('cli.run.tokenRefused'),
          // With --json the line carries the reason's code and params too.
          job.stateReason
            ? {
                code: job.stateReason.code,
                ...(job.stateReason.params ? { params: job.stateReason.params } : {}),
              }
            : {},
        );
      const sent = journal.getConnection(job.connectionId)?.fieldNames;
      if (job.stateReason?.code === 'api_field_names' && sent)
        view.log(
          w.t('cli.run.fieldNames', {
            command: `${resumeCommand(args, jobId)} --field-names ${otherFieldNames(sent)}`,
          }),
        );
      if (exit === 'disk_full') {
        // The engine's warning said what happened; here is how to go on.
        view.log(
          w.t('cli.run.diskFull', {
            folder: journal.folder,
            command: resumeCommand(args, jobId),
          }),
        );
      }
      if (declined) view.log(w.t('cli.run.declined', { command: resumeCommand(args, jobId) }));
      else if (exit === 'paused' || exit === 'sent') {
        const still = summarizeCounts(
          Object.fromEntries(
            Object.entries(journal.counts(jobId)).filter(([s]) => !isSettled(s)),
          ) as Record<string, number>,
          w,
        );
        if (still) view.log(w.t('cli.run.stillRunning', { counts: still }));
        view.log(w.t('cli.run.continue', { command: resumeCommand(args, jobId) }));
      }
      // Rows held back as likely duplicates wait for a decision: how to make it.
      sayWaiting(view, w, journal.counts(jobId).duplicate ?? 0, resumeCommand(args, jobId));
    }

    // ---- results
    const job = journal.getJob(jobId)!;
    if (!(args.resume !== undefined && !args.out && exit === 'paused') && exit !== 'disk_full') {
      const exported = await onboarding.exportJob(jobId, format, out, {
        exportAgain: (id) => resultsNextStep(w, args, id, format, false),
      });
      // Only the user may read it, and the app may replace it next time (services/fileGrants.ts).
      await services.grants.written(exported.path);
      if (exported.resultSheets.length > 1)
        view.log(
          w.t('cli.results.moreSheets', { sheets: exported.resultSheets.slice(1).join(', ') }),
        );
      if (exported.cutCells > 0) view.log(w.n('cli.results.cut', exported.cutCells));
      view.log(
        w.t('cli.results.written', {
          file: shownPath(exported.path),
          rows: exported.rows,
          attention: exported.attention,
        }),
      );
    }
    const summary = summarize(journal, jobId);
    const line = summaryLine(summary, kindOf(job.options));
    const state = stateAfterRun(job.state, exit);
    // Rows held back as likely duplicates (counted as pending): they need the user's decision.
    const waiting = journal.counts(jobId).duplicate ?? 0;
    const extra = { duplicatesWaiting: waiting };
    // With --json every line stays JSON: the summary line is an object carrying the same text.
    if (mode === 'json')
      console.log(JSON.stringify({ type: 'summary', jobId, state, ...summary, ...extra, line }));
    else console.log(line);
    // --no-wait leaves rows on their way: not done, so not 0; a later --resume follows them.
    if (exit === 'access_denied') return EXIT.auth;
    // Rows still to send (left out for another job, under way) are not done: a run that sends
    // and ends with any never exits 0 (a dry run or a check sends nothing by design).
    const sentRun = exit === 'finished' || exit === 'sent';
    if (
      interrupted ||
      exit === 'paused' ||
      exit === 'disk_full' ||
      (sentRun && summary.pending - waiting > 0)
    )
      return EXIT.interrupted;
    if (waiting + rowsNeedingUser(summary) > 0) return EXIT.rowsFailed;
    return EXIT.ok;
  } catch (e) {
    view.clearLive();
    const error: AppError = toAppError(e);
    console.error(
      e instanceof CliFailure
        ? w.t(e.key, e.params)
        : error.code === 'internal'
          ? `${error.message}${error.details?.cause ? ` (${String(error.details.cause)})` : ''}`
          : w.failure(error),
    );
    if (
      error.code === 'api_access_denied' ||
      error.code === 'api_no_token' ||
      error.code === 'api_untrusted_certificate'
    )
      return EXIT.auth;
    if (error.code === 'disk_full') return EXIT.interrupted;
    return EXIT.usage;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await services?.close().catch(() => undefined);
    if (tempDir) await rm(tempDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The summary line of a --retry-from that made no job: no row was sent, none is waiting. */
function nothingToSend(mode: OutputMode): number {
  const summary = summaryOf([]);
  const line = summaryLine(summary);
  if (mode === 'json')
    console.log(
      JSON.stringify({ type: 'summary', jobId: null, state: 'nothing_to_send', ...summary, line }),
    );
  else console.log(line);
  return EXIT.ok;
}

/** A path under the current folder is shown relative to it, as the user typed the input. */
function shownPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
