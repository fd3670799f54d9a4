// `npm run onboard`: the command-line front door, the batch mode of the app. It calls the same
// services as the desktop app, directly, without a transport in between.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { endedNeedingUser, isAttentionOutcome } from '../../src-shared/outcomes';
import { FOLLOW_UP_STATES, isSettled } from '../../src-shared/rowStates';
import { AppFailure, toAppError, type AppError } from '../../src-shared/errors';
import {
  CREATE_FIELD_NAMES,
  otherFieldNames,
  type CreateFieldNames,
} from '../../src-shared/fieldNames';
import { MemorySecretStore, KeyringSecretStore, type SecretStore } from '../api';
import type { RunExit } from '../engine/jobRunner';
import { sandboxEngineSettings } from '../engine/settings';
import type { Journal, JournalRow } from '../journal/journal';
import { createAppServices, PRACTICE_SANDBOX, type AppServices } from '../services/appServices';
import type { Onboarding } from '../services/onboarding';
import { defaultDataDir, journalPathFor } from '../services/paths';
import { HELD_BY_OTHER_JOB } from '../services/plan';
import { APP_VERSION } from '../services/version';
import { checkExportTarget, missingRequiredFields, type Mapping } from '../workbook';
import { baseMain, isBaseCommand } from './baseCommands';
import { readMappingFile, writeMappingFile } from './mappingFile';
import { formatDuration, ProgressView, summarizeCounts, type OutputMode } from './progressView';
import { askYesNo, planLines, whatNeedsConfirming } from './planText';
import { CLI_WORDING, findRetrySource, retryDetails, retrySummary } from './retryFrom';

export const EXIT = { ok: 0, rowsFailed: 1, usage: 2, auth: 3, interrupted: 4 } as const;

const HELP = `Usage: npm run onboard -- <file> [options]
       npm run onboard -- --resume [JOB] [options]
       npm run onboard -- --retry-from RESULTS [options]

Imports a supplier list (.xlsx, .csv or .txt), maps its columns to the supplier payload,
validates every row, checks each identifier against the API, creates the new suppliers within
the API's rate limits, follows them until they exist (and screening and validation, when asked
for), and writes the results next to the input. Without --base-url or --connection it runs
against the built-in sandbox, a practice copy of the API on this computer.

File and mapping:
  --sheet NAME              the sheet to import (default: the first visible sheet)
  --mapping FILE|auto       a mapping file (JSON), or auto: suggested from the headers and from
                            saved templates (default: auto)
  --save-mapping FILE       write the mapping used to FILE, to reuse or edit it
What to do:
  --dry-run                 offline: import, map, validate and export; no API call
  --check-only              check every identifier (new, exists, ambiguous, pending); create nothing
  --skip-existing           leave suppliers that exist already alone (no screening/validation);
                            the default with --screening
  --include-existing        with --screening: screen (and validate) suppliers that exist
                            already as well
  --screening 2|5|10        request screening for that many years (may cost money or quota)
  --validate                request a validation of every supplier
  --yes                     confirm the summary printed before the start without being asked
  --send-held               send rows another unfinished job also holds (same supplier id and
                            source) instead of leaving them out of this job
  --no-wait                 stop once every row is sent; a later --resume follows the rest
  --resume [JOB]            continue a job from the journal (default: the latest unfinished)
  --retry-from FILE         a results file of an earlier run (.xlsx or .csv) with rows you fixed
                            in Excel (on its Results or Errors sheet): the rows not done whose
                            values you changed and that are valid now (whatever their Status
                            says) become a new job with the mapping, options and connection of
                            the job the file came from; rows already done are left alone. The new
                            job runs at once, and its results go next to FILE (FILE's name +
                            .results.xlsx)
Where:
  --base-url URL            the API (https://..., or http:// on this computer only)
  --connection NAME         a saved connection; its token is in the system keychain
  --token-env VAR           read the token from the environment variable VAR (automation)
  --field-names N           how the API at --base-url spells city and address in a creation:
                            city-address (the default) or locality-addressLine; kept with
                            that connection for later runs
  --journal FILE            the job journal (default: journal.sqlite in the data folder)
  --data-dir DIR            the data folder (default: the app's)
  --out FILE                the results file, .xlsx or .csv (default: next to the input)
  --sandbox-processing-ms N how long the built-in sandbox takes to create a supplier; with
                            --base-url or --connection: a sandbox there, polled at its pace
Output:
  --json                    machine-readable progress, one JSON object per line
  --help, --version

Before anything is sent, a summary says what the start will create and order, how long it will
take, and which suppliers another unfinished job holds. On a terminal it asks to confirm (y/N);
otherwise it goes on by itself only when no screening is ordered and no other job holds the same
suppliers, and else stops with exit code 2 unless --yes is given.

Exit codes: 0 every row done, 1 some rows invalid, rejected or failed, or a validation rejected
(a screening aborted), 2 usage or file error, or a start that needs confirming without a terminal
and without --yes, 3 authentication or permission error, 4 interrupted, paused because the disk
of the data folder
is full, or stopped by --no-wait before every row was done (continue with --resume).
The last line is a summary: rows= created= existing= invalid= rejected= failed= pending=
validation_rejected= screening_aborted= (suppliers whose validation the platform rejected, or
whose screening it stopped: they exist, but need you; counted in the exit code like rejected rows)
`;

interface Args {
  file: string | undefined;
  sheet: string | undefined;
  mapping: string;
  saveMapping: string | undefined;
  dryRun: boolean;
  checkOnly: boolean;
  baseUrl: string | undefined;
  connection: string | undefined;
  tokenEnv: string | undefined;
  fieldNames: CreateFieldNames | undefined;
  screening: 2 | 5 | 10 | null;
  validate: boolean;
  skipExisting: boolean;
  includeExisting: boolean;
  yes: boolean;
  sendHeld: boolean;
  out: string | undefined;
  journal: string | undefined;
  dataDir: string;
  /** --data-dir as given, to repeat it in the resume hint. */
  dataDirOption: string | undefined;
  resume: string | true | undefined;
  retryFrom: string | undefined;
  noWait: boolean;
  sandboxProcessingMs: number | undefined;
  json: boolean;
}

class UsageError extends Error {}

function parse(argv: string[]): Args | 'help' | 'version' {
  // --resume takes an optional value: a following word that is not an option and not a file.
  const args = [...argv];
  let resume: string | true | undefined;
  const r = args.indexOf('--resume');
  if (r >= 0) {
    const next = args[r + 1];
    if (next && !next.startsWith('--') && !/\.(xlsx|csv|txt)$/i.test(next)) {
      resume = next;
      args.splice(r, 2);
    } else {
      resume = true;
      args.splice(r, 1);
    }
  }
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: {
        sheet: { type: 'string' },
        mapping: { type: 'string' },
        'save-mapping': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'check-only': { type: 'boolean', default: false },
        'base-url': { type: 'string' },
        connection: { type: 'string' },
        'token-env': { type: 'string' },
        'field-names': { type: 'string' },
        screening: { type: 'string' },
        validate: { type: 'boolean', default: false },
        'skip-existing': { type: 'boolean', default: false },
        'include-existing': { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        'send-held': { type: 'boolean', default: false },
        out: { type: 'string' },
        journal: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-wait': { type: 'boolean', default: false },
        'retry-from': { type: 'string' },
        'sandbox-processing-ms': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (positionals.length > 1) throw new UsageError(`Give one file, not ${positionals.length}.`);
  const file = positionals[0];
  const retryFrom = values['retry-from'];
  if (!file && resume === undefined && retryFrom === undefined)
    throw new UsageError('Name the file to import, or use --resume or --retry-from.');
  if (retryFrom !== undefined) {
    if (retryFrom.trim() === '')
      throw new UsageError('--retry-from needs the results file to take the fixed rows from.');
    if (file)
      throw new UsageError(
        `Give a file to import or --retry-from with a results file, not both ("${file}" and "${retryFrom}").`,
      );
    if (resume !== undefined)
      throw new UsageError(
        '--resume continues a job, --retry-from makes a new one from a results file: use one of them.',
      );
    if (values['dry-run'])
      throw new UsageError(
        '--retry-from needs the journal of the run that wrote the results file; --dry-run works in a temporary one. Leave out --dry-run.',
      );
    const own = (
      [
        ['--sheet', values.sheet !== undefined],
        ['--mapping', values.mapping !== undefined],
        ['--save-mapping', values['save-mapping'] !== undefined],
        ['--skip-existing', values['skip-existing']],
        ['--include-existing', values['include-existing']],
        ['--screening', values.screening !== undefined],
        ['--validate', values.validate],
      ] as const
    )
      .filter(([, given]) => given)
      .map(([name]) => name);
    if (own.length)
      throw new UsageError(
        `--retry-from sends the rows with the mapping and options of the job the results file came from: leave out ${own.join(', ')}.`,
      );
    if (values.out && path.resolve(values.out) === path.resolve(retryFrom))
      throw new UsageError(
        '--out names the results file given to --retry-from, which would be overwritten. Choose another file for the new results.',
      );
  }
  let screening: Args['screening'] = null;
  if (values.screening !== undefined) {
    if (!['2', '5', '10'].includes(values.screening)) {
      throw new UsageError(`--screening takes 2, 5 or 10 (years), not "${values.screening}".`);
    }
    screening = Number(values.screening) as 2 | 5 | 10;
  }
  if (values['skip-existing'] && values['include-existing'])
    throw new UsageError('Use --skip-existing or --include-existing, not both.');
  if (values['include-existing'] && screening === null)
    throw new UsageError(
      '--include-existing goes with --screening: without screening, existing suppliers are included unless --skip-existing is given.',
    );
  let sandboxProcessingMs: number | undefined;
  if (values['sandbox-processing-ms'] !== undefined) {
    sandboxProcessingMs = Number(values['sandbox-processing-ms']);
    if (!Number.isInteger(sandboxProcessingMs) || sandboxProcessingMs < 0) {
      throw new UsageError('--sandbox-processing-ms takes a whole number of milliseconds.');
    }
  }
  if (values['base-url'] && values.connection) {
    throw new UsageError('Use --base-url or --connection, not both.');
  }
  const fieldNames = values['field-names'];
  if (fieldNames !== undefined) {
    if (!(CREATE_FIELD_NAMES as readonly string[]).includes(fieldNames)) {
      throw new UsageError(
        `--field-names takes ${CREATE_FIELD_NAMES.join(' or ')}, not "${fieldNames}".`,
      );
    }
    if (!values['base-url']) {
      throw new UsageError(
        '--field-names is a setting of the connection at --base-url: give --base-url too (a saved connection is changed in Connection settings).',
      );
    }
  }
  if (values['dry-run'] && values['check-only']) {
    throw new UsageError(
      '--dry-run makes no API call, so it cannot be combined with --check-only.',
    );
  }
  if (values.out && !/\.(xlsx|csv)$/i.test(values.out)) {
    throw new UsageError('--out must name an .xlsx or .csv file.');
  }
  return {
    file,
    sheet: values.sheet,
    mapping: values.mapping ?? 'auto',
    saveMapping: values['save-mapping'],
    dryRun: values['dry-run'] ?? false,
    checkOnly: values['check-only'] ?? false,
    baseUrl: values['base-url'],
    connection: values.connection,
    tokenEnv: values['token-env'],
    fieldNames: fieldNames as CreateFieldNames | undefined,
    screening,
    validate: values.validate ?? false,
    // Screening may cost money: suppliers that exist already are skipped unless included.
    skipExisting:
      (values['skip-existing'] ?? false) ||
      (screening !== null && !(values['include-existing'] ?? false)),
    includeExisting: values['include-existing'] ?? false,
    yes: values.yes ?? false,
    sendHeld: values['send-held'] ?? false,
    out: values.out,
    journal: values.journal,
    dataDir: path.resolve(values['data-dir'] ?? defaultDataDir()),
    dataDirOption: values['data-dir'],
    resume,
    retryFrom,
    noWait: values['no-wait'] ?? false,
    sandboxProcessingMs,
    json: values.json ?? false,
  };
}

export interface Summary {
  rows: number;
  created: number;
  existing: number;
  invalid: number;
  rejected: number;
  failed: number;
  pending: number;
  /** Of the rows above, those whose validation the platform rejected (or whose screening it
   *  aborted): the supplier exists, but the user has to act. */
  validationRejected: number;
  screeningAborted: number;
}

const FAILED = new Set(['needs_user', 'vanished', 'ambiguous']);
const SUPPLIER_STATES = new Set<string>([
  'created',
  'done',
  ...FOLLOW_UP_STATES,
  'exists',
  'skipped',
]);

export function summarize(journal: Journal, jobId: string): Summary {
  return summaryOf(journal.eachRow(jobId));
}

function summaryOf(rows: Iterable<JournalRow>): Summary {
  const s: Summary = {
    rows: 0,
    created: 0,
    existing: 0,
    invalid: 0,
    rejected: 0,
    failed: 0,
    pending: 0,
    validationRejected: 0,
    screeningAborted: 0,
  };
  for (const row of rows) count(s, row);
  return s;
}

function count(s: Summary, row: JournalRow): void {
  s.rows++;
  if (endedNeedingUser(row)) {
    if (isAttentionOutcome('validation', row.validationStatus)) s.validationRejected++;
    if (isAttentionOutcome('screening', row.screeningStatus)) s.screeningAborted++;
  }
  // Left out for another job that holds the same supplier: still to do, not existing.
  if (row.errorCode === HELD_BY_OTHER_JOB) s.pending++;
  else if (row.state === 'invalid') s.invalid++;
  else if (row.state === 'rejected') s.rejected++;
  else if (FAILED.has(row.state)) s.failed++;
  else if (row.state === 'cancelled') s.pending++;
  else if (SUPPLIER_STATES.has(row.state) && row.platformId) {
    // Made by this job's own create: answered 202, or confirmed by reconciling a lost answer
    // (which may have no creation UUID).
    if (row.createdByJob) s.created++;
    else s.existing++;
  } else if (row.state === 'skipped') s.existing++;
  else s.pending++;
}

export function summaryLine(s: Summary): string {
  return `rows=${s.rows} created=${s.created} existing=${s.existing} invalid=${s.invalid} rejected=${s.rejected} failed=${s.failed} pending=${s.pending} validation_rejected=${s.validationRejected} screening_aborted=${s.screeningAborted}`;
}

export async function main(argv: string[]): Promise<number> {
  // The supplier base (export, drift report): its own options, in cli/baseCommands.ts.
  if (isBaseCommand(argv)) return baseMain(argv);
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

/**
 * Prints the summary before the start and gets it confirmed: --yes, or y on a terminal (asked
 * before every first start, and before a resume only when it orders more than was confirmed or
 * meets another job's suppliers). Without a terminal the start goes on only when nothing needs
 * confirming; else it is refused with the sentence naming --yes. Rows another unfinished job
 * holds are left out unless --send-held.
 */
async function confirmStart(
  onboarding: Onboarding,
  jobId: string,
  args: Args,
  mode: OutputMode,
  view: ProgressView,
  stopped: () => boolean,
): Promise<'go' | 'declined' | 'refused'> {
  const plan = onboarding.plan(jobId);
  if (mode === 'json') view.log('Before you start', { plan });
  else for (const line of planLines(plan, args.sendHeld)) view.log(line);
  const leaveOutHeld = plan.heldRows > 0 && !args.sendHeld;
  const terminal = mode !== 'json' && process.stdin.isTTY === true;
  const firstStart = plan.rows.underway === 0;
  let confirmed = args.yes;
  if (!confirmed && terminal && (firstStart || plan.needsConfirmation)) {
    confirmed = await askYesNo('Start?', false);
    if (!confirmed || stopped()) return 'declined';
  } else if (!confirmed && plan.needsConfirmation) {
    // A job this command made is cancelled, so that running it again with --yes does not meet
    // it as another job holding the same suppliers; a resumed one stays as it was.
    const made = args.resume === undefined && args.retryFrom === undefined;
    if (made) await onboarding.cancel(jobId);
    console.error(
      `${whatNeedsConfirming(plan)} Nothing was sent${made ? ` (job ${jobId} was cancelled)` : ''}. Check the summary above, then run the same command again with --yes to confirm it${plan.heldRows > 0 ? ' (add --send-held to send the rows another job holds as well)' : ''}.`,
    );
    return 'refused';
  }
  if (stopped()) return 'declined';
  const { leftOut } = onboarding.confirmStart(jobId, { confirmed, leaveOutHeld });
  if (leftOut > 0)
    view.log(
      `Left out ${leftOut === 1 ? '1 row' : `${leftOut} rows`} another job holds; the results show ${leftOut === 1 ? 'it' : 'them'} as skipped.`,
    );
  return 'go';
}

/** The options a later `--resume` needs to find the same journal and token. */
function resumeCommand(args: Args, jobId: string): string {
  const quote = (v: string) => (/^[\w./:@=+-]+$/.test(v) ? v : `"${v}"`);
  const parts = ['--resume', jobId];
  if (args.dataDirOption) parts.push('--data-dir', quote(args.dataDirOption));
  if (args.journal) parts.push('--journal', quote(args.journal));
  if (args.tokenEnv) parts.push('--token-env', quote(args.tokenEnv));
  if (args.sandboxProcessingMs !== undefined)
    parts.push('--sandbox-processing-ms', String(args.sandboxProcessingMs));
  if (args.json) parts.push('--json');
  return parts.join(' ');
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
