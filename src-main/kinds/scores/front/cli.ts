// `npm run onboard -- FILE --operation scores --perspective ID [--layout wide|long]`: a scores
// job on the command line (docs/architecture.md, "The scores job"): the kind's `command`
// (front/index.ts), which cli/onboard.ts runs through the registry when the arguments ask for
// `--operation scores`; the same data folder, journal, connections, exit codes and resume as the
// onboarding.
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { toAppError } from '../../../../src-shared/errors';
import {
  langFromEnv,
  word,
  wordFailure,
  type Lang,
  type MessageKey,
  type Params,
} from '../../../../src-shared/i18n';
import { reportedProblemText } from '../../../../src-shared/i18n/reported';
import type { ScoresLayout } from '../../../../src-shared/operations';
import { EXIT } from '../../../cli/args';
import { cliNetwork, connectionAt, tokenStore } from '../../../cli/connection';
import type { RunExit } from '../../../engine/runTypes';
import { sandboxEngineSettings } from '../../../engine/settings';
import {
  createAppServices,
  PRACTICE_SANDBOX,
  type AppServices,
} from '../../../services/appServices';
import { journalPathFor, defaultDataDir } from '../../../services/paths';
import { defaultExportPath, ownResults } from '../../../services/onboarding/results';
import { KINDS, kindOf } from '../..';
import { createScoresJob } from '../job';
import { exportScoresResults, type ScoresSummary } from '../results';
import { countsLine } from '../../../cli/summary';

export const SCORES_HELP = `Usage: npm run onboard -- <file> --operation scores --perspective ID [options]
       npm run onboard -- --operation scores --resume [JOB] [options]

Uploads the scores of a sheet as external scores of a perspective's event types: reads the
perspective's event types, maps the sheet (wide: a column per event type named by its key or
name, a row per supplier; long: Event type, Score and Comment columns, a row per score), names
the supplier by Supplier ID (+ Source), Customer ID, Own ID or Platform ID, validates every cell
(a whole number from 1 to 100, a known event type, an identifier), sends the scores in batches of
up to 100 suppliers and 50 scores each within the API's write limit, and writes the results
(per row and score: written, or rejected with the reason) next to the input.

  --perspective ID          the perspective whose event types the scores belong to
  --layout wide|long        the sheet's layout (default: wide)
  --sheet NAME              the sheet to read (default: the first visible sheet)
  --resume [JOB]            continue a scores job from the journal (default: the latest unfinished)
  --base-url URL            the API (without it: the built-in sandbox)
  --token-env VAR           read the token from the environment variable VAR
  --journal FILE, --data-dir DIR, --out FILE.xlsx
  --sandbox-processing-ms N with --base-url: a sandbox there, whose lost answers are settled at
                            its pace (after N ms, 0.5 to 5 s) instead of the real API's 45 s
  --yes, --json             taken as the import takes them, but a scores job asks nothing
                            before its start and writes plain lines
  --help                    this text

Exit codes: 0 every score written, 1 some rows to fix or scores rejected, 2 usage or file error,
3 authentication or permission error, or external scores not enabled for the organisation
(the job is paused; resume it once enabled), 4 interrupted.
The last line is a summary: rows= scores= written= rejected= invalid= unsent=
`;

export function scoresSummaryLine(s: ScoresSummary): string {
  return countsLine(KINDS.scores, s);
}

export async function scoresMain(argv: string[]): Promise<number> {
  const lang: Lang = langFromEnv(process.env);
  const t = (key: MessageKey, params?: Params) => word(lang, key, params);
  const args = [...argv];
  let resume: string | true | undefined;
  const r = args.indexOf('--resume');
  if (r >= 0) {
    const next = args[r + 1];
    resume = next && !next.startsWith('--') && !/\.(xlsx|csv|txt)$/i.test(next) ? next : true;
    args.splice(r, resume === true ? 1 : 2);
  }
  let o: ReturnType<typeof parseOptions>;
  try {
    o = parseOptions(args);
  } catch (e) {
    console.error(String((e as Error).message));
    return EXIT.usage;
  }
  if (o.values.help) {
    process.stdout.write(SCORES_HELP);
    return EXIT.ok;
  }
  const file = o.positionals[0];
  const perspectiveId = o.values.perspective;
  const layout = (o.values.layout ?? 'wide') as ScoresLayout;
  const processingMs =
    o.values['sandbox-processing-ms'] === undefined
      ? undefined
      : Number(o.values['sandbox-processing-ms']);
  if (
    (resume === undefined && (!file || !perspectiveId)) ||
    !['wide', 'long'].includes(layout) ||
    (processingMs !== undefined && (!Number.isInteger(processingMs) || processingMs < 0))
  ) {
    console.error(t('scores.cli.usage'));
    return EXIT.usage;
  }
  let services: AppServices | undefined;
  let pause: (() => void) | undefined;
  let stops = 0;
  const onSignal = () => {
    if (++stops > 1) process.exit(EXIT.interrupted);
    pause?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const dataDir = o.values['data-dir'] ? path.resolve(o.values['data-dir']) : defaultDataDir();
    const { tokenFromEnv, secrets } = tokenStore(o.values['token-env']);
    const useSandbox = !o.values['base-url'];
    services = createAppServices({
      dataDir,
      journalPath: o.values.journal ? path.resolve(o.values.journal) : journalPathFor(dataDir),
      transport: 'direct',
      secrets,
      network: cliNetwork(lang),
      sandbox: useSandbox ? PRACTICE_SANDBOX : false,
      // A sandbox at --base-url: follow its pace, as the onboarding's command line does.
      ...(processingMs !== undefined
        ? { engineSettings: sandboxEngineSettings(processingMs) }
        : {}),
    });
    const core = await services.ready();
    const { journal, engine, onboarding } = core;
    let jobId: string;
    if (resume !== undefined) {
      const jobs = journal.listJobs().filter((j) => kindOf(j.options) === KINDS.scores);
      const job =
        resume === true
          ? jobs
              .filter((j) => !['finished', 'cancelled'].includes(j.state))
              .sort((a, b) => b.updatedAt - a.updatedAt)[0]
          : journal.listJobs().find((j) => j.id === resume || j.id.startsWith(resume as string));
      if (!job) {
        console.error(
          t(resume === true ? 'cli.resume.none' : 'cli.resume.unknown', { job: String(resume) }),
        );
        return EXIT.usage;
      }
      if (kindOf(job.options) !== KINDS.scores) {
        console.error(t('scores.cli.notScoresJob', { job: job.id }));
        return EXIT.usage;
      }
      jobId = job.id;
      if (tokenFromEnv && job.connectionId !== core.sandboxConnectionId)
        await secrets.set(job.connectionId, tokenFromEnv);
      console.log(t('cli.resume.resuming', { job: job.id, name: job.name }));
    } else {
      let connectionId: string;
      if (o.values['base-url']) {
        connectionId = await connectionAt(journal, onboarding, o.values['base-url']);
        if (tokenFromEnv) await secrets.set(connectionId, tokenFromEnv);
      } else {
        connectionId = core.sandboxConnectionId!;
        console.log(t('cli.connection.sandbox', { url: core.sandbox!.url }));
      }
      const types = await engine.runtime(connectionId).api.listEventTypes(perspectiveId!);
      if (types.kind !== 'ok') {
        const error =
          types.kind === 'access_denied' && !types.permission && types.loggedIn !== false
            ? { code: 'api_access_denied', params: { reason: 'scores_not_enabled' } }
            : { code: 'api_unexpected_response', message: JSON.stringify(types) };
        console.error(wordFailure(lang, error));
        return types.kind === 'access_denied' ? EXIT.auth : EXIT.usage;
      }
      if (!types.value.length) {
        console.error(t('scores.cli.noEventTypes', { perspectiveId: perspectiveId! }));
        return EXIT.usage;
      }
      const keys = types.value.map((e) => e.eventTypeKey).join(', ');
      console.log(
        t('scores.cli.eventTypes', {
          perspectiveId: perspectiveId!,
          count: types.value.length,
          keys,
        }),
      );
      const made = await createScoresJob(journal, {
        path: path.resolve(file!),
        sheet: o.values.sheet,
        connectionId,
        perspectiveId: perspectiveId!,
        layout,
        eventTypes: types.value,
        lang,
      }).catch((e: unknown) => {
        const problem = toAppError(e).details?.problem;
        if (typeof problem === 'string' && problem.startsWith('scores.cli.')) {
          console.error(t(problem as MessageKey, { perspectiveId: perspectiveId!, keys }));
          return undefined;
        }
        throw e;
      });
      if (!made) return EXIT.usage;
      const m = made.mapping;
      console.log(
        t('scores.cli.mapped', {
          layout,
          identifier: Object.entries(m.identifier)
            .map(([k, c]) => `${k} ← "${made.headers[c] ?? ''}"`)
            .join(', '),
          scores:
            layout === 'wide'
              ? m.eventTypeColumns
                  .map((e) => `${e.eventTypeKey} ← "${made.headers[e.column] ?? ''}"`)
                  .join(', ')
              : `"${made.headers[m.eventType!] ?? ''}", "${made.headers[m.score!] ?? ''}"`,
        }),
      );
      console.log(
        t('scores.cli.imported', {
          rows: made.rows,
          file: path.basename(file!),
          valid: made.valid,
          scores: made.scores,
          invalid: made.invalid,
        }),
      );
      jobId = made.jobId;
      let shown = 0;
      for (const row of journal.eachRow(jobId)) {
        if (row.state !== 'invalid') continue;
        for (const p of row.problems ?? []) {
          if (shown++ >= 20) break;
          const problem = reportedProblemText(lang, p);
          console.log(t('scores.cli.problem', { row: row.sourceRow, problem }));
        }
      }
    }
    pause = () => void engine.pause(jobId);
    const unsubscribe = services.bus.subscribe((event, payload) => {
      if (event === 'app:warning') console.error((payload as { message: string }).message);
    });
    let exit: RunExit;
    try {
      exit = await engine.run(jobId, { mode: 'run', wait: true });
    } finally {
      unsubscribe();
      pause = undefined;
    }
    const job = journal.getJob(jobId)!;
    if (exit === 'access_denied' && job.stateReason) {
      console.error(wordFailure(lang, job.stateReason));
    }
    // Named for the kind, never over another job's results (services/onboarding/results.ts).
    const out = o.values.out
      ? path.resolve(o.values.out)
      : defaultExportPath({ journal }, jobId, 'xlsx');
    const summary = await exportScoresResults(
      journal,
      jobId,
      out,
      /\.csv$/i.test(out) ? 'csv' : 'xlsx',
    );
    ownResults({ journal }, jobId, out);
    console.log(t('scores.cli.results', { path: out }));
    console.log(scoresSummaryLine(summary));
    if (exit === 'access_denied') return EXIT.auth;
    if (exit === 'paused' || exit === 'disk_full' || exit === 'cancelled') return EXIT.interrupted;
    return summary.invalid || summary.rejected || summary.unsent ? EXIT.rowsFailed : EXIT.ok;
  } catch (e) {
    const error = toAppError(e);
    console.error(wordFailure(lang, error));
    return EXIT.usage;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await services?.close();
  }
}

/** The options of a scores job; SCORES_HELP names each of them (test/main/cli/help.test.ts). */
export const SCORES_OPTIONS = {
  operation: { type: 'string' },
  perspective: { type: 'string' },
  layout: { type: 'string' },
  sheet: { type: 'string' },
  'base-url': { type: 'string' },
  'token-env': { type: 'string' },
  journal: { type: 'string' },
  'data-dir': { type: 'string' },
  out: { type: 'string' },
  'sandbox-processing-ms': { type: 'string' },
  yes: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const satisfies ParseArgsOptionsConfig;

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: SCORES_OPTIONS,
  });
}
