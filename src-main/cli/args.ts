// The command line's options: the help text, and the checks that turn argv into Args (or a usage
// error, worded in the user's language by the caller).
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { CREATE_FIELD_NAMES, type CreateFieldNames } from '../../src-shared/fieldNames';
import { word, type MessageKey } from '../../src-shared/i18n';
import { parseIdentifierTypes, type IdentifierTypes } from '../../src-shared/identifierTypes';
import type { Operation, OperationOptions } from '../../src-shared/operations';
import { KINDS, kindOf, kindsByName } from '../kinds/registry';
import type { JobKind, KindCliOption } from '../kinds/types';
import { defaultDataDir } from '../services/paths';
import { UsageError, type CliKey } from './words';

export { UsageError };

/** The exit codes of both commands (the import and the supplier base), as their help texts say. */
export const EXIT = { ok: 0, rowsFailed: 1, usage: 2, auth: 3, interrupted: 4 } as const;

/** The kinds whose jobs the import makes (not those with a command of their own), and each
 *  kind's own options with their kind: read from the registry when asked, so that a kind
 *  registered at run time (`registerKind`) is taken by --operation as a built-in one is. */
const importKinds = () => (Object.values(KINDS) as JobKind[]).filter((k) => !k.cli.ownCommand);
const kindsOptions = (): ReadonlyArray<{ kind: Operation; option: KindCliOption }> =>
  importKinds().flatMap((kind) => kind.cli.options.map((option) => ({ kind: kind.name, option })));
const KIND_OPTIONS = kindsOptions();

/** A help line: the option and its value in a column of 26, its words wrapped under them. */
function helpLine(option: string, words: string): string {
  const out: string[] = [];
  let line = `  ${option}`.padEnd(28);
  if (line.length > 28) {
    out.push(line.trimEnd());
    line = ' '.repeat(28);
  }
  let fresh = true;
  for (const w of words.split(' ')) {
    if (!fresh && line.length + 1 + w.length > 95) {
      out.push(line);
      line = ' '.repeat(28) + w;
    } else line += (fresh ? '' : ' ') + w;
    fresh = false;
  }
  out.push(line);
  return out.join('\n') + '\n';
}

/** The kinds' own options in the help, in the kinds' order. */
const KIND_HELP = KIND_OPTIONS.map(({ option }) =>
  helpLine(`--${option.flag} ${option.value}`, word('en', option.help)),
).join('');

/** The kinds in the help's lists (kinds/ cli.help): the default first, the others by name. */
const DEFAULT_KIND = kindOf({});
const HELP_KINDS = kindsByName();
/** A kind's usage line, made from its name and its options: an option that makes its own job
 *  (--undo) has a line of its own, after the kinds'. */
const USAGE_KINDS = HELP_KINDS.filter((k) => !k.cli.ownCommand);
const KIND_USAGE = [
  ...USAGE_KINDS.filter((k) => k !== DEFAULT_KIND).map((k) =>
    [
      `<file> --operation ${k.name}`,
      ...k.cli.options.filter((o) => !o.standsAlone).map((o) => `[--${o.flag} ${o.value}]`),
      '[options]',
    ].join(' '),
  ),
  ...USAGE_KINDS.flatMap((k) => k.cli.options.filter((o) => o.standsAlone)).map(
    (o) => `--${o.flag} ${o.value} [options]`,
  ),
]
  .map((usage) => `       npm run onboard -- ${usage}\n`)
  .join('');
/** What each kind does, under --operation KIND. */
const KIND_WHAT = HELP_KINDS.flatMap((k) => k.cli.help?.what ?? [])
  .map((line, i) => (i === 0 ? helpLine('--operation KIND', line) : `${' '.repeat(28)}${line}\n`))
  .join('');
/** What a job of each kind ends with: the others in the kinds' order, the default's last. */
const KIND_ENDS = [
  ...(Object.values(KINDS) as JobKind[]).filter((k) => k !== DEFAULT_KIND),
  DEFAULT_KIND,
]
  .flatMap((k) => k.cli.help?.ends ?? [])
  .map((line) => `${line}\n`)
  .join('');

export const HELP = `Usage: npm run onboard -- <file> [options]
       npm run onboard -- --resume [JOB] [options]
       npm run onboard -- --retry-from RESULTS [options]
${KIND_USAGE}
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
${KIND_WHAT}${KIND_HELP}  --dry-run                 offline: import, map, validate and export; no API call
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
  --duplicates keep|skip|attach
                            decide at once for every row the check holds back as a likely
                            duplicate (of other rows of the list, or of a supplier the platform
                            has), after the check and before the start: keep creates them all;
                            skip keeps the first row (the lowest row number) of each group of
                            the list and leaves out the others and the rows like a platform
                            supplier; attach attaches each row like a platform supplier to the
                            best match (its ids go there, nothing is created) and leaves the
                            groups of the list as skip does. Without it a terminal asks; else
                            those rows wait (not created) and the run ends with exit code 1
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
                            that connection for later runs; with --resume, the resumed
                            job's connection takes it and the rows refused for the old names
                            go again in that job
  --identifier-types T      what the API calls the customer id and the own id in identifier
                            requests, e.g. CUSTOMER_ID=CUST,OWN_ID=OWN (default
                            CUSTOMER_ID=CUSTOMER_ID,OWN_ID=OWN_ID); kept with the connection
                            at --base-url or named by --connection; with --resume, the resumed
                            job's connection takes it and the rows refused for the type go
                            again in that job
  --journal FILE            the job journal (default: journal.sqlite in the data folder)
  --data-dir DIR            the data folder (default: the app's)
  --out FILE                the results file, .xlsx or .csv (default: next to the input)
  --sandbox-processing-ms N how long the built-in sandbox takes to create a supplier; with
                            --base-url or --connection: a sandbox there, polled at its pace
Output:
  --json                    machine-readable progress, one JSON object per line
  --help, --version
The supplier base (each with its own options: add --help):
  --export-suppliers FILE.xlsx
                            write every active supplier of the platform to FILE.xlsx
  --drift LIST              compare each row of a supplier list with the platform's supplier of
                            the same supplier ID and write a report of what differs

Before anything is sent, a summary says what the start will create and order, how long it will
take, and which suppliers another unfinished job holds. On a terminal it asks to confirm (y/N);
otherwise it goes on by itself only when no screening is ordered and no other job holds the same
suppliers, and else stops with exit code 2 unless --yes is given.

Exit codes: 0 every row done; 1 some rows need you: invalid, rejected or failed, a validation
rejected (a screening aborted), a row naming a supplier the platform does not know (not_found),
an identifier on another supplier (on_other), or rows that wait for your decision as likely
duplicates (counted as pending; decide with --resume JOB --duplicates keep|skip|attach, or in
the app); 2 usage or file error, or a start that needs confirming without a terminal and without
--yes; 3 authentication or permission error; 4 interrupted, paused because the disk of the data
folder is full, or stopped by --no-wait before every row was done (continue with --resume).
${KIND_ENDS}`;

/** What --duplicates decides for every row waiting as a likely duplicate (cli/duplicates.ts). */
export const DUPLICATES_CHOICES = ['keep', 'skip', 'attach'] as const;
export type DuplicatesChoice = (typeof DUPLICATES_CHOICES)[number];

export interface Args {
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
  /** --identifier-types: the connection's names of the customer id and the own id. */
  identifierTypes: IdentifierTypes | undefined;
  screening: 2 | 5 | 10 | null;
  validate: boolean;
  skipExisting: boolean;
  includeExisting: boolean;
  yes: boolean;
  sendHeld: boolean;
  /** --duplicates: the decision for every row the check holds back as a likely duplicate. */
  duplicates: DuplicatesChoice | undefined;
  /** The kind of job (src-shared/operations.ts); onboard when not given. */
  operation: Operation;
  /** The job options the kind's own options set (--action: an identifiers job's action for
   *  every row without an Action column). */
  kindOptions: Partial<OperationOptions>;
  /** --undo JOB: the onboarding job whose created suppliers are deactivated. */
  undo: string | undefined;
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

/** The options the import parses (scores and the supplier base parse their own); --help names
 *  each of them (test/main/cli/help.test.ts). */
const IMPORT_OPTIONS = {
  sheet: { type: 'string' },
  mapping: { type: 'string' },
  'save-mapping': { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  'check-only': { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  connection: { type: 'string' },
  'token-env': { type: 'string' },
  'field-names': { type: 'string' },
  'identifier-types': { type: 'string' },
  screening: { type: 'string' },
  validate: { type: 'boolean', default: false },
  'skip-existing': { type: 'boolean', default: false },
  'include-existing': { type: 'boolean', default: false },
  yes: { type: 'boolean', short: 'y', default: false },
  'send-held': { type: 'boolean', default: false },
  duplicates: { type: 'string' },
  operation: { type: 'string' },
  out: { type: 'string' },
  journal: { type: 'string' },
  'data-dir': { type: 'string' },
  'no-wait': { type: 'boolean', default: false },
  'retry-from': { type: 'string' },
  'sandbox-processing-ms': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
  version: { type: 'boolean', default: false },
} as const satisfies ParseArgsOptionsConfig;

/** Every option the import parses: its own and the kinds' (each of those takes a value, read by
 *  its flag apart from the import's), the kinds as registered now. */
export function importOptions(): typeof IMPORT_OPTIONS {
  const kinds = Object.fromEntries(
    kindsOptions().map(({ option }) => [option.flag, { type: 'string' as const }]),
  );
  // The kinds' values are read by their flags (kindOfArgs), the import's by their names.
  return { ...IMPORT_OPTIONS, ...kinds } as typeof IMPORT_OPTIONS;
}

/** Whether an option of the import was given (a flag set, or a value). */
const givenIn = (values: Record<string, unknown>, flag: string) =>
  values[flag] !== undefined && values[flag] !== false;

/** The kind of the job and the job options its own options set, checked: an option of another
 *  kind, a value it does not take, a file beside an option that makes its own job, and the
 *  import's options the kind refuses are usage errors. */
function kindOfArgs(
  values: Record<string, unknown>,
  standing: { file: string | undefined; resume: unknown; retryFrom: string | undefined },
): { operation: Args['operation']; kindOptions: Partial<OperationOptions>; undo?: string } {
  const named = (values.operation as string | undefined) ?? 'onboard';
  if (!importKinds().some((k) => k.name === named))
    // Every kind this command line knows, those with a command of their own too (as registered).
    throw new UsageError('cli.usage.operation', {
      given: named,
      kinds: kindsByName()
        .map((k) => k.name)
        .join(', '),
    });
  const given = kindsOptions().flatMap(({ kind, option }) => {
    const value = values[option.flag];
    return typeof value === 'string' ? [{ kind, option, value }] : [];
  });
  for (const { kind, option, value } of given) {
    if (option.otherKind && kind !== named) throw new UsageError(cliKey(option.otherKind));
    if (option.choices && !option.choices.includes(value))
      throw new UsageError(cliKey(option.refused ?? 'cli.usage.badOption'), { given: value });
  }
  const standsAlone = given.find((g) => g.option.standsAlone);
  if (
    standsAlone?.option.standsAlone &&
    (standing.file || standing.resume !== undefined || standing.retryFrom !== undefined)
  )
    throw new UsageError(cliKey(standsAlone.option.standsAlone));
  // An option that makes its own kind's job decides the kind (--undo makes a deactivation).
  const operation = (given.find((g) => g.option.makesKind)?.kind ?? named) as Args['operation'];
  const refuses = KINDS[operation].cli.refuses;
  const madeBy = given.filter((g) => g.kind === operation && g.option.makesKind);
  // With --undo, the kind refuses what its option refuses too (--dry-run); else only its own.
  const refused = refuses
    ? [...refuses.flags, ...madeBy.flatMap((g) => g.option.alsoRefuses ?? [])].filter((f) =>
        givenIn(values, f),
      )
    : [];
  if (refuses && refused.length)
    throw new UsageError(cliKey(refuses.key), {
      options: refused.map((f) => `--${f}`).join(', '),
    });
  const kindOptions = Object.fromEntries(given.map((g) => [g.option.sets, g.value]));
  const undo = given.find((g) => g.option.sets === 'undoOf')?.value;
  return { operation, kindOptions, ...(undo !== undefined ? { undo } : {}) };
}

/** A kind's catalogue key of the command line. */
function cliKey(key: MessageKey): CliKey {
  return key as CliKey;
}

export function parse(argv: string[]): Args | 'help' | 'version' {
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
      options: importOptions(),
      strict: true,
      allowPositionals: true,
    }));
  } catch (e) {
    throw new UsageError('cli.usage.badOption', {
      detail: e instanceof Error ? e.message : String(e),
    });
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (positionals.length > 1)
    throw new UsageError('cli.usage.oneFile', { count: positionals.length });
  const file = positionals[0];
  const retryFrom = values['retry-from'];
  const { operation, kindOptions, undo } = kindOfArgs(values, { file, resume, retryFrom });
  if (!file && resume === undefined && retryFrom === undefined && undo === undefined)
    throw new UsageError('cli.usage.noFile');
  if (retryFrom !== undefined) {
    if (retryFrom.trim() === '') throw new UsageError('cli.usage.retryFromEmpty');
    if (file) throw new UsageError('cli.usage.fileAndRetryFrom', { file, results: retryFrom });
    if (resume !== undefined) throw new UsageError('cli.usage.resumeAndRetryFrom');
    if (values['dry-run']) throw new UsageError('cli.usage.retryFromDryRun');
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
      throw new UsageError('cli.usage.retryFromOwnOptions', { options: own.join(', ') });
    if (values.out && path.resolve(values.out) === path.resolve(retryFrom))
      throw new UsageError('cli.usage.outIsRetryFrom');
  }
  const duplicates = values.duplicates;
  if (duplicates !== undefined && !(DUPLICATES_CHOICES as readonly string[]).includes(duplicates))
    throw new UsageError('cli.usage.duplicates', { given: duplicates });
  if (duplicates !== undefined && values['dry-run'])
    throw new UsageError('cli.usage.duplicatesDryRun');
  let screening: Args['screening'] = null;
  if (values.screening !== undefined) {
    if (!['2', '5', '10'].includes(values.screening)) {
      throw new UsageError('cli.usage.screening', { given: values.screening });
    }
    screening = Number(values.screening) as 2 | 5 | 10;
  }
  if (values['skip-existing'] && values['include-existing'])
    throw new UsageError('cli.usage.skipAndInclude');
  if (values['include-existing'] && screening === null)
    throw new UsageError('cli.usage.includeWithoutScreening');
  let sandboxProcessingMs: number | undefined;
  if (values['sandbox-processing-ms'] !== undefined) {
    sandboxProcessingMs = Number(values['sandbox-processing-ms']);
    if (!Number.isInteger(sandboxProcessingMs) || sandboxProcessingMs < 0) {
      throw new UsageError('cli.usage.processingMs');
    }
  }
  if (values['base-url'] && values.connection) {
    throw new UsageError('cli.usage.baseUrlAndConnection');
  }
  const fieldNames = values['field-names'];
  if (fieldNames !== undefined) {
    if (!(CREATE_FIELD_NAMES as readonly string[]).includes(fieldNames)) {
      throw new UsageError('cli.usage.fieldNames', {
        first: CREATE_FIELD_NAMES[0],
        second: CREATE_FIELD_NAMES[1],
        given: fieldNames,
      });
    }
    // With --resume: the resumed job's connection takes the other spelling.
    if (!values['base-url'] && resume === undefined) {
      throw new UsageError('cli.usage.fieldNamesWithoutBaseUrl');
    }
  }
  let identifierTypes: IdentifierTypes | undefined;
  if (values['identifier-types'] !== undefined) {
    identifierTypes = parseIdentifierTypes(values['identifier-types']);
    if (!identifierTypes)
      throw new UsageError('cli.usage.identifierTypes', { given: values['identifier-types'] });
    if (!values['base-url'] && !values.connection && resume === undefined)
      throw new UsageError('cli.usage.identifierTypesWithoutConnection');
  }
  if (values['dry-run'] && values['check-only']) {
    throw new UsageError('cli.usage.dryRunCheckOnly');
  }
  if (values.out && !/\.(xlsx|csv)$/i.test(values.out)) {
    throw new UsageError('cli.usage.out');
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
    identifierTypes,
    screening,
    validate: values.validate ?? false,
    // Screening may cost money: suppliers that exist already are skipped unless included.
    skipExisting:
      (values['skip-existing'] ?? false) ||
      (screening !== null && !(values['include-existing'] ?? false)),
    includeExisting: values['include-existing'] ?? false,
    yes: values.yes ?? false,
    sendHeld: values['send-held'] ?? false,
    duplicates: duplicates as DuplicatesChoice | undefined,
    operation,
    kindOptions,
    undo,
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
