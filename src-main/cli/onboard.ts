// `npm run onboard`: the command-line front door, the batch mode of the app. It calls the same
// services as the desktop app, directly, without a transport in between.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isSettled } from '../../src-shared/rowStates';
import { AppFailure, toAppError, type AppError } from '../../src-shared/errors';
import { otherFieldNames } from '../../src-shared/fieldNames';
import { MemorySecretStore, KeyringSecretStore, type SecretStore } from '../api';
import type { RunExit } from '../engine/jobRunner';
import { sandboxEngineSettings } from '../engine/settings';
import type { Journal } from '../journal/journal';
import { createAppServices, PRACTICE_SANDBOX, type AppServices } from '../services/appServices';
import { defaultDataDir, journalPathFor } from '../services/paths';
import { APP_VERSION } from '../services/version';
import { checkExportTarget, missingRequiredFields, type Mapping } from '../workbook';
import { HELP, parse, UsageError, type Args } from './args';
import { readMappingFile, writeMappingFile } from './mappingFile';
import { formatDuration, ProgressView, summarizeCounts, type OutputMode } from './progressView';
import { CLI_WORDING, findRetrySource, retryDetails, retrySummary } from './retryFrom';
import { confirmStart, resumeCommand } from './start';
import { summarize, summaryLine, summaryOf } from './summary';

export { summarize, summaryLine, type Summary } from './summary';

export const EXIT = { ok: 0, rowsFailed: 1, usage: 2, auth: 3, interrupted: 4 } as const;

export async function main(argv: string[]): Promise<number> {
  let args: Args | 'help' | 'version';
  try {
    args = parse(argv);
  } catch (e) {
    console.error(
      `${e instanceof Error ? e.message : e}\nRun "npm run onboard -- --help" to see the options.`,
    );
    return EXIT.usage;
  }
  if (args === 'help') {
    process.stdout.write(HELP);
    return EXIT.ok;
  }
  if (args === 'version') {
    console.log(`Supplier Onboarding ${APP_VERSION}`);
    console.log(`data folder: ${defaultDataDir()}`);
    return EXIT.ok;
  }
  const mode: OutputMode = args.json ? 'json' : process.stdout.isTTY ? 'tty' : 'plain';
  const view = new ProgressView(mode);
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
      view.log('Stopping now. Resume with --resume.');
      process.exit(EXIT.interrupted);
    }
    interrupted = true;
    if (pauseRun) {
      view.log(
        'Pausing: requests in flight are being recorded… (press Ctrl-C again to stop at once)',
      );
      pauseRun();
    } else
      view.log(
        `${ran ? 'Stopping once the results are written…' : 'Stopping before anything is sent…'} (press Ctrl-C again to stop at once)`,
      );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // A dry run touches no journal of the user's: it works in a temporary one.
    if (args.dryRun) tempDir = await mkdtemp(path.join(os.tmpdir(), 'onboard-dry-run-'));
    const tokenFromEnv = args.tokenEnv !== undefined ? process.env[args.tokenEnv] : undefined;
    if (args.tokenEnv !== undefined && !tokenFromEnv) {
      throw new UsageError(
        `The environment variable ${args.tokenEnv} is empty or not set. Put the API token in it.`,
      );
    }
    const useSandbox = !args.dryRun && !args.baseUrl && !args.connection;
    const secrets: SecretStore =
      tokenFromEnv !== undefined ? new MemorySecretStore() : new KeyringSecretStore();
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
      connectionId = retrySource.job.connectionId;
      const conn = journal.getConnection(connectionId);
      if (!conn)
        throw new UsageError(
          `The connection of job ${retrySource.job.id} no longer exists, so its rows cannot be sent again. Import the fixed rows as a new list instead.`,
        );
      const differs = args.connection
        ? conn.name !== args.connection
        : args.baseUrl
          ? conn.isSandbox || conn.baseUrl !== args.baseUrl.replace(/\/+$/, '')
          : false;
      if (differs) {
        throw new UsageError(
          `The results file comes from job ${retrySource.job.id}, which ran on ${conn.isSandbox ? 'the built-in sandbox' : `the connection "${conn.name}" (${conn.baseUrl})`}; its rows are sent again there. Leave out ${args.connection ? '--connection' : '--base-url'}${conn.isSandbox ? '' : ` or give --connection "${conn.name}"`}.`,
        );
      }
      if (tokenFromEnv && connectionId !== core.sandboxConnectionId)
        await secrets.set(connectionId, tokenFromEnv);
      view.log(
        connectionId === core.sandboxConnectionId
          ? `Using the built-in sandbox at ${core.sandbox!.url} (practice: nothing leaves this computer).`
          : `Using the connection "${conn.name}" (${conn.baseUrl}) of job ${retrySource.job.id}.`,
      );
    } else if (args.connection) {
      const found = journal.listConnections().find((c) => c.name === args.connection);
      if (!found) {
        const names =
          journal
            .listConnections()
            .map((c) => `"${c.name}"`)
            .join(', ') || 'none';
        throw new UsageError(
          `No saved connection is called "${args.connection}". Saved connections: ${names}.`,
        );
      }
      connectionId = found.id;
      if (tokenFromEnv) await secrets.set(connectionId, tokenFromEnv);
    } else if (args.baseUrl) {
      const url = args.baseUrl.replace(/\/+$/, '');
      const found = journal.listConnections().find((c) => !c.isSandbox && c.baseUrl === url);
      const conn = !found
        ? await onboarding.saveConnection({
            name: new URL(url).host,
            baseUrl: url,
            ...(args.fieldNames ? { fieldNames: args.fieldNames } : {}),
          })
        : args.fieldNames && args.fieldNames !== found.fieldNames
          ? await onboarding.saveConnection({
              id: found.id,
              name: found.name,
              baseUrl: found.baseUrl,
              fieldNames: args.fieldNames,
            })
          : await onboarding.connectionView(found);
      connectionId = conn.id;
      if (tokenFromEnv) await secrets.set(connectionId, tokenFromEnv);
    } else if (core.sandboxConnectionId) {
      connectionId = core.sandboxConnectionId;
      if (!args.resume)
        view.log(
          `Using the built-in sandbox at ${core.sandbox!.url} (practice: nothing leaves this computer).`,
        );
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
        throw new UsageError(
          args.resume === true
            ? 'There is no unfinished job to resume.'
            : `No job "${args.resume}" is in the journal.`,
        );
      }
      jobId = job.id;
      // The job keeps its own connection: a token from --token-env is for that one.
      if (tokenFromEnv && job.connectionId !== core.sandboxConnectionId)
        await secrets.set(job.connectionId, tokenFromEnv);
      view.log(`Resuming job ${job.id} (${job.name}).`);
    } else if (retrySource) {
      if (retrySource.madeBefore) {
        const before = retrySource.madeBefore;
        view.log(
          `"${path.basename(retrySource.file)}" has not changed since it made job ${before.id} (${before.name}) on ${new Date(before.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC: its rows were taken then, so there is nothing new to send. To follow that job or write its results again: npm run onboard -- ${resumeCommand(args, before.id)}. To send more rows, fix them in the file, save it and run --retry-from again.`,
        );
        return nothingToSend(mode);
      }
      const { file, job: source } = retrySource;
      view.log(
        `${path.basename(file)} holds the results of job ${source.id} (${source.name.startsWith(path.basename(source.sourcePath)) ? source.name : `${source.name}, from ${path.basename(source.sourcePath)}`}).`,
      );
      const r = await onboarding.retryFromResults(file, source.id, CLI_WORDING);
      const counts = {
        retry: r.retry,
        stillInvalid: r.stillInvalid,
        alreadyDone: r.alreadyDone,
        unmatched: r.unmatched,
      };
      view.log(`${retrySummary(counts)}.`, {
        retryFrom: { ...counts, sourceJobId: source.id, jobId: r.jobId },
      });
      if (r.stillInvalid > 0)
        view.log(
          `The ${r.stillInvalid === 1 ? 'row' : `${r.stillInvalid} rows`} still invalid ${r.stillInvalid === 1 ? 'stays' : 'stay'} out of this job: fix ${r.stillInvalid === 1 ? 'it' : 'them'} in the file (the Error message column says what was wrong) and run --retry-from again.`,
        );
      if (r.unmatched > 0)
        view.log(
          `${r.unmatched === 1 ? 'One row matches' : `${r.unmatched} rows match`} no row of job ${source.id} (a new row, a row whose Source row was emptied, or a repeated row) and ${r.unmatched === 1 ? 'is' : 'are'} left alone. To add new suppliers, import them as a list of their own.`,
        );
      for (const line of retryDetails(r)) view.log(line);
      if (!r.jobId) {
        view.log('Nothing to send again: no job was made.');
        return nothingToSend(mode);
      }
      jobId = r.jobId;
      view.log(`Made job ${jobId} with the ${r.retry === 1 ? 'row' : 'rows'} to send again.`);
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
        const lines = preview.suggestion.fields
          .filter((f) => f.column !== null)
          .map((f) => `${f.field} ← "${f.header}"`)
          .join(', ');
        view.log(
          `Mapping${preview.suggestion.template ? ` (template "${preview.suggestion.template}")` : ' (suggested)'}: ${lines}`,
        );
      } else {
        mapping = await readMappingFile(path.resolve(args.mapping), headers);
      }
      if (args.saveMapping)
        await writeMappingFile(path.resolve(args.saveMapping), mapping, headers);
      const missing = missingRequiredFields(mapping);
      if (missing.length) {
        throw new AppFailure({
          code: 'mapping_incomplete',
          message: `No column was found for ${missing.join(', ')}. Write a mapping file (see --save-mapping for the format) and pass it with --mapping FILE.`,
        });
      }
      const created = await onboarding.createJob({
        path: file,
        sheet: args.sheet ?? preview.sheet,
        headerRow: preview.headerRow,
        connectionId,
        mapping,
        resultsAs: args.out?.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx',
        options: {
          skipExisting: args.skipExisting,
          screeningPeriod: args.screening,
          validate: args.validate,
        },
      });
      jobId = created.jobId;
      for (const note of created.notes) view.log(`Note: ${note.message}`);
      const s = created.summary;
      view.log(
        `Imported ${s.rows} rows from ${path.basename(file)} (sheet ${preview.sheet}, header in row ${preview.headerRow}): ${s.valid} valid, ${s.invalid} with problems, ${s.empty} empty.`,
      );
      printProblems(journal, jobId, view);
    }

    // ---- where the results go: a target that cannot be written is said before anything is sent
    const format = args.out?.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
    const out = args.out ? path.resolve(args.out) : onboarding.defaultExportPath(jobId, format);
    await checkExportTarget(
      out,
      `Nothing was sent. Name another results file: npm run onboard -- ${resumeCommand(args, jobId)} --out FILE.${format}`,
    );

    // ---- run
    let exit: RunExit | 'dry-run' = 'dry-run';
    if (!args.dryRun && interrupted) {
      exit = 'paused';
      view.log(
        `Stopped before sending anything. Continue with: npm run onboard -- ${resumeCommand(args, jobId)}`,
      );
    } else if (!args.dryRun) {
      const unsubscribe = services.bus.subscribe((event, payload) => {
        if (event === 'job:progress') view.progress(payload as never);
        else if (event === 'app:warning')
          view.log(`Warning: ${(payload as { message: string }).message}`);
      });
      const runningJob = jobId;
      pauseRun = () => void onboarding.pause(runningJob);
      const started = Date.now();
      let declined = false;
      try {
        if (args.checkOnly) exit = await onboarding.run(jobId, { mode: 'check', wait: true });
        else {
          // The identifier check first: the summary before the start counts what it found.
          let checked: RunExit | undefined;
          if (journal.counts(jobId).valid > 0)
            checked = await onboarding.run(jobId, { mode: 'check', wait: true });
          if (checked === undefined || checked === 'checked') {
            view.clearLive();
            const answer = await confirmStart(
              onboarding,
              jobId,
              args,
              mode,
              view,
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
      view.log(
        `Job ${job.state.replace(/_/g, ' ')} after ${formatDuration(Date.now() - started)}: ${summarizeCounts(journal.counts(jobId) as Record<string, number>)}`,
      );
      if (exit === 'access_denied')
        view.log(job.stateReason?.message ?? 'The API refused the token.');
      const sent = journal.getConnection(job.connectionId)?.fieldNames;
      if (job.stateReason?.code === 'api_field_names' && sent)
        view.log(
          `On the command line: run the list again with --base-url and --field-names ${otherFieldNames(sent)}; rows already created are found and not created twice.`,
        );
      if (exit === 'disk_full') {
        // The engine's warning said what happened; here is how to go on.
        view.log(
          `The results file was not written (the job is not finished). Once space is free on the disk of ${journal.folder}, continue with: npm run onboard -- ${resumeCommand(args, jobId)}`,
        );
      }
      if (declined)
        view.log(
          `Nothing was sent. Start the job later with: npm run onboard -- ${resumeCommand(args, jobId)}`,
        );
      else if (exit === 'paused' || exit === 'sent') {
        const still = summarizeCounts(
          Object.fromEntries(
            Object.entries(journal.counts(jobId)).filter(([s]) => !isSettled(s)),
          ) as Record<string, number>,
        );
        if (still) view.log(`Still running on the platform or waiting: ${still}.`);
        view.log(`Continue with: npm run onboard -- ${resumeCommand(args, jobId)}`);
      }
    }

    // ---- results
    const job = journal.getJob(jobId)!;
    if (!(args.resume !== undefined && !args.out && exit === 'paused') && exit !== 'disk_full') {
      const exported = await onboarding.exportJob(jobId, format, out, {
        exportAgain: (id) =>
          `The results are kept in the journal: npm run onboard -- ${resumeCommand(args, id)} --out ${format === 'csv' ? 'results.csv' : 'results.xlsx'} writes them to another file${format === 'csv' ? '' : ' (or --out results.csv as CSV)'}.`,
      });
      // Only the user may read it, and the app may replace it next time (services/fileGrants.ts).
      await services.grants.written(exported.path);
      if (exported.resultSheets.length > 1)
        view.log(
          `The results have more rows than one Excel sheet holds: they go on in ${exported.resultSheets.slice(1).join(', ')}.`,
        );
      if (exported.cutCells > 0)
        view.log(
          `${exported.cutCells} ${exported.cutCells === 1 ? 'cell was' : 'cells were'} longer than the 32,767 characters an Excel cell holds and ${exported.cutCells === 1 ? 'was' : 'were'} cut, marked "… [cut: N characters]"; --out FILE.csv keeps ${exported.cutCells === 1 ? 'it' : 'them'} whole.`,
        );
      view.log(
        `Results: ${shownPath(exported.path)} (${exported.rows} rows, ${exported.attention} need attention).`,
      );
    }
    const summary = summarize(journal, jobId);
    const line = summaryLine(summary);
    // With --json every line stays JSON: the summary line is an object carrying the same text.
    if (mode === 'json')
      console.log(JSON.stringify({ type: 'summary', jobId, state: job.state, ...summary, line }));
    else console.log(line);
    // --no-wait leaves rows on their way: not done, so not 0; a later --resume follows them.
    if (
      interrupted ||
      exit === 'paused' ||
      exit === 'disk_full' ||
      (exit === 'sent' && summary.pending > 0)
    )
      return EXIT.interrupted;
    if (exit === 'access_denied') return EXIT.auth;
    if (
      summary.invalid +
        summary.rejected +
        summary.failed +
        summary.validationRejected +
        summary.screeningAborted >
      0
    )
      return EXIT.rowsFailed;
    return EXIT.ok;
  } catch (e) {
    view.clearLive();
    const error: AppError =
      e instanceof UsageError ? { code: 'invalid_input', message: e.message } : toAppError(e);
    console.error(
      error.code === 'internal'
        ? `${error.message}${error.details?.cause ? ` (${String(error.details.cause)})` : ''}`
        : error.message,
    );
    if (error.code === 'api_access_denied' || error.code === 'api_no_token') return EXIT.auth;
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

function printProblems(journal: Journal, jobId: string, view: ProgressView): void {
  const page = journal.pageRows(jobId, { states: ['invalid'], limit: 20 });
  for (const row of page.rows) {
    for (const p of row.problems ?? []) view.log(`  ${p.message}`, { row: row.sourceRow });
  }
  if (page.nextCursor !== null)
    view.log('  … more rows have problems; see the Errors sheet of the results.');
}

process.exitCode = await main(process.argv.slice(2));
