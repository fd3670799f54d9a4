// `--retry-from FILE`: a results file the user fixed in Excel, brought back on the command line.
// Here: the file exists, a job of this journal wrote it, and it did not make a job already; the
// onboarding service then checks it is a results file that fits that job, and makes the retry job.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Job, Journal } from '../journal/journal';
import { fold, resultsJobOf, type ResultsFileWording } from '../services/resultsFile';
import { zerosPaddedSentence } from '../../src-shared/retryWords';
import { inspectFile } from '../workbook';
import type { Args } from './args';
import { jobConnectionLine } from './connection';
import { CliFailure, cliWords, UsageError, type Words } from './words';

export interface RetrySource {
  /** The results file, resolved. */
  file: string;
  /** The job whose results the file holds. */
  job: Job;
  /** A job made earlier from this very file, unchanged since: its rows were taken then. */
  madeBefore: Job | undefined;
}

export interface RetryCounts {
  retry: number;
  stillInvalid: number;
  alreadyDone: number;
  unmatched: number;
}

/** "312 rows to send again, 5 still invalid (see the Status column), 9,680 already done, ..." */
export function retrySummary(c: RetryCounts, w: Words = cliWords('en')): string {
  return w.n('cli.retry.summary', c.retry, {
    stillInvalid: w.num(c.stillInvalid),
    alreadyDone: w.num(c.alreadyDone),
    unmatched: w.num(c.unmatched),
  });
}

const rowList = (rows: readonly number[], total: number, w: Words) =>
  total > rows.length
    ? w.t('cli.retry.andMore', { rows: rows.join(', '), count: w.num(total - rows.length) })
    : rows.join(', ');

/** What happens to the rows that are neither sent nor plainly done or invalid, one sentence each. */
export function retryDetails(
  r: {
    unchanged: number;
    doneButChanged: number;
    doneButChangedRows: readonly number[];
    conflicts: number;
    conflictRows: readonly number[];
    zerosPadded?: number;
    zerosPaddedRows?: ReadonlyArray<{ sourceRow: number; from: string; to: string }>;
  },
  w: Words = cliWords('en'),
): string[] {
  const lines: string[] = [];
  const padded = zerosPaddedSentence(w.lang, {
    zerosPadded: r.zerosPadded ?? 0,
    zerosPaddedRows: r.zerosPaddedRows ?? [],
  });
  if (padded) lines.push(padded);
  if (r.unchanged > 0) lines.push(w.n('cli.retry.unchangedRows', r.unchanged));
  if (r.doneButChanged > 0)
    lines.push(
      w.n('cli.retry.doneButChanged', r.doneButChanged, {
        rows: rowList(r.doneButChangedRows, r.doneButChanged, w),
      }),
    );
  if (r.conflicts > 0)
    lines.push(
      w.n('cli.retry.conflicts', r.conflicts, { rows: rowList(r.conflictRows, r.conflicts, w) }),
    );
  return lines;
}

/** The command line's next steps in the service's messages about a results file. */
export const CLI_WORDING: ResultsFileWording = {
  notResults:
    '--retry-from takes the results file an earlier run wrote (for suppliers.xlsx: suppliers.results.xlsx), with the rows you fixed in it. To import a supplier list, give it without --retry-from.',
  again: 'run --retry-from again',
};

export async function findRetrySource(
  journal: Journal,
  given: string,
  journalPath: string,
): Promise<RetrySource> {
  const file = path.resolve(given);
  const base = path.basename(file);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) {
    throw new CliFailure(
      'file_not_found',
      found ? 'cli.retry.fileIsFolder' : 'cli.retry.fileNotFound',
      { file: given },
      { path: file },
    );
  }
  const jobs = journal.listJobs();
  const job = await resultsJobOf(journal, file);
  if (!job) {
    throw new CliFailure(
      'not_found',
      jobs.length ? 'cli.retry.noJob' : 'cli.retry.noJobYet',
      { journal: journalPath, file: base },
      { path: file },
    );
  }

  const { hash } = await inspectFile(file);
  // Not the file's own job: a supplier list given by mistake is its job's source, and is refused
  // by the service as not a results file.
  const madeBefore = jobs.find(
    (j) =>
      j.id !== job.id && fold(path.resolve(j.sourcePath)) === fold(file) && j.sourceHash === hash,
  );
  return { file, job, madeBefore };
}

/** The connection a results file brought back is retried on: its job's. A --connection or
 *  --base-url naming another is refused; a token from the environment is kept for it. */
export async function retryConnection(
  retrySource: RetrySource,
  args: Pick<Args, 'connection' | 'baseUrl'>,
  c: {
    journal: Journal;
    core: { sandboxConnectionId: string | undefined; sandbox?: { url: string } | undefined };
    secrets: { set(connectionId: string, token: string): Promise<void> };
    tokenFromEnv: string | undefined;
    view: { log(line: string): void };
    w: Words;
  },
): Promise<string> {
  const { journal, core, secrets, tokenFromEnv, view, w } = c;
  const connectionId = retrySource.job.connectionId;
  const conn = journal.getConnection(connectionId);
  if (!conn) throw new UsageError('cli.retry.connectionGone', { job: retrySource.job.id });
  const differs = args.connection
    ? conn.name !== args.connection
    : args.baseUrl
      ? conn.isSandbox || conn.baseUrl !== args.baseUrl.replace(/\/+$/, '')
      : false;
  if (differs) {
    throw new UsageError('cli.retry.otherConnection', {
      job: retrySource.job.id,
      where: conn.isSandbox
        ? w.t('cli.retry.onSandbox')
        : w.t('cli.retry.onConnection', { name: conn.name, url: conn.baseUrl }),
      option: args.connection ? '--connection' : '--base-url',
      orGive: conn.isSandbox ? '' : w.t('cli.retry.orGive', { name: conn.name }),
    });
  }
  if (tokenFromEnv && connectionId !== core.sandboxConnectionId)
    await secrets.set(connectionId, tokenFromEnv);
  view.log(jobConnectionLine(w, journal, core, retrySource.job));
  return connectionId;
}
